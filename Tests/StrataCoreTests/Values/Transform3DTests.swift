import StrataCore
import Testing

@Suite struct Transform3DTests {
    @Test func concatenationAppliesTheLeftOperandFirst() {
        let t = Transform3D(translationX: 10, y: 0)
        let r = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        let tr = t.concatenating(r).apply(x: 0, y: 0)
        let rt = r.concatenating(t).apply(x: 0, y: 0)
        #expect(abs(tr.x) < 1e-9 && abs(tr.y - 10) < 1e-9, "translate then rotate 90°: (0, 10)")
        #expect(abs(rt.x - 10) < 1e-9 && abs(rt.y) < 1e-9, "rotate then translate: (10, 0)")
    }

    @Test func translatedBeforeAndAfterEqualsTheThreeProducts() {
        var perspective = Transform3D(rotationAngle: 0.7, x: 0.3, y: 1, z: 0.2).concatenating(Transform3D(scaleX: 2, y: -1.5, z: 0.5))
        perspective.m34 = -1.0 / 500
        perspective.m14 = 0.001
        for m in [Transform3D.identity, Transform3D(rotationAngle: 0.4, x: 0, y: 0, z: 1), perspective] {
            let fast = m.translated(before: (-12.5, 7, 3), after: (100, -40, 2))
            let slow = Transform3D(translationX: -12.5, y: 7, z: 3).concatenating(m).concatenating(Transform3D(translationX: 100, y: -40, z: 2))
            for (a, b) in zip(fast.entries, slow.entries) { #expect(abs(a - b) < 1e-9, "\(fast) vs \(slow)") }
        }
    }

    @Test("afterTranslation gives the product with a translation exactly: every entry of T(−12.5, 7, 3)·M equal to the bit for M identity, a turn, a scale and a perspective")
    func afterTranslationEqualsTheProduct() {
        var perspective = Transform3D(rotationAngle: 0.7, x: 0.3, y: 1, z: 0.2).concatenating(Transform3D(scaleX: 2, y: -1.5, z: 0.5))
        perspective.m34 = -1.0 / 500
        perspective.m14 = 0.001
        for m in [Transform3D.identity, Transform3D(rotationAngle: 0.4, x: 0, y: 0, z: 1), Transform3D(scaleX: 3, y: 0.25), perspective] {
            let fast = m.afterTranslation(x: -12.5, y: 7, z: 3)
            let slow = Transform3D(translationX: -12.5, y: 7, z: 3).concatenating(m)
            #expect(fast.entries == slow.entries, "\(fast.entries) vs \(slow.entries)")
        }
        #expect(Transform3D.identity.afterTranslation(x: 5, y: -2, z: 1).apply(x: 1, y: 1).x == 6)
    }

    @Test("project: a 2D map gives the point itself (w 1), a perspective divides by w, a point behind the viewer is nil, a non-finite point is nil")
    func projectDividesOnlyWhereWIsNotOne() {
        let affine = Transform3D(scaleX: 2, y: 3).concatenating(Transform3D(translationX: 10, y: -4))
        #expect(affine.project(Point(x: 1.5, y: 2)) == Point(x: 13, y: 2))
        var perspective = Transform3D.identity
        perspective.m14 = 0.01  // w = 1 + 0.01 x
        let p = perspective.project(Point(x: 100, y: 50))
        #expect(p == Point(x: 50, y: 25), "w 2 halves the point: \(String(describing: p))")
        #expect(perspective.project(Point(x: -200, y: 0)) == nil, "w −1: behind the viewer")
        #expect(affine.project(Point(x: .infinity, y: 0)) == nil, "w is NaN for an infinite point, as the division path has it")
    }

    @Test func positiveZRotationTurnsClockwiseInAYDownSpace() {
        let p = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1).apply(x: 1, y: 0)
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
    }

    @Test func scaleUsesDistinctAxes() {
        // Two different factors catch swapped x and y.
        let p = Transform3D(scaleX: 2, y: 3).apply(x: 5, y: 7)
        #expect(p.x == 10 && p.y == 21)
    }

    @Test func perspectiveDividesByDistance() {
        var m = Transform3D.identity
        m.m34 = -1.0 / 500
        let near = m.apply(x: 100, y: 0, z: 100)
        #expect(abs(near.x / near.w - 125) < 1e-9, "a point 100 closer looks 500/400 as far from the axis")
    }

    @Test func inverseUndoes() throws {
        let m = Transform3D(rotationAngle: 0.7, x: 1, y: 2, z: 3).translatedBy(x: 4, y: -5, z: 6).scaledBy(x: 2, y: 3)
        let product = m.concatenating(try #require(m.inverted))
        for (a, b) in zip(product.entries, Transform3D.identity.entries) { #expect(abs(a - b) < 1e-9) }
        #expect(Transform3D(scaleX: 0, y: 1).inverted == nil)
    }

    @Test func identityAndAffine() {
        #expect(Transform3D.identity.isIdentity)
        #expect(Transform3D(translationX: 1, y: 2).isAffine)
        #expect(!Transform3D(rotationAngle: 0.3, x: 0, y: 1, z: 0).isAffine)
        #expect(Transform3D(rotationAngle: 1, x: 0, y: 0, z: 0) == .identity, "zero axis gives identity")
    }
}

@Suite struct CommitTests {
    @Test func validCommitPasses() throws {
        let id = LayerID.make()
        try Commit([.createLayer(id), .set(id, .bounds(Rect(x: 0, y: 0, width: 10, height: 10))), .set(id, .opacity(0.3))]).validate()
    }

    @Test func layerIDsAreUnique() {
        let ids = (0..<1000).map { _ in LayerID.make() }
        #expect(Set(ids).count == 1000)
    }

    @Test func premultipliedColour() {
        #expect(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5).premultiplied == SIMD4(0.5, 0.25, 0, 0.5))
    }
}
