import StrataCore

// Placement arithmetic the planner and the drawing walk share: a layer's world, its corners and
// pixel boxes on the target, whether it faces away, whether it can hide what lies under it. No GL.

/// Pure functions of layers' world transforms and target pixels. Render thread only by use (it
/// reads render layers), holding no state.
enum FrameGeometry {
    /// The unit square: all of a texture, or a `contentsCenter` that stretches the whole.
    static let unitRect = Rect(x: 0, y: 0, width: 1, height: 1)

    /// Target pixels (origin top-left, y down) to clip space, z forced to 0 (no depth clipping).
    /// Pixel row y lands in framebuffer row y, so read-back rows come top row first; with `yUp`
    /// (a host's framebuffer, shown bottom row first) row 0 is the bottom, so the picture is upright.
    static func projection(width: Int, height: Int, yUp: Bool = false) -> Transform3D {
        Transform3D(
            m11: 2 / Double(width), m12: 0, m13: 0, m14: 0,
            m21: 0, m22: (yUp ? -2 : 2) / Double(height), m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 0, m34: 0,
            m41: -1, m42: yUp ? 1 : -1, m43: 0, m44: 1)
    }

    /// The parent space of `layer`'s sublayers (see `LayerState.sublayerSpace(world:)`).
    static func sublayerSpace(of layer: RenderLayer, world: Transform3D) -> Transform3D {
        layer.state.sublayerSpace(world: world)
    }

    /// The root layer's parent space: flattening, then `scale` pixels per point.
    static func rootSpace(scale: Double) -> Transform3D {
        guard scale != 1 else { return LayerState.flatten }
        var m = LayerState.flatten
        m.m11 = scale
        m.m22 = scale
        return m
    }

    /// The target rectangle `r` lands on when `world` keeps rectangles axis-aligned without a turn
    /// (a scale and a translation: most layers' worlds): the same numbers `projectedCorners` gives
    /// its corners (x depends on x alone, y on y alone), from two corners instead of four; nil
    /// for any other world, or a point that is not finite.
    @inline(__always)
    static func straightRect(_ world: Transform3D, _ r: Rect) -> (minX: Double, maxX: Double, minY: Double, maxY: Double)? {
        guard world.m12 == 0, world.m21 == 0, world.m14 == 0, world.m24 == 0, world.m44 == 1,
            let a = world.project(Point(x: r.minX, y: r.minY)), let c = world.project(Point(x: r.maxX, y: r.maxY))
        else { return nil }
        return (min(a.x, c.x), max(a.x, c.x), min(a.y, c.y), max(a.y, c.y))
    }

    /// The four corners of `r` (top-left, top-right, bottom-right, bottom-left) mapped by `world`,
    /// or nil when one lies behind the viewer. No allocation: this runs for every changed layer.
    @inline(__always)
    static func projectedCorners(_ world: Transform3D, _ r: Rect) -> (Point, Point, Point, Point)? {
        guard let a = world.project(Point(x: r.minX, y: r.minY)), let b = world.project(Point(x: r.maxX, y: r.minY)),
            let c = world.project(Point(x: r.maxX, y: r.maxY)), let d = world.project(Point(x: r.minX, y: r.maxY))
        else { return nil }
        return (a, b, c, d)
    }

    /// Whether the layer's front faces away from the viewer: its projected corners wind the other
    /// way round. Layers partly behind the viewer are never called back-facing.
    static func facesAway(_ world: Transform3D, _ bounds: Rect) -> Bool {
        guard let (a, b, c, d) = projectedCorners(world, bounds) else { return false }
        let area = (a.x * b.y - b.x * a.y) + (b.x * c.y - c.x * b.y) + (c.x * d.y - d.x * c.y) + (d.x * a.y - a.x * d.y)
        return area < 0
    }

    /// The pixel rectangle a layer's bounds cover when they land on the target as an axis-aligned
    /// rectangle (translation and scale, any 90° turn); nil otherwise. Edges round to the nearest pixel.
    static func axisAlignedPixelRect(_ world: Transform3D, _ bounds: Rect) -> PixelRect? {
        if let r = straightRect(world, bounds) {
            guard let x0 = pixel(r.minX, .toNearestOrEven), let x1 = pixel(r.maxX, .toNearestOrEven),
                let y0 = pixel(r.minY, .toNearestOrEven), let y1 = pixel(r.maxY, .toNearestOrEven)
            else { return nil }
            return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        guard world.m14 == 0, world.m24 == 0, world.m44 == 1, let (a, b, c, d) = projectedCorners(world, bounds) else { return nil }
        let epsilon = 1e-6
        let horizontalFirst = abs(a.y - b.y) < epsilon && abs(b.x - c.x) < epsilon
        let verticalFirst = abs(a.x - b.x) < epsilon && abs(b.y - c.y) < epsilon
        guard horizontalFirst || verticalFirst else { return nil }
        guard let x0 = pixel(min(a.x, b.x, c.x, d.x), .toNearestOrEven), let x1 = pixel(max(a.x, b.x, c.x, d.x), .toNearestOrEven),
            let y0 = pixel(min(a.y, b.y, c.y, d.y), .toNearestOrEven), let y1 = pixel(max(a.y, b.y, c.y, d.y), .toNearestOrEven)
        else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Past this many points or pixels a coordinate loses whole-pixel precision as a Float (the
    /// shaders' type): layers reaching further are drawn through `trimmedToTarget`.
    static let farCoordinate = 65_536.0

    /// A fill or border of a layer too far-reaching for Float coordinates (a 20,000-point strip at
    /// a large scale, a frame of ±1e300), moved into target pixels and trimmed to the target: a
    /// quad and bounds in pixels (to draw with no world transform) and the world's scale (to turn
    /// corner radius and border width into pixels). Each edge lying more than `reach` pixels
    /// beyond the target — where neither it nor its rounding or border can be seen — is pulled in
    /// to that distance, so the pixels drawn are the same as for the whole layer.
    ///
    /// Only for 2D worlds that keep the layer axis-aligned with one scale on both axes (any 90°
    /// turn or mirror); nil otherwise, or when every coordinate is near enough to draw as is.
    /// `extent` is the corner radius plus border width, in points.
    static func trimmedToTarget(world w: Transform3D, quad: Rect, bounds: Rect, extent: Double, width: Int, height: Int)
        -> (quad: Rect, bounds: Rect, scale: Double)?
    {
        func far(_ r: Rect) -> Bool { max(abs(r.minX), abs(r.maxX), abs(r.minY), abs(r.maxY)) > farCoordinate }
        guard w.m14 == 0, w.m24 == 0, w.m44 == 1 else { return nil }
        // An axis-aligned, uniformly scaled 2D map: either x→x', y→y' or x→y', y→x'.
        let straight = w.m12 == 0 && w.m21 == 0, turned = w.m11 == 0 && w.m22 == 0
        guard straight || turned else { return nil }
        let (sx, sy) = straight ? (w.m11, w.m22) : (w.m12, w.m21)
        let scale = abs(sx)
        guard scale > 0, scale.isFinite, abs(abs(sy) - scale) <= 1e-9 * scale else { return nil }
        // The target-pixel rectangle of a local rectangle, computed corner by corner in Double.
        func place(_ r: Rect) -> Rect? {
            let xs = straight ? (sx * r.minX + w.m41, sx * r.maxX + w.m41) : (sy * r.minY + w.m41, sy * r.maxY + w.m41)
            let ys = straight ? (sy * r.minY + w.m42, sy * r.maxY + w.m42) : (sx * r.minX + w.m42, sx * r.maxX + w.m42)
            let x0 = min(xs.0, xs.1), x1 = max(xs.0, xs.1), y0 = min(ys.0, ys.1), y1 = max(ys.0, ys.1)
            guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return nil }
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        guard let placedQuad = place(quad), let placedBounds = place(bounds) else { return nil }
        guard far(quad) || far(bounds) || far(placedQuad) || far(placedBounds) else { return nil }
        let reach = 8 + extent * scale
        let lo = (x: -reach, y: -reach), hi = (x: Double(width) + reach, y: Double(height) + reach)
        func trim(_ r: Rect) -> Rect {
            let x0 = min(max(r.minX, lo.x), hi.x), x1 = min(max(r.maxX, lo.x), hi.x)
            let y0 = min(max(r.minY, lo.y), hi.y), y1 = min(max(r.maxY, lo.y), hi.y)
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        return (trim(placedQuad), trim(placedBounds), scale)
    }

    /// Far beyond any target: projected coordinates are clamped here so integer arithmetic on
    /// pixel rectangles cannot overflow, whatever finite transform a layer has.
    static let pixelLimit = 1 << 30

    /// A projected coordinate as a whole pixel, clamped to ±`pixelLimit`; nil when not finite.
    @inline(__always)
    static func pixel(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int? {
        guard value.isFinite else { return nil }
        return Int(min(max(value, -Double(pixelLimit)), Double(pixelLimit)).rounded(rule))
    }

    /// `layer`'s fill's pixels a pixel inside its edges when it can hide what lies under it: an
    /// opaque colour (alpha 1, no contents), square corners, landing axis-aligned on whole pixels.
    static func occluderRect(_ layer: RenderLayer, world: Transform3D) -> PixelRect? {
        // Opaque where it fills its bounds: an opaque background (contents drawn over it keep it
        // opaque), or opaque contents covering the bounds exactly.
        let opaqueBackground = (layer.state.backgroundColor?.alpha ?? 0) >= 1
        let opaqueContents = layer.contents?.isOpaque == true && layer.contentsFrame.map { same($0, layer.state.bounds) } == true
        guard opaqueBackground || opaqueContents, layer.state.cornerRadius <= 0, layer.mask == nil,
            let rect = axisAlignedPixelRect(world, layer.state.bounds), rect.width > 2, rect.height > 2
        else { return nil }
        return PixelRect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2)
    }

    /// Whether two rectangles are the same within a millionth of a point.
    static func same(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
    }

    /// The target pixels `layer` itself paints (its drawn rectangle, with a point of margin for
    /// antialiased edges, rounded outwards a pixel), clamped far beyond any target; the whole
    /// plane when part of it is behind the viewer.
    static func paintBox(_ layer: RenderLayer, world: Transform3D) -> PixelRect {
        var r = layer.drawnRect
        if layer.drawsShadow { r = r.union(layer.shadowRect) }
        let rect = Rect(x: r.minX - 1, y: r.minY - 1, width: r.width + 2, height: r.height + 2)
        let everywhere = PixelRect(x: -pixelLimit, y: -pixelLimit, width: 2 * pixelLimit, height: 2 * pixelLimit)
        let minX: Double, maxX: Double, minY: Double, maxY: Double
        if let r = straightRect(world, rect) {
            (minX, maxX, minY, maxY) = r
        } else {
            guard let (a, b, c, d) = projectedCorners(world, rect) else { return everywhere }
            (minX, maxX) = (min(a.x, b.x, c.x, d.x), max(a.x, b.x, c.x, d.x))
            (minY, maxY) = (min(a.y, b.y, c.y, d.y), max(a.y, b.y, c.y, d.y))
        }
        guard let x0 = pixel(minX - 1, .down), let y0 = pixel(minY - 1, .down),
            let x1 = pixel(maxX + 1, .up), let y1 = pixel(maxY + 1, .up)
        else { return everywhere }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The shadow `layer` casts of its picture (`RenderLayer.castsPictureShadow`): its offset in
    /// target pixels (y down), the blur's standard deviation in pixels, how many pixels each side
    /// the blur sums (3σ), and its colour and opacity. Offset and blur follow the layer's world
    /// matrix (its plane part).
    static func pictureShadow(_ layer: RenderLayer) -> PictureShadow {
        let w = layer.frame.world, o = layer.state.shadowOffset
        let dx = pixel(o.x * w.m11 + o.y * w.m21, .toNearestOrAwayFromZero) ?? 0
        let dy = pixel(o.x * w.m12 + o.y * w.m22, .toNearestOrAwayFromZero) ?? 0
        let scale = abs(w.m11 * w.m22 - w.m12 * w.m21).squareRoot()
        let sigma = layer.state.shadowRadius * (scale.isFinite ? scale : 1)
        let radius = sigma < 0.5 ? 0 : min(Int((3 * sigma).rounded(.up)), maximumShadowTaps)
        return PictureShadow(dx: dx, dy: dy, sigma: sigma, radius: radius, color: layer.state.shadowColor ?? .clear, opacity: layer.state.shadowOpacity)
    }

    /// The most texels a picture shadow's blur sums each side (3σ beyond it is cut: a blur of
    /// more than 42 pixels is drawn as 42).
    static let maximumShadowTaps = 128

    /// Whether no two quads of `layer`'s subtree can touch the same pixel (their paint boxes are
    /// disjoint, and no layer paints both a fill and a border), so drawing each with the group's
    /// opacity gives what compositing the group would. Checked for subtrees of up to 16 painting
    /// layers; larger ones are assumed to overlap.
    static func paintsDisjointly(_ layer: RenderLayer) -> Bool {
        var boxes: [PixelRect] = []
        func collect(_ l: RenderLayer) -> Bool {
            guard !l.state.isHidden, l.state.opacity > 0 else { return true }
            if let box = l.frame.drawnBox {
                if l.hasFill && l.hasBorder || l.drawsShadow && (l.hasFill || l.hasBorder) { return false }
                if boxes.count == 16 || boxes.contains(where: { $0.intersects(box) }) { return false }
                boxes.append(box)
            }
            return l.sublayers.allSatisfy(collect)
        }
        return collect(layer)
    }
}
