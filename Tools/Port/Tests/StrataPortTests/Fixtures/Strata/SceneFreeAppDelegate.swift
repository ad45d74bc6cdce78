import Strata

class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let list = UITableViewController(style: .insetGrouped)
        list.title = "Settings"
        window.rootViewController = UINavigationController(rootViewController: list)
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}

/// The program's entry (written by `strata port` for the delegate's `@main`): Strata has no
/// launch sequence, so this makes the delegate, tells it the launch finished, and shows the
/// window it made on a screen that `strata render` renders (`RenderProgram`).
@main
@MainActor
enum AppDelegateMain {
    /// The delegate, kept for the program's life (UIApplication holds its delegate weakly).
    static var delegate: AppDelegate?

    static func main() async {
        await RenderProgram(size: CGSize(width: 390, height: 844), scale: 3, frameCount: 120) { _ in
            let delegate = AppDelegate()
            AppDelegateMain.delegate = delegate
            UIApplication.shared.delegate = delegate
            _ = delegate.application(UIApplication.shared, didFinishLaunchingWithOptions: nil)
            guard let window = delegate.window else {
                preconditionFailure("AppDelegate made no window in application(_:didFinishLaunchingWithOptions:); Strata has no scenes: make it there")
            }
            return window
        }.main()
    }
}
