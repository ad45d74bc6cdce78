import Foundation

/// The views a list keeps for reuse, by identifier, and how to make new ones: the classes or
/// closures registered for each identifier. A table or collection view owns one for cells and
/// one for each kind of supplementary view. Main actor.
@MainActor
final class ReusePool<View: UIView> {
    /// How to make a view for an identifier.
    private var makers: [String: () -> View] = [:]
    /// Views waiting to be used again, by identifier (hidden, still in the list's view).
    private var waiting: [String: [View]] = [:]
    /// Views made so far (for tests and benchmarks: reuse keeps this near what fits on screen).
    private(set) var made = 0

    /// Registers how to make views for `identifier` (nil: forget it), replacing any earlier way.
    func register(_ identifier: String, make: (() -> View)?) {
        makers[identifier] = make
        if make == nil { waiting[identifier] = nil }
    }

    /// Whether `identifier` was registered.
    func isRegistered(_ identifier: String) -> Bool { makers[identifier] != nil }

    /// A waiting view for `identifier`, else a new one from its registration, else nil.
    func dequeue(_ identifier: String) -> View? {
        if var queue = waiting[identifier], let view = queue.popLast() {
            waiting[identifier] = queue
            return view
        }
        guard let make = makers[identifier] else { return nil }
        made += 1
        return make()
    }

    /// Keeps `view` for reuse under `identifier`.
    func enqueue(_ view: View, identifier: String) {
        waiting[identifier, default: []].append(view)
    }

    /// The number of views waiting.
    var waitingCount: Int { waiting.values.reduce(0) { $0 + $1.count } }
}
