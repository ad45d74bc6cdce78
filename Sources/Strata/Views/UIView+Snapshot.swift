import Foundation

extension UIView {
    /// Draws a snapshot of the view and its subviews as the screen shows them (animations in
    /// flight included) into the current context, scaled into `rect` (UIKit's
    /// `drawHierarchy(in:afterScreenUpdates:)`). Returns false when there is no current context.
    /// Main actor.
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        drawHierarchy(in: rect, afterScreenUpdates: afterUpdates, ownOpacity: true)
    }

    /// `drawHierarchy(in:afterScreenUpdates:)`, with the view's own alpha left out unless
    /// `ownOpacity`. What the screen shows (animations in flight included), as UIKit snapshots.
    func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool, ownOpacity: Bool) -> Bool {
        guard let ctx = UIGraphicsGetCurrentContext() else { return false }
        if afterUpdates { layoutIfNeeded() }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.translateBy(x: rect.minX, y: rect.minY)
        if bounds.width > 0, bounds.height > 0 { ctx.scaleBy(x: rect.width / bounds.width, y: rect.height / bounds.height) }
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        layer.displayIfNeeded()
        layer.renderTree(in: ctx, shown: true, ownOpacity: ownOpacity)
        return true
    }

    /// A new view showing a picture of this one as it is now (UIKit's
    /// `snapshotView(afterScreenUpdates:)`): the view and its subviews drawn at the screen's
    /// scale into an image that is the new view's layer's contents, at the view's bounds size.
    /// Main actor.
    public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        snapshotView(afterScreenUpdates: afterUpdates, ownOpacity: true)
    }

    /// `snapshotView(afterScreenUpdates:)`, with the view's own alpha left out unless `ownOpacity`
    /// (a picture laid inside the view itself, which applies its alpha again).
    func snapshotView(afterScreenUpdates afterUpdates: Bool, ownOpacity: Bool) -> UIView? {
        if afterUpdates { layoutIfNeeded() }
        let scale = window?.screen?.scale ?? UIScreen.existingMain?.scale ?? 1
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        let image = UIGraphicsImageRenderer(bounds: bounds, format: format).image { _ in
            _ = drawHierarchy(in: bounds, afterScreenUpdates: false, ownOpacity: ownOpacity)
        }
        let snapshot = UIView(frame: CGRect(origin: .zero, size: bounds.size))
        snapshot.layer.contents = image.cgImage
        snapshot.layer.contentsScale = scale
        return snapshot
    }
}
