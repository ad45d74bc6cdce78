import Foundation
import StrataCore
import StrataGraphics

// Core Animation's actions: what a layer runs when one of its properties changes. A standalone
// layer looks for one (`CALayer.action(forKey:)`): its delegate's, its `actions` dictionary's,
// its class's default; `NSNull` says "none" and stops the search; finding nothing, it runs its
// implicit animation (the transaction's duration and timing function). A view's layer asks the
// view, which answers `NSNull` outside animation blocks.

/// Something a layer runs for an event (a property's name when it changes): Core Animation's
/// `CAAction`. `CAAnimation` conforms (it adds itself to the layer under the event's name), and so
/// does `NSNull` (it does nothing: put it in `actions` to turn an implicit animation off). Main
/// actor.
@MainActor
public protocol CAAction: AnyObject {
    /// Runs the action for `event` on `anObject` (the layer).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension CAAction {
    /// Does nothing.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

extension NSNull: @MainActor CAAction {}

extension CAAnimation: CAAction {
    /// Adds a copy of the animation to `anObject` (a layer) under `event`.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}

extension CALayer {
    /// The action for `event` (a property's name): the delegate's (`CALayerDelegate.action(for:forKey:)`),
    /// else the `actions` dictionary's, else the class's `defaultAction(forKey:)`; `NSNull` from any
    /// of them stops the search and answers nil. Finding none, a standalone layer answers its
    /// implicit animation for an animatable property (a shape or gradient layer's own included): a
    /// `CABasicAnimation` of the property with the transaction's duration and timing function.
    /// Main actor.
    public func action(forKey event: String) -> (any CAAction)? {
        if let found = explicitAction(forKey: event) { return found is NSNull ? nil : found }
        guard !isViewBacked, LayerKey.named(event)?.isAnimatable ?? (drawnValue(forKey: event) != nil) else { return nil }
        let implicit = CABasicAnimation(keyPath: event)
        implicit.duration = CATransaction.animationDuration()
        implicit.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return implicit
    }

    /// The action the delegate, the `actions` dictionary or the class's default give `event`
    /// (`NSNull` included), or nil when none does.
    func explicitAction(forKey event: String) -> (any CAAction)? {
        if let found = delegate?.action(for: self, forKey: event) { return found }
        if let found = actions?[event] { return found }
        return type(of: self).defaultAction(forKey: event)
    }

    /// Runs `action` for a change of `new.key` from `old`: a basic animation that names no values
    /// runs as a copy from `old`, as Core Animation's do.
    func run(_ action: any CAAction, old: LayerProperty, new: LayerProperty) {
        if let basic = action as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil {
            let copy = basic.copy() as! CABasicAnimation
            copy.fromValue = old.value.anyValue
            copy.run(forKey: new.key.name, object: self, arguments: nil)
        } else {
            action.run(forKey: new.key.name, object: self, arguments: nil)
        }
    }
}

extension LayerKey {
    /// The key a `CALayer` property name (or key path head) names, if any.
    package static func named(_ name: String) -> LayerKey? {
        let own =
            switch name {
            case "hidden": "isHidden"
            case "doubleSided": "isDoubleSided"
            case "shadowPath": "shadowShape"
            default: name
            }
        return allCases.first { $0.name == own }
    }
}

extension LayerValue {
    /// The value as Core Animation gives it in an animation's `fromValue`: `CGFloat`, `Float`,
    /// `Bool`, `CGColor`, and geometry boxed in `NSValue` (`cgPointValue`, `cgRectValue`,
    /// `caTransform3DValue`); nil for none.
    package var anyValue: Any? {
        switch self {
        case .bool(let v): v
        case .number(let v): CGFloat(v)
        case .float(let v): v
        case .point(let p): NSValue(cgPoint: CGPoint(p))
        case .rect(let r): NSValue(cgRect: CGRect(r))
        case .color(let c): c.map(CGColor.init)
        case .gravity: nil
        case .transform(let t): NSValue(caTransform3D: CATransform3D(t))
        }
    }
}

// An `NSObject` in Core Animation: equal only to itself, hashed by identity (so the animations
// two layers hold compare as in code written for iOS: each layer copies what it is given).
extension CAAnimation: Hashable {
    /// Whether `a` and `b` are the same animation object.
    nonisolated public static func == (a: CAAnimation, b: CAAnimation) -> Bool { a === b }
    /// Hashes the object's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension CAAnimation {
    /// Whether `object` is this very animation (`NSObject`'s `isEqual(_:)`: identity).
    public func isEqual(_ object: Any?) -> Bool { (object as AnyObject?) === self }
}
