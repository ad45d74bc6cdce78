import Foundation

/// What a tab bar shows for a view controller (UIKit's `UITabBarItem`): a title, an image, a
/// badge; the title, image, enabled state and tag come from `UIBarItem`. Main actor.
@MainActor
open class UITabBarItem: UIBarItem {
    /// The tabs UIKit provides (UIKit's `UITabBarItem.SystemItem`), shown by their titles.
    public enum SystemItem: Int, Sendable {
        case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads, mostRecent, mostViewed

        var title: String {
            switch self {
            case .more: "More"
            case .favorites: "Favorites"
            case .featured: "Featured"
            case .topRated: "Top Rated"
            case .recents: "Recents"
            case .contacts: "Contacts"
            case .history: "History"
            case .bookmarks: "Bookmarks"
            case .search: "Search"
            case .downloads: "Downloads"
            case .mostRecent: "Most Recent"
            case .mostViewed: "Most Viewed"
            }
        }
    }

    /// The image while the tab is selected (nil: `image`).
    open var selectedImage: UIImage? { didSet { barItemDidChange() } }
    /// Text shown in a badge at the image's top-right corner (nil: no badge).
    open var badgeValue: String? { didSet { barItemDidChange() } }
    /// The badge's colour (nil: UIKit's red).
    open var badgeColor: UIColor? { didSet { barItemDidChange() } }
    /// Moves the title from its place in the tab, in points (zero).
    open var titlePositionAdjustment = UIOffset.zero { didSet { barItemDidChange() } }
    private var badgeAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]

    /// Sets the badge text's attributes for `state` (nil removes them): `.font` and
    /// `.foregroundColor` of the normal state's are used.
    open func setBadgeTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        badgeAttributes[state.rawValue] = attributes
        barItemDidChange()
    }

    /// The badge text's attributes set for `state` (nil when none were set for it).
    open func badgeTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        badgeAttributes[state.rawValue]
    }

    /// An item with a title, an image and a tag.
    public init(title: String?, image: UIImage?, tag: Int) {
        super.init()
        (self.title, self.image, self.tag) = (title, image, tag)
    }

    /// An item with a title, an image and an image for when it is selected.
    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        super.init()
        (self.title, self.image, self.selectedImage) = (title, image, selectedImage)
    }

    /// A system item (shown by its title; SF Symbols, UIKit's pictures, are Apple's).
    public init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        super.init()
        (self.title, self.tag) = (systemItem.title, tag)
    }

    /// An item with no title or image.
    public override init() { super.init() }
}

/// A bar of tabs along the bottom of a tab bar controller (UIKit's `UITabBar`): one button per
/// item, sharing the width equally, the selected one in the tint colour, the others in
/// `unselectedItemTintColor` (grey). 49 points high over a light grey background with a hairline
/// at its top. Main actor.
@MainActor
open class UITabBar: UIView {
    /// The bar's height (the home indicator's safe area below it is added by its controller).
    public static let height: CGFloat = 49

    /// The items, left to right.
    open var items: [UITabBarItem]? {
        get { _items.isEmpty ? nil : _items }
        set { setItems(newValue, animated: false) }
    }
    private var _items: [UITabBarItem] = []

    /// The selected item (one of `items`), or nil.
    open var selectedItem: UITabBarItem? { didSet { itemsChanged() } }

    /// Told when the user selects an item (held weakly).
    open weak var delegate: (any UITabBarDelegate)?

    /// The colour of unselected items (nil: grey).
    open var unselectedItemTintColor: UIColor? { didSet { itemsChanged() } }
    /// The bar's background colour (nil: UIKit's light grey).
    open var barTintColor: UIColor? { didSet { backgroundColor = barTintColor ?? UIColor(white: 248.0 / 255, alpha: 1) } }
    /// Whether the bar is translucent (true; kept: Strata draws it opaque).
    open var isTranslucent = true

    /// What a tap on an item does: in a tab bar controller, selects its controller; alone,
    /// selects the item and tells the delegate.
    var selectAction: (@MainActor (UITabBarItem) -> Void)?

    private let hairline = UIView()
    private var buttons: [UIButton] = []

    /// A bar at `frame` with no items.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor(white: 248.0 / 255, alpha: 1)
        hairline.backgroundColor = UIColor(white: 0, alpha: 0.3)
        hairline.isUserInteractionEnabled = false
        addSubview(hairline)
    }

    /// A bar with an empty frame.
    public convenience init() { self.init(frame: .zero) }

    /// Creates a bar from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Replaces the items (the selection is kept when it is still among them).
    open func setItems(_ items: [UITabBarItem]?, animated: Bool) {
        _items = items ?? []
        for item in _items { item.onChange = { [weak self] in self?.itemsChanged() } }
        if let selected = selectedItem, !_items.contains(where: { $0 === selected }) { selectedItem = nil }
        itemsChanged()
    }

    private func itemsChanged() {
        for button in buttons { button.removeFromSuperview() }
        buttons = _items.map { item in
            let button = UIButton(type: .custom)
            let selected = item === selectedItem
            button.setTitle(item.title, for: .normal)
            if let image = selected ? item.selectedImage ?? item.image : item.image { button.setImage(image, for: .normal) }
            button.setTitleColor(selected ? tintColor : unselectedItemTintColor ?? .systemGray, for: .normal)
            button.titleLabel?.font = .systemFont(ofSize: 10, weight: .medium)
            button.isEnabled = item.isEnabled
            button.addAction(UIAction { [weak self, weak item] _ in if let self, let item { self.tapped(item) } }, for: .touchUpInside)
            if let value = item.badgeValue { button.addSubview(badge(value, color: item.badgeColor, attributes: item.badgeTextAttributes(for: .normal))) }
            let shift = item.titlePositionAdjustment
            button.titleEdgeInsets = UIEdgeInsets(top: shift.vertical, left: shift.horizontal, bottom: -shift.vertical, right: -shift.horizontal)
            addSubview(button)
            return button
        }
        setNeedsLayout()
    }

    /// A badge showing `value`: white 13-point text (or the `.font` and `.foregroundColor` of
    /// `attributes`) on a red (or `color`) capsule 18 points high.
    private func badge(_ value: String, color: UIColor?, attributes: [NSAttributedString.Key: Any]?) -> UILabel {
        let label = UILabel()
        label.text = value
        label.font = (attributes?[.font] as? UIFont) ?? .systemFont(ofSize: 13)
        label.textColor = (attributes?[.foregroundColor] as? UIColor) ?? .white
        label.textAlignment = .center
        label.backgroundColor = color ?? .systemRed
        label.layer.cornerRadius = 9
        label.layer.masksToBounds = true
        label.isUserInteractionEnabled = false
        label.tag = Self.badgeTag
        return label
    }

    /// Marks badge labels among a button's subviews.
    static let badgeTag = 0x5ba_d9e

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        itemsChanged()
    }

    private func tapped(_ item: UITabBarItem) {
        if let selectAction {
            selectAction(item)
        } else {
            selectedItem = item
            delegate?.tabBar(self, didSelect: item)
        }
    }

    /// Places the buttons side by side across the bar's top 49 points, the hairline above them.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds, scale = window?.screen?.scale ?? 1
        hairline.frame = CGRect(x: 0, y: -1 / scale, width: b.width, height: 1 / scale)
        guard !buttons.isEmpty else { return }
        let width = b.width / CGFloat(buttons.count)
        for (i, button) in buttons.enumerated() {
            button.frame = CGRect(x: b.minX + CGFloat(i) * width, y: b.minY, width: width, height: min(Self.height, b.height))
            if let badge = button.viewWithTag(Self.badgeTag) {
                // At the top right of the tab's middle, at least round.
                let text = badge.sizeThatFits(CGSize(width: width, height: 18))
                badge.frame = CGRect(x: width / 2 + 6, y: 2, width: max(18, text.width + 10), height: 18)
            }
        }
    }

    /// The offered width, 49 points high.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.height) }
}

/// What a tab bar tells its delegate (UIKit's `UITabBarDelegate`). Main actor.
@MainActor
public protocol UITabBarDelegate: AnyObject {
    /// The user selected `item`.
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}

extension UITabBarDelegate {
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
}
