import Foundation

/// One property animation of a layer, as the main thread sends it and both threads evaluate it.
///
/// Additive animations (UIKit's behaviour since iOS 8) carry `delta` = old value − new value: at
/// progress 0 the layer shows model + delta, at progress 1 the model itself, so a second animation
/// of the same property simply adds its own fading delta and nothing jumps. Transforms animate
/// absolutely from the value shown when the animation began to the new model value, decomposed
/// (translation, rotation, scale, shear) when both are affine. A plain value.
public struct LayerAnimation: Hashable, Sendable {
    /// What the animation does to its property.
    public enum Kind: Hashable, Sendable {
        /// Adds `delta × (1 − progress)` to the model value.
        case additive(delta: LayerProperty)
        /// Shows the interpolation from `from` to `to`, whatever the model holds.
        case absolute(from: LayerProperty, to: LayerProperty)
        /// Shows keyframes' values over the model value (Core Animation's explicit animations).
        case keyframes(Keyframes)
    }

    /// The change.
    public var kind: Kind {
        didSet { key = Self.key(of: kind) }
    }
    /// How progress follows time.
    public var curve: TimingCurve
    /// When the animation starts, on the compositor's frame clock, in seconds.
    public var beginTime: Double
    /// The length of one pass, in seconds.
    public var duration: Double
    /// How many passes (1 by default; `.infinity` repeats for ever).
    public var repeatCount: Double
    /// Whether each pass runs forwards then backwards.
    public var autoreverses: Bool
    /// Groups animations started together (one animation block or animator).
    public var group: UInt64
    /// How fast the animation's own time runs against the frame clock: 1 forwards, −1
    /// backwards, 0 paused (Core Animation's `speed`).
    public var speed: Double
    /// The animation's own time at `beginTime`, in seconds (Core Animation's `timeOffset`).
    public var timeOffset: Double
    /// Whether the animation goes away when it ends (false: it keeps showing its end value
    /// until removed, so whoever drives it can change the model first).
    public var isRemovedOnCompletion: Bool
    /// Whether the animation shows its start before it begins (a fill mode of `backwards` or
    /// `both`); otherwise the model shows until then. True for UIKit's animations.
    public var fillsBackwards: Bool
    /// Whether an animation kept after its end (`isRemovedOnCompletion` false) goes on showing
    /// its end (a fill mode of `forwards` or `both`); otherwise the model shows. True for UIKit's.
    public var fillsForwards: Bool
    /// Whether `beginTime` counts from the first frame that shows the commit carrying the
    /// animation (the render side stamps it then: the model's animations) rather than being a time
    /// on the frame clock. False by default.
    public var beginsAtFirstFrame = false
    /// Whether the render side reports the value it shows at each frame while the animation runs
    /// (`FrameStatistics.shownValues`): how whoever drives it learns what frames showed without
    /// the model (a scroll view's motion while the main actor was busy). False by default.
    public var reportsShownValue = false

    /// Creates an animation.
    public init(
        kind: Kind, curve: TimingCurve, beginTime: Double, duration: Double,
        repeatCount: Double = 1, autoreverses: Bool = false, group: UInt64 = 0,
        speed: Double = 1, timeOffset: Double = 0, isRemovedOnCompletion: Bool = true,
        fillsBackwards: Bool = true, fillsForwards: Bool = true
    ) {
        self.kind = kind
        key = Self.key(of: kind)
        self.curve = curve
        self.beginTime = beginTime
        self.duration = duration
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
        self.group = group
        self.speed = speed
        self.timeOffset = timeOffset
        self.isRemovedOnCompletion = isRemovedOnCompletion
        self.fillsBackwards = fillsBackwards
        self.fillsForwards = fillsForwards
    }

    /// Why the animation cannot run, or nil: non-finite values or times, a negative duration,
    /// mismatched or non-animatable properties.
    public var problem: String? {
        guard beginTime.isFinite, duration.isFinite, duration >= 0 else {
            return "begin time \(beginTime) and duration \(duration) must be finite, the duration at least 0"
        }
        guard !repeatCount.isNaN, repeatCount >= 0 else { return "repeat count \(repeatCount) must be at least 0" }
        guard speed.isFinite, timeOffset.isFinite else { return "speed \(speed) and time offset \(timeOffset) must be finite" }
        switch kind {
        case .additive(let delta):
            guard delta.value.hasSameType(as: delta.key.spec.defaultValue), delta.adding(delta, scaledBy: 0) != nil else { return "\(delta.name) cannot be animated additively" }
            guard delta.isFiniteValue else { return "has a non-finite value \(delta)" }
        case .absolute(let from, let to):
            guard from.isAnimatable, from.key == to.key, from.value.hasSameType(as: from.key.spec.defaultValue),
                to.value.hasSameType(as: from.value)
            else {
                return "from \(from.name) to \(to.name) is not one animatable property"
            }
            guard from.isFiniteValue, to.isFiniteValue else { return "has a non-finite value" }
        case .keyframes(let keyframes):
            if let problem = keyframes.problem { return problem }
        }
        return nil
    }

    /// The animated property (stored: the render thread asks per frame).
    public private(set) var key: LayerKey

    private static func key(of kind: Kind) -> LayerKey {
        switch kind {
        case .additive(let delta): delta.key
        case .absolute(let from, _): from.key
        case .keyframes(let keyframes): keyframes.key
        }
    }

    /// Whether the animation shows what it would with both fills on (UIKit's animations): the
    /// render thread's quick paths handle only those.
    public var fillsBothWays: Bool { fillsBackwards && fillsForwards }

    /// The `CALayer` name of the animated property.
    public var propertyName: String { key.name }

    /// The length of all passes together, in the animation's own time (a repeat count of 0
    /// counts as 1; a fractional one ends part way through a pass).
    var activeDuration: Double { duration * (autoreverses ? 2 : 1) * (repeatCount > 0 ? repeatCount : 1) }

    /// The animation's own elapsed time at frame-clock `time`.
    func localTime(at time: Double) -> Double {
        speed == 0 ? timeOffset : (time - beginTime) * speed + timeOffset
    }

    /// When the animation reaches its end (forwards) or its start (backwards), in seconds on the
    /// frame clock; infinite while paused or repeating for ever.
    public var endTime: Double {
        if speed > 0 { return beginTime + (activeDuration - timeOffset) / speed }
        if speed < 0 { return beginTime + timeOffset / -speed }
        return .infinity
    }

    /// Whether the animation has run its course at `time` and goes away (within a nanosecond,
    /// so a frame computed as begin + n × step that lands on the end counts as the end).
    public func isFinished(at time: Double) -> Bool { isRemovedOnCompletion && time >= endTime - 1e-9 }

    /// The progress at `time`, repeats and reversal included: 0 before the start, 1 at the end
    /// (or 0 after an even number of reversed passes).
    public func progress(at time: Double) -> Double {
        Self.progress(localTime: localTime(at: time), duration: duration, repeatCount: repeatCount, autoreverses: autoreverses, curve: curve)
    }

    /// The progress at the animation's own elapsed time `elapsed` (see `progress(at:)`): the one
    /// evaluation, shared with the render thread's compact copies of common animations.
    public static func progress(
        localTime elapsed: Double, duration: Double, repeatCount: Double, autoreverses: Bool,
        curve: TimingCurve
    ) -> Double {
        guard elapsed > 1e-12 else { return 0 }
        let pass = duration * (autoreverses ? 2 : 1)
        guard duration > 0, pass > 0 else { return autoreverses ? 0 : 1 }
        let passes = repeatCount > 0 ? repeatCount : 1
        var elapsed = elapsed
        if elapsed >= pass * passes - 1e-9 {
            // A whole number of passes ends at the end (or, reversing, the start); a fractional
            // one where it was cut off.
            guard passes.rounded(.down) != passes else { return autoreverses ? 0 : 1 }
            elapsed = pass * passes
        }
        var local = elapsed.truncatingRemainder(dividingBy: pass)
        if autoreverses, local > duration { local = pass - local }
        return curve.progress(elapsed: local, duration: duration)
    }

    /// The value shown at `time` for a property whose model value is `model`: the one pure
    /// evaluation both threads use.
    public func value(over model: LayerProperty, at time: Double) -> LayerProperty {
        if !fillsBothWays {
            if !fillsBackwards, time < beginTime - 1e-12 { return model }
            if !fillsForwards, time >= endTime - 1e-9 { return model }
        }
        let p = progress(at: time)
        switch kind {
        case .additive(let delta):
            return model.adding(delta, scaledBy: 1 - p) ?? model
        case .absolute(let from, let to):
            return LayerProperty.interpolate(from, to, p) ?? model
        case .keyframes(let keyframes):
            return keyframes.shown(over: model, at: p)
        }
    }
}

extension Transform3D {
    /// The transform `p` of the way from `a` to `b`. Affine pairs are decomposed into translation,
    /// rotation (the shorter way round), scale and shear, each interpolated, as Core Animation
    /// does, so a turn stays a turn; 3D pairs, perspective included, into perspective, translation,
    /// rotation (a quaternion, spherically) and scale (the CSS Transforms "unmatrix"); only
    /// degenerate pairs (a zero scale, a zero m44) are interpolated entry by entry.
    public static func interpolate(_ a: Transform3D, _ b: Transform3D, _ p: Double) -> Transform3D {
        guard a.isAffine, b.isAffine else {
            if let x = Decomposed3D(a), let y = Decomposed3D(b) { return Decomposed3D.interpolate(x, y, p).transform }
            return Transform3D(entries: zip(a.entries, b.entries).map { $0 + ($1 - $0) * p })
        }
        let x = Decomposed(a), y = Decomposed(b)
        var turn = y.angle - x.angle
        if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
        func mix(_ u: Double, _ v: Double) -> Double { u + (v - u) * p }
        return Decomposed(
            tx: mix(x.tx, y.tx), ty: mix(x.ty, y.ty), angle: x.angle + turn * p,
            sx: mix(x.sx, y.sx), sy: mix(x.sy, y.sy), shear: mix(x.shear, y.shear)
        ).transform
    }

    /// An affine transform as scale · shear · rotation · translation (row vectors).
    private struct Decomposed {
        var tx, ty, angle, sx, sy, shear: Double

        init(tx: Double, ty: Double, angle: Double, sx: Double, sy: Double, shear: Double) {
            (self.tx, self.ty, self.angle, self.sx, self.sy, self.shear) = (tx, ty, angle, sx, sy, shear)
        }

        init(_ m: Transform3D) {
            tx = m.m41; ty = m.m42
            sx = (m.m11 * m.m11 + m.m12 * m.m12).squareRoot()
            angle = sx > 0 ? atan2(m.m12, m.m11) : 0
            let cosine = cos(angle), sine = sin(angle)
            sy = -m.m21 * sine + m.m22 * cosine
            let kSy = m.m21 * cosine + m.m22 * sine
            shear = sy != 0 ? kSy / sy : 0
        }

        var transform: Transform3D {
            let cosine = cos(angle), sine = sin(angle)
            // Rows: sx·(cos, sin) and sy·(k·(cos, sin) + (−sin, cos)).
            var m = Transform3D.identity
            m.m11 = sx * cosine; m.m12 = sx * sine
            m.m21 = sy * (shear * cosine - sine); m.m22 = sy * (shear * sine + cosine)
            m.m41 = tx; m.m42 = ty
            return m
        }
    }
}

/// A 3D transform as scale, rotation (a unit quaternion), translation and perspective, applied in
/// that order (row vectors: M = S·R·T·P, where P is the identity but for its last column), so
/// rotations about any axis interpolate as turns (spherically). Shear in 3D is not kept.
private struct Decomposed3D {
    var scale: (Double, Double, Double)
    var q: (w: Double, x: Double, y: Double, z: Double)
    var translation: (Double, Double, Double)
    /// P's last column (m14, m24, m34, m44); (0, 0, 0, 1) without perspective.
    var perspective: (Double, Double, Double, Double) = (0, 0, 0, 1)

    init(
        scale: (Double, Double, Double), q: (w: Double, x: Double, y: Double, z: Double), translation: (Double, Double, Double),
        perspective: (Double, Double, Double, Double)
    ) {
        (self.scale, self.q, self.translation, self.perspective) = (scale, q, translation, perspective)
    }

    /// Nil for degenerate transforms (a zero scale or m44, non-finite entries).
    init?(_ input: Transform3D) {
        guard input.m44 != 0, input.isFinite else { return nil }
        // Normalised so m44 = 1 (the same projective map).
        let m = input.m44 == 1 ? input : Transform3D(entries: input.entries.map { $0 / input.m44 })
        func length(_ a: Double, _ b: Double, _ c: Double) -> Double { (a * a + b * b + c * c).squareRoot() }
        var sx = length(m.m11, m.m12, m.m13)
        let sy = length(m.m21, m.m22, m.m23), sz = length(m.m31, m.m32, m.m33)
        guard sx > 1e-12, sy > 1e-12, sz > 1e-12 else { return nil }
        let det = m.m11 * (m.m22 * m.m33 - m.m23 * m.m32) - m.m12 * (m.m21 * m.m33 - m.m23 * m.m31) + m.m13 * (m.m21 * m.m32 - m.m22 * m.m31)
        if det < 0 { sx = -sx }
        // Rows of M are the scaled images of the axes; r is the column-convention rotation (Mᵀ normalised).
        let r00 = m.m11 / sx, r10 = m.m12 / sx, r20 = m.m13 / sx
        let r01 = m.m21 / sy, r11 = m.m22 / sy, r21 = m.m23 / sy
        let r02 = m.m31 / sz, r12 = m.m32 / sz, r22 = m.m33 / sz
        let trace = r00 + r11 + r22
        var w, x, y, z: Double
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            (w, x, y, z) = (s / 4, (r21 - r12) / s, (r02 - r20) / s, (r10 - r01) / s)
        } else if r00 > r11, r00 > r22 {
            let s = (1 + r00 - r11 - r22).squareRoot() * 2
            (w, x, y, z) = ((r21 - r12) / s, s / 4, (r01 + r10) / s, (r02 + r20) / s)
        } else if r11 > r22 {
            let s = (1 + r11 - r00 - r22).squareRoot() * 2
            (w, x, y, z) = ((r02 - r20) / s, (r01 + r10) / s, s / 4, (r12 + r21) / s)
        } else {
            let s = (1 + r22 - r00 - r11).squareRoot() * 2
            (w, x, y, z) = ((r10 - r01) / s, (r02 + r20) / s, (r12 + r21) / s, s / 4)
        }
        // M's first three columns are S·R·T's; its last is S·R·T times P's: solve L·p = (m14, m24, m34)
        // for the upper 3×3 L (Cramer's rule), then p44 = 1 − t·p.
        var perspective = (0.0, 0.0, 0.0, 1.0)
        if m.m14 != 0 || m.m24 != 0 || m.m34 != 0 {
            func det3(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ c: (Double, Double, Double)) -> Double {
                a.0 * (b.1 * c.2 - b.2 * c.1) - a.1 * (b.0 * c.2 - b.2 * c.0) + a.2 * (b.0 * c.1 - b.1 * c.0)
            }
            let r1 = (m.m11, m.m12, m.m13), r2 = (m.m21, m.m22, m.m23), r3 = (m.m31, m.m32, m.m33), c = (m.m14, m.m24, m.m34)
            guard abs(det) > 1e-300 else { return nil }
            let p1 = det3((c.0, r1.1, r1.2), (c.1, r2.1, r2.2), (c.2, r3.1, r3.2)) / det
            let p2 = det3((r1.0, c.0, r1.2), (r2.0, c.1, r2.2), (r3.0, c.2, r3.2)) / det
            let p3 = det3((r1.0, r1.1, c.0), (r2.0, r2.1, c.1), (r3.0, r3.1, c.2)) / det
            perspective = (p1, p2, p3, 1 - (m.m41 * p1 + m.m42 * p2 + m.m43 * p3))
        }
        self.init(scale: (sx, sy, sz), q: (w, x, y, z), translation: (m.m41, m.m42, m.m43), perspective: perspective)
    }

    static func interpolate(_ a: Decomposed3D, _ b: Decomposed3D, _ p: Double) -> Decomposed3D {
        func mix(_ u: Double, _ v: Double) -> Double { u + (v - u) * p }
        var bq = b.q
        var dot = a.q.w * bq.w + a.q.x * bq.x + a.q.y * bq.y + a.q.z * bq.z
        if dot < 0 { bq = (-bq.w, -bq.x, -bq.y, -bq.z); dot = -dot }  // the shorter way round
        let ka: Double, kb: Double
        if dot > 0.9995 {
            (ka, kb) = (1 - p, p)
        } else {
            let theta = acos(min(dot, 1))
            (ka, kb) = (sin((1 - p) * theta) / sin(theta), sin(p * theta) / sin(theta))
        }
        var q = (w: a.q.w * ka + bq.w * kb, x: a.q.x * ka + bq.x * kb, y: a.q.y * ka + bq.y * kb, z: a.q.z * ka + bq.z * kb)
        let n = (q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z).squareRoot()
        q = (q.w / n, q.x / n, q.y / n, q.z / n)
        return Decomposed3D(
            scale: (mix(a.scale.0, b.scale.0), mix(a.scale.1, b.scale.1), mix(a.scale.2, b.scale.2)), q: q,
            translation: (mix(a.translation.0, b.translation.0), mix(a.translation.1, b.translation.1), mix(a.translation.2, b.translation.2)),
            perspective: (
                mix(a.perspective.0, b.perspective.0), mix(a.perspective.1, b.perspective.1),
                mix(a.perspective.2, b.perspective.2), mix(a.perspective.3, b.perspective.3)
            ))
    }

    var transform: Transform3D {
        let (w, x, y, z) = q
        let r00 = 1 - 2 * (y * y + z * z), r01 = 2 * (x * y - z * w), r02 = 2 * (x * z + y * w)
        let r10 = 2 * (x * y + z * w), r11 = 1 - 2 * (x * x + z * z), r12 = 2 * (y * z - x * w)
        let r20 = 2 * (x * z - y * w), r21 = 2 * (y * z + x * w), r22 = 1 - 2 * (x * x + y * y)
        let (sx, sy, sz) = scale
        let (t1, t2, t3) = translation
        let (p1, p2, p3, p4) = perspective
        let row1 = (r00 * sx, r10 * sx, r20 * sx), row2 = (r01 * sy, r11 * sy, r21 * sy), row3 = (r02 * sz, r12 * sz, r22 * sz)
        // (S·R·T)·P: the first three columns stay, the last is each row times P's last column.
        return Transform3D(
            m11: row1.0, m12: row1.1, m13: row1.2, m14: row1.0 * p1 + row1.1 * p2 + row1.2 * p3,
            m21: row2.0, m22: row2.1, m23: row2.2, m24: row2.0 * p1 + row2.1 * p2 + row2.2 * p3,
            m31: row3.0, m32: row3.1, m33: row3.2, m34: row3.0 * p1 + row3.1 * p2 + row3.2 * p3,
            m41: t1, m42: t2, m43: t3, m44: t1 * p1 + t2 * p2 + t3 * p3 + p4)
    }
}
