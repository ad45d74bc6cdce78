import Foundation
import StrataCore

/// How `boundingRect(with:options:…)` measures: UIKit's `NSStringDrawingOptions`, with its raw values.
public struct NSStringDrawingOptions: OptionSet, Hashable, Sendable {
    /// The options' bits.
    public let rawValue: Int
    /// Options from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Lay the text out in lines wrapped at the given width (without it: one line).
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Count the font's leading in line heights (Strata's fonts' leading is already in them).
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Measure the glyphs' ink instead of their advances (Strata measures advances).
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// Truncate the last line that fits with an ellipsis.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// Settings and results of string drawing: UIKit's `NSStringDrawingContext` (kept for UIKit
/// code; Strata does not shrink text here).
open class NSStringDrawingContext: NSObject, @unchecked Sendable {
    /// The smallest scale the text may be drawn at (0).
    public var minimumScaleFactor: CGFloat = 0
    /// The scale the text was drawn at (1: Strata does not shrink).
    public private(set) var actualScaleFactor: CGFloat = 1
    /// The rectangle the text took in the last measurement.
    public internal(set) var totalBounds = CGRect.zero
}

// Measuring and drawing attributed strings, laid out by Pango as labels are. Sizes are
// fractional points (round up yourself, as in UIKit). Runs without a font use the system font
// at 12 points and without a colour black, as UIKit's defaults.
//
// Any thread, as in UIKit: Pango is used only under `FontSystem`'s lock, and drawing goes to
// the calling thread's current context (the current context is per thread).
extension NSAttributedString {
    /// The layout of the string: one line, or wrapped at `width` (`lines` at most, 0: any).
    func textLayout(width: CGFloat?, height: CGFloat? = nil, lines: Int, truncates: Bool = false) -> TextLayout {
        let mode: NSLineBreakMode = truncates ? .byTruncatingTail : .byWordWrapping
        return TextLayout(
            attributed: self,
            options: .init(
                font: .systemFont(ofSize: 12), alignment: .natural, lineBreakMode: width == nil ? .byClipping : mode,
                numberOfLines: lines, width: width, height: height))
    }

    /// The string's size on one line.
    public func size() -> CGSize {
        length == 0 ? .zero : textLayout(width: nil, lines: 1).size
    }

    /// The rectangle the string takes in `size`: wrapped at its width with
    /// `.usesLineFragmentOrigin`, else on one line; at the origin.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
        guard length > 0 else { return .zero }
        let wraps = options.contains(.usesLineFragmentOrigin)
        let width: CGFloat? = wraps && size.width > 0 && size.width.isFinite ? size.width : nil
        let height: CGFloat? = wraps && size.height > 0 && size.height.isFinite ? size.height : nil
        let layout = textLayout(width: width, height: height, lines: wraps ? 0 : 1, truncates: options.contains(.truncatesLastVisibleLine))
        let rect = CGRect(origin: .zero, size: layout.size)
        context?.totalBounds = rect
        return rect
    }

    /// Draws the string on one line with its top-left at `point`, in the current context.
    ///
    /// Any thread; the current context is per thread, as in UIKit.
    public func draw(at point: CGPoint) {
        guard length > 0, let context = UIGraphicsGetCurrentContext() else { return }
        textLayout(width: nil, lines: 1).draw(in: context, at: point, color: Color.black)
    }

    /// Draws the string wrapped in `rect` (the lines that fit), in the current context.
    ///
    /// Any thread; the current context is per thread, as in UIKit.
    public func draw(in rect: CGRect) {
        guard length > 0, let context = UIGraphicsGetCurrentContext() else { return }
        textLayout(width: rect.width, height: rect.height, lines: 0).draw(in: context, at: rect.origin, color: Color.black)
    }

    /// Draws the string as `boundingRect(with:options:context:)` measures it: with
    /// `.usesLineFragmentOrigin` wrapped in `rect` from its top-left corner; without it on one
    /// line whose baseline starts at `rect.origin`, as UIKit draws it.
    ///
    /// Any thread; the current context is per thread, as in UIKit.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        guard length > 0, let ctx = UIGraphicsGetCurrentContext() else { return }
        let black = Color.black
        if options.contains(.usesLineFragmentOrigin) {
            let width: CGFloat? = rect.width > 0 && rect.width.isFinite ? rect.width : nil
            let height: CGFloat? = rect.height > 0 && rect.height.isFinite ? rect.height : nil
            let layout = textLayout(width: width, height: height, lines: 0, truncates: options.contains(.truncatesLastVisibleLine))
            context?.totalBounds = CGRect(origin: rect.origin, size: layout.size)
            layout.draw(in: ctx, at: rect.origin, color: black)
        } else {
            let layout = textLayout(width: nil, lines: 1)
            let origin = CGPoint(x: rect.minX, y: rect.minY - layout.firstBaseline)
            context?.totalBounds = CGRect(origin: origin, size: layout.size)
            layout.draw(in: ctx, at: origin, color: black)
        }
    }
}

// The same for plain strings with attributes, as UIKit's NSString methods (available on `String`
// and `Substring`, which UIKit code calls through bridging).
extension StringProtocol {
    private func attributed(_ attributes: [NSAttributedString.Key: Any]?) -> NSAttributedString {
        NSAttributedString(string: String(self), attributes: attributes)
    }

    /// The string's size on one line with `attributes`.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        attributed(attributes).size()
    }

    /// The rectangle the string takes in `size` with `attributes` (see `NSAttributedString`'s).
    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
        context: NSStringDrawingContext?
    ) -> CGRect {
        attributed(attributes).boundingRect(with: size, options: options, context: context)
    }

    /// Draws the string on one line at `point` with `attributes`. Any thread.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        attributed(attributes).draw(at: point)
    }

    /// Draws the string wrapped in `rect` with `attributes`. Any thread.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        attributed(attributes).draw(in: rect)
    }

    /// Draws the string with `attributes` as `NSAttributedString.draw(with:options:context:)`
    /// does. Any thread.
    public func draw(
        with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?
    ) {
        attributed(attributes).draw(with: rect, options: options, context: context)
    }
}

// The same on `NSString`, which UIKit code written against Objective-C types calls.
extension NSString {
    /// The string's size on one line with `attributes`.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (self as String).size(withAttributes: attributes)
    }

    /// The rectangle the string takes in `size` with `attributes` (see `NSAttributedString`'s).
    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
        context: NSStringDrawingContext?
    ) -> CGRect {
        (self as String).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }

    /// Draws the string on one line at `point` with `attributes`. Any thread.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(at: point, withAttributes: attributes)
    }

    /// Draws the string wrapped in `rect` with `attributes`. Any thread.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(in: rect, withAttributes: attributes)
    }

    /// Draws the string with `attributes` as `NSAttributedString.draw(with:options:context:)`
    /// does. Any thread.
    public func draw(
        with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?
    ) {
        (self as String).draw(with: rect, options: options, attributes: attributes, context: context)
    }
}
