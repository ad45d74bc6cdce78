import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// Hidden layers and leaves off the target rest: the walk leaves them out while nothing about
/// them or their superlayer's space changes, so a frame's cost follows what is shown. Each test
/// changes the root's colour between frames (the root is redrawn, its sublayers' space is not)
/// and counts the layers the walk visited.
@Suite(.tags(.gpu), .requiresGPU) struct RestingLayerTests {
    private let size = PixelSize(width: 100, height: 100)

    /// Renders a frame after changing the root's colour (so the root is redrawn), and returns it.
    private func frameAfterRootChange(_ compositor: Compositor, root: LayerID, step: Int) async throws -> RenderedFrame {
        try compositor.submit(Commit([.set(root, .backgroundColor(step % 2 == 0 ? TestScene.offWhite : .white))]))
        return try await compositor.renderFrame(size: size)
    }

    @Test(
        "Scene: white 100×100 root, 50 hidden red 10×10 layers at (20, 20), one hidden holding a blue child, a green 10×10 at (70, 70): the hidden ones are visited once, then not; shown again, one draws red at (20, 20); a child moved while its superlayer was hidden shows at its new place"
    )
    func hiddenLayersRestUntilShown() async throws {
        var (scene, root) = TestScene.whiteRoot()
        var hidden: [LayerID] = []
        for _ in 0..<50 {
            hidden.append(scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 20, y: 20), color: .red, .isHidden(true)))
        }
        let holder = scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 50, y: 20), .isHidden(true))
        let child = scene.add(parent: holder, size: Size(width: 6, height: 6), position: Point(x: 10, y: 10), color: .blue)
        scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 70, y: 70), color: .green)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let first = try await compositor.renderFrame(size: size)
        #expect(first.statistics.layersVisited == 54, "the first frame looks at every layer")
        let rested = try await frameAfterRootChange(compositor, root: root, step: 0)
        #expect(rested.statistics.layersVisited == 2, "the root and the green layer; the 51 hidden ones rest")
        expectPixel(try #require(rested.image), 20, 20, RGBA8(250, 250, 250), "(20, 20): off-white root, no hidden red")
        expectPixel(try #require(rested.image), 70, 70, .green, "(70, 70): the green layer")

        try compositor.submit(Commit([.set(hidden[7], .isHidden(false)), .set(child, .position(Point(x: 4, y: 4)))]))
        let shown = try await compositor.renderFrame(size: size)
        expectPixel(try #require(shown.image), 20, 20, .red, "(20, 20): the eighth red layer, shown again")
        #expect(
            try await frameAfterRootChange(compositor, root: root, step: 1).statistics.layersVisited == 3,
            "the root, the red and the green layers")

        try compositor.submit(Commit([.set(holder, .isHidden(false))]))
        let holderShown = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(holderShown, 44, 14, .blue, "(44, 14): the child moved to (4, 4) of its superlayer while that was hidden")
        expectPixel(holderShown, 50, 20, RGBA8(255, 255, 255), "(50, 20): not where the child was before")

        try compositor.submit(Commit([.set(hidden[7], .isHidden(true))]))
        expectPixel(try #require(try await compositor.renderFrame(size: size).image), 20, 20, .white, "(20, 20): hidden again, the white root")
        #expect(
            try await frameAfterRootChange(compositor, root: root, step: 2).statistics.layersVisited == 4,
            "the root, the holder, its child and the green layer")
        _ = await compositor.shutdown()
    }

    @Test(
        "Scene: white 100×100 root, a clear 100×100 container holding a green 10×10 leaf at (150, 50), off the target, and a yellow one at (20, 20): the green leaf rests; the container moved 100 left brings it to (50, 50) and sends the yellow one off; the yellow one moved back by its own change shows at (20, 20)"
    )
    func leavesOffTheTargetRestUntilTheyOrTheirSuperlayerMove() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let container = scene.add(parent: root, size: Size(width: 100, height: 100), position: Point(x: 50, y: 50))
        scene.add(parent: container, size: Size(width: 10, height: 10), position: Point(x: 150, y: 50), color: .green)
        let yellow = scene.add(parent: container, size: Size(width: 10, height: 10), position: Point(x: 20, y: 20), color: Color(red: 1, green: 1, blue: 0))
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        #expect(try await compositor.renderFrame(size: size).statistics.layersVisited == 4)
        #expect(
            try await frameAfterRootChange(compositor, root: root, step: 0).statistics.layersVisited == 3,
            "the root, the container and the yellow leaf; the green leaf off the target rests")

        try compositor.submit(Commit([.set(container, .position(Point(x: -50, y: 50)))]))
        let moved = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(moved, 50, 50, .green, "(50, 50): the green leaf, brought on by its superlayer")
        expectPixel(moved, 20, 20, RGBA8(250, 250, 250), "(20, 20): the yellow leaf went off the target; the off-white root")
        #expect(
            try await frameAfterRootChange(compositor, root: root, step: 1).statistics.layersVisited == 3,
            "the root, the container and the green leaf; now the yellow one rests")

        try compositor.submit(Commit([.set(yellow, .position(Point(x: 120, y: 20)))]))
        let back = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(back, 20, 20, RGBA8(255, 255, 0), "(20, 20): the yellow leaf, moved back by a change of its own")
        expectPixel(back, 50, 50, .green, "(50, 50): the green leaf stays")
        _ = await compositor.shutdown()
    }

    @Test("Scene: white 200×100 root, a green 10×10 leaf at (150, 50) drawn into a 100×100 target (off it), then into a 200×100 one: green at (150, 50)")
    func aLeafOffASmallTargetShowsOnALargerOne() async throws {
        var (scene, root) = TestScene.whiteRoot(side: 200)
        scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 150, y: 50), color: .green)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        _ = try await compositor.renderFrame(size: size)
        #expect(try await frameAfterRootChange(compositor, root: root, step: 0).statistics.layersVisited == 1, "the leaf rests")
        let wide = try #require(try await compositor.renderFrame(size: PixelSize(width: 200, height: 100)).image)
        expectPixel(wide, 150, 50, .green, "(150, 50) of the wider target: the leaf")
        _ = await compositor.shutdown()
    }

    @Test(
        "Scene: white 100×100 root, a clear 100×100 container holding 40 red 10×10 leaves at alpha 0.8 stacked at (30, 30), and after the container an opaque blue 60×60 layer at (35, 35) hiding them: the red leaves rest; raising the container (zPosition 1) shows them red at (30, 30); lowered again they rest again; the blue layer at opacity 0.5 shows them through it, half red, half blue; moved away it uncovers them"
    )
    func leavesUnderAnOpaqueLayerRestUntilItOrTheOrderChanges() async throws {
        var (scene, root, container) = TestScene.stackedRedLeaves(40)
        let cover = scene.add(parent: root, size: Size(width: 60, height: 60), position: Point(x: 35, y: 35), color: .blue)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let first = try await compositor.renderFrame(size: size)
        #expect(first.statistics.layersVisited == 43 && first.statistics.layersDrawn == 2, "every layer looked at; the root and the cover drawn")
        let rested = try await frameAfterRootChange(compositor, root: root, step: 0)
        #expect(rested.statistics.layersVisited == 3, "the root, the container and the cover; the 40 hidden leaves rest")
        expectPixel(try #require(rested.image), 30, 30, .blue, "(30, 30): the cover")

        try compositor.submit(Commit([.set(container, .zPosition(1))]))
        let raised = try await compositor.renderFrame(size: size)
        expectPixel(try #require(raised.image), 30, 30, .red, "(30, 30): the 40 red leaves, now drawn over the cover")
        #expect(raised.statistics.layersDrawn == 42, "the root, the cover and the 40 leaves")

        try compositor.submit(Commit([.set(container, .zPosition(0))]))
        expectPixel(try #require(try await compositor.renderFrame(size: size).image), 30, 30, .blue, "(30, 30): under the cover again")
        #expect(try await frameAfterRootChange(compositor, root: root, step: 1).statistics.layersVisited == 3, "the leaves rest again")

        try compositor.submit(Commit([.set(cover, .opacity(0.5))]))
        let seeThrough = try await compositor.renderFrame(size: size)
        expectPixel(try #require(seeThrough.image), 30, 30, RGBA8(128, 0, 128), "(30, 30): red leaves under the blue layer at opacity 0.5")
        #expect(seeThrough.statistics.layersVisited == 3 + 43, "a first walk finds the cover hides nothing now; a second places every layer")

        try compositor.submit(Commit([.set(cover, .opacity(1))]))
        _ = try await compositor.renderFrame(size: size)
        #expect(try await frameAfterRootChange(compositor, root: root, step: 2).statistics.layersVisited == 3, "hidden and resting once more")
        try compositor.submit(Commit([.set(cover, .position(Point(x: 130, y: 130)))]))
        let uncovered = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(uncovered, 30, 30, .red, "(30, 30): the cover moved away (now at (130, 130)); the leaves show")
        expectPixel(uncovered, 60, 60, RGBA8(250, 250, 250), "(60, 60): where the cover was, the off-white root")
        _ = await compositor.shutdown()
    }

    @Test(
        "Scene: white 100×100 root, a clear container holding 20 red 10×10 leaves at alpha 0.8 stacked at (30, 30) and an opaque green 10×10 cell, then a clear holder with an opaque blue 60×60 cover at (35, 35): the cell moving every frame changes the frame's occluders but not the cover, so the leaves rest through it; the holder moved in front of the container's place in the root's sublayers puts the leaves on top"
    )
    func coveredLeavesRestWhileOtherOccludersMoveAndWakeWhenTheirCoverMovesBehind() async throws {
        var (scene, root, container) = TestScene.stackedRedLeaves(20)
        let cell = scene.add(parent: container, size: Size(width: 10, height: 10), position: Point(x: 80, y: 80), color: .green)
        let holder = scene.add(parent: root, size: Size(width: 100, height: 100), position: Point(x: 50, y: 50))
        scene.add(parent: holder, size: Size(width: 60, height: 60), position: Point(x: 35, y: 35), color: .blue)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        _ = try await compositor.renderFrame(size: size)
        for step in 0..<3 {
            try compositor.submit(Commit([.set(cell, .position(Point(x: 80, y: 80 + Double(step + 1))))]))
            let frame = try await compositor.renderFrame(size: size)
            #expect(frame.statistics.layersVisited == 5, "step \(step): the root, the container, the cell, the holder and the cover; one walk")
        }
        try compositor.submit(Commit([.insertSublayer(holder, parent: root, index: 0)]))
        let behind = try await compositor.renderFrame(size: size)
        expectPixel(try #require(behind.image), 30, 30, .red, "(30, 30): the cover's holder moved first in the root's sublayers: the red leaves on top")
        expectPixel(try #require(behind.image), 60, 60, .blue, "(60, 60): the cover, now under the leaves' container")
        _ = await compositor.shutdown()
    }

    @Test(
        "Scene: white 100×100 root, 20 red 10×10 leaves at alpha 0.8 stacked at (30, 30) in a clear container, and over them an opaque blue 80×80 cover at (40, 40) sliding a point right every frame: the leaves stay hidden and stay at rest, one walk a frame; slid far enough, they show"
    )
    func leavesStayAtRestUnderACoverThatMovesButStillHidesThem() async throws {
        var (scene, root, _) = TestScene.stackedRedLeaves(20)
        let cover = scene.add(parent: root, size: Size(width: 80, height: 80), position: Point(x: 40, y: 40), color: .blue)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        _ = try await compositor.renderFrame(size: size)
        _ = try await frameAfterRootChange(compositor, root: root, step: 0)
        for step in 1...3 {
            try compositor.submit(Commit([.set(cover, .position(Point(x: 40 + Double(step), y: 40)))]))
            let frame = try await compositor.renderFrame(size: size)
            #expect(frame.statistics.layersVisited == 3, "step \(step): the root, the container and the cover; one walk")
            expectPixel(try #require(frame.image), 30, 30, .blue, "step \(step): (30, 30) under the cover")
        }
        try compositor.submit(Commit([.set(cover, .position(Point(x: 75, y: 40)))]))
        let slid = try await compositor.renderFrame(size: size)
        expectPixel(try #require(slid.image), 30, 30, .red, "(30, 30): the cover's left edge at x 35, the leaves show")
        _ = await compositor.shutdown()
    }

    @Test(
        "Scene: as above, with the blue cover in a clear holder after the container: moved as a sender moves a view (taken out, put in first), the cover goes under the red leaves; replaced by a new opaque layer of the same place put first, the leaves stay on top; with the root let go of and set again, hiding the cover shows them"
    )
    func coveredLeavesFollowMovesReplacementsAndANewRoot() async throws {
        var (scene, root, container) = TestScene.stackedRedLeaves(20)
        let holder = scene.add(parent: root, size: Size(width: 100, height: 100), position: Point(x: 50, y: 50))
        let cover = scene.add(parent: holder, size: Size(width: 60, height: 60), position: Point(x: 35, y: 35), color: .blue)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        _ = try await compositor.renderFrame(size: size)
        #expect(try await frameAfterRootChange(compositor, root: root, step: 0).statistics.layersVisited == 4, "the leaves rest under the cover")

        // Restating the order changes nothing: no frame is drawn.
        try compositor.submit(Commit([.insertSublayer(container, parent: root, index: 0), .insertSublayer(holder, parent: root, index: 1)]))
        #expect(!(try await compositor.renderFrame(size: size).statistics.redrawn), "restating where the sublayers are draws nothing")

        try compositor.submit(Commit([.removeFromSuperlayer(cover), .insertSublayer(cover, parent: container, index: 0)]))
        let moved = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(moved, 30, 30, .red, "(30, 30): the cover, moved under the leaves (first in their container), no longer hides them")
        expectPixel(moved, 60, 60, .blue, "(60, 60): the cover")

        // Back on top; then destroyed, and a new opaque layer of the same place put first in the root.
        try compositor.submit(Commit([.removeFromSuperlayer(cover), .insertSublayer(cover, parent: holder, index: nil)]))
        expectPixel(try #require(try await compositor.renderFrame(size: size).image), 30, 30, .blue, "(30, 30): covered again")
        _ = try await frameAfterRootChange(compositor, root: root, step: 1)
        let replacement = LayerID.make()
        try compositor.submit(
            Commit([
                .destroyLayer(cover), .createLayer(replacement), .set(replacement, .bounds(Rect(x: 0, y: 0, width: 60, height: 60))),
                .set(replacement, .position(Point(x: 35, y: 35))), .set(replacement, .backgroundColor(.green)),
                .insertSublayer(replacement, parent: root, index: 0),
            ]))
        let replaced = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(replaced, 30, 30, .red, "(30, 30): the leaves over the green layer that replaced the cover below them")
        expectPixel(replaced, 60, 60, .green, "(60, 60): the green layer")

        // A cover over them again, a frame with no root, the root again, then the cover hidden.
        let second = LayerID.make()
        try compositor.submit(
            Commit([
                .createLayer(second), .set(second, .bounds(Rect(x: 0, y: 0, width: 60, height: 60))),
                .set(second, .position(Point(x: 35, y: 35))), .set(second, .backgroundColor(.blue)),
                .insertSublayer(second, parent: holder, index: nil),
            ]))
        _ = try await compositor.renderFrame(size: size)
        #expect(
            try await frameAfterRootChange(compositor, root: root, step: 2).statistics.layersVisited == 5, "the root, the green layer, the container, the holder and the new cover")
        try compositor.submit(Commit([.setRoot(nil)]))
        _ = try await compositor.renderFrame(size: size)
        try compositor.submit(Commit([.setRoot(root)]))
        _ = try await compositor.renderFrame(size: size)
        _ = try await frameAfterRootChange(compositor, root: root, step: 3)
        try compositor.submit(Commit([.set(second, .isHidden(true))]))
        expectPixel(try #require(try await compositor.renderFrame(size: size).image), 30, 30, .red, "(30, 30): the cover hidden, the leaves show")
        _ = await compositor.shutdown()
    }

    @Test(
        "Scene: white 100×100 root, a red 10×10 leaf whose model place is (50, 50), animated in from (150, 50) off the target over 3 frames: it is drawn on the way and at the end")
    func anAnimatedLeafOffTheTargetDoesNotRest() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let leaf = scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 50, y: 50), color: .red)
        scene.commit.append(
            .addAnimation(
                leaf,
                LayerAnimation(
                    kind: .additive(delta: .position(Point(x: 100, y: 0))), curve: .linear, beginTime: 0, duration: 3.0 / 60)))
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let start = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(start, 50, 50, .white, "frame 0: the leaf is at (150, 50), off the target")
        _ = try await compositor.renderFrame(size: size)
        let third = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(third, 83, 50, .red, "frame 2 (2/60 s): a third of the way left to go, at (83, 50)")
        let end = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(end, 50, 50, .red, "frame 3: at its model place (50, 50)")
        _ = await compositor.shutdown()
    }
}
