// 10,000 concurrent animations, each against a reference measured in the same iteration:
//   - main-thread time to start them: UIView.animate over 10,000 views' centers, committed,
//     against the same 10,000 changes without an animation block;
//   - render-thread time of a frame while they all run (interpolation and drawing; read-back
//     excluded), against the same scene standing still but redrawn whole (its window background
//     toggles; a scene with nothing changing draws nothing at all).
//   cd Benchmarks && swift package benchmark --target AnimationBenchmarks
import Benchmark
import Foundation
import Strata
import StrataBenchmarkSupport
import StrataCompositor
import StrataCore

/// The animated views (1,000 in a smoke run).
let count = sized(10_000, smoke: 1000)

let benchmarks: @Sendable () -> Void = {
    compare(
        "start \(grouped(count)) animations (reference: the same changes unanimated)",
        setup: { try await (Grid(), Grid()) },
        strata: { s, round in
            let dx = Double(round % 2 == 0 ? 40 : -40)
            UIView.animate(withDuration: 1000, delay: 0, options: .curveLinear) {
                for v in s.0.views { v.center.x += dx }
            }
            CATransaction.flush()
        },
        reference: { s, round in
            let dx = Double(round % 2 == 0 ? 40 : -40)
            for v in s.1.views { v.center.x += dx }
            CATransaction.flush()
        },
        settle: { s, _ in
            _ = try await s.0.screen.renderFrame(readBack: false)
            _ = try await s.1.screen.renderFrame(readBack: false)
        },
        teardown: { s in
            await s.0.screen.compositor.shutdown()
            await s.1.screen.compositor.shutdown()
        })

    compare(
        "a frame with \(grouped(count)) layers animating (reference: the same scene still, redrawn whole)",
        setup: { @MainActor () async throws -> (Grid, Grid) in
            let running = try await Grid(), still = try await Grid()
            UIView.animate(withDuration: 1000, delay: 0, options: .curveEaseIn) {
                for v in running.views { v.center.x += 40 }
            }
            return (running, still)
        },
        strata: { s, _ in
            let frame = try await s.0.screen.renderFrame(readBack: false)
            try check(frame.statistics.animatedLayers == count, "\(frame.statistics.animatedLayers) layers animated, not \(count)")
        },
        reference: { s, round in
            s.1.window.backgroundColor = round % 2 == 0 ? .white : UIColor(white: 254.0 / 255, alpha: 1)
            _ = try await s.1.screen.renderFrame(readBack: false)
        },
        teardown: { s in
            await s.0.screen.compositor.shutdown()
            await s.1.screen.compositor.shutdown()
        })
}

/// A screen with `count` 8×5 views in rows of 100 over 1280×720, rendered once.
@MainActor final class Grid {
    let screen: UIScreen
    let window: UIWindow
    let views: [UIView]

    init() async throws {
        screen = try UIScreen(size: CGSize(width: 1280, height: 720))
        window = UIWindow(frame: screen.bounds)
        window.backgroundColor = .white
        window.screen = screen
        window.makeKeyAndVisible()
        views = (0..<count).map { i in
            let v = UIView(frame: CGRect(x: Double(i % 100) * 12.8, y: Double(i / 100) * 7.2, width: 8, height: 5))
            v.backgroundColor = UIColor(hue: Double(i % 360) / 360, saturation: 0.8, brightness: 0.9, alpha: 1)
            return v
        }
        views.forEach(window.addSubview)
        _ = try await screen.renderFrame(readBack: false)
    }
}
