import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// Partial redraws must give exactly the pixels a full redraw of the same tree gives.
@Suite(.tags(.gpu), .requiresGPU) struct PartialRedrawTests {
    /// A scene of overlapping, rotated, translucent, rounded, clipped and grouped layers.
    private func scene() -> (TestScene, [LayerID]) {
        var (scene, root) = TestScene.whiteRoot(side: 120)
        var ids: [LayerID] = []
        let clip = scene.add(
            parent: root, size: Size(width: 60, height: 50), position: Point(x: 40, y: 40), color: Color(red: 0.2, green: 0.3, blue: 0.8),
            .masksToBounds(true), .cornerRadius(8))
        ids.append(clip)
        ids.append(scene.add(parent: clip, size: Size(width: 30, height: 30), position: Point(x: 55, y: 10), color: .red, .transform(rotation(30))))
        let group = scene.add(parent: root, size: Size(width: 50, height: 50), position: Point(x: 80, y: 80), color: .green, .opacity(0.5))
        ids.append(group)
        ids.append(scene.add(parent: group, size: Size(width: 20, height: 20), position: Point(x: 45, y: 45), color: .blue))
        for i in 0..<6 {
            ids.append(
                scene.add(
                    parent: root, size: Size(width: 14, height: 14), position: Point(x: 15 + Double(i) * 17, y: 100),
                    color: Color(red: Float(i) / 6, green: 0.5, blue: 0.2, alpha: 0.7), .transform(rotation(Double(i) * 15)),
                    .borderWidth(2), .borderColor(.black)))
        }
        ids.append(root)
        return (scene, ids)
    }

    @Test func aSequenceOfChangesRedrawsExactlyWhatAFullRedrawDraws() async throws {
        let (initial, ids) = scene()
        var changes: [Commit] = []
        func change(_ ops: [CommitOperation]) { changes.append(Commit(ops)) }
        change([.set(ids[1], .position(Point(x: 10, y: 40)))])  // inside the clip
        change([.set(ids[3], .position(Point(x: 5, y: 5)))])  // inside the group
        change([.set(ids[4], .position(Point(x: 60, y: 20)))])  // over the clip
        change([.set(ids[5], .isHidden(true))])
        change([.set(ids[2], .opacity(0.9))])  // the group's opacity
        change([.removeFromSuperlayer(ids[6])])
        change([.set(ids[0], .transform(rotation(10)))])  // the clip turns, with its child
        change([.destroyLayer(ids[7])])
        change([.set(ids[8], .backgroundColor(.clear)), .set(ids[9], .zPosition(-1))])
        change([.set(ids[4], .position(Point(x: 300, y: 20)))])  // off the target: it rests
        change([.set(ids[0], .isHidden(true))])  // the clip rests, hidden
        change([.set(ids[1], .position(Point(x: 30, y: 30))), .set(ids[2], .opacity(0.6))])
        change([.set(ids[0], .isHidden(false)), .set(ids[5], .isHidden(false))])  // both shown again
        change([.set(ids[4], .position(Point(x: 60, y: 60)))])  // back on the target
        let cover = LayerID.make()
        change([
            .createLayer(cover), .set(cover, .bounds(Rect(x: 0, y: 0, width: 50, height: 40))),  // an opaque cover over
            .set(cover, .position(Point(x: 45, y: 100))), .set(cover, .backgroundColor(.black)),  // three small layers:
            .insertSublayer(cover, parent: ids[10], index: nil),
        ])  // they rest
        let rootRedrawn = changes.count
        change([.set(ids[10], .backgroundColor(Color(red: 0.9, green: 0.9, blue: 0.9)))])  // the root redrawn
        change([.set(ids[6], .zPosition(2))])  // one rises over the cover
        change([.set(cover, .position(Point(x: 45, y: 60)))])  // the cover moves off the rest
        change([.set(cover, .position(Point(x: 45, y: 100))), .set(ids[6], .zPosition(0))])
        change([.set(cover, .opacity(0.5))])  // it hides nothing now
        let incremental = try Compositor()
        try incremental.submit(initial.commit)
        let size = PixelSize(width: 120, height: 120)
        _ = try await incremental.renderFrame(size: size)
        var applied = [initial.commit]
        for (step, commit) in changes.enumerated() {
            try incremental.submit(commit)
            applied.append(commit)
            let partial = try await incremental.renderFrame(size: size)
            #expect(partial.statistics.redrawnPixels < size.width * size.height || step == 6 || step == rootRedrawn, "step \(step): only the damage is redrawn")
            let fresh = try Compositor()
            for c in applied { try fresh.submit(c) }
            let whole = try await fresh.renderFrame(size: size)
            #expect(partial.image == whole.image, "step \(step): the partial redraw equals a full redraw")
            _ = await fresh.shutdown()
        }
        _ = await incremental.shutdown()
    }

    @Test func aSmallMoveRedrawsASmallRegion() async throws {
        var (scene, root) = TestScene.whiteRoot(side: 200)
        let square = scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 50, y: 50), color: .red)
        for i in 0..<50 { scene.add(parent: root, size: Size(width: 8, height: 8), position: Point(x: Double(i % 10) * 20 + 5, y: Double(i / 10) * 40 + 5), color: .blue) }
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let size = PixelSize(width: 200, height: 200)
        _ = try await compositor.renderFrame(size: size)
        var move = Commit()
        move.set(square, .position(Point(x: 53, y: 50)))
        try compositor.submit(move)
        let frame = try await compositor.renderFrame(size: size)
        #expect(frame.statistics.redrawnPixels <= 20 * 16, "old and new place with their margins: \(frame.statistics.redrawnPixels) pixels")
        #expect(frame.statistics.layersDrawn == 4, "of 52 layers: the background, the square and its two blue neighbours at (45, 45) and (65, 45)")
        #expect(frame.statistics.drawCalls == 1, "in one batch")
        let image = try #require(frame.image)
        expectPixel(image, 53, 50, .red, "the square's new centre (53, 50)")
        expectPixel(image, 46, 50, .white, "uncovered at its old left edge (46, 50)")
        _ = await compositor.shutdown()
    }
}
