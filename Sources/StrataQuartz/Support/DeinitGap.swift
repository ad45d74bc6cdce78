import CSwiftRuntime
import StrataGraphics

// A view or layer let go of off the main actor (a test suite's stored views, freed by the test
// runner's thread) runs its `isolated deinit` later, on the main actor; until then it is dying
// but not yet cleaned up, and its children's and its layer's ways back still point at it. Those
// ways back are `unowned(unsafe)` — an `unowned` read of a dying object traps, and `weak` ones
// cost a side table per object that made commits 70 % slower — read through `aliveOrNil`, which
// answers nil for an object whose deinit has begun or is waiting. The memory stays valid until
// the deinit has run, and the deinit clears every way back before the object is freed.

/// `object`, or nil when its last strong reference is gone (its deinit has begun or waits to
/// run on the main actor). Reads one word of its reference count; no retain.
@inlinable @inline(__always)
package func aliveOrNil<T: AnyObject>(_ object: T?) -> T? {
    guard let object else { return nil }
    return swift_isDeallocating(Unmanaged.passUnretained(object).toOpaque()) ? nil : object
}
