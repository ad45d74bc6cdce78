import StrataQuartz

/// Records what an animation's delegate hears: "start", then "stop true" or "stop false".
/// Main actor.
@MainActor
public final class AnimationLog: CAAnimationDelegate {
    /// What the delegate heard, in order.
    public var events: [String] = []
    /// An empty log.
    public init() {}
    public func animationDidStart(_ anim: CAAnimation) { events.append("start") }
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(flag)") }
}
