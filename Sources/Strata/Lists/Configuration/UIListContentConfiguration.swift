import Foundation

/// The content of a list row, header or footer: an image, a text and a secondary text, each with
/// its properties, laid out as UIKit's system lists lay them out (UIKit's
/// `UIListContentConfiguration`). A value: make one with a style (`cell()`, `subtitleCell()`,
/// `valueCell()`, `groupedHeader()`…), set what to show, and give it to a cell's
/// `contentConfiguration`.
public struct UIListContentConfiguration: UIContentConfiguration, Hashable {
    /// How a text is drawn (UIKit's `UIListContentConfiguration.TextProperties`).
    public struct TextProperties: Hashable, Sendable {
        /// How the text's letters are changed before drawing.
        public enum TextTransform: Int, Sendable { case none, capitalized, lowercase, uppercase }
        /// Where the text sits across its width.
        public enum TextAlignment: Int, Sendable { case natural, center, justified }

        /// The font.
        public var font: UIFont
        /// The colour, before `colorTransformer`.
        public var color: UIColor
        /// A transformer applied to `color` (nil: none).
        public var colorTransformer: UIConfigurationColorTransformer?
        /// Where the lines sit across the text's width.
        public var alignment = TextAlignment.natural
        /// How lines wrap and truncate.
        public var lineBreakMode = NSLineBreakMode.byTruncatingTail
        /// The most lines (0: as many as needed, the default).
        public var numberOfLines = 0
        /// Whether the font shrinks to fit the width.
        public var adjustsFontSizeToFitWidth = false
        /// The smallest share of the font size it may shrink to.
        public var minimumScaleFactor: CGFloat = 0
        /// Whether letters tighten before truncating (kept).
        public var allowsDefaultTighteningForTruncation = true
        /// Whether the font follows the content size category (kept: Strata has one size).
        public var adjustsFontForContentSizeCategory = true
        /// Whether truncated text shows whole on hover (kept).
        public var showsExpansionTextWhenTruncated = false
        /// How the letters are changed before drawing (none).
        public var transform = TextTransform.none

        init(font: UIFont, color: UIColor) {
            self.font = font
            self.color = color
        }

        /// The colour drawn: `color` through `colorTransformer`.
        public func resolvedColor() -> UIColor { colorTransformer?.transform(color) ?? color }

        public static func == (a: Self, b: Self) -> Bool {
            a.font == b.font && a.color == b.color && a.alignment == b.alignment && a.lineBreakMode == b.lineBreakMode && a.numberOfLines == b.numberOfLines
                && a.transform == b.transform && a.adjustsFontSizeToFitWidth == b.adjustsFontSizeToFitWidth && a.minimumScaleFactor == b.minimumScaleFactor
        }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(font)
            hasher.combine(color)
            hasher.combine(numberOfLines)
        }

        @MainActor func apply(to label: UILabel, text: String?, attributedText: NSAttributedString?) {
            label.font = font
            label.textColor = resolvedColor()
            label.numberOfLines = numberOfLines
            label.lineBreakMode = lineBreakMode
            label.adjustsFontSizeToFitWidth = adjustsFontSizeToFitWidth
            label.minimumScaleFactor = minimumScaleFactor
            label.textAlignment = alignment == .center ? .center : (alignment == .justified ? .justified : .natural)
            if let attributedText {
                label.attributedText = attributedText
            } else {
                label.text = text.map(transformed)
            }
        }

        func transformed(_ text: String) -> String {
            switch transform {
            case .none: text
            case .capitalized: text.capitalized
            case .lowercase: text.lowercased()
            case .uppercase: text.uppercased()
            }
        }
    }

    /// How the image is drawn (UIKit's `UIListContentConfiguration.ImageProperties`).
    public struct ImageProperties: Hashable, Sendable {
        /// `reservedLayoutSize`'s value for "the system's standard size" on an axis.
        public static let standardDimension: CGFloat = -CGFloat.greatestFiniteMagnitude
        /// The colour template images are tinted with (nil: the view's tint).
        public var tintColor: UIColor?
        /// A transformer applied to the tint.
        public var tintColorTransformer: UIConfigurationColorTransformer?
        /// The image's corner radius.
        public var cornerRadius: CGFloat = 0
        /// The largest size the image is shown at (zero on an axis: no limit).
        public var maximumSize = CGSize.zero
        /// The room kept for the image even when it is smaller, so texts line up across rows
        /// (zero: none).
        public var reservedLayoutSize = CGSize.zero
        /// Whether inverted colours leave the image alone (kept).
        public var accessibilityIgnoresInvertColors = false

        /// The tint drawn: `tintColor` (or `color`) through the transformer.
        public func resolvedTintColor(for tintColor: UIColor) -> UIColor {
            let base = self.tintColor ?? tintColor
            return tintColorTransformer?.transform(base) ?? base
        }

        public static func == (a: Self, b: Self) -> Bool {
            a.tintColor == b.tintColor && a.cornerRadius == b.cornerRadius && a.maximumSize == b.maximumSize && a.reservedLayoutSize == b.reservedLayoutSize
        }
        public func hash(into hasher: inout Hasher) { hasher.combine(cornerRadius) }
    }

    /// The image shown on the leading side.
    public var image: UIImage?
    /// The main text.
    public var text: String?
    /// The main text with attributes (wins over `text`).
    public var attributedText: NSAttributedString?
    /// The secondary text.
    public var secondaryText: String?
    /// The secondary text with attributes.
    public var secondaryAttributedText: NSAttributedString?
    /// How the image is drawn.
    public var imageProperties = ImageProperties()
    /// How the text is drawn.
    public var textProperties: TextProperties
    /// How the secondary text is drawn.
    public var secondaryTextProperties: TextProperties
    /// The margins around the content. Horizontally the superview's margins win where larger
    /// (`axesPreservingSuperviewLayoutMargins`).
    public var directionalLayoutMargins: NSDirectionalEdgeInsets
    /// The axes on which the content view keeps at least its superview's layout margins.
    public var axesPreservingSuperviewLayoutMargins: UIAxis = .horizontal
    /// Whether the two texts sit side by side when they fit (value cells).
    public var prefersSideBySideTextAndSecondaryText = false
    /// The space between image and texts (16).
    public var imageToTextPadding: CGFloat = 16
    /// The space between texts side by side (8).
    public var textToSecondaryTextHorizontalPadding: CGFloat = 8
    /// The space between texts stacked (3; 0 for subtitle cells).
    public var textToSecondaryTextVerticalPadding: CGFloat = 3

    init(text: TextProperties, secondary: TextProperties, margins: NSDirectionalEdgeInsets) {
        textProperties = text
        secondaryTextProperties = secondary
        directionalLayoutMargins = margins
    }

    private static let cellMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 8)
    private static func body() -> TextProperties { TextProperties(font: .preferredFont(forTextStyle: .body), color: .label) }

    /// A list cell: body text, a caption under it.
    public static func cell() -> Self {
        Self(text: body(), secondary: TextProperties(font: .preferredFont(forTextStyle: .caption1), color: .label), margins: cellMargins)
    }

    /// A cell with a subtitle right under its text.
    public static func subtitleCell() -> Self {
        var c = cell()
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 8)
        c.textToSecondaryTextVerticalPadding = 0
        return c
    }

    /// A cell with its secondary text trailing in grey, side by side with the text.
    public static func valueCell() -> Self {
        var c = Self(text: body(), secondary: TextProperties(font: .preferredFont(forTextStyle: .body), color: .secondaryLabel), margins: cellMargins)
        c.prefersSideBySideTextAndSecondaryText = true
        c.secondaryTextProperties.numberOfLines = 1
        return c
    }

    /// A sidebar cell (smaller leading margin and image padding).
    public static func sidebarCell() -> Self {
        var c = cell()
        c.directionalLayoutMargins.leading = 8
        c.imageToTextPadding = 10
        return c
    }

    /// A sidebar cell with a subtitle.
    public static func sidebarSubtitleCell() -> Self {
        var c = subtitleCell()
        c.directionalLayoutMargins.leading = 8
        c.imageToTextPadding = 10
        return c
    }

    /// A sidebar cell beside a secondary text.
    public static func accompaniedSidebarCell() -> Self {
        var c = valueCell()
        c.directionalLayoutMargins.leading = 8
        c.imageToTextPadding = 10
        return c
    }

    /// A sidebar section header.
    public static func sidebarHeader() -> Self {
        Self(
            text: TextProperties(font: .systemFont(ofSize: 20, weight: .semibold), color: .label),
            secondary: TextProperties(font: .preferredFont(forTextStyle: .subheadline), color: .secondaryLabel),
            margins: NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8))
    }

    /// A plain list's section header: semibold subheadline in grey.
    public static func plainHeader() -> Self {
        Self(
            text: TextProperties(font: .systemFont(ofSize: 15, weight: .semibold), color: .secondaryLabel),
            secondary: TextProperties(font: .preferredFont(forTextStyle: .subheadline), color: .secondaryLabel),
            margins: NSDirectionalEdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 8))
    }

    /// A plain list's section footer.
    public static func plainFooter() -> Self { plainHeader() }

    /// A grouped list's section header: footnote in grey capitals.
    public static func groupedHeader() -> Self {
        var c = Self(
            text: TextProperties(font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel),
            secondary: TextProperties(font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel),
            margins: NSDirectionalEdgeInsets(top: 17, leading: 8, bottom: 6, trailing: 8))
        c.textProperties.transform = .uppercase
        return c
    }

    /// A grouped list's section footer: footnote in grey.
    public static func groupedFooter() -> Self {
        Self(
            text: TextProperties(font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel),
            secondary: TextProperties(font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel),
            margins: NSDirectionalEdgeInsets(top: 6, leading: 8, bottom: 12, trailing: 8))
    }

    /// An inset grouped list's prominent header: semibold title 3.
    public static func prominentInsetGroupedHeader() -> Self {
        var c = Self(
            text: TextProperties(font: .systemFont(ofSize: 20, weight: .semibold), color: .label),
            secondary: TextProperties(font: .preferredFont(forTextStyle: .subheadline), color: .secondaryLabel),
            margins: NSDirectionalEdgeInsets(top: 8, leading: 3, bottom: 11, trailing: 3))
        c.axesPreservingSuperviewLayoutMargins = []
        return c
    }

    /// An inset grouped list's extra prominent header: semibold title 2.
    public static func extraProminentInsetGroupedHeader() -> Self {
        var c = prominentInsetGroupedHeader()
        c.textProperties.font = .systemFont(ofSize: 22, weight: .semibold)
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 9, leading: 3, bottom: 10, trailing: 3)
        return c
    }

    /// A view showing this configuration.
    public func makeContentView() -> any UIView & UIContentView { UIListContentView(configuration: self) }

    /// The same configuration (the system styles' colours do not change with state in Strata's
    /// light appearance).
    public func updated(for state: any UIConfigurationState) -> Self { self }

    public nonisolated static func == (a: Self, b: Self) -> Bool {
        a.image === b.image && a.text == b.text && a.attributedText == b.attributedText && a.secondaryText == b.secondaryText
            && a.secondaryAttributedText == b.secondaryAttributedText && a.imageProperties == b.imageProperties && a.textProperties == b.textProperties
            && a.secondaryTextProperties == b.secondaryTextProperties && a.directionalLayoutMargins == b.directionalLayoutMargins
            && a.prefersSideBySideTextAndSecondaryText == b.prefersSideBySideTextAndSecondaryText && a.imageToTextPadding == b.imageToTextPadding
            && a.textToSecondaryTextHorizontalPadding == b.textToSecondaryTextHorizontalPadding
            && a.textToSecondaryTextVerticalPadding == b.textToSecondaryTextVerticalPadding
    }
    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(secondaryText)
        hasher.combine(textProperties)
    }
}
