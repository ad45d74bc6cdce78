import Foundation
import Strata

// Paths as pictures (filled, in their bounding box) and as text (one line an element), as
// swift-snapshot-testing records them on iOS.

extension Snapshotting where Value == CGPath, Format == UIImage {
    /// A snapshot strategy comparing a path's pixels, filled even-odd; all must match.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy comparing a path's pixels: the path drawn with `drawingMode` in black
    /// into an image of its bounding box (`boundingBoxOfPath`), on a clear ground. Any thread.
    /// - Parameters:
    ///   - precision, perceptualPrecision: see `Diffing.image(precision:perceptualPrecision:scale:)`.
    ///   - scale: pixels a point.
    ///   - drawingMode: how the path is painted (even-odd fill by default).
    public static func image(
        precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat = 1, drawingMode: CGPathDrawingMode = .eoFill
    ) -> Snapshotting {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale).pullback { path in
            let format = UIGraphicsImageRendererFormat.preferred()
            format.scale = scale
            return UIGraphicsImageRenderer(bounds: path.boundingBoxOfPath, format: format).image { context in
                context.cgContext.addPath(path)
                context.cgContext.drawPath(using: drawingMode)
            }
        }
    }
}

extension Snapshotting where Value == CGPath, Format == String {
    /// A snapshot strategy comparing a path's elements as text, points with one to three
    /// decimals: `MoveTo (0.0, 0.0)`, `CurveTo (90.0, 83.284) (83.284, 90.0) (75.0, 90.0)`.
    public static var elementsDescription: Snapshotting { .elementsDescription(numberFormatter: defaultPathNumberFormatter) }

    /// A snapshot strategy comparing a path's elements as text: one line an element
    /// (`MoveTo`, `LineTo`, `QuadCurveTo`, `CurveTo`, `Close`) with its points as `(x, y)`, and
    /// an empty line before each subpath after the first. Any thread.
    /// - Parameter numberFormatter: formats each coordinate.
    public static func elementsDescription(numberFormatter: NumberFormatter) -> Snapshotting {
        let names: [CGPathElementType: String] = [
            .moveToPoint: "MoveTo", .addLineToPoint: "LineTo", .addQuadCurveToPoint: "QuadCurveTo", .addCurveToPoint: "CurveTo",
            .closeSubpath: "Close",
        ]
        let pointCounts: [CGPathElementType: Int] = [
            .moveToPoint: 1, .addLineToPoint: 1, .addQuadCurveToPoint: 2, .addCurveToPoint: 3, .closeSubpath: 0,
        ]
        let numberFormatter = FractionDigits.honoured(by: numberFormatter)
        return SimplySnapshotting.lines.pullback { path in
            var text = ""
            path.applyWithBlock { pointer in
                let element = pointer.pointee
                if element.type == .moveToPoint && !text.isEmpty { text += "\n" }
                text += names[element.type] ?? "Unknown"
                if let count = pointCounts[element.type] {
                    let points = UnsafeBufferPointer(start: element.points, count: count).map { point in
                        let x = numberFormatter.string(from: NSNumber(value: Double(point.x))) ?? "\(point.x)"
                        let y = numberFormatter.string(from: NSNumber(value: Double(point.y))) ?? "\(point.y)"
                        return "(\(x), \(y))"
                    }
                    // A close carries no points and keeps the space, as the library writes it.
                    text += " " + points.joined(separator: " ")
                }
                text += "\n"
            }
            return text
        }
    }
}

extension Snapshotting where Value == UIBezierPath, Format == UIImage {
    /// A snapshot strategy comparing a Bézier path's pixels; all must match.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy comparing a Bézier path's pixels: the path filled (`fill()`, by its
    /// `usesEvenOddFillRule`) in the current colour into an image of its `bounds`. Any thread.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat = 1) -> Snapshotting {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale).pullback { path in
            let format = UIGraphicsImageRendererFormat.preferred()
            format.scale = scale
            return UIGraphicsImageRenderer(bounds: path.bounds, format: format).image { _ in path.fill() }
        }
    }
}

extension Snapshotting where Value == UIBezierPath, Format == String {
    /// A snapshot strategy comparing a Bézier path's elements as text (see
    /// `Snapshotting<CGPath, String>.elementsDescription`).
    public static var elementsDescription: Snapshotting { Snapshotting<CGPath, String>.elementsDescription.pullback(\.cgPath) }

    /// A snapshot strategy comparing a Bézier path's elements as text, coordinates formatted by
    /// `numberFormatter`.
    public static func elementsDescription(numberFormatter: NumberFormatter) -> Snapshotting {
        Snapshotting<CGPath, String>.elementsDescription(numberFormatter: numberFormatter).pullback(\.cgPath)
    }
}

/// One to three decimals, with a point, as swift-snapshot-testing formats path coordinates.
private let defaultPathNumberFormatter: NumberFormatter = {
    let formatter = NumberFormatter()
    formatter.decimalSeparator = "."
    formatter.minimumFractionDigits = 1
    formatter.maximumFractionDigits = 3
    return formatter
}()

/// Formatters that keep their fraction digits as Apple's do.
enum FractionDigits {
    /// `formatter`, or one that writes the same numbers where swift-corelibs-foundation would not:
    /// in the plain style (`.none`) with a minimum above 0 it rounds every number to the minimum
    /// (3.75 with 1…3 digits becomes "3.8"), where Apple's keeps up to the maximum ("3.75"). Such
    /// a formatter is replaced by a copy in the decimal style without grouping, its digits and
    /// separator kept, which writes what Apple's plain one does.
    static func honoured(by formatter: NumberFormatter) -> NumberFormatter {
        guard formatter.numberStyle == .none, formatter.minimumFractionDigits > 0, let copy = formatter.copy() as? NumberFormatter else {
            return formatter
        }
        copy.numberStyle = .decimal
        copy.usesGroupingSeparator = false
        copy.minimumIntegerDigits = formatter.minimumIntegerDigits
        copy.minimumFractionDigits = formatter.minimumFractionDigits
        copy.maximumFractionDigits = formatter.maximumFractionDigits
        copy.decimalSeparator = formatter.decimalSeparator
        return copy
    }
}
