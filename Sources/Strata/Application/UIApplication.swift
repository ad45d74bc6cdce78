import Foundation

/// The running program as UIKit presents it: UIKit's `UIApplication`, one per process
/// (`UIApplication.shared`). Main actor.
///
/// Strata has no run loop or launch sequence of UIKit's: a program makes its `UIScreen`s and
/// `UIWindow`s itself and drives frames with `UIScreen.renderFrame()`. What this object offers is
/// the part of UIKit's that code reads and calls: the windows of every screen, the key window,
/// sending events through their windows, the delegate, and the application's settings.
@MainActor
open class UIApplication: UIResponder {
    /// The application's states (UIKit's `UIApplication.State`).
    public enum State: Int, Sendable {
        /// Running in the foreground, receiving events.
        case active
        /// In the foreground, not receiving events.
        case inactive
        /// In the background.
        case background
    }

    /// The one application object, made on first use.
    public static var shared: UIApplication {
        if let made { return made }
        let application = UIApplication()
        made = application
        return application
    }
    private static var made: UIApplication?

    /// The application's delegate (held weakly, as UIKit holds it unretained).
    public weak var delegate: (any UIApplicationDelegate)?

    /// Whether the application is in the foreground and receiving events: always `.active` in
    /// Strata, whose programs are never suspended.
    public private(set) var applicationState = State.active

    /// Whether the screen is kept from dimming while idle (kept; Strata has no idle timer).
    public var isIdleTimerDisabled = false

    /// The number shown on the application's icon (kept; Strata shows no icon).
    public var applicationIconBadgeNumber = 0

    /// The windows of every screen (shown or hidden), screen by screen in the order they were
    /// made, each screen's in the order they were shown.
    public var windows: [UIWindow] { UIScreen.screens.flatMap(\.allWindows) }

    /// The key window of the main screen (the last window made key with `makeKeyAndVisible()`),
    /// else of the first screen that has one.
    public var keyWindow: UIWindow? {
        let screens = UIScreen.screens
        let ordered = UIScreen.existingMain.map { main in [main] + screens.filter { $0 !== main } } ?? screens
        for screen in ordered {
            if let key = screen.allWindows.first(where: \.isKeyWindow) { return key }
        }
        return nil
    }

    /// The layout direction of the application's user interface (left to right: Strata's
    /// interfaces are laid out in the system's direction, which it takes as left to right).
    public var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    /// Sends `event` to the windows of its touches (each window's `sendEvent(_:)`), as UIKit's
    /// application does with every event. An event without touches (`UIEvent()`) goes nowhere.
    open func sendEvent(_ event: UIEvent) {
        var windows: [UIWindow] = []
        for touch in event.allTouches ?? [] {
            if let window = touch.window, !windows.contains(where: { $0 === window }) { windows.append(window) }
        }
        for window in windows { window.sendEvent(event) }
    }

    /// The next responder: the delegate, when it is a responder other than a view, a view
    /// controller or the application itself (as UIKit documents); else nil.
    open override var next: UIResponder? {
        guard let responder = delegate as? UIResponder, responder !== self, !(responder is UIView), !(responder is UIViewController) else { return nil }
        return responder
    }
}

/// The methods UIKit calls on an application's delegate, and its window. Strata calls none of the
/// launch and state-change methods itself (a Strata program launches by running); they exist so
/// that an app delegate written for iOS compiles, and a program may call them. Main actor.
@MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// The application's main window.
    var window: UIWindow? { get set }
    /// The launch is almost done; return false to refuse a URL it was launched for.
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    /// The application came to the foreground.
    func applicationDidBecomeActive(_ application: UIApplication)
    /// The application is about to leave the foreground.
    func applicationWillResignActive(_ application: UIApplication)
    /// The application is about to end.
    func applicationWillTerminate(_ application: UIApplication)
}

extension UIApplicationDelegate {
    /// No window unless the delegate keeps one.
    public var window: UIWindow? {
        get { nil }
        set {}
    }
    /// Returns true.
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    /// Does nothing.
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationWillResignActive(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationWillTerminate(_ application: UIApplication) {}
}

extension UIApplication {
    /// Keys of the launch options dictionary (UIKit's `UIApplication.LaunchOptionsKey`).
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        /// A key named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The URL the application was asked to open.
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
    }
}
