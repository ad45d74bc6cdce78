import StrataCore
import StrataGraphics

// Overall design: a layer has a time of its own, as Core Animation gives every layer through
// `CAMediaTiming`: its superlayer's time shifted by `beginTime`, scaled by `speed` and offset by
// `timeOffset` (StrataCore's LayerTime.swift). The three values are layer properties: commits
// carry them, and the render thread evaluates each layer's animations on its time. The model
// converts through the same functions to answer `presentation()`, `convertTime` and to decide
// when animation blocks complete, so a paused layer (speed 0) shows, reads back and completes
// nothing until it runs again, as Apple's pause-and-resume recipe (Technical Q&A QA1673) expects:
//
//     let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
//     layer.speed = 0
//     layer.timeOffset = paused
//     ...
//     layer.speed = 1
//     layer.timeOffset = 0
//     layer.beginTime = 0
//     layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - paused

extension CALayer: CAMediaTiming {
    /// Where the layer's time starts, in its superlayer's time, in seconds (0 by default).
    /// Not animated. Main actor.
    /// - Precondition: finite.
    public var beginTime: CFTimeInterval {
        get { state.beginTime }
        set { setTime(.beginTime, \.beginTime, newValue) }
    }

    /// How fast the layer's time, and so its animations and its sublayers', runs against its
    /// superlayer's: 1 by default, 2 twice as fast, 0 paused, negative backwards. Not animated.
    /// Main actor.
    /// - Precondition: finite.
    public var speed: Float {
        get { state.speed }
        set { setTime(.speed, \.speed, newValue) }
    }

    /// Where the layer's time stands when its superlayer's reaches `beginTime`, in seconds (0 by
    /// default); with `speed` 0, the time it stays at. Not animated. Main actor.
    /// - Precondition: finite.
    public var timeOffset: CFTimeInterval {
        get { state.timeOffset }
        set { setTime(.timeOffset, \.timeOffset, newValue) }
    }

    /// A layer's basic duration (0 by default). Kept and read back only: Strata never cuts a
    /// layer's time into passes, so a layer's duration, repeats, autoreversing and fill mode
    /// change nothing shown (the recipes UIKit programs use set `beginTime`, `speed` and
    /// `timeOffset`, which do).
    public var duration: CFTimeInterval {
        get { hints.timing.duration }
        set { hints.timing.duration = newValue }
    }

    /// How many times the layer's time repeats (0 by default). Kept (see `duration`).
    public var repeatCount: Float {
        get { hints.timing.repeatCount }
        set { hints.timing.repeatCount = newValue }
    }

    /// How long the layer's time repeats, in seconds (0 by default). Kept (see `duration`).
    public var repeatDuration: CFTimeInterval {
        get { hints.timing.repeatDuration }
        set { hints.timing.repeatDuration = newValue }
    }

    /// Whether the layer's time runs backwards after each pass (false by default). Kept (see
    /// `duration`).
    public var autoreverses: Bool {
        get { hints.timing.autoreverses }
        set { hints.timing.autoreverses = newValue }
    }

    /// What the layer's time shows outside its active span (`.removed` by default). Kept (see
    /// `duration`).
    public var fillMode: CAMediaTimingFillMode {
        get { hints.timing.fillMode }
        set { hints.timing.fillMode = newValue }
    }

    /// Converts `t` from `layer`'s time (nil: the media clock, `CACurrentMediaTime()`) to this
    /// layer's, through each layer's `beginTime`, `speed` and `timeOffset`. A time read from a
    /// paused layer maps back to the moment it was paused at. Main actor.
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        localTime(fromMedia: layer?.mediaTime(fromLocal: t) ?? t)
    }

    /// Converts `t` from this layer's time to `layer`'s (nil: the media clock). Main actor.
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let media = mediaTime(fromLocal: t)
        return layer?.localTime(fromMedia: media) ?? media
    }

    /// How many living layers have a time of their own (`LayerState.hasOwnTime`).
    static var layersWithOwnTime = 0

    /// Whether some living layer has a time of its own: while none has, every layer's time is
    /// the media clock's and conversions cost nothing (no walk up the tree).
    static var layerTimesUsed: Bool { layersWithOwnTime > 0 }

    /// The layer's time when the media clock reads `t`: through each ancestor's time, root first.
    package func localTime(fromMedia t: Double) -> Double {
        guard Self.layerTimesUsed else { return t }
        var chain: [CALayer] = []
        var layer: CALayer? = self
        while let l = layer {
            if l.state.hasOwnTime { chain.append(l) }
            layer = l.superlayerStorage ?? l.maskOwner
        }
        return chain.reversed().reduce(t) { $1.state.localTime(fromParent: $0) }
    }

    /// The media clock's time when the layer's time reads `t` (the inverse of
    /// `localTime(fromMedia:)`).
    func mediaTime(fromLocal t: Double) -> Double {
        guard Self.layerTimesUsed else { return t }
        var time = t
        var layer: CALayer? = self
        while let l = layer {
            time = l.state.parentTime(fromLocal: time)
            layer = l.superlayerStorage ?? l.maskOwner
        }
        return time
    }

    /// The layer's time as its screen shows it now (the media clock's `shownTime` converted), or
    /// nil off screen.
    var shownLocalTime: Double? {
        (renderedContext ?? currentContext).map { localTime(fromMedia: $0.shownTime) }
    }

    /// Sets a property of the layer's time (see `set`); from then on times are converted.
    private func setTime<V: LayerValueRepresentable>(_ key: LayerKey, _ path: WritableKeyPath<LayerState, V>, _ value: V) {
        guard set(key, path, value), countsOwnTime != state.hasOwnTime else { return }
        countsOwnTime = state.hasOwnTime
        Self.layersWithOwnTime += countsOwnTime ? 1 : -1
    }
}

/// A layer's `CAMediaTiming` values that shape nothing Strata shows (see `CALayer.duration`).
struct LayerTimingHints {
    var duration: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode = CAMediaTimingFillMode.removed
}
