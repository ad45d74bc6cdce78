import StrataCore
import StrataGL

/// One layer of the render tree: the render thread's copy of a `CALayer`'s state.
///
/// Render thread only; changed by `RenderTree` when it applies commits, never by anyone else.
final class RenderLayer {
    let id: LayerID
    weak var superlayer: RenderLayer?
    var sublayers: [RenderLayer] = []

    // Core Animation's defaults.
    var bounds = Rect.zero
    var position = Point.zero
    var anchorPoint = Point(x: 0.5, y: 0.5)
    var zPosition = 0.0
    var transform = Transform3D.identity
    var sublayerTransform = Transform3D.identity
    var opacity: Float = 1
    var isHidden = false
    var backgroundColor: Color?
    var masksToBounds = false
    var isDoubleSided = true
    var cornerRadius = 0.0
    var borderWidth = 0.0
    var borderColor: Color? = .black

    /// The backing texture holding the layer's contents, or nil for none.
    var contents: GLTexture?

    init(id: LayerID) {
        self.id = id
    }

    /// Stores one property value.
    func apply(_ property: LayerProperty) {
        switch property {
        case .bounds(let v): bounds = v
        case .position(let v): position = v
        case .anchorPoint(let v): anchorPoint = v
        case .zPosition(let v): zPosition = v
        case .transform(let v): transform = v
        case .sublayerTransform(let v): sublayerTransform = v
        case .opacity(let v): opacity = v
        case .isHidden(let v): isHidden = v
        case .backgroundColor(let v): backgroundColor = v
        case .masksToBounds(let v): masksToBounds = v
        case .isDoubleSided(let v): isDoubleSided = v
        case .cornerRadius(let v): cornerRadius = v
        case .borderWidth(let v): borderWidth = v
        case .borderColor(let v): borderColor = v
        }
    }

    /// The anchor point in the layer's own bounds space.
    var anchorInBounds: Point {
        Point(x: bounds.origin.x + anchorPoint.x * bounds.size.width,
              y: bounds.origin.y + anchorPoint.y * bounds.size.height)
    }

    /// Maps the layer's bounds space into its superlayer's bounds space, before the superlayer's
    /// sublayer transform: move the anchor point to the origin, apply `transform`, then move it to
    /// `position` (at depth `zPosition`).
    var localTransform: Transform3D {
        let a = anchorInBounds
        var m = Transform3D(translationX: -a.x, y: -a.y)
        if !transform.isIdentity { m = m.concatenating(transform) }
        return m.concatenating(Transform3D(translationX: position.x, y: position.y, z: zPosition))
    }

    /// The sublayer transform applied about this layer's anchor point, taking a sublayer's
    /// placement into this layer's bounds space.
    var sublayerTransformAboutAnchor: Transform3D? {
        guard !sublayerTransform.isIdentity else { return nil }
        let a = anchorInBounds
        return Transform3D(translationX: -a.x, y: -a.y)
            .concatenating(sublayerTransform)
            .concatenating(Transform3D(translationX: a.x, y: a.y))
    }

    /// Sublayers in drawing order: by `zPosition`, then by their order in `sublayers` (stable).
    var sublayersInDrawingOrder: [RenderLayer] {
        guard sublayers.contains(where: { $0.zPosition != 0 }) else { return sublayers }
        return sublayers.enumerated().sorted {
            $0.element.zPosition != $1.element.zPosition ? $0.element.zPosition < $1.element.zPosition : $0.offset < $1.offset
        }.map(\.element)
    }

    /// Whether the layer fills its bounds with a background colour or contents.
    var hasFill: Bool {
        (backgroundColor.map { $0.alpha > 0 } ?? false) || contents != nil
    }

    var hasBorder: Bool { borderWidth > 0 && (borderColor.map { $0.alpha > 0 } ?? false) }

    /// Whether `candidate` is this layer or one of its ancestors.
    func hasAncestorOrSelf(_ candidate: RenderLayer) -> Bool {
        var layer: RenderLayer? = self
        while let current = layer {
            if current === candidate { return true }
            layer = current.superlayer
        }
        return false
    }
}
