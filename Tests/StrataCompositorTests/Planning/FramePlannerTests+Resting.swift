@testable import StrataCompositor
import StrataCore
import Testing

/// Occlusion and resting as the plan says them, with no GL context: how many layers a frame's
/// walks visit and how many it draws, for the scenes `OcclusionTests` and `RestingLayerTests` also
/// draw on the GPU (whose statistics count the same).
extension FramePlannerTests {
    /// The layers the plan draws: its fills, and those the region's clear paints.
    private func drawn(_ plan: FramePlan) -> Int {
        plan.operations.count { if case .fill = $0 { true } else { false } } + plan.layersPaintedByClear
    }

    /// Plans a frame after changing the root's colour (so the root is redrawn).
    private func planAfterRootChange(_ p: inout Planned, root: LayerID, step: Int) throws -> FramePlan {
        try p.plan(Commit([.set(root, .backgroundColor(step % 2 == 0 ? TestScene.offWhite : .white))]))
    }

    @Test(
        "Ten red 10×10 layers turned 20° under an opaque blue 60×40 cover, and a green one outside it: the plan draws 3 layers (the root, the cover, the green one)"
    )
    func layersUnderAnOpaqueLayerAreLeftOutOfThePlan() throws {
        var p = Planned()
        var (scene, root) = TestScene.whiteRoot()
        for i in 0..<10 {
            scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 30 + Double(i) * 4, y: 50), color: .red, .transform(rotation(20)))
        }
        scene.add(parent: root, size: Size(width: 60, height: 40), position: Point(x: 50, y: 50), color: .blue)
        scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 90, y: 90), color: .green)
        #expect(drawn(try p.plan(scene.commit)) == 3)
    }

    @Test(
        "A red layer half off the left edge, a green one off the bottom-right corner, and over them an opaque blue layer covering the whole 100×100 target: the plan draws the cover alone"
    )
    func aCoverReachingTheTargetsEdgesLeavesOutLayersPartlyOffTheTarget() throws {
        var p = Planned()
        var (scene, root) = TestScene.whiteRoot()
        scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 0, y: 50), color: .red, .transform(rotation(20)))
        scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 100, y: 100), color: .green)
        scene.add(parent: root, size: Size(width: 100, height: 100), position: Point(x: 50, y: 50), color: .blue)
        #expect(drawn(try p.plan(scene.commit)) == 1)
    }

    @Test(
        "50 hidden red layers, a hidden holder with a blue child, a green layer: the first plan visits all 54 layers, the next 2; one red layer shown makes it 3; the holder shown too, 5; that red layer hidden again, 4"
    )
    func hiddenLayersRestUntilShown() throws {
        var p = Planned()
        var (scene, root) = TestScene.whiteRoot()
        var hidden: [LayerID] = []
        for _ in 0..<50 {
            hidden.append(scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 20, y: 20), color: .red, .isHidden(true)))
        }
        let holder = scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 50, y: 20), .isHidden(true))
        let child = scene.add(parent: holder, size: Size(width: 6, height: 6), position: Point(x: 10, y: 10), color: .blue)
        scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 70, y: 70), color: .green)
        #expect(try p.plan(scene.commit).layersVisited == 54)
        #expect(try planAfterRootChange(&p, root: root, step: 0).layersVisited == 2, "the root and the green layer; the 51 hidden ones rest")
        _ = try p.plan(Commit([.set(hidden[7], .isHidden(false)), .set(child, .position(Point(x: 4, y: 4)))]))
        #expect(try planAfterRootChange(&p, root: root, step: 1).layersVisited == 3, "the root, the red and the green layers")
        _ = try p.plan(Commit([.set(holder, .isHidden(false))]))
        #expect(try planAfterRootChange(&p, root: root, step: 2).layersVisited == 5, "and the holder with its child")
        _ = try p.plan(Commit([.set(hidden[7], .isHidden(true))]))
        #expect(try planAfterRootChange(&p, root: root, step: 3).layersVisited == 4, "the root, the holder, its child and the green layer")
    }

    @Test(
        "A container with a green leaf off the 100×100 target at (150, 50) and a yellow one at (20, 20): 4 layers visited, then 3 (the green leaf rests); the container moved 100 left: 3 (now the yellow one, off the target, rests)"
    )
    func leavesOffTheTargetRestUntilTheyOrTheirSuperlayerMove() throws {
        var p = Planned()
        var (scene, root) = TestScene.whiteRoot()
        let container = scene.add(parent: root, size: Size(width: 100, height: 100), position: Point(x: 50, y: 50))
        scene.add(parent: container, size: Size(width: 10, height: 10), position: Point(x: 150, y: 50), color: .green)
        scene.add(parent: container, size: Size(width: 10, height: 10), position: Point(x: 20, y: 20), color: Color(red: 1, green: 1, blue: 0))
        #expect(try p.plan(scene.commit).layersVisited == 4)
        #expect(try planAfterRootChange(&p, root: root, step: 0).layersVisited == 3)
        _ = try p.plan(Commit([.set(container, .position(Point(x: -50, y: 50)))]))
        #expect(try planAfterRootChange(&p, root: root, step: 1).layersVisited == 3)
    }

    @Test(
        "40 translucent red leaves in a container under an opaque blue cover: 43 visited and 2 drawn, then 3 visited; the container raised (zPosition 1): 42 drawn; lowered: 3 visited; the cover at opacity 0.5: 3 + 43 (a first walk finds it hides nothing, a second places every layer)"
    )
    func leavesUnderAnOpaqueLayerRestUntilItOrTheOrderChanges() throws {
        var p = Planned()
        var (scene, root, container) = TestScene.stackedRedLeaves(40)
        let cover = scene.add(parent: root, size: Size(width: 60, height: 60), position: Point(x: 35, y: 35), color: .blue)
        let first = try p.plan(scene.commit)
        #expect(first.layersVisited == 43 && drawn(first) == 2)
        #expect(try planAfterRootChange(&p, root: root, step: 0).layersVisited == 3)
        #expect(drawn(try p.plan(Commit([.set(container, .zPosition(1))]))) == 42)
        _ = try p.plan(Commit([.set(container, .zPosition(0))]))
        #expect(try planAfterRootChange(&p, root: root, step: 1).layersVisited == 3)
        #expect(try p.plan(Commit([.set(cover, .opacity(0.5))])).layersVisited == 3 + 43)
    }

    @Test(
        "20 translucent red leaves and an opaque green cell in a container, an opaque blue cover in a holder after it: the cell moving a point a frame visits 5 layers each frame (the covered leaves rest)"
    )
    func coveredLeavesRestWhileOtherOccludersMove() throws {
        var p = Planned()
        var (scene, root, container) = TestScene.stackedRedLeaves(20)
        let cell = scene.add(parent: container, size: Size(width: 10, height: 10), position: Point(x: 80, y: 80), color: .green)
        let holder = scene.add(parent: root, size: Size(width: 100, height: 100), position: Point(x: 50, y: 50))
        scene.add(parent: holder, size: Size(width: 60, height: 60), position: Point(x: 35, y: 35), color: .blue)
        _ = try p.plan(scene.commit)
        for step in 0..<3 {
            let plan = try p.plan(Commit([.set(cell, .position(Point(x: 80, y: 80 + Double(step + 1))))]))
            #expect(plan.layersVisited == 5, "step \(step)")
        }
    }

    @Test(
        "20 translucent red leaves under an opaque blue 80×80 cover sliding a point right each frame: 3 layers visited each frame (the leaves stay hidden and at rest)"
    )
    func leavesStayAtRestUnderACoverThatMovesButStillHidesThem() throws {
        var p = Planned()
        var (scene, root, _) = TestScene.stackedRedLeaves(20)
        let cover = scene.add(parent: root, size: Size(width: 80, height: 80), position: Point(x: 40, y: 40), color: .blue)
        _ = try p.plan(scene.commit)
        _ = try planAfterRootChange(&p, root: root, step: 0)
        for step in 1...3 {
            #expect(try p.plan(Commit([.set(cover, .position(Point(x: 40 + Double(step), y: 40)))])).layersVisited == 3, "step \(step)")
        }
    }

    @Test(
        "40 opaque red 4×4 leaves spread over a container under an opaque blue 80×80 cover: 43 visited, then the root, the container, the cover and only those leaves that are among the frame's 8 occluders (the others rest); the cover at opacity 0.5: the resting ones wake and all 40 are drawn"
    )
    func opaqueLeavesUnderACoverRest() throws {
        var p = Planned()
        var (scene, root) = TestScene.whiteRoot()
        let container = scene.add(parent: root, size: Size(width: 100, height: 100), position: Point(x: 50, y: 50))
        for i in 0..<40 {
            scene.add(parent: container, size: Size(width: 4, height: 4), position: Point(x: 10 + Double(i % 8) * 8, y: 10 + Double(i / 8) * 8), color: .red)
        }
        let cover = scene.add(parent: root, size: Size(width: 80, height: 80), position: Point(x: 40, y: 40), color: .blue)
        let first = try p.plan(scene.commit)
        #expect(first.layersVisited == 43 && drawn(first) == 2)
        let rested = try planAfterRootChange(&p, root: root, step: 0)
        let awakeLeaves = rested.occluders.filter { $0.rect.width <= 4 && $0.rect.height <= 4 }.count  // the leaves' inner pixels
        #expect(rested.occluders.count == FramePlanner.maximumOccluders && awakeLeaves == FramePlanner.maximumOccluders - 2, "the root, the cover and 6 leaves")
        #expect(rested.layersVisited == 3 + awakeLeaves, "34 leaves rest")
        #expect(try planAfterRootChange(&p, root: root, step: 1).layersVisited == 3 + awakeLeaves, "and stay at rest")
        let shown = try p.plan(Commit([.set(cover, .opacity(0.5))]))
        #expect(shown.layersVisited == 3 + awakeLeaves + 43, "a first walk finds the cover hides nothing, a second places every layer")
        #expect(drawn(shown) == 42, "the root, the 40 leaves and the cover")
    }

    @Test(
        "An opaque green 60×60 leaf under an opaque blue 80×80 cover is one of the frame's occluders, so it does not rest: 3 visited every frame"
    )
    func anOpaqueLeafAmongTheOccludersDoesNotRest() throws {
        var p = Planned()
        var (scene, root) = TestScene.whiteRoot()
        scene.add(parent: root, size: Size(width: 60, height: 60), position: Point(x: 40, y: 40), color: .green)
        scene.add(parent: root, size: Size(width: 80, height: 80), position: Point(x: 40, y: 40), color: .blue)
        _ = try p.plan(scene.commit)
        for step in 0..<3 {
            let plan = try planAfterRootChange(&p, root: root, step: step)
            #expect(plan.layersVisited == 3, "step \(step)")
            #expect(plan.occluders.count == 3, "the root, the cover and the green leaf are the occluders")
        }
    }
}
