import Foundation

// Overall design: a scroll view is a view whose bounds origin is the content offset: content is
// laid out in its subviews at content coordinates, and moving the offset moves the bounds over
// them (the compositor shifts the sublayers; nothing is redrawn). Dragging comes from its own pan
// gesture recognizer (`panGestureRecognizer`), which moves the offset with the fingers, stretched
// with a rubber band past the edges. What follows a release — deceleration, the bounce back to
// an edge, paging, `setContentOffset(_:animated:)` — runs on the main actor frame by frame, after
// each frame the view's screen presents, so `contentOffset` reads and the delegate hears
// `scrollViewDidScroll(_:)` at every step, as in UIKit (see UIScrollView+Scrolling.swift).
// Zooming scales the view the delegate names by a transform; a two-finger pinch zooms it about
// the fingers' midpoint through the view's own pinch recognizer (UIScrollView+Zooming.swift).

/// A view that scrolls and zooms its content (UIKit's `UIScrollView`). Main actor.
///
/// `contentOffset` is `bounds.origin`; `contentSize` and `contentInset` say how far it may go.
/// The delegate (`UIScrollViewDelegate`) hears of every change of offset and of each phase of
/// dragging, deceleration and zooming.
open class UIScrollView: UIView {
    /// How quickly scrolling slows after the fingers lift: the share of the velocity kept each
    /// millisecond (UIKit's `UIScrollView.DecelerationRate`).
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        /// A rate (0...1: the share of velocity kept per millisecond).
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// UIKit's default: 0.998 of the velocity kept each millisecond.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// A quick stop: 0.99 kept each millisecond.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// The offset, content size and adjusted content inset, as UIKit's scroll views add them to
    /// their descriptions.
    override var descriptionFieldsAfterLayer: [String] {
        let n = UIView.descriptionNumber
        let o = contentOffset, s = contentSize, i = adjustedContentInset
        return [
            "contentOffset: {\(n(o.x)), \(n(o.y))}", "contentSize: {\(n(s.width)), \(n(s.height))}",
            "adjustedContentInset: {\(n(i.top)), \(n(i.left)), \(n(i.bottom)), \(n(i.right))}",
        ]
    }

    /// How the safe area adds to `contentInset` (UIKit's `UIScrollView.ContentInsetAdjustmentBehavior`).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// As `.scrollableAxes` (UIKit's header: "similar to .scrollableAxes"), and the vertical
        /// edges always when the scroll view is the view of a controller shown by a navigation or
        /// tab bar controller.
        case automatic
        /// The edges of the axes the content scrolls on (or always bounces on).
        case scrollableAxes
        /// None.
        case never
        /// Every edge.
        case always
    }

    /// The colours of the scroll indicators (UIKit's `UIScrollView.IndicatorStyle`; kept).
    public enum IndicatorStyle: Int, Sendable {
        case `default`, black, white
    }

    /// How dragging dismisses the keyboard (UIKit's `UIScrollView.KeyboardDismissMode`; kept:
    /// Strata has no keyboard).
    public enum KeyboardDismissMode: Int, Sendable {
        case none, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory
    }

    /// Whether a scroll view shows a section index (UIKit's `UIScrollView.IndexDisplayMode`).
    public enum IndexDisplayMode: Int, Sendable {
        case automatic, alwaysHidden
    }

    /// The object told of scrolling and zooming (held weakly, as UIKit holds it).
    open weak var delegate: (any UIScrollViewDelegate)? {
        didSet { if oldValue !== delegate { updatePinchGesture() } }
    }

    /// The size of the content, in points (zero by default): with the insets, how far the
    /// content offset may go.
    open var contentSize: CGSize = .zero {
        didSet {
            guard oldValue != contentSize else { return }
            layoutGuidesFollowContentSize()
            insetsMayHaveChanged()
            anchorSmallContent()
        }
    }

    /// Where content smaller than the view (with its insets) sits in it, in the unit square of
    /// the frame: (0, 0) the top-left corner (the default), (1, 1) the bottom-right, (0.5, 0.5)
    /// centred. On an axis where the content is smaller, the offset rests there (after a drag, a
    /// zoom or a change of content size); setting it moves the content there at once.
    open var contentAlignmentPoint: CGPoint = .zero {
        didSet {
            precondition(
                contentAlignmentPoint.x.isFinite && contentAlignmentPoint.y.isFinite,
                "UIScrollView.contentAlignmentPoint must be finite, got \(contentAlignmentPoint)")
            anchorSmallContent(evenAtDefault: true)
        }
    }

    /// Moves the offset, on each axis where the content is smaller than the view less its insets,
    /// to where `contentAlignmentPoint` anchors it, unless a touch, a pinch or a motion owns the
    /// offset (a bounce brings it there; a finger lifting without a drag anchors it). Called when
    /// the content size, the bounds size or the insets change and when a finger lifts, which move
    /// nothing with the default alignment (0, 0) (the offset stays as code set it until something
    /// scrolls it, as before 17.4), and `evenAtDefault` when the alignment itself is set.
    func anchorSmallContent(evenAtDefault: Bool = false) {
        guard evenAtDefault || contentAlignmentPoint != .zero, !isTracking, !isDragging, !isZooming, motion == nil else { return }
        let range = offsetRange, insets = adjustedContentInset
        var offset = contentOffset
        if contentSize.width + insets.left + insets.right < bounds.width { offset.x = range.minX }
        if contentSize.height + insets.top + insets.bottom < bounds.height { offset.y = range.minY }
        if offset != contentOffset { contentOffset = offset }
    }

    /// The constraints of `contentLayoutGuide` and `frameLayoutGuide`, made when first read.
    var _scrollGuides: ScrollViewGuides?

    /// Extra room around the content, in points (zero by default): the offset may go from
    /// `-adjustedContentInset.top` (and `.left`) to the content's far edge plus the bottom (right) inset.
    open var contentInset: UIEdgeInsets = .zero {
        didSet { if oldValue != contentInset { insetsMayHaveChanged() } }
    }

    /// How the safe area adds to the insets (`.automatic` by default).
    open var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic {
        didSet { if oldValue != contentInsetAdjustmentBehavior { insetsMayHaveChanged() } }
    }

    /// The insets in force: `contentInset` plus the safe area insets its adjustment behaviour adds.
    open var adjustedContentInset: UIEdgeInsets {
        var insets = contentInset
        let behaviour = contentInsetAdjustmentBehavior
        guard behaviour != .never else { return insets }
        let safe = safeAreaInsets
        guard safe != .zero else { return insets }
        let horizontal = behaviour == .always || scrollsHorizontally(ignoringSafeArea: true)
        let vertical =
            behaviour == .always || scrollsVertically(ignoringSafeArea: true) || (behaviour == .automatic && isContentOfBarController)
        if horizontal {
            insets.left += safe.left
            insets.right += safe.right
        }
        if vertical {
            insets.top += safe.top
            insets.bottom += safe.bottom
        }
        return insets
    }

    /// Whether the scroll view belongs to a controller inside a navigation or tab bar controller:
    /// its view, or in its view (`.automatic` then adjusts the top and bottom insets whatever the
    /// content's size, as UIKit does).
    private var isContentOfBarController: Bool {
        var view: UIView? = self
        while let v = view, v._viewController == nil { view = v._superview }
        guard let controller = view?._viewController else { return false }
        return controller.navigationController != nil || controller.tabBarController != nil
    }

    /// The adjusted insets last reported, to tell the delegate when they change.
    private var reportedAdjustedInset = UIEdgeInsets.zero

    /// Called when `adjustedContentInset` changed. The default does nothing; override it (calling
    /// `super`) to follow the insets.
    open func adjustedContentInsetDidChange() {}

    /// The insets or what decides them may have changed: tell the delegate if they did.
    func insetsMayHaveChanged() {
        let adjusted = adjustedContentInset
        guard adjusted != reportedAdjustedInset else { return }
        let old = reportedAdjustedInset
        reportedAdjustedInset = adjusted
        // Content resting at its top (or leading) edge stays there as the insets change.
        if !isDragging, !isDecelerating, !isZooming, motion == nil {
            var offset = contentOffset
            if offset.y == -old.top { offset.y = -adjusted.top }
            if offset.x == -old.left { offset.x = -adjusted.left }
            if offset != contentOffset { contentOffset = offset }
        }
        anchorSmallContent()
        adjustedContentInsetDidChange()
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
    }

    open override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        insetsMayHaveChanged()
    }

    /// The point of the content shown at the view's top-left corner: the bounds origin. Setting
    /// it moves the bounds (the content moves the other way) and tells the delegate
    /// `scrollViewDidScroll(_:)`; it is not limited to the content (code may scroll anywhere).
    /// - Precondition: finite.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            precondition(newValue.x.isFinite && newValue.y.isFinite, "UIScrollView.contentOffset must be finite, got \(newValue)")
            var b = bounds
            b.origin = newValue
            bounds = b
        }
    }

    open override var frame: CGRect {
        get { super.frame }
        set {
            let old = bounds.size
            super.frame = newValue
            if bounds.size != old { anchorSmallContent() }
        }
    }

    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let old = super.bounds
            super.bounds = newValue
            // Moved or resized by anything but the motion's own step: the model's bounds show.
            if super.bounds != old, !isSteppingMotion { renderSideLetsGo() }
            if super.bounds.origin != old.origin { didScroll() }
            if super.bounds.size != old.size { anchorSmallContent() }
        }
    }

    /// Who follows the offset besides the delegate (the delegate is the app's): a navigation
    /// controller whose bar collapses its large title and switches to the scroll-edge appearance
    /// as its content scrolls, in the same turn. By owner; told after the refresh control.
    var scrollFollowers: [ObjectIdentifier: @MainActor (UIScrollView) -> Void] = [:]

    /// The offset moved: the view lays out again (lists give rows in view their cells), the
    /// refresh control follows, and the delegate hears of it.
    private func didScroll() {
        layoutGuidesFollowOffset()
        setNeedsLayout()
        refreshControl?.scrollViewDidScroll(self)
        for follow in scrollFollowers.values { follow(self) }
        indicatorsFollowScroll()
        delegate?.scrollViewDidScroll(self)
    }

    /// The control that refreshes the content when it is pulled down past the top (nil). Setting
    /// one puts it above the content.
    open var refreshControl: UIRefreshControl? {
        didSet {
            guard oldValue !== refreshControl else { return }
            oldValue?.removeFromSuperview()
            oldValue?.scrollView = nil
            if let refreshControl {
                refreshControl.scrollView = self
                insertSubview(refreshControl, at: 0)
                refreshControl.scrollViewDidScroll(self)
            }
        }
    }

    /// Moves the content offset to `contentOffset`: at once (as setting the property), or
    /// `animated` over 0.3 seconds, easing in and out, frame by frame — the delegate hears
    /// `scrollViewDidScroll(_:)` at each frame and `scrollViewDidEndScrollingAnimation(_:)` at the
    /// end. Stops any deceleration or earlier animation first.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        precondition(contentOffset.x.isFinite && contentOffset.y.isFinite, "UIScrollView.setContentOffset: \(contentOffset) must be finite")
        stopScrolling()
        guard animated, contentOffset != self.contentOffset, let screen = window?.screen else {
            self.contentOffset = contentOffset
            return
        }
        run(.animation(from: self.contentOffset, to: contentOffset, duration: Self.scrollAnimationDuration), on: screen)
    }

    /// How long `setContentOffset(_:animated:)` and `scrollRectToVisible(_:animated:)` take.
    static let scrollAnimationDuration: TimeInterval = 0.3

    /// Scrolls by as little as needed to show `rect` (content coordinates) inside the bounds less
    /// the adjusted insets; nothing when it shows already. A rectangle larger than the visible
    /// area shows its top-left part. The offset stays within the content's range.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        guard rect.isFinite, !rect.isNull else { return }
        let insets = adjustedContentInset
        let visible = bounds.inset(by: insets)
        var offset = contentOffset
        func axis(_ minR: CGFloat, _ maxR: CGFloat, _ minV: CGFloat, _ maxV: CGFloat) -> CGFloat {
            if maxR - minR > maxV - minV || minR < minV { return minR - minV }
            if maxR > maxV { return maxR - maxV }
            return 0
        }
        offset.x += axis(rect.minX, rect.maxX, visible.minX, visible.maxX)
        offset.y += axis(rect.minY, rect.maxY, visible.minY, visible.maxY)
        let range = offsetRange
        offset.x = min(max(offset.x, range.minX), max(range.minX, range.maxX))
        offset.y = min(max(offset.y, range.minY), max(range.minY, range.maxY))
        guard offset != contentOffset else { return }
        setContentOffset(offset, animated: animated)
    }

    /// The offsets the content can rest at: from minus the top-left insets to the content's
    /// far edge plus the bottom-right insets, less the bounds (min = max when the content is
    /// smaller: see `offsetRange(forContentSize:)`).
    var offsetRange: (minX: CGFloat, maxX: CGFloat, minY: CGFloat, maxY: CGFloat) { offsetRange(forContentSize: contentSize) }

    /// The offsets the content could rest at were its size `size` (a zoom's target size).
    /// On an axis where the content is smaller than the bounds less the insets, min = max: the
    /// offset that puts it at `contentAlignmentPoint` of the room left.
    func offsetRange(forContentSize size: CGSize) -> (minX: CGFloat, maxX: CGFloat, minY: CGFloat, maxY: CGFloat) {
        let insets = adjustedContentInset, bounds = bounds.size, a = contentAlignmentPoint
        func axis(_ content: CGFloat, _ low: CGFloat, _ high: CGFloat, _ length: CGFloat, _ share: CGFloat) -> (CGFloat, CGFloat) {
            let room = length - low - high - content
            guard room > 0 else { return (-low, content + high - length) }
            let rest = -low - room * share
            return (rest, rest)
        }
        let (minX, maxX) = axis(size.width, insets.left, insets.right, bounds.width, a.x)
        let (minY, maxY) = axis(size.height, insets.top, insets.bottom, bounds.height, a.y)
        return (minX, maxX, minY, maxY)
    }

    /// Whether the content is wider than the bounds less the insets (or always bounces horizontally).
    func scrollsHorizontally(ignoringSafeArea: Bool = false) -> Bool {
        let insets = ignoringSafeArea ? contentInset : adjustedContentInset
        return alwaysBounceHorizontal || contentSize.width + insets.left + insets.right > bounds.width
    }

    /// Whether the content is taller than the bounds less the insets (or always bounces vertically).
    func scrollsVertically(ignoringSafeArea: Bool = false) -> Bool {
        let insets = ignoringSafeArea ? contentInset : adjustedContentInset
        return alwaysBounceVertical || contentSize.height + insets.top + insets.bottom > bounds.height
    }

    // MARK: Behaviour switches

    /// Whether the user can scroll by dragging (true by default; code can always scroll).
    open var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }
    /// Whether dragging keeps to the axis it started on (false by default).
    open var isDirectionalLockEnabled = false
    /// Whether scrolling stops at multiples of the bounds' size (false by default).
    open var isPagingEnabled = false
    /// Whether a scroll event (a wheel's or a trackpad's) that would take the offset past the left
    /// or right end of the content goes to the scroll view around this one instead (true by
    /// default); false keeps it here. Decided on the step that begins the scroll: a trackpad scroll
    /// that begins without moving stays with the view it began over.
    open var transfersHorizontalScrollingToParent = true
    /// Whether a scroll event (a wheel's or a trackpad's) that would take the offset past the top
    /// or bottom end of the content goes to the scroll view around this one instead (true by
    /// default); false keeps it here. Decided on the step that begins the scroll: a trackpad scroll
    /// that begins without moving stays with the view it began over.
    open var transfersVerticalScrollingToParent = true
    /// Whether a section index shows (`.automatic`; kept: it applies to tvOS).
    open var indexDisplayMode = IndexDisplayMode.automatic
    /// Whether scrolling goes past the content's edges and bounces back (true by default): true
    /// when it does on either axis; setting it sets `bouncesHorizontally` and `bouncesVertically`.
    open var bounces: Bool {
        get { bouncesHorizontally || bouncesVertically }
        set { (bouncesHorizontally, bouncesVertically) = (newValue, newValue) }
    }
    /// Whether scrolling goes past the content's left and right edges and bounces back (true by
    /// default): without it a drag stops at them.
    open var bouncesHorizontally = true
    /// Whether scrolling goes past the content's top and bottom edges and bounces back (true by
    /// default): without it a drag stops at them.
    open var bouncesVertically = true
    /// Whether a vertical drag bounces even when the content is not taller than the bounds.
    open var alwaysBounceVertical = false
    /// Whether a horizontal drag bounces even when the content is not wider than the bounds.
    open var alwaysBounceHorizontal = false
    /// How quickly scrolling slows after a release (`.normal` by default).
    open var decelerationRate = DecelerationRate.normal
    /// Whether a tap on the status bar scrolls to the top (true by default; kept: Strata has no status bar).
    open var scrollsToTop = true
    /// Whether touches wait to see whether they scroll before reaching the content (true by default; kept).
    open var delaysContentTouches = true
    /// Whether a drag cancels the touches the content got (true by default; kept).
    open var canCancelContentTouches = true
    /// How dragging dismisses the keyboard (`.none`; kept).
    open var keyboardDismissMode = KeyboardDismissMode.none

    // MARK: Scroll indicators (UIScrollView+Indicators.swift)

    /// Whether the horizontal indicator shows while scrolling (true by default).
    open var showsHorizontalScrollIndicator = true {
        didSet { if oldValue != showsHorizontalScrollIndicator { indicatorSettingsChanged() } }
    }
    /// Whether the vertical indicator shows while scrolling (true by default).
    open var showsVerticalScrollIndicator = true {
        didSet { if oldValue != showsVerticalScrollIndicator { indicatorSettingsChanged() } }
    }
    /// The indicators' colours (`.default`: dark on light interfaces, light on dark ones).
    open var indicatorStyle = IndicatorStyle.default {
        didSet { if oldValue != indicatorStyle { indicatorSettingsChanged() } }
    }
    /// How far the vertical indicator keeps from the scroll view's edges (zero by default).
    open var verticalScrollIndicatorInsets = UIEdgeInsets.zero {
        didSet { if oldValue != verticalScrollIndicatorInsets { indicatorSettingsChanged() } }
    }
    /// How far the horizontal indicator keeps from the scroll view's edges (zero by default).
    open var horizontalScrollIndicatorInsets = UIEdgeInsets.zero {
        didSet { if oldValue != horizontalScrollIndicatorInsets { indicatorSettingsChanged() } }
    }
    /// Both indicators' insets: setting it sets both; reading it reads the vertical one's.
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set { (verticalScrollIndicatorInsets, horizontalScrollIndicatorInsets) = (newValue, newValue) }
    }
    /// Whether what the safe area adds to the content insets adds to the indicators' insets too
    /// (true by default).
    open var automaticallyAdjustsScrollIndicatorInsets = true {
        didSet { if oldValue != automaticallyAdjustsScrollIndicatorInsets { indicatorSettingsChanged() } }
    }
    /// Shows the indicators for a moment (half a second, then a fade), as the content stands:
    /// only on the axes whose content is longer than the visible length. UIKit asks you to call it
    /// whenever you bring the scroll view to front; `UITableViewController` calls it when its
    /// table first appears.
    open func flashScrollIndicators() {
        indicatorAxes = nil
        showScrollIndicators()
        scrollMayHaveStopped()
    }

    /// Runs `changes` (code changing the offset, at once or animated) and shows the indicator of
    /// each axis they moved the offset on, the others staying hidden: an offset set at once shows
    /// its bars where it ends, then they fade as after a flash; an animated one shows them moving
    /// with it, fading after its end.
    open func withScrollIndicatorsShown(forContentOffsetChanges changes: () -> Void) {
        let before = contentOffset
        changes()
        // An axis moved at once, or by an animation that goes on.
        let now = contentOffset, target = motion?.to ?? now
        let axes = (vertical: now.y != before.y || target.y != before.y, horizontal: now.x != before.x || target.x != before.x)
        guard axes.vertical || axes.horizontal else { return }
        if case .hidden = indicatorPhase {
            indicatorAxes = axes
        } else if let shown = indicatorAxes {
            indicatorAxes = (shown.vertical || axes.vertical, shown.horizontal || axes.horizontal)
            if case .shown = indicatorPhase { indicatorPhase = .hidden }  // shown again whole: a newly allowed bar too
        }
        showScrollIndicators()
        if case .hidden = indicatorPhase { indicatorAxes = nil }  // no bar of those axes applies: nothing is limited
        scrollMayHaveStopped()
    }

    /// The axes whose indicators show while `withScrollIndicatorsShown` limits them (nil: every
    /// axis that applies), until the bars hide or something else shows them all.
    var indicatorAxes: (vertical: Bool, horizontal: Bool)?
    /// The indicator bars, made when first shown.
    var verticalIndicator: _UIScrollViewScrollIndicator?
    var horizontalIndicator: _UIScrollViewScrollIndicator?
    /// Whether the bars show, and which fade is under way.
    var indicatorPhase = IndicatorPhase.hidden
    /// Fades started, to number them.
    var fadesStarted = 0

    // MARK: State

    /// Whether a finger is down on the content (it may not have moved yet).
    open var isTracking: Bool { _isTracking }
    var _isTracking = false
    /// Whether the content is being dragged.
    open var isDragging: Bool { _isDragging }
    var _isDragging = false
    /// Whether the content is moving on after a release (decelerating or bouncing back).
    open var isDecelerating: Bool { _isDecelerating }
    var _isDecelerating = false
    /// Whether an animated scroll moves the offset now (`setContentOffset(_:animated:)`,
    /// `scrollRectToVisible(_:animated:)`), from its start until it ends or is stopped.
    open var isScrollAnimating: Bool {
        guard let motion, motion.zoom == nil, case .animation = motion.kind else { return false }
        return true
    }

    /// Stops what moves the offset or the zoom on its own (a deceleration, a bounce back, an
    /// animated scroll, a zoom bouncing back), as it is now: the offset stays where it is, but a
    /// bounce ends at the content's edge, a paging view's offset at the nearest page, and a zoom
    /// at its limit. The delegate hears the end, as at the motion's own end
    /// (`scrollViewDidEndDecelerating(_:)`, `scrollViewDidEndScrollingAnimation(_:)` or
    /// `scrollViewDidEndZooming(_:with:atScale:)`). Nothing happens when nothing moves.
    open func stopScrollingAndZooming() { stopMotionWhereItIs() }

    /// The recognizer that drags the content. It is the view's own: add it to no other view.
    public private(set) lazy var panGestureRecognizer: UIPanGestureRecognizer = {
        let pan = ScrollPanGestureRecognizer()
        pan.scrollView = self
        pan.allowedScrollTypesMask = .all
        return pan
    }()

    // MARK: Zooming (pinching: UIScrollView+Zooming.swift)

    /// The smallest zoom scale (1 by default).
    open var minimumZoomScale: CGFloat = 1 {
        didSet { updatePinchGesture() }
    }
    /// The largest zoom scale (1 by default: no zooming). Above `minimumZoomScale`, with a view
    /// to zoom, two fingers pinch to zoom.
    open var maximumZoomScale: CGFloat = 1 {
        didSet { updatePinchGesture() }
    }
    /// Whether a pinch may zoom past the limits, with resistance, and then animates back to the
    /// limit (true by default); false stops a pinch at the limit.
    open var bouncesZoom = true
    /// Whether a pinch is zooming the content now (from its begin until the fingers lift).
    open var isZooming: Bool { pinchZoom != nil }
    /// Whether the zoom is animating back to the minimum or maximum scale after a pinch went past it.
    open var isZoomBouncing: Bool { _isZoomBouncing }
    var _isZoomBouncing = false
    /// Whether the zoom scale moves on its own now (after a pinch, back within the limits or with
    /// the offset into the content's range); `stopScrollingAndZooming()` ends it at its limit.
    open var isZoomAnimating: Bool { motion?.zoom != nil }
    /// The scale the zooming view is shown at (1 by default). During a pinch that goes past a
    /// limit (with `bouncesZoom`) it is past the limit.
    open var zoomScale: CGFloat {
        get { _zoomScale }
        set { setZoomScale(newValue, animated: false) }
    }
    var _zoomScale: CGFloat = 1

    /// The pinch that zooms, while it zooms: where it started (see UIScrollView+Zooming.swift).
    var pinchZoom: PinchZoom?

    /// The scroll view's own pinch recognizer, made when first needed; `pinchGestureRecognizer`
    /// hands it out while zooming is possible.
    lazy var zoomPinch: ScrollPinchGestureRecognizer = {
        let pinch = ScrollPinchGestureRecognizer()
        pinch.scrollView = self
        return pinch
    }()

    /// Zooms the view the delegate names (`viewForZooming(in:)`) to `scale`, kept within the
    /// minimum and maximum: the view is scaled by a transform about its top-left corner in the
    /// content, `contentSize` becomes its scaled size, and the delegate hears `scrollViewDidZoom(_:)`.
    /// When `animated`, the delegate hears `scrollViewWillBeginZooming(_:with:)` before and
    /// `scrollViewDidEndZooming(_:with:atScale:)` after, as UIKit calls them around an animated
    /// zoom (Strata zooms at once). Without a view to zoom, nothing changes. A zoom bouncing
    /// back after a pinch ends first, at its limit.
    /// - Precondition: `scale` is finite.
    open func setZoomScale(_ scale: CGFloat, animated: Bool) {
        precondition(scale.isFinite, "UIScrollView.setZoomScale: \(scale) must be finite")
        guard let view = delegate?.viewForZooming(in: self) else { return }
        if motion?.zoom != nil { stopScrolling() }
        if animated { delegate?.scrollViewWillBeginZooming(self, with: view) }
        applyZoom(scale, to: view)
        if animated { delegate?.scrollViewDidEndZooming(self, with: view, atScale: _zoomScale) }
    }

    /// `scale` kept within the minimum and maximum zoom scales.
    func clampedZoomScale(_ scale: CGFloat) -> CGFloat {
        min(max(scale, minimumZoomScale), max(minimumZoomScale, maximumZoomScale))
    }

    /// Scales `view` to `scale` within the limits, telling the delegate when it changes.
    private func applyZoom(_ scale: CGFloat, to view: UIView) {
        if showZoom(clampedZoomScale(scale), of: view) { delegate?.scrollViewDidZoom(self) }
    }

    /// Shows `view` at `scale` (not limited): scaled about its top-left corner, placed at the
    /// content's origin, `contentSize` its scaled size. Returns whether anything changed; the
    /// caller tells the delegate.
    @discardableResult
    func showZoom(_ scale: CGFloat, of view: UIView) -> Bool {
        guard scale != _zoomScale || view.transform != CGAffineTransform(scaleX: scale, y: scale) else { return false }
        _zoomScale = scale
        let size = view.bounds.size
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        view.center = CGPoint(x: size.width * scale / 2, y: size.height * scale / 2)
        contentSize = CGSize(width: size.width * scale, height: size.height * scale)
        return true
    }

    /// Zooms so that `rect` (in the zooming view's coordinates) fills the bounds as far as the
    /// scale limits allow, and scrolls it into view; when `animated`, between the delegate's
    /// zooming begin and end calls.
    open func zoom(to rect: CGRect, animated: Bool) {
        guard rect.width > 0, rect.height > 0, let view = delegate?.viewForZooming(in: self) else { return }
        if motion?.zoom != nil { stopScrolling() }
        if animated { delegate?.scrollViewWillBeginZooming(self, with: view) }
        applyZoom(min(bounds.width / rect.width, bounds.height / rect.height), to: view)
        let s = _zoomScale
        scrollRectToVisible(CGRect(x: rect.minX * s, y: rect.minY * s, width: rect.width * s, height: rect.height * s), animated: animated)
        if animated { delegate?.scrollViewDidEndZooming(self, with: view, atScale: s) }
    }

    /// Places the subviews Auto Layout positions, then takes the content guide's solved size
    /// as `contentSize` (when `contentLayoutGuide` is in use).
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentSizeFollowsLayoutGuide()
        updatePinchGesture()
    }

    /// After the layout (a subclass's included): the indicators are placed for the offset and
    /// the content, above whatever the layout added or moved.
    override func didLayoutSubviews() {
        super.didLayoutSubviews()
        // A list lays out what its bounds show: the render side counts what it shows beyond.
        if laysOutContentLazily { layer.preparedContentRect = laidOutContentRect }
        zoomingViewMayHaveMoved()
        guard indicatorsShow else { return }
        placeScrollIndicators()
        keepIndicatorsOnTop()
    }

    /// A subview added while the indicators show goes under them, as in UIKit.
    open override func didAddSubview(_ subview: UIView) {
        super.didAddSubview(subview)
        if !(subview is _UIScrollViewScrollIndicator), indicatorsShow { keepIndicatorsOnTop() }
    }

    // MARK: Creation

    /// A scroll view with the given frame: it clips its content to its bounds, and its pan
    /// gesture recognizer is attached.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        addGestureRecognizer(panGestureRecognizer)
    }

    /// Strata reads no archives: returns nil (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Touches and content

    /// Hit-tests as every view does; a touch landing here first brings the pinch recognizer up to
    /// date (the delegate's zooming view may have come after the delegate), before the touch
    /// gathers its recognizers.
    open override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        if hit != nil { updatePinchGesture() }
        return hit
    }

    /// Whether a touch may begin in `view`, part of the content (true by default; kept: Strata's
    /// content gets its touches at once).
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { true }

    /// Whether a drag may cancel the touches `view` got: true unless `view` is a control (UIKit's default).
    open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }

    /// A scroll view's own pan begins only when the content can scroll, and not across the only
    /// axis it scrolls on (so a scroll view inside another that scrolls the other way leaves the
    /// drag to it); its pinch only while zooming is possible.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer === zoomPinch { return canZoom }
        guard gestureRecognizer === panGestureRecognizer else { return super.gestureRecognizerShouldBegin(gestureRecognizer) }
        let horizontal = scrollsHorizontally(), vertical = scrollsVertically()
        guard isScrollEnabled, horizontal || vertical else { return false }
        // A scroll event's step, or how far the fingers moved before the pan began.
        let step = panGestureRecognizer.beginningScrollDelta
        let moved = step.map { CGPoint(x: $0.dx, y: $0.dy) } ?? panGestureRecognizer.translation(in: superview)
        if horizontal, !vertical, abs(moved.y) > abs(moved.x) { return false }
        if vertical, !horizontal, abs(moved.x) > abs(moved.y) { return false }
        if let step, passesToContainingScrollView(step) { return false }
        return true
    }

    /// Whether a scroll event's step (a translation: the offset would move by minus it) goes to
    /// the scroll view around this one: there is one, and on each axis the step moves on, this
    /// view is at the end it would move past (or does not scroll that way) and transfers scrolling
    /// on that axis to its parent.
    private func passesToContainingScrollView(_ step: CGVector) -> Bool {
        guard step.dx != 0 || step.dy != 0 else { return false }
        var ancestor = superview
        while let v = ancestor, !(v is UIScrollView) { ancestor = v.superview }
        guard ancestor != nil else { return false }
        let range = offsetRange, offset = contentOffset
        func atEnd(_ d: CGFloat, _ value: CGFloat, _ low: CGFloat, _ high: CGFloat, scrolls: Bool, transfers: Bool) -> Bool {
            guard d != 0 else { return true }
            guard transfers else { return false }
            return !scrolls || (d > 0 ? value <= low + 0.5 : value >= high - 0.5)
        }
        return atEnd(step.dx, offset.x, range.minX, range.maxX, scrolls: scrollsHorizontally(), transfers: transfersHorizontalScrollingToParent)
            && atEnd(step.dy, offset.y, range.minY, range.maxY, scrolls: scrollsVertically(), transfers: transfersVerticalScrollingToParent)
    }

    // MARK: Frame-by-frame motion (UIScrollView+Scrolling.swift)

    /// What moves the offset now, between frames, when nothing drags it.
    var motion: Motion?
    /// Whether the content is laid out only where the bounds show it (a list's rows): false for a
    /// scroll view, whose subviews are all there; lists answer true.
    var laysOutContentLazily: Bool { false }
    /// What a list that lays out lazily has laid out, in its bounds space: its bounds, and what
    /// it prepared ahead of a motion (see UITableView's `prepareRowsAhead`).
    var laidOutContentRect: CGRect { bounds }
    /// Whether the motion is setting the offset (its own step, which the render side already shows).
    var isSteppingMotion = false
    /// Whether motions stay on the main thread, as before the render side scrolled: frames show
    /// only the offsets the model commits (false; benchmarks set it to compare the two).
    @_spi(Testing) public var _motionStaysOnMainThread = false
}

/// What a scroll view tells its delegate (UIKit's `UIScrollViewDelegate`). Every method has a
/// default that does nothing (or answers UIKit's default), so a delegate implements only what it
/// needs. Main actor.
@MainActor
public protocol UIScrollViewDelegate: AnyObject {
    /// The content offset changed (by code, dragging, deceleration or an animation).
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// A drag is about to move the content.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The fingers lifted: `velocity` is in points per millisecond (positive: the offset
    /// growing), `targetContentOffset` where the content will stop; change it to stop elsewhere.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// The drag ended; `decelerate` says whether the content moves on.
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The content starts moving on after a release.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// The content came to rest after moving on.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// An animation of `setContentOffset(_:animated:)` or `scrollRectToVisible(_:animated:)` ended.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// The view to zoom (nil: no zooming).
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// The zoom scale changed.
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    /// Zooming of `view` is about to begin: a pinch began, or an animated zoom
    /// (`setZoomScale(_:animated:)` or `zoom(to:animated:)` with `animated` true).
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    /// Zooming of `view` ended at `scale`: after an animated zoom, or when a pinch's fingers
    /// lifted (once the zoom bounced back to a limit, when it went past one).
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    /// Whether a tap on the status bar may scroll to the top (true by default).
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    /// The view scrolled to the top for a tap on the status bar.
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
    /// `adjustedContentInset` changed.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}
