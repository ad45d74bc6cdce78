import Foundation

/// The base of UIKit's haptic feedback generators (`UIFeedbackGenerator`). Main actor.
///
/// Strata runs where there is no Taptic Engine: every generator accepts its calls and does
/// nothing, as UIKit does on devices without haptics ("on unsupported devices … these methods
/// have no effect").
@MainActor
open class UIFeedbackGenerator {
    /// A generator.
    public init() {}

    /// Readies the haptics for a call soon after: nothing on Strata.
    open func prepare() {}
}

/// Haptics for a collision or a snap into place: UIKit's `UIImpactFeedbackGenerator`; does
/// nothing on Strata (see `UIFeedbackGenerator`).
@MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    /// How heavy the impact feels.
    public enum FeedbackStyle: Int, Sendable {
        case light, medium, heavy, soft, rigid
    }

    /// The style the generator was made with.
    public let style: FeedbackStyle

    /// A generator of `style` impacts.
    public init(style: FeedbackStyle) {
        self.style = style
        super.init()
    }

    /// A generator of medium impacts.
    public override convenience init() { self.init(style: .medium) }

    /// Plays an impact: nothing on Strata.
    open func impactOccurred() {}

    /// Plays an impact at `intensity` (0 … 1): nothing on Strata.
    open func impactOccurred(intensity: CGFloat) {}
}

/// Haptics for a change of selection: UIKit's `UISelectionFeedbackGenerator`; does nothing on
/// Strata (see `UIFeedbackGenerator`).
@MainActor
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    /// Plays a selection change: nothing on Strata.
    open func selectionChanged() {}
}

/// Haptics for success, warning or failure: UIKit's `UINotificationFeedbackGenerator`; does
/// nothing on Strata (see `UIFeedbackGenerator`).
@MainActor
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    /// The kind of outcome.
    public enum FeedbackType: Int, Sendable {
        case success, warning, error
    }

    /// Plays the haptic for `notificationType`: nothing on Strata.
    open func notificationOccurred(_ notificationType: FeedbackType) {}
}
