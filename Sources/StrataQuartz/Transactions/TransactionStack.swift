import Foundation
import StrataCore
import StrataGraphics

// Overall design: Core Animation's transaction stack, global as Core Animation defines it: the
// explicit levels `CATransaction.begin()` opens, the implicit transaction's settings, and the
// animation blocks open now (`UIView.animate`, animators' blocks, keyframes). It decides nothing
// about commits (`CommitScheduler`) or animations' lives (`AnimationLedger`): closing the
// outermost level hands its completion to the ledger and asks the scheduler to commit.

/// The transaction levels and open animation blocks. Main actor.
@MainActor
package final class TransactionStack {
    package static let shared = TransactionStack()

    // Main actor only, and never lent out while read elsewhere: accesses cannot overlap, so the
    // state read on every property change skips dynamic exclusivity checks.
    /// Open animation blocks, outermost first.
    @exclusivity(unchecked) package var animationContexts: [AnimationContext] = []
    /// Depth of `UIView.performWithoutAnimation` calls.
    @exclusivity(unchecked) package var withoutAnimation = 0
    /// `UIView.setAnimationsEnabled`'s switch.
    package var animationsEnabled = true

    /// One level of `CATransaction.begin()`.
    struct Level {
        var disableActions = false
        var animationDuration: CFTimeInterval = 0.25
        var timingFunction: CAMediaTimingFunction?
        var completion: (@MainActor () -> Void)?
        /// The animation group of the implicit animations this level started, once it started one.
        var group: UInt64?
        /// The groups of the explicit animations added while this level was open.
        var explicitGroups: [UInt64] = []
        /// Values set with `CATransaction.setValue(_:forKey:)` at this level.
        var values: [String: Any] = [:]
    }
    /// Explicit levels, outermost first.
    @exclusivity(unchecked) var levels: [Level] = []
    /// The implicit transaction's settings, used while no explicit transaction is open.
    @exclusivity(unchecked) var implicitLevel = Level()

    /// The innermost open level: the last explicit one, or the implicit transaction.
    var current: Level {
        get { levels.last ?? implicitLevel }
        set {
            if levels.isEmpty {
                implicitLevel = newValue
                CommitScheduler.shared.scheduleImplicitCommit()
            } else {
                levels[levels.count - 1] = newValue
            }
        }
    }
    /// Whether a standalone layer's change animates implicitly now (actions enabled, a duration).
    /// UIKit's switches (`performWithoutAnimation`, `setAnimationsEnabled`) are for views' layers
    /// and do not count.
    var implicitAnimationsEnabled: Bool { !disablesActions && animationDuration > 0 }

    /// The innermost level's `disableActions`, read without copying the level (every property
    /// change reads it; a copy retains the level's block, groups and values).
    var disablesActions: Bool { levels.isEmpty ? implicitLevel.disableActions : levels[levels.count - 1].disableActions }

    /// The innermost level's `animationDuration`, read without copying the level.
    var animationDuration: CFTimeInterval {
        levels.isEmpty ? implicitLevel.animationDuration : levels[levels.count - 1].animationDuration
    }

    /// Opens an explicit level.
    func begin() { levels.append(Level()) }

    /// Closes the innermost explicit level: its completion goes to the ledger; closing the
    /// outermost commits.
    func end() {
        guard let level = levels.popLast() else { return }
        AnimationLedger.shared.close(level)
        if levels.isEmpty { CommitScheduler.shared.commit() }
    }

    /// Closes the implicit transaction at a commit: its completion goes to the ledger, and the
    /// next one starts with the defaults.
    func closeImplicit() {
        AnimationLedger.shared.close(implicitLevel)
        implicitLevel = Level()
    }

    /// Notes that an explicit animation's `group` was added while the current level is open: the
    /// level's completion block waits for it.
    func transactionAdded(group: UInt64) {
        current.explicitGroups.append(group)
    }
}

/// Core Animation's transaction controls. Main actor.
///
/// Every change to a layer or view belongs to a transaction. With none open, the first change
/// opens an implicit one that commits at the end of the current main-queue turn, so any number
/// of changes in one turn reach the compositor as one commit. `begin()`/`commit()` nest; only the
/// outermost commit sends.
@MainActor
public enum CATransaction {
    /// Opens an explicit transaction, nested in any open one.
    public static func begin() { TransactionStack.shared.begin() }

    /// Closes the innermost explicit transaction; closing the outermost sends everything
    /// changed since the last commit (implicit changes included).
    /// - Precondition: a transaction opened by `begin()` is open. Core Animation raises an
    ///   exception when no current transaction exists; Strata traps with a message.
    public static func commit() {
        precondition(
            !TransactionStack.shared.levels.isEmpty,
            "CATransaction.commit(): no current transaction exists (commit() without a matching begin())")
        TransactionStack.shared.end()
    }

    /// Commits the pending implicit transaction now, unless an explicit one is open (then its
    /// outermost `commit()` sends). Render paths call this so a frame sees this turn's changes.
    public static func flush() {
        if TransactionStack.shared.levels.isEmpty { CommitScheduler.shared.commit() }
    }

    /// Whether property changes in the current transaction skip their implicit animations.
    public static func disableActions() -> Bool { TransactionStack.shared.disablesActions }

    /// Sets whether the current transaction's changes skip implicit animations (with no explicit
    /// transaction open, the implicit one's).
    public static func setDisableActions(_ flag: Bool) { TransactionStack.shared.current.disableActions = flag }

    /// The duration of implicit animations in the current transaction, in seconds (0.25 by default).
    public static func animationDuration() -> CFTimeInterval { TransactionStack.shared.animationDuration }

    /// Sets the duration of implicit animations in the current transaction; 0 makes changes jump.
    public static func setAnimationDuration(_ duration: CFTimeInterval) {
        precondition(duration.isFinite && duration >= 0, "CATransaction.setAnimationDuration: \(duration) must be finite and at least 0")
        TransactionStack.shared.current.animationDuration = duration
    }

    /// The pacing of implicit animations in the current transaction; nil means Core Animation's
    /// `.default` curve.
    public static func animationTimingFunction() -> CAMediaTimingFunction? { TransactionStack.shared.current.timingFunction }

    /// Sets the pacing of implicit animations in the current transaction.
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) { TransactionStack.shared.current.timingFunction = function }

    /// The block run once the current transaction has been committed and its implicit animations have finished.
    public static func completionBlock() -> (@MainActor () -> Void)? { TransactionStack.shared.current.completion }

    /// Sets (replaces) the block run on the main actor once all animations subsequently added by
    /// this transaction group have completed (or been removed), as Core Animation documents it:
    /// after the current transaction's commit has been sent and the frame showing the end of the
    /// animations added after this call has been drawn (soon after the commit when none were).
    /// Animations added before the call are not waited for. With no explicit transaction open, it
    /// belongs to the implicit transaction.
    /// The value stored under `key`, looked for in the innermost transaction first and then in
    /// the enclosing ones (Core Animation's nested data scope); the four `kCATransaction…` keys
    /// read the current transaction's settings (the duration and `disableActions` as `NSNumber`).
    public static func value(forKey key: String) -> Any? {
        let stack = TransactionStack.shared
        switch key {
        case kCATransactionAnimationDuration: return NSNumber(value: animationDuration())
        case kCATransactionDisableActions: return NSNumber(value: disableActions())
        case kCATransactionAnimationTimingFunction: return animationTimingFunction()
        case kCATransactionCompletionBlock: return completionBlock()
        default:
            for level in stack.levels.reversed() {
                if let value = level.values[key] { return value }
            }
            return stack.implicitLevel.values[key]
        }
    }

    /// Stores `value` under `key` in the current transaction (nil removes it); it is seen by
    /// `value(forKey:)` here and in nested transactions until this one commits. The four
    /// `kCATransaction…` keys set the transaction's settings, as their setters do.
    public static func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case kCATransactionAnimationDuration:
            let seconds = (value as? NSNumber)?.doubleValue ?? (value as? Double) ?? 0.25
            setAnimationDuration(seconds)
        case kCATransactionDisableActions:
            setDisableActions((value as? NSNumber)?.boolValue ?? (value as? Bool) ?? false)
        case kCATransactionAnimationTimingFunction:
            setAnimationTimingFunction(value as? CAMediaTimingFunction)
        case kCATransactionCompletionBlock:
            setCompletionBlock(value as? @MainActor () -> Void)
        default:
            TransactionStack.shared.current.values[key] = value
        }
    }

    /// Core Animation's lock for changing layer properties from several threads. Strata's
    /// layers belong to the main actor, so there is nothing to lock: it does nothing.
    public static func lock() {}

    /// Releases `lock()`: does nothing (see `lock()`).
    public static func unlock() {}

    public static func setCompletionBlock(_ block: (@MainActor () -> Void)?) {
        let stack = TransactionStack.shared
        var level = stack.current
        level.completion = block
        // Only what is added from now on counts: implicit animations start a group of their own.
        level.group = nil
        level.explicitGroups = []
        stack.current = level
    }
}

/// `CATransaction.value(forKey:)`'s key for the animation duration (an `NSNumber` of seconds).
public let kCATransactionAnimationDuration = "animationDuration"
/// `CATransaction.value(forKey:)`'s key for whether actions are disabled (an `NSNumber` of a Bool).
public let kCATransactionDisableActions = "disableActions"
/// `CATransaction.value(forKey:)`'s key for the animation timing function.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// `CATransaction.value(forKey:)`'s key for the completion block.
public let kCATransactionCompletionBlock = "completionBlock"
