import StrataCore

/// One step of drawing a frame, in drawing order: what the renderer executes. A plain value:
/// quads and shadows are numbered in the plan's own lists (`FramePlan.quads`, `fills`,
/// `pictureShadows`), never pointers into the render tree.
enum DrawOperation {
    /// A fill: the plan's `fills[slot]` (kept from frame to frame by the layer's slot).
    case fill(slot: Int32)
    /// A border or a shadow: the plan's `quads[index]`.
    case quad(Int32)
    /// Narrows the clip to the `scissor` rectangle (target pixels; empty when nothing shows
    /// through it): a square clip that lands axis-aligned.
    case pushScissor(PixelRect)
    /// Narrows the clip to a stencil mask of a layer's bounds and rounded corners: the clip-mask
    /// quad `quads[mask]`.
    case pushStencil(mask: Int32)
    /// Undoes the matching `pushScissor` or `pushStencil` (`mask`: the same quad, taking the
    /// stencil mask back; nil for a scissor).
    case popClip(mask: Int32?)
    /// Starts a translucent group: what follows until `endGroup` is drawn at full opacity into an
    /// offscreen picture, `box` of it (target pixels) cleared first.
    case beginGroup(box: PixelRect)
    /// Composites the group's picture (`box` of it) over what lies under it with `opacity`.
    case endGroup(box: PixelRect, opacity: Float)
    /// Ends the group of a layer casting its picture's shadow (`RenderLayer.castsPictureShadow`):
    /// the shadow `pictureShadows[shadow]`, the picture's alpha blurred and tinted, is drawn under
    /// where the picture goes, then the picture (`box` of it) is composited with `opacity`.
    case endShadowGroup(box: PixelRect, shadow: Int32, opacity: Float)
    /// Ends a mask's group (begun with `beginGroup` inside the group of the layer it masks):
    /// the layer's picture, `box` of it, keeps only as much of each pixel as the mask's alpha.
    case endMask(box: PixelRect)
}

extension FramePlanner {
    // MARK: - The drawing order

    /// Lists what the frame draws into `region`, in drawing order (see `DrawOperation`): layers
    /// hidden, transparent, facing away or outside the region are left out, and so are quads an
    /// opaque layer drawn after them hides (a leaf hidden whole comes to rest under it); the
    /// layer `paintedByClear` draws no fill (the frame's clear paints it). Walks the tree with an
    /// explicit stack, so a tree of any depth is listed without deep recursion.
    func emitOperations(root: RenderLayer?, region: PixelRect) {
        beginListing()
        guard let root else { return }
        var clip = ClipState(scissor: region, stencilMasks: 0)
        var stack: [EmitVisit] = []
        swap(&stack, &emitVisits)  // reuse last frame's capacity
        defer {
            stack.removeAll(keepingCapacity: true)
            swap(&stack, &emitVisits)
        }
        emitSubtree(root, clip: &clip, inherited: 1, stack: &stack)
    }

    /// Empties this frame's listing (operations, quads, shadows, counts) for a new one, keeping
    /// the lists' capacity; a frame with nothing to redraw lists nothing.
    func beginListing() {
        operations.removeAll(keepingCapacity: true)
        quads.removeAll(keepingCapacity: true)
        pictureShadows.removeAll(keepingCapacity: true)
        emitExtras.removeAll(keepingCapacity: true)
        layersPaintedByClear = 0
        layersDrawn = 0
        fillsBuilt = 0
        masksBeingListed = 0
        shadowsBeingListed = 0
    }

    /// Lists `root`'s subtree (see `emitOperations`) with `clip` in force and `inherited`
    /// opacity, on `stack` (empty, and left empty).
    private func emitSubtree(_ root: RenderLayer, clip: inout ClipState, inherited: Float, stack: inout [EmitVisit]) {
        if let visit = enterEmit(root, clip: &clip, inherited: inherited) {
            if visit.sublayers.isEmpty { finishEmit(visit, clip: &clip) } else { stack.append(visit) }
        }
        while let top = stack.indices.last {
            guard stack[top].next < stack[top].sublayers.count else {
                finishEmit(stack.removeLast(), clip: &clip)
                continue
            }
            let sublayer = stack[top].sublayers[stack[top].next]
            stack[top].next += 1
            guard let visit = enterEmit(sublayer, clip: &clip, inherited: stack[top].opacity) else { continue }
            if visit.sublayers.isEmpty { finishEmit(visit, clip: &clip) } else { stack.append(visit) }
        }
    }

    /// The most stencil masks that nest in one target: an 8-bit stencil counts 255 (Strata's
    /// targets and offscreen groups have one; a host framebuffer with fewer bits is drawn through
    /// an offscreen target). A deeper mask starts an offscreen group with a fresh stencil,
    /// composited back through the masks in force.
    static let maximumStencilMasks = 255

    /// The clip in force as the listing walk goes: the scissor (target pixels) and how many
    /// stencil masks are pushed in the current target.
    struct ClipState {
        var scissor: PixelRect
        var stencilMasks: Int
    }

    /// A layer on the listing walk's stack: what is listed after its sublayers, and how far
    /// through them the walk is. Small, as every listed layer makes one: what only clipping and
    /// grouped layers need is on `emitExtras`.
    struct EmitVisit {
        let layer: RenderLayer
        /// The opacity its fill and border are drawn with, and its sublayers inherit.
        let opacity: Float
        /// Whether the layer pushed an `EmitExtras` (the last on `emitExtras` when it finishes).
        let hasExtras: Bool
        /// What the layer itself paints, when that reaches the region being drawn.
        let painted: PixelRect?
        let sublayers: [RenderLayer]
        var next = 0
    }

    /// What a listed layer that clips or is drawn in an offscreen group restores after its
    /// sublayers (kept on `emitExtras` while its visit is open).
    struct EmitExtras {
        /// The clip before the layer's own (when it masks to its bounds): restored after its sublayers.
        var clipBeforeMask: ClipState?
        /// The offscreen group started to give the layer's stencil mask a fresh stencil (the
        /// target's held `maximumStencilMasks`): its box, and the clip outside it.
        var stencilRoom: (box: PixelRect, outer: ClipState)?
        /// The translucent group the layer is drawn in (offscreen): its box and opacity, and the
        /// clip outside it.
        var group: (box: PixelRect, opacity: Float, outer: ClipState)?
        /// The clip-mask quad of the layer's stencil clip (taken back after its sublayers).
        var clipMask: Int32?
        /// The shadow the layer casts of the group's picture (its index in `pictureShadows`), when it does.
        var pictureShadow: Int32?
    }

    /// Lists what `layer` draws before its sublayers (a translucent group's start, its fill, its
    /// clip) and returns what is left for after them; nil when nothing of its subtree is drawn.
    /// `clip` is the clip in force, `inherited` the opacity of translucent ancestors drawn
    /// without an offscreen pass.
    private func enterEmit(_ layer: RenderLayer, clip: inout ClipState, inherited: Float) -> EmitVisit? {
        guard !layer.state.isHidden, layer.state.opacity > 0 else { return nil }
        // Nothing of the subtree lies in the region being drawn (or it faces away, single-sided:
        // `prepare` left it no box): left out.
        guard let subtreeBox = layer.frame.subtreeBox, subtreeBox.intersects(clip.scissor) else { return nil }
        let awake = layer.awakeSublayersInDrawingOrder
        let visibleSublayers = awake.contains { !$0.state.isHidden && $0.state.opacity > 0 }
        var group: (box: PixelRect, opacity: Float, outer: ClipState)?
        var pictureShadow: Int32?
        var opacity = inherited * layer.state.opacity
        if let mask = layer.mask {
            // Masked: drawn offscreen, cut by the mask's alpha, then composited; nothing shows
            // where the mask paints nothing.
            guard !mask.state.isHidden, mask.state.opacity > 0, let maskBox = mask.frame.subtreeBox,
                !subtreeBox.intersection(maskBox).intersection(clip.scissor).isEmpty
            else { return nil }
            let box = subtreeBox.intersection(maskBox).intersection(clip.scissor)
            operations.append(.beginGroup(box: box))
            group = (box, opacity, clip)
            clip = ClipState(scissor: box, stencilMasks: 0)
            opacity = 1
        } else if layer.castsPictureShadow, layer.serial != paintedByClear, let picture = layer.frame.pictureBox {
            // Casting its picture's shadow: drawn offscreen at full opacity — the pixels of the
            // picture that show in the region or whose shadow does — then the shadow and the
            // picture composited. Nothing inside is left out for being covered: the shadow shows it.
            let shadow = FrameGeometry.pictureShadow(layer)
            let s = clip.scissor, grow = shadow.radius + 1
            let sources = PixelRect(x: s.x - shadow.dx - grow, y: s.y - shadow.dy - grow, width: s.width + 2 * grow, height: s.height + 2 * grow)
            let box = picture.intersection(sources.union(s))
            guard !box.isEmpty else { return nil }
            operations.append(.beginGroup(box: box))
            group = (box, opacity, clip)
            pictureShadows.append(shadow)
            pictureShadow = Int32(pictureShadows.count - 1)
            shadowsBeingListed += 1
            clip = ClipState(scissor: box, stencilMasks: 0)
            opacity = 1
        } else if layer.state.opacity < 1, visibleSublayers, !FrameGeometry.paintsDisjointly(layer) {
            // A translucent group whose layers may overlap: drawn offscreen at full opacity, then composited.
            let box = subtreeBox.intersection(clip.scissor)
            guard !box.isEmpty else { return nil }
            operations.append(.beginGroup(box: box))
            group = (box, opacity, clip)
            clip = ClipState(scissor: box, stencilMasks: 0)  // the group's target: a fresh stencil
            opacity = 1
        }
        // What the layer itself paints, when that reaches the region being drawn.
        let painted = layer.frame.drawnBox.flatMap { $0.intersects(clip.scissor) ? $0 : nil }
        // (A layer the frame's clear paints covers the whole region: its shadow lies outside it.)
        if layer.drawsShadow, layer.serial != paintedByClear, let box = painted, !isCovered(box, after: layer.frame.fillOrder) {
            operations.append(.quad(listQuad(layer, .shadow, opacity: opacity)))
        }
        if layer.hasFill, let box = painted {
            if layer.serial == paintedByClear {
                layersPaintedByClear += 1
            } else if !isCovered(box, after: layer.frame.fillOrder) {
                operations.append(.fill(slot: fillQuad(layer, opacity: opacity)))
                layersDrawn += 1
            } else if let occluder = occluderHidingForGood(layer, box: box) {
                restCovered(layer, under: occluder.key)
            }
        }
        var clipBeforeMask: ClipState?
        var stencilRoom: (box: PixelRect, outer: ClipState)?
        var clipMask: Int32?
        var clipped = visibleSublayers
        if visibleSublayers, layer.state.masksToBounds {
            if layer.state.cornerRadius <= 0, let rect = FrameGeometry.axisAlignedPixelRect(layer.frame.world, layer.state.bounds) {
                clipBeforeMask = clip
                clip.scissor = clip.scissor.intersection(rect)
                clipped = !clip.scissor.isEmpty
                operations.append(.pushScissor(clip.scissor))
            } else {
                if clip.stencilMasks == Self.maximumStencilMasks {
                    // The target's stencil holds all the masks it can: this one and what it clips
                    // are drawn offscreen with a fresh stencil, composited through the masks in force.
                    let box = subtreeBox.intersection(clip.scissor)
                    operations.append(.beginGroup(box: box))
                    stencilRoom = (box, clip)
                    clip = ClipState(scissor: box, stencilMasks: 0)
                }
                clipBeforeMask = clip
                clip.stencilMasks += 1
                let mask = listQuad(layer, .clipMask, opacity: 1)
                clipMask = mask
                operations.append(.pushStencil(mask: mask))
            }
        }
        let hasExtras = clipBeforeMask != nil || stencilRoom != nil || group != nil
        if hasExtras {
            emitExtras.append(
                EmitExtras(clipBeforeMask: clipBeforeMask, stencilRoom: stencilRoom, group: group, clipMask: clipMask, pictureShadow: pictureShadow))
        }
        return EmitVisit(layer: layer, opacity: opacity, hasExtras: hasExtras, painted: painted, sublayers: clipped ? awake : [])
    }

    /// Lists what `visit`'s layer draws after its sublayers: the end of its clip, its border, the
    /// ends of its offscreen groups; restores the clip in force before it.
    private func finishEmit(_ visit: EmitVisit, clip: inout ClipState) {
        let layer = visit.layer
        let extras = visit.hasExtras ? emitExtras.removeLast() : EmitExtras()
        if let saved = extras.clipBeforeMask {
            operations.append(.popClip(mask: extras.clipMask))
            clip = saved
        }
        if layer.hasBorder, let box = visit.painted, !isCovered(box, after: layer.frame.borderOrder) {
            operations.append(.quad(listQuad(layer, .border, opacity: visit.opacity)))
            if !layer.hasFill { layersDrawn += 1 }
        }
        if let room = extras.stencilRoom {
            operations.append(.endGroup(box: room.box, opacity: 1))
            clip = room.outer
        }
        if let mask = layer.mask, let group = extras.group {
            // The mask, drawn into a group of its own over the same pixels, then applied.
            operations.append(.beginGroup(box: group.box))
            var maskClip = ClipState(scissor: group.box, stencilMasks: 0)
            var stack: [EmitVisit] = []
            masksBeingListed += 1
            emitSubtree(mask, clip: &maskClip, inherited: 1, stack: &stack)
            masksBeingListed -= 1
            operations.append(.endMask(box: group.box))
        }
        if let group = extras.group {
            if let shadow = extras.pictureShadow {
                operations.append(.endShadowGroup(box: group.box, shadow: shadow, opacity: group.opacity))
                shadowsBeingListed -= 1
            } else {
                operations.append(.endGroup(box: group.box, opacity: group.opacity))
            }
            clip = group.outer
        }
    }
}
