import Foundation

/// One registered action of a control: a target's method (the target not retained, as UIKit
/// keeps targets) or a `UIAction` (retained), with the events it answers.
@MainActor
struct ControlAction {
    weak var target: AnyObject?
    /// Whether the action was registered with a target (then a gone target sends nothing).
    let hasTarget: Bool
    var events: UIControl.Event
    /// What `actions(forTarget:forControlEvent:)` lists for it: the method's type.
    let name: String
    let action: UIAction?
    let invoke: @MainActor (AnyObject?, UIControl, UIEvent?) -> Void
}

// Target–action in Swift without selectors. Swift on Linux has no Objective-C runtime, so there
// is no `#selector`: the action is an unapplied method reference of the target's type, in any of
// UIKit's three action shapes — `func tapped()`, `func tapped(_ sender: UIButton)` and
// `func tapped(_ sender: UIButton, forEvent event: UIEvent)`:
//
//     button.addTarget(self, action: #selector(tapped), for: .touchUpInside)            // UIKit
//     button.addTarget(self, action: SettingsViewController.tapped, for: .touchUpInside) // Strata
//
// The target is not retained (as in UIKit); when it is gone its actions send nothing.
extension UIControl {
    /// Registers `action`, a method of `target` taking no argument, for `controlEvents`.
    public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping @MainActor (Target) -> () -> Void, for controlEvents: Event
    ) {
        register(target, name: "\(type(of: action))", for: controlEvents) { target, _, _ in
            guard let target = target as? Target else { return }
            action(target)()
        }
    }

    /// Registers `action`, a method of `target` taking the sending control, for `controlEvents`.
    /// - Precondition: this control is a `Sender` (the method's parameter type); traps naming both.
    public func addTarget<Target: AnyObject, Sender>(
        _ target: Target, action: @escaping @MainActor (Target) -> (Sender) -> Void, for controlEvents: Event
    ) {
        checkSender(Sender.self, for: "\(type(of: action))")
        register(target, name: "\(type(of: action))", for: controlEvents) { target, control, _ in
            guard let target = target as? Target, let sender = control as? Sender else { return }
            action(target)(sender)
        }
    }

    /// Registers `action`, a method of `target` taking the sending control and the event, for
    /// `controlEvents`. Actions sent by `sendActions(for:)` get an event with no touches.
    /// - Precondition: this control is a `Sender`; traps naming both.
    public func addTarget<Target: AnyObject, Sender>(
        _ target: Target, action: @escaping @MainActor (Target) -> (Sender, UIEvent) -> Void, for controlEvents: Event
    ) {
        checkSender(Sender.self, for: "\(type(of: action))")
        register(target, name: "\(type(of: action))", for: controlEvents) { target, control, event in
            guard let target = target as? Target, let sender = control as? Sender else { return }
            action(target)(sender, event ?? UIEvent(type: .touches, timestamp: 0, touches: []))
        }
    }

    private func checkSender<Sender>(_ sender: Sender.Type, for name: String) {
        precondition(
            self is Sender,
            "UIControl.addTarget: the action \(name) takes a \(Sender.self), but \(type(of: self)) is not one; take the control's own type (or Any) as the sender")
    }

    private func register(
        _ target: AnyObject, name: String, for events: Event, invoke: @escaping @MainActor (AnyObject?, UIControl, UIEvent?) -> Void
    ) {
        dispatchTable.append(ControlAction(target: target, hasTarget: true, events: events, name: name, action: nil, invoke: invoke))
    }

    /// Stops sending `controlEvents` to `target`'s actions (every target's, for nil). Strata
    /// names no selectors, so `action` must be nil: every action of the target goes.
    /// - Precondition: `action` is nil.
    public func removeTarget(_ target: AnyObject?, action: Never?, for controlEvents: Event) {
        for i in dispatchTable.indices.reversed() where dispatchTable[i].hasTarget {
            guard target == nil || dispatchTable[i].target === target else { continue }
            dispatchTable[i].events.subtract(controlEvents)
            if dispatchTable[i].events.isEmpty { dispatchTable.remove(at: i) }
        }
    }

    /// Adds `action` for `controlEvents`; an action with the same identifier already added is
    /// replaced (it answers the union of the events).
    public func addAction(_ action: UIAction, for controlEvents: Event) {
        if let i = dispatchTable.firstIndex(where: { $0.action?.identifier == action.identifier }) {
            let events = dispatchTable[i].events.union(controlEvents)
            dispatchTable[i] = Self.entry(for: action, events: events)
        } else {
            dispatchTable.append(Self.entry(for: action, events: controlEvents))
        }
    }

    private static func entry(for action: UIAction, events: Event) -> ControlAction {
        ControlAction(target: nil, hasTarget: false, events: events, name: action.title, action: action) { _, control, _ in
            control.sendAction(action)
        }
    }

    /// Stops sending `controlEvents` to `action`.
    public func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Stops sending `controlEvents` to the action with `actionIdentifier`.
    public func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        for i in dispatchTable.indices.reversed() where dispatchTable[i].action?.identifier == actionIdentifier {
            dispatchTable[i].events.subtract(controlEvents)
            if dispatchTable[i].events.isEmpty { dispatchTable.remove(at: i) }
        }
    }

    /// Runs `action`'s handler with this control as its `sender`.
    public func sendAction(_ action: UIAction) {
        let previous = action.sender
        action.sender = self
        action.handler(action)
        action.sender = previous
    }

    /// Sends `controlEvents` now, as if they happened: every action registered for any of them
    /// runs once, in the order they were added.
    public func sendActions(for controlEvents: Event) {
        sendActions(for: controlEvents, with: nil)
    }

    /// Runs the actions registered for any of `events` (a gone target's send nothing).
    func sendActions(for events: Event, with event: UIEvent?) {
        let entries = dispatchTable.filter { !$0.events.isDisjoint(with: events) }
        for entry in entries {
            if entry.hasTarget, entry.target == nil { continue }
            entry.invoke(entry.target, self, event)
        }
    }

    /// The objects with actions registered (each once).
    public var allTargets: Set<AnyHashable> {
        Set(dispatchTable.compactMap { entry in entry.target.map { ($0 as? AnyHashable) ?? AnyHashable(ObjectIdentifier($0)) } })
    }

    /// Every event some action is registered for.
    public var allControlEvents: Event {
        dispatchTable.reduce(into: Event()) { $0.formUnion($1.events) }
    }

    /// The actions `target` has for `controlEvent`, named by their method's type (Swift on Linux
    /// has no selector names); nil when it has none.
    public func actions(forTarget target: AnyObject?, forControlEvent controlEvent: Event) -> [String]? {
        let names = dispatchTable.filter { $0.hasTarget && $0.target === target && !$0.events.isDisjoint(with: controlEvent) }.map(\.name)
        return names.isEmpty ? nil : names
    }

    /// Calls `body` for each action registered for `controlEvents`.
    public func enumerateEventHandlers(_ body: (UIAction?, (target: AnyObject?, action: String)?, Event, inout Bool) -> Void) {
        var stop = false
        for entry in dispatchTable {
            if let action = entry.action {
                body(action, nil, entry.events, &stop)
            } else {
                body(nil, (entry.target, entry.name), entry.events, &stop)
            }
            if stop { return }
        }
    }
}
