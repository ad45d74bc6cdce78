import Foundation
import StrataCore
import StrataGraphics

/// Several animations run together in the group's time (`CAAnimationGroup`): each child begins
/// at the group's begin plus its own `beginTime` and is cut off at the group's end; the group
/// lasts its own `duration` (its delegate and a transaction's completion hear its end then, even
/// when its children end sooner); a child that ends before the group follows its own fill mode
/// until the group ends, one that lasts to the group's end takes the group's fill mode and
/// removal, and only the group's delegate is told. The group's own repeats (`repeatCount`, `repeatDuration`,
/// `autoreverses`) repeat the children that fill its duration (begun at 0, lasting it: the usual
/// pulse of a scale and a fade repeated for ever). Not applied: the group's repeats of children
/// that fill only part of it, its time offset and its timing function (each child's repeats and
/// timing are, within the group's duration).
@MainActor
open class CAAnimationGroup: CAAnimation {
    /// The animations run together.
    public var animations: [CAAnimation]?

    open override func copyProperties(into other: CAAnimation) {
        super.copyProperties(into: other)
        guard let other = other as? CAAnimationGroup else { return }
        other.animations = animations?.map { $0.copy() as! CAAnimation }
    }

    /// `child`'s timing inside the group timed by `timing`: begun at its begin in the group,
    /// cut off at the group's end, at the group's speed, filling as the group does.
    private func timing(of child: CAAnimation, in timing: Timing) -> Timing {
        var childTiming = child.timing(now: 0, group: timing.group)
        childTiming.begin = timing.begin + max(child.beginTime, 0) / max(abs(timing.speed), 1e-9)
        if child.duration <= 0 { childTiming.duration = timing.duration }
        // The passes that fit between the child's begin and the group's end, in the child's
        // own time (its speed runs it through more or fewer).
        let pass = childTiming.duration * (childTiming.autoreverses ? 2 : 1)
        let room = max(timing.duration - max(child.beginTime, 0), 0) * abs(childTiming.speed)
        if pass > 0 { childTiming.repeatCount = min(childTiming.repeatCount, room / pass) }
        // A child filling each pass of a repeating group repeats with it: one pass more for each
        // of the group's (its own repeats within a pass, when the group does not reverse, or the
        // group's reversal, when the child repeats once).
        let groupRepeats = timing.repeatCount != 1 || timing.autoreverses
        let fills = child.beginTime <= 0 && pass > 0 && abs(pass * childTiming.repeatCount / abs(childTiming.speed) - timing.duration) < 1e-9
        if groupRepeats, fills {
            if !timing.autoreverses {
                childTiming.repeatCount *= timing.repeatCount
            } else if !childTiming.autoreverses, childTiming.repeatCount == 1 {
                (childTiming.autoreverses, childTiming.repeatCount) = (true, timing.repeatCount)
            }
        }
        childTiming.speed *= timing.speed
        // A child that ends before the group follows its own fill mode until the group ends (held
        // there when it fills forwards; the group's end removes it with the group, see
        // `CALayer.add(_:forKey:)`); one that lasts to the group's end takes the group's fill
        // and removal. Before its begin, its own backwards fill or the group's shows.
        let end = max(child.beginTime, 0) + pass * childTiming.repeatCount / max(abs(Double(child.speed)), 1e-9)
        let endsEarly = !groupRepeats && end < timing.duration - 1e-9
        childTiming.fillsBackwards = child.fillMode.fillsBackwards || timing.fillsBackwards
        if endsEarly {
            childTiming.fillsForwards = child.fillMode.fillsForwards
            childTiming.isRemovedOnCompletion = !child.fillMode.fillsForwards
        } else {
            childTiming.isRemovedOnCompletion = timing.isRemovedOnCompletion
            childTiming.fillsForwards = timing.fillsForwards
        }
        return childTiming
    }

    override func addDrawnAnimations(on layer: CALayer, timing: Timing) -> Int {
        (animations ?? []).reduce(0) { $0 + $1.addDrawnAnimations(on: layer, timing: self.timing(of: $1, in: timing)) }
    }

    override func layerAnimations(on layer: CALayer, timing: Timing) -> [LayerAnimation] {
        let children = (animations ?? []).flatMap { child in child.layerAnimations(on: layer, timing: self.timing(of: child, in: timing)) }
        let drawnChildren = (animations ?? []).contains { $0.animatesDrawnProperty(of: layer) }
        guard !children.isEmpty || drawnChildren else { return [] }
        // The group lasts its duration however soon its children end: an animation that changes
        // nothing (opacity + 0) holds it open until then.
        let span = timing.animation(.additive(delta: .opacity(0)), curve: .linear)
        return children + [span]
    }
}
