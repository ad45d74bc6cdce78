// A layer's own time, as Core Animation defines it for a layer's `CAMediaTiming` values: each
// layer's time is its superlayer's, shifted by its `beginTime`, scaled by its `speed` and offset
// by its `timeOffset`; animations on a layer run on that time. The model (`presentation()`,
// `convertTime`, completions) and the render thread (evaluating animations each frame) convert
// through the same two functions.

extension LayerState {
    /// Whether the layer's time is its superlayer's (begin 0, speed 1, offset 0: the defaults).
    @inlinable public var hasOwnTime: Bool { beginTime != 0 || speed != 1 || timeOffset != 0 }

    /// The layer's time when its superlayer's is `t`: `(t − beginTime) × speed + timeOffset`
    /// (a paused layer, speed 0, stays at `timeOffset`).
    @inlinable public func localTime(fromParent t: Double) -> Double {
        speed == 0 ? timeOffset : (t - beginTime) * Double(speed) + timeOffset
    }

    /// The superlayer's time when the layer's is `t` (the inverse of `localTime(fromParent:)`);
    /// for a paused layer, whose time does not move, its `beginTime`.
    @inlinable public func parentTime(fromLocal t: Double) -> Double {
        speed == 0 ? beginTime : (t - timeOffset) / Double(speed) + beginTime
    }
}

extension LayerKey {
    /// Whether the property shapes the layer's time (`beginTime`, `speed`, `timeOffset`).
    @inlinable public var shapesTime: Bool { self == .beginTime || self == .speed || self == .timeOffset }
}
