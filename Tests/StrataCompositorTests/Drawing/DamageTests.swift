import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// Frames with nothing new are not drawn again.
@Suite(.tags(.gpu), .requiresGPU) struct DamageTests {
    @Test func anUnchangedFrameIssuesNoDrawAndShowsTheSamePixels() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let square = scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 50, y: 50), color: .red)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let size = PixelSize(width: 100, height: 100)
        let first = try await compositor.renderFrame(size: size)
        #expect(first.statistics.redrawn && first.statistics.layersDrawn == 2 && first.statistics.drawCalls == 1, "two quads, one batch")
        let idle = try await compositor.renderFrame(size: size)
        #expect(!idle.statistics.redrawn && idle.statistics.drawCalls == 0, "nothing changed: no GL draw")
        #expect(idle.image == first.image, "the target still shows the scene")
        // A change draws again; so does a new size or clear colour.
        var move = Commit()
        move.set(square, .position(Point(x: 20, y: 20)))
        try compositor.submit(move)
        let moved = try await compositor.renderFrame(size: size)
        #expect(moved.statistics.redrawn)
        let image = try #require(moved.image)
        expectPixel(image, 20, 20, .red, "the moved square at (20, 20)")
        expectPixel(image, 50, 50, .white, "its old place (50, 50) is white again")
        #expect(try await compositor.renderFrame(size: size, clearColor: .black).statistics.redrawn, "a new clear colour")
        #expect(try await compositor.renderFrame(size: PixelSize(width: 50, height: 50)).statistics.redrawn, "a new size")
        #expect(!(try await compositor.renderFrame(size: PixelSize(width: 50, height: 50)).statistics.redrawn))
        _ = await compositor.shutdown()
    }

    @Test(
        "Scene: white 100×100 root, a 60×40 layer whose 60×40 contents are replaced whole, then 10×4 pixels of them: each frame's statistics count the bytes uploaded for it, and a frame without uploads counts none"
    )
    func framesCountTheContentsBytesUploadedForThem() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let picture = scene.add(parent: root, size: Size(width: 60, height: 40), position: Point(x: 50, y: 50))
        let size = PixelSize(width: 60, height: 40)
        scene.commit.append(.setContents(picture, ContentsUpdate(size: size, pixels: [UInt8](repeating: 255, count: size.area * 4))))
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let target = PixelSize(width: 100, height: 100)
        let first = try await compositor.renderFrame(size: target, readBack: false).statistics
        #expect(first.uploadedBytes == 60 * 40 * 4 && first.uploadMilliseconds > 0)
        let idle = try await compositor.renderFrame(size: target, readBack: false).statistics
        #expect(idle.uploadedBytes == 0 && idle.uploadMilliseconds == 0)
        var part = Commit()
        part.append(
            .setContents(
                picture,
                ContentsUpdate(
                    size: size, region: PixelRect(x: 5, y: 5, width: 10, height: 4),
                    pixels: [UInt8](repeating: 0, count: 10 * 4 * 4))))
        try compositor.submit(part)
        let partial = try await compositor.renderFrame(size: target).statistics
        #expect(partial.uploadedBytes == 10 * 4 * 4)
        _ = await compositor.shutdown()
    }

    @Test func aRunningAnimationDrawsEveryFrameUntilItEnds() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let square = scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 50, y: 50), color: .red)
        scene.commit.append(
            .addAnimation(
                square,
                LayerAnimation(
                    kind: .additive(delta: .opacity(-1)), curve: .linear, beginTime: 0, duration: 2.0 / 60)))
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        var redrawn: [Bool] = []
        for _ in 0..<5 { redrawn.append(try await compositor.renderFrame(size: PixelSize(width: 100, height: 100), readBack: false).statistics.redrawn) }
        #expect(redrawn == [true, true, true, false, false], "frames at 0, 1/60 and 2/60 s animate; then nothing moves")
        _ = await compositor.shutdown()
    }
}
