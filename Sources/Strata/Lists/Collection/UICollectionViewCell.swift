import Foundation

// Overall design: every view a collection view shows for an element (cell, header, footer,
// decoration) is a reusable view: it is made once from a registered class, placed by the
// layout's attributes (`apply(_:)`), hidden and kept when its element leaves the visible
// rectangle, and reset (`prepareForReuse()`) before it is handed out again. A cell adds a
// content view for what the item shows, background views behind it (the selected one shows
// while the cell is selected or highlighted) and iOS 14's configurations.

/// A view a collection view shows for one element and reuses for others as they scroll (UIKit's
/// `UICollectionReusableView`). Main actor.
///
/// Register a subclass with the collection view; it is made with `init(frame:)` (override that
/// one, and `init?(coder:)`), and placed with the layout's attributes.
@MainActor
open class UICollectionReusableView: UIView {
    /// The identifier the collection view reuses the view under (nil: made by hand, never reused).
    public internal(set) var reuseIdentifier: String?

    /// A view with the given frame (the collection view sets the real one from the layout).
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A view the collection view makes for a registered class: `init(frame: .zero)`, through
    /// the subclass's override when it has one, then the identifier is recorded.
    public required convenience init(_collectionViewReuseIdentifier identifier: String) {
        self.init(frame: .zero)
        reuseIdentifier = identifier
    }

    /// Strata reads no archives: returns nil (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Called before the collection view hands the view out again: reset what the last element
    /// set that configuring the next one will not. The default does nothing; call `super`.
    open func prepareForReuse() {}

    /// Gives the view the layout's attributes for its element, after its frame, alpha, transform
    /// and stacking order have been set from them. Override it to read values of your own
    /// attributes subclass. The default does nothing.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// The attributes the view would like, given the layout's: the default returns them with the
    /// view's fitting size for an element whose size the layout estimated (its width kept in a
    /// vertical layout, its height in a horizontal one), else unchanged.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        layoutAttributes
    }

    /// Called when the collection view is about to change layouts (kept; the default does nothing).
    open func willTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}

    /// Called when the collection view changed layouts (kept; the default does nothing).
    open func didTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}
}

/// The view showing one item of a collection view (UIKit's `UICollectionViewCell`). Main actor.
///
/// Add what the item shows to `contentView` (or set a `contentConfiguration`); the cell puts
/// `backgroundView` behind it, and `selectedBackgroundView` between the two while the cell is
/// selected or highlighted. Both backgrounds are nil by default: a plain cell shows no selection.
@MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// The view holding the cell's content, filling the cell: add subviews here, not to the cell.
    public let contentView = UIView()

    /// The view behind the content, filling the cell (nil).
    open var backgroundView: UIView? {
        didSet {
            guard oldValue !== backgroundView else { return }
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// The view shown above `backgroundView` and below the content while the cell is selected or
    /// highlighted (nil: selection does not show).
    open var selectedBackgroundView: UIView? {
        didSet {
            guard oldValue !== selectedBackgroundView else { return }
            oldValue?.removeFromSuperview()
            if let view = selectedBackgroundView {
                insertSubview(view, at: backgroundView == nil ? 0 : 1)
            }
            updateSelectionAppearance()
            setNeedsLayout()
        }
    }

    /// Whether the cell is selected (the collection view sets it as its item's selection changes).
    open var isSelected = false {
        didSet {
            guard oldValue != isSelected else { return }
            updateSelectionAppearance()
            setNeedsUpdateConfiguration()
        }
    }

    /// Whether the cell is highlighted (a finger is down on it).
    open var isHighlighted = false {
        didSet {
            guard oldValue != isHighlighted else { return }
            updateSelectionAppearance()
            setNeedsUpdateConfiguration()
        }
    }

    // MARK: Configurations

    var storedContentConfiguration: (any UIContentConfiguration)?
    var contentConfigurationView: (any UIView & UIContentView)?
    var storedBackgroundConfiguration: UIBackgroundConfiguration?
    var configurationUpdateScheduled = false

    /// Whether the content configuration follows the cell's state (true).
    open var automaticallyUpdatesContentConfiguration = true
    /// Whether the background configuration follows the cell's state (true).
    open var automaticallyUpdatesBackgroundConfiguration = true
    /// Called with the state whenever the configuration should be updated (nil).
    open var configurationUpdateHandler: ConfigurationUpdateHandler?

    /// A closure that updates a cell for its state (UIKit's `UICollectionViewCell.ConfigurationUpdateHandler`).
    public typealias ConfigurationUpdateHandler = @MainActor (UICollectionViewCell, UICellConfigurationState) -> Void

    /// What the cell shows, as a configuration (nil: the content view's own subviews). Setting one
    /// makes its view (or updates the one shown when it supports it) filling the content view.
    open var contentConfiguration: (any UIContentConfiguration)? {
        get { storedContentConfiguration }
        set {
            storedContentConfiguration = newValue
            guard var configuration = newValue else {
                contentConfigurationView?.removeFromSuperview()
                contentConfigurationView = nil
                return
            }
            if automaticallyUpdatesContentConfiguration { configuration = configuration.updated(for: configurationState) }
            if let view = contentConfigurationView, view.supports(configuration) {
                view.configuration = configuration
            } else {
                contentConfigurationView?.removeFromSuperview()
                let view = configuration.makeContentView()
                contentView.addSubview(view)
                contentConfigurationView = view
            }
            setNeedsLayout()
        }
    }

    /// How the background looks (nil: `backgroundColor` and the background views). Setting one
    /// colours and rounds the cell as it says, for the cell's state.
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        get { storedBackgroundConfiguration }
        set {
            storedBackgroundConfiguration = newValue
            applyBackgroundConfiguration()
        }
    }

    /// The cell's state now: selected, highlighted, disabled, with the cell's traits.
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState(traitCollection: traitCollection)
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isDisabled = !isUserInteractionEnabled
        return state
    }

    /// Asks for `updateConfiguration(using:)` before the next layout (once however many times
    /// this is called in a turn).
    open func setNeedsUpdateConfiguration() {
        guard !configurationUpdateScheduled else { return }
        configurationUpdateScheduled = true
        setNeedsLayout()
    }

    /// Updates the configurations for `state`: the default re-applies them for the state and
    /// calls `configurationUpdateHandler`. Override it to change the configurations by state.
    open func updateConfiguration(using state: UICellConfigurationState) {
        if automaticallyUpdatesContentConfiguration, let configuration = storedContentConfiguration {
            contentConfigurationView?.configuration = configuration.updated(for: state)
        }
        applyBackgroundConfiguration()
        configurationUpdateHandler?(self, state)
    }

    // MARK: Creation and layout

    /// A cell with the given frame and an empty content view.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(contentView)
    }

    /// Strata reads no archives: returns nil (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Lays out the cell: the backgrounds and the content view fill it, a configuration's view
    /// fills the content view.
    open override func layoutSubviews() {
        if configurationUpdateScheduled {
            configurationUpdateScheduled = false
            updateConfiguration(using: configurationState)
        }
        super.layoutSubviews()
        let b = bounds
        backgroundView?.frame = b
        selectedBackgroundView?.frame = b
        contentView.frame = b
        contentConfigurationView?.frame = contentView.bounds
    }

    /// Clears selection and highlight, as UIKit does; call `super`.
    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }

    /// The cell's size for `targetSize`: its content view's fitting size (through Auto Layout
    /// when the content view has constraints, else the configuration's view), or the target.
    open override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority, verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        if !contentView.constraints.isEmpty {
            return contentView.systemLayoutSizeFitting(
                targetSize, withHorizontalFittingPriority: horizontalFittingPriority, verticalFittingPriority: verticalFittingPriority)
        }
        if let view = contentConfigurationView {
            let fitting = view.sizeThatFits(targetSize)
            return CGSize(
                width: horizontalFittingPriority == .required ? targetSize.width : fitting.width,
                height: verticalFittingPriority == .required ? targetSize.height : fitting.height)
        }
        return targetSize
    }

    /// The attributes the cell would like: the layout's, with the height its content needs at
    /// the layout's width (self-sizing; the layout takes only the dimensions it estimated).
    open override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        let fitting = systemLayoutSizeFitting(layoutAttributes.size, withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        layoutAttributes.frame = CGRect(origin: layoutAttributes.frame.origin, size: fitting)
        return layoutAttributes
    }

    // MARK: Private

    private func updateSelectionAppearance() {
        let shows = isSelected || isHighlighted
        UIView.performWithoutAnimation { selectedBackgroundView?.alpha = shows ? 1 : 0 }
    }

    private func applyBackgroundConfiguration() {
        guard var configuration = storedBackgroundConfiguration else { return }
        if automaticallyUpdatesBackgroundConfiguration { configuration = configuration.updated(for: configurationState) }
        backgroundColor = configuration.resolvedBackgroundColor(for: tintColor)
        layer.cornerRadius = configuration.cornerRadius
        layer.borderWidth = configuration.strokeWidth
        layer.borderColor = configuration.strokeColor?.cgColor
    }
}

/// A cell of a list layout (UIKit's `UICollectionViewListCell`): a cell with a list content
/// configuration by default, a grouped or plain background, indentation and accessories. Main
/// actor. Accessories are kept and listed, not drawn (Strata's first cut).
@MainActor
open class UICollectionViewListCell: UICollectionViewCell {
    /// The accessories at the cell's edges (kept; not drawn yet).
    open var accessories: [UICellAccessory] = []
    /// How many levels the content is indented (0).
    open var indentationLevel = 0 {
        didSet { if oldValue != indentationLevel { setNeedsLayout() } }
    }
    /// The width of one indentation level, in points (10).
    open var indentationWidth: CGFloat = 10 {
        didSet { if oldValue != indentationWidth { setNeedsLayout() } }
    }

    /// A list content configuration for a plain cell (`UIListContentConfiguration.cell()`), empty,
    /// to fill in and set as `contentConfiguration`.
    open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }

    /// Lays out the cell, then moves the content view in by the indentation.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let indent = CGFloat(indentationLevel) * indentationWidth
        guard indent > 0 else { return }
        var frame = bounds
        frame.origin.x += indent
        frame.size.width = max(0, frame.width - indent)
        contentView.frame = frame
        contentConfigurationView?.frame = contentView.bounds
    }
}

/// An accessory shown at a list cell's edge (UIKit's `UICellAccessory`): kept by kind; Strata
/// does not draw accessories yet. A plain value.
public struct UICellAccessory: Hashable, Sendable {
    /// What the accessory is.
    public enum Kind: Hashable, Sendable {
        case disclosureIndicator, checkmark, delete, insert, reorder, outlineDisclosure, label(String), detail
    }

    /// When an accessory shows (UIKit's `UICellAccessory.DisplayedState`).
    public enum DisplayedState: Int, Hashable, Sendable {
        case always, whenEditing, whenNotEditing
    }

    /// What the accessory is.
    public let kind: Kind
    /// When it shows.
    public let displayed: DisplayedState

    /// A chevron: the row leads somewhere.
    public static func disclosureIndicator(displayed: DisplayedState = .always) -> Self { Self(kind: .disclosureIndicator, displayed: displayed) }
    /// A checkmark in the tint colour.
    public static func checkmark(displayed: DisplayedState = .always) -> Self { Self(kind: .checkmark, displayed: displayed) }
    /// A delete control (shown while editing).
    public static func delete(displayed: DisplayedState = .whenEditing) -> Self { Self(kind: .delete, displayed: displayed) }
    /// An insert control (shown while editing).
    public static func insert(displayed: DisplayedState = .whenEditing) -> Self { Self(kind: .insert, displayed: displayed) }
    /// A reorder grip (shown while editing).
    public static func reorder(displayed: DisplayedState = .whenEditing) -> Self { Self(kind: .reorder, displayed: displayed) }
    /// An outline disclosure chevron (expands and collapses a section snapshot's item).
    public static func outlineDisclosure(displayed: DisplayedState = .always) -> Self { Self(kind: .outlineDisclosure, displayed: displayed) }
    /// A text label.
    public static func label(text: String, displayed: DisplayedState = .always) -> Self { Self(kind: .label(text), displayed: displayed) }
    /// An info button.
    public static func detail(displayed: DisplayedState = .always) -> Self { Self(kind: .detail, displayed: displayed) }
}
