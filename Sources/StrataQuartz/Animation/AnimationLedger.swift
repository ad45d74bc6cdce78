import Foundation
import StrataCore
import StrataGraphics

// Overall design: the ledger keeps what the model knows of animations between the commit that
// sends them and the frame that shows their end: each animation block's (or explicit
// animation's, or implicit transaction's) group with its completion, the active property
// animators, and the transaction completion blocks waiting for a commit. Screens tell it of
// each frame presented; it runs completions after the frame that shows the end.

/// Animation groups, animators and completions. Main actor.
@MainActor
package final class AnimationLedger {
    package static let shared = AnimationLedger()

    /// Animation blocks waiting for their completion.
    package var groups: [UInt64: AnimationGroup] = [:]
    var nextGroup: UInt64 = 0
    /// Layers running animations of properties they draw themselves (see DrawnAnimation.swift).
    var drawnLayers: [ObjectIdentifier: Weak<CALayer>] = [:]
    /// Active property animators, by identity.
    var animators: [ObjectIdentifier: any LedgerAnimator] = [:]
    /// Layers that kept their committed look in this transaction (see CALayer+CommittedLook.swift).
    @exclusivity(unchecked) var keptLooks: [CALayer] = []
    /// Completion blocks of transaction levels that started no animation, run after the commit.
    private var pendingCompletions: [@MainActor () -> Void] = []

    /// Hands a closed level's completion on: to its implicit animations' group, which runs it
    /// after the frame that shows their end, or, when it started none, to run after the commit.
    func close(_ level: TransactionStack.Level) {
        guard let completion = level.completion else { return }
        let waiting = ([level.group].compactMap { $0 } + level.explicitGroups).filter { groups[$0] != nil }
        guard !waiting.isEmpty else { return pendingCompletions.append(completion) }
        // Runs once the last of the level's groups has completed (after its own completion).
        let countdown = Countdown(waiting.count, then: completion)
        for id in waiting {
            let own = groups[id]?.completion
            groups[id]?.completion = { finished in
                own?(finished)
                countdown.tick()
            }
        }
    }

    /// Runs an action when it has been ticked a given number of times. Main actor.
    @MainActor private final class Countdown {
        private var remaining: Int
        private let action: @MainActor () -> Void
        init(_ count: Int, then action: @escaping @MainActor () -> Void) { (remaining, self.action) = (count, action) }
        func tick() {
            remaining -= 1
            if remaining == 0 { action() }
        }
    }

    /// A frame reported the begin time of `group`'s latest animations: `time` on the media clock,
    /// where the model guessed `guess`. The group's begin and end times (each layer's on its own
    /// time) and its animator's run move by the difference, once for what they were last timed from.
    func confirmBeginTime(group id: UInt64, guess: Double, time: Double) {
        let shift = time - guess
        if shift != 0, let i = groups.index(forKey: id), groups.values[i].awaitsBeginTime {
            groups.values[i].beginTime? += shift
            groups.values[i].endTime? += shift
            for key in groups.values[i].spans.keys {
                let layer = groups.values[i].spans[key]?.layer.object
                let local = layer.map { $0.localTime(fromMedia: time) - $0.localTime(fromMedia: guess) } ?? shift
                groups.values[i].spans[key]?.begin += local
                groups.values[i].spans[key]?.end += local
            }
        }
        if let i = groups.index(forKey: id) { groups.values[i].awaitsBeginTime = false }
        animator(of: id)?.confirmRun(shift: shift)
    }

    /// The commit was sent: groups that sent nothing complete, completions of levels that
    /// started no animation run (at the next main-queue turn), and kept looks are let go.
    func committed() {
        releaseKeptLooks()
        completeIdleGroups()
        let completions = pendingCompletions
        pendingCompletions = []
        if !completions.isEmpty {
            DispatchQueue.main.async { MainActor.assumeIsolated { completions.forEach { $0() } } }
        }
    }
}
