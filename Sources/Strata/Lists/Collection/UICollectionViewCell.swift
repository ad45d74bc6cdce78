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

    /// A view the collection view makes for a registered class: `init(frame:)` with the frame of
    /// the element it is made for (as UIKit does, so a subclass's `init(frame:)` sees its size),
    /// through the subclass's override when it has one; then the identifier is recorded.
    public required convenience init(_collectionViewReuseIdentifier identifier: String, frame: CGRect) {
        self.init(frame: frame)
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

    /// The attributes the view would like, given the layout's (self-sizing: the collection view
    /// asks for elements whose size the layout estimated). The default fits the height through
    /// Auto Layout at the layout's width when the view has constraints, else returns them
    /// unchanged; `UICollectionViewCell` fits its content.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        guard !constraints.isEmpty else { return layoutAttributes }
        let fitting = systemLayoutSizeFitting(layoutAttributes.size, withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        layoutAttributes.frame = CGRect(origin: layoutAttributes.frame.origin, size: fitting)
        return layoutAttributes
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
            let state = configurationState
            let shown = automaticallyUpdatesContentConfiguration ? newValue.map { $0.updated(for: state) } : newValue
            contentConfigurationView = contentView.showContentConfiguration(shown, replacing: contentConfigurationView)
            if newValue != nil { setNeedsLayout() }
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
        configuration.draw(on: self)
    }
}
