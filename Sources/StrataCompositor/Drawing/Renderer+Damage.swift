import CGLES3
import StrataCore
import StrataGL

// The walk before drawing (`prepare`): placement, paint boxes, damage, occluders and resting.

extension Renderer {
    // MARK: - Damage

    /// Computes `layer`'s world matrix and paint boxes for this frame and adds what changed to
    /// `damage`: where a changed (or moved) layer painted last frame and where it paints now.
    func prepare(
        _ layer: RenderLayer, parentSpace: Transform3D, parentSpaceChanged: Bool, parentVisible: Bool,
        inheritedDamage: Bool, opaquePath: Bool, damage: inout PixelRect?
    ) {
        let shown = !layer.state.isHidden && layer.state.opacity > 0
        let visible = parentVisible && shown
        let damaged = inheritedDamage || layer.isDamaged
        statistics.layersVisited += 1
        layer.lastWalk = walk
        // An invisible, unchanged subtree that painted nothing last frame has nothing to report
        // (and once hidden itself, it rests: the walk leaves it out until something changes).
        if !visible, !damaged, layer.frameSubtreeBox == nil, layer.drawnBox == nil {
            layer.setResting(!shown && layer.animatedSlot == nil)
            return
        }
        var box: PixelRect?
        // The matrices are read only where needed: an unchanged leaf (most layers) touches neither,
        // and each is two cache lines of a large object.
        var childSpace = Transform3D.identity
        var childSpaceChanged = false
        if visible, parentSpaceChanged || layer.isDamaged || !layer.worldValid {
            // Changed (or moved with its parent): compute where it lands.
            let world = layer.state.localTransform.concatenating(parentSpace)
            layer.frameWorld = world
            layer.cachedFillValid = false
            layer.frameBackFacing = !layer.state.isDoubleSided && Self.facesAway(world, layer.state.bounds)
            if layer.hasFill || layer.hasBorder, !layer.frameBackFacing {
                box = Self.paintBox(layer, world: world)
            }
            layer.occluderRect = box == nil ? nil : Self.occluderRect(layer, world: world)
            if !layer.sublayers.isEmpty {
                let space = Self.sublayerSpace(of: layer, world: world)
                childSpaceChanged = !layer.worldValid || !layer.childSpaceValid || space != layer.frameChildSpace
                layer.frameChildSpace = space
                childSpace = space
            }
            layer.childSpaceValid = !layer.sublayers.isEmpty
            layer.worldValid = true
        } else if visible {
            box = layer.drawnBox  // unchanged: last frame's place and boxes hold
            if !layer.sublayers.isEmpty {
                if layer.childSpaceValid {
                    childSpace = layer.frameChildSpace
                } else {
                    // Its first sublayers arrived: their parent space was never computed.
                    childSpace = Self.sublayerSpace(of: layer, world: layer.frameWorld)
                    layer.frameChildSpace = childSpace
                    layer.childSpaceValid = true
                    childSpaceChanged = true
                }
            }
        } else {
            childSpace = parentSpace  // not drawn: its sublayers only report where they painted
            layer.worldValid = false
            childSpaceChanged = true
        }
        if damaged || box != layer.drawnBox {
            if let b = layer.drawnBox { damage = damage.map { $0.union(b) } ?? b }
            if let b = box { damage = damage.map { $0.union(b) } ?? b }
        }
        layer.drawnBox = box
        layer.isDamaged = false
        let opaque = opaquePath && layer.state.opacity >= 1
        if box != nil {
            layer.fillOrder = nextOrder
            nextOrder += 1
            if opaque, let rect = layer.occluderRect {
                addOccluder(rect, order: layer.fillOrder, layer: layer.serial, fill: layer.contents == nil ? layer.state.backgroundColor : nil)
            }
        }
        var subtree = box
        if !layer.sublayers.isEmpty {
            if visible, layer.state.masksToBounds, layer.state.cornerRadius > 0 || Self.axisAlignedPixelRect(layer.frameWorld, layer.state.bounds) == nil {
                usesStencil = true
            }
            // A single-sided layer facing away hides its whole subtree, as `draw` skips it.
            let showsSublayers = visible && !layer.frameBackFacing
            // Resting sublayers are left out while this layer's space and the target are what they
            // were: a hidden one shows nothing whatever its superlayer does, and a leaf off the
            // target stays off it (a change of this layer's look alone cannot bring it on).
            let sublayers =
                !showsSublayers
                ? layer.sublayers
                : childSpaceChanged || walksEverySublayer ? layer.sublayersInDrawingOrder : layer.awakeSublayersInDrawingOrder
            for sublayer in sublayers {
                prepare(
                    sublayer, parentSpace: childSpace, parentSpaceChanged: childSpaceChanged, parentVisible: showsSublayers,
                    inheritedDamage: damaged, opaquePath: opaque && !layer.state.masksToBounds, damage: &damage)
                if let s = sublayer.frameSubtreeBox { subtree = subtree.map { $0.union(s) } ?? s }
            }
        }
        if box != nil {
            layer.borderOrder = nextOrder
            nextOrder += 1
        }
        layer.frameSubtreeBox = visible && !layer.frameBackFacing ? subtree : box
        // Hidden with nothing painted, or a leaf painting nothing on the target: it rests, unless
        // an animation moves it frame by frame.
        let paintsNothingOnTarget =
            visible
            ? layer.sublayers.isEmpty && !(layer.frameSubtreeBox?.intersects(occlusionTarget) ?? false)
            : !shown && layer.frameSubtreeBox == nil && layer.drawnBox == nil
        layer.setResting(paintsNothingOnTarget && layer.animatedSlot == nil)
    }

    /// `layer`'s fill's pixels a pixel inside its edges when it can hide what lies under it: an
    /// opaque colour (alpha 1, no contents), square corners, landing axis-aligned on whole pixels.
    static func occluderRect(_ layer: RenderLayer, world: Transform3D) -> PixelRect? {
        // Opaque where it fills its bounds: an opaque background (contents drawn over it keep it
        // opaque), or opaque contents covering the bounds exactly.
        let opaqueBackground = (layer.state.backgroundColor?.alpha ?? 0) >= 1
        let opaqueContents = layer.contents?.isOpaque == true && layer.contentsFrame.map { same($0, layer.state.bounds) } == true
        guard opaqueBackground || opaqueContents, layer.state.cornerRadius <= 0,
            let rect = axisAlignedPixelRect(world, layer.state.bounds), rect.width > 2, rect.height > 2
        else { return nil }
        return PixelRect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2)
    }

    /// Keeps an occluder (drawn at drawing-order number `order`) among the largest few. Pixels off
    /// the target are never drawn, so an occluder reaching an edge of the target (its inset
    /// included) hides everything beyond that edge too: a layer partly off the target under it
    /// is hidden as well.
    func addOccluder(_ rect: PixelRect, order: Int, layer: UInt64, fill: Color?) {
        let t = occlusionTarget, far = Self.pixelLimit
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
    /// hides it or the drawing order changes. Not an occluder itself, so the occluders a frame
    /// finds do not depend on which layers rest.
    func restCovered(_ layer: RenderLayer, under key: OccluderKey) {
        layer.setResting(true)
        guard layer.coveredListing != key else { return }  // already listed there
        if let old = layer.coveredListing, coveredIndex[old]?.removeValue(forKey: layer.serial) != nil {
            coveredEntries -= 1
        }
        layer.coveredListing = key
        if coveredIndex[key, default: [:]].updateValue(layer, forKey: layer.serial) == nil { coveredEntries += 1 }
        if coveredEntries >= coveredPruneAt {
            // Drop the entries of destroyed layers (their listing cleared) and of layers listed elsewhere.
            for key in Array(coveredIndex.keys) {
                coveredIndex[key] = coveredIndex[key]?.filter { $0.value.coveredListing == key }
                if coveredIndex[key]?.isEmpty == true { coveredIndex[key] = nil }
            }
            coveredEntries = coveredIndex.values.reduce(0) { $0 + $1.count }
            coveredPruneAt = max(1024, 2 * coveredEntries)
        }
    }

    /// Whether an occluder drawn after drawing-order number `order` hides all of `box`.
    func isCovered(_ box: PixelRect, after order: Int) -> Bool {
        occluder(covering: box, after: order) != nil
    }

    /// An occluder drawn after drawing-order number `order` that hides all of `box`, if any.
    func occluder(covering box: PixelRect, after order: Int) -> Occluder? {
        occluders.first { $0.order > order && $0.rect.contains(box) }
    }

    /// The occluder under which `layer` (painting `box`) may rest: it hides the layer's fill and
    /// border, and the layer is a leaf, not animated and not an occluder itself (so the frame's
    /// occluders do not depend on what rests).
    func occluderHidingForGood(_ layer: RenderLayer, box: PixelRect) -> Occluder? {
        guard layer.sublayers.isEmpty, layer.animatedSlot == nil, layer.occluderRect == nil else { return nil }
        return occluder(covering: box, after: layer.hasBorder ? layer.borderOrder : layer.fillOrder)
    }

    /// The fill program `layer` needs: textured or not, rounded or not, and for contents nine-part
    /// slicing or texel-centre sampling (one texel per pixel).
    func fillVariant(_ layer: RenderLayer, world: Transform3D) -> LayerShaderVariant {
        var variant = LayerShaderVariant(mode: .fill, textured: layer.contents != nil, rounded: layer.state.cornerRadius > 0)
        guard let contents = layer.contents, let frame = layer.contentsFrame else { return variant }
        if layer.state.contentsCenter != Self.unitRect {
            variant.nineSlice = true
        } else {
            let shown = layer.state.contentsRect
            variant.texelCentres = Self.landsTexelForPixel(
                world, frame: frame,
                shownPixels: Size(
                    width: Double(contents.width) * shown.width, height: Double(contents.height) * shown.height), sliced: false)
            // Contents exactly covering the bounds, square corners: the plain program.
            variant.plainContents = !variant.texelCentres && !variant.rounded && Self.same(frame, layer.state.bounds)
        }
        return variant
    }

    /// Whether two rectangles are the same within a millionth of a point.
    static func same(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
    }

    /// Whether contents landing in `frame` (bounds space) under `world` put one texel on each target
    /// pixel, edges on whole pixels: an axis-aligned, unflipped, unscaled mapping. Such contents are
    /// sampled at texel centres (nearest filtering).
    static func landsTexelForPixel(_ world: Transform3D, frame: Rect, shownPixels: Size, sliced: Bool) -> Bool {
        guard !sliced, world.m12 == 0, world.m21 == 0, world.m14 == 0, world.m24 == 0, world.m44 == 1,
            world.m11 > 0, world.m22 > 0
        else { return false }
        let epsilon = 1e-6
        guard abs(frame.width * world.m11 - shownPixels.width) < epsilon, abs(frame.height * world.m22 - shownPixels.height) < epsilon else { return false }
        let x = frame.minX * world.m11 + world.m41, y = frame.minY * world.m22 + world.m42
        return abs(x - x.rounded()) < epsilon && abs(y - y.rounded()) < epsilon
    }

    /// Whether no two quads of `layer`'s subtree can touch the same pixel (their paint boxes are
    /// disjoint, and no layer paints both a fill and a border), so drawing each with the group's
    /// opacity gives what compositing the group would. Checked for subtrees of up to 16 painting
    /// layers; larger ones are assumed to overlap.
    static func paintsDisjointly(_ layer: RenderLayer) -> Bool {
        var boxes: [PixelRect] = []
        func collect(_ l: RenderLayer) -> Bool {
            guard !l.state.isHidden, l.state.opacity > 0 else { return true }
            if let box = l.drawnBox {
                if l.hasFill && l.hasBorder { return false }
                if boxes.count == 16 || boxes.contains(where: { $0.intersects(box) }) { return false }
                boxes.append(box)
            }
            return l.sublayers.allSatisfy(collect)
        }
        return collect(layer)
    }

    /// The target pixels `layer` itself paints (its drawn rectangle, with a point of margin for
    /// antialiased edges, rounded outwards a pixel), clamped far beyond any target; the whole
    /// plane when part of it is behind the viewer.
    static func paintBox(_ layer: RenderLayer, world: Transform3D) -> PixelRect {
        let r = layer.drawnRect
        let rect = Rect(x: r.minX - 1, y: r.minY - 1, width: r.width + 2, height: r.height + 2)
        let everywhere = PixelRect(x: -pixelLimit, y: -pixelLimit, width: 2 * pixelLimit, height: 2 * pixelLimit)
        guard let (a, b, c, d) = projectedCorners(world, rect) else { return everywhere }
        let minX = min(a.x, b.x, c.x, d.x), maxX = max(a.x, b.x, c.x, d.x)
        let minY = min(a.y, b.y, c.y, d.y), maxY = max(a.y, b.y, c.y, d.y)
        guard let x0 = pixel(minX - 1, .down), let y0 = pixel(minY - 1, .down),
            let x1 = pixel(maxX + 1, .up), let y1 = pixel(maxY + 1, .up)
        else { return everywhere }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    // MARK: - Waking covered layers

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
            for layer in entries.values where layer.coveredListing == key {
                layer.coveredListing = nil
                // Resting for another reason since this walk's visit (hidden, off the target): only unlisted.
                guard layer.isResting, layer.lastWalk != walk else { continue }
                if let now, let box = layer.drawnBox, now.rect.contains(box) {
                    moved.append((layer, now.key))
                    continue
                }
                layer.setResting(false)
                if layer.superlayer != nil, layer.drawnBox != nil { woken.append(layer) }
            }
        }
        for key in gone {
            coveredEntries -= coveredIndex[key]?.count ?? 0
            coveredIndex[key] = nil
        }
        for (layer, key) in moved { restCovered(layer, under: key) }
        return woken
    }
}
