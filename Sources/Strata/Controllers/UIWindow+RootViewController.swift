import Foundation

extension UIWindow {
    /// Traps, before anything changes, for a controller UIKit refuses as a window's root.
    func checkRootViewController(_ controller: UIViewController) {
        if let parent = controller._parent {
            preconditionFailure(
                "UIWindow.rootViewController: \(controller) is a child of \(parent); remove it from its parent before making it the root of \(self)")
        }
        if let presenter = controller._presenting {
            preconditionFailure(
                "UIWindow.rootViewController: \(controller) is presented by \(presenter); dismiss it before making it the root of \(self)")
        }
    }

    /// Swaps the root view controller's view in: the old root disappears and leaves, the new one
    /// fills the window and appears (when the window is visible; the `did` callbacks after the commit).
    func rootViewControllerDidChange(from old: UIViewController?) {
        let new = rootViewController
        // A controller is the root of one window: another window that had it lets it go.
        if let new, new.isPlaced, let other = new._viewIfLoadedWindow, other !== self, other.rootViewController === new {
            other.rootViewController = nil
        }
        let visible = !isHidden
        if visible {
            old?.beginAppearanceTransition(false, animated: false)
            new?.beginAppearanceTransition(true, animated: false)
        }
        if let old {
            if old.viewIfLoaded?._superview === self { old.viewIfLoaded?.removeFromSuperview() }
            old.isPlaced = false
        }
        if let new {
            new.isPlaced = true
            let view = new.view!
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(view)
            if visible { new.sendIsAppearing() }
        }
        if visible {
            CommitScheduler.shared.afterCommit {
                old?.endAppearanceTransition()
                new?.endAppearanceTransition()
            }
        }
    }

    /// The controllers placed in this window and shown: the root, and the presented controllers
    /// above it whose views are in the window, bottom first.
    var shownControllers: [UIViewController] {
        var shown: [UIViewController] = []
        var next = rootViewController
        while let c = next {
            if c.viewIfLoaded?.window === self { shown.append(c) }
            next = c._presented
        }
        return shown
    }

    /// The window was shown or hidden: its controllers appear or disappear (`did` after the commit).
    func visibilityDidChange() {
        let controllers = shownControllers
        guard !controllers.isEmpty else { return }
        let appearing = !isHidden
        for c in controllers { c.beginAppearanceTransition(appearing, animated: false) }
        if appearing { for c in controllers { c.sendIsAppearing() } }
        CommitScheduler.shared.afterCommit {
            for c in controllers { c.endAppearanceTransition() }
        }
    }
}
