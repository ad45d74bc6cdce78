import Foundation
import StrataCompositor
import StrataCore
import StrataGraphics
import StrataTesting
import Testing

@_spi(Testing) import StrataQuartz

/// A layer's own time (`CALayer`'s `CAMediaTiming`: `beginTime`, `speed`, `timeOffset`):
/// conversions, Apple's pause-and-resume recipe (Technical Q&A QA1673), faster and inherited
/// time, checked through `presentation()`, delegates and completions frame by frame on a
/// recording sink (no GPU; frame n at n/60 s); the last test draws a paused layer on the GPU.
@MainActor
@Suite struct CALayerTimingTests: RedSquareSuite {
    let fixture: ContextFixture
    let layer: CALayer

    init() throws { (fixture, layer) = try ContextFixture.redSquare() }

    /// The context's media clock now.
    var now: CFTimeInterval { context.mediaTime }

    func shownOpacity() throws -> Float { try #require(layer.presentation()).opacity }

    /// A 1 s linear fade of opacity from 1 to 0.
    func fade() -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.0
        fade.duration = 1
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        return fade
    }

    @Test("Defaults: beginTime 0, speed 1, timeOffset 0, duration 0, repeatCount 0, repeatDuration 0, autoreverses false, fillMode removed")
    func defaults() {
        let l = CALayer()
        #expect(l.beginTime == 0 && l.speed == 1 && l.timeOffset == 0)
        #expect(l.duration == 0 && l.repeatCount == 0 && l.repeatDuration == 0 && !l.autoreverses && l.fillMode == .removed)
        l.duration = 2
        l.repeatCount = 3
        l.autoreverses = true
        l.fillMode = .both
        #expect(l.duration == 2 && l.repeatCount == 3 && l.autoreverses && l.fillMode == .both, "kept and read back")
        let timing: any CAMediaTiming = l
        #expect(timing.speed == 1)
    }

    @Test("convertTime: a parent at begin 1 s, speed 2 and a child offset 0.5 s: media 3 s is the child's 4.5 s and back; child to parent adds 0.5 s")
    func convertTimeThroughTheTree() {
        let parent = CALayer(), child = CALayer(), other = CALayer()
        parent.addSublayer(child)
        parent.beginTime = 1
        parent.speed = 2
        child.timeOffset = 0.5
        #expect(parent.convertTime(3, from: nil) == 4)
        #expect(child.convertTime(3, from: nil) == 4.5)
        #expect(child.convertTime(4.5, to: nil) == 3)
        #expect(child.convertTime(4, from: parent) == 4.5)
        #expect(parent.convertTime(4.5, from: child) == 4)
        #expect(other.convertTime(4.5, from: child) == 3)
    }

    @Test(
        "Pause and resume (QA1673) a 1 s linear fade: paused after frame 30, presentation stays 1 − 31/60 through frame 90 and no stop is heard; resumed at 91/60 s, 1 − 40/60 at frame 100, ends (delegate stop true) at frame 120, not 119"
    )
    func pauseAndResume() async throws {
        let log = AnimationLog()
        let animation = fade()
        animation.delegate = log
        layer.add(animation, forKey: "fade")
        try await present(through: 30)
        // Pause.
        let pausedTime = layer.convertTime(now, from: nil)
        #expect(abs(pausedTime - 31.0 / 60) < 1e-9)
        layer.speed = 0
        layer.timeOffset = pausedTime
        #expect(abs(try shownOpacity() - Float(1 - 31.0 / 60)) < 1e-5, "read right after the pause: the paused time")
        try await present(through: 90)
        #expect(abs(try shownOpacity() - Float(1 - 31.0 / 60)) < 1e-5, "frozen while paused")
        #expect(layer.animationKeys() == ["fade"] && log.events == ["start"])
        // Resume.
        let paused = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let sincePause = layer.convertTime(now, from: nil) - paused
        layer.beginTime = sincePause
        #expect(abs(sincePause - 1) < 1e-9, "91/60 − 31/60")
        try await present(through: 100)
        #expect(abs(try shownOpacity() - Float(1 - 40.0 / 60)) < 1e-5, "local time 40/60 s")
        try await present(through: 119)
        #expect(log.events == ["start"], "local 59/60 s: still running")
        try await present(through: 120)
        #expect(log.events == ["start", "stop true"])
        #expect(try shownOpacity() == 1, "removed: the model value")
    }

    @Test("Speed 2: a 1 s fade added at 0 s is half way at 0.25 s and ends at 0.5 s (frame 30); a sublayer of the fast layer runs as fast")
    func fasterTimeRunsAnimationsFaster() async throws {
        let sublayer = CALayer()
        layer.addSublayer(sublayer)
        layer.speed = 2
        try await present(through: 0)
        let log = AnimationLog()
        let animation = fade()
        animation.delegate = log
        sublayer.add(animation, forKey: "fade")
        // Added at media 1/60 s: the sublayer's time there is 2/60 s.
        try await present(through: 16)
        #expect(abs(try #require(sublayer.presentation()).opacity - 0.5) < 1e-5, "15/60 s later, 30/60 s of its time")
        try await present(through: 30)
        #expect(log.events == ["start"])
        try await present(through: 31)
        #expect(log.events == ["start", "stop true"])
    }

    @Test("An animation added to a paused layer stays at its start (fromValue) until the layer runs")
    func addingToAPausedLayer() async throws {
        layer.speed = 0
        layer.timeOffset = 5
        layer.add(fade(), forKey: "fade")
        try await present(through: 60)
        #expect(try shownOpacity() == 1, "its begin is the paused time: progress 0")
        #expect(layer.animationKeys() == ["fade"])
    }

    @Test(
        "Scene: white 100×100 root, a 40×40 red layer fading 1→0 linear over 1 s, paused after frame 30 (local 31/60 s): at frame 90 the centre (50, 50) is red at opacity 1 − 31/60 over white, (5, 5) white; resumed, it ends on the model (opaque red)",
        .tags(.gpu), .requiresGPU
    )
    func theRenderThreadFreezesAPausedLayer() async throws {
        let f = try ContextFixture(gpu: true)
        let square = CALayer()
        square.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        square.position = CGPoint(x: 50, y: 50)
        square.backgroundColor = CGColor.red
        f.root.addSublayer(square)
        square.add(fade(), forKey: "fade")
        var frame = 0
        _ = try await f.renderUntil(frame: 30, from: &frame)
        let pausedTime = square.convertTime(f.context.mediaTime, from: nil)
        square.speed = 0
        square.timeOffset = pausedTime
        var image = try await f.renderUntil(frame: 90, from: &frame)
        let a = 1 - 31.0 / 60, white = 255 * (1 - a)
        expectPixel(image, 50, 50, RGBA8(255, UInt8(white.rounded()), UInt8(white.rounded())), tolerance: 3, "(50, 50): frozen at opacity \(a)")
        expectPixel(image, 5, 5, .white, "(5, 5): the root")
        square.speed = 1
        square.timeOffset = 0
        square.beginTime = 0
        square.beginTime = square.convertTime(f.context.mediaTime, from: nil) - pausedTime
        image = try await f.renderUntil(frame: 160, from: &frame)
        expectPixel(image, 50, 50, .red, "(50, 50): ended, the model's opaque red")
        await f.finish()
    }
}
