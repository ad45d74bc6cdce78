import CGLES3
import StrataCore
import StrataGL

// Placement arithmetic shared by the walks: projections, corners, pixel rectangles.

extension Renderer {
    // MARK: - Geometry

    /// The parent space of `layer`'s sublayers (see `LayerState.sublayerSpace(world:)`).
    static func sublayerSpace(of layer: RenderLayer, world: Transform3D) -> Transform3D {
        layer.state.sublayerSpace(world: world)
    }

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

    /// The root layer's parent space: flattening, then `scale` pixels per point.
    static func rootSpace(scale: Double) -> Transform3D {
        guard scale != 1 else { return LayerState.flatten }
        var m = LayerState.flatten
        m.m11 = scale
        m.m22 = scale
        return m
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

    /// Far beyond any target: projected coordinates are clamped here so integer arithmetic on
    /// pixel rectangles cannot overflow, whatever finite transform a layer has.
    static let pixelLimit = 1 << 30

    /// A projected coordinate as a whole pixel, clamped to ±`pixelLimit`; nil when not finite.
    @inline(__always)
    static func pixel(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int? {
        guard value.isFinite else { return nil }
        return Int(min(max(value, -Double(pixelLimit)), Double(pixelLimit)).rounded(rule))
    }
}
