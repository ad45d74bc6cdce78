import Foundation
import StrataCore
import StrataGraphics

/// A 4×4 transform with Core Animation's layout: row vectors, `m41...m43` the translation,
/// `m34` the perspective term. A plain value.
public struct CATransform3D: Hashable, Sendable {
    /// Row 1: how x maps.
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    /// Row 2: how y maps.
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    /// Row 3: how z maps (`m34` is the perspective term).
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    /// Row 4: the translation (and w).
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// Creates a transform from its sixteen entries, row by row.
    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// A transform whose sixteen entries are all 0, as Swift's zero initialiser of Core
    /// Animation's C struct gives it on iOS (not the identity: use `CATransform3DIdentity`).
    public init() {
        self.init(m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0, m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0)
    }

    init(_ t: Transform3D) {
        self.init(
            m11: t.m11, m12: t.m12, m13: t.m13, m14: t.m14, m21: t.m21, m22: t.m22, m23: t.m23, m24: t.m24,
            m31: t.m31, m32: t.m32, m33: t.m33, m34: t.m34, m41: t.m41, m42: t.m42, m43: t.m43, m44: t.m44)
    }

    /// The same matrix as the compositor's value type.
    var core: Transform3D {
        Transform3D(
            m11: m11, m12: m12, m13: m13, m14: m14, m21: m21, m22: m22, m23: m23, m24: m24,
            m31: m31, m32: m32, m33: m33, m34: m34, m41: m41, m42: m42, m43: m43, m44: m44)
    }

    /// Whether all sixteen entries are finite.
    var isFinite: Bool { core.isFinite }
}

/// The identity transform, `[1 0 0 0; 0 1 0 0; 0 0 1 0; 0 0 0 1]`.
public let CATransform3DIdentity = CATransform3D(Transform3D.identity)

/// Whether `t` is the identity transform.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t.core.isIdentity }

/// Whether two transforms are exactly equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// A translation by (tx, ty, tz).
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D(translationX: tx, y: ty, z: tz))
}

/// A scale by (sx, sy, sz).
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D(scaleX: sx, y: sy, z: sz))
}

/// A rotation by `angle` radians about the vector (x, y, z); a zero vector gives the identity.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D(rotationAngle: angle, x: x, y: y, z: z))
}

/// `t` with a translation applied first: `translate · t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(t.core.translatedBy(x: tx, y: ty, z: tz))
}

/// `t` with a scale applied first: `scale · t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(t.core.scaledBy(x: sx, y: sy, z: sz))
}

/// `t` with a rotation applied first: `rotate · t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D(t.core.rotatedBy(angle: angle, x: x, y: y, z: z))
}

/// `a` followed by `b`: the matrix product `a · b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    CATransform3D(a.core.concatenating(b.core))
}

/// The inverse of `t`; a singular transform is returned unchanged, as Core Animation does.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    t.core.inverted.map(CATransform3D.init) ?? t
}

/// The 3D transform that does what the affine transform `m` does in the plane.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(
        m11: m.a, m12: m.b, m13: 0, m14: 0, m21: m.c, m22: m.d, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0, m41: m.tx, m42: m.ty, m43: 0, m44: 1)
}

/// Whether `t` is an affine transform in the plane (no z, no perspective).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.core.isAffine }

/// The affine part of `t` (its x/y rows and translation); meaningful when `t` is affine.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}
