import Foundation
import StrataCore
import StrataGraphics

// Core Animation's shadow properties. The compositor draws a layer's shadow under it as a blurred
// copy of its shape: its rounded bounds where its background colour fills them, or the bounding
// box of its `shadowPath` (with the layer's corner radius). The shadow of contents or sublayers
// (of a layer with neither a background nor a shadow path) is not drawn yet.

extension CALayer {
    /// The shadow's colour (opaque black by default).
    public var shadowColor: CGColor? {
        get { state.shadowColor.map(CGColor.init) }
        set { set(.shadowColor, \.shadowColor, CGColor.core(newValue)) }
    }

    /// The shadow's opacity in 0...1 (0 by default: no shadow). Animatable.
    /// - Precondition: in 0...1; other values trap with the value.
    public var shadowOpacity: Float {
        get { state.shadowOpacity }
        set { set(.shadowOpacity, \.shadowOpacity, newValue) }
    }

    /// How far the shadow is moved from the layer, in points ((0, −3) by default: up 3). Animatable.
    public var shadowOffset: CGSize {
        get { CGSize(width: state.shadowOffset.x, height: state.shadowOffset.y) }
        set { set(.shadowOffset, \.shadowOffset, Point(x: Double(newValue.width), y: Double(newValue.height))) }
    }

    /// The shadow's blur radius in points (3 by default). Animatable.
    /// - Precondition: finite and at least 0; other values trap with the value.
    public var shadowRadius: CGFloat {
        get { CGFloat(state.shadowRadius) }
        set { set(.shadowRadius, \.shadowRadius, Double(newValue)) }
    }

    /// The shape of the shadow, in the layer's bounds space; nil (the default) uses the layer's
    /// own shape. Strata draws the shadow of the path's bounding box with the layer's corner
    /// radius (exact for the rectangles and rounded rectangles programs usually give), even
    /// where the layer has no background.
    public var shadowPath: CGPath? {
        get { storedShadowPath }
        set {
            storedShadowPath = newValue
            // No path: the layer's own shape (a negative width says so); an empty path: no shape.
            let shape: Rect =
                switch newValue?.boundingBox {
                case nil: Rect(x: 0, y: 0, width: -1, height: -1)
                case let box? where box.isNull || box.isInfinite: Rect(x: 0, y: 0, width: 0, height: 0)
                case let box?: box.core
                }
            set(.shadowShape, \.shadowShape, shape)
        }
    }
}
