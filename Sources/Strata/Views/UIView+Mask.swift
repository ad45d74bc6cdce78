import Foundation

extension UIView {
    /// A view whose alpha decides how much of this view's content, background and subviews shows
    /// (UIKit's `mask`; nil by default). Placed in this view's bounds coordinates (its `frame`
    /// is there) and in no view hierarchy (a superview it had is left); its layer becomes this
    /// view's layer's `mask`. Main actor.
    public var mask: UIView? {
        get { layer.mask.flatMap { $0 === maskView?.layer ? maskView : nil } }
        set {
            guard newValue !== mask else { return }
            newValue?.removeFromSuperview()
            maskView = newValue
            layer.mask = newValue?.layer
        }
    }
}
