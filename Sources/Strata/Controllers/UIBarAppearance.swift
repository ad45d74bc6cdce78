import Foundation

/// How a bar looks: its background and shadow (UIKit's `UIBarAppearance`, iOS 13). Configure
/// one and give it to a bar's `standardAppearance`. Main actor.
@MainActor
open class UIBarAppearance: NSObject {
    /// The background colour; nil shows the bar's default (a light grey where UIKit shows a
    /// blurred material, which Strata draws opaque).
    open var backgroundColor: UIColor?
    /// An image drawn over the background colour (kept).
    open var backgroundImage: UIImage?
    /// The colour of the hairline at the bar's edge; nil or clear hides it.
    open var shadowColor: UIColor?
    /// An image for the hairline (kept).
    open var shadowImage: UIImage?

    /// An appearance with the default background and shadow.
    public override init() {
        super.init()
        configureWithDefaultBackground()
    }

    /// A copy of `barAppearance`'s background and shadow.
    public init(barAppearance: UIBarAppearance) {
        super.init()
        copyBar(from: barAppearance)
    }

    func copyBar(from other: UIBarAppearance) {
        (backgroundColor, backgroundImage, shadowColor, shadowImage) =
            (other.backgroundColor, other.backgroundImage, other.shadowColor, other.shadowImage)
    }

    /// The system's translucent look: no colour of its own, the default hairline.
    open func configureWithDefaultBackground() {
        backgroundColor = nil
        backgroundImage = nil
        shadowColor = UIColor(white: 0, alpha: 0.3)
    }

    /// An opaque background in the system background colour, with the hairline.
    open func configureWithOpaqueBackground() {
        backgroundColor = .systemBackground
        backgroundImage = nil
        shadowColor = UIColor(white: 0, alpha: 0.3)
    }

    /// No background and no hairline: the content shows through.
    open func configureWithTransparentBackground() {
        backgroundColor = .clear
        backgroundImage = nil
        shadowColor = nil
    }
}

/// How a navigation bar looks: background, hairline and title attributes (UIKit's
/// `UINavigationBarAppearance`). Main actor.
@MainActor
open class UINavigationBarAppearance: UIBarAppearance {
    /// The standard title's attributes (`.font`, `.foregroundColor` are drawn).
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// The large title's attributes (`.font`, `.foregroundColor` are drawn; they win over the
    /// bar's `largeTitleTextAttributes`).
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// How far the title moves from its place.
    open var titlePositionAdjustment = UIOffset.zero

    /// An appearance with the default background, hairline and title.
    public override init() { super.init() }

    /// A copy of `barAppearance` (its title attributes too, when it is a navigation bar's).
    public override init(barAppearance: UIBarAppearance) {
        super.init(barAppearance: barAppearance)
        if let other = barAppearance as? UINavigationBarAppearance {
            (titleTextAttributes, largeTitleTextAttributes, titlePositionAdjustment) =
                (other.titleTextAttributes, other.largeTitleTextAttributes, other.titlePositionAdjustment)
        }
    }

    /// A copy of this appearance.
    open func copy() -> UINavigationBarAppearance { UINavigationBarAppearance(barAppearance: self) }
}
