import Foundation

// How the navigation controller follows its content's scrolling. The top child's content scroll
// view (its view when that is a scroll view, else the first scroll view found under it, nearest
// first: the one automatic insets are made for) decides two things about the bar: how far a large
// title has collapsed (the distance scrolled past the top, 0 to 52 points), and whether the
// content rests at its top edge (its top not above the bar's bottom), where the bar shows its
// scroll-edge appearance. The child's safe area keeps the whole bar's height, so resting at the
// top means a 96-point bar and the content's offset alone collapses it.
//
// The controller reads the offset when it lays out, and follows the content scroll view's
// scrolls as they happen (a scroll follower: the scroll view's delegate is the app's), so the bar
// moves in the same turn as the content.

extension UINavigationController {
    /// The scroll view whose offset the bar follows for `controller`: its view when that is a
    /// scroll view, else the first scroll view under it, breadth first (nil when there is none).
    func contentScrollView(of controller: UIViewController) -> UIScrollView? {
        guard let root = controller.viewIfLoaded else { return nil }
        var queue: [UIView] = [root]
        var index = 0
        while index < queue.count {
            let view = queue[index]
            index += 1
            if let scroll = view as? UIScrollView { return scroll }
            queue.append(contentsOf: view.subviews)
        }
        return nil
    }

    /// `controller`'s content scroll view: the one found last while it is still under the
    /// controller's view, else (or when `searching`) found again.
    private func contentScroll(of controller: UIViewController, searching: Bool) -> UIScrollView? {
        let owner = ObjectIdentifier(controller)
        if !searching, contentScrollOwner == owner {
            guard let scroll = cachedContentScroll, let root = controller.viewIfLoaded, scroll.isDescendant(of: root) else { return nil }
            return scroll
        }
        let scroll = contentScrollView(of: controller)
        if let old = cachedContentScroll, old !== scroll { old.scrollFollowers[ObjectIdentifier(self)] = nil }
        (cachedContentScroll, contentScrollOwner) = (scroll, owner)
        scroll?.scrollFollowers[ObjectIdentifier(self)] = { [weak self] _ in self?.followContentScroll() }
        return scroll
    }

    /// Reads the top child's content offset: collapses the large title by the distance scrolled
    /// past the top (0...52 points) and tells the bar whether the content rests at its top edge
    /// (no content scroll view: it does). When the bar's height changed and the controller is not
    /// `layingOut` already, its view lays out now.
    func followContentScroll(layingOut: Bool = false) {
        let bar = navigationBar
        guard !isNavigationBarHidden, let top = topViewController else { return }
        let oldHeight = bar.barHeight
        var collapse: CGFloat = 0
        var atEdge = true
        if let scroll = contentScroll(of: top, searching: layingOut) {
            // How far the content's top has moved up from where it rests (minus the top inset).
            let scrolled = scroll.contentOffset.y + scroll.adjustedContentInset.top
            collapse = bar.displaysLargeTitle ? min(max(scrolled, 0), UINavigationBar.largeTitleAreaHeight) : 0
            // The content's top is at or below the bar's bottom, which rose by the collapse.
            atEdge = scrolled <= collapse
        }
        bar.largeTitleCollapse = collapse
        bar.isAtScrollEdge = atEdge
        guard !layingOut, bar.barHeight != oldHeight, let view = viewIfLoaded else { return }
        view.setNeedsLayout()
        view.layoutIfNeeded()
    }
}
