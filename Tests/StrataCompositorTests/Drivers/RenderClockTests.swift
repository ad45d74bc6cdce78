import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// The render side is the clock: animations whose begin time counts from their first frame are
/// stamped with that frame's time when it is drawn, and each frame says how many commits it had.
@Suite(.tags(.gpu), .requiresGPU) struct RenderClockTests {
    @Test(
        "Scene: white 100×100 root, a red 20×20 layer at (50, 50) whose opacity fades 1 → 0 over 1 s from its first frame, sent after 10 frames (at 10/60 s): frame 10 shows it opaque, frame 40 (0.5 s later) half (255, 128, 128), frame 70 white; frames report 1, then 2 commits received"
    )
    func beginTimesAreStampedByTheFirstFrame() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let square = scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 50, y: 50), color: .red)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let size = PixelSize(width: 100, height: 100)
        for _ in 0..<10 {
            #expect(try await compositor.renderFrame(size: size, readBack: false).statistics.commitsReceived == 1)
        }
        var fade = LayerAnimation(kind: .additive(delta: .opacity(1)), curve: .linear, beginTime: 0, duration: 1)
        fade.kind = .absolute(from: .opacity(1), to: .opacity(0))
        fade.beginsAtFirstFrame = true
        try compositor.submit(Commit([.addAnimation(square, fade), .set(square, .opacity(0))]))
        var frames: [Int: RenderedFrame] = [:]
        for index in 10...70 {
            let frame = try await compositor.renderFrame(size: size, readBack: [10, 40, 70].contains(index))
            #expect(frame.statistics.index == index && frame.statistics.commitsReceived == 2)
            frames[index] = frame
        }
        expectPixel(try #require(frames[10]?.image), 50, 50, .red, "frame 10 (its first): opaque")
        expectPixel(try #require(frames[40]?.image), 50, 50, RGBA8(255, 128, 128), tolerance: 2, "frame 40: half way")
        expectPixel(try #require(frames[70]?.image), 50, 50, .white, "frame 70: faded out, the model's 0")
        _ = await compositor.shutdown()
    }

    @Test("Frames answered without the render thread (nothing changed) still count: after 5 resting frames the next drawn frame is number 6 at 6/60 s")
    func restingFramesStillCount() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let square = scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 50, y: 50), color: .red)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let size = PixelSize(width: 100, height: 100)
        var indices: [Int] = []
        for _ in 0..<6 { indices.append(try await compositor.renderFrame(size: size, readBack: false).statistics.index) }
        try compositor.submit(Commit([.set(square, .backgroundColor(.blue))]))
        let drawn = try await compositor.renderFrame(size: size, readBack: false).statistics
        #expect(indices == [0, 1, 2, 3, 4, 5])
        #expect(drawn.index == 6 && abs(drawn.time - 6.0 / 60) < 1e-12 && drawn.redrawn)
        _ = await compositor.shutdown()
    }
}
