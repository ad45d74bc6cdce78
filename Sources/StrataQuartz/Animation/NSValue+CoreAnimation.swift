import Foundation
import StrataCore
import StrataGraphics

// UIKit's and Core Animation's boxing of geometry in `NSValue`, as animation values are often
// written (`animation.toValue = NSValue(cgPoint: p)`). Points, sizes and rectangles use
// Foundation's own boxes; a transform is boxed as sixteen doubles, an affine transform as six.

extension NSValue {
    /// A box holding `point` (UIKit's `NSValue(cgPoint:)`).
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// The point a `NSValue(cgPoint:)` holds.
    public var cgPointValue: CGPoint { pointValue }

    /// A box holding `size` (UIKit's `NSValue(cgSize:)`).
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// The size a `NSValue(cgSize:)` holds.
    public var cgSizeValue: CGSize { sizeValue }

    /// A box holding `rect` (UIKit's `NSValue(cgRect:)`).
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// The rectangle a `NSValue(cgRect:)` holds.
    public var cgRectValue: CGRect { rectValue }

    /// The type code of a boxed `CATransform3D`: sixteen doubles.
    static let transform3DType = "[16d]"
    /// The type code of a boxed `CGAffineTransform`: six doubles.
    static let affineTransformType = "[6d]"

    /// A box holding `t` (Core Animation's `NSValue(caTransform3D:)`).
    public convenience init(caTransform3D t: CATransform3D) {
        var entries = t.core.entries
        self.init(bytes: &entries, objCType: NSValue.transform3DType)
    }

    /// The transform a `NSValue(caTransform3D:)` holds (the identity for a box of anything else).
    public var caTransform3DValue: CATransform3D {
        guard String(cString: objCType) == NSValue.transform3DType else { return CATransform3DIdentity }
        var entries = [Double](repeating: 0, count: 16)
        entries.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return CATransform3D(Transform3D(entries: entries))
    }

    /// A box holding `t` (UIKit's `NSValue(cgAffineTransform:)`).
    public convenience init(cgAffineTransform t: CGAffineTransform) {
        var entries = [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init)
        self.init(bytes: &entries, objCType: NSValue.affineTransformType)
    }

    /// The affine transform a `NSValue(cgAffineTransform:)` holds (the identity for anything else).
    public var cgAffineTransformValue: CGAffineTransform {
        guard String(cString: objCType) == NSValue.affineTransformType else { return .identity }
        var e = [Double](repeating: 0, count: 6)
        e.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return CGAffineTransform(a: e[0], b: e[1], c: e[2], d: e[3], tx: e[4], ty: e[5])
    }

    /// What kind of geometry the box holds, by its type code.
    var boxedGeometry: BoxedGeometry? {
        switch String(cString: objCType) {
        case "{CGPoint=dd}": .point(pointValue)
        case "{CGSize=dd}": .size(sizeValue)
        case "{CGRect={CGPoint=dd}{CGSize=dd}}": .rect(rectValue)
        case NSValue.transform3DType: .transform(caTransform3DValue)
        default: nil
        }
    }

    enum BoxedGeometry {
        case point(CGPoint), size(CGSize), rect(CGRect), transform(CATransform3D)
    }
}
