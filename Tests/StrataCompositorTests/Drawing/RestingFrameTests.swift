import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// A tree at rest is answered without the render thread, and the clock keeps counting.
@Suite(.tags(.gpu), .requiresGPU) struct RestingFrameTests {
    @Test func framesAtRestKeepTheirNumbersTimesAndPixels() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let square = scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 50, y: 50), color: .red)
        let compositor = try Compositor(configuration: CompositorConfiguration(clock: .virtual(start: 0, step: 0.5)))
        try compositor.submit(scene.commit)
        let size = PixelSize(width: 100, height: 100)
        let first = try await compositor.renderFrame(size: size)
        var frames: [RenderedFrame] = []
        for _ in 0..<5 { frames.append(try await compositor.renderFrame(size: size)) }
        #expect(frames.map(\.statistics.index) == [1, 2, 3, 4, 5])
        #expect(frames.map(\.statistics.time) == [0.5, 1, 1.5, 2, 2.5])
        #expect(frames.allSatisfy { !$0.statistics.redrawn && $0.image == first.image }, "the same pixels, nothing drawn")
        var move = Commit()
        move.set(square, .position(Point(x: 20, y: 20)))
        try compositor.submit(move)
        let moved = try await compositor.renderFrame(size: size)
        #expect(moved.statistics.index == 6 && moved.statistics.time == 3 && moved.statistics.redrawn, "the render thread counted the frames at rest")
        expectPixel(try #require(moved.image), 20, 20, .red, "the moved square (20, 20)")
        _ = await compositor.shutdown()
    }
}
