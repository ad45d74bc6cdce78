import Foundation

/// The edges a button's image can sit on: UIKit's `NSDirectionalRectEdge`.
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    /// The edges as bits.
    public let rawValue: UInt
    /// Edges from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

extension UIButton {
    /// How a button looks, as a value (iOS 15's `UIButton.Configuration`): a style's colours and
    /// corners, a title and subtitle, an image with its placement and padding, content insets.
    ///
    /// Strata's values for the medium size: title 17 points (subtitle 15), content insets 7 points
    /// above and below and 12 at the sides, dynamic corners of 8 points; `.plain()` draws the
    /// title in the tint colour on nothing, `.tinted()` on the tint colour at 15 % opacity,
    /// `.gray()` on system grey 5, `.filled()` in white on the tint colour. A disabled button's
    /// content is system grey.
    public struct Configuration: Hashable, Sendable {
        /// The look a configuration starts from.
        public enum Style: Hashable, Sendable { case plain, tinted, gray, filled }
        /// How rounded the background's corners are.
        public enum CornerStyle: Hashable, Sendable { case fixed, dynamic, small, medium, large, capsule }
        /// The button's size class: its fonts and insets.
        public enum Size: Hashable, Sendable { case mini, small, medium, large }

        /// The style the configuration was made from.
        public let style: Style
        /// The title.
        public var title: String?
        /// A second line under the title.
        public var subtitle: String?
        /// The image.
        public var image: UIImage?
        /// Which side of the title the image sits on (`.leading`).
        public var imagePlacement = NSDirectionalRectEdge.leading
        /// Space between the image and the title (0).
        public var imagePadding: CGFloat = 0
        /// Space between the title and the subtitle (0).
        public var titlePadding: CGFloat = 0
        /// Space around the content (7 above and below, 12 at the sides).
        public var contentInsets = NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
        /// The colour of the title, subtitle and image (nil: the style's).
        public var baseForegroundColor: UIColor?
        /// The colour of the background (nil: the style's).
        public var baseBackgroundColor: UIColor?
        /// How rounded the background is (`.dynamic`).
        public var cornerStyle = CornerStyle.dynamic
        /// The size class (`.medium`).
        public var buttonSize = Size.medium
        /// Whether a spinning activity indicator takes the image's place (iOS 15; for a button
        /// whose action is under way).
        public var showsActivityIndicator = false

        init(style: Style) { self.style = style }

        /// A button with no background: tint-coloured content.
        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// Tint-coloured content on a faint tint background.
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// Tint-coloured content on a grey background.
        public static func gray() -> Configuration { Configuration(style: .gray) }
        /// White content on a tint-coloured background.
        public static func filled() -> Configuration { Configuration(style: .filled) }
        /// `.plain()`.
        public static func borderless() -> Configuration { plain() }
        /// `.gray()`.
        public static func bordered() -> Configuration { gray() }
        /// `.tinted()`.
        public static func borderedTinted() -> Configuration { tinted() }
        /// `.filled()`.
        public static func borderedProminent() -> Configuration { filled() }

        public static func == (a: Configuration, b: Configuration) -> Bool {
            a.style == b.style && a.title == b.title && a.subtitle == b.subtitle && a.image === b.image && a.imagePlacement == b.imagePlacement
                && a.imagePadding == b.imagePadding && a.titlePadding == b.titlePadding && a.contentInsets == b.contentInsets
                && a.baseForegroundColor == b.baseForegroundColor && a.baseBackgroundColor == b.baseBackgroundColor
                && a.cornerStyle == b.cornerStyle && a.buttonSize == b.buttonSize && a.showsActivityIndicator == b.showsActivityIndicator
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(style)
            hasher.combine(title)
            hasher.combine(subtitle)
        }

        /// The title's font size for the size class.
        var titleSize: CGFloat {
            switch buttonSize {
            case .mini: 12
            case .small: 15
            case .medium, .large: 17
            }
        }

        /// The corner radius for a button `height` points high.
        func cornerRadius(height: CGFloat) -> CGFloat {
            switch cornerStyle {
            case .fixed: 0
            case .small: 4
            case .dynamic, .medium: 8
            case .large: 12
            case .capsule: height / 2
            }
        }
    }

    /// A button of `.system` type showing `configuration`, performing `primaryAction` when tapped.
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system, primaryAction: primaryAction)
        self.configuration = configuration
        setNeedsUpdateConfiguration()  // property observers do not run inside an initializer
    }

    /// Runs `configurationUpdateHandler` (it may change `configuration`) and shows the result.
    public func setNeedsUpdateConfiguration() {
        updateConfiguration()
    }

    /// The foreground the configuration shows in the current state.
    func configurationForeground(_ c: Configuration) -> UIColor {
        if !isEnabled { return .systemGray }
        if let color = c.baseForegroundColor { return color }
        return c.style == .filled ? .white : tintColor
    }

    /// The background the configuration shows in the current state.
    func configurationBackground(_ c: Configuration) -> UIColor? {
        if !isEnabled { return c.style == .plain ? nil : .systemGray5 }
        if let color = c.baseBackgroundColor { return color }
        switch c.style {
        case .plain: return nil
        case .tinted: return tintColor.withAlphaComponent(0.15)
        case .gray: return .systemGray5
        case .filled: return tintColor
        }
    }
}
