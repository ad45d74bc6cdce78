import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// UIKit's animation API over Core Animation's layers: a view's layer answers actions only inside
/// an animation block, iOS 17 springs, a completion that waits for a paused layer, and UIKit's
/// colours as animation values. On a recording sink (no GPU; frame n at n/60 s).
@MainActor
@Suite struct UIViewAnimationLayerTests {
    let screen: UIScreen
    let window: UIWindow
    /// A 40×40 red layer at position (50, 50) in the window, no view owning it.
    let layer = CALayer()

    init() throws {
        let fixture = try ScreenFixture()  // over a recording sink: no GPU
        (screen, window) = (fixture.screen, fixture.window)
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.position = CGPoint(x: 50, y: 50)
        layer.backgroundColor = UIColor.red.cgColor
        window.layer.addSublayer(layer)
    }

    /// Presents frames up to and including frame `n` (at n/60 s).
    func present(through n: Int) async throws { try await screen.present(through: n) }

    /// The screen's media clock now (what `CACurrentMediaTime()` reads for the main screen).
    var now: CFTimeInterval { screen.mediaTime }

    @Test("A view's layer answers no action for position outside an animation block, and a 0.5 s CABasicAnimation inside UIView.animate(withDuration: 0.5)")
    func aViewsLayerAnimatesOnlyInsideABlock() {
        let view = UIView()
        #expect(view.layer.action(forKey: "position") == nil)
        var inside: (any CAAction)?
        UIView.animate(withDuration: 0.5) { inside = view.layer.action(forKey: "position") }
        #expect((inside as? CABasicAnimation)?.duration == 0.5)
    }

    @Test("A UIColor (not its cgColor) as a backgroundColor animation's values animates nothing: the model's red shows")
    func uiColorValuesAnimateNothing() async throws {
        let animation = CABasicAnimation(keyPath: "backgroundColor")
        animation.fromValue = UIColor.blue
        animation.toValue = UIColor.green
        animation.duration = 1
        layer.add(animation, forKey: "uicolor")
        try await present(through: 30)
        #expect(try #require(layer.presentation()).backgroundColor == UIColor.red.cgColor)
    }

    @Test(
        "iOS 17 springs: animate(springDuration: 0.5, bounce: 0.3) moves x 50 → 150 as ζ 0.7, ω 4π/s (x at 0.25 s from the closed form), and completes once settled; UISpringTimingParameters(duration: 0.5, bounce: 0.3) in an animator moves the same way"
    )
    func perceptualSprings() async throws {
        try await present(through: 0)
        let view = UIView(frame: CGRect(x: 40, y: 40, width: 20, height: 20))
        window.addSubview(view)
        let other = UIView(frame: CGRect(x: 40, y: 70, width: 20, height: 20))
        window.addSubview(other)
        var finished: Bool?
        UIView.animate(springDuration: 0.5, bounce: 0.3, animations: { view.center.x = 150 }, completion: { finished = $0 })
        let animator = UIViewPropertyAnimator(duration: 3, timingParameters: UISpringTimingParameters(duration: 0.5, bounce: 0.3))
        animator.addAnimations { other.center.x = 150 }
        animator.startAnimation()
        try await present(through: 16)  // both began with frame 1: 0.25 s in
        let w0 = 4 * Double.pi, zeta = 0.7, wd = w0 * (1 - zeta * zeta).squareRoot(), t = 0.25
        let expected = 150 - 100 * exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
        #expect(abs(try #require(view.layer.presentation()).position.x - expected) < 1e-6)
        #expect(abs(try #require(other.layer.presentation()).position.x - expected) < 1e-6)
        let settle = Spring(perceptualDuration: 0.5, bounce: 0.3).settlingDuration
        try await present(through: Int((settle * 60).rounded(.up)) + 2)
        await nextTurn()
        #expect(finished == true && view.layer.presentation()?.position.x == 150)
    }

    @Test("A UIView.animate completion waits while its view's layer is paused, and runs once it is resumed and the 1 s fade ends")
    func completionWaitsForAPausedLayer() async throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        window.addSubview(view)
        try await present(through: 0)
        var finished: Bool?
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 }, completion: { finished = $0 })
        try await present(through: 30)
        let pausedTime = view.layer.convertTime(now, from: nil)
        view.layer.speed = 0
        view.layer.timeOffset = pausedTime
        try await present(through: 150)
        #expect(finished == nil, "paused half way: never ends")
        #expect(abs(try #require(view.layer.presentation()).opacity - Float(1 - 30.0 / 60)) < 1e-5, "began at 1/60 s, paused at local 31/60 s")
        view.layer.speed = 1
        view.layer.timeOffset = 0
        view.layer.beginTime = 0
        view.layer.beginTime = view.layer.convertTime(now, from: nil) - pausedTime
        // Resumed at 151/60 s with local 31/60 s: the fade (1/60 s to 61/60 s local) ends at 181/60 s.
        try await present(through: 180)
        #expect(finished == nil)
        try await present(through: 181)
        #expect(finished == true)
        await nextTurn()
        #expect(view.layer.presentation()?.opacity == 0)
    }

}
