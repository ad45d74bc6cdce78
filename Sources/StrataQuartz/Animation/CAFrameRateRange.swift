import Foundation
import StrataGraphics

/// A range of frame rates a display link (or an animation) would like, in frames a second
/// (Core Animation's `CAFrameRateRange`): it is called no slower than `minimum`, no faster than
/// `maximum`, and as near `preferred` as the display allows. A plain value.
public struct CAFrameRateRange: Hashable, Sendable {
    /// The slowest acceptable rate, in frames a second.
    public var minimum: Float
    /// The fastest acceptable rate, in frames a second (0: the display's fastest).
    public var maximum: Float
    /// The rate wanted, in frames a second (nil or 0: no preference, the fastest in the range).
    public var preferred: Float?

    /// A range from `minimum` to `maximum`, preferring `preferred`.
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// No preference: the display's fastest rate (every value 0).
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)

    /// Whether the two ranges are the same (a preferred rate of nil counts as 0).
    public func isEqual(to range: CAFrameRateRange) -> Bool {
        minimum == range.minimum && maximum == range.maximum && (preferred ?? 0) == (range.preferred ?? 0)
    }

    /// Why the range is not one a display link can take, or nil: rates must be finite and at
    /// least 0, `minimum` at most `maximum`, and a `preferred` rate other than 0 between them
    /// (a `maximum` of 0 standing for the display's fastest).
    var problem: String? {
        let p = preferred ?? 0
        guard minimum.isFinite, maximum.isFinite, p.isFinite, minimum >= 0, maximum >= 0, p >= 0 else {
            return "rates must be finite and at least 0"
        }
        guard maximum == 0 || minimum <= maximum else { return "minimum \(minimum) is above maximum \(maximum)" }
        guard p == 0 || (p >= minimum && (maximum == 0 || p <= maximum)) else {
            return "preferred \(p) is outside \(minimum)...\(maximum)"
        }
        return nil
    }

    /// How many of a display's frames (at `displayRate` frames a second) pass between calls: the
    /// display's rate divided by a whole number (the consistent rates Core Animation picks), the
    /// one in the range nearest the preferred rate (else the maximum, else the display's rate),
    /// the faster of two equally near; when none lies in the range, the nearest overall.
    func frameStride(displayRate: Int) -> Int {
        let top = maximum > 0 ? min(Double(maximum), Double(displayRate)) : Double(displayRate)
        let p = Double(preferred ?? 0)
        let target = p > 0 ? p : top
        let rates = (1...max(displayRate, 1)).map { (stride: $0, rate: Double(displayRate) / Double($0)) }
        let inRange = rates.filter { $0.rate >= Double(minimum) - 1e-9 && $0.rate <= top + 1e-9 }
        let candidates = inRange.isEmpty ? rates : inRange
        // `min(by:)` keeps the first of equals: the candidates run fastest first.
        return candidates.min { abs($0.rate - target) < abs($1.rate - target) }?.stride ?? 1
    }
}
