// Overall design: Core Animation's layer geometry, written once for the model (frames, coordinate
// conversion, hit testing), the render thread (world matrices) and the C interface (hit testing).
// A layer's bounds space maps into its superlayer's bounds space by: the anchor point moved to the
// origin, `transform`, then out to `position` at depth `zPosition` (`localTransform`); then the
// superlayer's `sublayerTransform` about the superlayer's anchor point; then flattening into the
// superlayer's plane (z dropped, w kept for perspective). In the plane this is a 3×3 homography
// (`PlaneTransform`), which maps points exactly, perspective included.

// The accessors read for every changed layer are always inlined: a call on a class's stored
// state (a model or render layer's) copies the whole state (about 600 bytes) to pass it, where
// the inlined code reads only the fields it needs.
extension LayerState {
    /// The anchor point in the layer's own bounds space.
    @inlinable @inline(__always) public var anchorInBounds: Point {
        Point(x: bounds.origin.x + anchorPoint.x * bounds.size.width, y: bounds.origin.y + anchorPoint.y * bounds.size.height)
    }

    /// Maps the layer's bounds space into its superlayer's bounds space, before the superlayer's
    /// sublayer transform: the anchor point moved to the origin, `transform`, then out to
    /// `position` at depth `zPosition`. An untransformed layer reads no matrix.
    @inlinable @inline(__always) public var localTransform: Transform3D {
        let a = anchorInBounds
        if transformIsIdentity { return Transform3D(translationX: position.x - a.x, y: position.y - a.y, z: zPosition) }
        return transform.translated(before: (-a.x, -a.y, 0), after: (position.x, position.y, zPosition))
    }

    /// The sublayer transform applied about the anchor point (taking a sublayer's placement into
    /// this layer's bounds space); nil when it is the identity.
    @inlinable @inline(__always) public var sublayerTransformAboutAnchor: Transform3D? {
        guard !sublayerTransform.isIdentity else { return nil }
        let a = anchorInBounds
        return Transform3D(translationX: -a.x, y: -a.y).concatenating(sublayerTransform).concatenating(Transform3D(translationX: a.x, y: a.y))
    }

    /// Drops z after a layer's content is placed in its superlayer: Core Animation flattens each
    /// layer into its superlayer's plane. w is kept, so perspective survives.
    public static let flatten: Transform3D = {
        var m = Transform3D.identity
        m.m33 = 0
        return m
    }()

    /// `localTransform` followed by `parent`: the layer's bounds space to wherever `parent`
    /// leads. An untransformed layer's is `parent` translated, with no matrix product.
    @inlinable @inline(__always) public func placed(in parent: Transform3D) -> Transform3D {
        guard transformIsIdentity else { return localTransform.concatenating(parent) }
        let a = anchorInBounds
        return parent.afterTranslation(x: position.x - a.x, y: position.y - a.y, z: zPosition)
    }

    /// The parent space of the layer's sublayers, given the layer's own `world` (bounds space to
    /// wherever `world` leads): its sublayer transform about its anchor point, then flattening
    /// into its plane, then `world`.
    @inlinable @inline(__always) public func sublayerSpace(world: Transform3D) -> Transform3D {
        let flattened = Self.flatten.concatenating(world)
        return sublayerTransformAboutAnchor.map { $0.concatenating(flattened) } ?? flattened
    }

    /// The layer's bounds space to its superlayer's bounds space in the plane, given the
    /// superlayer's `sublayerTransformAboutAnchor` (nil: none, or no superlayer).
    @inlinable @inline(__always) public func planeTransform(superlayerSublayerTransform sublayer: Transform3D?) -> PlaneTransform {
        let local = localTransform
        return PlaneTransform(sublayer.map { local.concatenating($0) } ?? local)
    }

    /// `point` in the superlayer's bounds space mapped into this layer's bounds space when no
    /// transform lies between them (the common case, with no matrix work); nil otherwise (this
    /// layer has a transform, or the superlayer a sublayer transform).
    @inlinable public func pointFromSuperlayerWithoutTransforms(_ point: Point, superlayerHasSublayerTransform: Bool) -> Point? {
        guard transformIsIdentity, !superlayerHasSublayerTransform else { return nil }
        let a = anchorInBounds
        return Point(x: point.x - position.x + a.x, y: point.y - position.y + a.y)
    }

    /// The layer's rectangle in its superlayer's bounds space (`CALayer.frame`): with an identity
    /// transform, the bounds size placed so the anchor point lies on `position`; otherwise the
    /// bounding box of the transformed bounds.
    @inlinable public var frame: Rect {
        if transformIsIdentity {
            return Rect(
                x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                width: bounds.width, height: bounds.height)
        }
        return PlaneTransform(localTransform).apply(bounds)
    }

    /// The position that puts a frame's origin at `frame.origin` for a layer of `frame.size`
    /// (the anchor point's share of the size, from the origin).
    @inlinable public func position(forFrame frame: Rect) -> Point {
        Point(x: frame.minX + anchorPoint.x * frame.width, y: frame.minY + anchorPoint.y * frame.height)
    }

    /// Whether `point` (in bounds space) lies inside the bounds: at or after the minimum edges,
    /// before the maximum ones, and never inside an empty bounds.
    @inlinable public func boundsContain(_ point: Point) -> Bool {
        bounds.width > 0 && bounds.height > 0
            && point.x >= bounds.minX && point.x < bounds.maxX && point.y >= bounds.minY && point.y < bounds.maxY
    }
}

/// A projective map of the plane (a 3×3 homography, row vectors): how one layer's bounds space
/// lands in another's once each level is flattened, as Core Animation flattens layers. Built from
/// the x, y and w rows and columns of a `Transform3D` applied to points with z = 0. A plain value.
public struct PlaneTransform: Sendable {
    /// The entries row by row: (x, y, w) = (px, py, 1) × m.
    public var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    /// The map that changes nothing.
    public static let identity = PlaneTransform(m: (1, 0, 0, 0, 1, 0, 0, 0, 1))

    /// A map from its nine entries, row by row.
    @inlinable public init(m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) { self.m = m }

    /// The plane part of `t`: points (x, y, 0, 1) in, (x, y, w) out, z dropped.
    @inlinable public init(_ t: Transform3D) {
        m = (t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44)
    }

    /// `self` then `other`.
    @inlinable public func concatenating(_ o: PlaneTransform) -> PlaneTransform {
        let a = m, b = o.m
        return PlaneTransform(
            m: (
                a.0 * b.0 + a.1 * b.3 + a.2 * b.6, a.0 * b.1 + a.1 * b.4 + a.2 * b.7, a.0 * b.2 + a.1 * b.5 + a.2 * b.8,
                a.3 * b.0 + a.4 * b.3 + a.5 * b.6, a.3 * b.1 + a.4 * b.4 + a.5 * b.7, a.3 * b.2 + a.4 * b.5 + a.5 * b.8,
                a.6 * b.0 + a.7 * b.3 + a.8 * b.6, a.6 * b.1 + a.7 * b.4 + a.8 * b.7, a.6 * b.2 + a.7 * b.5 + a.8 * b.8
            ))
    }

    /// The determinant: 0 when the map squashes the plane to a line (a layer seen edge-on).
    @inlinable public var determinant: Double {
        let (a, b, c, d, e, f, g, h, i) = m
        return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    }

    /// The inverse, or nil when the map squashes the plane to a line (a layer seen edge-on).
    @inlinable public var inverted: PlaneTransform? {
        let (a, b, c, d, e, f, g, h, i) = m
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det != 0, det.isFinite else { return nil }
        return PlaneTransform(
            m: (
                A / det, -(b * i - c * h) / det, (b * f - c * e) / det,
                B / det, (a * i - c * g) / det, -(a * f - c * d) / det,
                C / det, -(a * h - b * g) / det, (a * e - b * d) / det
            ))
    }

    /// Maps a point; the perspective divide is applied.
    @inlinable public func apply(_ p: Point) -> Point {
        let x = p.x * m.0 + p.y * m.3 + m.6
        let y = p.x * m.1 + p.y * m.4 + m.7
        let w = p.x * m.2 + p.y * m.5 + m.8
        return w == 1 ? Point(x: x, y: y) : Point(x: x / w, y: y / w)
    }

    /// Maps a point, or nil where it lands at infinity (w is 0 or not finite).
    @inlinable public func map(_ p: Point) -> Point? {
        let w = p.x * m.2 + p.y * m.5 + m.8
        guard w.isFinite, abs(w) > 1e-12 else { return nil }
        return apply(p)
    }

    /// The bounding box of a rectangle's mapped corners (sizes taken as non-negative).
    @inlinable public func apply(_ r: Rect) -> Rect {
        let x0 = min(r.minX, r.maxX), x1 = max(r.minX, r.maxX), y0 = min(r.minY, r.maxY), y1 = max(r.minY, r.maxY)
        let corners = [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)].map(apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return Rect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }
}
