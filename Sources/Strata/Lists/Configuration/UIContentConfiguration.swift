import Foundation

/// A description of a view's content and how to make the view that shows it (UIKit's
/// `UIContentConfiguration`). Set one as a cell's `contentConfiguration`; its view is made on
/// the main actor.
public protocol UIContentConfiguration {
    /// A new view showing this configuration.
    @MainActor func makeContentView() -> any UIView & UIContentView
    /// This configuration as it should look in `state` (selected, highlighted, disabled…).
    func updated(for state: any UIConfigurationState) -> Self
}

/// A view made by a content configuration, which a new configuration can update in place
/// (UIKit's `UIContentView`). Main actor.
@MainActor
public protocol UIContentView: AnyObject {
    /// The configuration shown; setting it updates the view.
    var configuration: any UIContentConfiguration { get set }
    /// Whether the view can show `configuration` (the default: one of the same type).
    func supports(_ configuration: any UIContentConfiguration) -> Bool
}

extension UIContentView {
    /// Whether `configuration` is of the same type as the one shown.
    public func supports(_ configuration: any UIContentConfiguration) -> Bool {
        type(of: configuration) == type(of: self.configuration)
    }
}

/// The state a configuration is updated for (UIKit's `UIConfigurationState`).
public protocol UIConfigurationState {
    /// The traits of the view.
    var traitCollection: UITraitCollection { get set }
}

/// The state of a view: the traits and the interaction flags (UIKit's `UIViewConfigurationState`).
public struct UIViewConfigurationState: UIConfigurationState, Hashable {
    /// The view's traits.
    public var traitCollection: UITraitCollection
    /// Whether the view is disabled.
    public var isDisabled = false
    /// Whether the view is highlighted.
    public var isHighlighted = false
    /// Whether the view is selected.
    public var isSelected = false
    /// Whether the view has focus.
    public var isFocused = false

    /// A state with `traitCollection` and every flag off.
    public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }

    public nonisolated static func == (a: Self, b: Self) -> Bool {
        a.traitCollection.displayScale == b.traitCollection.displayScale && a.isDisabled == b.isDisabled && a.isHighlighted == b.isHighlighted
            && a.isSelected == b.isSelected && a.isFocused == b.isFocused
    }
    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(isDisabled)
        hasher.combine(isHighlighted)
        hasher.combine(isSelected)
    }
}

/// The state of a cell: the view's state plus editing, swiping, expansion and reordering (UIKit's
/// `UICellConfigurationState`).
public struct UICellConfigurationState: UIConfigurationState, Hashable {
    /// The cell's traits.
    public var traitCollection: UITraitCollection
    /// Whether the cell is disabled.
    public var isDisabled = false
    /// Whether the cell is highlighted (a finger is down on it).
    public var isHighlighted = false
    /// Whether the cell is selected.
    public var isSelected = false
    /// Whether the cell has focus.
    public var isFocused = false
    /// Whether the cell is in editing mode.
    public var isEditing = false
    /// Whether the cell is swiped open, showing its actions.
    public var isSwiped = false
    /// Whether the cell (an outline parent) is expanded.
    public var isExpanded = false
    /// Whether the cell is being reordered.
    public var isReordering = false

    /// A state with `traitCollection` and every flag off.
    public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }

    public nonisolated static func == (a: Self, b: Self) -> Bool {
        a.traitCollection.displayScale == b.traitCollection.displayScale && a.isDisabled == b.isDisabled && a.isHighlighted == b.isHighlighted
            && a.isSelected == b.isSelected && a.isFocused == b.isFocused && a.isEditing == b.isEditing && a.isSwiped == b.isSwiped && a.isExpanded == b.isExpanded
            && a.isReordering == b.isReordering
    }
    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(isHighlighted)
        hasher.combine(isSelected)
        hasher.combine(isEditing)
    }
}

/// A function that turns a colour into another for a state (UIKit's `UIConfigurationColorTransformer`).
public struct UIConfigurationColorTransformer: Sendable {
    /// The transformation.
    public let transform: @Sendable (UIColor) -> UIColor
    /// A transformer applying `transform`.
    public init(_ transform: @escaping @Sendable (UIColor) -> UIColor) { self.transform = transform }
    /// Makes every colour grey by its luminance.
    public static let grayscale = UIConfigurationColorTransformer { color in
        let c = color.cgColor.components ?? [0, 0, 0, 1]
        let l = c.count >= 3 ? 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] : c[0]
        return UIColor(white: l, alpha: c.last ?? 1)
    }
    /// Gives the colour of a selected or highlighted cell's content (its tint colour; Strata: the colour).
    public static let preferredTint = UIConfigurationColorTransformer { $0 }
    /// Makes the colour half transparent.
    public static let monochromeTint = UIConfigurationColorTransformer { $0.withAlphaComponent(0.5) }
}

extension UIView {
    /// Shows `configuration` in this view (a cell's or a header's content view): `shown` is
    /// updated in place when it supports the configuration, else a new view from it replaces
    /// `shown`; nil removes `shown`. Returns the view now shown, for the caller to keep and lay out.
    func showContentConfiguration(
        _ configuration: (any UIContentConfiguration)?, replacing shown: (any UIView & UIContentView)?
    ) -> (any UIView & UIContentView)? {
        guard let configuration else {
            shown?.removeFromSuperview()
            return nil
        }
        if let shown, shown.supports(configuration) {
            shown.configuration = configuration
            return shown
        }
        shown?.removeFromSuperview()
        let view = configuration.makeContentView()
        addSubview(view)
        return view
    }
}
