/// A 4×4 homogeneous transform with Core Animation's `CATransform3D` layout and semantics.
///
/// Points are row vectors multiplied on the left, `p' = p × M`, so `m41, m42, m43` hold a
/// translation and `m34 = -1/d` gives a perspective seen from distance `d`. `a.concatenating(b)`
/// applies `a` first, then `b` (`CATransform3DConcat(a, b)`). A plain value: safe to share.
public struct Transform3D: Hashable, Sendable {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    // The hot operations are @inlinable: the render thread calls them for every changed layer
    // every frame, from another module.

    /// Creates a transform from its sixteen entries, row by row.
    @inlinable public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// The identity transform (`CATransform3DIdentity`).
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    /// A translation by `(tx, ty, tz)` (`CATransform3DMakeTranslation`).
    @inlinable public init(translationX tx: Double, y ty: Double, z tz: Double = 0) {
        self.init(
            m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0, m41: tx, m42: ty, m43: tz, m44: 1)
    }

    /// A scale by `(sx, sy, sz)` (`CATransform3DMakeScale`).
    public init(scaleX sx: Double, y sy: Double, z sz: Double = 1) {
        self = .identity
        (m11, m22, m33) = (sx, sy, sz)
    }

    /// A rotation by `angle` radians about the axis `(x, y, z)` (`CATransform3DMakeRotation`).
    ///
    /// In a y-down space a positive angle about the z axis turns clockwise on screen, as in UIKit.
    /// A zero-length axis gives the identity, as Core Animation does.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else {
            self = .identity
            return
        }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), t = 1 - c
        self.init(
            m11: c + ux * ux * t, m12: ux * uy * t + uz * s, m13: ux * uz * t - uy * s, m14: 0,
            m21: ux * uy * t - uz * s, m22: c + uy * uy * t, m23: uy * uz * t + ux * s, m24: 0,
            m31: ux * uz * t + uy * s, m32: uy * uz * t - ux * s, m33: c + uz * uz * t, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// Whether this is exactly the identity (`CATransform3DIsIdentity`).
    @inlinable public var isIdentity: Bool {
        m11 == 1 && m12 == 0 && m13 == 0 && m14 == 0 && m21 == 0 && m22 == 1 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m41 == 0 && m42 == 0 && m43 == 0 && m44 == 1
    }

    /// Whether the transform maps the z = 0 plane by a 2D affine transform and has no perspective
    /// (`CATransform3DIsAffine`).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1
            && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// Whether all sixteen entries are finite.
    public var isFinite: Bool { entries.allSatisfy(\.isFinite) }

    /// The sixteen entries row by row (`m11, m12, …, m44`), which is also the column-major
    /// layout a GLSL `mat4` expects for `M * v` with column vectors.
    public var entries: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// `self` followed by `other` (`CATransform3DConcat(self, other)`): the matrix product `self × other`.
    @inlinable public func concatenating(_ other: Transform3D) -> Transform3D {
        let a = self, b = other
        return Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// A translation by `before`, then `self`, then a translation by `after` (each `(x, y, z)`),
    /// without two general matrix products: a layer's transform about its anchor point, placed.
    @inlinable public func translated(before b: (Double, Double, Double), after t: (Double, Double, Double)) -> Transform3D {
        // Row-vector convention: T(b)·M changes only the last row (b's combination of the rows
        // above, plus it); ·T(t) adds each row's w column times t to its x, y, z columns.
        var m = self
        m.m41 += b.0 * m11 + b.1 * m21 + b.2 * m31
        m.m42 += b.0 * m12 + b.1 * m22 + b.2 * m32
        m.m43 += b.0 * m13 + b.1 * m23 + b.2 * m33
        m.m44 += b.0 * m14 + b.1 * m24 + b.2 * m34
        (m.m11, m.m12, m.m13) = (m.m11 + m.m14 * t.0, m.m12 + m.m14 * t.1, m.m13 + m.m14 * t.2)
        (m.m21, m.m22, m.m23) = (m.m21 + m.m24 * t.0, m.m22 + m.m24 * t.1, m.m23 + m.m24 * t.2)
        (m.m31, m.m32, m.m33) = (m.m31 + m.m34 * t.0, m.m32 + m.m34 * t.1, m.m33 + m.m34 * t.2)
        (m.m41, m.m42, m.m43) = (m.m41 + m.m44 * t.0, m.m42 + m.m44 * t.1, m.m43 + m.m44 * t.2)
        return m
    }

    /// A translation followed by `self` (`CATransform3DTranslate(self, tx, ty, tz)`).
    public func translatedBy(x tx: Double, y ty: Double, z tz: Double = 0) -> Transform3D {
        Transform3D(translationX: tx, y: ty, z: tz).concatenating(self)
    }

    /// A scale followed by `self` (`CATransform3DScale(self, sx, sy, sz)`).
    public func scaledBy(x sx: Double, y sy: Double, z sz: Double = 1) -> Transform3D {
        Transform3D(scaleX: sx, y: sy, z: sz).concatenating(self)
    }

    /// A rotation followed by `self` (`CATransform3DRotate(self, angle, x, y, z)`).
    public func rotatedBy(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// A translation by (x, y, z) followed by `self`, as
    /// `Transform3D(translationX: x, y: y, z: z).concatenating(self)` gives it (the same
    /// arithmetic for the row that changes), without multiplying out the rows a translation keeps:
    /// where an untransformed layer lands in its parent's space, for every changed layer.
    @inlinable public func afterTranslation(x: Double, y: Double, z: Double) -> Transform3D {
        var r = self
        r.m41 = x * m11 + y * m21 + z * m31 + m41
        r.m42 = x * m12 + y * m22 + z * m32 + m42
        r.m43 = x * m13 + y * m23 + z * m33 + m43
        r.m44 = x * m14 + y * m24 + z * m34 + m44
        return r
    }

    /// Maps a homogeneous point `(x, y, z, w)` through the transform, without dividing by w.
    @inlinable public func apply(x: Double, y: Double, z: Double = 0, w: Double = 1) -> (x: Double, y: Double, z: Double, w: Double) {
        (
            x * m11 + y * m21 + z * m31 + w * m41,
            x * m12 + y * m22 + z * m32 + w * m42,
            x * m13 + y * m23 + z * m33 + w * m43,
            x * m14 + y * m24 + z * m34 + w * m44
        )
    }

    /// Maps a point of the z = 0 plane and divides by w; nil where w is not positive
    /// (the point lies behind the viewer of a perspective).
    @inlinable public func project(_ p: Point) -> Point? {
        let r = apply(x: p.x, y: p.y)
        // A 2D map of a finite point has w exactly 1: the same point without the divisions
        // (this runs for four corners of every changed layer).
        if m14 == 0, m24 == 0, m44 == 1, p.x.isFinite, p.y.isFinite { return Point(x: r.x, y: r.y) }
        guard r.w > 0 else { return nil }
        return Point(x: r.x / r.w, y: r.y / r.w)
    }

    /// The inverse transform (`CATransform3DInvert`), or nil when the matrix is singular.
    public var inverted: Transform3D? {
        var a = entries
        var inv = Transform3D.identity.entries
        // Gauss-Jordan elimination with partial pivoting on the 4×4 matrix.
        for col in 0..<4 {
            var pivot = col
            for row in col + 1..<4 where abs(a[row * 4 + col]) > abs(a[pivot * 4 + col]) { pivot = row }
            guard abs(a[pivot * 4 + col]) > 1e-12 else { return nil }
            if pivot != col {
                for k in 0..<4 {
                    a.swapAt(col * 4 + k, pivot * 4 + k)
                    inv.swapAt(col * 4 + k, pivot * 4 + k)
                }
            }
            let d = a[col * 4 + col]
            for k in 0..<4 {
                a[col * 4 + k] /= d
                inv[col * 4 + k] /= d
            }
            for row in 0..<4 where row != col {
                let f = a[row * 4 + col]
                guard f != 0 else { continue }
                for k in 0..<4 {
                    a[row * 4 + k] -= f * a[col * 4 + k]
                    inv[row * 4 + k] -= f * inv[col * 4 + k]
                }
            }
        }
        return Transform3D(entries: inv)
    }

    /// Creates a transform from sixteen entries row by row; traps unless there are exactly sixteen.
    public init(entries e: [Double]) {
        precondition(e.count == 16, "Transform3D needs 16 entries, got \(e.count)")
        self.init(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
            m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
