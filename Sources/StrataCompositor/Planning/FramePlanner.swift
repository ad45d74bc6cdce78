import StrataCore

// Overall design: planning a frame is a walk of the render tree before anything is drawn (no GL
// here). It places each changed layer (its world matrix and the pixel box it paints), adds to the
// damage where a changed or moved layer painted before and paints now, numbers quads in drawing
// order, keeps the largest opaque, axis-aligned, unclipped fills as occluders, and puts to rest
// the layers that cannot show: hidden ones that painted nothing, leaves off the target, and
// leaves hidden whole under an opaque layer drawn after them (listed by that occluder, woken when
// it goes or the drawing order changes; a frame where some woke is walked twice). The result is a
// `FramePlan`, a value: the region to redraw, how it is cleared, whether clips need the stencil,
// the occluders, and what to draw in drawing order with the quads it draws (instance floats,
// program, texture: see PlannedQuad.swift), so the renderer executes it without reading the
// tree. Per-layer results are each render layer's `frame` (`LayerFrameState`: world, boxes,
// drawing orders) and `isResting`; each layer's fill quad is kept in `fills` by its slot.

/// An occluder as covered layers remember it: the opaque layer and the pixels it hid.
struct OccluderKey: Hashable {
    /// The layer's `serial`.
    var layer: UInt64
    var rect: PixelRect
}

/// An opaque layer's inner pixels, its place in drawing order and the layer.
struct Occluder {
    var rect: PixelRect
    var order: Int
    var layer: UInt64
    /// The colour its fill paints, when the fill is a plain opaque colour (no contents): the
    /// frame's first quad, covering the redrawn region, is drawn as a clear to that colour.
    var fill: Color?
    var key: OccluderKey { OccluderKey(layer: layer, rect: rect) }
}

/// What a frame draws, decided before drawing: a plain value.
struct FramePlan {
    /// The target pixels to redraw (cleared first, scissored); nil when nothing changed.
    var region: PixelRect?
    /// The root layer's parent space: flattening, then the target's pixels per point.
    var rootSpace: Transform3D
    /// Whether a clip needs the stencil (a rounded or turned `masksToBounds` with sublayers).
    var usesStencil: Bool
    /// The frame's opaque occluders (at most `FramePlanner.maximumOccluders`, largest first).
    var occluders: [Occluder]
    /// How many layers the walks visited.
    var layersVisited: Int
    /// What the frame draws into `region`, in drawing order (empty when nothing is redrawn).
    var operations: [DrawOperation]
    /// The borders, shadows and clip masks the operations draw (`DrawOperation.quad`,
    /// `pushStencil`, `popClip`), built for this frame.
    var quads: [PlannedQuad]
    /// The fills the operations draw (`DrawOperation.fill`), by layer slot: the planner keeps
    /// them from frame to frame, so a slot no operation names may hold any layer's old quad.
    var fills: [PlannedQuad]
    /// The shadows of pictures the operations draw (`DrawOperation.endShadowGroup`).
    var pictureShadows: [PictureShadow]
    /// How many layers the region's clear paints (the frame's first quad, when it is an opaque
    /// colour covering the region: see `clear(over:)`); they draw no fill.
    var layersPaintedByClear: Int
    /// How many layers the operations draw (a fill, or a border without a fill).
    var layersDrawn: Int
    /// How many of the fills were built this frame (the others were kept from an earlier one):
    /// the layers placed again, or listed with another opacity.
    var fillsBuilt: Int

    /// A plan that draws nothing.
    static var empty: FramePlan {
        FramePlan(
            region: nil, rootSpace: .identity, usesStencil: false, occluders: [], layersVisited: 0, operations: [], quads: [], fills: [],
            pictureShadows: [], layersPaintedByClear: 0, layersDrawn: 0, fillsBuilt: 0)
    }

    /// How the region is cleared when the frame asks for `clearColor` (nil: keep what the target
    /// holds): to `clearColor`; not at all when an opaque layer covers the whole region (it
    /// paints every pixel); or, when that topmost cover is the frame's first quad (drawing order
    /// 0: nothing is drawn before it) and an opaque colour fill (a window's or root's
    /// background), to its colour, its quad then not drawn (`paintedLayer`, its serial). On
    /// llvmpipe a clear costs a fraction of a full-target quad.
    func clear(over clearColor: Color?) -> (color: Color?, paintedLayer: UInt64?) {
        guard let region else { return (clearColor, nil) }
        guard let cover = Self.cover(of: region, among: occluders) else { return (clearColor, nil) }
        guard cover.order == 0, let fill = cover.fill else { return (nil, nil) }
        return (fill, cover.layer)
    }

    /// The topmost occluder hiding all of `region`, if any.
    static func cover(of region: PixelRect, among occluders: [Occluder]) -> Occluder? {
        var top: Occluder?  // a loop, not a filtered copy: asked twice a frame, it allocates nothing
        for occluder in occluders where occluder.rect.contains(region) && (top.map { occluder.order > $0.order } ?? true) {
            top = occluder
        }
        return top
    }
}

/// Plans frames of one render tree into one renderer's targets (see the design note above).
/// Render thread only; keeps what carries from frame to frame (covered layers, the drawing
/// order's clock) and this frame's walk state.
final class FramePlanner {
    // Render thread only, and never lent out while read elsewhere: accesses cannot overlap, so
    // the walk state read and written for every layer skips dynamic exclusivity checks.
    static let maximumOccluders = 8

    /// This frame's opaque occluders (at most `maximumOccluders`, largest first).
    @exclusivity(unchecked) var occluders: [Occluder] = []
    /// Leaves put to rest because an opaque layer drawn after them hides them, by that occluder
    /// (layer and pixels), each under one occluder at a time (`RenderLayer.frame.coveredListing`; a
    /// destroyed leaf's is cleared, and its entry dropped at the next pruning). When an occluder
    /// is no longer among a frame's occluders its leaves wake (those it still hides where it now
    /// is move with it), and when the tree's drawing order changed (`lastOrderTicks`) they all
    /// do; a woken leaf still hidden rests again at once, one that may show has its pixels redrawn.
    @exclusivity(unchecked) var coveredIndex: [OccluderKey: [UInt64: RenderLayer]] = [:]
    /// Entries in `coveredIndex`, and how many there may be before stale ones are dropped.
    @exclusivity(unchecked) var coveredEntries = 0, coveredPruneAt = 1024
    @exclusivity(unchecked) var lastOrderTicks = -1
    /// Numbers the walks (two in a frame where covered layers woke): `RenderLayer.frame.lastWalk`.
    @exclusivity(unchecked) var walk = 0
    /// This frame's target, in pixels: occluders reaching its edges hide what lies beyond them.
    @exclusivity(unchecked) var occlusionTarget = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// This frame: the next drawing-order number, and whether any clip needs the stencil.
    @exclusivity(unchecked) var nextOrder = 0
    @exclusivity(unchecked) var usesStencil = false
    /// This frame: whether the walk visits resting layers too (the target's size, scale or
    /// orientation changed, or the last frame did not complete).
    @exclusivity(unchecked) var walksEverySublayer = true
    /// This frame: the layers the walks visited.
    @exclusivity(unchecked) var layersVisited = 0
    /// This frame: what it draws (see `emitOperations`), the layer whose fill the region's clear
    /// paints (its `serial`), and how many layers the clear painted.
    @exclusivity(unchecked) var operations: [DrawOperation] = []
    @exclusivity(unchecked) var paintedByClear: UInt64?
    @exclusivity(unchecked) var layersPaintedByClear = 0
    /// This frame: the quads its operations draw other than fills, the shadows of pictures, and
    /// how many layers it draws (see `FramePlan`).
    @exclusivity(unchecked) var quads: [PlannedQuad] = []
    @exclusivity(unchecked) var pictureShadows: [PictureShadow] = []
    @exclusivity(unchecked) var layersDrawn = 0
    @exclusivity(unchecked) var fillsBuilt = 0
    /// Every layer's fill quad as last built, by the layer's slot (`RenderLayer.slot`): valid
    /// while the layer's `frame.fillQuadValid`, and built for the same opacity and `quadSpace`.
    @exclusivity(unchecked) var fills: [PlannedQuad] = []
    /// The target's space quads are built for: target pixels to clip space, and the target's
    /// size (far-reaching quads are trimmed to it). `quadSpace` numbers it, ticking when it changes.
    @exclusivity(unchecked) var quadProjection = Transform3D.identity
    @exclusivity(unchecked) var quadTarget = PixelSize(width: 0, height: 0)
    @exclusivity(unchecked) var quadYUp = false
    @exclusivity(unchecked) var quadSpace = 0
    /// The planning walk's stack and its visits' sublayer spaces, kept between frames for their
    /// capacity (empty between walks).
    @exclusivity(unchecked) var visits: [Visit] = []
    @exclusivity(unchecked) var visitSpaces: [Transform3D] = []
    /// The listing walk's stack (`emitOperations`) and what its clipping and grouped layers
    /// restore after their sublayers, kept the same way.
    @exclusivity(unchecked) var emitVisits: [EmitVisit] = []
    @exclusivity(unchecked) var emitExtras: [EmitExtras] = []
    /// How many masks the listing walk is inside (see `emitOperations`).
    @exclusivity(unchecked) var masksBeingListed = 0
    /// How many pictures casting a shadow the listing walk is inside: what an opaque layer covers
    /// there is drawn still (the shadow shows it).
    @exclusivity(unchecked) var shadowsBeingListed = 0
    /// Counts additions to the damage in a walk (see `Visit.damageMark`).
    @exclusivity(unchecked) var damageAdditions = 0

    init() {}

    /// Plans a frame of `root` into a target of `size` pixels at `scale` pixels per point (rows
    /// stored bottom first when `yUp`, as a host's framebuffer): everything when `fullRedraw` (the
    /// target's pixels are unknown), else what changed plus `damage` (pixels that layers which
    /// left the tree painted). `walkEverything` visits resting layers too (the target changed,
    /// or the last frame did not complete).
    func plan(
        root: RenderLayer?, size: PixelSize, scale: Double, yUp: Bool = false, fullRedraw: Bool, damage pending: PixelRect?,
        walkEverything: Bool
    ) -> FramePlan {
        let full = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        if size != quadTarget || yUp != quadYUp {
            (quadTarget, quadYUp) = (size, yUp)
            quadProjection = FrameGeometry.projection(width: size.width, height: size.height, yUp: yUp)
            quadSpace += 1  // every kept fill was built for another target
        }
        var damage: PixelRect? = fullRedraw ? full : pending
        layersVisited = 0
        beginWalk()
        occlusionTarget = full
        walksEverySublayer = walkEverything
        let rootSpace = FrameGeometry.rootSpace(scale: scale)
        if let root {
            prepare(root, rootSpace: rootSpace, rootSpaceChanged: fullRedraw || root.isDamaged, damage: &damage)
            let woken = coveredIndex.isEmpty ? [] : wakeUncoveredLayers(reordered: root.orderClock.ticks != lastOrderTicks)
            if !woken.isEmpty {
                // Layers woke that this walk left out: walk again, so they are placed and
                // numbered this frame (damage found so far stands), then let those still hidden
                // rest again and redraw where the others are.
                beginWalk()
                prepare(root, rootSpace: rootSpace, rootSpaceChanged: fullRedraw, damage: &damage)
                for layer in woken where layer.frame.lastWalk == walk && !layer.isResting {
                    guard let box = layer.frame.drawnBox else { continue }
                    if let occluder = occluderHidingForGood(layer, box: box) {
                        restCovered(layer, under: occluder.key)
                    } else {
                        damage = damage.map { $0.union(box) } ?? box
                    }
                }
            }
            lastOrderTicks = root.orderClock.ticks
        } else {
            _ = wakeUncoveredLayers(reordered: true)  // nothing is drawn: forget every listing
        }
        let region = damage.map { $0.intersection(full) }.flatMap { $0.isEmpty ? nil : $0 }
        if let region {
            let cover = FramePlan.cover(of: region, among: occluders)
            paintedByClear = cover?.order == 0 && cover?.fill != nil ? cover?.layer : nil
            emitOperations(root: root, region: region)
        } else {
            beginListing()
        }
        return FramePlan(
            region: region, rootSpace: rootSpace, usesStencil: usesStencil, occluders: occluders, layersVisited: layersVisited,
            operations: operations, quads: quads, fills: fills, pictureShadows: pictureShadows, layersPaintedByClear: layersPaintedByClear,
            layersDrawn: layersDrawn, fillsBuilt: fillsBuilt)
    }

    // MARK: - The walk

    /// Walks `root`'s tree for this frame (see `enter` and `finish`) with an explicit stack, so a
    /// tree of any depth plans without deep recursion: a layer is entered before its sublayers
    /// and finished after them, and leaves are finished at once without going on the stack.
    func prepare(_ root: RenderLayer, rootSpace: Transform3D, rootSpaceChanged: Bool, damage: inout PixelRect?) {
        var stack: [Visit] = []
        var spaces: [Transform3D] = []  // the parent space of each visit's sublayers, beside it
        swap(&stack, &visits)  // reuse last frame's capacity
        swap(&spaces, &visitSpaces)
        defer {
            stack.removeAll(keepingCapacity: true)
            spaces.removeAll(keepingCapacity: true)
            swap(&stack, &visits)
            swap(&spaces, &visitSpaces)
        }
        var childSpace = Transform3D.identity
        if let visit = enter(
            root, parentSpace: rootSpace, parentSpaceChanged: rootSpaceChanged, parentVisible: true, inheritedDamage: false,
            opaquePath: true, childSpace: &childSpace, damage: &damage)
        {
            if visit.sublayers.isEmpty {
                finish(visit, damage: &damage)
            } else {
                stack.append(visit)
                spaces.append(childSpace)
            }
        }
        while let top = stack.indices.last {
            guard stack[top].next < stack[top].sublayers.count else {
                finish(stack[top], damage: &damage)
                let box = stack[top].layer.frame.subtreeBox
                stack.removeLast()
                spaces.removeLast()
                if let parent = stack.indices.last { stack[parent].include(box) }
                continue
            }
            let sublayer = stack[top].sublayers[stack[top].next]
            stack[top].next += 1
            // A mask (walked after the sublayers) is placed in its layer's bounds space, flattened
            // as sublayers are but without the sublayer transform, and never hides anything (it
            // is not drawn to the target).
            let isMask = sublayer === stack[top].layer.mask
            let entered = enter(
                sublayer, parentSpace: isMask ? LayerState.flatten.concatenating(stack[top].layer.frame.world) : spaces[top],
                parentSpaceChanged: isMask ? stack[top].worldChanged : stack[top].childSpaceChanged,
                parentVisible: stack[top].showsSublayers, inheritedDamage: stack[top].damaged,
                opaquePath: !isMask && stack[top].opaqueForSublayers, childSpace: &childSpace, damage: &damage)
            if let visit = entered, !visit.sublayers.isEmpty {
                stack.append(visit)
                spaces.append(childSpace)
            } else {
                if let visit = entered { finish(visit, damage: &damage) }
                stack[top].include(sublayer.frame.subtreeBox)
            }
        }
    }

    /// A layer on the planning walk's stack: what entering it decided, for its sublayers and for
    /// finishing it, and how far through its sublayers the walk is.
    struct Visit {
        let layer: RenderLayer
        let visible: Bool
        let shown: Bool
        let damaged: Bool
        /// The pixels the layer's own fill and border paint; `subtree` grows to cover its sublayers'.
        let box: PixelRect?
        var subtree: PixelRect?
        /// Whether the sublayers' parent space (kept beside the visit: a matrix would double the
        /// size of every visit copied) changed.
        let childSpaceChanged: Bool
        /// Whether the layer's world matrix was computed anew (its mask is placed again).
        let worldChanged: Bool
        let showsSublayers: Bool
        /// Whether the sublayers lie on a path of opaque, unclipped layers (they may occlude).
        let opaqueForSublayers: Bool
        /// `damageAdditions` when the layer was entered: more by its finish means something in
        /// its subtree changed (its picture's shadow changes with it).
        let damageMark: Int
        /// The sublayers the walk visits, and the next one's index.
        let sublayers: [RenderLayer]
        var next = 0

        mutating func include(_ box: PixelRect?) {
            if let box { subtree = subtree.map { $0.union(box) } ?? box }
        }
    }

    /// Enters `layer` on the walk: computes its world matrix and paint boxes for this frame, adds
    /// what changed to `damage` (where a changed or moved layer painted last frame and where it
    /// paints now), numbers its fill and keeps it as an occluder when it may be one. Returns nil
    /// when the walk leaves its subtree out (invisible and unchanged, painting nothing); sets
    /// `childSpaceOut` to its sublayers' parent space when it returns a visit with sublayers.
    func enter(
        _ layer: RenderLayer, parentSpace: Transform3D, parentSpaceChanged: Bool, parentVisible: Bool,
        inheritedDamage: Bool, opaquePath: Bool, childSpace childSpaceOut: inout Transform3D, damage: inout PixelRect?
    ) -> Visit? {
        let shown = !layer.state.isHidden && layer.state.opacity > 0
        let visible = parentVisible && shown
        let damaged = inheritedDamage || layer.isDamaged
        layersVisited += 1
        layer.frame.lastWalk = walk
        // An invisible, unchanged subtree that painted nothing last frame has nothing to report
        // (and once hidden itself, it rests: the walk leaves it out until something changes).
        if !visible, !damaged, layer.frame.subtreeBox == nil, layer.frame.drawnBox == nil {
            layer.setResting(!shown && layer.animatedSlot == nil)
            return nil
        }
        var box: PixelRect?
        // The matrices are read only where needed: an unchanged leaf (most layers) touches neither,
        // and each is two cache lines of a large object.
        var childSpace = Transform3D.identity
        var childSpaceChanged = false
        let worldChanged = visible && (parentSpaceChanged || layer.isDamaged || !layer.frame.worldValid)
        if worldChanged {
            // Changed (or moved with its parent): compute where it lands.
            let world = layer.state.placed(in: parentSpace)
            layer.frame.world = world
            layer.frame.fillQuadValid = false
            layer.frame.isBackFacing = !layer.state.isDoubleSided && FrameGeometry.facesAway(world, layer.state.bounds)
            if layer.hasFill || layer.hasBorder || layer.drawsShadow, !layer.frame.isBackFacing {
                box = FrameGeometry.paintBox(layer, world: world)
            }
            layer.frame.occluderRect = box == nil ? nil : FrameGeometry.occluderRect(layer, world: world)
            if !layer.sublayers.isEmpty {
                let space = FrameGeometry.sublayerSpace(of: layer, world: world)
                childSpaceChanged = !layer.frame.worldValid || !layer.frame.childSpaceValid || space != layer.frame.childSpace
                layer.frame.childSpace = space
                childSpace = space
            }
            layer.frame.childSpaceValid = !layer.sublayers.isEmpty
            layer.frame.worldValid = true
        } else if visible {
            box = layer.frame.drawnBox  // unchanged: last frame's place and boxes hold
            if !layer.sublayers.isEmpty {
                if layer.frame.childSpaceValid {
                    childSpace = layer.frame.childSpace
                } else {
                    // Its first sublayers arrived: their parent space was never computed.
                    childSpace = FrameGeometry.sublayerSpace(of: layer, world: layer.frame.world)
                    layer.frame.childSpace = childSpace
                    layer.frame.childSpaceValid = true
                    childSpaceChanged = true
                }
            }
        } else {
            childSpace = parentSpace  // not drawn: its sublayers only report where they painted
            layer.frame.worldValid = false
            childSpaceChanged = true
        }
        let damageMark = damageAdditions
        if damaged || box != layer.frame.drawnBox {
            if let b = layer.frame.drawnBox { damage = damage.map { $0.union(b) } ?? b }
            if let b = box { damage = damage.map { $0.union(b) } ?? b }
            damageAdditions += 1
        }
        layer.frame.drawnBox = box
        layer.isDamaged = false
        let opaque = opaquePath && layer.state.opacity >= 1
        if box != nil {
            layer.frame.fillOrder = nextOrder
            nextOrder += 1
            if opaque, let rect = layer.frame.occluderRect {
                addOccluder(rect, order: layer.frame.fillOrder, layer: layer.serial, fill: layer.contents == nil ? layer.state.backgroundColor : nil)
            }
        }
        // A single-sided layer facing away hides its whole subtree, as `draw` skips it.
        let showsSublayers = visible && !layer.frame.isBackFacing
        var sublayers: [RenderLayer] = []
        if !layer.sublayers.isEmpty {
            if visible, layer.state.masksToBounds, layer.state.cornerRadius > 0 || FrameGeometry.axisAlignedPixelRect(layer.frame.world, layer.state.bounds) == nil {
                usesStencil = true
            }
            // Resting sublayers are left out while this layer's space and the target are what they
            // were: a hidden one shows nothing whatever its superlayer does, and a leaf off the
            // target stays off it (a change of this layer's look alone cannot bring it on).
            sublayers =
                !showsSublayers
                ? layer.sublayers
                : childSpaceChanged || walksEverySublayer ? layer.sublayersInDrawingOrder : layer.awakeSublayersInDrawingOrder
        }
        if let mask = layer.mask { sublayers.append(mask) }  // placed and numbered after the sublayers
        if !sublayers.isEmpty { childSpaceOut = childSpace }
        return Visit(
            layer: layer, visible: visible, shown: shown, damaged: damaged, box: box, subtree: box,
            childSpaceChanged: childSpaceChanged, worldChanged: worldChanged, showsSublayers: showsSublayers,
            opaqueForSublayers: opaque && !layer.state.masksToBounds && layer.mask == nil, damageMark: damageMark,
            sublayers: sublayers)
    }

    /// Finishes a layer after its sublayers: numbers its border, records the pixels its subtree
    /// paints (and its picture's shadow, damaged where it was and is when anything in the subtree
    /// changed), and puts it to rest when it cannot show.
    func finish(_ visit: Visit, damage: inout PixelRect?) {
        let layer = visit.layer
        if visit.box != nil {
            layer.frame.borderOrder = nextOrder
            nextOrder += 1
        }
        layer.frame.subtreeBox = visit.visible && !layer.frame.isBackFacing ? visit.subtree : visit.box
        let oldReach = layer.frame.shadowReach
        if visit.visible, !layer.frame.isBackFacing, layer.castsPictureShadow, let picture = layer.frame.subtreeBox {
            let reach = FrameGeometry.pictureShadow(layer).reach(of: picture)
            (layer.frame.pictureBox, layer.frame.shadowReach) = (picture, reach)
            layer.frame.subtreeBox = picture.union(reach)
            if visit.damaged || damageAdditions != visit.damageMark || reach != oldReach {
                damage = damage.map { $0.union(reach) } ?? reach
                if let old = oldReach { damage = damage.map { $0.union(old) } ?? old }
                damageAdditions += 1
            }
        } else if let old = oldReach {
            // No longer casting it (or not shown): where it was is redrawn.
            (layer.frame.pictureBox, layer.frame.shadowReach) = (nil, nil)
            damage = damage.map { $0.union(old) } ?? old
            damageAdditions += 1
        }
        // Hidden with nothing painted, or a leaf painting nothing on the target: it rests, unless
        // an animation moves it frame by frame.
        let paintsNothingOnTarget =
            visit.visible
            ? layer.sublayers.isEmpty && !(layer.frame.subtreeBox?.intersects(occlusionTarget) ?? false)
            : !visit.shown && layer.frame.subtreeBox == nil && layer.frame.drawnBox == nil
        layer.setResting(paintsNothingOnTarget && layer.animatedSlot == nil)
    }

    /// Keeps an occluder (drawn at drawing-order number `order`) among the largest few. Pixels off
    /// the target are never drawn, so an occluder reaching an edge of the target (its inset
    /// included) hides everything beyond that edge too: a layer partly off the target under it
    /// is hidden as well.
    func addOccluder(_ rect: PixelRect, order: Int, layer: UInt64, fill: Color?) {
        let t = occlusionTarget, far = FrameGeometry.pixelLimit
        let minX = rect.x <= t.x + 1 ? -far : rect.x, minY = rect.y <= t.y + 1 ? -far : rect.y
        let maxX = rect.x + rect.width >= t.x + t.width - 1 ? far : rect.x + rect.width
        let maxY = rect.y + rect.height >= t.y + t.height - 1 ? far : rect.y + rect.height
        let inner = PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        let area = inner.width * inner.height
        if occluders.count == Self.maximumOccluders {
            guard let last = occluders.last, last.rect.width * last.rect.height < area else { return }
            occluders.removeLast()
        }
        let at = occluders.firstIndex { $0.rect.width * $0.rect.height < area } ?? occluders.count
        occluders.insert(Occluder(rect: inner, order: order, layer: layer, fill: fill), at: at)
    }

    /// Puts a leaf that an occluder hides whole to rest (see `RenderLayer.isResting`) until what
    /// hides it or the drawing order changes. Not one of the frame's occluders (see
    /// `occluderHidingForGood`): a resting leaf hides nothing its occluder does not.
    func restCovered(_ layer: RenderLayer, under key: OccluderKey) {
        layer.setResting(true)
        guard layer.frame.coveredListing != key else { return }  // already listed there
        if let old = layer.frame.coveredListing, coveredIndex[old]?.removeValue(forKey: layer.serial) != nil {
            coveredEntries -= 1
        }
        layer.frame.coveredListing = key
        if coveredIndex[key, default: [:]].updateValue(layer, forKey: layer.serial) == nil { coveredEntries += 1 }
        if coveredEntries >= coveredPruneAt {
            // Drop the entries of destroyed layers (their listing cleared) and of layers listed elsewhere.
            for key in Array(coveredIndex.keys) {
                coveredIndex[key] = coveredIndex[key]?.filter { $0.value.frame.coveredListing == key }
                if coveredIndex[key]?.isEmpty == true { coveredIndex[key] = nil }
            }
            coveredEntries = coveredIndex.values.reduce(0) { $0 + $1.count }
            coveredPruneAt = max(1024, 2 * coveredEntries)
        }
    }

    /// Whether an occluder drawn after drawing-order number `order` hides all of `box` (never
    /// while a mask or a picture casting a shadow is listed: it is drawn offscreen, under nothing).
    func isCovered(_ box: PixelRect, after order: Int) -> Bool {
        masksBeingListed == 0 && shadowsBeingListed == 0 && occluder(covering: box, after: order) != nil
    }

    /// An occluder drawn after drawing-order number `order` that hides all of `box`, if any.
    func occluder(covering box: PixelRect, after order: Int) -> Occluder? {
        occluders.first { $0.order > order && $0.rect.contains(box) }
    }

    /// The occluder under which `layer` (painting `box`) may rest: it hides the layer's fill and
    /// border, and the layer is a leaf, not animated and not one of this frame's occluders. An
    /// opaque leaf that is not among them may rest too: whatever it could hide lies inside it, so
    /// under the occluder that hides it, which is drawn after both (a frame with it resting hides
    /// nothing it would not).
    func occluderHidingForGood(_ layer: RenderLayer, box: PixelRect) -> Occluder? {
        guard layer.sublayers.isEmpty, layer.animatedSlot == nil else { return nil }
        if layer.frame.occluderRect != nil, occluders.contains(where: { $0.layer == layer.serial }) { return nil }
        return occluder(covering: box, after: layer.hasBorder ? layer.frame.borderOrder : layer.frame.fillOrder)
    }

    // MARK: - Covered layers

    /// Wakes the covered leaves whose occluder this frame's walk no longer found (gone, no longer
    /// opaque, or not among the largest; moved, unless it still hides them where it is now), or
    /// every covered leaf when the drawing order changed, and unlists them. Returns the woken
    /// leaves the next walk can reach and place (in the tree, painting somewhere).
    func wakeUncoveredLayers(reordered: Bool) -> [RenderLayer] {
        var woken: [RenderLayer] = []
        var gone: [OccluderKey] = []
        var moved: [(RenderLayer, OccluderKey)] = []
        for (key, entries) in coveredIndex where reordered || !occluders.contains(where: { $0.key == key }) {
            gone.append(key)
            // The same occluder elsewhere (no reordering, so still drawn after its leaves).
            let now = reordered ? nil : occluders.first { $0.layer == key.layer }
            for layer in entries.values where layer.frame.coveredListing == key {
                layer.frame.coveredListing = nil
                // Resting for another reason since this walk's visit (hidden, off the target): only unlisted.
                guard layer.isResting, layer.frame.lastWalk != walk else { continue }
                if let now, let box = layer.frame.drawnBox, now.rect.contains(box) {
                    moved.append((layer, now.key))
                    continue
                }
                layer.setResting(false)
                if layer.superlayer != nil, layer.frame.drawnBox != nil { woken.append(layer) }
            }
        }
        for key in gone {
            coveredEntries -= coveredIndex[key]?.count ?? 0
            coveredIndex[key] = nil
        }
        for (layer, key) in moved { restCovered(layer, under: key) }
        return woken
    }

    /// Starts a walk of the tree (`prepare`): no occluders yet, drawing-order numbers from 0, no
    /// clip needing the stencil, a new walk number.
    func beginWalk() {
        occluders.removeAll(keepingCapacity: true)
        nextOrder = 0
        usesStencil = false
        walk += 1
    }
}
