import Foundation

/// A bar showing the top of a stack of navigation items (UIKit's `UINavigationBar`): the top
/// item's title in the middle, its left items (or a back button to the item below) at the left,
/// its right items at the right. A navigation controller keeps one over its content; a bar can
/// also be used alone with `items`, `pushItem(_:animated:)` and `popItem(animated:)`. Main actor.
///
/// 44 points high, light grey (`barTintColor`, or UIKit's 248 grey) with a hairline at the
/// bottom; the title in 17-point semibold (`titleTextAttributes` may set `.font` and
/// `.foregroundColor`); buttons in the tint colour. The back button shows "‹" and the title of the
/// item below (its `backButtonTitle` or `backBarButtonItem`'s, else its title, else "Back").
///
/// With `prefersLargeTitles` (and the top item's `largeTitleDisplayMode` allowing it, in a
/// regular-height environment) the bar is 96 points high: the 44-point row of buttons, then a
/// 52-point area with the title left-aligned in the large-title text style, bold (34 points at
/// the default text size), and the small centred title hidden. A navigation controller shrinks
/// that area as its content scrolls up (UINavigationBar+LargeTitle.swift) and picks the
/// appearance for the content's scroll edge and the bar's height (`scrollEdgeAppearance`,
/// `compactAppearance`, `compactScrollEdgeAppearance`).
@MainActor
open class UINavigationBar: UIView {
    /// The height of the bar's row of buttons and small title: the whole bar without a large
    /// title (44 points).
    public static let height: CGFloat = 44

    /// The items, bottom to top; the last is shown.
    open var items: [UINavigationItem]? {
        get { _items.isEmpty ? nil : _items }
        set { setItems(newValue, animated: false) }
    }
    private var _items: [UINavigationItem] = []

    /// The item shown (the last of `items`).
    open var topItem: UINavigationItem? { _items.last }
    /// The item below the top one, whose title the back button shows.
    open var backItem: UINavigationItem? { _items.count > 1 ? _items[_items.count - 2] : nil }

    /// The bar's background colour; nil shows UIKit's light grey.
    open var barTintColor: UIColor? { didSet { updateLooks() } }
    /// Whether the bar is translucent (true; kept: Strata draws it opaque).
    open var isTranslucent = true
    /// Whether the bar shows the top item's title large, under the row of buttons, where the
    /// item's `largeTitleDisplayMode` lets it (false).
    open var prefersLargeTitles = false {
        didSet { if oldValue != prefersLargeTitles { largeTitleStateChanged() } }
    }
    /// The title's attributes: `.font` and `.foregroundColor` are used.
    open var titleTextAttributes: [NSAttributedString.Key: Any]? { didSet { updateLooks() } }
    /// The large title's attributes: `.font` and `.foregroundColor` are used (an appearance's
    /// `largeTitleTextAttributes` win over them).
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any]? { didSet { updateLooks() } }

    /// The look of the bar (iOS 13's appearance API): its background colour, hairline and title
    /// attributes override `barTintColor` and `titleTextAttributes`. A copy is kept, as UIKit's
    /// are: change the appearance, then assign it again. The top item's `standardAppearance`,
    /// when set, wins.
    open var standardAppearance = UINavigationBarAppearance() {
        didSet {
            standardAppearance = standardAppearance.copy()
            updateLooks()
        }
    }
    /// The look in a vertically compact environment (a phone in landscape); nil: the top item's
    /// or the bar's `standardAppearance`. The top item's `compactAppearance` wins. A copy is kept.
    open var compactAppearance: UINavigationBarAppearance? {
        didSet {
            if let appearance = compactAppearance, appearance !== oldValue { compactAppearance = appearance.copy() }
            updateLooks()
        }
    }
    /// The look while a navigation controller's content is scrolled to its top edge; nil: the
    /// standard appearance with a transparent background and no hairline (iOS 15's default). A
    /// bar no navigation controller manages ignores it. The top item's wins. A copy is kept.
    open var scrollEdgeAppearance: UINavigationBarAppearance? {
        didSet {
            if let appearance = scrollEdgeAppearance, appearance !== oldValue { scrollEdgeAppearance = appearance.copy() }
            updateLooks()
        }
    }
    /// The look at the scroll edge in a vertically compact environment; nil: the scroll-edge
    /// look. A bar no navigation controller manages uses its compact look instead. The top
    /// item's wins. A copy is kept.
    open var compactScrollEdgeAppearance: UINavigationBarAppearance? {
        didSet {
            if let appearance = compactScrollEdgeAppearance, appearance !== oldValue { compactScrollEdgeAppearance = appearance.copy() }
            updateLooks()
        }
    }

    /// Whether the content under the bar is at its top edge: nil while no navigation controller
    /// manages the bar (it then shows its standard or compact look), else set by the controller.
    var isAtScrollEdge: Bool? {
        didSet { if oldValue != isAtScrollEdge { updateLooks() } }
    }
    /// How far the large-title area is collapsed, 0 (all 52 points shown) to 52 (the bar is 44
    /// points high); the navigation controller sets it from its content's offset.
    var largeTitleCollapse: CGFloat = 0 {
        didSet { if oldValue != largeTitleCollapse { largeTitleStateChanged() } }
    }

    /// What the back button does: in a navigation controller, it pops; alone, `popItem(animated:)`.
    var backAction: (@MainActor () -> Void)?
    /// The title an item shows when it has none of its own (a navigation controller gives its
    /// controller's `title`).
    var fallbackTitle: (@MainActor (UINavigationItem) -> String?)?

    private let titleLabel = UILabel()
    /// Called when the bar's height changed (its navigation controller lays out again).
    var barHeightChanged: (@MainActor () -> Void)?
    /// The heights (now, expanded) last reported to `barHeightChanged`.
    private var reportedHeights = (UINavigationBar.height, UINavigationBar.height)
    /// The large-title area under the row of buttons (clipping the large title as it collapses).
    let largeTitleArea = UIView()
    /// The large title, left-aligned in `largeTitleArea`.
    let largeTitleLabel = UILabel()
    private let hairline = UIView()
    private var buttons: [UIView] = []
    private var leftViews: [UIView] = [], rightViews: [UIView] = []

    /// A bar at `frame` with no items.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        titleLabel.textAlignment = .center
        titleLabel.lineBreakMode = .byTruncatingTail
        hairline.isUserInteractionEnabled = false
        largeTitleArea.clipsToBounds = true
        largeTitleArea.isUserInteractionEnabled = false
        largeTitleArea.isHidden = true
        largeTitleLabel.lineBreakMode = .byTruncatingTail
        largeTitleArea.addSubview(largeTitleLabel)
        addSubview(largeTitleArea)
        addSubview(titleLabel)
        addSubview(hairline)
        updateLooks()
    }

    /// A bar with an empty frame.
    public convenience init() { self.init(frame: .zero) }

    /// Creates a bar from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Replaces the items (Strata shows the new top at once).
    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        _items = items ?? []
        for item in _items { item.onChange = { [weak self] in self?.itemsChanged() } }
        itemsChanged()
    }

    /// Puts `item` on top and shows it.
    open func pushItem(_ item: UINavigationItem, animated: Bool) {
        setItems(_items + [item], animated: animated)
    }

    /// Takes the top item off and shows the one below; returns it (nil with none).
    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard let top = _items.last else { return nil }
        top.onChange = nil
        setItems(Array(_items.dropLast()), animated: animated)
        return top
    }

    func updateLooks() {
        let appearance = currentAppearance
        backgroundColor = appearance.backgroundColor ?? barTintColor ?? UIColor(white: 248.0 / 255, alpha: 1)
        hairline.backgroundColor = appearance.shadowColor
        hairline.isHidden = appearance.shadowColor == nil || appearance.shadowColor == .clear
        let attributes = (titleTextAttributes ?? [:]).merging(appearance.titleTextAttributes) { $1 }
        titleLabel.font = (attributes[.font] as? UIFont) ?? .systemFont(ofSize: 17, weight: .semibold)
        titleLabel.textColor = (attributes[.foregroundColor] as? UIColor) ?? .label
        let large = (largeTitleTextAttributes ?? [:]).merging(appearance.largeTitleTextAttributes) { $1 }
        largeTitleLabel.font = (large[.font] as? UIFont) ?? Self.largeTitleFont(for: traitCollection)
        largeTitleLabel.textColor = (large[.foregroundColor] as? UIColor) ?? .label
        setNeedsLayout()
    }

    /// What the top item shows changed: the title and buttons are made again.
    private func itemsChanged() {
        updateLooks()
        for view in buttons { view.removeFromSuperview() }
        (buttons, leftViews, rightViews) = ([], [], [])
        guard let top = topItem else {
            titleLabel.text = nil
            largeTitleLabel.text = nil
            largeTitleStateChanged()
            return
        }
        titleLabel.text = top.title ?? fallbackTitle?(top)
        largeTitleLabel.text = titleLabel.text
        updateTitleVisibility()
        if let titleView = top.titleView { buttons.append(titleView) }
        let left = top.leftBarButtonItems ?? []
        if let below = backItem, !top.hidesBackButton, left.isEmpty || top.leftItemsSupplementBackButton {
            let named = below.backButtonTitle ?? below.title ?? fallbackTitle?(below) ?? "Back"
            let title: String
            if let custom = below.backBarButtonItem?.title {
                title = "‹ " + custom
            } else {
                switch below.backButtonDisplayMode {
                case .default: title = "‹ " + named
                case .generic: title = "‹ Back"
                case .minimal: title = "‹"
                }
            }
            let back = UIButton(type: .system)
            back.setTitle(title, for: .normal)
            back.addAction(UIAction { [weak self] _ in self?.goBack() }, for: .touchUpInside)
            leftViews.append(back)
        }
        leftViews += left.map(view(for:))
        rightViews = (top.rightBarButtonItems ?? []).map(view(for:))
        buttons += leftViews + rightViews
        for view in buttons { addSubview(view) }
        largeTitleStateChanged()
    }

    /// Hides or shows the small centred title.
    func titleLabel(hidden: Bool) { titleLabel.isHidden = hidden }

    /// Tells the owner when `barHeight` or `expandedBarHeight` is not what it last heard.
    func heightMayHaveChanged() {
        let heights = (barHeight, expandedBarHeight)
        guard heights != reportedHeights else { return }
        reportedHeights = heights
        invalidateIntrinsicContentSize()
        barHeightChanged?()
    }

    /// A vertically compact environment shows no large title and its compact look; a new text
    /// size gives the default large title its new size.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        updateLooks()
        largeTitleStateChanged()
    }

    private func goBack() {
        if let backAction { backAction() } else { popItem(animated: true) }
    }

    /// The view that shows `item`: its custom view, or a system button with its title.
    private func view(for item: UIBarButtonItem) -> UIView {
        if let custom = item.customView {
            custom.isHidden = item.isHidden
            return custom
        }
        let button = UIButton(type: .system)
        if let image = item.image {
            button.setImage(image, for: .normal)
        } else {
            button.setTitle(item.title, for: .normal)
        }
        if item.style == .done { button.titleLabel?.font = .systemFont(ofSize: 17, weight: .semibold) }
        if let tint = item.tintColor { button.tintColor = tint }
        item.applyTitleTextAttributes(to: button)
        button.isEnabled = item.isEnabled
        button.addAction(UIAction { [weak item] _ in item?.performAction() }, for: .touchUpInside)
        if item.systemItem == .flexibleSpace || item.systemItem == .fixedSpace || item.isHidden { button.isHidden = true }
        return button
    }

    /// Places the buttons at the ends of the top 44-point row (8 points in, 8 between) and the
    /// title in its middle, as wide as the buttons leave room for; below the row, the large-title
    /// area and its title (UINavigationBar+LargeTitle.swift).
    open override func layoutSubviews() {
        super.layoutSubviews()
        let scale = window?.screen?.scale ?? 1
        let whole = bounds
        layoutLargeTitle(in: whole)
        let b = CGRect(x: whole.minX, y: whole.minY, width: whole.width, height: min(whole.height, Self.height))
        hairline.frame = CGRect(x: 0, y: whole.height, width: whole.width, height: 1 / scale)
        // A button its fitting size, a custom view its own (or its fitting size when it has none).
        func size(of view: UIView) -> CGSize {
            let own = view is UIButton || view.frame.size == .zero ? view.sizeThatFits(CGSize(width: b.width / 2, height: b.height)) : view.frame.size
            return CGSize(width: min(own.width, b.width / 2), height: min(own.height, b.height))
        }
        var x = b.minX + 8
        for view in leftViews {
            let s = view.isHidden ? .zero : size(of: view)
            view.frame = CGRect(x: x, y: b.midY - s.height / 2, width: s.width, height: s.height)
            x += s.width + 8
        }
        var right = b.maxX - 8
        for view in rightViews {
            let s = view.isHidden ? .zero : size(of: view)
            view.frame = CGRect(x: right - s.width, y: b.midY - s.height / 2, width: s.width, height: s.height)
            right -= s.width + 8
        }
        // Centred on the bar when it fits between the buttons; else between them.
        let room = max(0, min(b.midX - x, right - b.midX))
        let titleView = topItem?.titleView ?? titleLabel
        let wanted = titleView.sizeThatFits(CGSize(width: b.width, height: b.height))
        let width = min(wanted.width, 2 * room)
        let height = min(max(wanted.height, titleView === titleLabel ? 0 : titleView.frame.height), b.height)
        titleView.frame = CGRect(x: b.midX - width / 2, y: b.midY - height / 2, width: width, height: height)
    }

    /// The offered width, the bar's height: 44 points, 96 with a large title shown whole.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: barHeight) }

    /// No intrinsic width; the bar's height (44 points, 96 with a large title shown whole).
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: barHeight) }
}
