import Foundation
import StrataCore
import StrataGraphics

// Overall design: some layers draw their own properties on the CPU (a shape layer's path and
// stroke, a gradient layer's colours), so the render thread cannot interpolate them. Their
// animations run on the main thread instead: a `DrawnAnimation` holds the two values and the
// animation's timing (a `LayerAnimation`, whose progress function is the one every animation
// uses); after each frame its screen presents, the layer is drawn again as it will be at the
// next frame, and the commit uploads the new contents. The animation group, the delegate and
// completions follow the same ledger as every other animation, on the layer's own time.
// `presentation()` shows the values in flight.

/// A value of a property a layer draws itself.
enum DrawnValue {
    case number(CGFloat)
    case color(CGColor?)
    case point(CGPoint)
    case colors([CGColor])
    case numbers([CGFloat])
    case path(CGPath?)

    /// `value` (what a program gives an animation) as a value of `like`'s type, or nil.
    static func reading(_ value: Any?, like model: DrawnValue) -> DrawnValue? {
        guard let value else { return nil }
        switch model {
        case .number:
            if let n = value as? NSNumber { return .number(CGFloat(n.doubleValue)) }
            if let n = value as? CGFloat { return .number(n) }
            if let n = value as? Double { return .number(CGFloat(n)) }
            if let n = value as? Float { return .number(CGFloat(n)) }
            if let n = value as? Int { return .number(CGFloat(n)) }
            return nil
        case .color:
            return (value as? CGColor).map { .color($0) }
        case .point:
            if let p = value as? CGPoint { return .point(p) }
            if let box = value as? NSValue, case .point(let p)? = box.boxedGeometry { return .point(p) }
            return nil
        case .colors:
            guard let list = value as? [Any] else { return nil }
            let colors = list.compactMap { $0 as? CGColor }
            return colors.count == list.count ? .colors(colors) : nil
        case .numbers:
            guard let list = value as? [Any] else { return nil }
            let numbers = list.compactMap { ($0 as? NSNumber).map { CGFloat($0.doubleValue) } ?? ($0 as? CGFloat) }
            return numbers.count == list.count ? .numbers(numbers) : nil
        case .path:
            return (value as? CGPath).map { .path($0) }
        }
    }

    /// `self + by` for numbers, or nil.
    func adding(_ by: DrawnValue, scaledBy k: CGFloat) -> DrawnValue? {
        guard case .number(let a) = self, case .number(let b) = by else { return nil }
        return .number(a + b * k)
    }

    /// The value `p` of the way from `a` to `b`: numbers, points and colours interpolated (a
    /// missing colour as its partner made clear), lists element by element when their lengths
    /// match, paths point by point when made of the same elements; anything else switches from
    /// `a` to `b` at the end.
    static func interpolate(_ a: DrawnValue, _ b: DrawnValue, _ p: Double) -> DrawnValue {
        let k = CGFloat(p)
        func mix(_ u: CGFloat, _ v: CGFloat) -> CGFloat { u + (v - u) * k }
        func mix(_ u: CGColor, _ v: CGColor) -> CGColor {
            let x = u.value, y = v.value, f = Float(p)
            return CGColor(
                Color(
                    red: x.red + (y.red - x.red) * f, green: x.green + (y.green - x.green) * f,
                    blue: x.blue + (y.blue - x.blue) * f, alpha: x.alpha + (y.alpha - x.alpha) * f
                ).clamped)
        }
        switch (a, b) {
        case (.number(let u), .number(let v)): return .number(mix(u, v))
        case (.point(let u), .point(let v)): return .point(CGPoint(x: mix(u.x, v.x), y: mix(u.y, v.y)))
        case (.color(let u?), .color(let v?)): return .color(mix(u, v))
        case (.color(let u?), .color(nil)): return .color(mix(u, u.copy(alpha: 0)!))
        case (.color(nil), .color(let v?)): return .color(mix(v.copy(alpha: 0)!, v))
        case (.colors(let u), .colors(let v)) where u.count == v.count: return .colors(zip(u, v).map { mix($0, $1) })
        case (.numbers(let u), .numbers(let v)) where u.count == v.count: return .numbers(zip(u, v).map { mix($0, $1) })
        case (.path(let u?), .path(let v?)):
            if let path = CGPath.interpolate(u, v, k) { return .path(path) }
        default: break
        }
        return p >= 1 ? b : a
    }
}

/// The properties a layer subclass draws itself (a shape layer's shape, a gradient layer's
/// gradient), read and written by their `CALayer` names: what drawn animations apply to.
protocol DrawnProperties {
    /// An animatable property's value by name, or nil for a name that is none.
    func value(forKey key: String) -> DrawnValue?
    /// Sets an animatable property by name (a value of another type changes nothing).
    mutating func set(_ value: DrawnValue, forKey key: String)
}

/// A running animation of a property a layer draws itself, with its timing.
struct DrawnAnimation {
    /// The property's name (`strokeEnd`, `colors`, …).
    var key: String
    /// The values it passes through (two for a basic animation), and when it reaches each, as
    /// fractions 0...1 of its progress, rising from 0 to 1.
    var values: [DrawnValue]
    var keyTimes: [Double]
    /// Whether each value holds until the next key time (`.discrete`) instead of moving to it.
    var isDiscrete = false
    /// When and how fast it runs, on the layer's time (its kind is unused: only its timing).
    var timing: LayerAnimation
    var group: UInt64 { timing.group }

    /// The value shown at the layer's time `time` over the model value `model`.
    func value(over model: DrawnValue, at time: Double) -> DrawnValue {
        if !timing.fillsBackwards, time < timing.beginTime - 1e-12 { return model }
        if !timing.fillsForwards, time >= timing.endTime - 1e-9 { return model }
        return value(atProgress: timing.progress(at: time))
    }

    /// An animation of `key` through `values` at `keyTimes`, timed by `timing` with `curve` (its
    /// begin relative to the next commit).
    init(key: String, values: [DrawnValue], keyTimes: [Double], isDiscrete: Bool = false, timing: CAAnimation.Timing, curve: TimingCurve) {
        (self.key, self.values, self.keyTimes, self.isDiscrete) = (key, values, keyTimes, isDiscrete)
        // Only its timing is used: any animatable property will do for the kind.
        self.timing = timing.animation(.absolute(from: .opacity(0), to: .opacity(1)), curve: curve)
    }

    /// The value at progress `p`: between the values whose key times surround it.
    func value(atProgress p: Double) -> DrawnValue {
        guard values.count > 1 else { return values[0] }
        var i = 0
        while i < keyTimes.count - 2, p >= keyTimes[i + 1] { i += 1 }
        if isDiscrete { return values[min(p >= 1 ? values.count - 1 : i, values.count - 1)] }
        let span = keyTimes[i + 1] - keyTimes[i]
        let k = span > 0 ? min(max((p - keyTimes[i]) / span, 0), 1) : 1
        return DrawnValue.interpolate(values[i], values[i + 1], k)
    }
}

extension CALayer {
    /// Adds an animation of the drawn property `key` from `from` to `to`, timed by `timing`
    /// (begin relative to the next commit), in `timing`'s group. Like every animation it starts
    /// at the commit that finds the layer on a screen (see `startDrawnAnimations`); the layer is
    /// then drawn again after every frame until it ends. On no screen at that commit, it is
    /// dropped (its group completes).
    func addDrawnAnimation(key: String, from: DrawnValue, to: DrawnValue, timing: CAAnimation.Timing, curve: TimingCurve) {
        addDrawnAnimation(DrawnAnimation(key: key, values: [from, to], keyTimes: [0, 1], timing: timing, curve: curve))
    }

    /// Adds `animation` (see above), its begin relative to the next commit.
    func addDrawnAnimation(_ animation: DrawnAnimation) {
        pendingDrawnAnimations.append(animation)
        AnimationLedger.shared.groups[animation.group, default: AnimationGroup()].pending += 1
        markChanged(.animations)
    }

    /// Starts a keyframe animation of drawn property `key` through `values` (as a program gives
    /// them) at `keyTimes` (invalid or nil: evenly), or returns false (logged) when a value is
    /// not one of the property's.
    func addDrawnKeyframes(key: String, values given: [Any], keyTimes: [Double]?, discrete: Bool, timing: CAAnimation.Timing, curve: TimingCurve) -> Bool {
        guard let model = drawnValue(forKey: key), !given.isEmpty else { return false }
        let values = given.compactMap { DrawnValue.reading($0, like: model) }
        guard values.count == given.count else {
            CAAnimation.logger.warning("CAKeyframeAnimation of \"\(key)\": a value is not one of the property's; the animation shows nothing")
            return false
        }
        let n = values.count
        let times =
            keyTimes.flatMap { CAKeyframeAnimation.areValid($0, count: discrete ? n + 1 : n) ? $0 : nil }
            ?? (0..<(discrete ? n + 1 : n)).map { Double($0) / Double(max((discrete ? n + 1 : n) - 1, 1)) }
        addDrawnAnimation(DrawnAnimation(key: key, values: values, keyTimes: times, isDiscrete: discrete, timing: timing, curve: curve))
        return true
    }

    /// Starts the drawn animations added since the last commit, at the layer's time of
    /// `screen`'s next frame, before the layer is drawn for the commit.
    func startDrawnAnimations(on screen: CAContext) {
        guard !pendingDrawnAnimations.isEmpty else { return }
        let now = localTime(fromMedia: screen.mediaTime)
        for var animation in pendingDrawnAnimations {
            animation.timing.beginTime += now
            drawnAnimations.append(animation)
            AnimationLedger.shared.drawnAnimationStarted(animation.timing, on: self, screen: screen)
        }
        pendingDrawnAnimations = []
        drawnAnimationsTime = nil
        setNeedsDisplay()
    }

    /// The value of drawn property `key` shown at the layer's time `time` over `model`: the
    /// running animations, then those waiting for the commit as they will show when they begin.
    func shownDrawnValue(_ model: DrawnValue, forKey key: String, at time: Double) -> DrawnValue {
        var value = model
        for animation in drawnAnimations where animation.key == key { value = animation.value(over: value, at: time) }
        for animation in pendingDrawnAnimations where animation.key == key {
            if !animation.timing.fillsBackwards, animation.timing.beginTime > 0 { continue }
            value = animation.value(over: value, at: animation.timing.beginTime)
        }
        return value
    }

    /// `model` as shown at the layer's time `time` (nil: the model): each property its running
    /// drawn animations animate, at that time.
    func shown<Properties: DrawnProperties>(_ model: Properties, at time: Double?) -> Properties {
        guard let time, !drawnAnimations.isEmpty else { return model }
        var shown = model
        for animation in drawnAnimations {
            guard let value = model.value(forKey: animation.key) else { continue }
            shown.set(shownDrawnValue(value, forKey: animation.key, at: time), forKey: animation.key)
        }
        return shown
    }

    /// The layer's time at which its drawn animations are drawn now: the next frame's (the
    /// contents drawn now show from then), or nil off screen.
    var drawnAnimationTime: Double? {
        guard !drawnAnimations.isEmpty, let screen = currentContext else { return nil }
        return localTime(fromMedia: screen.mediaTime)
    }

    /// A frame was presented: drops the drawn animations that ended by what it shows, and asks
    /// for the layer to be drawn again for the next frame when what it shows there differs (its
    /// time moved, or an animation went). Returns whether the layer needs telling of later
    /// frames: false once every animation left is past its end (kept, filling forwards).
    func drawnAnimationsAdvanced(shownAt time: Double) -> Bool {
        let count = drawnAnimations.count
        let local = localTime(fromMedia: time)
        drawnAnimations.removeAll { $0.timing.isFinished(at: local) }
        let next = currentContext.map { localTime(fromMedia: $0.mediaTime) } ?? local
        if drawnAnimations.count != count || next != drawnAnimationsTime {
            drawnAnimationsTime = next  // a paused layer's time stands still: drawn once
            setNeedsDisplay()
        }
        // Settled: only animations kept past their end are left (removed ones go when shown ended).
        return !drawnAnimations.allSatisfy { !$0.timing.isRemovedOnCompletion && local >= $0.timing.endTime - 1e-9 }
    }

    /// Removes the drawn animations of `group` (or all), running or waiting for the commit,
    /// telling the ledger they stopped early.
    func removeDrawnAnimations(group: UInt64?) {
        let active = drawnAnimations.filter { group == nil || $0.group == group }
        let pending = pendingDrawnAnimations.filter { group == nil || $0.group == group }
        guard !active.isEmpty || !pending.isEmpty else { return }
        drawnAnimations.removeAll { group == nil || $0.group == group }
        pendingDrawnAnimations.removeAll { group == nil || $0.group == group }
        setNeedsDisplay()
        AnimationLedger.shared.animationsRemoved(active: active.map(\.timing), pending: pending.map(\.timing), from: self)
    }
}

extension AnimationLedger {
    /// Notes a drawn animation started on `layer` (see `CALayer.addDrawnAnimation`): its group
    /// ends with it, and the layer is told of every frame `screen` presents meanwhile.
    func drawnAnimationStarted(_ animation: LayerAnimation, on layer: CALayer, screen: CAContext) {
        if let i = groups.index(forKey: animation.group) { groups.values[i].pending -= 1 }
        recordSpan(group: animation.group, beginTime: animation.beginTime, endTime: animation.endTime, layer: layer, screen: screen)
        if let i = groups.index(forKey: animation.group) { groups.values[i].awaitsBeginTime = false }
        drawnLayers[ObjectIdentifier(layer)] = Weak(layer)
    }

    /// Tells the layers with drawn animations on `screen` that a frame at `time` was presented.
    func advanceDrawnAnimations(on screen: CAContext, at time: Double) {
        for (id, entry) in drawnLayers {
            guard let layer = entry.object else {
                drawnLayers[id] = nil
                continue
            }
            guard layer.currentContext === screen else { continue }
            if !layer.drawnAnimationsAdvanced(shownAt: time) { drawnLayers[id] = nil }
        }
    }
}

extension CGPath {
    /// The path `k` of the way from `a` to `b`, point by point, when both are made of the same
    /// kinds of elements in the same order (arcs compared as their curves); nil otherwise.
    static func interpolate(_ a: CGPath, _ b: CGPath, _ k: CGFloat) -> CGPath? {
        let x = a.elements.flatMap { $0.applying(.identity) }, y = b.elements.flatMap { $0.applying(.identity) }
        guard x.count == y.count else { return nil }
        func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint { CGPoint(x: p.x + (q.x - p.x) * k, y: p.y + (q.y - p.y) * k) }
        var elements: [Element] = []
        for (e, f) in zip(x, y) {
            switch (e, f) {
            case (.move(let p), .move(let q)): elements.append(.move(mix(p, q)))
            case (.line(let p), .line(let q)): elements.append(.line(mix(p, q)))
            case (.quadCurve(let p, let c), .quadCurve(let q, let d)): elements.append(.quadCurve(mix(p, q), control: mix(c, d)))
            case (.curve(let p, let c1, let c2), .curve(let q, let d1, let d2)):
                elements.append(.curve(mix(p, q), control1: mix(c1, d1), control2: mix(c2, d2)))
            case (.close, .close): elements.append(.close)
            default: return nil
            }
        }
        return CGPath(elements: elements, transform: nil)
    }
}

extension DrawnValue {
    /// The value as a program would give it to an animation (`CGFloat`, `CGColor`, `CGPoint`,
    /// `[CGColor]`, `[NSNumber]`, `CGPath`).
    var anyValue: Any? {
        switch self {
        case .number(let v): v
        case .color(let c): c
        case .point(let p): p
        case .colors(let list): list
        case .numbers(let list): list.map { NSNumber(value: Double($0)) }
        case .path(let p): p
        }
    }
}

extension CALayer {
    /// A property the layer draws itself changed from `old` (its model value before; nil for
    /// one that does not animate): the layer is drawn again, and a standalone layer on screen
    /// runs its action for the change, as for any animatable property (its implicit animation,
    /// from the value shown, with the transaction's duration and timing function, unless
    /// actions are disabled or an action says otherwise).
    func drawnPropertyChanged(_ key: String, from old: DrawnValue?) {
        setNeedsDisplay()
        guard let old, !isViewBacked, let screen = renderedContext, TransactionStack.shared.implicitAnimationsEnabled,
            let action = action(forKey: key)
        else { return }
        let shown = shownDrawnValue(old, forKey: key, at: localTime(fromMedia: screen.shownTime))
        if let basic = action as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil {
            let copy = basic.copy() as! CABasicAnimation
            copy.fromValue = shown.anyValue
            copy.run(forKey: key, object: self, arguments: nil)
        } else {
            action.run(forKey: key, object: self, arguments: nil)
        }
    }
}
