// 10,000 concurrent animations, against baselines in the same process:
//   1. Main-thread time to start them: UIView.animate over 10,000 views' centers, committed,
//      against the same 10,000 changes without an animation block.
//   2. Render-thread time per frame while they all run (interpolation and drawing; read-back
//      excluded), against the same scene standing still but redrawn whole each frame (its window
//      background toggles; a scene with nothing changing draws nothing at all), frames
//      interleaved round by round.
// Times are reported, never gated.
import Foundation
import Strata
import StrataCompositor
import StrataCore

let count = 10_000
let rounds = 7, framesPerRound = 10

@MainActor func milliseconds(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
}

func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

/// A screen with `count` 8×8 views in a 100 × 100 grid over 1280×720.
@MainActor func makeScene() throws -> (UIScreen, [UIView]) {
    let screen = try UIScreen(size: CGSize(width: 1280, height: 720))
    let window = UIWindow(frame: screen.bounds)
    window.backgroundColor = .white
    window.screen = screen
    window.makeKeyAndVisible()
    let views = (0..<count).map { i in
        let v = UIView(frame: CGRect(x: Double(i % 100) * 12.8, y: Double(i / 100) * 7.2, width: 8, height: 5))
        v.backgroundColor = UIColor(hue: Double(i % 360) / 360, saturation: 0.8, brightness: 0.9, alpha: 1)
        return v
    }
    views.forEach(window.addSubview)
    return (screen, views)
}

let (animatedScreen, animatedViews) = try makeScene()
let (stillScreen, stillViews) = try makeScene()
_ = try await animatedScreen.renderFrame(readBack: false)
_ = try await stillScreen.renderFrame(readBack: false)

// 1. Starting them.
var startTimes: [Double] = [], plainTimes: [Double] = []
for round in 0..<rounds {
    let dx = Double(round % 2 == 0 ? 40 : -40)
    startTimes.append(
        milliseconds {
            UIView.animate(withDuration: 1000, delay: 0, options: .curveLinear) {
                for v in animatedViews { v.center.x += dx }
            }
            CATransaction.flush()
        })
    plainTimes.append(
        milliseconds {
            for v in stillViews { v.center.x += dx }
            CATransaction.flush()
        })
    _ = try await animatedScreen.renderFrame(readBack: false)
    _ = try await stillScreen.renderFrame(readBack: false)
}
print(
    String(
        format: "start %d animations: %.2f ms on the main thread; the same changes unanimated %.2f ms; ratio %.2f (medians of %d rounds)",
        count, median(startTimes), median(plainTimes), median(startTimes) / median(plainTimes), rounds))

_ = await animatedScreen.compositor.shutdown()
_ = await stillScreen.compositor.shutdown()

// 2. Frames while 10,000 animations run (one per view, 1000 s long), against the same scene still.
let (runningScreen, runningViews) = try makeScene()
let (quietScreen, quietViews) = try makeScene()
let quietWindow = quietViews[0].superview!
UIView.animate(withDuration: 1000, delay: 0, options: .curveEaseIn) {
    for v in runningViews { v.center.x += 40 }
}
var animatedFrames: [Double] = [], stillFrames: [Double] = [], interpolation: [Double] = []
var animatedLayers = 0
for _ in 0..<rounds {
    for _ in 0..<framesPerRound {
        let frame = try await runningScreen.renderFrame(readBack: false)
        animatedFrames.append(frame.statistics.renderMilliseconds)
        interpolation.append(frame.statistics.animationMilliseconds)
        animatedLayers = frame.statistics.animatedLayers
    }
    for i in 0..<framesPerRound {
        quietWindow.backgroundColor = i % 2 == 0 ? .white : UIColor(white: 254.0 / 255, alpha: 1)
        stillFrames.append(try await quietScreen.renderFrame(readBack: false).statistics.renderMilliseconds)
    }
}
print(
    String(
        format:
            "frame with %d layers animating: %.2f ms render thread, of which interpolation %.2f ms; the same scene still, redrawn whole, %.2f ms; ratio %.2f (medians of %d frames, %@)",
        animatedLayers, median(animatedFrames), median(interpolation), median(stillFrames),
        median(animatedFrames) / median(stillFrames), animatedFrames.count, runningScreen.compositor.gpu.renderer))
_ = await runningScreen.compositor.shutdown()
_ = await quietScreen.compositor.shutdown()
