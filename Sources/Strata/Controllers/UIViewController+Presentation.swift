import Foundation

/// How a presented view controller is shown: UIKit's `UIModalPresentationStyle`, with its raw values.
///
/// Strata draws every style filling the window. `.fullScreen` and `.currentContext` cover the
/// presenting controller: it disappears (`viewWillDisappear`/`viewDidDisappear`) and its view
/// leaves the window once the presentation finishes, as UIKit documents. Every other style
/// leaves the presenting controller shown under the presented view, with no appearance
/// callbacks — `.overFullScreen` and `.overCurrentContext` as UIKit has them, and the sheet
/// styles (`.automatic`, `.pageSheet`, `.formSheet`, `.popover`, `.custom`) as iOS treats the
/// presenter of a sheet, though Strata does not draw the card shape.
public enum UIModalPresentationStyle: Int, Sendable, CaseIterable {
    /// Covers the screen; the presenting controller's views are removed when it has finished.
    case fullScreen = 0
    /// A sheet (shown filling the window in Strata).
    case pageSheet = 1
    /// A smaller sheet (shown filling the window in Strata).
    case formSheet = 2
    /// Covers the presenting context (the window, in Strata), removing the presenter's views.
    case currentContext = 3
    /// A presentation a transitioning delegate defines (shown filling the window in Strata).
    case custom = 4
    /// Covers the screen, leaving the presenting controller's views under it.
    case overFullScreen = 5
    /// Covers the presenting context, leaving its views under it.
    case overCurrentContext = 6
    /// A popover (shown filling the window in Strata).
    case popover = 7
    /// No adaptation (for adaptive presentation delegates; presents like `.fullScreen`).
    case none = -1
    /// The system's default: a page sheet on iOS.
    case automatic = -2

    /// Whether the presented view covers the presenting controller, which then disappears.
    var removesPresenter: Bool { self == .fullScreen || self == .currentContext || self == .none }
}

/// How a presented view controller's view arrives and leaves with animation: UIKit's
/// `UIModalTransitionStyle`, with its raw values.
///
/// Strata animates `.coverVertical` (slides up from the bottom edge, and back down) and
/// `.crossDissolve` (fades in, and out); `.flipHorizontal` and `.partialCurl`, which need 3D page
/// effects Strata does not draw yet, fade like `.crossDissolve`.
public enum UIModalTransitionStyle: Int, Sendable, CaseIterable {
    /// Slides up from the bottom of the screen; slides down when dismissed.
    case coverVertical = 0
    /// A horizontal 3D flip in UIKit (a fade in Strata).
    case flipHorizontal = 1
    /// Fades in; fades out when dismissed.
    case crossDissolve = 2
    /// A page curl in UIKit (a fade in Strata).
    case partialCurl = 3
}

extension UIViewController {
    /// How long a presentation or dismissal animates, in seconds (UIKit's modal transitions run
    /// about this long; the curve is ease-in-out).
    static let modalTransitionDuration: TimeInterval = 0.3

    func performPresentation(of presented: UIViewController, animated: Bool, completion: (@MainActor () -> Void)?) {
        precondition(
            presented !== self,
            "UIViewController.present: \(self) tried to present itself modally (an active controller); present another controller")
        if let presenter = presented._presenting {
            preconditionFailure(
                "UIViewController.present: \(presented) is already being presented by \(presenter); dismiss it before presenting it again (from \(self))")
        }
        if let parent = presented._parent {
            preconditionFailure(
                "UIViewController.present: \(presented) has a parent view controller \(parent); remove it from its parent (willMove(toParent: nil), removeFromParent()) before presenting it from \(self)"
            )
        }
        if let window = presented._viewIfLoadedWindow {
            preconditionFailure(
                "UIViewController.present: the view of \(presented) is already in \(window) (an active controller: a window's root, or a view added by hand); take it out of that window before presenting it from \(self)"
            )
        }
        let host = presentationContext
        if let current = host._presented {
            Self.logger.warning(
                "Attempt to present \(presented) on \(host) (from \(self)) which is already presenting \(current); nothing was presented")
            return
        }
        guard let window = host.viewIfLoaded?.window else {
            Self.logger.warning(
                "Attempt to present \(presented) on \(host) (from \(self)) whose view is not in the window hierarchy; nothing was presented")
            return
        }

        let style = presented.modalPresentationStyle
        presented.loadViewIfNeeded()
        host._presented = presented
        presented._presenting = host
        presented.isPlaced = true
        presented.isBeingPresented = true
        host.transitionInFlight = true
        if style.removesPresenter { host.beginAppearanceTransition(false, animated: animated) }
        presented.beginAppearanceTransition(true, animated: animated)
        let view = presented.view!
        UIView.performWithoutAnimation {
            view.frame = window.bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        }
        window.addSubview(view)
        presented.sendIsAppearing()

        let finish = { @MainActor in
            if style.removesPresenter {
                host.viewIfLoaded?.removeFromSuperview()
                host.endAppearanceTransition()
            }
            presented.endAppearanceTransition()
            presented.isBeingPresented = false
            host.transitionInFlight = false
            completion?()
        }
        guard animated else { return CommitScheduler.shared.afterCommit(finish) }
        Self.animateTransition(of: view, style: presented.modalTransitionStyle, entering: true, distance: window.bounds.height, then: finish)
    }

    func performDismissal(animated: Bool, completion: (@MainActor () -> Void)?) {
        let context = presentationContext
        guard let host = context._presented != nil ? context : context._presenting, let first = host._presented else { return }
        // The stack from the controller `host` presented up to the topmost presented one.
        var stack = [first]
        while let next = stack.last!._presented { stack.append(next) }
        if let busy = ([host] + stack).first(where: \.transitionInFlight) {
            Self.logger.warning(
                "Attempt to dismiss from \(self) while a presentation or dismissal by \(busy) is in progress; nothing was dismissed")
            return
        }
        let top = stack.last!
        guard let window = top.viewIfLoaded?.window else {
            // Its window went away: unlink without callbacks the window could not show.
            unlink(stack, from: host)
            completion?()
            return
        }
        host.transitionInFlight = true
        for controller in stack {
            controller.isBeingDismissed = true
            controller.beginAppearanceTransition(false, animated: animated && controller === top)
        }
        // The host comes back when the controller it presented had covered it.
        let hostReturns = first.modalPresentationStyle.removesPresenter && host.viewIfLoaded?.window == nil
        if hostReturns, let hostView = host.view, let above = stack.first(where: { $0._viewIfLoadedWindow === window })?.view {
            host.beginAppearanceTransition(true, animated: animated)
            UIView.performWithoutAnimation {
                hostView.frame = window.bounds
                hostView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            }
            window.insertSubview(hostView, belowSubview: above)
            host.sendIsAppearing()
        }

        let topView = top.view!
        let alpha = topView.alpha, center = topView.center
        let finish = { @MainActor in
            for controller in stack.reversed() {
                controller.viewIfLoaded?.removeFromSuperview()
                controller.endAppearanceTransition()
            }
            // The top view's own values back, for a later presentation.
            UIView.performWithoutAnimation {
                topView.alpha = alpha
                topView.center = center
            }
            self.unlink(stack, from: host)
            if hostReturns { host.endAppearanceTransition() }
            host.transitionInFlight = false
            completion?()
        }
        guard animated else { return CommitScheduler.shared.afterCommit(finish) }
        Self.animateTransition(of: topView, style: top.modalTransitionStyle, entering: false, distance: window.bounds.height, then: finish)
    }

    /// Animates a presented view in (`entering`) or out as `style` says, on the render thread,
    /// then runs `finish` after the frame that shows the end. Cover vertical moves the view by
    /// `distance` (the window's height) from below, or down out of it; the fades run between 0
    /// and the view's alpha.
    private static func animateTransition(
        of view: UIView, style: UIModalTransitionStyle, entering: Bool, distance: CGFloat, then finish: @escaping @MainActor () -> Void
    ) {
        let done: @MainActor (Bool) -> Void = { _ in finish() }
        switch style {
        case .coverVertical:
            if entering { UIView.performWithoutAnimation { view.center.y += distance } }
            UIView.animate(withDuration: modalTransitionDuration, animations: { view.center.y += entering ? -distance : distance }, completion: done)
        case .crossDissolve, .flipHorizontal, .partialCurl:
            let alpha = view.alpha
            if entering { UIView.performWithoutAnimation { view.alpha = 0 } }
            UIView.animate(withDuration: modalTransitionDuration, animations: { view.alpha = entering ? alpha : 0 }, completion: done)
        }
    }

    /// Ends the presentation links of `stack` (bottom first), presented by `host`.
    private func unlink(_ stack: [UIViewController], from host: UIViewController) {
        host._presented = nil
        for controller in stack {
            controller._presented = nil
            controller._presenting = nil
            controller.isPlaced = false
            controller.isBeingDismissed = false
        }
    }

    /// The window the view is in, when it is loaded (reading this loads nothing).
    var _viewIfLoadedWindow: UIWindow? { viewIfLoaded?.window }
}
