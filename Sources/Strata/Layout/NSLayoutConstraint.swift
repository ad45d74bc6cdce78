import Foundation

/// How much a constraint matters, 1 … 1000: UIKit's `UILayoutPriority`. Required (1000)
/// constraints must hold; lower ones are met as well as they can be, higher before lower.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral
{
    /// The priority's value.
    public let rawValue: Float
    /// A priority from its value.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// A priority from its value.
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    /// Must hold (1000).
    public static let required = UILayoutPriority(1000)
    /// The compression resistance of most views (750).
    public static let defaultHigh = UILayoutPriority(750)
    /// A scene's drag-to-resize level (510).
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// A scene's size level (500).
    public static let sceneSizeStayPut = UILayoutPriority(500)
    /// A drag that cannot resize the scene (490).
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    /// The content hugging of most views (250).
    public static let defaultLow = UILayoutPriority(250)
    /// What `systemLayoutSizeFitting` pulls the size towards its target with (50).
    public static let fittingSizeLevel = UILayoutPriority(50)

    public static func < (a: UILayoutPriority, b: UILayoutPriority) -> Bool { a.rawValue < b.rawValue }
    public static func + (a: UILayoutPriority, b: Float) -> UILayoutPriority { UILayoutPriority(a.rawValue + b) }
    public static func - (a: UILayoutPriority, b: Float) -> UILayoutPriority { UILayoutPriority(a.rawValue - b) }
}

/// A relation between two layout attributes that Auto Layout keeps: UIKit's `NSLayoutConstraint`.
/// Main actor.
///
/// `firstItem.firstAttribute relation multiplier × secondItem.secondAttribute + constant`, at a
/// `priority`. An active constraint is installed on the nearest common ancestor of its views
/// (in its `constraints`) and solved with every other active constraint of the view tree when
/// the tree lays out; changing `constant` re-solves incrementally and lays the views out again
/// at the next layout pass (so a change followed by `layoutIfNeeded()` inside `UIView.animate`
/// animates, as in UIKit).
@MainActor
open class NSLayoutConstraint {
    /// The part of an item a constraint relates: UIKit's `NSLayoutConstraint.Attribute`.
    public enum Attribute: Int, Sendable, CaseIterable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline, firstBaseline,
            leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin, centerXWithinMargins,
            centerYWithinMargins
        case notAnAttribute = 0
    }

    /// How the two sides compare: UIKit's `NSLayoutConstraint.Relation`.
    public enum Relation: Int, Sendable, CaseIterable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    /// The first item (a view or a layout guide).
    public private(set) weak var firstItem: AnyObject?
    /// The first item's attribute.
    public let firstAttribute: Attribute
    /// How the sides compare.
    public let relation: Relation
    /// The second item, nil for a constant constraint (`width == 100`).
    public private(set) weak var secondItem: AnyObject?
    /// The second item's attribute (`.notAnAttribute` without a second item).
    public let secondAttribute: Attribute
    /// The factor on the second attribute.
    public let multiplier: CGFloat

    /// The constant added to the second side. Changing it re-solves incrementally.
    /// - Precondition: finite.
    public var constant: CGFloat {
        didSet {
            precondition(constant.isFinite, "NSLayoutConstraint.constant: \(constant) is not finite; pass a finite number of points")
            if constant != oldValue { LayoutSystem.shared.constraintChanged(self) }
        }
    }

    /// How much the constraint matters (`.required` by default).
    /// - Precondition: 1 … 1000; an active constraint cannot change between required and not,
    ///   as UIKit raises there.
    public var priority: UILayoutPriority = .required {
        willSet {
            precondition(
                newValue.rawValue >= 1 && newValue.rawValue <= 1000,
                "NSLayoutConstraint.priority: \(newValue.rawValue) is outside 1…1000")
            precondition(
                !isActive || (newValue == .required) == (priority == .required),
                "NSLayoutConstraint.priority: mutating a priority from required to not on an installed constraint (or vice-versa) is not supported; deactivate \(self) first"
            )
        }
        didSet { if priority != oldValue { LayoutSystem.shared.constraintChanged(self) } }
    }

    /// A name shown in descriptions and conflict messages.
    public var identifier: String?

    /// Whether the constraint is kept (false until activated). Setting true installs it on the
    /// nearest common ancestor of its items.
    /// - Precondition: when activating, the items share an ancestor; UIKit raises otherwise.
    public var isActive: Bool {
        get { installedOn != nil }
        set {
            if newValue { LayoutSystem.shared.activate(self) } else { LayoutSystem.shared.deactivate(self) }
        }
    }

    /// The view whose `constraints` hold this one while it is active.
    weak var installedOn: UIView?

    /// `view1.attr1 relation multiplier × view2.attr2 + constant`, inactive.
    /// - Precondition: the attributes fit (a width is not related to a left edge; only
    ///   `width`/`height` may have no second item), the multiplier is finite and not 0 for a
    ///   location, as UIKit raises.
    public init(
        item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
        attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        let first = view1 as AnyObject
        precondition(first is UIView || first is UILayoutGuide, "NSLayoutConstraint: the first item \(view1) is not a view or a layout guide")
        if let view2 {
            precondition(
                view2 as AnyObject is UIView || view2 as AnyObject is UILayoutGuide,
                "NSLayoutConstraint: the second item \(view2) is not a view or a layout guide")
        }
        precondition(attr1 != .notAnAttribute, "NSLayoutConstraint: the first attribute cannot be .notAnAttribute")
        precondition(multiplier.isFinite && c.isFinite, "NSLayoutConstraint: multiplier \(multiplier) and constant \(c) must be finite")
        if view2 == nil || attr2 == .notAnAttribute {
            precondition(
                attr1 == .width || attr1 == .height,
                "NSLayoutConstraint: a constraint on \(attr1) needs a second item; only width and height can equal a constant")
        } else {
            precondition(
                Self.axis(attr1) == Self.axis(attr2) || (!Self.isLocation(attr1) && !Self.isLocation(attr2)),
                "NSLayoutConstraint: \(attr1) and \(attr2) are on different axes (or mix a size with a location); they cannot be related")
            precondition(
                !(Self.isLocation(attr1) && multiplier == 0),
                "NSLayoutConstraint: a multiplier of 0 with a location attribute (\(attr1)) leads to an invalid constraint")
        }
        firstItem = first
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2.map { $0 as AnyObject }
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier
        constant = c
    }

    /// The first item's anchor.
    public var firstAnchor: AnyObject { LayoutSystem.anchor(firstItem, firstAttribute) }
    /// The second item's anchor (nil without a second item).
    public var secondAnchor: AnyObject? { secondItem.map { LayoutSystem.anchor($0, secondAttribute) } }

    /// Activates every constraint in `constraints`.
    public static func activate(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { c.isActive = true }
    }

    /// Deactivates every constraint in `constraints`.
    public static func deactivate(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { c.isActive = false }
    }

    /// Which axis an attribute is on: 0 horizontal location, 1 vertical location, 2 width, 3 height.
    static func axis(_ a: Attribute) -> Int {
        switch a {
        case .left, .right, .leading, .trailing, .centerX, .leftMargin, .rightMargin, .leadingMargin, .trailingMargin,
            .centerXWithinMargins:
            0
        case .top, .bottom, .centerY, .lastBaseline, .firstBaseline, .topMargin, .bottomMargin, .centerYWithinMargins: 1
        case .width: 2
        case .height: 3
        case .notAnAttribute: -1
        }
    }

    static func isLocation(_ a: Attribute) -> Bool { axis(a) == 0 || axis(a) == 1 }

    /// A description in UIKit's shape: `<NSLayoutConstraint:0x… UIView:0x….width == 100 (active)>`.
    public var description: String {
        func name(_ item: AnyObject?) -> String { item.map { "\(type(of: $0)):\(objectAddress($0))" } ?? "nil" }
        let op = relation == .equal ? "==" : relation == .lessThanOrEqual ? "<=" : ">="
        var rhs = ""
        if let secondItem {
            rhs = "\(name(secondItem)).\(secondAttribute)"
            if multiplier != 1 { rhs += "*\(multiplier)" }
            if constant != 0 { rhs += constant > 0 ? " + \(constant)" : " - \(-constant)" }
        } else {
            rhs = "\(constant)"
        }
        let priorityText = priority == .required ? "" : " priority \(priority.rawValue)"
        let id = identifier.map { " '\($0)'" } ?? ""
        return "<NSLayoutConstraint:\(objectAddress(self))\(id) \(name(firstItem)).\(firstAttribute) \(op) \(rhs)\(priorityText)\(isActive ? " (active)" : "")>"
    }
}

// Printed on the main actor, as UIKit objects are read there.
extension NSLayoutConstraint: @MainActor CustomStringConvertible {}

// Constraints are NSObjects in UIKit: equal only to themselves.
extension NSLayoutConstraint: Hashable {
    nonisolated public static func == (a: NSLayoutConstraint, b: NSLayoutConstraint) -> Bool { a === b }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
