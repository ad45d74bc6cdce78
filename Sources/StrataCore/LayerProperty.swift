/// One property value of a layer, as the main thread sends it to the render tree.
///
/// Names and meanings follow `CALayer`: geometry is in points of the superlayer's bounds space,
/// `anchorPoint` in unit coordinates of the layer's bounds. Typed, never `Any`.
public enum LayerProperty: Hashable, Sendable {
    /// The layer's own coordinate space: origin and size (`CALayer.bounds`).
    case bounds(Rect)
    /// Where the anchor point sits in the superlayer's bounds space (`CALayer.position`).
    case position(Point)
    /// The point of the bounds that `position` names and transforms turn about, in 0...1 units.
    case anchorPoint(Point)
    /// The layer's position on the z axis; also orders siblings, higher on top.
    case zPosition(Double)
    /// The layer's transform, applied about its anchor point.
    /// (Boxed, like `sublayerTransform`: sixteen doubles would make every property value, and
    /// every commit operation, 129 bytes.)
    indirect case transform(Transform3D)
    /// A transform applied to the sublayers about this layer's anchor point (perspective goes here).
    indirect case sublayerTransform(Transform3D)
    /// Opacity in 0...1; below 1 a layer with sublayers is composited as one picture.
    case opacity(Float)
    /// Whether the layer and its sublayers are left out of the picture.
    case isHidden(Bool)
    /// The colour that fills the bounds behind the contents; nil for none.
    case backgroundColor(Color?)
    /// Whether sublayers are clipped to the bounds (and its rounded corners).
    case masksToBounds(Bool)
    /// Whether the layer is drawn when it faces away from the viewer.
    case isDoubleSided(Bool)
    /// The radius of the rounded corners of the background, border and clip, in points.
    case cornerRadius(Double)
    /// The width of the border drawn inside the bounds, above contents and sublayers, in points.
    case borderWidth(Double)
    /// The colour of the border; nil for none.
    case borderColor(Color?)
    /// How the contents are placed in the bounds when their sizes differ.
    case contentsGravity(ContentsGravity)
    /// Pixels of contents per point, for the gravities that do not scale (`CALayer.contentsScale`).
    case contentsScale(Double)
    /// The part of the contents shown, in unit coordinates of the contents (default 0, 0, 1, 1).
    case contentsRect(Rect)
    /// The stretchable part of the contents, in unit coordinates; outside it the contents keep their
    /// size when the layer is resized (nine-part scaling; default 0, 0, 1, 1).
    case contentsCenter(Rect)

    /// A small number naming the property (its case), for fast lookups on the render thread.
    public var index: Int {
        switch self {
        case .bounds: 0
        case .position: 1
        case .anchorPoint: 2
        case .zPosition: 3
        case .transform: 4
        case .sublayerTransform: 5
        case .opacity: 6
        case .isHidden: 7
        case .backgroundColor: 8
        case .masksToBounds: 9
        case .isDoubleSided: 10
        case .cornerRadius: 11
        case .borderWidth: 12
        case .borderColor: 13
        case .contentsGravity: 14
        case .contentsScale: 15
        case .contentsRect: 16
        case .contentsCenter: 17
        }
    }

    /// The property's `CALayer` name, for messages.
    public var name: String {
        switch self {
        case .bounds: "bounds"
        case .position: "position"
        case .anchorPoint: "anchorPoint"
        case .zPosition: "zPosition"
        case .transform: "transform"
        case .sublayerTransform: "sublayerTransform"
        case .opacity: "opacity"
        case .isHidden: "isHidden"
        case .backgroundColor: "backgroundColor"
        case .masksToBounds: "masksToBounds"
        case .isDoubleSided: "isDoubleSided"
        case .cornerRadius: "cornerRadius"
        case .borderWidth: "borderWidth"
        case .borderColor: "borderColor"
        case .contentsGravity: "contentsGravity"
        case .contentsScale: "contentsScale"
        case .contentsRect: "contentsRect"
        case .contentsCenter: "contentsCenter"
        }
    }

    /// Why this value cannot be shown, or nil when it is acceptable: non-finite numbers,
    /// negative sizes, opacity or colour components outside 0...1.
    public var problem: String? {
        switch self {
        case .bounds(let r):
            if !r.isFinite { return "has a non-finite value \(r)" }
            if r.size.width < 0 || r.size.height < 0 { return "has a negative size \(r.size)" }
        case .position(let p), .anchorPoint(let p):
            if !p.isFinite { return "has a non-finite value \(p)" }
        case .zPosition(let v), .cornerRadius(let v), .borderWidth(let v):
            if !v.isFinite { return "has a non-finite value \(v)" }
            if case .zPosition = self { break }
            if v < 0 { return "is negative (\(v))" }
        case .transform(let t), .sublayerTransform(let t):
            if !t.isFinite { return "has a non-finite entry: \(t.entries)" }
        case .opacity(let v):
            if !v.isFinite || !(0...1).contains(v) { return "is \(v), outside 0...1" }
        case .backgroundColor(let c), .borderColor(let c):
            if let c, !c.isValid { return "has components outside 0...1: \(c)" }
        case .contentsScale(let v):
            if !v.isFinite || v <= 0 { return "is \(v); it must be a finite number above 0" }
        case .contentsRect(let r), .contentsCenter(let r):
            if !r.isFinite { return "has a non-finite value \(r)" }
            if r.size.width < 0 || r.size.height < 0 { return "has a negative size \(r.size)" }
        case .isHidden, .masksToBounds, .isDoubleSided, .contentsGravity:
            break
        }
        return nil
    }
}
