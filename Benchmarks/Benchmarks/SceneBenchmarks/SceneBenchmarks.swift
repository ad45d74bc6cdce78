// The scenes `strata bench` runs (fill, sprites, idle, damage, commit, animations, upload, deep
// tree, hidden, offscreen, covered, table scroll, and the scale scenes of 100,000 sprites and
// 1,000,000 layers), a frame per iteration: the scene's change, its
// commit and the frame rendered at 1920×1080 (320×180 in a smoke run), against its raw-GL floor
// drawing the same quads in the same iteration (scenes that draw nothing have none).
//   cd Benchmarks && swift package benchmark --target SceneBenchmarks
import Benchmark
import Foundation
import StrataBench
import StrataBenchmarkSupport
import StrataCompositor
import StrataCore

let benchmarks: @Sendable () -> Void = {
    let size = isSmokeRun ? PixelSize(width: 320, height: 180) : PixelSize(width: 1920, height: 1080)
    // A smoke run leaves the scale scenes out: built in debug they take 35 s (100,000 sprites)
    // and 60 s and 3 GB (1,000,000 layers).
    if isSmokeRun { print("smoke: left out \(BenchScene.scaleNames.joined(separator: ", ")) (scale scenes)") }
    for name in isSmokeRun ? BenchScene.defaultNames : BenchScene.allNames {
        compare(
            "scene \(name), a frame at \(size.width)×\(size.height) (reference: raw GL, the same quads)",
            setup: { @MainActor () async throws -> (BenchSceneSession, FloorRenderer) in
                let floor = FloorRenderer()
                let compositor = try Compositor(configuration: CompositorConfiguration(clock: .virtual60))
                guard let scene = BenchScene.named(name) else { throw BenchmarkCheckFailed(description: "no scene named \(name)") }
                return (try await BenchSceneSession(scene, compositor: compositor, floor: floor, size: size), floor)
            },
            strata: { s, _ in _ = try await s.0.frame() },
            timedReference: { s, _ in
                // The floor's own time for its frame (clear, draw, glFinish on its thread), as
                // `strata bench` compares them; nil-floored scenes report none.
                guard let milliseconds = try s.0.floorFrame() else { return nil }
                return .nanoseconds(Int64(milliseconds * 1e6))
            },
            teardown: { s in
                await s.0.screen.compositor.shutdown()
                s.1.stop()
            })
    }
}
