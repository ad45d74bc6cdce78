import Foundation

// Foundation on Linux has NSAttributedString but not UIKit's attribute keys and values: they are
// defined here with UIKit's names and raw values, so attributed strings built for UIKit carry over.

extension NSAttributedString.Key {
    /// A `UIFont` (the label's or the system font at 12 points when absent, as UIKit).
    public static let font = NSAttributedString.Key("NSFont")
    /// A `UIColor` for the glyphs.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// A `UIColor` behind the glyphs.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// A number of points added after each character (`CGFloat`, `Double` or `Int`).
    public static let kern = NSAttributedString.Key("NSKern")
    /// An `NSParagraphStyle` (the first paragraph's applies to the whole text in Strata).
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// An `NSUnderlineStyle` raw value (`Int`) or `NSUnderlineStyle`.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// A `UIColor` for the underline (the text's colour when absent).
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// An `NSUnderlineStyle` raw value (`Int`) or `NSUnderlineStyle` for a line through the text.
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// A `UIColor` for the strikethrough line.
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    /// Points to raise the glyphs above the baseline (negative lowers them).
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    /// An `NSShadow` drawn under the glyphs.
    public static let shadow = NSAttributedString.Key("NSShadow")
    /// A `URL` or `String`: the text is drawn as a link (the link colour, underlined).
    public static let link = NSAttributedString.Key("NSLink")
}

/// Lines under or through text: UIKit's `NSUnderlineStyle`, with its raw values.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    /// The style's bits.
    public let rawValue: Int
    /// A style from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// One thin line.
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    /// One thick line.
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    /// Two thin lines.
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    /// Dotted (drawn solid in Strata).
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    /// Dashed (drawn solid in Strata).
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    /// Under words only (drawn under everything in Strata).
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

/// How a paragraph is laid out: UIKit's `NSParagraphStyle` (immutable; see the mutable subclass).
///
/// Strata applies the style of the text's first character to the whole text (Pango lays out a
/// block with one set of paragraph settings); `paragraphSpacing` and `paragraphSpacingBefore`
/// are kept but not laid out yet.
open class NSParagraphStyle: NSObject, @unchecked Sendable {
    /// The default style: natural alignment, no spacing or indents, word wrapping.
    public static let `default` = NSParagraphStyle()

    /// How lines line up.
    public internal(set) var alignment = NSTextAlignment.natural
    /// Extra points between lines of a paragraph.
    public internal(set) var lineSpacing: CGFloat = 0
    /// Extra points after a paragraph (kept; not laid out yet).
    public internal(set) var paragraphSpacing: CGFloat = 0
    /// Extra points before a paragraph (kept; not laid out yet).
    public internal(set) var paragraphSpacingBefore: CGFloat = 0
    /// A factor on the line height (0: none).
    public internal(set) var lineHeightMultiple: CGFloat = 0
    /// The least line height in points (0: none).
    public internal(set) var minimumLineHeight: CGFloat = 0
    /// The greatest line height in points (0: none).
    public internal(set) var maximumLineHeight: CGFloat = 0
    /// The first line's indent from the leading edge.
    public internal(set) var firstLineHeadIndent: CGFloat = 0
    /// The other lines' indent from the leading edge.
    public internal(set) var headIndent: CGFloat = 0
    /// The trailing edge: positive from the leading edge, zero or negative from the trailing edge.
    public internal(set) var tailIndent: CGFloat = 0
    /// How lines are broken (the label's mode applies to labels, as UIKit does).
    public internal(set) var lineBreakMode = NSLineBreakMode.byWordWrapping

    /// The default style.
    public override init() { super.init() }

    /// A mutable copy.
    public func mutableCopy() -> NSMutableParagraphStyle {
        let copy = NSMutableParagraphStyle()
        copy.copyValues(from: self)
        return copy
    }

    func copyValues(from other: NSParagraphStyle) {
        alignment = other.alignment
        lineSpacing = other.lineSpacing
        paragraphSpacing = other.paragraphSpacing
        paragraphSpacingBefore = other.paragraphSpacingBefore
        lineHeightMultiple = other.lineHeightMultiple
        minimumLineHeight = other.minimumLineHeight
        maximumLineHeight = other.maximumLineHeight
        firstLineHeadIndent = other.firstLineHeadIndent
        headIndent = other.headIndent
        tailIndent = other.tailIndent
        lineBreakMode = other.lineBreakMode
    }
}

/// A paragraph style whose values can be set: UIKit's `NSMutableParagraphStyle`.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    /// How lines line up.
    public override var alignment: NSTextAlignment {
        get { super.alignment }
        set { super.alignment = newValue }
    }
    /// Extra points between lines of a paragraph.
    public override var lineSpacing: CGFloat {
        get { super.lineSpacing }
        set { super.lineSpacing = newValue }
    }
    /// Extra points after a paragraph.
    public override var paragraphSpacing: CGFloat {
        get { super.paragraphSpacing }
        set { super.paragraphSpacing = newValue }
    }
    /// Extra points before a paragraph.
    public override var paragraphSpacingBefore: CGFloat {
        get { super.paragraphSpacingBefore }
        set { super.paragraphSpacingBefore = newValue }
    }
    /// A factor on the line height (0: none).
    public override var lineHeightMultiple: CGFloat {
        get { super.lineHeightMultiple }
        set { super.lineHeightMultiple = newValue }
    }
    /// The least line height in points (0: none).
    public override var minimumLineHeight: CGFloat {
        get { super.minimumLineHeight }
        set { super.minimumLineHeight = newValue }
    }
    /// The greatest line height in points (0: none).
    public override var maximumLineHeight: CGFloat {
        get { super.maximumLineHeight }
        set { super.maximumLineHeight = newValue }
    }
    /// The first line's indent.
    public override var firstLineHeadIndent: CGFloat {
        get { super.firstLineHeadIndent }
        set { super.firstLineHeadIndent = newValue }
    }
    /// The other lines' indent.
    public override var headIndent: CGFloat {
        get { super.headIndent }
        set { super.headIndent = newValue }
    }
    /// The trailing edge.
    public override var tailIndent: CGFloat {
        get { super.tailIndent }
        set { super.tailIndent = newValue }
    }
    /// How lines are broken.
    public override var lineBreakMode: NSLineBreakMode {
        get { super.lineBreakMode }
        set { super.lineBreakMode = newValue }
    }

    /// Copies every value of `other`.
    public func setParagraphStyle(_ other: NSParagraphStyle) { copyValues(from: other) }
}

/// A shadow drawn under text: UIKit's `NSShadow` (the blur radius is kept but not drawn yet).
open class NSShadow: NSObject, @unchecked Sendable {
    /// How far the shadow is moved, in points (y down).
    public var shadowOffset = CGSize.zero
    /// How blurred the shadow is: a Gaussian of standard deviation radius ÷ 2, as Core Graphics
    /// blurs (0: sharp).
    public var shadowBlurRadius: CGFloat = 0
    /// The shadow's colour (black at one third opacity when nil, as UIKit).
    public var shadowColor: UIColor?
    /// A shadow with no offset.
    public override init() { super.init() }
}
