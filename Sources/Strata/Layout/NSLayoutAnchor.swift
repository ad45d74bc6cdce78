import Foundation

/// One attribute of a view or layout guide, for building constraints: UIKit's `NSLayoutAnchor`.
/// Main actor. The type parameter keeps axes apart: an x-axis anchor relates only to x-axis
/// anchors, a dimension only to dimensions, so mixing them does not compile, as in UIKit.
@MainActor
open class NSLayoutAnchor<AnchorType: AnyObject> {
    /// The view or layout guide.
    public private(set) weak var item: AnyObject?
    /// The attribute.
    public let attribute: NSLayoutConstraint.Attribute

    init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    func make(_ relation: NSLayoutConstraint.Relation, _ other: NSLayoutAnchor<AnchorType>?, multiplier: CGFloat = 1, constant: CGFloat)
        -> NSLayoutConstraint
    {
        guard let item else { preconditionFailure("NSLayoutAnchor: the anchor's view or layout guide is gone") }
        return NSLayoutConstraint(
            item: item, attribute: attribute, relatedBy: relation, toItem: other?.item, attribute: other?.attribute ?? .notAnAttribute,
            multiplier: multiplier, constant: constant)
    }

    /// `self == anchor` (inactive).
    public func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.equal, anchor, constant: 0) }
    /// `self >= anchor` (inactive).
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: 0)
    }
    /// `self <= anchor` (inactive).
    public func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: 0)
    }
    /// `self == anchor + c` (inactive).
    public func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: c)
    }
    /// `self >= anchor + c` (inactive).
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: c)
    }
    /// `self <= anchor + c` (inactive).
    public func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: c)
    }
}

/// A horizontal location anchor (left, right, leading, trailing, centerX): UIKit's `NSLayoutXAxisAnchor`.
@MainActor
public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
    /// `self == anchor + multiplier × 8` (UIKit's standard spacing, 8 points here).
    public func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: UIView.systemSpacing * multiplier)
    }
    /// `self >= anchor + multiplier × 8`.
    public func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: UIView.systemSpacing * multiplier)
    }
    /// `self <= anchor + multiplier × 8`.
    public func constraint(lessThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: UIView.systemSpacing * multiplier)
    }
}

/// A vertical location anchor (top, bottom, centerY, baselines): UIKit's `NSLayoutYAxisAnchor`.
@MainActor
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
    /// `self == anchor + multiplier × 8` (UIKit's standard spacing, 8 points here).
    public func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: UIView.systemSpacing * multiplier)
    }
    /// `self >= anchor + multiplier × 8`.
    public func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: UIView.systemSpacing * multiplier)
    }
    /// `self <= anchor + multiplier × 8`.
    public func constraint(lessThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: UIView.systemSpacing * multiplier)
    }
}

/// A size anchor (width, height): UIKit's `NSLayoutDimension`.
@MainActor
public final class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    /// `self == c` (inactive).
    public func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { make(.equal, nil, constant: c) }
    /// `self >= c` (inactive).
    public func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { make(.greaterThanOrEqual, nil, constant: c) }
    /// `self <= c` (inactive).
    public func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { make(.lessThanOrEqual, nil, constant: c) }
    /// `self == m × anchor` (inactive).
    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, multiplier: m, constant: 0)
    }
    /// `self >= m × anchor` (inactive).
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: m, constant: 0)
    }
    /// `self <= m × anchor` (inactive).
    public func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: m, constant: 0)
    }
    /// `self == m × anchor + c` (inactive).
    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, multiplier: m, constant: c)
    }
    /// `self >= m × anchor + c` (inactive).
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: m, constant: c)
    }
    /// `self <= m × anchor + c` (inactive).
    public func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: m, constant: c)
    }
}

/// A rectangle that takes part in Auto Layout without a view of its own: UIKit's `UILayoutGuide`.
/// Main actor. Add it to a view with `addLayoutGuide(_:)`; its `layoutFrame` (in that view's
/// coordinates) is solved with the view's constraints.
@MainActor
open class UILayoutGuide {
    /// The view the guide belongs to.
    public internal(set) weak var owningView: UIView?
    /// A name for messages.
    public var identifier = ""
    /// The guide's rectangle in the owning view's coordinates, as last solved.
    public internal(set) var layoutFrame = CGRect.zero
    /// How the guide is tied to its view when it is one of the view's own (margins, safe area).
    enum Kind { case free, margins, safeArea, readable, keyboard }
    let kind: Kind

    /// A guide to add to a view.
    public init() { kind = .free }

    init(kind: Kind) { self.kind = kind }

    public lazy var leadingAnchor = NSLayoutXAxisAnchor(item: self, attribute: .leading)
    public lazy var trailingAnchor = NSLayoutXAxisAnchor(item: self, attribute: .trailing)
    public lazy var leftAnchor = NSLayoutXAxisAnchor(item: self, attribute: .left)
    public lazy var rightAnchor = NSLayoutXAxisAnchor(item: self, attribute: .right)
    public lazy var centerXAnchor = NSLayoutXAxisAnchor(item: self, attribute: .centerX)
    public lazy var topAnchor = NSLayoutYAxisAnchor(item: self, attribute: .top)
    public lazy var bottomAnchor = NSLayoutYAxisAnchor(item: self, attribute: .bottom)
    public lazy var centerYAnchor = NSLayoutYAxisAnchor(item: self, attribute: .centerY)
    public lazy var widthAnchor = NSLayoutDimension(item: self, attribute: .width)
    public lazy var heightAnchor = NSLayoutDimension(item: self, attribute: .height)

    public var description: String { "<UILayoutGuide: \(objectAddress(self)) - \"\(identifier)\", layoutFrame = \(layoutFrame)>" }
}

// Printed on the main actor.
extension UILayoutGuide: @MainActor CustomStringConvertible {}
