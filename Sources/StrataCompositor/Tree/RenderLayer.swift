import StrataCore
import StrataGL

/// One layer of the render tree: the render thread's copy of a `CALayer`'s state.
///
/// Render thread only; changed by `RenderTree` when it applies commits, never by anyone else.
final class RenderLayer {
    let id: LayerID
    weak var superlayer: RenderLayer?
    /// Ticks whenever the drawing order may have changed anywhere in the layer's tree; shared by
    /// the tree's layers (see `OrderClock`).
    let orderClock: OrderClock

    // Field order is layout. A frame's cost per layer is mostly the cache lines it touches (10,000
    // layers are megabytes, far beyond the caches), so what the planner's walk and the drawing
    // walk read or write for every layer comes first, side by side: the flags and references
    // here, the frame state (boxes, then the world matrix), then the state, whose first fields
    // are the ones the walk reads (the fill's quad is the planner's, by `slot`). What animated layers alone use
    // comes after. Render thread only (the class's rule), so accesses cannot overlap: the
    // per-frame fields skip dynamic exclusivity checks.
    @exclusivity(unchecked) var sublayers: [RenderLayer] = [] {
        didSet {
            drawingOrder = nil
            awakeOrder = nil
            if isResting { wake() }  // a resting leaf gaining sublayers must be walked again
        }
    }
    /// `sublayers` sorted for drawing, kept until they or one's `zPosition` change (nil: not known).
    @exclusivity(unchecked) private var drawingOrder: [RenderLayer]?
    /// `drawingOrder` less the resting sublayers, kept until one of them starts or stops resting.
    @exclusivity(unchecked) private var awakeOrder: [RenderLayer]?
    /// Whether the layer's own look may have changed since the last frame drawn (a commit or an
    /// animation touched it); its whole subtree is redrawn where it was and where it is.
    /// Commits set it through `markDamaged()`, which also wakes a resting layer.
    @exclusivity(unchecked) var isDamaged = true
    /// Whether the walk leaves the layer out while its superlayer's space is unchanged
    /// (`awakeSublayersInDrawingOrder`): it is hidden (or fully transparent) and painted nothing
    /// last frame, or it is a leaf painting nothing on the target or hidden under an opaque layer
    /// drawn after it, and nothing animates it. Set by the renderer's walk; any commit touching
    /// the layer wakes it (`markDamaged()`), a change of its superlayer's space (or visibility),
    /// or of the target, walks every sublayer again, and the renderer wakes covered layers when
    /// what hides them or the drawing order changes.
    @exclusivity(unchecked) private(set) var isResting = false
    /// Whether an animation waits for its first frame to give it its begin time (read for every
    /// animated layer every frame).
    private var hasUnstampedAnimations = false
    /// Where the layer is in the render tree's animated set, while it has animations.
    var animatedSlot: Int?
    /// The layer's number, never reused within its tree (unlike its address or, across
    /// commits, its `id`): how the renderer knows an occluder again.
    let serial: UInt64
    /// The layer's contents on the GPU (a texture of their own or an atlas region), or nil for none.
    var contents: LayerContents?
    /// The layer whose alpha cuts what this layer and its sublayers draw (`CALayer.mask`): a
    /// layer with no superlayer, placed in this layer's bounds space.
    private(set) var mask: RenderLayer?
    /// Where the frame planner placed the layer and what it decided about it (see
    /// `LayerFrameState`). Written and read by the planner only.
    @exclusivity(unchecked) var frame = LayerFrameState()
    /// The layer's properties as shown: the model values, or where animations put them this frame.
    /// Changed by `apply` and the animations only. Its first fields are what the walk reads for
    /// every layer, and the position the animation loop writes.
    @exclusivity(unchecked) private(set) var state = LayerState()
    /// The commonest animation kept inline, for the per-frame loop: a position moved by one or
    /// two additive animations and nothing else animating (views moved by `UIView.animate`).
    /// Derived from `animations` and the position's model value; nil otherwise.
    @exclusivity(unchecked) private var quickMove: QuickMove?

    /// The layer this one masks, if it is a mask.
    private(set) weak var maskOwner: RenderLayer?

    /// Makes `layer` this layer's mask (nil: none), taking it from a layer it masked; both are
    /// drawn again.
    func setMask(_ layer: RenderLayer?) {
        guard layer !== mask else { return }
        if let old = mask {
            old.maskOwner = nil
            old.frame.worldValid = false
        }
        layer?.maskOwner?.setMask(nil)
        mask = layer
        layer?.maskOwner = self
        layer?.frame.worldValid = false
        layer?.markDamaged()
        markDamaged()
    }

    /// The layer whose time this one's follows: its superlayer, or the layer it masks.
    var timeParent: RenderLayer? { superlayer ?? maskOwner }

    /// Running animations, in the order they were added (each adds onto the ones before).
    private(set) var animations: [LayerAnimation] = [] {
        didSet {
            refreshQuickMove()
            reportsShownValues = animations.contains { $0.reportsShownValue }
        }
    }
    /// Whether one of the animations asks for the value it shows (see `appendShownValues`).
    private(set) var reportsShownValues = false
    /// What of its bounds space the layer's owner has laid out (nil: all of it; see
    /// `CommitOperation.setPreparedContent`).
    var preparedContent: Rect?

    /// The area of the bounds shown now outside `preparedContent` (0 without one), in square
    /// points of the layer's bounds space: what the frame shows of content not laid out yet. An
    /// edge counts past the prepared one by more than a thousandth of a point only: the model's
    /// offset and the render side's animated one, the same curve, differ in their last bits.
    var unpreparedArea: Double {
        guard let p = preparedContent else { return 0 }
        let b = state.bounds, slack = 0.001
        // The shown bounds' overlap with the prepared rectangle on each axis: the whole length
        // when both ends are covered (within `slack`), else what the two have in common.
        func overlap(_ low: Double, _ high: Double, _ length: Double, _ pLow: Double, _ pHigh: Double) -> Double {
            if pLow <= low + slack && pHigh >= high - slack { return length }
            return min(length, max(0, min(high, pHigh) - max(low, pLow)))
        }
        let w = overlap(b.minX, b.maxX, b.size.width, p.minX, p.maxX), h = overlap(b.minY, b.maxY, b.size.height, p.minY, p.maxY)
        return b.size.width * b.size.height - w * h
    }

    /// Adds what this frame shows of the properties whose animations ask for it.
    func appendShownValues(to values: inout [ShownValue]) {
        for a in animations.indices where animations[a].reportsShownValue {
            let key = animations[a].key
            values.append(ShownValue(layer: id, group: animations[a].group, property: LayerProperty(key, state[key])))
        }
    }

    /// The model values of the properties being animated (rarely more than two); `state` holds
    /// what is shown.
    private var animatedModel: [(key: LayerKey, model: LayerProperty)] = [] {
        didSet { refreshQuickMove() }
    }

    /// The layer's place in its tree's dense numbering (0 up to the most layers alive at once;
    /// a destroyed layer's is given to a new one): where per-layer records of the renderer are
    /// kept (`FramePlanner.fills`).
    let slot: Int

    init(id: LayerID, orderClock: OrderClock) {
        self.id = id
        self.orderClock = orderClock
        serial = orderClock.makeSerial()
        slot = orderClock.takeSlot()
    }

    deinit { orderClock.returnSlot(slot) }

    /// Counts the changes that may reorder layers already drawn (a `zPosition`, a layer moved or
    /// put back into the tree after it was in it, a new root, every layer removed): a layer
    /// resting under an opaque one stays hidden only while the order is unchanged. Adding new
    /// layers and removing layers do not reorder the others. Also numbers the tree's layers
    /// (`serial`, and the dense `slot`).
    final class OrderClock {
        var ticks = 0
        private var lastSerial: UInt64 = 0
        /// Slots handed out so far, and those of destroyed layers, to be given again.
        private var slots = 0
        private var freeSlots: [Int] = []

        /// A number no other layer of the tree has had.
        func makeSerial() -> UInt64 {
            lastSerial += 1
            return lastSerial
        }

        /// A slot no living layer of the tree has: a destroyed layer's, else the next new one.
        func takeSlot() -> Int {
            if let slot = freeSlots.popLast() { return slot }
            slots += 1
            return slots - 1
        }

        /// Gives back a destroyed layer's slot.
        func returnSlot(_ slot: Int) { freeSlots.append(slot) }
    }

    /// Whether the layer has been a sublayer: putting it in again may reorder it against others.
    var wasAttached = false

    /// Sets one property's model value. While the property animates, the value is kept as the
    /// model the animations add onto; the shown value follows at the next frame.
    func apply(_ property: LayerProperty) {
        if !animatedModel.isEmpty {
            if let i = animatedModel.firstIndex(where: { $0.key == property.key }) {
                animatedModel[i].model = property
                return
            }
        }
        show(property)
    }

    /// Starts an animation; its property's current value becomes the model it adds onto. One
    /// that begins at its first frame is stamped by the next `advanceAnimations`.
    func addAnimation(_ animation: LayerAnimation) {
        let key = animation.key
        if !animatedModel.contains(where: { $0.key == key }) {
            animatedModel.append((key, LayerProperty(key, state[key])))
        }
        animations.append(animation)
        if animation.beginsAtFirstFrame { hasUnstampedAnimations = true }
    }

    /// Gives the animations that begin at their first frame their begin time: `time`, this frame's.
    private func stampAnimations(at time: Double) {
        hasUnstampedAnimations = false
        for i in animations.indices where animations[i].beginsAtFirstFrame {
            animations[i].beginTime += time
            animations[i].beginsAtFirstFrame = false
        }
    }

    /// The layer's time when the frame clock reads `time`: converted through each ancestor's time
    /// (see `LayerState.localTime(fromParent:)`), root first, without recursion.
    func localTime(_ time: Double) -> Double {
        var chain: [RenderLayer] = []
        var layer: RenderLayer? = self
        while let l = layer {
            if l.state.hasOwnTime { chain.append(l) }
            layer = l.timeParent
        }
        return chain.reversed().reduce(time) { $1.state.localTime(fromParent: $0) }
    }

    /// Stops every animation: the model values show again.
    func removeAllAnimations() {
        for entry in animatedModel { show(entry.model) }
        animatedModel = []
        animations = []
    }

    /// Stops the animations of `group`; a property left with none shows its model value.
    func removeAnimations(group: UInt64) {
        animations.removeAll { $0.group == group }
        showModelsLeftWithoutAnimations()
    }

    /// Shows each animated property's value at `time` and drops finished animations. Returns
    /// whether any animation is still running.
    func advanceAnimations(to time: Double, memo: inout ProgressMemo) -> Bool {
        if hasUnstampedAnimations { stampAnimations(at: time) }
        var anyFinished = false
        if quickMove != nil {
            // Everything from the layer's own storage: no walk through the animation arrays, and
            // no copy of the (large) move out of it either.
            state.position = quickMove!.position(at: time, memo: &memo, anyFinished: &anyFinished)
            guard anyFinished else { return true }
        }
        if quickMove != nil {
            animations.removeAll { $0.isFinished(at: time) }
            showModelsLeftWithoutAnimations()
            return !animations.isEmpty
        }
        // Indices, not for-in: elements are large values, and a loop variable would copy each one.
        for e in animatedModel.indices {
            let key = animatedModel[e].key
            // Positions moved by additive animations, the commonest case, without building
            // property values on the way.
            if key == .position, case .point(let model) = animatedModel[e].model.value,
                let point = additivePosition(over: model, at: time, anyFinished: &anyFinished)
            {
                state.position = point
                continue
            }
            var shown = animatedModel[e].model
            for a in animations.indices where animations[a].key == key {
                shown = animations[a].value(over: shown, at: time)
                if animations[a].isFinished(at: time) { anyFinished = true }
            }
            show(shown.clampedForDisplay)
        }
        if anyFinished {
            animations.removeAll { $0.isFinished(at: time) }
            // A property whose animations all ended shows its model value (an autoreversed or
            // zero-length animation may have ended on another value).
            showModelsLeftWithoutAnimations()
        }
        return !animations.isEmpty
    }

    /// A position animation's terms, copied out of its `LayerAnimation`.
    struct MovePart {
        var delta: Point
        var beginTime, speed, timeOffset, duration, repeatCount, endTime: Double
        var autoreverses, isRemovedOnCompletion: Bool
        var curve: TimingCurve
        /// The curve's kind and numbers, compared in place by `ProgressMemo` (no call per layer).
        var curveKey: CurveKey

        init?(_ a: LayerAnimation) {
            guard case .additive(let property) = a.kind, property.key == .position, case .point(let d) = property.value, a.fillsBothWays else { return nil }
            delta = d
            (beginTime, speed, timeOffset, duration, repeatCount, endTime) = (a.beginTime, a.speed, a.timeOffset, a.duration, a.repeatCount, a.endTime)
            (autoreverses, isRemovedOnCompletion, curve) = (a.autoreverses, a.isRemovedOnCompletion, a.curve)
            curveKey = CurveKey(a.curve)
        }

        /// Adds this animation's share at `time` to `p` (in the order animations were added, as
        /// the general path does), noting whether it has ended. Mutating only so that callers
        /// reach it in place: a non-mutating call on stored storage copies the whole value first.
        @inline(__always)
        mutating func move(_ p: inout Point, at time: Double, memo: inout ProgressMemo, anyFinished: inout Bool) {
            let k = 1 - memo.progress(of: self, at: time)
            p.x += delta.x * k
            p.y += delta.y * k
            if isFinished(at: time) { anyFinished = true }
        }

        /// As `LayerAnimation.isFinished(at:)`.
        @inline(__always)
        func isFinished(at time: Double) -> Bool { isRemovedOnCompletion && time >= endTime - 1e-9 }
    }

    /// A timing curve as a kind and four numbers: equal keys are equal curves.
    struct CurveKey: Equatable {
        var kind: UInt8
        var a, b, c, d: Double

        init(_ curve: TimingCurve) {
            switch curve {
            case .linear: (kind, a, b, c, d) = (0, 0, 0, 0, 0)
            case .cubicBezier(let x1, let y1, let x2, let y2): (kind, a, b, c, d) = (1, x1, y1, x2, y2)
            case .spring(let s): (kind, a, b, c, d) = (2, s.dampingRatio, s.naturalFrequency, s.initialVelocity, 0)
            case .steps(let count): (kind, a, b, c, d) = (3, Double(count), 0, 0, 0)
            case .decay(let rate): (kind, a, b, c, d) = (4, rate, 0, 0, 0)
            }
        }
    }

    /// The last progress computed in a frame, with what it was computed from: animations started
    /// together share their timing, so each frame solves their curve once, not once per layer.
    struct ProgressMemo {
        private var localTime = Double.nan, duration = 0.0, repeatCount = 0.0
        private var autoreverses = false
        private var curve = CurveKey(.linear)
        private var value = 0.0

        init() {}

        /// `part.progress(at: time)`, from the memo when the last one had the same terms.
        @inline(__always)
        mutating func progress(of part: MovePart, at time: Double) -> Double {
            let local = part.speed == 0 ? part.timeOffset : (time - part.beginTime) * part.speed + part.timeOffset
            if local == localTime, part.duration == duration, part.repeatCount == repeatCount,
                part.autoreverses == autoreverses, part.curveKey == curve
            {
                return value
            }
            (localTime, duration, repeatCount, autoreverses, curve) = (local, part.duration, part.repeatCount, part.autoreverses, part.curveKey)
            value = LayerAnimation.progress(
                localTime: local, duration: part.duration, repeatCount: part.repeatCount,
                autoreverses: part.autoreverses, curve: part.curve)
            return value
        }
    }

    /// The model position and its one or two additive animations.
    struct QuickMove {
        var model: Point
        var first: MovePart
        var second: MovePart?

        /// The model moved by both animations at `time`. Mutating only so that it is reached in
        /// place (see `MovePart.move`).
        @inline(__always)
        mutating func position(at time: Double, memo: inout ProgressMemo, anyFinished: inout Bool) -> Point {
            var p = model
            first.move(&p, at: time, memo: &memo, anyFinished: &anyFinished)
            second?.move(&p, at: time, memo: &memo, anyFinished: &anyFinished)
            return p
        }
    }

    private func refreshQuickMove() {
        quickMove = nil
        guard animatedModel.count == 1, animatedModel[0].key == .position, case .point(let model) = animatedModel[0].model.value,
            (1...2).contains(animations.count), let first = MovePart(animations[0])
        else { return }
        var q = QuickMove(model: model, first: first, second: nil)
        if animations.count == 2 {
            guard let second = MovePart(animations[1]) else { return }
            q.second = second
        }
        quickMove = q
    }

    /// `model` moved by every position animation, when all of them are additive; nil otherwise.
    private func additivePosition(over model: Point, at time: Double, anyFinished: inout Bool) -> Point? {
        var p = model
        for a in animations.indices where animations[a].key == .position {
            guard case .additive(let property) = animations[a].kind, case .point(let d) = property.value, animations[a].fillsBothWays else { return nil }
            let k = 1 - animations[a].progress(at: time)
            p.x += d.x * k
            p.y += d.y * k
            if animations[a].isFinished(at: time) { anyFinished = true }
        }
        return p
    }

    /// Shows the model value of every animated property that has no animation left, and forgets it.
    private func showModelsLeftWithoutAnimations() {
        animatedModel.removeAll { entry in
            guard !animations.contains(where: { $0.key == entry.key }) else { return false }
            show(entry.model)
            return true
        }
    }

    /// Stores a value in the state the renderer draws from. A new `zPosition` may reorder the
    /// superlayer's sublayers.
    private func show(_ property: LayerProperty) {
        if property.key == .zPosition, let superlayer, property.value != state[.zPosition] {
            superlayer.drawingOrder = nil
            superlayer.awakeOrder = nil
            orderClock.ticks &+= 1
        }
        state.apply(property)
    }

    /// Sublayers in drawing order: by `zPosition`, then by their order in `sublayers` (stable).
    /// Sorted once after a change, not every frame: the check alone reads every sublayer.
    var sublayersInDrawingOrder: [RenderLayer] {
        if let drawingOrder { return drawingOrder }
        let sorted =
            !sublayers.contains(where: { $0.state.zPosition != 0 })
            ? sublayers
            : sublayers.enumerated().sorted {
                let (a, b) = ($0.element.state.zPosition, $1.element.state.zPosition)
                return a != b ? a < b : $0.offset < $1.offset
            }.map(\.element)
        drawingOrder = sorted
        return sorted
    }

    /// The sublayers in drawing order that are not resting: what the walk visits while this
    /// layer's space is unchanged, and what is drawn. Filtered once after a change.
    var awakeSublayersInDrawingOrder: [RenderLayer] {
        if let awakeOrder { return awakeOrder }
        let all = sublayersInDrawingOrder
        let awake = all.contains(where: \.isResting) ? all.filter { !$0.isResting } : all
        awakeOrder = awake
        return awake
    }

    /// Marks the layer changed by a commit (see `isDamaged`), waking it if it rests.
    func markDamaged() {
        isDamaged = true
        if isResting { wake() }
        maskOwner?.markDamaged()  // a mask's change shows through the layer it masks
    }

    /// Sets whether the layer rests (see `isResting`); its superlayer's list of awake sublayers
    /// is filtered again when that changes. Called by the renderer's walk.
    func setResting(_ resting: Bool) {
        guard resting != isResting else { return }
        isResting = resting
        superlayer?.awakeOrder = nil
    }

    private func wake() { setResting(false) }

    /// Whether the layer fills its bounds with a background colour or contents.
    var hasFill: Bool {
        (state.backgroundColor.map { $0.alpha > 0 } ?? false) || contents != nil
    }

    /// Where the contents land in bounds space, after gravity, scale and `contentsRect`; nil without contents.
    var contentsFrame: Rect? {
        guard let texture = contents else { return nil }
        let size = Size(
            width: Double(texture.width) * state.contentsRect.width / state.contentsScale,
            height: Double(texture.height) * state.contentsRect.height / state.contentsScale)
        return state.contentsFrame(forShownSize: size)
    }

    /// What the layer itself can cover in bounds space: its bounds, and contents that overflow
    /// them unless it masks to its bounds.
    var drawnRect: Rect {
        guard !state.masksToBounds, let frame = contentsFrame else { return state.bounds }
        return state.bounds.union(frame)
    }

    var hasBorder: Bool { state.borderWidth > 0 && (state.borderColor.map { $0.alpha > 0 } ?? false) }

    /// Whether the layer draws the shadow of a shape: an opaque enough shadow colour and opacity,
    /// a shape (its background, or a shadow path), no clipping to its bounds (which clips the
    /// shadow away), and no picture of its own to cast a shadow of (`castsPictureShadow`).
    var drawsShadow: Bool {
        guard state.shadowOpacity > 0, let color = state.shadowColor, color.alpha > 0, !state.masksToBounds else { return false }
        if hasShadowPath { return state.shadowShape.width > 0 && state.shadowShape.height > 0 }
        return (state.backgroundColor?.alpha ?? 0) > 0 && !castsPictureShadow
    }

    /// Whether the layer casts the shadow of its picture — background, border, contents and
    /// sublayers, by their alpha — as Core Animation does without a shadow path: it has contents
    /// or sublayers (a background alone casts its shape's shadow, `drawsShadow`, the same and
    /// cheaper), no shadow path, no mask and no clipping to its bounds.
    var castsPictureShadow: Bool {
        guard state.shadowOpacity > 0, let color = state.shadowColor, color.alpha > 0, !state.masksToBounds, !hasShadowPath, mask == nil
        else { return false }
        return contents != nil || !sublayers.isEmpty
    }

    /// Whether a shadow path gives the shadow's shape (else the layer's rounded bounds).
    var hasShadowPath: Bool { state.shadowShape.width >= 0 }

    /// The shape the shadow blurs, in bounds space, before its offset.
    var shadowShape: Rect { hasShadowPath ? state.shadowShape : state.bounds }

    /// How strong the shadow is: its opacity and colour's alpha, and, for the background's
    /// shape, the background's alpha (a translucent layer casts a fainter shadow).
    var shadowStrength: Float {
        let alpha = Float(state.shadowColor?.alpha ?? 0) * state.shadowOpacity
        return hasShadowPath ? alpha : alpha * Float(state.backgroundColor?.alpha ?? 0)
    }

    /// What the shadow can touch, in bounds space: its shape moved by the offset, grown by three
    /// blur radii (where a Gaussian's tail is below 0.2 %) and a point for the edge.
    var shadowRect: Rect {
        let shape = shadowShape, grow = 3 * state.shadowRadius + 1
        return Rect(
            x: shape.minX + state.shadowOffset.x - grow, y: shape.minY + state.shadowOffset.y - grow,
            width: shape.width + 2 * grow, height: shape.height + 2 * grow)
    }

    /// Whether `candidate` is this layer or one of its ancestors.
    func hasAncestorOrSelf(_ candidate: RenderLayer) -> Bool {
        var layer: RenderLayer? = self
        while let current = layer {
            if current === candidate { return true }
            layer = current.superlayer
        }
        return false
    }
}
