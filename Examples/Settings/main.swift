// A small settings screen, written as for iOS: a view controller with a title label, two
// switches, a slider and a button that presents a second controller modally. What differs from
// iOS: the import, the set-up at the end (a finger's taps and drag are an event script replayed
// on the frame clock, and frames are written as PNG), and the actions, method references where
// iOS writes #selector(...). Writes settings-start.png, settings-changed.png and
// settings-details.png into the folder it is given, and prints the settings at the end.
import Strata

final class DetailsViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemIndigo
        let label = UILabel(frame: CGRect(x: 20, y: 40, width: view.bounds.width - 40, height: 40))
        label.text = "Details"
        label.font = .boldSystemFont(ofSize: 28)
        label.textColor = .white
        label.autoresizingMask = [.flexibleWidth]
        view.addSubview(label)
    }
}

final class SettingsViewController: UIViewController {
    let wifi = UISwitch()
    let bluetooth = UISwitch()
    let brightness = UISlider()
    let detailsButton = UIButton(type: .system)
    private(set) var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
        view.backgroundColor = .systemGroupedBackground

        let heading = UILabel(frame: CGRect(x: 20, y: 30, width: 280, height: 40))
        heading.text = title
        heading.font = .boldSystemFont(ofSize: 28)
        view.addSubview(heading)

        for (row, (name, toggle)) in [("Wi-Fi", wifi), ("Bluetooth", bluetooth)].enumerated() {
            let y = 100 + CGFloat(row) * 50
            let label = UILabel(frame: CGRect(x: 20, y: y, width: 200, height: 31))
            label.text = name
            view.addSubview(label)
            toggle.frame.origin = CGPoint(x: 249, y: y)
            toggle.addTarget(self, action: SettingsViewController.switchChanged, for: .valueChanged)
            view.addSubview(toggle)
        }
        bluetooth.isOn = true

        brightness.frame = CGRect(x: 20, y: 210, width: 280, height: 34)
        brightness.value = 0.25
        brightness.addTarget(self, action: SettingsViewController.brightnessChanged, for: .valueChanged)
        view.addSubview(brightness)

        detailsButton.setTitle("Show Details", for: .normal)
        detailsButton.frame = CGRect(x: 20, y: 270, width: 280, height: 44)
        detailsButton.addTarget(self, action: SettingsViewController.showDetails, for: .touchUpInside)
        view.addSubview(detailsButton)
    }

    func switchChanged(_ sender: UISwitch) {
        log.append("\(sender === wifi ? "Wi-Fi" : "Bluetooth") \(sender.isOn ? "on" : "off")")
    }

    func brightnessChanged(_ sender: UISlider) {
        log.append("brightness \(sender.value)")
    }

    func showDetails() {
        let details = DetailsViewController()
        details.modalPresentationStyle = .fullScreen
        details.modalTransitionStyle = .crossDissolve
        present(details, animated: true)
    }
}

// Strata's set-up in place of UIApplication: a screen on the virtual 60 Hz clock, a window with
// the controller as its root, a scripted finger, frames written as PNG.
@main
struct SettingsProgram {
    @MainActor static func main() async throws {
        let out = CommandLine.arguments.dropFirst().first ?? "."
        let screen = try UIScreen(size: CGSize(width: 320, height: 480))
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        let settings = SettingsViewController()
        window.rootViewController = settings
        window.makeKeyAndVisible()
        try await screen.renderFrame().image!.writePNG(to: out + "/settings-start.png")

        // Tap Wi-Fi on, drag the brightness thumb from 0.25 to 0.75, tap the button.
        let script = try EventScript(
            text: """
                0.10  down  1  274  115
                0.15  up    1  274  115
                0.30  down  1   97  227
                0.40  move  1  160  227
                0.50  move  1  223  227
                0.55  up    1  223  227
                0.70  down  1  160  292
                0.75  up    1  160  292
                1.50  end
                """)
        try await script.replay(on: window) { index, frame in
            if index == 40, let image = frame.image { try image.writePNG(to: out + "/settings-changed.png") }
            if let image = frame.image { try image.writePNG(to: out + "/settings-details.png") }
        }
        print("log: \(settings.log.joined(separator: ", "))")
        print("Wi-Fi \(settings.wifi.isOn), Bluetooth \(settings.bluetooth.isOn), brightness \(settings.brightness.value)")
        print("presented details: \(settings.presentedViewController is DetailsViewController)")
        await screen.compositor.shutdown()
    }
}
