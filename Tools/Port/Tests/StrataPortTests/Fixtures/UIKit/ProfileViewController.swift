import UIKit

/// A profile screen built in code: a name, a follow button, a pan to dismiss.
final class ProfileViewController: UIViewController {
    private let nameLabel = UILabel()
    private let followButton = UIButton(type: .system)
    private var following = false

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        nameLabel.text = "Ada Lovelace"
        nameLabel.frame = CGRect(x: 20, y: 100, width: 280, height: 30)
        view.addSubview(nameLabel)

        followButton.setTitle("Follow", for: .normal)
        followButton.frame = CGRect(x: 20, y: 140, width: 120, height: 44)
        followButton.addTarget(self, action: #selector(followTapped(_:)), for: .touchUpInside)
        view.addSubview(followButton)

        let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        view.addGestureRecognizer(pan)
        let tap = UITapGestureRecognizer(target: self, action: #selector(self.dismissKeyboard))
        view.addGestureRecognizer(tap)

        navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .done, target: self, action: #selector(ProfileViewController.done))
    }

    @objc private func followTapped(_ sender: UIButton) {
        following.toggle()
        sender.setTitle(following ? "Following" : "Follow", for: .normal)
    }

    @objc func handlePan(_ recognizer: UIPanGestureRecognizer) {
        let translation = recognizer.translation(in: view)
        view.transform = CGAffineTransform(translationX: 0, y: max(0, translation.y))
    }

    @objc
    func dismissKeyboard() {
        view.endEditing(true)
    }

    @IBAction func done() {
        dismiss(animated: true)
    }
}
