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
    var contentsGravity = ContentsGravity.resize
    var contentsScale = 1.0
    var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1)

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
        case .contentsGravity(let v): contentsGravity = v
        case .contentsScale(let v): contentsScale = v
        case .contentsRect(let v): contentsRect = v
        case .contentsCenter(let v): contentsCenter = v
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

    /// Where the contents land in bounds space, after gravity, scale and `contentsRect`; nil without contents.
    var contentsFrame: Rect? {
        guard let texture = contents else { return nil }
        let size = Size(width: Double(texture.width) * contentsRect.width / contentsScale,
                        height: Double(texture.height) * contentsRect.height / contentsScale)
        return contentsGravity.frame(for: size, in: bounds)
    }

    /// What the layer itself can cover in bounds space: its bounds, and contents that overflow
    /// them unless it masks to its bounds.
    var drawnRect: Rect {
        guard !masksToBounds, let frame = contentsFrame else { return bounds }
        return bounds.union(frame)
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
