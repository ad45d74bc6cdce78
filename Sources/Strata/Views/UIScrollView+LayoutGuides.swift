import Foundation

// Overall design: the two guides are plain layout guides the scroll view owns, tied to it by
// constraints it keeps itself. Auto Layout solves a scroll view's subviews in its frame's terms,
// then shifts them by the bounds origin (the content offset) into content coordinates; so the
// content guide's left and top are pinned at minus the offset (it sits at the content's origin
// whatever the offset), and the frame guide is pinned to the frame (it lands on the bounds).
// The content guide's size follows `contentSize` weakly (priority 1), so constraints that size
// it win; after each layout the scroll view takes the solved size as its `contentSize`.

/// The constraints that tie a scroll view's layout guides to it.
@MainActor
final class ScrollViewGuides {
    let content = UILayoutGuide()
    let frame = UILayoutGuide()
    var contentLeft: NSLayoutConstraint?
    var contentTop: NSLayoutConstraint?
    var contentWidth: NSLayoutConstraint?
    var contentHeight: NSLayoutConstraint?
    var frameConstraints: [NSLayoutConstraint] = []
}

extension UIScrollView {
    /// The guide on the scroll view's content: constraints between it and the content's views
    /// size the content (the scroll view takes its solved size as `contentSize` after layout),
    /// and its `layoutFrame` is the content's rectangle, at the origin, `contentSize` big.
    /// Where no constraint sizes it, it keeps `contentSize`.
    public var contentLayoutGuide: UILayoutGuide {
        let guides = scrollGuides
        if guides.contentLeft == nil {
            let g = guides.content
            g.identifier = "UIScrollView-contentLayoutGuide"
            addLayoutGuide(g)
            let left = g.leftAnchor.constraint(equalTo: leftAnchor, constant: -bounds.minX)
            let top = g.topAnchor.constraint(equalTo: topAnchor, constant: -bounds.minY)
            let width = g.widthAnchor.constraint(equalToConstant: contentSize.width)
            let height = g.heightAnchor.constraint(equalToConstant: contentSize.height)
            width.priority = UILayoutPriority(1)
            height.priority = UILayoutPriority(1)
            NSLayoutConstraint.activate([left, top, width, height])
            (guides.contentLeft, guides.contentTop, guides.contentWidth, guides.contentHeight) = (left, top, width, height)
        }
        return guides.content
    }

    /// The guide on the scroll view's frame: views pinned to it stay put while the content
    /// scrolls. Its `layoutFrame` is the scroll view's bounds (its frame, in its own coordinates).
    public var frameLayoutGuide: UILayoutGuide {
        let guides = scrollGuides
        if guides.frameConstraints.isEmpty {
            let g = guides.frame
            g.identifier = "UIScrollView-frameLayoutGuide"
            addLayoutGuide(g)
            guides.frameConstraints = [
                g.leftAnchor.constraint(equalTo: leftAnchor), g.topAnchor.constraint(equalTo: topAnchor),
                g.widthAnchor.constraint(equalTo: widthAnchor), g.heightAnchor.constraint(equalTo: heightAnchor),
            ]
            NSLayoutConstraint.activate(guides.frameConstraints)
        }
        return guides.frame
    }

    /// The guides' constraints follow a new content offset (the content guide stays at the origin).
    func layoutGuidesFollowOffset() {
        guard let guides = _scrollGuides, let left = guides.contentLeft, let top = guides.contentTop else { return }
        if left.constant != -bounds.minX { left.constant = -bounds.minX }
        if top.constant != -bounds.minY { top.constant = -bounds.minY }
    }

    /// `contentSize` changed: the content guide keeps it where nothing else sizes it.
    func layoutGuidesFollowContentSize() {
        guard let guides = _scrollGuides, let width = guides.contentWidth, let height = guides.contentHeight else { return }
        if width.constant != contentSize.width { width.constant = contentSize.width }
        if height.constant != contentSize.height { height.constant = contentSize.height }
    }

    /// After a layout: the content guide's solved size becomes `contentSize`.
    func contentSizeFollowsLayoutGuide() {
        guard let guides = _scrollGuides, guides.contentLeft != nil else { return }
        let size = guides.content.layoutFrame.size
        if size != contentSize { contentSize = size }
    }

    private var scrollGuides: ScrollViewGuides {
        if let guides = _scrollGuides { return guides }
        let guides = ScrollViewGuides()
        _scrollGuides = guides
        return guides
    }
}
