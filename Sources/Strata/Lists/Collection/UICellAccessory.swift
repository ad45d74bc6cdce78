import Foundation

/// An accessory shown at a list cell's edge (UIKit's `UICellAccessory`): a chevron, a checkmark,
/// an outline disclosure, editing controls, a label, an info button or a view of the program's.
/// A value; make one with the static functions.
public struct UICellAccessory {
    /// When an accessory shows (UIKit's `UICellAccessory.DisplayedState`).
    public enum DisplayedState: Int, Hashable, Sendable {
        /// In and out of editing.
        case always
        /// Only while the cell is editing.
        case whenEditing
        /// Only while it is not.
        case whenNotEditing
    }

    /// The side a custom view sits on (UIKit's `UICellAccessory.Placement`).
    public enum Placement: Hashable, Sendable {
        case leading(displayed: DisplayedState = .always)
        case trailing(displayed: DisplayedState = .always)
    }

    /// How an outline disclosure looks (UIKit's `UICellAccessory.OutlineDisclosureOptions.Style`).
    public enum OutlineDisclosureStyle: Int, Hashable, Sendable {
        /// A header's style for a parent at the top level, else a cell's.
        case automatic
        /// A header's chevron.
        case header
        /// A cell's chevron.
        case cell
    }

    /// Options of the standard accessories (UIKit's `DisclosureIndicatorOptions`, `CheckmarkOptions`…).
    public struct Options: Hashable, Sendable {
        /// Whether the accessory takes its room but is not shown.
        public var isHidden: Bool?
        /// The width kept for the accessory (nil: its own).
        public var reservedLayoutWidth: CGFloat?
        /// Its colour (nil: the standard one).
        public var tintColor: UIColor?
        /// The outline disclosure's style.
        public var style: OutlineDisclosureStyle
        /// Options with the given values.
        public init(isHidden: Bool? = nil, reservedLayoutWidth: CGFloat? = nil, tintColor: UIColor? = nil, style: OutlineDisclosureStyle = .automatic) {
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
            self.style = style
        }
    }

    /// A view of the program's as an accessory (UIKit's `UICellAccessory.CustomViewConfiguration`).
    public struct CustomViewConfiguration {
        /// The view shown.
        public var customView: UIView
        /// Which side it sits on, and when.
        public var placement: Placement
        /// Whether it takes its room but is not shown.
        public var isHidden: Bool?
        /// The width kept for it (nil: its own).
        public var reservedLayoutWidth: CGFloat?
        /// Whether it keeps its own size (true) or fills the cell's height.
        public var maintainsFixedSize: Bool?
        /// A configuration showing `customView` at `placement`.
        public init(
            customView: UIView, placement: Placement, isHidden: Bool? = nil, reservedLayoutWidth: CGFloat? = nil, tintColor: UIColor? = nil,
            maintainsFixedSize: Bool? = nil
        ) {
            self.customView = customView
            self.placement = placement
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.maintainsFixedSize = maintainsFixedSize
        }
    }

    /// What the accessory is.
    enum Kind {
        case disclosureIndicator, checkmark, delete, insert, reorder, outlineDisclosure, detail
        case label(String)
        case custom(CustomViewConfiguration)
    }

    let kind: Kind
    /// When the accessory shows.
    public let displayedState: DisplayedState
    let options: Options
    /// What a tap on the accessory does (delete, insert, detail and outline disclosure; nil: the default).
    let actionHandler: (@MainActor () -> Void)?

    /// A chevron: the row leads somewhere.
    public static func disclosureIndicator(displayed: DisplayedState = .always, options: Options = Options()) -> Self {
        Self(kind: .disclosureIndicator, displayedState: displayed, options: options, actionHandler: nil)
    }
    /// A checkmark in the tint colour.
    public static func checkmark(displayed: DisplayedState = .always, options: Options = Options()) -> Self {
        Self(kind: .checkmark, displayedState: displayed, options: options, actionHandler: nil)
    }
    /// A red delete control, shown while editing.
    public static func delete(displayed: DisplayedState = .whenEditing, options: Options = Options(), actionHandler: (@MainActor () -> Void)? = nil) -> Self {
        Self(kind: .delete, displayedState: displayed, options: options, actionHandler: actionHandler)
    }
    /// A green insert control, shown while editing.
    public static func insert(displayed: DisplayedState = .whenEditing, options: Options = Options(), actionHandler: (@MainActor () -> Void)? = nil) -> Self {
        Self(kind: .insert, displayedState: displayed, options: options, actionHandler: actionHandler)
    }
    /// A reorder grip, shown while editing.
    public static func reorder(displayed: DisplayedState = .whenEditing, options: Options = Options()) -> Self {
        Self(kind: .reorder, displayedState: displayed, options: options, actionHandler: nil)
    }
    /// A chevron that expands and collapses the cell's item in its section snapshot (pointing
    /// down while expanded); `actionHandler` replaces that when given.
    public static func outlineDisclosure(displayed: DisplayedState = .always, options: Options = Options(), actionHandler: (@MainActor () -> Void)? = nil) -> Self {
        Self(kind: .outlineDisclosure, displayedState: displayed, options: options, actionHandler: actionHandler)
    }
    /// A text in grey.
    public static func label(text: String, displayed: DisplayedState = .always, options: Options = Options()) -> Self {
        Self(kind: .label(text), displayedState: displayed, options: options, actionHandler: nil)
    }
    /// An info button.
    public static func detail(displayed: DisplayedState = .always, options: Options = Options(), actionHandler: (@MainActor () -> Void)? = nil) -> Self {
        Self(kind: .detail, displayedState: displayed, options: options, actionHandler: actionHandler)
    }
    /// A view of the program's.
    public static func customView(configuration: CustomViewConfiguration) -> Self {
        let displayed: DisplayedState
        switch configuration.placement {
        case .leading(let d), .trailing(let d): displayed = d
        }
        return Self(kind: .custom(configuration), displayedState: displayed, options: Options(isHidden: configuration.isHidden), actionHandler: nil)
    }

    /// Whether the accessory sits at the leading edge.
    var isLeading: Bool {
        switch kind {
        case .delete, .insert: true
        case .custom(let c):
            if case .leading = c.placement { true } else { false }
        default: false
        }
    }

    /// Whether it shows for a cell that is (or is not) editing.
    func isShown(editing: Bool) -> Bool {
        switch displayedState {
        case .always: true
        case .whenEditing: editing
        case .whenNotEditing: !editing
        }
    }
}

/// An accessory's view: a glyph, a control or a label, tappable when it has an action.
final class CellAccessoryView: UIView {
    let accessory: UICellAccessory
    private let content: UIView
    weak var cell: UICollectionViewListCell?

    init(_ accessory: UICellAccessory) {
        self.accessory = accessory
        switch accessory.kind {
        case .disclosureIndicator, .checkmark, .detail:
            let glyph = AccessoryGlyphView()
            switch accessory.kind {
            case .checkmark: glyph.type = .checkmark
            case .detail: glyph.type = .detailButton
            default: glyph.type = .disclosureIndicator
            }
            content = glyph
        case .outlineDisclosure:
            let glyph = AccessoryGlyphView()
            glyph.type = .disclosureIndicator
            content = glyph
        case .delete, .insert:
            let control = EditingControlView()
            control.style = { if case .delete = accessory.kind { .delete } else { .insert } }()
            control.bounds.size = CGSize(width: 38, height: 44)
            content = control
        case .reorder:
            let grip = ReorderControlView()
            grip.bounds.size = CGSize(width: 38, height: 44)
            content = grip
        case .label(let text):
            let label = UILabel()
            label.text = text
            label.textColor = .secondaryLabel
            label.font = .preferredFont(forTextStyle: .body)
            label.sizeToFit()
            content = label
        case .custom(let configuration):
            content = configuration.customView
        }
        super.init(frame: CGRect(origin: .zero, size: content.bounds.size))
        if let tint = accessory.options.tintColor { content.tintColor = tint }
        content.isUserInteractionEnabled = false
        addSubview(content)
        isHidden = accessory.options.isHidden ?? false
    }

    required init?(coder: NSCoder) { nil }

    /// The width the accessory takes.
    var width: CGFloat { accessory.options.reservedLayoutWidth ?? content.bounds.width }

    /// Points the chevron down while the cell's item is expanded.
    var isExpanded = false {
        didSet {
            guard oldValue != isExpanded else { return }
            content.transform = isExpanded ? CGAffineTransform(rotationAngle: .pi / 2) : .identity
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        content.center = CGPoint(x: bounds.midX, y: bounds.midY)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTappable else { return super.touchesBegan(touches, with: event) }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTappable else { return super.touchesEnded(touches, with: event) }
        guard let touch = touches.first, bounds.insetBy(dx: -8, dy: -8).contains(touch.location(in: self)) else { return }
        if let handler = accessory.actionHandler {
            handler()
        } else if case .outlineDisclosure = accessory.kind {
            cell?.toggleOutline()
        }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTappable else { return super.touchesCancelled(touches, with: event) }
    }

    /// Whether a tap on the accessory is its own (an action, or an outline to toggle).
    private var isTappable: Bool {
        if accessory.actionHandler != nil { return true }
        if case .outlineDisclosure = accessory.kind { return true }
        return false
    }
}

/// What an outline disclosure asks of the data source: whether the item at an index path has
/// children and is expanded, and to expand or collapse it.
@MainActor
protocol OutlineDataSource: AnyObject {
    func outlineState(at indexPath: IndexPath) -> (expandable: Bool, expanded: Bool)?
    func toggleOutline(at indexPath: IndexPath)
}

extension UICollectionViewListCell {
    /// The collection view the cell shows in.
    private var collectionView: UICollectionView? {
        var view = superview
        while let v = view, !(v is UICollectionView) { view = v.superview }
        return view as? UICollectionView
    }

    /// Expands or collapses the cell's item in its section snapshot.
    func toggleOutline() {
        guard let collection = collectionView, let path = collection.indexPath(for: self),
            let outline = collection.dataSource as? any OutlineDataSource
        else { return }
        outline.toggleOutline(at: path)
        setNeedsLayout()
    }

    /// Makes the views of the accessories shown now.
    func makeAccessoryViews() {
        accessoryViewsNeedUpdate = false
        for view in accessoryViews.leading + accessoryViews.trailing { view.removeFromSuperview() }
        var leading: [UIView] = [], trailing: [UIView] = []
        for accessory in accessories where accessory.isShown(editing: isEditing) {
            let view = CellAccessoryView(accessory)
            view.cell = self
            addSubview(view)
            if accessory.isLeading { leading.append(view) } else { trailing.append(view) }
        }
        accessoryViews = (leading, trailing)
    }

    /// Places the accessories: leading ones from the indentation, trailing ones from 16 points in
    /// at the trailing edge inwards, 8 apart, all centred vertically. Returns where the content
    /// may start and end.
    func layoutAccessories(indent: CGFloat) -> (leadingEnd: CGFloat, trailingStart: CGFloat) {
        let b = bounds
        var x = accessoryViews.leading.isEmpty ? 0 : indent
        for case let view as CellAccessoryView in accessoryViews.leading {
            let size = CGSize(width: view.width, height: min(b.height, max(view.bounds.height, 22)))
            view.frame = CGRect(x: x, y: (b.height - size.height) / 2, width: size.width, height: size.height)
            x = view.frame.maxX
        }
        var right = b.width - (accessoryViews.trailing.isEmpty ? 0 : 16)
        let expanded = accessoryViews.trailing.isEmpty ? nil : outlineExpanded
        for case let view as CellAccessoryView in accessoryViews.trailing {
            let size = CGSize(width: view.width, height: min(b.height, max(view.bounds.height, 22)))
            view.frame = CGRect(x: right - size.width, y: ((b.height - size.height) / 2).rounded(), width: size.width, height: size.height)
            if case .outlineDisclosure = view.accessory.kind { view.isExpanded = expanded ?? false }
            right = view.frame.minX - 8
        }
        return (x, accessoryViews.trailing.isEmpty ? b.width : right)
    }

    /// Whether the cell's item is expanded in its section snapshot (nil: not in an outline).
    private var outlineExpanded: Bool? {
        guard let collection = collectionView, let path = collection.indexPath(for: self),
            let outline = collection.dataSource as? any OutlineDataSource
        else { return nil }
        return outline.outlineState(at: path)?.expanded
    }
}

extension UICollectionViewListCell {
    /// The frames of the accessories shown, leading then trailing, in the cell's coordinates (for tests).
    @_spi(Testing) public var _accessoryFrames: [CGRect] { (accessoryViews.leading + accessoryViews.trailing).map(\.frame) }
}
