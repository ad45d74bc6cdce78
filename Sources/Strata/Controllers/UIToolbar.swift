import Foundation

/// A bar of buttons along the bottom of the screen (UIKit's `UIToolbar`): a navigation
/// controller shows one under its content when `isToolbarHidden` is false, with the top
/// controller's `toolbarItems`; a toolbar can also be used alone with `items`. Main actor.
///
/// Light grey (`barTintColor`, or UIKit's 248 grey) with a hairline along its top. The items sit
/// left to right in the bar's top 49 points (the bar reaches on over the safe area below): each
/// button its fitting size, 8 points from the ends and from each other; a fixed space its
/// `width`; flexible spaces share what is left equally. Buttons show the item's title (bold for
/// `.done`), or its image, in the tint colour (or the item's `tintColor`); a custom view shows
/// itself; a hidden item (`isHidden`) takes no room.
@MainActor
open class UIToolbar: UIView {
    /// The height of the bar's items row, in points: a navigation controller's toolbar is this
    /// high over the bottom of the safe area.
    public static let height: CGFloat = 49

    /// The items, left to right (nil: none).
    open var items: [UIBarButtonItem]? {
        get { _items.isEmpty ? nil : _items }
        set { setItems(newValue, animated: false) }
    }
    private var _items: [UIBarButtonItem] = []

    /// The bar's background colour; nil shows UIKit's light grey.
    open var barTintColor: UIColor? { didSet { updateLooks() } }
    /// Whether the bar is translucent (true). A controller whose view does not extend under
    /// opaque bars (`extendedLayoutIncludesOpaqueBars` false) stays above an opaque one.
    open var isTranslucent = true {
        didSet { if isTranslucent != oldValue { translucencyChanged?() } }
    }

    /// Told when `isTranslucent` changes (a navigation controller places its content again).
    var translucencyChanged: (@MainActor () -> Void)?

    private let hairline = UIView()
    /// One view per item, in order (hidden for spaces).
    private var itemViews: [UIView] = []

    /// A toolbar at `frame` with no items.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        hairline.isUserInteractionEnabled = false
        addSubview(hairline)
        updateLooks()
    }

    /// A toolbar with an empty frame.
    public convenience init() { self.init(frame: .zero) }

    /// Creates a toolbar from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Replaces the items (Strata shows them at once).
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        for item in _items { item.onChange = nil }
        _items = items ?? []
        for item in _items { item.onChange = { [weak self] in self?.itemsChanged() } }
        itemsChanged()
    }

    private func updateLooks() {
        backgroundColor = barTintColor ?? UIColor(white: 248.0 / 255, alpha: 1)
        hairline.backgroundColor = UIColor(white: 0, alpha: 0.3)
    }

    /// The items the bar shows: those not hidden (`isHidden`).
    private var shownItems: [UIBarButtonItem] { _items.filter { !$0.isHidden } }

    /// The items changed: their views are made again (none for hidden items).
    private func itemsChanged() {
        for view in itemViews where view.superview === self { view.removeFromSuperview() }
        itemViews = shownItems.map(view(for:))
        for view in itemViews { addSubview(view) }
        setNeedsLayout()
    }

    /// The view that shows `item`: its custom view, or a system button with its image or title.
    private func view(for item: UIBarButtonItem) -> UIView {
        if let custom = item.customView { return custom }
        let button = UIButton(type: .system)
        if let image = item.image {
            button.setImage(image, for: .normal)
        } else {
            button.setTitle(item.title, for: .normal)
        }
        button.titleLabel?.font = .systemFont(ofSize: 17, weight: item.style == .done ? .semibold : .regular)
        if let tint = item.tintColor { button.tintColor = tint }
        item.applyTitleTextAttributes(to: button)
        button.isEnabled = item.isEnabled
        button.addAction(UIAction { [weak item] _ in item?.performAction() }, for: .touchUpInside)
        if item.isSpace { button.isHidden = true }
        return button
    }

    /// Places the items across the top 49 points (see the type's description), the hairline above.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds, scale = window?.screen?.scale ?? 1
        hairline.frame = CGRect(x: 0, y: -1 / scale, width: b.width, height: 1 / scale)
        let rowHeight = min(Self.height, b.height)
        let items = shownItems
        let widths: [CGFloat?] = zip(items, itemViews).map { item, view in
            switch item.systemItem {
            case .flexibleSpace: return nil
            case .fixedSpace: return item.width
            default:
                if item.width > 0 { return item.width }
                if item.customView != nil, view.frame.width > 0 { return view.frame.width }
                return view.sizeThatFits(CGSize(width: b.width, height: rowHeight)).width
            }
        }
        let fixed = widths.compactMap { $0 }.reduce(0, +)
        let gaps = CGFloat(max(items.count - 1, 0)) * 8
        let flexibleCount = widths.filter { $0 == nil }.count
        let flexible = flexibleCount == 0 ? 0 : max(0, b.width - 16 - gaps - fixed) / CGFloat(flexibleCount)
        var x = b.minX + 8
        for (view, width) in zip(itemViews, widths) {
            let w = width ?? flexible
            let h = view.isHidden ? rowHeight : min(view.sizeThatFits(CGSize(width: w, height: rowHeight)).height, rowHeight)
            view.frame = CGRect(x: x, y: b.minY + (rowHeight - h) / 2, width: w, height: h)
            x += w + 8
        }
    }

    /// The offered width, 44 points high (UIKit's standalone toolbar).
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: 44) }
}

extension UIBarButtonItem {
    /// Whether the item is a flexible or fixed space (shows nothing).
    var isSpace: Bool { systemItem == .flexibleSpace || systemItem == .fixedSpace }
}
