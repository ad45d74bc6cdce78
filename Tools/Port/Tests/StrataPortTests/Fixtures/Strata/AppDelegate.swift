import Strata

@UIApplicationMain
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = UINavigationController(rootViewController: UIViewController())
        window?.makeKeyAndVisible()
        NotificationCenter.default.addObserver(
            self, selector: #selector(keyboardWillShow(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
        return true
    }

    func keyboardWillShow(_ notification: Notification) {}

    var badgeCount = 0
    let badgePath = #keyPath(AppDelegate.badgeCount)
}

protocol SettingsDelegate: AnyObject {
    func settingsDidChange()
    func settingsWillClose()
}
