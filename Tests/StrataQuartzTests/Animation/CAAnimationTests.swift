import Foundation
import StrataCompositor
import StrataCore
import StrataGraphics
import StrataTesting
import Testing

@_spi(Testing) import StrataQuartz

/// Core Animation's explicit animations (`CABasicAnimation`, `CAKeyframeAnimation`,
/// `CASpringAnimation`, `CAAnimationGroup`, `CALayer.add(_:forKey:)`), checked through
/// `presentation()` frame by frame on a recording sink (no GPU; 60 frames a second, frame n at
/// n/60 s; an animation added before frame 0 begins at 0 s). The last test draws one on the GPU.
@MainActor
@Suite struct CAAnimationTests: RedSquareSuite {
    let fixture: ContextFixture
    let layer: CALayer

    init() throws { (fixture, layer) = try ContextFixture.redSquare() }

    @Test("A 1 s linear fade from 1 to 0.2: 0.6 at 0.5 s, the model stays 1; removed at the end, the model shows and the delegate hears start then stop(true)")
    func aBasicAnimationRunsAndGoes() async throws {
        let fade = basic("opacity", from: 1.0, to: 0.2)
        let log = AnimationLog()
        fade.delegate = log
        layer.add(fade, forKey: "fade")
        #expect(layer.animationKeys() == ["fade"])
        #expect(layer.animation(forKey: "fade") is CABasicAnimation)
        try await present(through: 0)
        #expect(log.events == ["start"], "started with the frame at its begin")
        try await present(through: 30)
        #expect(abs(try shown().opacity - 0.6) < 1e-5, "1 − 0.8 × 0.5")
        #expect(layer.opacity == 1, "the model is not changed")
        try await present(through: 59)
        #expect(layer.animationKeys() == ["fade"] && log.events == ["start"])
        try await present(through: 60)
        #expect(try shown().opacity == 1, "removed at 1 s: the model shows")
        #expect(layer.animationKeys() == nil && layer.animation(forKey: "fade") == nil)
        #expect(log.events == ["start", "stop true"])
    }

    @Test("add(_:forKey:) copies: changing the animation afterwards changes nothing; a duration of 0 takes the transaction's 0.25 s, or 2 s when set")
    func addCopiesAndFillsTheDuration() async throws {
        let move = basic("position.x", from: 0.0, to: 100.0, duration: 0)
        layer.add(move, forKey: "move")
        move.toValue = 1000.0
        move.duration = 10
        #expect(layer.animation(forKey: "move") !== move)
        #expect(layer.animation(forKey: "move")?.duration == 0.25)
        try await present(through: 6)  // 0.1 s of 0.25 s
        #expect(abs(try shown().position.x - 40) < 1e-9)
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        let other = basic("position.y", from: 0.0, to: 100.0, duration: 0)
        layer.add(other, forKey: "other")
        CATransaction.commit()
        #expect(layer.animation(forKey: "other")?.duration == 2)
    }

    @Test(
        "Fill modes: kept after its end (isRemovedOnCompletion false), .forwards shows the 0.2 end value, .removed the model; the delegate hears stop(true) once; removing it shows the model"
    )
    func fillModesAfterTheEnd() async throws {
        let kept = basic("opacity", from: 1.0, to: 0.2)
        kept.isRemovedOnCompletion = false
        kept.fillMode = .forwards
        let log = AnimationLog()
        kept.delegate = log
        layer.add(kept, forKey: "kept")
        let other = CALayer()
        root.addSublayer(other)
        let unfilled = basic("opacity", from: 1.0, to: 0.2)
        unfilled.isRemovedOnCompletion = false
        other.add(unfilled, forKey: "unfilled")
        try await present(through: 90)
        #expect(abs(try shown().opacity - 0.2) < 1e-6, "holds its end")
        #expect(try #require(other.presentation()).opacity == 1, "no fill: the model")
        #expect(layer.animationKeys() == ["kept"] && other.animationKeys() == ["unfilled"], "both still attached")
        #expect(log.events == ["start", "stop true"])
        layer.removeAnimation(forKey: "kept")
        #expect(try shown().opacity == 1)
        #expect(layer.animationKeys() == nil)
        #expect(log.events == ["start", "stop true"], "told once")
    }

    @Test("A begin time 0.5 s from now: before it the model shows (fill .removed) or the from-value (fill .backwards); at 0.75 s it is half way")
    func aLaterBeginTime() async throws {
        let other = CALayer()
        other.position = CGPoint(x: 50, y: 50)
        root.addSublayer(other)
        try await present(through: 0)  // now: frame 1, at 1/60 s
        // CACurrentMediaTime() in a program with one screen; tests run many screens at once.
        let start = context.mediaTime
        #expect(abs(start - 1.0 / 60) < 1e-12)
        let plain = basic("position.x", from: 0.0, to: 100.0, duration: 0.5)
        plain.beginTime = start + 0.5
        layer.add(plain, forKey: "plain")
        let backwards = basic("position.x", from: 0.0, to: 100.0, duration: 0.5)
        backwards.beginTime = start + 0.5
        backwards.fillMode = .backwards
        other.add(backwards, forKey: "backwards")
        #expect(try shown().position.x == 50, "right after adding: the model")
        #expect(try #require(other.presentation()).position.x == 0, "right after adding: the from-value")
        try await present(through: 16)  // 16/60 s: 0.25 s before it begins
        #expect(try shown().position.x == 50)
        #expect(try #require(other.presentation()).position.x == 0)
        try await present(through: 46)  // 46/60 = 1/60 + 0.75 s
        #expect(abs(try shown().position.x - 50) < 1e-9, "half way through 0.5 s")
        #expect(abs(try #require(other.presentation()).position.x - 50) < 1e-9)
    }

    @Test(
        "A second animation under the same key replaces the first, whose delegate hears stop(false); removeAnimation and removeAllAnimations stop them unfinished and show the model"
    )
    func replacingAndRemoving() async throws {
        let first = basic("opacity", from: 1.0, to: 0.0), second = basic("opacity", from: 0.5, to: 0.5)
        let log1 = AnimationLog(), log2 = AnimationLog()
        first.delegate = log1
        second.delegate = log2
        layer.add(first, forKey: "fade")
        try await present(through: 10)
        layer.add(second, forKey: "fade")
        #expect(layer.animationKeys() == ["fade"])
        try await present(through: 20)
        #expect(log1.events == ["start", "stop false"])
        #expect(abs(try shown().opacity - 0.5) < 1e-6)
        layer.removeAnimation(forKey: "fade")
        try await present(through: 21)
        #expect(try shown().opacity == 1)
        #expect(log2.events == ["start", "stop false"])
        let third = basic("opacity", from: 0.0, to: 0.0)
        layer.add(third, forKey: "a")
        layer.add(basic("position.x", from: 0.0, to: 0.0), forKey: nil)
        #expect(layer.animationKeys() == ["a"], "an animation added with no key is not listed")
        layer.removeAllAnimations()
        #expect(layer.animationKeys() == nil && layer.animation(forKey: "a") == nil)
        try await present(through: 22)
        #expect(try shown().opacity == 1 && shown().position.x == 50)
    }

    @Test(
        "Key paths into fields: position.x 0→100 keeps y 50; bounds.size.width 40→80 keeps the height; transform.scale 1→2 is 1.5 half way; transform.rotation.z 0→2π is a half turn half way"
    )
    func keyPathsIntoFields() async throws {
        layer.add(basic("position.x", from: 0.0, to: 100.0), forKey: "x")
        layer.add(basic("bounds.size.width", from: 40.0, to: 80.0), forKey: "w")
        let scaled = CALayer(), spun = CALayer()
        root.addSublayer(scaled)
        root.addSublayer(spun)
        scaled.add(basic("transform.scale", from: 1.0, to: 2.0), forKey: "s")
        spun.add(basic("transform.rotation.z", from: 0.0, to: 2 * Double.pi), forKey: "r")
        try await present(through: 30)
        #expect(try shown().position == CGPoint(x: 50, y: 50))
        #expect(try shown().bounds.size == CGSize(width: 60, height: 40))
        let scale = try #require(scaled.presentation()).transform
        #expect(abs(scale.m11 - 1.5) < 1e-9 && abs(scale.m22 - 1.5) < 1e-9 && abs(scale.m33 - 1.5) < 1e-9)
        let turn = try #require(spun.presentation()).transform
        #expect(abs(turn.m11 + 1) < 1e-9 && abs(turn.m12) < 1e-9, "a half turn: cos π = −1")
        try await present(through: 45)
        let late = try #require(spun.presentation()).transform
        #expect(abs(late.m11) < 1e-9 && abs(late.m12 + 1) < 1e-9, "three quarters: sin(3π/2) = −1")
    }

    @Test("An additive shake: position.x keyframes 0, 10, −10, 0 over 0.3 s add onto the model x 50: 60 at 0.1 s, 40 at 0.2 s")
    func anAdditiveShake() async throws {
        let shake = CAKeyframeAnimation(keyPath: "position.x")
        shake.values = [0, 10, -10, 0]
        shake.duration = 0.3
        shake.isAdditive = true
        layer.add(shake, forKey: "shake")
        try await present(through: 6)
        #expect(abs(try shown().position.x - 60) < 1e-9)
        try await present(through: 12)
        #expect(abs(try shown().position.x - 40) < 1e-9)
        #expect(layer.position.x == 50)
    }

    @Test("Keyframes 0, 1, 0.5 at key times 0, 0.25, 1 over 1 s: 1 at 0.25 s, 5/6 at 0.5 s, 2/3 at 0.75 s; key times of the wrong count are ignored (even spacing: 0.5 at 0.25 s)")
    func keyTimes() async throws {
        let keyed = CAKeyframeAnimation(keyPath: "opacity")
        keyed.values = [0, 1, 0.5]
        keyed.keyTimes = [0, 0.25, 1]
        keyed.duration = 1
        layer.add(keyed, forKey: "k")
        let other = CALayer()
        root.addSublayer(other)
        let ignored = CAKeyframeAnimation(keyPath: "opacity")
        ignored.values = [0, 1, 0.5]
        ignored.keyTimes = [0, 1]
        ignored.duration = 1
        other.add(ignored, forKey: "k")
        try await present(through: 15)  // 0.25 s
        #expect(abs(try shown().opacity - 1) < 1e-6)
        #expect(abs(try #require(other.presentation()).opacity - 0.5) < 1e-6, "evenly: half way to 1 at 0.25 s")
        try await present(through: 30)  // 0.5 s: a third of the way from 1 to 0.5
        #expect(abs(try shown().opacity - (1 - 0.5 / 3)) < 1e-6)
        try await present(through: 45)  // 0.75 s: two thirds
        #expect(abs(try shown().opacity - (1 - 1.0 / 3)) < 1e-6)
    }

    @Test("Discrete keyframes 0.2, 0.6, 1 at key times 0, 0.5, 0.75, 1 over 1 s hold each value: 0.2 at 0.25 s, 0.6 at 0.6 s, 1 at 0.8 s")
    func discreteKeyframes() async throws {
        let steps = CAKeyframeAnimation(keyPath: "opacity")
        steps.values = [0.2, 0.6, 1.0]
        steps.keyTimes = [0, 0.5, 0.75, 1]
        steps.calculationMode = .discrete
        steps.duration = 1
        layer.add(steps, forKey: "steps")
        try await present(through: 15)
        #expect(abs(try shown().opacity - 0.2) < 1e-6)
        try await present(through: 36)
        #expect(abs(try shown().opacity - 0.6) < 1e-6)
        try await present(through: 48)
        #expect(abs(try shown().opacity - 1) < 1e-6)
    }

    @Test("Paced keyframes through x 0, 30, 40 over 1 s move at constant speed: x 20 at 0.5 s (key times 0, 0.75, 1 from the distances)")
    func pacedKeyframes() async throws {
        let paced = CAKeyframeAnimation(keyPath: "position")
        paced.values = [CGPoint(x: 0, y: 50), CGPoint(x: 30, y: 50), CGPoint(x: 40, y: 50)]
        paced.keyTimes = [0, 0.1, 1]  // ignored when paced
        paced.calculationMode = .paced
        paced.duration = 1
        layer.add(paced, forKey: "p")
        try await present(through: 30)
        #expect(abs(try shown().position.x - 20) < 1e-9)
    }

    @Test(
        "CASpringAnimation's defaults (mass 1, stiffness 100, damping 10, ζ 0.5, ω 10/s) move position.x 0→100 as 100 × (1 − e^(−5t)(cos ω_d t + sin ω_d t / √3)); perceptualDuration 0.5 and bounce 0.3 give stiffness 157.9, damping 17.6"
    )
    func aSpring() async throws {
        let spring = CASpringAnimation(keyPath: "position.x")
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10 && spring.initialVelocity == 0)
        spring.fromValue = 0.0
        spring.toValue = 100.0
        spring.duration = spring.settlingDuration
        #expect(spring.settlingDuration > 1.2 && spring.settlingDuration < 1.5, "e^(−5t) within 0.1 % near 1.38 s: \(spring.settlingDuration)")
        layer.add(spring, forKey: "spring")
        let wd = 10 * (0.75).squareRoot()
        for frame in [12, 24, 36] {
            try await present(through: frame)
            let t = Double(frame) / 60
            let expected = 100 * (1 - exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t)))
            #expect(abs(try shown().position.x - expected) < 1e-6, "at \(t) s")
        }
        #expect(try shown().position.x > 100, "it overshoots by 0.6 s")
        let perceptual = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        #expect(perceptual.mass == 1 && abs(perceptual.stiffness - 157.91) < 0.01 && abs(perceptual.damping - 17.59) < 0.01)
        #expect(abs(perceptual.perceptualDuration - 0.5) < 1e-9 && abs(perceptual.bounce - 0.3) < 1e-9)
    }

    @Test("A group of 1 s: position.x 0→100 (duration 0: the group's) and opacity 1→0 over 2 s cut off at 1 s; at 0.5 s x 50 and opacity 0.75; the group's delegate hears the end")
    func aGroup() async throws {
        let group = CAAnimationGroup()
        let long = basic("opacity", from: 1.0, to: 0.0, duration: 2)
        group.animations = [basic("position.x", from: 0.0, to: 100.0, duration: 0), long]
        group.duration = 1
        let log = AnimationLog()
        group.delegate = log
        layer.add(group, forKey: "g")
        try await present(through: 30)
        #expect(abs(try shown().position.x - 50) < 1e-9)
        #expect(abs(try shown().opacity - 0.75) < 1e-6)
        try await present(through: 60)
        #expect(try shown().opacity == 1 && shown().position.x == 50)
        #expect(log.events == ["start", "stop true"] && layer.animationKeys() == nil)
    }

    @Test(
        "A pulse: a 0.5 s group of opacity 1 → 0.5 (linear) repeated twice, reversing: 0.75 at 0.25 s, 0.5 at 0.5 s, 0.75 again at 0.75 s on the way back, 1 at 1 s, 0.75 at 1.25 s, and the group's delegate hears the end after 2 s"
    )
    func aGroupRepeatsTheChildrenThatFillIt() async throws {
        let group = CAAnimationGroup()
        let fade = basic("opacity", from: 1.0, to: 0.5, duration: 0)
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        group.animations = [fade]
        group.duration = 0.5
        group.repeatCount = 2
        group.autoreverses = true
        let log = AnimationLog()
        group.delegate = log
        layer.add(group, forKey: "pulse")
        for (frame, opacity) in [(15, 0.75), (30, 0.5), (45, 0.75), (60, 1.0), (75, 0.75)] {
            try await present(through: frame)
            let shownOpacity = Double(try shown().opacity)
            #expect(abs(shownOpacity - opacity) < 1e-6, "frame \(frame): \(shownOpacity)")
        }
        #expect(log.events == ["start"])
        try await present(through: 121)
        #expect(log.events == ["start", "stop true"])
    }

    @Test("A 2 s group whose one child (opacity 1 → 0.5) lasts 0.5 s: the child shows its end-less model after 0.5 s, and the group's delegate hears the end only after 2 s")
    func aGroupLastsItsDuration() async throws {
        let group = CAAnimationGroup()
        group.animations = [basic("opacity", from: 1.0, to: 0.5, duration: 0.5)]
        group.duration = 2
        let log = AnimationLog()
        group.delegate = log
        layer.add(group, forKey: "g")
        try await present(through: 15)
        #expect(abs(try shown().opacity - 0.75) < 1e-6)
        try await present(through: 60)
        #expect(try shown().opacity == 1, "the child ended at 0.5 s")
        #expect(log.events == ["start"] && layer.animationKeys() == ["g"], "the group runs on")
        try await present(through: 120)
        #expect(log.events == ["start", "stop true"] && layer.animationKeys() == nil)
    }

    @Test("Timing: speed 2 ends a 1 s animation at 0.5 s; a time offset of 0.5 s starts half way; autoreverses with repeatCount 1 is back at the start at 2 s (half way at 1.5 s)")
    func timing() async throws {
        let fast = basic("position.x", from: 0.0, to: 100.0)
        fast.speed = 2
        fast.fillMode = .forwards
        fast.isRemovedOnCompletion = false
        layer.add(fast, forKey: "fast")
        let offset = CALayer(), back = CALayer()
        root.addSublayer(offset)
        root.addSublayer(back)
        let later = basic("position.x", from: 0.0, to: 100.0)
        later.timeOffset = 0.5
        offset.add(later, forKey: "o")
        let there = basic("position.x", from: 0.0, to: 100.0)
        there.autoreverses = true
        there.repeatCount = 1
        back.add(there, forKey: "b")
        try await present(through: 15)
        #expect(abs(try shown().position.x - 50) < 1e-9, "0.25 s at twice the speed")
        #expect(abs(try #require(offset.presentation()).position.x - 75) < 1e-9, "0.25 s after starting at 0.5")
        try await present(through: 30)
        #expect(abs(try shown().position.x - 100) < 1e-9)
        try await present(through: 90)
        #expect(abs(try #require(back.presentation()).position.x - 50) < 1e-9)
        try await present(through: 119)
        #expect(back.animationKeys() == ["b"])
        try await present(through: 120)
        #expect(back.animationKeys() == nil)
    }

    @Test("A transaction's completion block waits for the explicit animations added in it: not after frame 59, after frame 60 (1 s)")
    func transactionCompletionWaits() async throws {
        var done = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { done = true }
        layer.add(basic("opacity", from: 1.0, to: 0.0), forKey: "fade")
        CATransaction.commit()
        try await present(through: 59)
        await nextTurn()
        #expect(!done)
        try await present(through: 60)
        await nextTurn()
        #expect(done)
    }

    /// Records the events it is run for.
    final class RecordingAction: CAAction {
        var events: [String] = []
        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
            events.append(event + ((anObject as? CALayer) != nil ? " on a layer" : ""))
        }
    }

    /// Answers NSNull for bounds, nothing for the rest.
    final class NoBoundsDelegate: CALayerDelegate {
        func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { event == "bounds" ? NSNull() : nil }
    }

    @Test(
        "Actions: NSNull in `actions` turns position's implicit animation off (opacity still animates); an animation there runs from the old value (opacity 1 → 0 over 1 s is 0.5 half way); a custom action is run with the event; disableActions runs none"
    )
    func actionsReplaceImplicitAnimations() async throws {
        try await present(through: 0)
        let custom = CABasicAnimation()
        custom.duration = 1
        let recorder = RecordingAction()
        layer.actions = ["position": NSNull(), "opacity": custom, "cornerRadius": recorder]
        layer.position = CGPoint(x: 10, y: 10)
        #expect(layer.animationKeys() == nil, "no animation for position")
        layer.opacity = 0
        #expect(layer.animationKeys() == ["opacity"])
        layer.cornerRadius = 5
        #expect(recorder.events == ["cornerRadius on a layer"])
        try await present(through: 31)  // it began with frame 1
        let fading = try shown().opacity
        #expect(abs(fading - 0.5) < 1e-6, "from 1 to the model's 0, linear (no timing function): \(fading)")
        #expect(try shown().position == CGPoint(x: 10, y: 10))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.cornerRadius = 9
        CATransaction.commit()
        #expect(recorder.events == ["cornerRadius on a layer"], "actions disabled: not run")
    }

    @Test(
        "action(forKey:): a standalone layer answers a 0.25 s CABasicAnimation for position, nil for a property that does not animate or one its actions or delegate set to NSNull"
    )
    func actionForKey() async throws {
        let implicit = try #require(layer.action(forKey: "position") as? CABasicAnimation)
        #expect(implicit.keyPath == "position" && implicit.duration == 0.25)
        #expect(layer.action(forKey: "masksToBounds") == nil)
        layer.actions = ["opacity": NSNull()]
        #expect(layer.action(forKey: "opacity") == nil)
        let delegate = NoBoundsDelegate()
        let other = CALayer()
        other.delegate = delegate
        #expect(other.action(forKey: "bounds") == nil && other.action(forKey: "position") is CABasicAnimation)
        withExtendedLifetime(delegate) {}
    }

    @Test(
        "Values boxed the UIKit way: NSValue(cgPoint:) 0,50 → 100,50 for position, NSValue(caTransform3D:) scale 1 → 3 for transform: half way (50, 50) and scale 2; NSNumber for opacity"
    )
    func boxedValues() async throws {
        layer.add(basic("position", from: NSValue(cgPoint: CGPoint(x: 0, y: 50)), to: NSValue(cgPoint: CGPoint(x: 100, y: 50))), forKey: "p")
        layer.add(
            basic("transform", from: NSValue(caTransform3D: CATransform3DIdentity), to: NSValue(caTransform3D: CATransform3DMakeScale(3, 3, 1))),
            forKey: "t")
        layer.add(basic("opacity", from: NSNumber(value: 1), to: NSNumber(value: 0)), forKey: "o")
        #expect(NSValue(caTransform3D: CATransform3DMakeScale(3, 3, 1)).caTransform3DValue == CATransform3DMakeScale(3, 3, 1))
        #expect(NSValue(cgAffineTransform: CGAffineTransform(scaleX: 2, y: 3)).cgAffineTransformValue == CGAffineTransform(scaleX: 2, y: 3))
        #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
        try await present(through: 30)
        #expect(try shown().position == CGPoint(x: 50, y: 50))
        let scale = try shown().transform
        #expect(abs(scale.m11 - 2) < 1e-9 && abs(scale.m22 - 2) < 1e-9)
        #expect(abs(try shown().opacity - 0.5) < 1e-6)
    }

    @Test("Values of the wrong type or an unknown key path animate nothing: the model shows")
    func badValuesAnimateNothing() async throws {
        layer.add(basic("opacity", from: "none", to: 0.0), forKey: "bad")
        layer.add(basic("noSuchProperty", from: 0.0, to: 1.0), forKey: "unknown")
        try await present(through: 30)
        #expect(try shown().opacity == 1)
        #expect(try shown().backgroundColor == CGColor.red)
    }
}

/// An explicit animation drawn by the render thread (the same keyframes, evaluated there).
@MainActor
@Suite(.tags(.gpu), .requiresGPU) struct CAAnimationPixelTests {
    @Test(
        "Scene: white 100×100 root, a red 20×20 layer whose position.x animates 20→80 over 1 s linear: at 0.5 s red at (50, 50), white at (25, 50); at 1 s it is back at its model x 20"
    )
    func theRenderThreadDrawsKeyframes() async throws {
        let f = try ContextFixture(gpu: true)
        let square = CALayer()
        square.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        square.position = CGPoint(x: 20, y: 50)
        square.backgroundColor = CGColor.red
        f.root.addSublayer(square)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 20.0
        move.toValue = 80.0
        move.duration = 1
        square.add(move, forKey: "move")
        var frame = 0
        var image = try await f.renderUntil(frame: 30, from: &frame)
        expectPixel(image, 50, 50, .red, "(50, 50): the square's centre at 0.5 s")
        expectPixel(image, 25, 50, .white, "(25, 50): left of it")
        image = try await f.renderUntil(frame: 60, from: &frame)
        expectPixel(image, 20, 50, .red, "(20, 50): removed, the model position")
        expectPixel(image, 50, 50, .white, "(50, 50)")
        await f.finish()
    }
}
