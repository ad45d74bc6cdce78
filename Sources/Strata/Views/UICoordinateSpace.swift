import Foundation

/// A coordinate system that points and rectangles convert between: UIKit's `UICoordinateSpace`.
/// Views are coordinate spaces (their bounds), and so is a screen (`UIScreen.coordinateSpace`,
/// in points with the origin at its top left; screens convert to one another unchanged). A
/// conformer of your own must convert to and from views and screens itself: theirs hand an
/// unknown space the conversion the other way round. Main actor.
@MainActor
public protocol UICoordinateSpace: AnyObject {
    /// The space's bounds, in its own coordinates.
    var bounds: CGRect { get }
    /// Converts `point` from this space to `coordinateSpace`.
    func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint
    /// Converts `point` from `coordinateSpace` to this space.
    func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint
    /// Converts `rect` from this space to `coordinateSpace` (the bounding box of its corners).
    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect
    /// Converts `rect` from `coordinateSpace` to this space (the bounding box of its corners).
    func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect
}

extension UIView: UICoordinateSpace {
    /// Converts `point` from this view's bounds to `coordinateSpace`: another view's bounds, or a
    /// screen's points.
    public func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        if let view = coordinateSpace as? UIView { return convert(point, to: view as UIView?) }
        if let screen = coordinateSpace as? UIScreen { return layer.convert(point, to: screenLayer(screen)) }
        return coordinateSpace.convert(point, from: self)
    }

    /// Converts `point` from `coordinateSpace` (another view's bounds, or a screen's points) to
    /// this view's bounds.
    public func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        if let view = coordinateSpace as? UIView { return convert(point, from: view as UIView?) }
        if let screen = coordinateSpace as? UIScreen { return layer.convert(point, from: screenLayer(screen)) }
        return coordinateSpace.convert(point, to: self)
    }

    /// Converts `rect` from this view's bounds to `coordinateSpace`.
    public func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        if let view = coordinateSpace as? UIView { return convert(rect, to: view as UIView?) }
        if let screen = coordinateSpace as? UIScreen { return layer.convert(rect, to: screenLayer(screen)) }
        return coordinateSpace.convert(rect, from: self)
    }

    /// Converts `rect` from `coordinateSpace` to this view's bounds.
    public func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        if let view = coordinateSpace as? UIView { return convert(rect, from: view as UIView?) }
        if let screen = coordinateSpace as? UIScreen { return layer.convert(rect, from: screenLayer(screen)) }
        return coordinateSpace.convert(rect, to: self)
    }

    /// The layer whose coordinates are `screen`'s points: the screen's root when this view is in
    /// a window on it; otherwise the top of this view's tree (a window's coordinates, as UIKit
    /// takes a window's to be the screen's when it is on no screen).
    private func screenLayer(_ screen: UIScreen) -> CALayer {
        window?.screen === screen ? screen.rootLayer : referenceLayer(nil)
    }
}

extension UIScreen: UICoordinateSpace {
    /// The screen's coordinate space: its points, origin at the top left (the screen itself).
    public var coordinateSpace: any UICoordinateSpace { self }

    /// The screen's fixed coordinate space; screens here do not rotate, so the same as
    /// `coordinateSpace`.
    public var fixedCoordinateSpace: any UICoordinateSpace { self }

    /// Converts `point` from the screen's points to `coordinateSpace`.
    public func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        coordinateSpace is UIScreen ? point : coordinateSpace.convert(point, from: self)
    }

    /// Converts `point` from `coordinateSpace` to the screen's points.
    public func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        coordinateSpace is UIScreen ? point : coordinateSpace.convert(point, to: self)
    }

    /// Converts `rect` from the screen's points to `coordinateSpace`.
    public func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        coordinateSpace is UIScreen ? rect : coordinateSpace.convert(rect, from: self)
    }

    /// Converts `rect` from `coordinateSpace` to the screen's points.
    public func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        coordinateSpace is UIScreen ? rect : coordinateSpace.convert(rect, to: self)
    }
}
