import Foundation

/// A view that lays out a row or column of views with Auto Layout: UIKit's `UIStackView`.
/// Main actor.
///
/// The stack makes the constraints itself (as UIKit does), from `axis`, `distribution`,
/// `alignment`, `spacing` and custom spacings, and remakes them when any of these, the arranged
/// views or their `isHidden` change: hidden arranged views are left out, so the others close up
/// (inside `UIView.animate` with `layoutIfNeeded()`, they animate into place). Arranged views
/// are placed by constraints (`translatesAutoresizingMaskIntoConstraints` becomes false). The
/// gaps of `.equalSpacing` and `.equalCentering` are hidden layout guides.
@MainActor
open class UIStackView: UIView {
    /// How arranged views share the stack's length: UIKit's `UIStackView.Distribution`.
    public enum Distribution: Int, Sendable, CaseIterable {
        /// Fill the length; hugging and compression resistance decide who gives.
        case fill = 0
        /// Equal lengths.
        case fillEqually
        /// Lengths in proportion to the views' intrinsic lengths.
        case fillProportionally
        /// Intrinsic lengths, equal gaps (at least `spacing`).
        case equalSpacing
        /// Intrinsic lengths, centres equally spaced (gaps at least `spacing`).
        case equalCentering
    }

    /// Where arranged views sit across the stack: UIKit's `UIStackView.Alignment`.
    public enum Alignment: Int, Sendable, CaseIterable {
        /// Fill the breadth.
        case fill = 0
        /// The leading edge (top in a horizontal stack).
        case leading
        /// The first baseline (horizontal stacks).
        case firstBaseline
        /// Centred.
        case center
        /// The trailing edge (bottom in a horizontal stack).
        case trailing
        /// The last baseline (horizontal stacks).
        case lastBaseline
        /// The top (horizontal stacks): `.leading`.
        public static let top = Alignment.leading
        /// The bottom (horizontal stacks): `.trailing`.
        public static let bottom = Alignment.trailing
    }

    /// The value `customSpacing(after:)` answers when no custom spacing is set.
    public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
    /// A spacing that asks for the system's (8 points here).
    public static let spacingUseSystem = -CGFloat.greatestFiniteMagnitude

    /// The views the stack arranges, in order.
    public private(set) var arrangedSubviews: [UIView] = []
    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    private var generated: [NSLayoutConstraint] = []
    private var spacers: [UILayoutGuide] = []

    /// A horizontal stack at `frame` with no arranged views.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A horizontal stack arranging `views`.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    /// Creates a stack from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The direction views are arranged in (`.horizontal`).
    open var axis = NSLayoutConstraint.Axis.horizontal { didSet { if axis != oldValue { rebuild() } } }
    /// How views share the length (`.fill`).
    open var distribution = Distribution.fill { didSet { if distribution != oldValue { rebuild() } } }
    /// Where views sit across (`.fill`).
    open var alignment = Alignment.fill { didSet { if alignment != oldValue { rebuild() } } }
    /// The gap between views (0), or the least gap for the equal-spacing distributions.
    open var spacing: CGFloat = 0 { didSet { if spacing != oldValue { rebuild() } } }
    /// Whether views are arranged within the layout margins instead of the bounds (false).
    open var isLayoutMarginsRelativeArrangement = false { didSet { if isLayoutMarginsRelativeArrangement != oldValue { rebuild() } } }
    /// Whether vertical gaps are measured between baselines (kept; not applied yet).
    open var isBaselineRelativeArrangement = false

    /// Adds `view` at the end of the arranged views (and as the last subview).
    public func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts `view` at `stackIndex` of the arranged views (adding it as a subview when it is not one).
    /// - Precondition: `stackIndex` is within 0…`arrangedSubviews.count`.
    public func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        precondition(
            stackIndex >= 0 && stackIndex <= arrangedSubviews.count,
            "UIStackView.insertArrangedSubview: index \(stackIndex) is outside 0…\(arrangedSubviews.count)")
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(stackIndex, arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        rebuild()
    }

    /// Stops arranging `view`; it stays a subview (remove it from the superview to take it away).
    public func removeArrangedSubview(_ view: UIView) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        rebuild()
    }

    /// A removed subview is no longer arranged, as UIKit does.
    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    /// Sets the gap after `arrangedSubview` (`spacingUseDefault` returns to `spacing`).
    public func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing == Self.spacingUseDefault ? nil : spacing
        rebuild()
    }

    /// The custom gap after `arrangedSubview`, or `spacingUseDefault`.
    public func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
    }

    func arrangedSubviewVisibilityChanged(_ view: UIView) {
        if arrangedSubviews.contains(where: { $0 === view }) { rebuild() }
    }

    private func gap(after view: UIView) -> CGFloat {
        let value = customSpacings[ObjectIdentifier(view)] ?? spacing
        return value == Self.spacingUseSystem ? UIView.systemSpacing : value
    }

    // MARK: The generated constraints

    /// Replaces the stack's constraints with ones for the current settings.
    private func rebuild() {
        NSLayoutConstraint.deactivate(generated)
        generated = []
        for guide in spacers { removeLayoutGuide(guide) }
        spacers = []
        let shown = arrangedSubviews.filter { !$0.isHidden }
        guard !shown.isEmpty else { return setNeedsLayout() }
        let horizontal = axis == .horizontal
        let edges: (start: NSLayoutConstraint.Attribute, end: NSLayoutConstraint.Attribute, length: NSLayoutConstraint.Attribute) =
            horizontal ? (.leading, .trailing, .width) : (.top, .bottom, .height)
        let across: (start: NSLayoutConstraint.Attribute, end: NSLayoutConstraint.Attribute, center: NSLayoutConstraint.Attribute) =
            horizontal ? (.top, .bottom, .centerY) : (.leading, .trailing, .centerX)
        let container: AnyObject = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        func make(
            _ a: AnyObject, _ aa: NSLayoutConstraint.Attribute, _ r: NSLayoutConstraint.Relation, _ b: AnyObject?,
            _ ba: NSLayoutConstraint.Attribute, multiplier: CGFloat = 1, _ c: CGFloat = 0, priority: UILayoutPriority = .required
        ) {
            let constraint = NSLayoutConstraint(item: a, attribute: aa, relatedBy: r, toItem: b, attribute: ba, multiplier: multiplier, constant: c)
            constraint.priority = priority
            constraint.identifier = "UISV"
            generated.append(constraint)
        }
        // Along the axis: the ends, then what lies between each pair.
        make(shown[0], edges.start, .equal, container, edges.start)
        make(shown[shown.count - 1], edges.end, .equal, container, edges.end)
        let totalGaps = zip(shown, shown.dropFirst()).reduce(CGFloat(0)) { $0 + gap(after: $1.0) }
        for (previous, next) in zip(shown, shown.dropFirst()) {
            let g = gap(after: previous)
            switch distribution {
            case .fill, .fillEqually, .fillProportionally:
                make(next, edges.start, .equal, previous, edges.end, g)
            case .equalSpacing, .equalCentering:
                make(next, edges.start, .greaterThanOrEqual, previous, edges.end, g)
                let spacer = UILayoutGuide()
                spacer.identifier = "UISV-distributing"
                addLayoutGuide(spacer)
                spacers.append(spacer)
                let anchor: NSLayoutConstraint.Attribute = distribution == .equalSpacing ? edges.end : (horizontal ? .centerX : .centerY)
                let nextAnchor: NSLayoutConstraint.Attribute = distribution == .equalSpacing ? edges.start : anchor
                make(spacer, edges.start, .equal, previous, anchor)
                make(spacer, edges.end, .equal, next, nextAnchor)
                if spacers.count > 1 { make(spacer, edges.length, .equal, spacers[0], edges.length) }
            }
        }
        switch distribution {
        case .fillEqually:
            for view in shown.dropFirst() { make(view, edges.length, .equal, shown[0], edges.length) }
        case .fillProportionally:
            let lengths = shown.map { horizontal ? $0.intrinsicContentSize.width : $0.intrinsicContentSize.height }
            let total = lengths.reduce(0) { $0 + max($1, 0) }
            if total > 0, !lengths.contains(UIView.noIntrinsicMetric) {
                for (view, length) in zip(shown, lengths) {
                    let share = length / total
                    make(view, edges.length, .equal, container, edges.length, multiplier: share, -totalGaps * share, priority: UILayoutPriority(999))
                }
            }
        default:
            break
        }
        // Across: each view as the alignment says, never beyond the stack.
        for view in shown {
            switch alignment {
            case .fill:
                make(view, across.start, .equal, container, across.start)
                make(view, across.end, .equal, container, across.end)
            case .leading:
                make(view, across.start, .equal, container, across.start)
                make(view, across.end, .lessThanOrEqual, container, across.end)
            case .trailing:
                make(view, across.end, .equal, container, across.end)
                make(view, across.start, .greaterThanOrEqual, container, across.start)
            case .center:
                make(view, across.center, .equal, container, across.center)
                make(view, across.start, .greaterThanOrEqual, container, across.start)
            case .firstBaseline, .lastBaseline:
                let baseline: NSLayoutConstraint.Attribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                if view !== shown[0] { make(view, baseline, .equal, shown[0], baseline) }
                make(view, across.start, .greaterThanOrEqual, container, across.start)
                make(view, across.end, .lessThanOrEqual, container, across.end)
            }
        }
        if alignment != .fill {
            // The stack as thin as its thickest view when nothing else sizes it.
            make(self, horizontal ? .height : .width, .equal, nil, .notAnAttribute, 0, priority: UILayoutPriority(25))
        }
        NSLayoutConstraint.activate(generated)
        setNeedsLayout()
    }
}
