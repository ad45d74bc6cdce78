import Foundation

/// The modifier keys held with a key press: UIKit's `UIKeyModifierFlags`, with UIKit's raw values.
public struct UIKeyModifierFlags: OptionSet, Sendable, Hashable, Codable {
    /// The raw bits (UIKit's).
    public let rawValue: Int
    /// Flags from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Caps Lock is on.
    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    /// Shift is held.
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    /// Control is held.
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    /// Option (Alt) is held.
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    /// Command is held.
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    /// The key is on the numeric keypad.
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)

    /// Every flag UIKit defines; a host's flags outside these are refused.
    public static let all: UIKeyModifierFlags = [.alphaShift, .shift, .control, .alternate, .command, .numericPad]
}

/// A key of a physical keyboard as one press reports it: UIKit's `UIKey`. Immutable.
public final class UIKey: NSObject, @unchecked Sendable {
    /// The characters the key produces with its modifiers (empty for keys that produce none,
    /// such as arrows, or when the host delivers text separately).
    public let characters: String
    /// The characters the key produces without modifiers, Shift included (`"a"` for Shift-A).
    public let charactersIgnoringModifiers: String
    /// The modifier keys held.
    public let modifierFlags: UIKeyModifierFlags
    /// The key's HID usage code.
    public let keyCode: UIKeyboardHIDUsage

    init(characters: String, charactersIgnoringModifiers: String, modifierFlags: UIKeyModifierFlags, keyCode: UIKeyboardHIDUsage) {
        (self.characters, self.charactersIgnoringModifiers, self.modifierFlags, self.keyCode) =
            (characters, charactersIgnoringModifiers, modifierFlags, keyCode)
    }

    /// Keys are equal when every property is.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIKey else { return false }
        return (characters, charactersIgnoringModifiers, modifierFlags, keyCode)
            == (other.characters, other.charactersIgnoringModifiers, other.modifierFlags, other.keyCode)
    }

    /// Hashes the key code and characters.
    public override var hash: Int { keyCode.rawValue &* 31 &+ characters.hashValue }

    /// `<UIKey: keyCode=… characters=…>`.
    public override var description: String {
        "<UIKey: keyCode=\(keyCode.rawValue) characters=\(characters.debugDescription) modifierFlags=\(modifierFlags.rawValue)>"
    }
}

/// One press of a physical button or key, followed through its phases like a touch: UIKit's
/// `UIPress`. The same object is updated from began to ended. Main actor.
@MainActor
public final class UIPress: NSObject {
    /// Where a press is in its life.
    public enum Phase: Int, Sendable {
        /// The key went down.
        case began = 0
        /// A pressure-sensitive button changed (keys never do).
        case changed = 1
        /// Held, unchanged, while other presses of the event changed.
        case stationary = 2
        /// The key was released.
        case ended = 3
        /// The system cancelled the press (the window lost the key, or the responder changed).
        case cancelled = 4
    }

    /// Which button: UIKit's `UIPress.PressType`. Keyboard arrows and page keys report their
    /// own types; every other keyboard key reports `.select`, so code looks at `key`.
    public enum PressType: Int, Sendable {
        /// The up arrow.
        case upArrow = 0
        /// The down arrow.
        case downArrow = 1
        /// The left arrow.
        case leftArrow = 2
        /// The right arrow.
        case rightArrow = 3
        /// A select button (and keys without a type of their own).
        case select = 4
        /// A menu button.
        case menu = 5
        /// A play/pause button.
        case playPause = 6
        /// Page up.
        case pageUp = 30
        /// Page down.
        case pageDown = 31
        /// The 1-2-3 button of a TV remote.
        case tvRemoteOneTwoThree = 32
        /// The four-colours button of a TV remote.
        case tvRemoteFourColors = 33
    }

    /// The press's phase now.
    public internal(set) var phase: Phase
    /// Which button.
    public let type: PressType
    /// When the press last changed, in seconds on the screen's frame clock.
    public internal(set) var timestamp: TimeInterval
    /// The window the press was delivered in.
    public internal(set) weak var window: UIWindow?
    /// The responder the press was first delivered to (the first responder then).
    public internal(set) weak var responder: UIResponder?
    /// The gesture recognizers receiving the press (none: Strata's recognizers take touches).
    public var gestureRecognizers: [UIGestureRecognizer]? { [] }
    /// How hard the button is pressed, 0...1 (keys: 1 while down, 0 when released).
    public var force: CGFloat { phase == .ended || phase == .cancelled ? 0 : 1 }
    /// The key, for a press of a keyboard key.
    public let key: UIKey?

    init(key: UIKey, phase: Phase, timestamp: TimeInterval, window: UIWindow?, responder: UIResponder?) {
        self.key = key
        self.phase = phase
        self.timestamp = timestamp
        self.window = window
        self.responder = responder
        type =
            switch key.keyCode {
            case .keyboardUpArrow: .upArrow
            case .keyboardDownArrow: .downArrow
            case .keyboardLeftArrow: .leftArrow
            case .keyboardRightArrow: .rightArrow
            case .keyboardPageUp: .pageUp
            case .keyboardPageDown: .pageDown
            default: .select
            }
    }
}

/// An event of presses: the presses that changed, with every press down at the time (UIKit's
/// `UIPressesEvent`). Main actor.
@MainActor
public final class UIPressesEvent: UIEvent {
    /// Every press down (or ending) at the time of the event.
    public let allPresses: Set<UIPress>

    init(timestamp: TimeInterval, presses: Set<UIPress>, modifierFlags: UIKeyModifierFlags) {
        allPresses = presses
        super.init(type: .presses, timestamp: timestamp, touches: [], modifierFlags: modifierFlags)
    }

    /// The presses `gesture` receives (none: Strata's gesture recognizers take touches only).
    public func presses(for gesture: UIGestureRecognizer) -> Set<UIPress> { [] }
}
