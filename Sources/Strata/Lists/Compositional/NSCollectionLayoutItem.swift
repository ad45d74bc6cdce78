import Foundation

/// The smallest piece of a compositional layout: the size, spacing and insets of one cell
/// (UIKit's `NSCollectionLayoutItem`). Main actor only.
///
/// An item's box is its `layoutSize` resolved in its group; `edgeSpacing` adds room outside the
/// box, then `contentInsets` shrink the cell inside it (not on an axis whose dimension is estimated).
@MainActor
open class NSCollectionLayoutItem: NSObject {
    /// The item's width and height.
    public let layoutSize: NSCollectionLayoutSize
    /// Insets from the item's box to its cell, in points (`.zero`). Ignored on an axis whose
    /// dimension is estimated.
    public var contentInsets = NSDirectionalEdgeInsets.zero
    /// Spacing outside the item's edges, between it and its neighbours (nil: none).
    public var edgeSpacing: NSCollectionLayoutEdgeSpacing?

    /// The supplementary items attached to this item; a group makes them settable.
    var attachedSupplementaryItems: [NSCollectionLayoutSupplementaryItem]

    /// Supplementary views (badges, frames) anchored to the item.
    open var supplementaryItems: [NSCollectionLayoutSupplementaryItem] { attachedSupplementaryItems }

    /// An item of the given size.
    public convenience init(layoutSize: NSCollectionLayoutSize) {
        self.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    /// An item of the given size with supplementary views anchored to it.
    public init(layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]) {
        self.layoutSize = layoutSize
        attachedSupplementaryItems = supplementaryItems
        super.init()
    }
}

/// The closure a custom group calls for its items' frames, given the group's size as the
/// environment's container (UIKit's `NSCollectionLayoutGroupCustomItemProvider`).
public typealias NSCollectionLayoutGroupCustomItemProvider = (any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]

/// A container of items laid out in a row, a column or custom frames, repeated by its section
/// until the section's items run out (UIKit's `NSCollectionLayoutGroup`). Main actor only.
///
/// A group made from `subitems` lays each subitem out once, in order, then the section starts the
/// next group. Its subitems' fractional dimensions are fractions of the group's size less its
/// content insets.
///
/// - Precondition: a `count` is at least 1; the factories trap naming it otherwise.
@MainActor
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    /// How a group arranges its subitems.
    enum Arrangement {
        case horizontal, vertical
        case custom(NSCollectionLayoutGroupCustomItemProvider)
    }

    /// Row, column or custom frames; set once by the factory that made the group.
    var arrangement = Arrangement.horizontal
    /// How many times the single subitem repeats (count-based groups), else nil.
    var repeatCount: Int?
    /// Whether the repeated subitem is stretched to fill the group (the deprecated `subitem:count:`
    /// factories) rather than keeping its own size (`repeatingSubitem:count:`).
    var fillsWithRepeatedSubitem = false

    /// The items and groups the group lays out, in order.
    public let subitems: [NSCollectionLayoutItem]
    /// The space between neighbouring subitems along the group's axis (nil: none).
    public var interItemSpacing: NSCollectionLayoutSpacing?

    /// Supplementary views anchored to the group.
    open override var supplementaryItems: [NSCollectionLayoutSupplementaryItem] {
        get { attachedSupplementaryItems }
        set { attachedSupplementaryItems = newValue }
    }

    /// Creates a horizontal group; the factories then set its arrangement.
    ///
    /// Not UIKit API: `Self`-returning factories need a `required` initializer, which an open class
    /// must make public. Use the factories.
    @_spi(Testing) public required init(_layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) {
        self.subitems = subitems
        super.init(layoutSize: _layoutSize, supplementaryItems: [])
    }

    private class func make(
        _ size: NSCollectionLayoutSize, _ subitems: [NSCollectionLayoutItem], _ arrangement: Arrangement, count: Int? = nil, fills: Bool = false,
        _ name: String = ""
    ) -> Self {
        if let count { precondition(count >= 1, "NSCollectionLayoutGroup.\(name): count must be at least 1, got \(count)") }
        let group = self.init(_layoutSize: size, subitems: subitems)
        group.arrangement = arrangement
        group.repeatCount = count
        group.fillsWithRepeatedSubitem = fills
        return group
    }

    /// A group that lays `subitems` out left to right (leading to trailing), once each.
    public class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> Self {
        make(layoutSize, subitems, .horizontal)
    }

    /// A group that lays `subitems` out top to bottom, once each.
    public class func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> Self {
        make(layoutSize, subitems, .vertical)
    }

    /// A group that repeats `subitem` `count` times in a row, each at the subitem's own size (making
    /// sure they fit is the caller's job).
    public class func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> Self {
        make(layoutSize, [subitem], .horizontal, count: count, "horizontal(layoutSize:repeatingSubitem:count:)")
    }

    /// A group that repeats `subitem` `count` times in a column, each at the subitem's own size.
    public class func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> Self {
        make(layoutSize, [subitem], .vertical, count: count, "vertical(layoutSize:repeatingSubitem:count:)")
    }

    /// A row of `count` equal copies of `subitem` filling the group's width, `interItemSpacing` apart.
    @available(iOS, deprecated: 16.0, message: "Use horizontal(layoutSize:repeatingSubitem:count:), which keeps the subitem's own size")
    public class func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> Self {
        make(layoutSize, [subitem], .horizontal, count: count, fills: true, "horizontal(layoutSize:subitem:count:)")
    }

    /// A column of `count` equal copies of `subitem` filling the group's height, `interItemSpacing` apart.
    @available(iOS, deprecated: 16.0, message: "Use vertical(layoutSize:repeatingSubitem:count:), which keeps the subitem's own size")
    public class func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> Self {
        make(layoutSize, [subitem], .vertical, count: count, fills: true, "vertical(layoutSize:subitem:count:)")
    }

    /// A group whose items take the frames `itemProvider` returns, relative to the group's origin.
    /// Each frame holds one item.
    public class func custom(layoutSize: NSCollectionLayoutSize, itemProvider: @escaping NSCollectionLayoutGroupCustomItemProvider) -> Self {
        make(layoutSize, [], .custom(itemProvider))
    }

    /// How many subitems one instance lays out (a count-based group's subitem counts `count` times).
    var arrangedCount: Int { repeatCount ?? subitems.count }

    /// The `index`th subitem one instance lays out.
    func arrangedSubitem(_ index: Int) -> NSCollectionLayoutItem { repeatCount == nil ? subitems[index] : subitems[0] }

    /// Whether the group lays its subitems out in a row (else a column, or custom frames).
    var isHorizontal: Bool {
        if case .horizontal = arrangement { return true }
        return false
    }

    /// Whether the group takes its items' frames from a provider.
    var isCustom: Bool {
        if case .custom = arrangement { return true }
        return false
    }
}

/// One item's frame in a custom group, relative to the group's origin (UIKit's
/// `NSCollectionLayoutGroupCustomItem`). Main actor only.
@MainActor
open class NSCollectionLayoutGroupCustomItem: NSObject {
    /// The item's frame in the group, in points.
    public let frame: CGRect
    /// The item's stacking order among the group's items (0).
    public let zIndex: Int

    /// A custom item with the given frame.
    public convenience init(frame: CGRect) { self.init(frame: frame, zIndex: 0) }

    /// A custom item with the given frame and stacking order.
    public init(frame: CGRect, zIndex: Int) {
        self.frame = frame
        self.zIndex = zIndex
        super.init()
    }
}
