import Foundation

// iOS 14's configurations on a cell: the content configuration makes a view that fills the
// content view in place of the classic labels; the background configuration colours the cell;
// both are updated for the cell's state (selected, highlighted, editing) when it changes.

extension UITableViewCell {
    /// A closure that updates a cell for its state (UIKit's `UITableViewCell.ConfigurationUpdateHandler`).
    public typealias ConfigurationUpdateHandler = @MainActor (UITableViewCell, UICellConfigurationState) -> Void

    /// What the cell shows, as a configuration (nil: the classic labels). Setting one makes its
    /// view (or updates the one shown, when it supports it) and puts it in the content view,
    /// filling it.
    public var contentConfiguration: (any UIContentConfiguration)? {
        get { storedContentConfiguration }
        set {
            storedContentConfiguration = newValue
            let state = configurationState
            let shown = automaticallyUpdatesContentConfiguration ? newValue.map { $0.updated(for: state) } : newValue
            contentConfigurationView = contentView.showContentConfiguration(shown, replacing: contentConfigurationView)
            if newValue != nil {
                for label in [_textLabel, _detailTextLabel] { label?.isHidden = true }
                _imageView?.isHidden = true
            }
            setNeedsLayout()
        }
    }

    /// A list content configuration in the cell's style: `valueCell()` for `.value1`,
    /// `subtitleCell()` for `.subtitle`, else `cell()`; empty, to fill in and set.
    public func defaultContentConfiguration() -> UIListContentConfiguration {
        switch style {
        case .value1, .value2: .valueCell()
        case .subtitle: .subtitleCell()
        case .default: .cell()
        }
    }

    /// How the background looks (nil: `backgroundColor` and the background views). Setting one
    /// colours the cell and rounds it as it says, for the cell's state.
    public var backgroundConfiguration: UIBackgroundConfiguration? {
        get { storedBackgroundConfiguration }
        set {
            storedBackgroundConfiguration = newValue
            applyBackgroundConfiguration()
        }
    }

    func applyBackgroundConfiguration() {
        guard var configuration = storedBackgroundConfiguration else { return }
        if automaticallyUpdatesBackgroundConfiguration { configuration = configuration.updated(for: configurationState) }
        configuration.draw(on: self)
        // The configuration draws the selected state itself.
        shownSelectedBackground?.isHidden = true
    }

    /// The cell's state now: selected, highlighted, editing, swiped, with the screen's traits.
    public var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState(traitCollection: traitCollection)
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isEditing = isEditing
        state.isSwiped = showingDeleteConfirmation
        state.isDisabled = !isUserInteractionEnabled
        return state
    }

    /// Asks for `updateConfiguration(using:)` before the next layout (once however many times
    /// this is called in a turn).
    public func setNeedsUpdateConfiguration() {
        guard !configurationUpdateScheduled else { return }
        configurationUpdateScheduled = true
        setNeedsLayout()
    }

    func runConfigurationUpdate() {
        configurationUpdateScheduled = false
        updateConfiguration(using: configurationState)
    }

    func applyConfigurations(for state: UICellConfigurationState) {
        if automaticallyUpdatesContentConfiguration, let configuration = storedContentConfiguration {
            contentConfigurationView?.configuration = configuration.updated(for: state)
        }
        applyBackgroundConfiguration()
        configurationUpdateHandler?(self, state)
    }
}
