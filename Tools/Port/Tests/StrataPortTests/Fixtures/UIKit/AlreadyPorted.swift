import Strata

// Already written for Strata: nothing to change, so it comes out byte for byte.
final class AlreadyPortedViewController: UIViewController {
    let button = UIButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        button.addTarget(self, action: AlreadyPortedViewController.tapped, for: .touchUpInside)
        view.addSubview(button)
    }

    func tapped() {
        // "@objc" and #selector in a comment or a string are left alone: "#selector(tapped)".
        print("tapped")
    }
}
