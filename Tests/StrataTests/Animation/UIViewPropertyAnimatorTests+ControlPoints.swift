import Foundation
@_spi(Testing) import Strata
import StrataCore
import StrataTesting
import Testing

/// `UIViewPropertyAnimator`'s cubic curves with control points beyond `Float`'s range (issue 35's
/// crash), over the recording sink on the virtual 60 Hz clock.
@MainActor
@Suite struct UIViewPropertyAnimatorControlPointTests {
    let screen: UIScreen
    let window: UIWindow

    init() throws {
        let fixture = try ScreenFixture()
        (screen, window) = (fixture.screen, fixture.window)
    }

    func present(through n: Int) async throws { try await screen.present(through: n) }

    @Test(
        "The issue's repro: UIViewPropertyAnimator(duration:controlPoint1:controlPoint2:) with control point y 1e300 runs (it trapped in CAMediaTimingFunction's check)"
    )
    func anAnimatorWithAHugeControlPointRuns() async throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        try await present(through: 0)
        let animator = UIViewPropertyAnimator(
            duration: 1, controlPoint1: CGPoint(x: 0.5, y: 1e300), controlPoint2: CGPoint(x: 0.5, y: 1)
        ) { view.center = CGPoint(x: 85, y: 5) }
        animator.startAnimation()
        #expect(view.center.x == 85)
        try await present(through: 61)
        #expect(animator.state == .inactive, "the animator ran to its end")
        #expect(try #require(view.layer.presentation()).position.x == 85)
    }

    @Test("A block animation's curve reaches Core Animation with its Double control points: y 1e300 reads back as +∞ in Float, x 0.5")
    func aBlockCurveKeepsItsControlPoints() async throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        try await present(through: 0)
        let animator = UIViewPropertyAnimator(
            duration: 1, controlPoint1: CGPoint(x: 0.5, y: 1e300), controlPoint2: CGPoint(x: 0.25, y: 1)
        ) { view.alpha = 0.5 }
        animator.startAnimation()
        let function = try #require(view.layer.animation(forKey: "opacity")?.timingFunction)
        var point: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &point)
        #expect(point[0] == 0.5 && point[1] == .infinity)
        function.getControlPoint(at: 2, values: &point)
        #expect(point == [0.25, 1])
        animator.stopAnimation(true)
    }
}
