import Foundation

// A list cell dresses itself for the list it is in: the compositional layout marks the
// attributes of a list section's cells with the list's appearance and whether a separator
// follows the cell, and the cell's `apply(_:)` takes them. Until the program sets a background
// configuration, the cell's background is the list's (plain: the system background; grouped:
// the grouped cell colour; inset grouped: clear over the section's rounded backdrop, which the
// layout adds as a decoration), grey 4 while selected or highlighted. A one-pixel separator runs
// along the bottom from the content's leading margin, except under a section's last row.

/// A cell of a list layout (UIKit's `UICollectionViewListCell`): a cell with a list content
/// configuration by default, the list's background and separators, indentation and accessories
/// (drawn at the cell's edges; the content view takes the room between them). Main actor.
@MainActor
open class UICollectionViewListCell: UICollectionViewCell {
    /// The accessories at the cell's edges: delete and insert controls leading, the others
    /// trailing in order from the edge inwards, each shown as its `displayed` state says.
    open var accessories: [UICellAccessory] = [] {
        didSet { accessoryViewsNeedUpdate = true; setNeedsLayout() }
    }
    /// Whether the cell shows its editing accessories (UIKit's `isEditing` on list cells).
    open var isEditing = false {
        didSet { if oldValue != isEditing { accessoryViewsNeedUpdate = true; setNeedsLayout() } }
    }
    /// The accessories' views, leading and trailing, as last made.
    var accessoryViews: (leading: [UIView], trailing: [UIView]) = ([], [])
    var accessoryViewsNeedUpdate = false
    /// How many levels the content is indented (0).
    open var indentationLevel = 0 {
        didSet { if oldValue != indentationLevel { setNeedsLayout() } }
    }
    /// The width of one indentation level, in points (10).
    open var indentationWidth: CGFloat = 10 {
        didSet { if oldValue != indentationWidth { setNeedsLayout() } }
    }

    /// The list the cell was last placed in (nil: not in a list section).
    private var placement: ListCellPlacement?
    /// The separator along the bottom (shown as the list says).
    private let separator = UIView()

    /// The separator's leading inset from the cell's edge, in points (UIKit's list text margin).
    static let separatorLeadingInset: CGFloat = 16

    /// A cell with the given frame: an empty content view and a hidden separator.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        separator.backgroundColor = .separator
        separator.isUserInteractionEnabled = false
        separator.isHidden = true
        addSubview(separator)
    }

    /// Strata reads no archives: returns nil (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A list content configuration for a plain cell (`UIListContentConfiguration.cell()`), empty,
    /// to fill in and set as `contentConfiguration`.
    open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }

    /// The list row's preferred attributes: the content's fitting height at the row's width, at
    /// least 44 points for a row (UIKit's least list row height; a header or footer made of a
    /// list cell takes its content's height).
    open override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        let attributes = super.preferredLayoutAttributesFitting(layoutAttributes)
        if attributes.representedElementCategory == .cell, attributes.size.height < Self.minimumRowHeight { attributes.size.height = Self.minimumRowHeight }
        return attributes
    }

    /// UIKit's least list row height, in points.
    static let minimumRowHeight: CGFloat = 44

    /// Whether the cell is selected; the list background shows it.
    open override var isSelected: Bool {
        didSet { if oldValue != isSelected { updateListBackground() } }
    }

    /// Whether the cell is highlighted; the list background shows it.
    open override var isHighlighted: Bool {
        didSet { if oldValue != isHighlighted { updateListBackground() } }
    }

    /// Takes the list's appearance and separator from the attributes (the compositional layout's
    /// list sections set them); call `super` when overriding.
    open override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        guard layoutAttributes.listPlacement != placement else { return }
        placement = layoutAttributes.listPlacement
        separator.isHidden = !(placement?.showsSeparator ?? false)
        updateListBackground()
        setNeedsLayout()
    }

    /// Lays out the cell, then moves the content view in by the indentation and places the separator.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let indent = CGFloat(indentationLevel) * indentationWidth
        if accessoryViewsNeedUpdate { makeAccessoryViews() }
        let (leadingEnd, trailingStart) = layoutAccessories(indent: indent)
        if indent > 0 || leadingEnd > 0 || trailingStart < bounds.width {
            var frame = bounds
            frame.origin.x = max(indent, leadingEnd)
            frame.size.width = max(0, trailingStart - frame.minX)
            contentView.frame = frame
            contentConfigurationView?.frame = contentView.bounds
        }
        let height = 1 / max(1, window?.screen?.scale ?? contentScaleFactor)
        let leading = Self.separatorLeadingInset + indent
        separator.frame = CGRect(x: leading, y: bounds.height - height, width: max(0, bounds.width - leading), height: height)
        bringSubviewToFront(separator)
    }

    /// The list's background for the cell's state, while the program has set no background configuration.
    private func updateListBackground() {
        guard backgroundConfiguration == nil, let placement else { return }
        if isSelected || isHighlighted {
            backgroundColor = .systemGray4
            return
        }
        switch placement.appearance {
        case .plain, .sidebarPlain: backgroundColor = .systemBackground
        case .grouped: backgroundColor = .secondarySystemGroupedBackground
        case .insetGrouped, .sidebar: backgroundColor = .clear
        }
    }
}
