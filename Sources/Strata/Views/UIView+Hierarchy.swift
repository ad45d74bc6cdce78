import Foundation

extension UIView {
    /// The view this one is a subview of.
    public var superview: UIView? { _superview }

    /// The subviews, back to front.
    public var subviews: [UIView] { _subviews }

    /// The window the view is in: itself for a window, else the window at the top of its
    /// superviews. Kept on each view as it moves in and out of windows (the move walks the
    /// subtree anyway, to send `willMove(toWindow:)`), so reading it costs no walk up the tree.
    public var window: UIWindow? { _window }

    /// Records `window` as the window of this view and of its subviews, not going into windows
    /// (a window is its own). An explicit stack: a deep hierarchy must not run out of stack.
    func setWindow(_ window: UIWindow?) {
        guard !(self is UIWindow) else { return }
        var pending: [UIView] = [self]
        while let view = pending.popLast() {
            view._window = window
            for subview in view._subviews where !(subview is UIWindow) { pending.append(subview) }
        }
    }

    /// Puts `view` on top of the subviews, moving it out of its old superview.
    /// - Precondition: `view` is not this view or one of its ancestors; UIKit raises an exception
    ///   there, Strata traps naming both views, before anything changes.
    public func addSubview(_ view: UIView) {
        insert(view, at: _subviews.count, caller: "addSubview")
    }

    /// Inserts `view` at `index` of the subviews (clamped to the end).
    public func insertSubview(_ view: UIView, at index: Int) {
        precondition(index >= 0, "UIView.insertSubview(_:at:): index \(index) is negative")
        insert(view, at: index, caller: "insertSubview(_:at:)")
    }

    /// Inserts `view` just above `siblingSubview`, its layer just above the sibling's layer (below
    /// any sublayer added above that one with `addSublayer`, as UIKit places it); when
    /// `siblingSubview` is not a subview of this view, on top of the subviews, as UIKit does.
    public func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        guard let index = indexOfSubview(siblingSubview), siblingSubview !== view else {
            insert(view, at: _subviews.count, caller: "insertSubview(_:aboveSubview:)")
            return
        }
        insert(view, at: index + 1, caller: "insertSubview(_:aboveSubview:)", layerAbove: siblingSubview)
    }

    /// Inserts `view` just below `siblingSubview`; when `siblingSubview` is not a subview of this
    /// view, on top of the subviews, as UIKit does.
    public func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        let at = indexOfSubview(siblingSubview) ?? _subviews.count
        insert(view, at: at, caller: "insertSubview(_:belowSubview:)")
    }

    /// Swaps the subviews at two indices (and their layers).
    /// - Precondition: both indices are valid.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        precondition(
            _subviews.indices.contains(index1) && _subviews.indices.contains(index2),
            "UIView.exchangeSubview(at: \(index1), withSubviewAt: \(index2)): there are \(_subviews.count) subviews")
        guard index1 != index2 else { return }
        let a = _subviews[index1], b = _subviews[index2]
        _subviews.swapAt(index1, index2)
        if let la = layer.indexOfSublayer(a.layer), let lb = layer.indexOfSublayer(b.layer) {
            layer.willChangeLook()  // a transition added later in the transaction starts from the old order
            layer._sublayers.swapAt(la, lb)
            layer.markChanged(.sublayers)
        } else {
            // A subview's layer was moved through the layer API: put both back in subview order.
            placeLayer(of: _subviews[index1], at: index1)
            placeLayer(of: _subviews[index2], at: index2)
        }
    }

    /// Moves a subview to the top.
    public func bringSubviewToFront(_ view: UIView) {
        guard view._superview === self else { return }
        insert(view, at: _subviews.count, caller: "bringSubviewToFront")
    }

    /// Moves a subview to the bottom.
    public func sendSubviewToBack(_ view: UIView) {
        guard view._superview === self else { return }
        insert(view, at: 0, caller: "sendSubviewToBack")
    }

    /// Removes the view from its superview (and its layer from the superlayer). The view can be
    /// added again anywhere; its drawn contents are kept.
    public func removeFromSuperview() {
        guard let parent = _superview else { return }
        let oldWindow = window
        // Touches in the leaving subtree are cancelled, for its views and recognizers.
        oldWindow?._events?.viewWillLeaveWindow(self)
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if let oldWindow { resignFirstResponderLeaving(oldWindow) }
        if oldWindow != nil { notifyWillMove(toWindow: nil) }
        if let index = parent.indexOfSubview(self) { parent._subviews.remove(at: index) }
        // Constraints between this subtree and the views it leaves go with it, as in UIKit.
        LayoutSystem.shared.subtreeLeft(self, from: parent)
        _superview = nil
        if oldWindow != nil { setWindow(nil) }
        let tintChanged = updateTint()
        layer.removeFromSuperlayer()
        if oldWindow != nil { notifyDidMoveToWindow() }
        didMoveToSuperview()
        tellTintChanged(tintChanged)
    }

    /// Whether this view is `view` or one of its descendants.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let c = current {
            if c === view { return true }
            current = c._superview
        }
        return false
    }

    // MARK: The one insertion path

    /// Inserts `view` at `index` (clamped), moving it out of any old superview, keeping the
    /// layer order in step, and sending UIKit's notifications in UIKit's order.
    /// With `layerAbove`, the view's layer goes just above that subview's layer; otherwise as
    /// `placeLayer(of:at:)` says.
    private func insert(_ view: UIView, at index: Int, caller: String, layerAbove sibling: UIView? = nil) {
        // Only a view with subviews can be an ancestor: a leaf needs no walk up the tree (which
        // would make building a deep tree from the top quadratic).
        precondition(
            self !== view && (view._subviews.isEmpty || !isDescendant(of: view)),
            "UIView.\(caller): cannot add \(view.debugName) into its own subtree (it is \(view === self ? "the same view" : "an ancestor of \(debugName)")); the view tree is unchanged"
        )
        if view._superview === self {
            // Reordering within the same superview: no notifications.
            let old = indexOfSubview(view)!
            _subviews.remove(at: old)
            let at = min(old < index ? index - 1 : index, _subviews.count)
            _subviews.insert(view, at: at)
            placeLayer(of: view, at: at, above: sibling)
            return
        }
        let oldWindow = view.window, newWindow = window
        view.willMove(toSuperview: self)
        if oldWindow !== newWindow, let oldWindow { view.resignFirstResponderLeaving(oldWindow) }
        if oldWindow !== newWindow { view.notifyWillMove(toWindow: newWindow) }
        if let old = view._superview {
            old.willRemoveSubview(view)
            if let index = old.indexOfSubview(view) { old._subviews.remove(at: index) }
        }
        let at = min(index, _subviews.count)
        _subviews.insert(view, at: at)
        view._superview = self
        if oldWindow !== newWindow { view.setWindow(newWindow) }
        let tintChanged = view.updateTint()
        placeLayer(of: view, at: at, above: sibling)
        if oldWindow !== newWindow { view.notifyDidMoveToWindow() }
        view.didMoveToSuperview()
        view.tellTintChanged(tintChanged)
        TraitSystem.refresh(from: view)
        didAddSubview(view)
    }

    /// Puts the subview's layer in step with the subviews: the top subview's layer above every
    /// sublayer (sublayers added with `addSublayer` included, as UIKit's `addSubview` does),
    /// another just below the layer of the subview above it; with `sibling`, just above the
    /// sibling's layer.
    private func placeLayer(of view: UIView, at index: Int, above sibling: UIView? = nil) {
        if let sibling, sibling.layer.superlayer === layer {
            layer.insertSublayer(view.layer, above: sibling.layer)
        } else if index == _subviews.count - 1 {
            layer.addSublayer(view.layer)
        } else if index + 1 < _subviews.count {
            layer.insertSublayer(view.layer, below: _subviews[index + 1].layer)
        } else if index > 0 {
            layer.insertSublayer(view.layer, above: _subviews[index - 1].layer)
        } else {
            layer.addSublayer(view.layer)
        }
    }

    /// When `window`'s first responder lies in this subtree, which is leaving the window, it is
    /// asked to resign and loses the status whatever it answers, as in UIKit.
    private func resignFirstResponderLeaving(_ window: UIWindow) {
        guard let responder = window.firstResponder(within: self) else { return }
        _ = responder.resignFirstResponder()
        window.firstResponder = nil
    }

    /// Sends `willMove(toWindow:)` (and the controller's `viewWillMove(toWindow:)`) to this view
    /// and its subviews, superviews first. An explicit stack: a deep hierarchy must not run out of stack.
    private func notifyWillMove(toWindow newWindow: UIWindow?) {
        var pending: [UIView] = [self]
        while let view = pending.popLast() {
            view._viewController?.viewWillMove(toWindow: newWindow)
            view.willMove(toWindow: newWindow)
            pending.append(contentsOf: view._subviews.reversed())
        }
    }

    /// Sends `didMoveToWindow()` to this view and its subviews, superviews first, matching the
    /// contents scale to the new screen's; each controller hears `viewDidMoveToWindow` after its
    /// view's whole subtree, so it ends its appearance (and its children's) once. An explicit
    /// stack: a deep hierarchy must not run out of stack.
    private func notifyDidMoveToWindow() {
        var pending: [(view: UIView, subtreeDone: Bool)] = [(self, false)]
        while let (view, subtreeDone) = pending.popLast() {
            if subtreeDone {
                view._viewController?.viewDidMoveToWindow()
                continue
            }
            if !view.contentScaleFactorIsExplicit, let scale = view.window?.screen?.scale, view.layer.contentsScale != scale {
                view.layer.contentsScale = scale
            }
            view.didMoveToWindow()
            pending.append((view, true))
            for subview in view._subviews.reversed() { pending.append((subview, false)) }
        }
    }

    /// Tells the whole tree of a window that its screen changed.
    func screenDidChange() {
        notifyDidMoveToWindow()
    }

    /// Where `view` is among the subviews, searching from the top (a plain loop: see `indexOfSublayer`).
    func indexOfSubview(_ view: UIView) -> Int? {
        var i = _subviews.count - 1
        while i >= 0 {
            if _subviews[i] === view { return i }
            i -= 1
        }
        return nil
    }

    /// A name for messages: the UIKit-shaped description (`<UIView: 0x…; frame = (x y; w h); …>`),
    /// as UIKit's own exceptions print views.
    var debugName: String { description }
}
