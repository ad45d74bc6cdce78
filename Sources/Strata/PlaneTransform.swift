import Foundation
import StrataCore

/// A projective map of the plane (a 3×3 homography, row vectors): how one layer's bounds space
/// lands in another's once each level is flattened, as Core Animation flattens layers.
///
/// Built from the x, y and w rows and columns of a `Transform3D` applied to points with z = 0.
struct PlaneTransform {
    var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    static let identity = PlaneTransform(m: (1, 0, 0, 0, 1, 0, 0, 0, 1))

    init(m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) { self.m = m }

    /// The plane part of `t`: points (x, y, 0, 1) in, (x, y, w) out, z dropped.
    init(_ t: Transform3D) {
        m = (t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44)
    }

    /// `self` then `other`.
    func concatenating(_ o: PlaneTransform) -> PlaneTransform {
        let a = m, b = o.m
        return PlaneTransform(m: (
            a.0 * b.0 + a.1 * b.3 + a.2 * b.6, a.0 * b.1 + a.1 * b.4 + a.2 * b.7, a.0 * b.2 + a.1 * b.5 + a.2 * b.8,
            a.3 * b.0 + a.4 * b.3 + a.5 * b.6, a.3 * b.1 + a.4 * b.4 + a.5 * b.7, a.3 * b.2 + a.4 * b.5 + a.5 * b.8,
            a.6 * b.0 + a.7 * b.3 + a.8 * b.6, a.6 * b.1 + a.7 * b.4 + a.8 * b.7, a.6 * b.2 + a.7 * b.5 + a.8 * b.8))
    }

    /// The inverse, or nil when the map squashes the plane to a line (a layer seen edge-on).
    var inverted: PlaneTransform? {
        let (a, b, c, d, e, f, g, h, i) = m
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det != 0, det.isFinite else { return nil }
        return PlaneTransform(m: (
            A / det, -(b * i - c * h) / det, (b * f - c * e) / det,
            B / det, (a * i - c * g) / det, -(a * f - c * d) / det,
            C / det, -(a * h - b * g) / det, (a * e - b * d) / det))
    }

    /// Maps a point; the perspective divide is applied.
    func apply(_ p: CGPoint) -> CGPoint {
        let x = p.x * m.0 + p.y * m.3 + m.6
        let y = p.x * m.1 + p.y * m.4 + m.7
        let w = p.x * m.2 + p.y * m.5 + m.8
        return w == 1 ? CGPoint(x: x, y: y) : CGPoint(x: x / w, y: y / w)
    }

    /// The bounding box of a rectangle's mapped corners.
    func apply(_ r: CGRect) -> CGRect {
        let s = r.standardized
        return CGRect.boundingBox(of: [
            CGPoint(x: s.minX, y: s.minY), CGPoint(x: s.maxX, y: s.minY),
            CGPoint(x: s.maxX, y: s.maxY), CGPoint(x: s.minX, y: s.maxY),
        ].map(apply))
    }
}
