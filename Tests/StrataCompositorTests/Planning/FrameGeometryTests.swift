@testable import StrataCompositor
import StrataCore
import Testing

/// Layers too far-reaching for Float coordinates are drawn in target pixels, trimmed to the
/// target: the arithmetic, with no GL.
@Suite struct FrameGeometryTests {
    @Test("A ±1e300 strip at scale 2 becomes a quad from −10 to 210 pixels on a 200×100 target (8 + 1 points of reach)")
    func aStripOfPlusMinus1e300IsTrimmedToTheTarget() throws {
        // Bounds (0, 0, 2e300, 10) placed so that its centre sits at x 0, then scale 2.
        let world = Transform3D(translationX: -1e300, y: 40).concatenating(Transform3D(scaleX: 2, y: 2))
        let bounds = Rect(x: 0, y: 0, width: 2e300, height: 10)
        let trimmed = try #require(
            FrameGeometry.trimmedToTarget(world: world, quad: bounds, bounds: bounds, extent: 0.5, width: 200, height: 100))
        #expect(trimmed.scale == 2)
        #expect(trimmed.quad == Rect(x: -9, y: 80, width: 218, height: 20), "x: −(8 + 0.5 × 2) … 200 + 9; y: 40 × 2 … 50 × 2")
        #expect(trimmed.bounds == trimmed.quad)
    }

    @Test("A 90° turn keeps the strip axis-aligned: its long side runs down the target")
    func aQuarterTurnIsTrimmedAlongTheOtherAxis() throws {
        // x → y', y → −x' (a quarter turn), translated 100 right.
        let world = Transform3D(m11: 0, m12: 1, m13: 0, m14: 0, m21: -1, m22: 0, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0, m41: 100, m42: -1e9, m43: 0, m44: 1)
        let bounds = Rect(x: 0, y: 0, width: 2e9, height: 10)
        let trimmed = try #require(FrameGeometry.trimmedToTarget(world: world, quad: bounds, bounds: bounds, extent: 0, width: 200, height: 100))
        #expect(trimmed.quad == Rect(x: 90, y: -8, width: 10, height: 116))
    }

    @Test(
        "A world of a scale and a translation places a rectangle from two corners with the four corners' numbers: (−3.25, 7.5, 10 × 4) at scale (2, −1.5) moved (40.125, 60) lands on x 33.625…53.625, y 42.75…48.75; a turn or a perspective uses the four"
    )
    func aStraightWorldPlacesARectangleFromTwoCorners() throws {
        var mirrored = Transform3D(scaleX: 2, y: -1.5).concatenating(Transform3D(translationX: 40.125, y: 60))
        mirrored.m33 = 0
        let r = Rect(x: -3.25, y: 7.5, width: 10, height: 4)
        let straight = try #require(FrameGeometry.straightRect(mirrored, r))
        let (a, b, c, d) = try #require(FrameGeometry.projectedCorners(mirrored, r))
        #expect(straight.minX == min(a.x, b.x, c.x, d.x) && straight.maxX == max(a.x, b.x, c.x, d.x))
        #expect(straight.minY == min(a.y, b.y, c.y, d.y) && straight.maxY == max(a.y, b.y, c.y, d.y))
        #expect(straight.minX == 33.625 && straight.maxX == 53.625 && straight.minY == 42.75 && straight.maxY == 48.75)
        #expect(FrameGeometry.axisAlignedPixelRect(mirrored, r) == PixelRect(x: 34, y: 43, width: 20, height: 6), "edges rounded to the nearest, ties to even")
        #expect(FrameGeometry.straightRect(Transform3D(rotationAngle: 0.1, x: 0, y: 0, z: 1), r) == nil)
        var perspective = Transform3D.identity
        perspective.m14 = 0.001
        #expect(FrameGeometry.straightRect(perspective, r) == nil)
    }

    @Test("Near layers, rotated ones and perspective keep their own space")
    func ordinaryLayersAreLeftAlone() {
        let bounds = Rect(x: 0, y: 0, width: 20_000, height: 10)
        #expect(FrameGeometry.trimmedToTarget(world: .identity, quad: bounds, bounds: bounds, extent: 0, width: 200, height: 100) == nil)
        let far = Rect(x: 0, y: 0, width: 1e9, height: 10)
        let turned = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
        #expect(FrameGeometry.trimmedToTarget(world: turned, quad: far, bounds: far, extent: 0, width: 200, height: 100) == nil)
        #expect(FrameGeometry.trimmedToTarget(world: Transform3D(scaleX: 1, y: 2), quad: far, bounds: far, extent: 0, width: 200, height: 100) == nil)
        var perspective = Transform3D.identity
        perspective.m34 = -1 / 500
        perspective.m14 = 0.001
        #expect(FrameGeometry.trimmedToTarget(world: perspective, quad: far, bounds: far, extent: 0, width: 200, height: 100) == nil)
    }
}
