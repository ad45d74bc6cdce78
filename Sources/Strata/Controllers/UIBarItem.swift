import Foundation

/// What a bar shows for one of its items: UIKit's `UIBarItem`, the base of `UIBarButtonItem`
/// (navigation bars and toolbars) and `UITabBarItem` (tab bars). Main actor.
///
/// It holds what every bar item has — a title, an image, whether it is enabled, a tag, and the
/// title's text attributes per control state; the bar showing the item shows it again when one
/// of them changes. Not made directly: make one of its subclasses.
@MainActor
open class UIBarItem: NSObject {
    /// The title shown (nil by default).
    open var title: String? { didSet { barItemDidChange() } }
    /// The image shown (nil by default).
    open var image: UIImage? { didSet { barItemDidChange() } }
    /// The image for a phone in landscape (nil: `image`; kept, Strata has no landscape phone bars).
    open var landscapeImagePhone: UIImage?
    /// The image shown at accessibility text sizes (nil: `image`; kept).
    open var largeContentSizeImage: UIImage?
    /// Moves the image within its place: its frame is inset by these, in points (zero).
    open var imageInsets = UIEdgeInsets.zero { didSet { barItemDidChange() } }
    /// The insets of `landscapeImagePhone` (zero; kept).
    open var landscapeImagePhoneInsets = UIEdgeInsets.zero
    /// The insets of `largeContentSizeImage` (zero; kept).
    open var largeContentSizeImageInsets = UIEdgeInsets.zero
    /// Whether the item can be chosen (true); a disabled item is drawn dimmed.
    open var isEnabled = true { didSet { barItemDidChange() } }
    /// A number to tell items apart (0).
    open var tag = 0

    /// The title's attributes per control state, as set.
    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]

    /// Called when what the item shows changes (its bar shows it again).
    var onChange: (@MainActor () -> Void)?

    /// An item with nothing set.
    public override init() { super.init() }

    /// Sets the title's text attributes for `state` (nil removes them); `.font` and
    /// `.foregroundColor` are used by the bars.
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        titleAttributes[state.rawValue] = attributes
        barItemDidChange()
    }

    /// The title's text attributes set for `state` (nil when none were set for it).
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        titleAttributes[state.rawValue]
    }

    /// Gives `button` the title's attributes: the normal state's `.font`, and each state's
    /// `.foregroundColor` as its title colour for that state.
    func applyTitleTextAttributes(to button: UIButton) {
        if let font = titleAttributes[UIControl.State.normal.rawValue]?[.font] as? UIFont { button.titleLabel?.font = font }
        for (raw, attributes) in titleAttributes {
            if let color = attributes[.foregroundColor] as? UIColor { button.setTitleColor(color, for: UIControl.State(rawValue: raw)) }
        }
    }

    /// Something the bar shows changed.
    func barItemDidChange() { onChange?() }
}
