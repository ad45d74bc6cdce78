// A sign-up form, written as UIKit tutorials write it: text fields with a delegate that keeps
// the name to letters and spaces, a secure password field, Return moving on, a segmented plan
// picker, a stepper for seats, and a button that confirms with an alert. What differs from iOS:
// the import, and the set-up at the end (a screen on the virtual clock, key presses and taps
// sent as the host would, frames as PNG). Writes signup-typed.png and signup-alert.png into the
// folder it is given, and prints what happened.
import Strata

final class SignUpViewController: UIViewController, UITextFieldDelegate {
    let nameField = UITextField()
    let passwordField = UITextField()
    let plan = UISegmentedControl(items: ["Free", "Pro", "Team"])
    let seats = UIStepper()
    let seatsLabel = UILabel()
    let signUp = UIButton(type: .system)
    private(set) var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        nameField.placeholder = "Name"
        nameField.borderStyle = .roundedRect
        nameField.returnKeyType = .next
        nameField.delegate = self
        passwordField.placeholder = "Password"
        passwordField.borderStyle = .roundedRect
        passwordField.isSecureTextEntry = true
        passwordField.delegate = self
        plan.selectedSegmentIndex = 0
        plan.addTarget(self, action: SignUpViewController.planChanged, for: .valueChanged)
        seats.minimumValue = 1
        seats.maximumValue = 10
        seats.value = 1
        seats.addTarget(self, action: SignUpViewController.seatsChanged, for: .valueChanged)
        seatsLabel.text = "1 seat"
        signUp.setTitle("Sign Up", for: .normal)
        signUp.addTarget(self, action: SignUpViewController.signUpTapped, for: .touchUpInside)
        let rows: [(UIView, CGFloat)] = [(nameField, 34), (passwordField, 34), (plan, 32)]
        var y: CGFloat = 40
        for (row, height) in rows {
            row.frame = CGRect(x: 20, y: y, width: 280, height: height)
            view.addSubview(row)
            y += height + 16
        }
        seatsLabel.frame = CGRect(x: 20, y: y, width: 150, height: 32)
        seats.frame = CGRect(x: 206, y: y, width: 94, height: 32)
        signUp.frame = CGRect(x: 20, y: y + 56, width: 280, height: 44)
        for control in [seatsLabel, seats, signUp] { view.addSubview(control) }
    }

    // The name takes letters and spaces only; a refused change leaves the field as it was.
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        textField !== nameField || string.allSatisfy { $0.isLetter || $0 == " " }
    }

    // Return in the name moves to the password; in the password it signs up.
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        if textField === nameField {
            passwordField.becomeFirstResponder()
        } else {
            textField.resignFirstResponder()
            signUpTapped()
        }
        return false
    }

    func planChanged(_ sender: UISegmentedControl) {
        log.append("plan \(sender.titleForSegment(at: sender.selectedSegmentIndex) ?? "")")
    }

    func seatsChanged(_ sender: UIStepper) {
        seatsLabel.text = "\(Int(sender.value)) seats"
        log.append("seats \(Int(sender.value))")
    }

    func signUpTapped() {
        let alert = UIAlertController(title: "Sign up?", message: "Welcome, \(nameField.text ?? "")", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(
            UIAlertAction(title: "OK", style: .default) { [weak self] _ in
                guard let self else { return }
                self.log.append("signed up \(self.nameField.text ?? "") with \(self.passwordField.text?.count ?? 0) characters of password")
            })
        present(alert, animated: false)
    }
}

// Strata's set-up in place of UIApplication: a screen on the virtual 60 Hz clock, a window with
// the controller as its root, the host's taps and key presses, frames written as PNG.
@main
struct SignUpProgram {
    @MainActor static var time = 0.0

    /// Presses and releases `key`, typing `characters` (the host's key callback).
    @MainActor static func press(_ window: UIWindow, _ key: UIKeyboardHIDUsage, _ characters: String = "") throws {
        time += 0.05
        try window.send(KeyInput(phase: .down, keyCode: key, characters: characters, timestamp: time))
        time += 0.05
        try window.send(KeyInput(phase: .up, keyCode: key, characters: characters, timestamp: time))
    }

    /// Taps at `point` in the window.
    @MainActor static func tap(_ window: UIWindow, _ point: CGPoint) throws {
        time += 0.05
        try window.send(TouchInput(id: 1, phase: .down, location: point, timestamp: time))
        time += 0.05
        try window.send(TouchInput(id: 1, phase: .up, location: point, timestamp: time))
    }

    @MainActor static func main() async throws {
        let out = CommandLine.arguments.dropFirst().first ?? "."
        let screen = try UIScreen(size: CGSize(width: 320, height: 400))
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        let form = SignUpViewController()
        window.rootViewController = form
        window.makeKeyAndVisible()
        _ = try await screen.renderFrame()

        // Tap the name field and type "Ada 9" (the digit is refused), then Return to the password.
        try tap(window, CGPoint(x: 100, y: 57))
        for character in "Ada 9" {
            let letter = Int(character.lowercased().unicodeScalars.first!.value) - 97
            let key = (0..<26).contains(letter) ? UIKeyboardHIDUsage(rawValue: 4 + letter)! : character == " " ? .keyboardSpacebar : .keyboard9
            try press(window, key, String(character))
        }
        try press(window, .keyboardReturnOrEnter, "\r")
        // The password comes from an input method as committed text.
        time += 0.05
        try window.send(TextInput.commit("secret", timestamp: time))
        try tap(window, CGPoint(x: 160, y: 156))  // Pro
        try tap(window, CGPoint(x: 277, y: 206))  // + (seats 2)
        try tap(window, CGPoint(x: 277, y: 206))  // + (seats 3)
        try await screen.renderFrame().image!.writePNG(to: out + "/signup-typed.png")
        try press(window, .keyboardReturnOrEnter, "\r")  // Return in the password signs up
        try await screen.renderFrame().image!.writePNG(to: out + "/signup-alert.png")
        let alert = form.presentedViewController as? UIAlertController
        print("alert: \(alert?.title ?? "none") / \(alert?.message ?? "")")
        // Return chooses the alert's default action, as on an iPad with a keyboard.
        try press(window, .keyboardReturnOrEnter, "\r")
        for _ in 0..<30 { _ = try await screen.renderFrame(readBack: false) }  // the alert fades out
        try await screen.renderFrame().image!.writePNG(to: out + "/signup-done.png")
        print("presented after Return: \(form.presentedViewController != nil)")
        print("name: \(form.nameField.text ?? ""), password: \(form.passwordField.text?.count ?? 0) characters, first responder: \(form.passwordField.isFirstResponder)")
        print("log: \(form.log.joined(separator: ", "))")
        await screen.compositor.shutdown()
    }
}
