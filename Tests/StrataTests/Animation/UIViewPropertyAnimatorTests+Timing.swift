import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// Timing parameters as UIKit has them: classes that extensions extend with convenience
/// initializers.
extension UISpringTimingParameters {
    convenience init(criticallyDampedFrom velocity: CGFloat) {
        self.init(dampingRatio: 1, initialVelocity: CGVector(dx: velocity, dy: velocity))
    }
}

extension UICubicTimingParameters {
    convenience init(swiftOut: Void) {
        self.init(controlPoint1: CGPoint(x: 0.4, y: 0), controlPoint2: CGPoint(x: 0.2, y: 1))
    }
}

/// UIViewPropertyAnimator's and the timing parameters' documented rules.
@MainActor
@Suite struct UIViewPropertyAnimatorTimingTests {
    @Test("UISpringTimingParameters and UICubicTimingParameters are NSObject classes: convenience initializers in extensions work (they could not on a struct)")
    func timingParametersAreClasses() {
        let spring = UISpringTimingParameters(criticallyDampedFrom: 2)
        #expect(spring.initialVelocity == CGVector(dx: 2, dy: 2))
        let cubic = UICubicTimingParameters(swiftOut: ())
        #expect(cubic.controlPoint1 == CGPoint(x: 0.4, y: 0) && cubic.controlPoint2 == CGPoint(x: 0.2, y: 1))
        let object: NSObject = cubic
        #expect(object.isEqual(cubic))
    }

    @Test(
        "A spring's initialVelocity is per axis: center (5, 5) → (105, 55) with dampingRatio 1 and velocity (dx 10, dy 0) moves x ahead of y (both took dx before); each axis follows its own spring"
    )
    func springVelocityIsPerAxis() async throws {
        let f = try ScreenFixture()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(view)
        try await f.screen.present(through: 0)
        let parameters = UISpringTimingParameters(dampingRatio: 1, initialVelocity: CGVector(dx: 10, dy: 0))
        let animator = UIViewPropertyAnimator(duration: 1, timingParameters: parameters)
        animator.addAnimations { view.center = CGPoint(x: 105, y: 55) }
        animator.startAnimation()
        try await f.screen.present(through: 10)
        let shown = try #require(view.layer.presentation()).position
        let leftX = (105 - shown.x) / 100, leftY = (55 - shown.y) / 50
        #expect(leftX < leftY - 0.05, "x (velocity 10) is ahead of y (velocity 0): \(leftX) vs \(leftY)")
        // The time at which y's spring (velocity 0) is where it shows, then x's spring (velocity 10) there.
        let springY = Spring(dampingRatio: 1, settlingIn: 1, initialVelocity: 0)
        let springX = Spring(dampingRatio: 1, settlingIn: 1, initialVelocity: 10)
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if springY.displacement(at: mid) > leftY { lo = mid } else { hi = mid }
        }
        #expect(abs(springX.displacement(at: lo) - leftX) < 1e-6, "x at t \(lo): \(leftX), spring \(springX.displacement(at: lo))")
        animator.stopAnimation(true)
        await f.finish()
    }

    @Test(
        "Per axis for a spring from physical constants too: mass 1, stiffness 100, damping 20, velocity (dx 10, dy 0) moves x as the spring with velocity 10 and y as the one with 0 (both took dx before)"
    )
    func physicalSpringVelocityIsPerAxis() async throws {
        let f = try ScreenFixture()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(view)
        try await f.screen.present(through: 0)
        let parameters = UISpringTimingParameters(mass: 1, stiffness: 100, damping: 20, initialVelocity: CGVector(dx: 10, dy: 0))
        let animator = UIViewPropertyAnimator(duration: 1, timingParameters: parameters)
        animator.addAnimations { view.center = CGPoint(x: 105, y: 55) }
        animator.startAnimation()
        try await f.screen.present(through: 6)
        let shown = try #require(view.layer.presentation()).position
        let leftX = (105 - shown.x) / 100, leftY = (55 - shown.y) / 50
        let springY = Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0)
        let springX = Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 10)
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if springY.displacement(at: mid) > leftY { lo = mid } else { hi = mid }
        }
        #expect(leftX < leftY - 0.05, "x ahead: \(leftX) vs \(leftY)")
        #expect(abs(springX.displacement(at: lo) - leftX) < 1e-6, "x at t \(lo): \(leftX), spring \(springX.displacement(at: lo))")
        animator.stopAnimation(true)
        await f.finish()
    }

    @Test("continueAnimation(withTimingParameters:durationFactor:) while inactive is a programmer error: it traps")
    func continueWhileInactiveTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {}
                animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
            }
        }
    }

    @Test("continueAnimation(withTimingParameters:durationFactor:) while running is a programmer error: it traps")
    func continueWhileRunningTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let fixture = try? ScreenFixture()
                let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                fixture?.window.addSubview(view)
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0.5 }
                animator.startAnimation()
                animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
            }
        }
    }

    @Test("continueAnimation(withTimingParameters:durationFactor:) on a paused animator that is not interruptible is a programmer error: it traps")
    func continueWhenNotInterruptibleTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {}
                animator.isInterruptible = false
                animator.pauseAnimation()
                animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
            }
        }
    }
}
