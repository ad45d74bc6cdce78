import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// UIKit's spring durations: an animator whose `UISpringTimingParameters` give mass, stiffness
/// and damping ignores the duration it was made with and runs for the spring's settling time,
/// the one `CASpringAnimation.settlingDuration` gives for the same spring (UIKit's
/// UITimingParameters.h); a damping-ratio spring (`UIView.animate(withDuration:delay:
/// usingSpringWithDamping:…)`) lasts the duration given ("The total duration of the
/// animations"). On a recording sink, 60 frames a second.
@MainActor
@Suite struct UISpringTimingParametersTests {
    let screen: UIScreen
    let window: UIWindow
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))

    init() throws {
        let fixture = try ScreenFixture()
        (screen, window) = (fixture.screen, fixture.window)
        window.addSubview(view)
    }

    func spring(mass: CGFloat = 1, stiffness: CGFloat = 100, damping: CGFloat) -> CASpringAnimation {
        let spring = CASpringAnimation(keyPath: "position.x")
        (spring.mass, spring.stiffness, spring.damping) = (mass, stiffness, damping)
        return spring
    }

    @Test(
        "An animator made with 10 s and mass 1, stiffness 100, damping 5 lasts CASpringAnimation's settlingDuration, about 2.855 s (Apple's example); damping 20 (critical) 1.0 s; stiffness 400, damping 10 (ζ 0.25, ω₀ 20) 1.43 s"
    )
    func anAnimatorsDurationIsTheSpringsSettlingDuration() {
        for (stiffness, damping, expected) in [(100.0, 5.0, 2.855), (100, 20, 1.0), (400, 10, 1.427)] {
            let parameters = UISpringTimingParameters(mass: 1, stiffness: stiffness, damping: damping, initialVelocity: CGVector(dx: 0, dy: 0))
            let animator = UIViewPropertyAnimator(duration: 10, timingParameters: parameters)
            let settling = spring(stiffness: stiffness, damping: damping).settlingDuration
            #expect(abs(animator.duration - settling) < 1e-9, "stiffness \(stiffness), damping \(damping): \(animator.duration) vs \(settling)")
            #expect(abs(animator.duration - expected) < 0.001, "stiffness \(stiffness), damping \(damping): \(animator.duration)")
        }
    }

    @Test(
        "The animator runs for that time, not the 10 s asked: mass 1, stiffness 100, damping 20 moving x 5 → 85 is still running at 0.95 s, ends by 1.03 s (completion at .end)"
    )
    func anAnimatorRunsForTheSettlingTime() async throws {
        try await screen.present(through: 0)
        let parameters = UISpringTimingParameters(mass: 1, stiffness: 100, damping: 20, initialVelocity: CGVector(dx: 0, dy: 0))
        let animator = UIViewPropertyAnimator(duration: 10, timingParameters: parameters)
        animator.addAnimations { self.view.center = CGPoint(x: 85, y: 5) }
        var ended: UIViewAnimatingPosition?
        animator.addCompletion { ended = $0 }
        animator.startAnimation()
        try await screen.present(through: 58)  // begun at frame 1: 0.95 s in
        #expect(animator.state == .active && ended == nil, "1.0 s: still running at 0.95 s (it ended at 0.92 s before)")
        try await screen.present(through: 63)
        await nextTurn()
        #expect(ended == .end && animator.state == .inactive)
        #expect(try #require(view.layer.presentation()).position.x == 85)
    }

    @Test("UIView.animate(withDuration: 0.5, …, usingSpringWithDamping: 0.3, …) lasts the 0.5 s given: running at 0.45 s, completed by 0.55 s")
    func aDampingRatioSpringLastsItsDuration() async throws {
        try await screen.present(through: 0)
        var finished: Bool?
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0) {
            self.view.center = CGPoint(x: 85, y: 5)
        } completion: {
            finished = $0
        }
        try await screen.present(through: 28)
        #expect(finished == nil)
        try await screen.present(through: 34)
        await nextTurn()
        #expect(finished == true)
    }
}
