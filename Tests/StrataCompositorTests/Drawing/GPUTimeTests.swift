import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// GPU time comes from timer queries where the driver has them.
@Suite(.tags(.gpu), .requiresGPU) struct GPUTimeTests {
    @Test func drawnFramesReportGPUTimeWhereTimerQueriesExist() async throws {
        let (scene, _) = TestScene.whiteRoot()
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let drawn = try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)).statistics
        if compositor.gpu.hasTimerQuery {
            #expect(drawn.gpuMilliseconds.map { $0 >= 0 } == true, "a drawn frame has a GPU time: \(String(describing: drawn.gpuMilliseconds))")
        } else {
            #expect(drawn.gpuMilliseconds == nil)
        }
        let idle = try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)).statistics
        #expect(idle.gpuMilliseconds == nil, "nothing drawn, nothing timed")
        _ = await compositor.shutdown()
    }
}
