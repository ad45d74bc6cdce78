/// How a layer's contents are placed in its bounds when their sizes differ (`CALayer.contentsGravity`).
///
/// Names follow Core Animation; edges are named as they appear on screen in Strata's y-down
/// geometry (`.top` puts the contents against the top edge). A plain value.
public enum ContentsGravity: String, Hashable, Sendable, CaseIterable {
    /// Stretched to fill the bounds (the default).
    case resize
    /// Scaled to fit inside the bounds, keeping the aspect ratio, centred.
    case resizeAspect
    /// Scaled to cover the bounds, keeping the aspect ratio, centred; overflow is cut only by `masksToBounds`.
    case resizeAspectFill
    /// Unscaled, centred.
    case center
    /// Unscaled, against the top edge, centred horizontally.
    case top
    /// Unscaled, against the bottom edge, centred horizontally.
    case bottom
    /// Unscaled, against the left edge, centred vertically.
    case left
    /// Unscaled, against the right edge, centred vertically.
    case right
    /// Unscaled, in the top-left corner.
    case topLeft
    /// Unscaled, in the top-right corner.
    case topRight
    /// Unscaled, in the bottom-left corner.
    case bottomLeft
    /// Unscaled, in the bottom-right corner.
    case bottomRight

    /// Where contents of `contentSize` points land in `bounds`, in the same space as `bounds`.
    public func frame(for contentSize: Size, in bounds: Rect) -> Rect {
        let w = contentSize.width, h = contentSize.height
        switch self {
        case .resize:
            return bounds
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return bounds }
            let sx = bounds.width / w, sy = bounds.height / h
            let s = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let size = Size(width: w * s, height: h * s)
            return Rect(
                x: bounds.minX + (bounds.width - size.width) / 2,
                y: bounds.minY + (bounds.height - size.height) / 2,
                width: size.width, height: size.height)
        default:
            let x: Double =
                switch self {
                case .left, .topLeft, .bottomLeft: bounds.minX
                case .right, .topRight, .bottomRight: bounds.maxX - w
                default: bounds.minX + (bounds.width - w) / 2
                }
            let y: Double =
                switch self {
                case .top, .topLeft, .topRight: bounds.minY
                case .bottom, .bottomLeft, .bottomRight: bounds.maxY - h
                default: bounds.minY + (bounds.height - h) / 2
                }
            return Rect(x: x, y: y, width: w, height: h)
        }
    }
}

extension LayerState {
    /// Where contents whose shown part is `size` points (after `contentsScale` and
    /// `contentsRect`) land in bounds space: `contentsBox` when Strata placed them itself, else
    /// where `contentsGravity` puts them.
    @inlinable public func contentsFrame(forShownSize size: Size) -> Rect {
        contentsBox.width >= 0 ? contentsBox : contentsGravity.frame(for: size, in: bounds)
    }
}
