import UIKit

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

    @objc func keyboardWillShow(_ notification: Notification) {}

    @objc dynamic var badgeCount = 0
    let badgePath = #keyPath(AppDelegate.badgeCount)
}

@objc protocol SettingsDelegate: AnyObject {
    func settingsDidChange()
    @objc optional func settingsWillClose()
}
