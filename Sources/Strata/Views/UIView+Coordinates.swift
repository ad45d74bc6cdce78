import Foundation

// Converting points and rectangles between views' bounds spaces, through their layers.

extension UIView {
    /// The layer the coordinates of `view` mean: its own, or for nil the window's (or the
    /// topmost superview's when not in a window).
    func referenceLayer(_ view: UIView?) -> CALayer {
        if let view { return view.layer }
        var top: UIView = self
        while let s = top._superview { top = s }
        return top.layer
    }

    /// Converts a point from this view's bounds to `view`'s (nil: the window's coordinates).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: referenceLayer(view))
    }

    /// Converts a point from `view`'s bounds (nil: the window's coordinates) to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: referenceLayer(view))
    }

    /// Converts a rectangle from this view's bounds to `view`'s: the bounding box of its corners.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: referenceLayer(view))
    }

    /// Converts a rectangle from `view`'s bounds to this view's: the bounding box of its corners.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: referenceLayer(view))
    }
}
