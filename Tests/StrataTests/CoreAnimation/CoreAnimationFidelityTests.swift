import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// Core Animation's documented rules where Strata disagreed with iOS (issue 35): timing
/// functions from `Double` control points, `CASpringAnimation`'s settling estimate and refused
/// values, a group's children's own fill modes, transaction completion and commit, and the
/// presentation tree. Checked through `presentation()` frame by frame on a recording sink (no
/// GPU; 60 frames a second, frame n at n/60 s; an animation added before frame 0 begins at 0 s).
@MainActor
@Suite struct CoreAnimationFidelityTests {
    let screen: UIScreen
    let window: UIWindow
    /// A 40×40 layer at position (50, 50) in the window, no view owning it.
    let layer = CALayer()

    init() throws {
        let fixture = try ScreenFixture()
        (screen, window) = (fixture.screen, fixture.window)
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.position = CGPoint(x: 50, y: 50)
        window.layer.addSublayer(layer)
    }

    func present(through n: Int) async throws { try await screen.present(through: n) }

    func shown() throws -> CALayer { try #require(layer.presentation()) }

    func basic(_ keyPath: String, from: Any?, to: Any?, duration: Double = 1) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        return animation
    }

    // MARK: A crash: control points beyond Float's range

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

    // MARK: CASpringAnimation

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

    // MARK: CAAnimationGroup

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

    // MARK: CATransaction

    @Test("setCompletionBlock waits only for animations added after it: a 2 s fade added before, a 0.5 s move after; the block runs after 0.5 s, not 2 s")
    func completionWaitsOnlyForLaterAnimations() async throws {
        var done = false
        CATransaction.begin()
        layer.add(basic("opacity", from: 1.0, to: 0.0, duration: 2), forKey: "before")
        CATransaction.setCompletionBlock { done = true }
        layer.add(basic("position.x", from: 0.0, to: 100.0, duration: 0.5), forKey: "after")
        CATransaction.commit()
        try await present(through: 29)
        await nextTurn()
        #expect(!done)
        try await present(through: 31)
        await nextTurn()
        #expect(done, "the 2 s animation added before the block is not waited for")
    }

    @Test("setCompletionBlock waits only for implicit animations started after it: an implicit opacity change before, position after")
    func completionWaitsOnlyForLaterImplicitAnimations() async throws {
        try await present(through: 0)
        var done = false
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        layer.opacity = 0.5
        CATransaction.setCompletionBlock { done = true }
        CATransaction.setAnimationDuration(0.5)
        layer.position = CGPoint(x: 100, y: 50)
        CATransaction.commit()
        try await present(through: 40)
        await nextTurn()
        #expect(done, "the 0.5 s move ended; the 2 s fade added before the block is not waited for")
    }

    @Test(
        "CATransaction.setValue(_:forKey:) has nested scope: an inner transaction sees the outer's value, its own hides it until its commit; kCATransactionAnimationDuration sets and reads the duration (1.5)"
    )
    func transactionValuesNest() {
        CATransaction.begin()
        CATransaction.setValue("outer", forKey: "tag")
        CATransaction.begin()
        #expect(CATransaction.value(forKey: "tag") as? String == "outer")
        CATransaction.setValue("inner", forKey: "tag")
        #expect(CATransaction.value(forKey: "tag") as? String == "inner")
        CATransaction.commit()
        #expect(CATransaction.value(forKey: "tag") as? String == "outer")
        CATransaction.setValue(NSNumber(value: 1.5), forKey: kCATransactionAnimationDuration)
        #expect(CATransaction.animationDuration() == 1.5)
        #expect((CATransaction.value(forKey: kCATransactionAnimationDuration) as? NSNumber)?.doubleValue == 1.5)
        CATransaction.setValue(true, forKey: kCATransactionDisableActions)
        #expect(CATransaction.disableActions())
        CATransaction.commit()
        #expect(CATransaction.value(forKey: "tag") == nil)
    }

    @Test("CATransaction.commit() with no current transaction traps (Core Animation raises)")
    func commitWithoutBeginTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { CATransaction.commit() }
        }
    }

    // MARK: The presentation tree

    @Test("presentation() belongs to the presentation tree: its superlayer is the window layer's presentation, its sublayers presentations showing animated values")
    func presentationTree() async throws {
        let child = CALayer()
        child.position = CGPoint(x: 5, y: 5)
        layer.addSublayer(child)
        child.add(basic("position.x", from: 0.0, to: 100.0), forKey: "move")
        try await present(through: 30)
        let shown = try shown()
        let sublayers = try #require(shown.sublayers)
        #expect(sublayers.count == 1)
        #expect(sublayers[0] !== child, "a presentation layer, not the model")
        #expect(abs(sublayers[0].position.x - 50) < 1e-9, "the sublayer shows its animation at 0.5 s")
        #expect(sublayers[0].superlayer === shown)
        let superlayer = try #require(shown.superlayer)
        #expect(superlayer !== window.layer && superlayer.bounds == window.layer.bounds)
        #expect(superlayer.sublayers?.contains { $0 === shown } == true)
        #expect(child.presentation() === sublayers[0], "one tree per frame")
        #expect(sublayers[0].model() === child && shown.model() === layer, "model() of a presentation layer is its model")
        #expect(child.model() === child, "model() of a model layer is itself")
    }
}
