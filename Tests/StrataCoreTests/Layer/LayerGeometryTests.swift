import StrataCore
import Testing

/// Core Animation's layer geometry, written once for the model, the renderer and the C interface.
@Suite struct LayerGeometryTests {
    /// A 100×50 layer whose anchor point sits at (200, 300).
    private func placed(anchor: Point = Point(x: 0.5, y: 0.5), transform: Transform3D = .identity) -> LayerState {
        var s = LayerState()
        s.bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        s.position = Point(x: 200, y: 300)
        s.anchorPoint = anchor
        s.transform = transform
        return s
    }

    @Test func frameOfAnUntransformedLayerPutsTheAnchorOnThePosition() {
        #expect(placed().frame == Rect(x: 150, y: 275, width: 100, height: 50), "anchor in the middle")
        #expect(placed(anchor: Point(x: 0, y: 1)).frame == Rect(x: 200, y: 250, width: 100, height: 50), "anchor bottom-left")
        var s = placed()
        s.bounds.origin = Point(x: 40, y: -7)
        #expect(s.frame == Rect(x: 150, y: 275, width: 100, height: 50), "the bounds origin does not move the frame")
    }

    @Test func frameOfARotatedLayerIsTheBoundingBox() {
        let f = placed(transform: Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)).frame
        // A quarter turn about the centre: 50 wide, 100 high, same centre.
        #expect(abs(f.minX - 175) < 1e-9 && abs(f.minY - 250) < 1e-9 && abs(f.width - 50) < 1e-9 && abs(f.height - 100) < 1e-9, "\(f)")
    }

    @Test func positionForAFrameInvertsTheFrame() {
        let s = placed(anchor: Point(x: 0.25, y: 0.75))
        #expect(s.position(forFrame: Rect(x: 10, y: 20, width: 100, height: 40)) == Point(x: 35, y: 50))
    }

    @Test func localTransformFastPathEqualsTheGeneralOne() {
        var s = placed(anchor: Point(x: 0.2, y: 0.9))
        s.zPosition = 4
        s.bounds.origin = Point(x: 3, y: -8)
        let fast = s.localTransform
        let a = s.anchorInBounds
        let general = Transform3D(translationX: -a.x, y: -a.y).concatenating(.identity)
            .concatenating(Transform3D(translationX: s.position.x, y: s.position.y, z: s.zPosition))
        #expect(fast == general)
        let p = fast.apply(x: 3 + 20, y: -8 + 45)  // the anchor point in bounds space
        #expect(abs(p.x - 200) < 1e-9 && abs(p.y - 300) < 1e-9 && p.z == 4, "the anchor lands on the position at zPosition")
    }

    @Test("placed(in:) is localTransform followed by the parent space, entry for entry: untransformed (a translated parent) and turned")
    func placedInAParentSpaceEqualsTheProduct() {
        var parent = Transform3D(scaleX: 2, y: 2).concatenating(Transform3D(translationX: 40, y: -12))
        parent.m33 = 0  // flattened, as a parent space is
        var s = placed(anchor: Point(x: 0.2, y: 0.9))
        s.zPosition = 4
        s.bounds.origin = Point(x: 3, y: -8)
        #expect(s.placed(in: parent).entries == s.localTransform.concatenating(parent).entries)
        #expect(s.placed(in: parent).apply(x: 23, y: 37).x == 440, "the anchor at x 200, scaled 2 and moved 40")
        let turned = placed(transform: Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1))
        #expect(turned.placed(in: parent).entries == turned.localTransform.concatenating(parent).entries)
    }

    @Test func sublayerTransformTurnsAboutTheSuperlayersAnchor() {
        var parent = placed()
        parent.sublayerTransform = Transform3D(rotationAngle: .pi, x: 0, y: 0, z: 1)
        var child = LayerState()
        child.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        child.position = Point(x: 10, y: 5)
        // The child's centre (10, 5) turns half way round the parent's anchor (50, 25): (90, 45).
        let m = child.planeTransform(superlayerSublayerTransform: parent.sublayerTransformAboutAnchor)
        let centre = m.apply(Point(x: 5, y: 5))
        #expect(abs(centre.x - 90) < 1e-9 && abs(centre.y - 45) < 1e-9, "\(centre)")
        #expect(
            child.pointFromSuperlayerWithoutTransforms(Point(x: 90, y: 45), superlayerHasSublayerTransform: true) == nil,
            "a sublayer transform lies between")
        #expect(child.pointFromSuperlayerWithoutTransforms(Point(x: 10, y: 5), superlayerHasSublayerTransform: false) == Point(x: 5, y: 5))
    }

    @Test func planeMapsInvertThroughPerspective() {
        var m = Transform3D(rotationAngle: 0.6, x: 0, y: 1, z: 0)
        m.m34 = -1.0 / 500
        let s = placed(transform: m)
        let plane = s.planeTransform(superlayerSublayerTransform: nil)
        let inverse = try! #require(plane.inverted)
        for p in [Point(x: 0, y: 0), Point(x: 100, y: 50), Point(x: 37, y: 12)] {
            let back = inverse.apply(plane.apply(p))
            #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9, "\(p) → \(back)")
            // The plane map agrees with the 4×4 transform and its perspective divide.
            let q = try! #require(s.localTransform.project(p))
            let r = plane.apply(p)
            #expect(abs(q.x - r.x) < 1e-9 && abs(q.y - r.y) < 1e-9)
        }
        let edgeOn = placed(transform: Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0))
        #expect(abs(edgeOn.planeTransform(superlayerSublayerTransform: nil).determinant) < 1e-12, "a layer seen edge-on squashes the plane to a line")
    }

    @Test func sublayerSpaceFlattensThenAppliesTheWorld() {
        var s = placed()
        s.sublayerTransform = Transform3D(scaleX: 2, y: 3)
        let world = Transform3D(translationX: 7, y: 11)
        let space = s.sublayerSpace(world: world)
        // A sublayer point (60, 25): scaled about the anchor (50, 25) to (70, 25), then moved by the world.
        let p = space.apply(x: 60, y: 25, z: 9)
        #expect(abs(p.x - 77) < 1e-9 && abs(p.y - 36) < 1e-9)
        #expect(p.z == 0, "z is flattened away")
    }

    @Test func boundsContainmentIsHalfOpenAndEmptyBoundsContainNothing() {
        let s = placed()
        #expect(s.boundsContain(Point(x: 0, y: 0)) && s.boundsContain(Point(x: 99.9, y: 49.9)))
        #expect(!s.boundsContain(Point(x: 100, y: 10)) && !s.boundsContain(Point(x: 10, y: 50)) && !s.boundsContain(Point(x: -0.1, y: 0)))
        #expect(!LayerState().boundsContain(.zero))
    }
}
