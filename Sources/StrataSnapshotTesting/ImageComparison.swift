import Foundation
import Strata
import StrataCore

// Overall design: two snapshots match when their pixels are byte-equal; otherwise, as
// swift-snapshot-testing defines its precisions, when at least `precision` of the pixels match,
// a pixel matching when its colour difference (CIE94 ΔE over CIE Lab, from sRGB, alpha composited
// over white) is at most (1 − `perceptualPrecision`) × 100. A perceptual precision of 0.98 to
// 0.99 stands for what an eye tells apart; it also absorbs the few levels by which GL drivers
// may round a blend differently from llvmpipe.

/// How two snapshot images compare. Any thread.
enum ImageComparison {
    /// Nil when `new` matches `reference` within the precisions; else why not.
    static func failure(reference: UIImage, new: UIImage, precision: Float, perceptualPrecision: Float) -> String? {
        guard let old = reference.cgImage?.image else { return "The reference snapshot holds no image (an empty or unreadable file); record it again." }
        guard let now = new.cgImage?.image else {
            return "The newly taken snapshot holds no image: the view's size was zero. Give it a frame or pass `size:`."
        }
        guard old.size == now.size else {
            return "Newly-taken snapshot@\(now.size.width)×\(now.size.height) pixels does not match reference@\(old.size.width)×\(old.size.height) pixels."
        }
        if old.pixels == now.pixels { return nil }
        let total = old.size.area
        let tolerance = Double(1 - perceptualPrecision) * 100
        var matching = 0
        var worst = 0.0
        old.pixels.withUnsafeBufferPointer { a in
            now.pixels.withUnsafeBufferPointer { b in
                for i in 0..<total {
                    let o = i * 4
                    if a[o] == b[o] && a[o + 1] == b[o + 1] && a[o + 2] == b[o + 2] && a[o + 3] == b[o + 3] {
                        matching += 1
                        continue
                    }
                    guard perceptualPrecision < 1 else { continue }
                    let delta = deltaE94(lab(a, o), lab(b, o))
                    worst = max(worst, delta)
                    if delta <= tolerance { matching += 1 }
                }
            }
        }
        let actual = Float(matching) / Float(total)
        if actual >= precision { return nil }
        let differing = total - matching
        if perceptualPrecision < 1 {
            return
                "Newly-taken snapshot does not match reference: \(differing) of \(total) pixels differ by more than ΔE \(tolerance) (the largest difference is ΔE \(worst)); actual image precision \(actual) is less than required \(precision)."
        }
        return "Newly-taken snapshot does not match reference: \(differing) of \(total) pixels differ; actual image precision \(actual) is less than required \(precision)."
    }

    /// The difference image: each pixel the absolute difference of the two pictures' colours,
    /// opaque (black where they agree), as UIKit's difference blend of the reference and the new
    /// snapshot; nil when the sizes differ or either is empty.
    static func difference(_ reference: UIImage, _ new: UIImage) -> UIImage? {
        guard let a = reference.cgImage?.image, let b = new.cgImage?.image, a.size == b.size else { return nil }
        var pixels = [UInt8](repeating: 255, count: a.pixels.count)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            for c in 0..<3 { pixels[i + c] = UInt8(abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c]))) }
        }
        return UIImage(cgImage: CGImage(image: RGBAImage(size: a.size, pixels: pixels)), scale: new.scale)
    }

    /// The CIE Lab colour of the premultiplied sRGB pixel at `o`, composited over white.
    private static func lab(_ p: UnsafeBufferPointer<UInt8>, _ o: Int) -> (l: Double, a: Double, b: Double) {
        let alpha = Double(p[o + 3]) / 255
        func linear(_ v: UInt8) -> Double {
            let c = Double(v) / 255 + (1 - alpha)  // premultiplied, over white
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let r = linear(p[o]), g = linear(p[o + 1]), b = linear(p[o + 2])
        // sRGB to XYZ (D65), relative to the white point.
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// CIE94 colour difference (graphic-arts weights).
    static func deltaE94(_ p: (l: Double, a: Double, b: Double), _ q: (l: Double, a: Double, b: Double)) -> Double {
        let dl = p.l - q.l
        let c1 = (p.a * p.a + p.b * p.b).squareRoot(), c2 = (q.a * q.a + q.b * q.b).squareRoot()
        let dc = c1 - c2
        let da = p.a - q.a, db = p.b - q.b
        let dh2 = max(0, da * da + db * db - dc * dc)
        let sc = 1 + 0.045 * c1, sh = 1 + 0.015 * c1
        return (dl * dl + (dc / sc) * (dc / sc) + dh2 / (sh * sh)).squareRoot()
    }
}
