import Foundation
import StrataCore
import StrataGraphics
import StrataTesting
import Testing

@_spi(Testing) import StrataQuartz

/// Animations of properties shape and gradient layers draw themselves (`strokeEnd`, `path`,
/// `colors`, …): explicit and implicit, read through `presentation()` and delegates frame by
/// frame in a context over a recording sink (no GPU; frame n at n/60 s), then drawn on the GPU.
@MainActor
@Suite struct CALayerDrawnAnimationTests {
    let fixture: ContextFixture
    /// A zero-bounds shape layer at the root's origin: a line (10, 50)→(90, 50), blue, 10 wide.
    let shape = CAShapeLayer()

    init() throws {
        fixture = try ContextFixture()  // over a recording sink: no GPU
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 10, y: 50))
        line.addLine(to: CGPoint(x: 90, y: 50))
        shape.path = line
        shape.strokeColor = CGColor.blue
        shape.lineWidth = 10
        fixture.root.addSublayer(shape)
    }

    /// Presents frames up to and including frame `n` (at n/60 s).
    func present(through n: Int) async throws { try await fixture.context.present(through: n) }

    func shownStrokeEnd() throws -> CGFloat { try #require(shape.presentation()).strokeEnd }

    /// A linear 1 s animation of `keyPath` from `from` to `to`.
    func basic(_ keyPath: String, _ from: Any?, _ to: Any?) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        return animation
    }

    @Test("strokeEnd 0→1 over 1 s, added before frame 0: 0.5 at frame 30, the model stays 1; the delegate hears stop(true) at frame 60 and the key goes")
    func strokeEndAnimates() async throws {
        let log = AnimationLog()
        let animation = basic("strokeEnd", 0, 1)
        animation.delegate = log
        shape.add(animation, forKey: "progress")
        #expect(shape.animationKeys() == ["progress"])
        try await present(through: 30)
        #expect(abs(try shownStrokeEnd() - 0.5) < 1e-9)
        #expect(shape.strokeEnd == 1 && log.events == ["start"])
        try await present(through: 59)
        #expect(log.events == ["start"])
        try await present(through: 60)
        #expect(log.events == ["start", "stop true"])
        #expect(shape.animationKeys() == nil && shape.animation(forKey: "progress") == nil)
        #expect(try shownStrokeEnd() == 1)
    }

    @Test(
        "Kept after its end (isRemovedOnCompletion false, fill forwards): it shows 1 and the layer is not drawn again for later frames; removed from its superlayer half way, another animation stops unfinished"
    )
    func keptAndRemoved() async throws {
        let kept = basic("strokeEnd", 0, 1)
        kept.isRemovedOnCompletion = false
        kept.fillMode = .forwards
        shape.strokeEnd = 0
        shape.add(kept, forKey: "progress")
        try await present(through: 62)
        let before = fixture.commits.count
        try await present(through: 70)
        let contents = fixture.commits.dropFirst(before).filter { commit in
            commit.operations.contains(where: { if case .setContents = $0 { true } else { false } })
        }.count
        #expect(contents == 0, "settled: nothing drawn again")
        #expect(try shownStrokeEnd() == 1 && shape.animationKeys() == ["progress"])
        let other = CAShapeLayer()
        other.path = shape.path
        other.strokeColor = CGColor.red
        fixture.root.addSublayer(other)
        let log = AnimationLog()
        let animation = basic("lineWidth", 1, 20)
        animation.delegate = log
        other.add(animation, forKey: "grow")
        try await present(through: 90)
        other.removeFromSuperlayer()
        try await present(through: 92)
        await nextTurn()
        #expect(log.events == ["start", "stop false"])
    }

    @Test("A drawn animation added before its layer is in a context (as in viewDidLoad) starts with the commit that puts it there")
    func addedBeforeTheLayerIsOnScreen() async throws {
        let container = CALayer()
        let ring = CAShapeLayer()
        ring.path = shape.path
        ring.strokeColor = CGColor.red
        container.addSublayer(ring)
        ring.add(basic("strokeEnd", 0, 1), forKey: "progress")
        fixture.root.addSublayer(container)
        try await present(through: 30)
        #expect(abs(try #require(ring.presentation()).strokeEnd - 0.5) < 1e-9)
    }

    @Test(
        "A 1 s group of strokeEnd 0→1 (1 s) and strokeStart 0→0.5 (begins at 0.5 s, 0.5 s long), the usual spinner: at frame 30 end 0.5, start 0; at frame 45 end 0.75, start 0.25")
    func groupOfStrokeAnimations() async throws {
        let end = basic("strokeEnd", 0, 1)
        let start = basic("strokeStart", 0, 0.5)
        start.beginTime = 0.5
        start.duration = 0.5
        let group = CAAnimationGroup()
        group.animations = [end, start]
        group.duration = 1
        shape.add(group, forKey: "spin")
        try await present(through: 30)
        var shown = try #require(shape.presentation())
        #expect(abs(shown.strokeEnd - 0.5) < 1e-9 && shown.strokeStart == 0)
        try await present(through: 45)
        shown = try #require(shape.presentation())
        #expect(abs(shown.strokeEnd - 0.75) < 1e-9 && abs(shown.strokeStart - 0.25) < 1e-9)
        #expect(shape.animationKeys() == ["spin"])
    }

    @Test(
        "A keyframe animation of strokeEnd through 0, 1, 0.5 at key times 0, 0.5, 1 over 1 s: 0.5 at frame 15, 1 at frame 30, 0.75 at frame 45; discrete values hold until the next key time"
    )
    func keyframesOfStrokeEnd() async throws {
        let keyframes = CAKeyframeAnimation(keyPath: "strokeEnd")
        keyframes.values = [0, 1, 0.5]
        keyframes.keyTimes = [0, 0.5, 1]
        keyframes.duration = 1
        shape.add(keyframes, forKey: "wave")
        try await present(through: 15)
        #expect(abs(try shownStrokeEnd() - 0.5) < 1e-9)
        try await present(through: 30)
        #expect(abs(try shownStrokeEnd() - 1) < 1e-9)
        try await present(through: 45)
        #expect(abs(try shownStrokeEnd() - 0.75) < 1e-9)
        let steps = CAKeyframeAnimation(keyPath: "lineWidth")
        steps.values = [2, 8]
        steps.calculationMode = .discrete
        steps.duration = 1
        shape.add(steps, forKey: "steps")
        try await present(through: 75)
        #expect(try #require(shape.presentation()).lineWidth == 2, "discrete: the first value for the first half")
        try await present(through: 95)
        #expect(try #require(shape.presentation()).lineWidth == 8)
    }

    @Test("Each frame draws the shape again, at that frame's time: the contents sent for frame 30 cover the line's first half")
    func eachFrameRedraws() async throws {
        shape.add(basic("strokeEnd", 0, 1), forKey: "progress")
        try await present(through: 29)
        let before = fixture.commits.count
        try await present(through: 30)
        let withContents = fixture.commits.dropFirst(before).filter { commit in
            commit.operations.contains(where: { if case .setContents = $0 { true } else { false } })
        }
        #expect(withContents.count == 1, "one commit with new contents for frame 30")
        let pixels = try rendered(shape)
        expectPixel(pixels, 30, 50, RGBA8(0, 0, 255), "(30, 50): drawn")
        expectPixel(pixels, 70, 50, RGBA8(0, 0, 0, 0), "(70, 50): past the 31/60 drawn for the next frame")
    }

    @Test("removeAnimation(forKey:) half way: stop(false), and the model shows")
    func removingStopsUnfinished() async throws {
        let log = AnimationLog()
        let animation = basic("strokeEnd", 0, 1)
        animation.delegate = log
        shape.add(animation, forKey: "progress")
        try await present(through: 30)
        shape.removeAnimation(forKey: "progress")
        await nextTurn()
        #expect(log.events == ["start", "stop false"])
        #expect(try shownStrokeEnd() == 1)
    }

    @Test("Implicit: setting strokeEnd 1→0 on a standalone shape layer in a context animates over 0.25 s (CATransaction's default) from the value shown; half way at 0.125 s")
    func implicitAnimation() async throws {
        try await present(through: 0)
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        shape.strokeEnd = 0
        CATransaction.commit()
        #expect(shape.animationKeys() == ["strokeEnd"])
        // Begins at frame 1 (1/60 s); half way 7.5 frames later.
        try await present(through: 16)
        #expect(abs(try shownStrokeEnd() - (1 - 15.0 / 60 / 0.25)) < 1e-9)
        try await present(through: 17)
        #expect(try shownStrokeEnd() == 0 && shape.animationKeys() == nil)
    }

    @Test("No implicit animation with actions disabled or with NSNull in actions")
    func implicitAnimationOff() async throws {
        try await present(through: 0)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shape.strokeEnd = 0.5
        CATransaction.commit()
        #expect(shape.animationKeys() == nil)
        shape.actions = ["strokeEnd": NSNull()]
        shape.strokeEnd = 0.2
        #expect(shape.animationKeys() == nil)
        #expect(try shownStrokeEnd() == 0.2)
    }

    @Test("A gradient's colors red, blue → blue, red over 1 s: at frame 30 both colours are half way (127/128 red and blue)")
    func gradientColorsAnimate() async throws {
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        gradient.colors = [CGColor.red, CGColor.blue]
        fixture.root.addSublayer(gradient)
        gradient.add(basic("colors", [CGColor.red, CGColor.blue], [CGColor.blue, CGColor.red]), forKey: "swap")
        try await present(through: 30)
        let shown = try #require(gradient.presentation()?.colors as? [CGColor])
        #expect(shown.count == 2)
        #expect(abs(shown[0].components![0] - 0.5) < 1e-6 && abs(shown[0].components![2] - 0.5) < 1e-6)
    }

    @Test("A path animates point by point between two rectangles; a paused layer (speed 0) freezes a drawn animation too")
    func pathAndPause() async throws {
        let a = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20)), b = CGPath(rect: CGRect(x: 0, y: 0, width: 60, height: 60))
        shape.path = a
        shape.add(basic("path", a, b), forKey: "grow")
        try await present(through: 30)
        let box = try #require(shape.presentation()?.path).boundingBox
        #expect(abs(box.width - 40) < 1e-9, "half way from 20 to 60")
        let paused = shape.convertTime(fixture.context.mediaTime, from: nil)
        shape.speed = 0
        shape.timeOffset = paused
        try await present(through: 90)
        let frozen = try #require(shape.presentation()?.path).boundingBox
        #expect(abs(frozen.width - (20 + 40 * 31.0 / 60)) < 1e-9, "frozen at 31/60 s")
    }

    @Test(
        "Scene on the GPU: white 100×100 context, a blue line (10, 50)→(90, 50) 10 wide whose strokeEnd animates 0→1 linear over 1 s: at frame 30 blue at (30, 50), white at (70, 50); at frame 61 blue at (70, 50)",
        .tags(.gpu), .requiresGPU
    )
    func strokeEndOnTheGPU() async throws {
        let f = try ContextFixture(gpu: true)
        let line = CAShapeLayer()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 50))
        path.addLine(to: CGPoint(x: 90, y: 50))
        line.path = path
        line.strokeColor = CGColor.blue
        line.lineWidth = 10
        f.root.addSublayer(line)
        line.add(basic("strokeEnd", 0, 1), forKey: "progress")
        var frame = 0
        var image = try await f.renderUntil(frame: 30, from: &frame)
        expectPixel(image, 30, 50, RGBA8(0, 0, 255), "(30, 50) at 0.5 s: drawn")
        expectPixel(image, 70, 50, .white, "(70, 50) at 0.5 s: not yet")
        image = try await f.renderUntil(frame: 61, from: &frame)
        expectPixel(image, 70, 50, RGBA8(0, 0, 255), "(70, 50) after the end")
        await f.finish()
    }
}
