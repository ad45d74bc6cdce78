import Foundation

// Overall design: a cell is a view with a content view that holds what the row shows, an
// accessory at its trailing edge, background views behind, and a one-pixel separator along its
// bottom (placed by the cell, coloured and inset as its table says). The classic styles'
// labels and image are made on first use and laid out by the style (UITableViewCell+Styles.swift);
// a content configuration replaces them with its own content view (UIListContentConfiguration).

/// One row of a table view (UIKit's `UITableViewCell`). Main actor.
///
/// Cells are made by the table (registered classes) or by the data source, reused as rows
/// scroll out of view (`prepareForReuse()`), and sized by the table: `rowHeight`, the delegate,
/// or their own content when the height is `UITableView.automaticDimension`.
@MainActor
open class UITableViewCell: UIView {
    /// The four classic layouts of a cell's labels and image (UIKit's `UITableViewCell.CellStyle`).
    public enum CellStyle: Int, Sendable {
        /// An image and one label on the leading side.
        case `default`
        /// The label on the leading side and the detail label trailing, in grey.
        case value1
        /// A small tinted label in a column, the detail label after it.
        case value2
        /// The label with the detail label in a smaller font under it.
        case subtitle
    }

    /// How a selected cell looks (UIKit's `UITableViewCell.SelectionStyle`).
    public enum SelectionStyle: Int, Sendable {
        /// No change.
        case none
        /// The selected background (grey since iOS 7, as `.default`).
        case blue
        /// The selected background.
        case gray
        /// The selected background (system grey 4).
        case `default`
    }

    /// The standard accessory shown at the trailing edge (UIKit's `UITableViewCell.AccessoryType`).
    public enum AccessoryType: Int, Sendable {
        case none
        /// A chevron: the row leads somewhere.
        case disclosureIndicator
        /// An info button and a chevron.
        case detailDisclosureButton
        /// A checkmark in the tint colour.
        case checkmark
        /// An info button.
        case detailButton
    }

    /// How a cell may be edited (UIKit's `UITableViewCell.EditingStyle`).
    public enum EditingStyle: Int, Sendable {
        case none, delete, insert
    }

    /// How the cell's focus is drawn (UIKit's `UITableViewCell.FocusStyle`; kept).
    public enum FocusStyle: Int, Sendable {
        case `default`, custom
    }

    /// What a cell shows when dragged (UIKit's `UITableViewCell.DragState`).
    public enum DragState: Int, Sendable {
        case none, lifting, dragging
    }

    /// The style the cell was made with.
    public let style: CellStyle
    /// The identifier the table reuses the cell under (nil: never reused).
    public let reuseIdentifier: String?

    /// The view holding the cell's content: add subviews here, not to the cell. It shrinks for
    /// the accessory and the editing controls, and stops one pixel above the separator.
    public let contentView = UIView()

    // MARK: Labels and image of the classic styles (made on first use)

    var _textLabel: UILabel?
    var _detailTextLabel: UILabel?
    var _imageView: UIImageView?

    /// The main label (UIKit's `textLabel`; deprecated there in favour of content configurations).
    open var textLabel: UILabel? {
        if _textLabel == nil { _textLabel = makeLabel(detail: false) }
        return _textLabel
    }

    /// The secondary label, or nil for `.default` cells.
    open var detailTextLabel: UILabel? {
        guard style != .default else { return nil }
        if _detailTextLabel == nil { _detailTextLabel = makeLabel(detail: true) }
        return _detailTextLabel
    }

    /// The image on the leading side (made on first use; hidden while it has no image).
    open var imageView: UIImageView? {
        if _imageView == nil {
            let view = UIImageView()
            contentView.addSubview(view)
            _imageView = view
            setNeedsLayout()
        }
        return _imageView
    }

    // MARK: Accessory

    /// The standard accessory (`.none` by default); `accessoryView` replaces it when set.
    open var accessoryType = AccessoryType.none {
        didSet { if oldValue != accessoryType { updateAccessory() } }
    }
    /// A view shown at the trailing edge in place of the standard accessory.
    open var accessoryView: UIView? {
        didSet {
            if oldValue !== accessoryView { oldValue?.removeFromSuperview() }
            updateAccessory()
        }
    }
    /// The accessory while editing (`.none` by default).
    open var editingAccessoryType = AccessoryType.none {
        didSet { updateAccessory() }
    }
    /// The accessory view while editing.
    open var editingAccessoryView: UIView? {
        didSet {
            if oldValue !== editingAccessoryView { oldValue?.removeFromSuperview() }
            updateAccessory()
        }
    }
    /// The accessory view shown now (the given one or the standard glyph).
    var shownAccessory: UIView?
    var standardAccessory: AccessoryGlyphView?

    // MARK: Selection and highlight

    /// How the cell looks selected (`.default`).
    open var selectionStyle = SelectionStyle.default {
        didSet { updateSelectionAppearance() }
    }

    private var _isSelected = false
    private var _isHighlighted = false

    /// Whether the cell is selected: shows the selected background and highlights the labels.
    open var isSelected: Bool {
        get { _isSelected }
        set { setSelected(newValue, animated: false) }
    }

    /// Whether the cell is highlighted (a finger is down on it).
    open var isHighlighted: Bool {
        get { _isHighlighted }
        set { setHighlighted(newValue, animated: false) }
    }

    /// Selects or deselects the cell; `animated` fades the selected background (over 0.25 s, as
    /// UIKit's deselection fades). Override it to change how selection shows, calling `super`.
    open func setSelected(_ selected: Bool, animated: Bool) {
        guard selected != _isSelected else { return }
        _isSelected = selected
        changeSelectionAppearance(animated: animated)
    }

    /// Highlights or unhighlights the cell, as a touch down and up does.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        guard highlighted != _isHighlighted else { return }
        _isHighlighted = highlighted
        changeSelectionAppearance(animated: animated)
    }

    private func changeSelectionAppearance(animated: Bool) {
        // The selected background is hidden while not shown (no layer to draw); a fade shows it
        // through the animation and hides it after.
        let background = shownSelectedBackground
        if showsSelection { background?.isHidden = storedBackgroundConfiguration != nil }
        if animated {
            UIView.animate(
                withDuration: 0.25, animations: { self.updateSelectionAppearance() },
                completion: { _ in if !self.showsSelection { background?.isHidden = true } })
        } else {
            UIView.performWithoutAnimation { self.updateSelectionAppearance() }
            if !showsSelection { background?.isHidden = true }
        }
        setNeedsUpdateConfiguration()
    }

    /// Whether the selected background shows: selected or highlighted, with a selection style.
    var showsSelection: Bool { (isSelected || isHighlighted) && selectionStyle != .none }

    // MARK: Backgrounds

    /// The view behind the content (nil by default; grouped tables give none either: their
    /// background colour is the cell's).
    open var backgroundView: UIView? {
        didSet {
            if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// The view shown behind the content while the cell is selected or highlighted: by default
    /// a view of system grey 4 (UIKit's selected cell colour). Setting nil shows none.
    open var selectedBackgroundView: UIView? {
        didSet {
            if oldValue !== selectedBackgroundView { oldValue?.removeFromSuperview() }
            placeSelectedBackground()
        }
    }

    /// The selected background for tables that allow multiple selection (nil: `selectedBackgroundView`).
    open var multipleSelectionBackgroundView: UIView? {
        didSet { placeSelectedBackground() }
    }

    // MARK: Separator and indentation

    /// How far the separator stays from the cell's edges (only left and right count), and where
    /// the classic labels start: the table's `separatorInset` unless set.
    open var separatorInset: UIEdgeInsets {
        get { ownSeparatorInset ?? tableSeparatorInset }
        set {
            ownSeparatorInset = newValue
            setNeedsLayout()
        }
    }
    var ownSeparatorInset: UIEdgeInsets?
    var tableSeparatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) {
        didSet { if oldValue != tableSeparatorInset { setNeedsLayout() } }
    }
    /// Whether the separator starts at the text when no inset was set (the table's automatic inset).
    var separatorFollowsText = false {
        didSet { if oldValue != separatorFollowsText { setNeedsLayout() } }
    }
    /// The separator line: one pixel along the bottom, laid out by the cell.
    let separatorView = UIView()
    /// Whether the table shows this cell's separator, and its colour.
    var separatorShown = true {
        didSet { if oldValue != separatorShown { setNeedsLayout() } }
    }

    /// How many levels the content is indented (0).
    open var indentationLevel = 0 {
        didSet { if oldValue != indentationLevel { setNeedsLayout() } }
    }
    /// The width of one indentation level, in points (10).
    open var indentationWidth: CGFloat = 10 {
        didSet { if oldValue != indentationWidth { setNeedsLayout() } }
    }

    // MARK: Editing

    /// Whether the cell shows its editing controls.
    open var isEditing: Bool {
        get { _isEditing }
        set { setEditing(newValue, animated: false) }
    }
    var _isEditing = false

    /// Shows or hides the editing controls (the content moves over by 38 points for a delete or
    /// insert control when `shouldIndentWhileEditing`).
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != _isEditing else { return }
        _isEditing = editing
        updateAccessory()
        if animated {
            UIView.animate(withDuration: 0.3) {
                self.setNeedsLayout(); self.layoutIfNeeded()
            }
        } else {
            setNeedsLayout()
        }
        setNeedsUpdateConfiguration()
    }

    /// The editing style the table gave the cell (from its delegate).
    open internal(set) var editingStyle = EditingStyle.none
    /// Whether the content indents while editing (true).
    open var shouldIndentWhileEditing = true
    /// Whether the reorder control shows while editing (false; the table sets it from `canMoveRowAt`).
    open var showsReorderControl = false
    /// Whether a confirmation button (swipe to delete) is showing.
    open internal(set) var showingDeleteConfirmation = false
    /// How the cell shows focus (kept).
    open var focusStyle = FocusStyle.default
    /// Whether the user can interact with the cell's content while it is being dragged (kept).
    open var userInteractionEnabledWhileDragging = false

    /// The editing control (a red or green disc) shown while editing with a style.
    var editingControl: EditingControlView?
    /// The reorder grip shown while editing a movable row.
    var reorderControl: ReorderControlView?

    // MARK: Configurations (UITableViewCell+Configuration.swift)

    /// The content configuration set, and the view made from it (in the content view).
    var storedContentConfiguration: (any UIContentConfiguration)?
    var contentConfigurationView: (any UIView & UIContentView)?
    var storedBackgroundConfiguration: UIBackgroundConfiguration?
    var configurationUpdateScheduled = false
    /// Whether setting `contentConfiguration` updates it for the state at once and at each
    /// state change (true).
    open var automaticallyUpdatesContentConfiguration = true
    /// Whether the background configuration follows the state (true).
    open var automaticallyUpdatesBackgroundConfiguration = true
    /// Called with the state whenever the configuration should be updated (nil).
    open var configurationUpdateHandler: UITableViewCell.ConfigurationUpdateHandler?

    /// Updates the configurations for `state`: the default re-applies them for the state and
    /// calls `configurationUpdateHandler`. Override it to change the configurations by state.
    open func updateConfiguration(using state: UICellConfigurationState) {
        applyConfigurations(for: state)
    }

    // MARK: Creation

    /// A cell of `style`, reusable under `reuseIdentifier`.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: UITableView.defaultRowHeight))
        backgroundColor = .systemBackground
        contentView.layoutMargins = UIEdgeInsets(top: 11, left: 16, bottom: 11, right: 16)
        addSubview(contentView)
        separatorView.backgroundColor = .separator
        separatorView.isUserInteractionEnabled = false
        addSubview(separatorView)
        let selected = UIView()
        selected.backgroundColor = .systemGray4
        selectedBackgroundView = selected
    }

    /// A cell the table makes for a registered class: `init(style: .default, reuseIdentifier:)`,
    /// through the subclass's override when it has one.
    public required convenience init(_tableViewReuseIdentifier identifier: String) {
        self.init(style: .default, reuseIdentifier: identifier)
    }

    /// Lays out the cell: backgrounds, accessory, content view, separator and content.
    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutCell()
    }

    /// A `.default` cell with the given frame (not reusable).
    public override convenience init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// Strata reads no archives: returns nil (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Reuse

    /// Called before the table hands the cell out again: reset what the last row set that
    /// `tableView(_:cellForRowAt:)` will not set. The default clears the selection, the highlight
    /// and a swiped-open state; call `super`.
    open func prepareForReuse() {
        setSelected(false, animated: false)
        setHighlighted(false, animated: false)
        showingDeleteConfirmation = false
    }

    /// The cell's size for a width: its content's height (through Auto Layout when the content
    /// view has constraints, else the classic style's or the content configuration's layout),
    /// at least 44, plus the separator.
    open override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: fittingHeight(forWidth: targetSize.width))
    }
}
