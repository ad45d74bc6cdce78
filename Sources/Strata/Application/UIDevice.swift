import Foundation

/// The physical orientation of a device: UIKit's `UIDeviceOrientation`, with its raw values.
public enum UIDeviceOrientation: Int, Sendable {
    /// Not known (Strata's: a screen has no motion sensor).
    case unknown = 0
    /// Upright, the home button or bottom edge below.
    case portrait = 1
    /// Upside down.
    case portraitUpsideDown = 2
    /// On its side, the bottom edge to the right.
    case landscapeLeft = 3
    /// On its side, the bottom edge to the left.
    case landscapeRight = 4
    /// Flat, screen up.
    case faceUp = 5
    /// Flat, screen down.
    case faceDown = 6

    /// Whether the device is upright or upside down.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// Whether the device is on its side.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    /// Whether the device lies flat.
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    /// Whether an interface can take this orientation (portrait or landscape).
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
}

/// The device the program runs on: UIKit's `UIDevice`. Strata runs on Linux machines without a
/// phone's sensors or battery, and says so: the system is Linux at the kernel's version, the
/// orientation is unknown, the battery level is unknown (-1) and its state `.unknown`, and
/// proximity monitoring cannot be turned on. The interface idiom is the main screen's
/// (`UIScreen.setUserInterfaceIdiom(_:)`). Main actor.
@MainActor
open class UIDevice: NSObject {
    /// The shared device object.
    public static let current = UIDevice()

    /// The device's name: the machine's host name.
    open var name: String { ProcessInfo.processInfo.hostName }
    /// The model ("Strata").
    open var model: String { "Strata" }
    /// The model, localized ("Strata").
    open var localizedModel: String { model }
    /// The operating system ("Linux").
    open var systemName: String { "Linux" }
    /// The operating system's version: the kernel's, as `major.minor.patch`.
    open var systemVersion: String {
        let v = ProcessInfo.processInfo.operatingSystemVersion
        return "\(v.majorVersion).\(v.minorVersion).\(v.patchVersion)"
    }
    /// An identifier for this program's vendor on this machine, the same for the process's life.
    open var identifierForVendor: UUID? { Self.vendorIdentifier }
    private static let vendorIdentifier = UUID()

    /// The kind of interface: the main screen's idiom (a phone before any screen is made).
    open var userInterfaceIdiom: UIUserInterfaceIdiom { UIScreen.existingMain?.userInterfaceIdiom ?? .phone }

    /// The physical orientation: `.unknown` (no motion sensor).
    open var orientation: UIDeviceOrientation { .unknown }
    /// Whether orientation notifications are being generated (counts begin and end calls, as UIKit does).
    open var isGeneratingDeviceOrientationNotifications: Bool { orientationRequests > 0 }
    private var orientationRequests = 0
    /// Starts orientation notifications (none come: the orientation never changes).
    open func beginGeneratingDeviceOrientationNotifications() { orientationRequests += 1 }
    /// Ends a `beginGeneratingDeviceOrientationNotifications()`.
    open func endGeneratingDeviceOrientationNotifications() { orientationRequests = max(orientationRequests - 1, 0) }

    /// The battery's state: UIKit's `UIDevice.BatteryState`.
    public enum BatteryState: Int, Sendable {
        /// Not known (Strata's, always).
        case unknown = 0
        /// On battery.
        case unplugged = 1
        /// Charging.
        case charging = 2
        /// Plugged in and full.
        case full = 3
    }

    /// Whether battery monitoring is on (kept; there is no battery to read).
    open var isBatteryMonitoringEnabled = false
    /// The battery's charge, 0...1, or -1 when unknown (always: no battery is read).
    open var batteryLevel: Float { -1 }
    /// The battery's state (`.unknown`).
    open var batteryState: BatteryState { .unknown }

    /// Whether proximity monitoring is on: setting true leaves it false, as on a device without
    /// the sensor.
    open var isProximityMonitoringEnabled: Bool {
        get { false }
        set {}
    }
    /// Whether something is near the sensor (false).
    open var proximityState: Bool { false }
    /// Whether the device runs more than one program at once (true).
    open var isMultitaskingSupported: Bool { true }
    /// Plays the keyboard click (nothing: there is no speaker to drive).
    open func playInputClick() {}

    /// Posted when the orientation changes (never in Strata).
    public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")
    /// Posted when the battery state changes (never in Strata).
    public static let batteryStateDidChangeNotification = Notification.Name("UIDeviceBatteryStateDidChangeNotification")
    /// Posted when the battery level changes (never in Strata).
    public static let batteryLevelDidChangeNotification = Notification.Name("UIDeviceBatteryLevelDidChangeNotification")
    /// Posted when the proximity state changes (never in Strata).
    public static let proximityStateDidChangeNotification = Notification.Name("UIDeviceProximityStateDidChangeNotification")
}
