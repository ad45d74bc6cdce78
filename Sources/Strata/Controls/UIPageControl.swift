import Foundation

/// A row of dots, one per page, with the current page's dot highlighted: UIKit's
/// `UIPageControl`. Main actor.
///
/// The dots are 7 points across, 16 points apart centre to centre, centred in the bounds; the
/// current page's dot is `currentPageIndicatorTintColor` (white by default, as Apple documents)
/// and the others `pageIndicatorTintColor` (white at 30 %). A page can show a picture instead of
/// a dot (`preferredIndicatorImage`, `setIndicatorImage(_:forPage:)`).
///
/// A tap left of the current dot goes back one page and a tap right of it forward one ("the page
/// control advances only one page in either direction"), sending `.valueChanged`. With
/// `allowsContinuousInteraction` (true), dragging along the control more than 10 points scrubs:
/// the current page follows the dot nearest the finger, with `.valueChanged` at each change.
/// Setting `currentPage` sends nothing.
@MainActor
open class UIPageControl: UIControl {
    /// The dots' background: UIKit's `UIPageControl.BackgroundStyle`.
    public enum BackgroundStyle: Int, Sendable {
        /// A background only while the user interacts (the default).
        case automatic = 0
        /// A background always.
        case prominent = 1
        /// Never a background.
        case minimal = 2
    }

    /// How the user is changing the page: UIKit's `UIPageControl.InteractionState`.
    public enum InteractionState: Int, Sendable {
        /// No interaction.
        case none = 0
        /// A tap stepping one page.
        case discrete = 1
        /// A drag scrubbing through the pages.
        case continuous = 2
    }

    /// A dot's diameter (7 points).
    public static let indicatorDiameter: CGFloat = 7
    /// The distance between two dots' centres (16 points).
    public static let indicatorPitch: CGFloat = 16
    /// The control's height when it sizes itself (26 points).
    public static let preferredHeight: CGFloat = 26
    /// The space left and right of the dots when the control sizes itself (12 points).
    static let horizontalPadding: CGFloat = 12
    /// How far a touch must move across before it scrubs.
    static let scrubThreshold: CGFloat = 10
    static let defaultIndicatorColor = UIColor(white: 1, alpha: 0.3)
    static let backgroundColorProminent = UIColor(white: 0, alpha: 0.25)

    private let platter = UIView()
    private var indicators: [UIView] = []
    private var touchStartX: CGFloat = 0
    private var isScrubbing = false
    private var touchIsDown = false

    /// A page control at `frame`, with no pages.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        platter.isUserInteractionEnabled = false
        platter.isHidden = true
        addSubview(platter)
    }

    /// A page control with an empty frame.
    public convenience init() { self.init(frame: .zero) }

    /// Creates a page control from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: Pages

    /// How many pages, and dots, there are (0). A negative count is taken as 0; `currentPage` is
    /// pinned to the new range.
    open var numberOfPages: Int {
        get { _numberOfPages }
        set {
            let count = max(newValue, 0)
            guard count != _numberOfPages else { return }
            _numberOfPages = count
            _currentPage = pinned(_currentPage)
            displayedPage = _currentPage
            rebuildIndicators()
            invalidateIntrinsicContentSize()
        }
    }
    private var _numberOfPages = 0

    /// The current page, from 0 (0): pinned to `0…numberOfPages − 1` (0 with no pages).
    /// Setting it moves the highlight at once and sends no event.
    open var currentPage: Int {
        get { _currentPage }
        set {
            _currentPage = pinned(newValue)
            displayedPage = _currentPage
            updateIndicators()
        }
    }
    private var _currentPage = 0
    /// The page whose dot is highlighted (differs from `currentPage` only while deferred).
    private var displayedPage = 0

    private func pinned(_ page: Int) -> Int { min(max(page, 0), max(_numberOfPages - 1, 0)) }

    /// Whether the control shows nothing when there is only one page (false).
    open var hidesForSinglePage = false {
        didSet { updateIndicators() }
    }

    /// Deprecated in UIKit: whether a tap changes `currentPage` without moving the highlight
    /// until `updateCurrentPageDisplay()` (false).
    open var defersCurrentPageDisplay = false

    /// Moves the highlight to `currentPage` (for `defersCurrentPageDisplay`).
    open func updateCurrentPageDisplay() {
        displayedPage = _currentPage
        updateIndicators()
    }

    /// Whether dragging along the control scrubs through the pages (true).
    open var allowsContinuousInteraction = true

    /// How the user is changing the page now: `.continuous` while scrubbing, `.discrete` while a
    /// tap's `.valueChanged` is sent, else `.none`.
    public private(set) var interactionState = InteractionState.none

    /// The dots' background (`.automatic`: shown only while the user interacts).
    open var backgroundStyle = BackgroundStyle.automatic {
        didSet { updateIndicators() }
    }

    // MARK: Looks

    /// The other pages' dot colour; nil shows white at 30 %.
    open var pageIndicatorTintColor: UIColor? { didSet { updateIndicators() } }
    /// The current page's dot colour; nil shows white.
    open var currentPageIndicatorTintColor: UIColor? { didSet { updateIndicators() } }

    /// A picture every page shows instead of a dot (nil: dots).
    open var preferredIndicatorImage: UIImage? { didSet { rebuildIndicators() } }
    private var pageImages: [Int: UIImage] = [:]

    /// Sets the picture page `page` shows instead of the preferred one or a dot (nil removes it).
    /// A page outside `0..<numberOfPages` is ignored, as UIKit does.
    open func setIndicatorImage(_ image: UIImage?, forPage page: Int) {
        guard (0..<_numberOfPages).contains(page) else { return }
        pageImages[page] = image
        rebuildIndicators()
    }

    /// The picture set for `page`, or nil.
    open func indicatorImage(forPage page: Int) -> UIImage? { pageImages[page] }

    /// The smallest size that shows `pageCount` dots: 16 points per dot less the 9-point gap
    /// after the last, plus 12 points each side, by 26 points (0 wide for no pages).
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        guard pageCount > 0 else { return CGSize(width: 0, height: Self.preferredHeight) }
        let dots = CGFloat(pageCount - 1) * Self.indicatorPitch + Self.indicatorDiameter
        return CGSize(width: dots + 2 * Self.horizontalPadding, height: Self.preferredHeight)
    }

    /// The size for `numberOfPages`.
    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: _numberOfPages) }

    /// The size for `numberOfPages`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { self.size(forNumberOfPages: _numberOfPages) }

    /// The centre x of page `page`'s dot, in bounds coordinates.
    func indicatorCenterX(_ page: Int) -> CGFloat {
        let span = CGFloat(max(_numberOfPages - 1, 0)) * Self.indicatorPitch
        return bounds.midX - span / 2 + CGFloat(page) * Self.indicatorPitch
    }

    private var showsNothing: Bool { _numberOfPages == 0 || (hidesForSinglePage && _numberOfPages == 1) }

    private func rebuildIndicators() {
        for view in indicators { view.removeFromSuperview() }
        indicators = (0..<_numberOfPages).map { page in
            let view: UIView
            if let image = pageImages[page] ?? preferredIndicatorImage {
                view = UIImageView(image: image)
            } else {
                view = UIView()
                view.layer.cornerRadius = Self.indicatorDiameter / 2
            }
            view.isUserInteractionEnabled = false
            addSubview(view)
            return view
        }
        placeIndicators()
        updateIndicators()
    }

    private func placeIndicators() {
        UIView.performWithoutAnimation {
            for (page, view) in indicators.enumerated() {
                let size = (view as? UIImageView)?.image?.size ?? CGSize(width: Self.indicatorDiameter, height: Self.indicatorDiameter)
                view.frame = CGRect(
                    x: indicatorCenterX(page) - size.width / 2, y: bounds.midY - size.height / 2, width: size.width,
                    height: size.height)
            }
            let width = size(forNumberOfPages: _numberOfPages).width
            platter.frame = CGRect(x: bounds.midX - width / 2, y: bounds.midY - Self.preferredHeight / 2, width: width, height: Self.preferredHeight)
            platter.layer.cornerRadius = Self.preferredHeight / 2
        }
    }

    private func updateIndicators() {
        UIView.performWithoutAnimation {
            let hidden = showsNothing
            for (page, view) in indicators.enumerated() {
                let color = page == displayedPage ? (currentPageIndicatorTintColor ?? .white) : (pageIndicatorTintColor ?? Self.defaultIndicatorColor)
                view.isHidden = hidden
                if let imageView = view as? UIImageView {
                    imageView.tintColor = color
                    imageView.alpha = page == displayedPage ? 1 : 0.5
                } else {
                    view.backgroundColor = color
                }
            }
            let interacting = touchIsDown || interactionState != .none
            platter.isHidden = hidden || backgroundStyle == .minimal || (backgroundStyle == .automatic && !interacting)
            platter.backgroundColor = Self.backgroundColorProminent
        }
    }

    /// Places the dots for the bounds.
    open override func layoutSubviews() {
        super.layoutSubviews()
        placeIndicators()
    }

    /// A control that shows nothing takes no touches.
    open override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        !showsNothing && super.point(inside: point, with: event)
    }

    // MARK: Tracking

    /// Starts a tap or a scrub.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        touchStartX = touch.location(in: self).x
        isScrubbing = false
        touchIsDown = true
        updateIndicators()
        return true
    }

    /// Once the finger has moved across more than 10 points (with `allowsContinuousInteraction`),
    /// the current page follows the dot nearest it, sending `.valueChanged` at each change.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let x = touch.location(in: self).x
        if !isScrubbing, allowsContinuousInteraction, abs(x - touchStartX) > Self.scrubThreshold {
            isScrubbing = true
            interactionState = .continuous
            updateIndicators()
        }
        if isScrubbing { scrub(to: x, with: event) }
        return true
    }

    private func scrub(to x: CGFloat, with event: UIEvent?) {
        guard _numberOfPages > 0 else { return }
        let page = pinned(Int(((x - indicatorCenterX(0)) / Self.indicatorPitch).rounded()))
        guard page != _currentPage else { return }
        _currentPage = page
        displayedPage = page
        updateIndicators()
        sendActions(for: .valueChanged, with: event)
    }

    /// A tap (lifted inside, not a scrub) left of the current dot goes back a page, right of it
    /// forward a page, and sends `.valueChanged` when the page changed.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        defer {
            isScrubbing = false
            touchIsDown = false
            interactionState = .none
            updateIndicators()
        }
        guard let touch, !isScrubbing, isTouchInside, _numberOfPages > 0 else { return }
        let x = touch.location(in: self).x
        let page = pinned(x < indicatorCenterX(displayedPage) ? _currentPage - 1 : _currentPage + 1)
        guard page != _currentPage else { return }
        _currentPage = page
        if !defersCurrentPageDisplay { displayedPage = page }
        interactionState = .discrete
        updateIndicators()
        sendActions(for: .valueChanged, with: event)
    }

    /// Tracking was cancelled: a scrub keeps the page it reached.
    open override func cancelTracking(with event: UIEvent?) {
        isScrubbing = false
        touchIsDown = false
        interactionState = .none
        updateIndicators()
    }

    /// Keeps a superview's pan recognizer from taking a scrub.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if isTracking, allowsContinuousInteraction, gestureRecognizer.view !== self, gestureRecognizer is UIPanGestureRecognizer { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}
