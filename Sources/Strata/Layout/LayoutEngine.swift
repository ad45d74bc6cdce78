import Cassowary
import Foundation
import Logging

// Overall design: Auto Layout on the Cassowary module. Each view tree that uses constraints has
// one engine, kept by its topmost view. The engine gives every view and layout guide that takes
// part (the constraints' items and their superviews up to the top) four variables — its frame's
// left, top, width and height in the top view's bounds coordinates — and turns into solver
// constraints: the top view's bounds (fixed), the frames of views that translate their
// autoresizing mask (fixed relative to their superview, stretching as the mask says), the
// intrinsic sizes of the others (hugging and compression resistance), the margin and safe-area
// guides, and every active NSLayoutConstraint. Adding or removing constraints, guides or
// participants rebuilds the engine at the next layout; a constant or priority change, a moved
// frame or a new intrinsic size updates it incrementally. A view's default `layoutSubviews()`
// asks the engine for its subviews' frames, so layout stays top-down as in UIKit.

/// The Auto Layout bookkeeping shared by all view trees. Main actor.
@MainActor
final class LayoutSystem {
    static let shared = LayoutSystem()
    static let logger = Logger(label: "strata.layout")

    /// Bumped whenever constraints, guides or participants change: engines rebuild.
    private(set) var version = 0
    /// Active constraints, across every tree.
    private(set) var activeCount = 0
    /// Views that asked for `updateConstraints()`.
    var needsUpdate: [UIView] = []

    /// Something that changes which constraints apply happened around `view`.
    func structureChanged(around view: UIView) {
        version += 1
        view.setNeedsLayout()
        view.superview?.setNeedsLayout()
    }

    // MARK: Activation

    /// The view an item belongs to: itself, or a guide's owning view.
    static func view(of item: AnyObject?) -> UIView? {
        if let view = item as? UIView { return view }
        return (item as? UILayoutGuide)?.owningView
    }

    /// The nearest common ancestor of the constraint's items.
    private func commonAncestor(of c: NSLayoutConstraint) -> UIView? {
        guard let a = Self.view(of: c.firstItem) else { return nil }
        guard c.secondItem != nil else { return a }
        guard let b = Self.view(of: c.secondItem) else { return nil }
        var candidate: UIView? = a
        while let v = candidate {
            if b.isDescendant(of: v) { return v }
            candidate = v.superview
        }
        return nil
    }

    /// Installs `c` on `view` (the nearest common ancestor of its items when nil).
    func activate(_ c: NSLayoutConstraint, on view: UIView? = nil) {
        guard c.installedOn == nil else { return }
        guard let target = view ?? commonAncestor(of: c) else {
            preconditionFailure(
                "Unable to activate constraint \(c) because its items have no common ancestor. Does the constraint reference items in different view hierarchies? That's illegal."
            )
        }
        target.autoLayout.constraints.append(c)
        c.installedOn = target
        activeCount += 1
        version += 1
        invalidate(c)
    }

    /// Uninstalls `c`.
    func deactivate(_ c: NSLayoutConstraint) {
        guard let view = c.installedOn else { return }
        view.autoLayout.constraints.removeAll { $0 === c }
        c.installedOn = nil
        activeCount -= 1
        version += 1
        invalidate(c)
    }

    /// `view` is leaving `parent`: deactivates the constraints installed on `parent` and its
    /// ancestors that tie the subtree to views outside it.
    func subtreeLeft(_ view: UIView, from parent: UIView) {
        guard activeCount > 0 else { return }
        func inside(_ item: AnyObject?) -> Bool { Self.view(of: item)?.isDescendant(of: view) ?? false }
        var ancestor: UIView? = parent
        while let a = ancestor {
            if let state = a._autoLayout, !state.constraints.isEmpty {
                for c in state.constraints where inside(c.firstItem) != inside(c.secondItem) && c.secondItem != nil {
                    deactivate(c)
                }
            }
            ancestor = a.superview
        }
    }

    /// An active constraint's constant or priority changed: update its engine in place.
    func constraintChanged(_ c: NSLayoutConstraint) {
        guard let view = c.installedOn else { return }
        if let engine = view.topmostView._autoLayout?.engine, engine.isCurrent { engine.update(c) }
        invalidate(c)
    }

    /// Lays out again the views a constraint places.
    private func invalidate(_ c: NSLayoutConstraint) {
        for item in [c.firstItem, c.secondItem] {
            guard let view = Self.view(of: item) else { continue }
            view.setNeedsLayout()
            view.superview?.setNeedsLayout()
        }
    }

    /// Runs due `updateConstraints()` calls, deepest views first.
    private func runConstraintUpdates() {
        guard !needsUpdate.isEmpty else { return }
        let views = needsUpdate
        needsUpdate = []
        func depth(_ v: UIView) -> Int {
            var d = 0
            var s = v.superview
            while let x = s {
                d += 1
                s = x.superview
            }
            return d
        }
        for view in views.sorted(by: { depth($0) > depth($1) }) where view.needsUpdateConstraints() { view.updateConstraints() }
    }

    // MARK: Layout

    /// Sets the frames of `view`'s subviews that constraints place, and its guides' frames.
    func applyFrames(toSubviewsOf view: UIView) {
        guard activeCount > 0 else { return }
        let guides = view._autoLayout?.guides ?? []
        guard view.subviews.contains(where: { !$0.translatesAutoresizingMaskIntoConstraints }) || !guides.isEmpty else { return }
        runConstraintUpdates()
        let top = view.topmostView
        let engine = top.autoLayout.engine ?? LayoutEngine(top: top, fitting: nil)
        top.autoLayout.engine = engine
        engine.solve()
        guard let origin = engine.frame(of: view)?.origin else { return }
        let b = view.bounds
        func local(_ r: CGRect) -> CGRect {
            CGRect(x: r.minX - origin.x + b.minX, y: r.minY - origin.y + b.minY, width: max(r.width, 0), height: max(r.height, 0))
        }
        for subview in view.subviews where !subview.translatesAutoresizingMaskIntoConstraints {
            guard let r = engine.frame(of: subview) else { continue }
            let frame = local(r)
            if subview.frame != frame { subview.frame = frame }
        }
        for guide in guides {
            if let r = engine.frame(of: guide) { guide.layoutFrame = local(r) }
        }
    }

    /// The engine of `view`'s tree, built and solved for the current constraints; nil when no
    /// constraint is active.
    func solvedEngine(for view: UIView) -> LayoutEngine? {
        guard activeCount > 0 else { return nil }
        runConstraintUpdates()
        let top = view.topmostView
        let engine = top.autoLayout.engine ?? LayoutEngine(top: top, fitting: nil)
        top.autoLayout.engine = engine
        engine.solve()
        return engine
    }

    /// The size of `view` its constraints allow closest to `target`.
    func fittingSize(of view: UIView, target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize {
        runConstraintUpdates()
        let engine = LayoutEngine(top: view, fitting: (target, horizontal, vertical))
        engine.solve()
        return engine.frame(of: view)?.size ?? view.bounds.size
    }

    /// The anchor object for `attribute` of `item`.
    static func anchor(_ item: AnyObject?, _ attribute: NSLayoutConstraint.Attribute) -> AnyObject {
        if let view = item as? UIView {
            switch attribute {
            case .leading: return view.leadingAnchor
            case .trailing: return view.trailingAnchor
            case .left: return view.leftAnchor
            case .right: return view.rightAnchor
            case .centerX: return view.centerXAnchor
            case .top: return view.topAnchor
            case .bottom: return view.bottomAnchor
            case .centerY: return view.centerYAnchor
            case .width: return view.widthAnchor
            case .height: return view.heightAnchor
            case .firstBaseline: return view.firstBaselineAnchor
            case .lastBaseline: return view.lastBaselineAnchor
            default: break
            }
        }
        let owner: AnyObject = item ?? NSNull()
        switch NSLayoutConstraint.axis(attribute) {
        case 0: return NSLayoutXAxisAnchor(item: owner, attribute: attribute)
        case 1: return NSLayoutYAxisAnchor(item: owner, attribute: attribute)
        default: return NSLayoutDimension(item: owner, attribute: attribute)
        }
    }
}

extension UIView {
    /// The view at the top of this view's superviews (itself when it has none).
    var topmostView: UIView {
        var top = self
        while let s = top.superview { top = s }
        return top
    }
}

/// The solver of one view tree (or of one fitting-size question). Main actor.
@MainActor
final class LayoutEngine {
    /// A view's or guide's frame variables, and the pins that tie it to its frame, superview or
    /// content, with the values they were made from.
    final class Item {
        let left: Variable, top: Variable, width: Variable, height: Variable
        weak var object: AnyObject?
        var pins: [Constraint] = []
        var pinKey: [Double] = []
        init(_ name: String, _ object: AnyObject) {
            left = Variable(name + ".left")
            top = Variable(name + ".top")
            width = Variable(name + ".width")
            height = Variable(name + ".height")
            self.object = object
        }
    }

    private unowned let top: UIView
    private let fitting: (target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority)?
    private var builtVersion = -1
    private var solver = Solver()
    private var items: [ObjectIdentifier: Item] = [:]
    private var order: [Item] = []
    private var constraintMap: [NSLayoutConstraint: Constraint] = [:]
    /// Constraints whose solver form holds numbers read from their items (margins, label
    /// baselines), with those numbers: re-added when they change (a new safe area, a superview's
    /// margins preserved, a margin set, a label's text or width changed).
    private var dependentConstraints: [(constraint: NSLayoutConstraint, numbers: [Double])] = []

    init(top: UIView, fitting: (CGSize, UILayoutPriority, UILayoutPriority)?) {
        self.top = top
        self.fitting = fitting
    }

    /// Whether the engine holds the current constraints (an incremental update can apply).
    var isCurrent: Bool { builtVersion == LayoutSystem.shared.version }

    /// Rebuilds when constraints changed, refreshes the pins, and solves.
    func solve() {
        if !isCurrent { build() }
        refreshPins()
        refreshDependentConstraints()
        solver.updateVariables()
        // UIKit's automatic preferred maximum layout width: a view whose height follows its
        // width (a multi-line label without a preferred width, a text view that does not
        // scroll) wraps at the width the constraints gave it, so its height follows; a second
        // solve (rarely a third) settles the heights that depend on it.
        for _ in 0..<2 {
            var changed = false
            for item in order {
                guard let view = item.object as? WrapsAtLayoutWidth, view.wrapsAtLayoutWidth else { continue }
                let width = CGFloat(item.width.value)
                if width > 0, abs(width - view.automaticWrapWidth) > 0.25 {
                    view.automaticWrapWidth = width
                    changed = true
                }
            }
            guard changed else { break }
            refreshPins()
            refreshDependentConstraints()
            solver.updateVariables()
        }
    }

    /// The numbers `c`'s solver form reads from its items: margins and label baselines.
    private static func dependencies(of c: NSLayoutConstraint) -> [Double] {
        var result: [Double] = []
        for (item, attribute) in [(c.firstItem, c.firstAttribute), (c.secondItem, c.secondAttribute)] {
            guard let view = item as? UIView else { continue }
            if attribute.isMargin {
                result += view.effectiveLayoutMargins.numbers
            } else if attribute == .firstBaseline || attribute == .lastBaseline, let label = view as? UILabel {
                let b = label.baselinesFromCentre()
                result += [Double(b.first), Double(b.last)]
            }
        }
        return result
    }

    /// Re-adds the constraints whose items' numbers changed since they were added.
    private func refreshDependentConstraints() {
        for i in dependentConstraints.indices {
            let c = dependentConstraints[i].constraint
            let now = Self.dependencies(of: c)
            guard now != dependentConstraints[i].numbers, c.isActive else { continue }
            dependentConstraints[i].numbers = now
            update(c)
        }
    }

    /// The frame of a view or guide in the top view's bounds coordinates, as last solved.
    func frame(of object: AnyObject) -> CGRect? {
        guard let item = items[ObjectIdentifier(object)] else { return nil }
        return CGRect(x: item.left.value, y: item.top.value, width: item.width.value, height: item.height.value)
    }

    // MARK: Building

    private func build() {
        solver = Solver()
        items = [:]
        order = []
        constraintMap = [:]
        dependentConstraints = []
        var constraints: [NSLayoutConstraint] = []
        var stack = [top]
        while let view = stack.popLast() {
            if let state = view._autoLayout { constraints += state.constraints }
            stack += view.subviews
        }
        constraints = constraints.filter { c in
            [c.firstItem, c.secondItem].allSatisfy { item in
                item == nil || (LayoutSystem.view(of: item)?.isDescendant(of: top) ?? false)
            }
        }
        _ = ensureItem(top)
        for c in constraints {
            if let a = c.firstItem { _ = ensureItem(a) }
            if let b = c.secondItem { _ = ensureItem(b) }
        }
        refreshPins()
        for c in constraints { add(c) }
        builtVersion = LayoutSystem.shared.version
    }

    /// The item of `object`, made with its superviews' (or owning view's) up to the top.
    private func ensureItem(_ object: AnyObject) -> Item {
        if let item = items[ObjectIdentifier(object)] { return item }
        let item = Item("\(type(of: object))", object)
        items[ObjectIdentifier(object)] = item
        if let view = object as? UIView, view !== top, let superview = view.superview {
            _ = ensureItem(superview)
        } else if let guide = object as? UILayoutGuide, let owner = guide.owningView {
            _ = ensureItem(owner)
        }
        order.append(item)
        return item
    }

    static func strength(_ priority: UILayoutPriority) -> Strength {
        priority >= .required ? .required : Strength(Double(priority.rawValue) * 1000)
    }

    // MARK: Pins

    /// Re-pins every item whose frame, superview, content or insets changed.
    private func refreshPins() {
        for item in order {
            guard let object = item.object else { continue }
            let key = pinning(object, item, build: false).0
            guard key != item.pinKey else { continue }
            let pins = pinning(object, item, build: true).1
            for c in item.pins { try? solver.removeConstraint(c) }
            item.pins = []
            for c in pins {
                do {
                    try solver.addConstraint(c)
                    item.pins.append(c)
                } catch {
                    LayoutSystem.logger.warning("Auto Layout: the frame of \(object) conflicts with required constraints; it was left out: \(error)")
                }
            }
            item.pinKey = key
        }
    }

    /// The values an item's pins depend on, and the pins.
    /// With `build` false only the values are worked out (most items have not changed).
    private func pinning(_ object: AnyObject, _ item: Item, build: Bool) -> ([Double], [Constraint]) {
        if let view = object as? UIView {
            if view === top {
                if let fitting {
                    let t = fitting.target
                    let key = [t.width, t.height, Double(fitting.horizontal.rawValue), Double(fitting.vertical.rawValue)]
                    guard build else { return (key, []) }
                    return (
                        key,
                        [
                            item.left == 0, item.top == 0, item.width >= 0, item.height >= 0,
                            (item.width == Double(t.width)) | Self.strength(fitting.horizontal),
                            (item.height == Double(t.height)) | Self.strength(fitting.vertical),
                        ]
                    )
                }
                let b = view.bounds
                guard build else { return ([b.minX, b.minY, b.width, b.height], []) }
                return (
                    [b.minX, b.minY, b.width, b.height],
                    [item.left == Double(b.minX), item.top == Double(b.minY), item.width == Double(b.width), item.height == Double(b.height)]
                )
            }
            if view.translatesAutoresizingMaskIntoConstraints, let superview = view.superview, let s = items[ObjectIdentifier(superview)] {
                return autoresizingPins(view, item, superview, s, build: build)
            }
            return intrinsicPins(view, item, build: build)
        }
        if let guide = object as? UILayoutGuide, let owner = guide.owningView, let o = items[ObjectIdentifier(owner)] {
            let insets: UIEdgeInsets
            switch guide.kind {
            case .free: return ([], [])
            case .margins: insets = owner.effectiveLayoutMargins
            case .safeArea: insets = owner.safeAreaInsets
            case .readable: return readablePins(item, owner: o, margins: owner.effectiveLayoutMargins, build: build)
            case .keyboard:
                // The owner's width, from its bottom up by the keyboard's height over it (UIKeyboardLayoutGuide).
                let height = Double((guide as? UIKeyboardLayoutGuide)?.height(in: owner) ?? 0)
                guard build else { return ([height], []) }
                return ([height], [item.left == o.left, item.width == o.width, item.height == height, item.top + height == o.top + o.height])
            }
            guard build else { return (insets.numbers, []) }
            return (
                insets.numbers,
                [
                    item.left == o.left + Double(insets.left), item.top == o.top + Double(insets.top),
                    item.width == o.width - Double(insets.left + insets.right),
                    item.height == o.height - Double(insets.top + insets.bottom),
                ]
            )
        }
        return ([], [])
    }

    /// A readable content guide: inside the owner's margins, as tall as they are, centred
    /// between them, as wide as they allow up to `UIView.readableContentWidth` (the width's
    /// preference is the weakest constraint there is, so the guide never pushes its owner).
    private func readablePins(_ item: Item, owner o: Item, margins m: UIEdgeInsets, build: Bool) -> ([Double], [Constraint]) {
        let key = m.numbers
        guard build else { return (key, []) }
        let inner = o.width - Double(m.left + m.right)
        return (
            key,
            [
                item.top == o.top + Double(m.top), item.height == o.height - Double(m.top + m.bottom),
                item.left + item.width * 0.5 == o.left + Double(m.left) + inner * 0.5,
                item.width <= inner, item.width <= Double(UIView.readableContentWidth), item.width >= 0,
                (item.width == Double(UIView.readableContentWidth)) | Strength(0.01),
            ]
        )
    }

    /// A view placed by its frame: fixed relative to its superview, the parts its autoresizing
    /// mask makes flexible sharing the superview's change of size as autoresizing does.
    private func autoresizingPins(_ view: UIView, _ item: Item, _ superview: UIView, _ s: Item, build: Bool) -> ([Double], [Constraint]) {
        let f = view.frame, sb = superview.bounds, mask = view.autoresizingMask
        let key = [f.minX, f.minY, f.width, f.height, sb.minX, sb.minY, sb.width, sb.height, Double(mask.rawValue)]
        guard build else { return (key, []) }
        func axis(start: Double, length: Double, end: Double, size: Double, sizeVar: Variable, flexible: (Bool, Bool, Bool))
            -> (start: Cassowary.Expression, length: Cassowary.Expression)
        {
            let parts = [(flexible.0, start), (flexible.1, length), (flexible.2, end)].filter(\.0)
            let total = parts.reduce(0) { $0 + max($1.1, 0) }
            func share(_ isFlexible: Bool, _ value: Double) -> Cassowary.Expression {
                guard isFlexible else { return 0 }
                let k = total > 0 ? max(value, 0) / total : 1 / Double(parts.count)
                return (sizeVar - size) * k
            }
            return (start + share(flexible.0, start), length + share(flexible.1, length))
        }
        let x = axis(
            start: f.minX - sb.minX, length: f.width, end: sb.maxX - f.maxX, size: sb.width, sizeVar: s.width,
            flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)))
        let y = axis(
            start: f.minY - sb.minY, length: f.height, end: sb.maxY - f.maxY, size: sb.height, sizeVar: s.height,
            flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)))
        return (key, [item.left == s.left + x.start, item.width == x.length, item.top == s.top + y.start, item.height == y.length])
    }

    /// A view placed by constraints: its intrinsic size, held by its hugging and compression
    /// resistance priorities.
    private func intrinsicPins(_ view: UIView, _ item: Item, build: Bool) -> ([Double], [Constraint]) {
        let size = view.intrinsicContentSize
        let hug = (view.contentHuggingPriority(for: .horizontal), view.contentHuggingPriority(for: .vertical))
        let resist = (view.contentCompressionResistancePriority(for: .horizontal), view.contentCompressionResistancePriority(for: .vertical))
        let key = [size.width, size.height] + [hug.0, hug.1, resist.0, resist.1].map { Double($0.rawValue) }
        guard build else { return (key, []) }
        var pins: [Constraint] = []
        let insets = view.alignmentRectInsets
        if size.width != UIView.noIntrinsicMetric {
            let w = item.width - Double(insets.left + insets.right)
            pins.append((w >= Double(size.width)) | Self.strength(resist.0))
            pins.append((w <= Double(size.width)) | Self.strength(hug.0))
        }
        if size.height != UIView.noIntrinsicMetric {
            let h = item.height - Double(insets.top + insets.bottom)
            pins.append((h >= Double(size.height)) | Self.strength(resist.1))
            pins.append((h <= Double(size.height)) | Self.strength(hug.1))
        }
        return (key, pins)
    }

    // MARK: Constraints

    /// The expression of `attribute` of an item: its alignment rectangle's edges, centre, size,
    /// margins or baseline.
    private func expression(_ object: AnyObject, _ attribute: NSLayoutConstraint.Attribute) -> Cassowary.Expression? {
        guard let item = items[ObjectIdentifier(object)] else { return nil }
        let view = object as? UIView
        let i = view?.alignmentRectInsets ?? .zero
        let l = item.left + Double(i.left), t = item.top + Double(i.top)
        let w = item.width - Double(i.left + i.right), h = item.height - Double(i.top + i.bottom)
        let m = view?.effectiveLayoutMargins ?? .zero
        switch attribute {
        case .left, .leading: return l
        case .right, .trailing: return l + w
        case .top: return t
        case .bottom: return t + h
        case .width: return w
        case .height: return h
        case .centerX: return l + w * 0.5
        case .centerY: return t + h * 0.5
        case .leftMargin, .leadingMargin: return l + Double(m.left)
        case .rightMargin, .trailingMargin: return l + w - Double(m.right)
        case .topMargin: return t + Double(m.top)
        case .bottomMargin: return t + h - Double(m.bottom)
        case .centerXWithinMargins: return l + Double(m.left) + (w - Double(m.left + m.right)) * 0.5
        case .centerYWithinMargins: return t + Double(m.top) + (h - Double(m.top + m.bottom)) * 0.5
        case .firstBaseline, .lastBaseline:
            // A label's lines are centred down its bounds; other views' baseline is their bottom.
            if let label = view as? UILabel {
                let offsets = label.baselinesFromCentre()
                return t + h * 0.5 + Double(attribute == .firstBaseline ? offsets.first : offsets.last)
            }
            return t + h
        case .notAnAttribute: return nil
        }
    }

    /// Adds the solver form of `c`; a conflict is logged as UIKit logs it and the constraint left out.
    private func add(_ c: NSLayoutConstraint) {
        guard let first = c.firstItem, let lhs = expression(first, c.firstAttribute) else { return }
        var rhs = Cassowary.Expression(constant: Double(c.constant))
        if let second = c.secondItem, c.secondAttribute != .notAnAttribute {
            guard let e = expression(second, c.secondAttribute) else { return }
            rhs = e * Double(c.multiplier) + Double(c.constant)
        }
        let relation: Relation =
            switch c.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        let constraint = Constraint(lhs, relation, rhs, strength: Self.strength(c.priority))
        let numbers = Self.dependencies(of: c)
        if !numbers.isEmpty, !dependentConstraints.contains(where: { $0.constraint === c }) {
            dependentConstraints.append((c, numbers))
        }
        do {
            try solver.addConstraint(constraint)
            constraintMap[c] = constraint
        } catch {
            let related = (first as? UIView)?.constraints ?? []
            LayoutSystem.logger.warning(
                """
                Unable to simultaneously satisfy constraints.
                \tProbably at least one of the constraints in the following list is one you don't want.
                (
                \(related.map { "    \"\($0)\"" }.joined(separator: ",\n"))
                )

                Will attempt to recover by breaking constraint
                \(c)
                """)
        }
    }

    // MARK: Ambiguity

    /// The frame parts of `object` (left, top, width, height) that can take another value, in
    /// its superview's (or owner's) coordinates, without breaking or straining any constraint:
    /// each is asked, at a strength below every constraint's, to move 97 points each way; the
    /// solution is put back after each. With `stopAtFirst`, the search stops at the first part
    /// that moves and gives the frame (in the top view's coordinates) that move made: another
    /// valid layout, for UIKit's `exerciseAmbiguityInLayout()`.
    func ambiguousParts(of object: AnyObject, stopAtFirst: Bool) -> (parts: [Int], movedFrame: CGRect?) {
        guard let item = items[ObjectIdentifier(object)] else { return ([], nil) }
        let parent: Item? =
            (object as? UIView)?.superview.flatMap { items[ObjectIdentifier($0)] }
            ?? (object as? UILayoutGuide)?.owningView.flatMap { items[ObjectIdentifier($0)] }
        func relative() -> [Double] {
            [item.left.value - (parent?.left.value ?? 0), item.top.value - (parent?.top.value ?? 0), item.width.value, item.height.value]
        }
        solver.updateVariables()
        var found: [Int] = []
        var movedFrame: CGRect?
        for (index, variable) in [item.left, item.top, item.width, item.height].enumerated() where !solver.hasEditVariable(variable) {
            let before = variable.value, shape = relative()
            guard (try? solver.addEditVariable(variable, strength: Strength(0.001))) != nil else { continue }
            var moved = false
            for delta in [97.0, -97.0] {
                try? solver.suggestValue(variable, before + delta)
                solver.updateVariables()
                if zip(relative(), shape).contains(where: { abs($0 - $1) > 0.5 }) {
                    moved = true
                    break
                }
            }
            if moved {
                found.append(index)
                if stopAtFirst { movedFrame = frame(of: object) }
            }
            try? solver.suggestValue(variable, before)
            solver.updateVariables()
            try? solver.removeEditVariable(variable)
            solver.updateVariables()
            if moved && stopAtFirst { break }
        }
        return (found, movedFrame)
    }

    /// Re-adds `c` after its constant or priority changed (the rest of the solution stays).
    func update(_ c: NSLayoutConstraint) {
        if let old = constraintMap.removeValue(forKey: c) { try? solver.removeConstraint(old) }
        add(c)
    }
}

extension UIEdgeInsets {
    /// Top, left, bottom and right, as the numbers a constraint's solver form is keyed by.
    fileprivate var numbers: [Double] { [Double(top), Double(left), Double(bottom), Double(right)] }
}

extension NSLayoutConstraint.Attribute {
    /// Whether the attribute is measured from the item's layout margins.
    var isMargin: Bool {
        switch self {
        case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins, .centerYWithinMargins: true
        default: false
        }
    }
}

/// A view whose intrinsic height depends on the width Auto Layout gives it (UIKit's automatic
/// preferred maximum layout width): the engine tells it that width between its solves. Main actor.
@MainActor
protocol WrapsAtLayoutWidth: AnyObject {
    /// Whether its height follows its width now (a label of several lines without a preferred
    /// width; a text view with scrolling off).
    var wrapsAtLayoutWidth: Bool { get }
    /// The width the last solve gave it; its intrinsic size wraps there.
    var automaticWrapWidth: CGFloat { get set }
}
