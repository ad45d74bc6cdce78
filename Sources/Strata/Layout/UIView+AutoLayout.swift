import Foundation

/// A view's Auto Layout state, made on first use so views that never use Auto Layout carry none.
@MainActor
final class AutoLayoutState {
    var translatesAutoresizingMaskIntoConstraints = true
    /// The active constraints installed on the view (it is their items' nearest common ancestor).
    var constraints: [NSLayoutConstraint] = []
    var hugging: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (.defaultLow, .defaultLow)
    var compression: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (.defaultHigh, .defaultHigh)
    var layoutGuides: [UILayoutGuide] = []
    var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    var preservesSuperviewLayoutMargins = false
    var insetsLayoutMarginsFromSafeArea = true
    var needsUpdateConstraints = false
    /// The solver of the view tree this view is the top of (made when it first lays out with constraints).
    var engine: LayoutEngine?
    /// The margins and safe-area guides, made when first asked for.
    var marginsGuide: UILayoutGuide?
    var safeAreaGuide: UILayoutGuide?
    var readableGuide: UILayoutGuide?
    var keyboardGuide: UIKeyboardLayoutGuide?

    /// The guides whose frames the view's layout sets: its own once asked for, and those added.
    var guides: [UILayoutGuide] { [marginsGuide, safeAreaGuide, readableGuide, keyboardGuide].compactMap { $0 } + layoutGuides }
    var anchors: [NSLayoutConstraint.Attribute: AnyObject] = [:]
}

extension NSLayoutConstraint {
    /// The two axes: UIKit's `NSLayoutConstraint.Axis`.
    public enum Axis: Int, Sendable {
        case horizontal = 0, vertical = 1

        /// Whether `attribute` places or sizes along this axis.
        @MainActor func includes(_ attribute: Attribute) -> Bool {
            let code = NSLayoutConstraint.axis(attribute)
            return self == .horizontal ? code == 0 || code == 2 : code == 1 || code == 3
        }
    }
}

extension UIView {
    /// The view's Auto Layout state.
    var autoLayout: AutoLayoutState {
        if let _autoLayout { return _autoLayout }
        let state = AutoLayoutState()
        if self is UILabel { state.hugging = (UILayoutPriority(251), UILayoutPriority(251)) }
        _autoLayout = state
        return state
    }

    /// UIKit's standard spacing between views (8 points).
    static let systemSpacing: CGFloat = 8

    /// The smallest size `systemLayoutSizeFitting` can answer: (0, 0).
    public static let layoutFittingCompressedSize = CGSize.zero
    /// The largest size `systemLayoutSizeFitting` can answer: very large.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    /// Whether the view's frame (and autoresizing mask) place it, turned into constraints when
    /// Auto Layout positions its neighbours (true, as for every view made in code); set false to
    /// place it with constraints.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { _autoLayout?.translatesAutoresizingMaskIntoConstraints ?? true }
        set {
            guard newValue != translatesAutoresizingMaskIntoConstraints else { return }
            autoLayout.translatesAutoresizingMaskIntoConstraints = newValue
            LayoutSystem.shared.structureChanged(around: self)
        }
    }

    /// The active constraints installed on this view.
    public var constraints: [NSLayoutConstraint] { _autoLayout?.constraints ?? [] }

    /// Activates `constraint`, installed on this view (UIKit's older API; prefer `isActive`).
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        LayoutSystem.shared.activate(constraint, on: self)
    }

    /// Activates each of `constraints` on this view.
    public func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { addConstraint(c) }
    }

    /// Deactivates `constraint` when it is installed on this view.
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        if constraint.installedOn === self { constraint.isActive = false }
    }

    /// Deactivates each of `constraints` installed on this view.
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { removeConstraint(c) }
    }

    // MARK: Anchors

    private func anchor<A: NSLayoutAnchor<B>, B>(_ attribute: NSLayoutConstraint.Attribute, _ make: (UIView) -> A) -> A {
        if let a = autoLayout.anchors[attribute] as? A { return a }
        let a = make(self)
        autoLayout.anchors[attribute] = a
        return a
    }

    /// The leading edge (the left, in left-to-right layouts).
    public var leadingAnchor: NSLayoutXAxisAnchor { anchor(.leading) { NSLayoutXAxisAnchor(item: $0, attribute: .leading) } }
    /// The trailing edge (the right, in left-to-right layouts).
    public var trailingAnchor: NSLayoutXAxisAnchor { anchor(.trailing) { NSLayoutXAxisAnchor(item: $0, attribute: .trailing) } }
    /// The left edge.
    public var leftAnchor: NSLayoutXAxisAnchor { anchor(.left) { NSLayoutXAxisAnchor(item: $0, attribute: .left) } }
    /// The right edge.
    public var rightAnchor: NSLayoutXAxisAnchor { anchor(.right) { NSLayoutXAxisAnchor(item: $0, attribute: .right) } }
    /// The horizontal centre.
    public var centerXAnchor: NSLayoutXAxisAnchor { anchor(.centerX) { NSLayoutXAxisAnchor(item: $0, attribute: .centerX) } }
    /// The top edge.
    public var topAnchor: NSLayoutYAxisAnchor { anchor(.top) { NSLayoutYAxisAnchor(item: $0, attribute: .top) } }
    /// The bottom edge.
    public var bottomAnchor: NSLayoutYAxisAnchor { anchor(.bottom) { NSLayoutYAxisAnchor(item: $0, attribute: .bottom) } }
    /// The vertical centre.
    public var centerYAnchor: NSLayoutYAxisAnchor { anchor(.centerY) { NSLayoutYAxisAnchor(item: $0, attribute: .centerY) } }
    /// The first line's baseline (a label's; the bottom edge for other views).
    public var firstBaselineAnchor: NSLayoutYAxisAnchor {
        anchor(.firstBaseline) { NSLayoutYAxisAnchor(item: $0, attribute: .firstBaseline) }
    }
    /// The last line's baseline (a one-line label's; the bottom edge for other views).
    public var lastBaselineAnchor: NSLayoutYAxisAnchor {
        anchor(.lastBaseline) { NSLayoutYAxisAnchor(item: $0, attribute: .lastBaseline) }
    }
    /// The width.
    public var widthAnchor: NSLayoutDimension { anchor(.width) { NSLayoutDimension(item: $0, attribute: .width) } }
    /// The height.
    public var heightAnchor: NSLayoutDimension { anchor(.height) { NSLayoutDimension(item: $0, attribute: .height) } }

    // MARK: Priorities

    /// How strongly the view resists growing beyond its intrinsic size on `axis` (250; 251 for labels).
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? autoLayout.hugging.horizontal : autoLayout.hugging.vertical
    }

    /// Sets how strongly the view resists growing beyond its intrinsic size on `axis`.
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { autoLayout.hugging.horizontal = priority } else { autoLayout.hugging.vertical = priority }
        LayoutSystem.shared.structureChanged(around: self)
    }

    /// How strongly the view resists shrinking below its intrinsic size on `axis` (750).
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? autoLayout.compression.horizontal : autoLayout.compression.vertical
    }

    /// Sets how strongly the view resists shrinking below its intrinsic size on `axis`.
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { autoLayout.compression.horizontal = priority } else { autoLayout.compression.vertical = priority }
        LayoutSystem.shared.structureChanged(around: self)
    }

    // MARK: Guides and margins

    /// The space kept inside the view's edges for its content (8 points on every side by default).
    public var layoutMargins: UIEdgeInsets {
        get { _autoLayout?.layoutMargins ?? UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) }
        set {
            guard newValue != layoutMargins else { return }
            autoLayout.layoutMargins = newValue
            layoutMarginsDidChange()
            _viewController?.viewLayoutMarginsDidChange()
            setNeedsLayout()
        }
    }

    /// The layout margins with leading and trailing (left and right in left-to-right layouts).
    public var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            let m = layoutMargins
            return NSDirectionalEdgeInsets(top: m.top, leading: m.left, bottom: m.bottom, trailing: m.right)
        }
        set { layoutMargins = UIEdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing) }
    }

    /// Whether the view's margins also keep content inside its superview's margins (false by
    /// default): where the view lies closer to an edge of its superview than the superview's
    /// margin on that side, its own margin there grows by the least amount that keeps its
    /// margins inside the superview's, as UIKit documents. Used by `layoutMarginsGuide` and the
    /// margin attributes of constraints.
    public var preservesSuperviewLayoutMargins: Bool {
        get { _autoLayout?.preservesSuperviewLayoutMargins ?? false }
        set {
            guard newValue != preservesSuperviewLayoutMargins else { return }
            autoLayout.preservesSuperviewLayoutMargins = newValue
            setNeedsLayout()
            superview?.setNeedsLayout()
        }
    }

    /// Whether the layout margins are measured from the safe area (true by default): the margins
    /// guide is inset by the safe area insets plus the margins; false measures them from the
    /// bounds, even where that lies outside the safe area.
    public var insetsLayoutMarginsFromSafeArea: Bool {
        get { _autoLayout?.insetsLayoutMarginsFromSafeArea ?? true }
        set {
            guard newValue != insetsLayoutMarginsFromSafeArea else { return }
            autoLayout.insetsLayoutMarginsFromSafeArea = newValue
            setNeedsLayout()
            superview?.setNeedsLayout()
        }
    }

    /// The margins `layoutMarginsGuide` and the margin attributes use now: `layoutMargins`, plus
    /// the safe area insets when `insetsLayoutMarginsFromSafeArea`, widened where
    /// `preservesSuperviewLayoutMargins` keeps the superview's margins (from the current frames).
    var effectiveLayoutMargins: UIEdgeInsets {
        var m = layoutMargins
        if insetsLayoutMarginsFromSafeArea {
            let s = safeAreaInsets
            m = UIEdgeInsets(top: m.top + s.top, left: m.left + s.left, bottom: m.bottom + s.bottom, right: m.right + s.right)
        }
        guard preservesSuperviewLayoutMargins, let superview else { return m }
        let sm = superview.effectiveLayoutMargins, sb = superview.bounds, f = frame
        m.left = max(m.left, sm.left - (f.minX - sb.minX))
        m.top = max(m.top, sm.top - (f.minY - sb.minY))
        m.right = max(m.right, sm.right - (sb.maxX - f.maxX))
        m.bottom = max(m.bottom, sm.bottom - (sb.maxY - f.maxY))
        return m
    }

    /// The widest a `readableContentGuide` gets, in points: the readable width UIKit gives body
    /// text at the default content size (672).
    public static let readableContentWidth: CGFloat = 672

    /// A guide inside the layout margins whose width suits reading: the margins guide's height,
    /// and its width up to `readableContentWidth`, centred between the margins.
    public var readableContentGuide: UILayoutGuide {
        if let guide = autoLayout.readableGuide { return guide }
        let guide = ownGuide(.readable, "UIViewReadableContentGuide")
        autoLayout.readableGuide = guide
        return guide
    }

    /// A guide on the view's bounds inset by its layout margins.
    public var layoutMarginsGuide: UILayoutGuide {
        if let guide = autoLayout.marginsGuide { return guide }
        let guide = ownGuide(.margins, "UIViewLayoutMarginsGuide")
        autoLayout.marginsGuide = guide
        return guide
    }

    /// A guide on the view's bounds inset by its safe area insets.
    public var safeAreaLayoutGuide: UILayoutGuide {
        if let guide = autoLayout.safeAreaGuide { return guide }
        let guide = ownGuide(.safeArea, "UIViewSafeAreaLayoutGuide")
        autoLayout.safeAreaGuide = guide
        return guide
    }

    private func ownGuide(_ kind: UILayoutGuide.Kind, _ identifier: String) -> UILayoutGuide {
        let guide = UILayoutGuide(kind: kind)
        guide.owningView = self
        guide.identifier = identifier
        return guide
    }

    /// The guides added to the view.
    public var layoutGuides: [UILayoutGuide] { _autoLayout?.layoutGuides ?? [] }

    /// Adds `layoutGuide` to the view: its frame is solved in the view's coordinates.
    public func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
        layoutGuide.owningView?.removeLayoutGuide(layoutGuide)
        layoutGuide.owningView = self
        autoLayout.layoutGuides.append(layoutGuide)
        LayoutSystem.shared.structureChanged(around: self)
    }

    /// Removes `layoutGuide` (and the constraints that use it).
    public func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard layoutGuide.owningView === self else { return }
        autoLayout.layoutGuides.removeAll { $0 === layoutGuide }
        layoutGuide.owningView = nil
        LayoutSystem.shared.structureChanged(around: self)
    }

    // MARK: Updating constraints

    /// Asks for `updateConstraints()` before the next layout.
    public func setNeedsUpdateConstraints() {
        autoLayout.needsUpdateConstraints = true
        LayoutSystem.shared.needsUpdate.append(self)
        setNeedsLayout()
    }

    /// Whether `updateConstraints()` is due.
    public func needsUpdateConstraints() -> Bool { _autoLayout?.needsUpdateConstraints ?? false }

    /// Runs `updateConstraints()` now when it is due, on this view and its subviews (deepest
    /// first: a view after its subviews). An explicit stack: a deep hierarchy must not run out of stack.
    public func updateConstraintsIfNeeded() {
        var pending: [(view: UIView, subviewsDone: Bool)] = [(self, false)]
        while let (view, subviewsDone) = pending.popLast() {
            if subviewsDone {
                if view.needsUpdateConstraints() { view.updateConstraints() }
                continue
            }
            pending.append((view, true))
            for subview in view.subviews.reversed() { pending.append((subview, false)) }
        }
    }

    // MARK: Ambiguity

    /// Whether the constraints leave the view's frame free to take more than one value (its
    /// place or size in its superview can change without breaking or straining any constraint),
    /// as UIKit's debugging aid answers. False for views not placed by constraints.
    public var hasAmbiguousLayout: Bool {
        guard !translatesAutoresizingMaskIntoConstraints, let engine = LayoutSystem.shared.solvedEngine(for: self) else { return false }
        return !engine.ambiguousParts(of: self, stopAtFirst: false).parts.isEmpty
    }

    /// Moves a view whose layout is ambiguous to another layout its constraints allow (one free
    /// part of its frame moved 97 points), to show what is undetermined; nothing for a view whose
    /// layout is not ambiguous. A debugging aid, as in UIKit: the next layout pass may move it back.
    public func exerciseAmbiguityInLayout() {
        guard !translatesAutoresizingMaskIntoConstraints, let superview, let engine = LayoutSystem.shared.solvedEngine(for: self),
            let theirs = engine.frame(of: superview), let mine = engine.ambiguousParts(of: self, stopAtFirst: true).movedFrame
        else { return }
        let b = superview.bounds
        frame = CGRect(x: mine.minX - theirs.minX + b.minX, y: mine.minY - theirs.minY + b.minY, width: max(mine.width, 0), height: max(mine.height, 0))
    }

    /// The active constraints that place the view along `axis`: those naming it as an item with
    /// an attribute of that axis (Strata lists the constraints you made; UIKit also lists the
    /// ones it makes for intrinsic sizes and autoresizing masks).
    public func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        var found: [NSLayoutConstraint] = []
        var holder: UIView? = self
        while let view = holder {
            for c in view.constraints {
                if (c.firstItem === self && axis.includes(c.firstAttribute)) || (c.secondItem === self && axis.includes(c.secondAttribute)) {
                    found.append(c)
                }
            }
            holder = view.superview
        }
        return found
    }

    // MARK: Alignment rectangles

    /// The rectangle constraints place for a view with `frame`: the frame inset by `alignmentRectInsets`.
    public func alignmentRect(forFrame frame: CGRect) -> CGRect { frame.inset(by: alignmentRectInsets) }

    /// The frame for an alignment rectangle: the rectangle outset by `alignmentRectInsets`.
    public func frame(forAlignmentRect alignmentRect: CGRect) -> CGRect {
        let i = alignmentRectInsets
        return alignmentRect.inset(by: UIEdgeInsets(top: -i.top, left: -i.left, bottom: -i.bottom, right: -i.right))
    }
}
