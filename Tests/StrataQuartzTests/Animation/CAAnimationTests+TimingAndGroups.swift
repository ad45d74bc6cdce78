import Foundation
import StrataCore
import StrataGraphics
import StrataTesting
import Testing

@_spi(Testing) import StrataQuartz

/// Timing functions from unbounded control points, `CASpringAnimation`'s settling estimate and
/// refused values, and a group's children's own fill modes, as Core Animation documents them.
extension CAAnimationTests {
    @Test("CAMediaTimingFunction's y is unbounded: (0.5, 3), (0.5, 3) overshoots to 2.5 at half time; x outside 0...1 traps")
    func timingFunctionYIsUnbounded() async throws {
        let move = basic("position.x", from: 0.0, to: 100.0)
        move.timingFunction = CAMediaTimingFunction(controlPoints: 0.5, 3, 0.5, 3)
        layer.add(move, forKey: "move")
        try await present(through: 30)
        // Symmetric x: s = 0.5 at half time; y = 3·¼·½·3 + 3·½·¼·3 + ⅛ = 2.375.
        #expect(abs(try shown().position.x - 237.5) < 1e-6)
        await #expect(processExitsWith: .failure) {
            await MainActor.run { _ = CAMediaTimingFunction(controlPoints: 1.5, 0, 0.5, 1) }
        }
    }

    @Test("settlingDuration, Apple's example: mass 1, stiffness 100, damping 5 settles in about 2.85 s (was 2.69); damping 15 in just over 1 s (was 0.80)")
    func settlingDurationMatchesApplesExample() {
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0
        spring.toValue = 640
        spring.damping = 5
        spring.duration = 2
        #expect(abs(spring.settlingDuration - 2.855) < 0.005, "\(spring.settlingDuration)")
        spring.damping = 15
        #expect(spring.settlingDuration > 1 && spring.settlingDuration < 1.05, "\(spring.settlingDuration)")
        spring.speed = 2
        #expect(abs(spring.settlingDuration - 0.511) < 0.005, "at speed 2, half: \(spring.settlingDuration)")
    }

    @Test("CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3) sets its duration to its settlingDuration, as Core Animation's does (it was 0)")
    func perceptualInitializerSetsTheDuration() {
        let spring = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        #expect(spring.duration > 0.5 && spring.duration == spring.settlingDuration, "\(spring.duration)")
        // ζ 0.7, ω₀ 4π: (1 + 0.7/0.714)·e^(−0.7·4π·t) within 0.001 at 0.863 s.
        #expect(abs(spring.settlingDuration - 0.8630) < 0.001, "\(spring.settlingDuration)")
    }

    @Test("settlingDuration of a critically damped spring (damping 20): the first 0.1 s sample within 0.001 that stays, 1 s (1.0 by the 0.1 s grid)")
    func settlingDurationCriticallyDamped() {
        let spring = CASpringAnimation()
        spring.damping = 20
        // (1 + 10t)e^(−10t) < 0.001 first at t ≈ 0.92: the 1.0 s sample.
        #expect(abs(spring.settlingDuration - 1.0) < 1e-9, "\(spring.settlingDuration)")
    }

    @Test("CASpringAnimation refuses what Core Animation refuses (logged, back to the default): mass 0 → 1, stiffness −5 → 100, damping −1 → 10; damping 0 is allowed")
    func springRefusesInvalidConstants() {
        let spring = CASpringAnimation()
        spring.mass = 0
        spring.stiffness = -5
        spring.damping = -1
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10)
        spring.damping = 0
        #expect(spring.damping == 0)
        spring.mass = 2
        #expect(spring.mass == 2)
    }

    @Test(
        "A 2 s group whose 0.5 s child (opacity 1 → 0.5) fills forwards: the child holds 0.5 until the group ends at 2 s, then the model (1) shows; a removed-fill child shows the model from 0.5 s"
    )
    func aGroupChildFollowsItsOwnFillMode() async throws {
        let group = CAAnimationGroup()
        let held = basic("opacity", from: 1.0, to: 0.5, duration: 0.5)
        held.fillMode = .forwards
        let plain = basic("position.x", from: 0.0, to: 100.0, duration: 0.5)
        group.animations = [held, plain]
        group.duration = 2
        let log = AnimationLog()
        group.delegate = log
        layer.add(group, forKey: "g")
        try await present(through: 15)
        #expect(abs(try shown().opacity - 0.75) < 1e-6)
        try await present(through: 60)
        let heldOpacity = try shown().opacity
        #expect(abs(heldOpacity - 0.5) < 1e-6, "held by its own fill mode at 1 s: \(heldOpacity)")
        #expect(try shown().position.x == 50, "the child without a fill shows the model after 0.5 s")
        try await present(through: 119)
        #expect(abs(try shown().opacity - 0.5) < 1e-6, "still held at 1.98 s")
        try await present(through: 121)
        await nextTurn()
        #expect(try shown().opacity == 1, "the group ended and was removed: the model shows")
        #expect(log.events == ["start", "stop true"] && layer.animationKeys() == nil)
    }

    @Test("A 1 s group kept with fill forwards whose 0.5 s child fills nothing: after 0.5 s the child shows the model, not the group's fill")
    func aGroupsFillDoesNotHoldAnEarlyChild() async throws {
        let group = CAAnimationGroup()
        group.animations = [basic("opacity", from: 1.0, to: 0.5, duration: 0.5)]
        group.duration = 1
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        layer.add(group, forKey: "g")
        try await present(through: 45)
        #expect(try shown().opacity == 1, "was 0.5: the group's fill held the child")
    }

    @Test(
        "A 2 s group whose child (opacity 0.2 → 0.6 from 0.5 s to 1 s) fills backwards only: 0.2 before it begins (0.25 s), 0.4 at 0.75 s, then the model's 1 while the group runs on (1.5 s) and after; a removed-fill position.x child (0 → 100 over 0.5 s) shows 50 at 0.25 s, then the model's 50"
    )
    func aGroupChildThatDoesNotFillForwardsShowsTheModelAfterItEnds() async throws {
        let group = CAAnimationGroup()
        let backwards = basic("opacity", from: 0.2, to: 0.6, duration: 0.5)
        backwards.beginTime = 0.5
        backwards.fillMode = .backwards
        let removed = basic("position.x", from: 0.0, to: 100.0, duration: 0.5)
        removed.fillMode = .removed
        group.animations = [backwards, removed]
        group.duration = 2
        group.fillMode = .both
        group.isRemovedOnCompletion = false
        layer.add(group, forKey: "g")
        try await present(through: 15)
        let before = try shown()
        #expect(abs(before.opacity - 0.2) < 1e-6, "filled backwards before its begin: \(before.opacity)")
        #expect(abs(before.position.x - 50) < 1e-6, "the position child half way: \(before.position.x)")
        try await present(through: 45)
        let during = try shown().opacity
        #expect(abs(during - 0.4) < 1e-6, "half way through the child: \(during)")
        try await present(through: 90)
        #expect(try shown().opacity == 1, "ended at 1 s with no forward fill: the model, while the group runs to 2 s")
        #expect(try shown().position.x == 50, "the removed child shows the model")
        #expect(layer.animation(forKey: "g") != nil, "the group still runs")
        try await present(through: 150)
        #expect(try shown().opacity == 1, "the group's own forward fill does not hold a child that ended before it")
    }
}
