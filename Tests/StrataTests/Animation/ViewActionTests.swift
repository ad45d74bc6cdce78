import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// A view's layer asks its view for the action of every change (`CALayerDelegate`'s
/// `action(for:forKey:)`), before the change, in or out of animation blocks; UIKit's own switches
/// (`performWithoutAnimation`, `setAnimationsEnabled`) turn views' animations off and leave
/// standalone layers' implicit animations alone. Over the recording sink, on the virtual 60 Hz
/// clock (frame n at n/60 s); an animation added in a turn begins at the next frame.
@MainActor
@Suite struct ViewActionTests {
    /// A view that answers its own actions for some properties and UIKit's for the rest.
    final class ActingView: UIView {
        /// What `action(for:forKey:)` answers per event; events not named get `super`'s answer.
        var answers: [String: @MainActor (CALayer) -> (any CAAction)?] = [:]
        /// The events the layer asked about, in order.
        var asked: [String] = []

        override func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
            asked.append(event)
            guard let answer = answers[event] else { return super.action(for: layer, forKey: event) }
            return answer(layer)
        }
    }

    /// A 10×10 acting view at (0, 0) in a 100×100 window, presented in frame 0.
    private func actingView(_ f: ScreenFixture) async throws -> ActingView {
        let view = ActingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(view)
        try await f.screen.present(through: 0)
        return view
    }

    @Test(
        "An override's animation for opacity runs outside any block (UIKit's own answer there is NSNull): asked before the change (it reads opacity 1), a 1 s linear fade from 1 to 0 shows 0.5 at frame 31 and 0 from frame 61"
    )
    func anOverridesActionRunsOutsideBlocks() async throws {
        let f = try ScreenFixture()
        let view = try await actingView(f)
        var seen: Float?
        view.answers["opacity"] = { layer in
            seen = layer.opacity
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.duration = 1
            fade.timingFunction = CAMediaTimingFunction(name: .linear)
            return fade
        }
        view.alpha = 0
        #expect(seen == 1, "the layer asks before the change: the model still reads 1")
        #expect(view.layer.animationKeys() == ["opacity"])
        try await f.screen.present(through: 31)
        let half = try #require(view.layer.presentation()).opacity
        #expect(abs(half - 0.5) < 1e-5, "half way at frame 31 (began at frame 1): \(half)")
        try await f.screen.present(through: 61)
        #expect(try #require(view.layer.presentation()).opacity == 0)
        #expect(view.layer.opacity == 0 && view.alpha == 0, "the model jumped to the target")
    }

    @Test(
        "UIView's own answer: NSNull outside blocks and inside performWithoutAnimation; inside a 2 s linear block with a 0.5 s delay a CABasicAnimation of the property from its old value (center (5, 5)) with the block's duration, delay and curve"
    )
    func uiViewsOwnAnswer() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(view.action(for: view.layer, forKey: "position") is NSNull)
        var inside: (any CAAction)?, without: (any CAAction)?, notAProperty: (any CAAction)?
        UIView.animate(withDuration: 2, delay: 0.5, options: .curveLinear) {
            inside = view.action(for: view.layer, forKey: "position")
            notAProperty = view.action(for: view.layer, forKey: "masksToBounds")
            UIView.performWithoutAnimation { without = view.action(for: view.layer, forKey: "position") }
        }
        let animation = try #require(inside as? CABasicAnimation)
        #expect(animation.keyPath == "position" && animation.duration == 2 && animation.beginTime == 0.5)
        #expect((animation.fromValue as? NSValue)?.cgPointValue == CGPoint(x: 5, y: 5))
        var points: [Float] = [0, 0]
        try #require(animation.timingFunction).getControlPoint(at: 1, values: &points)
        #expect(points == [0, 0], "linear: the first control point at (0, 0)")
        #expect(without is NSNull && notAProperty is NSNull)
    }

    @Test(
        "The corner-radius recipe: an override that builds its cornerRadius animation from super's backgroundColor action animates with the block: in a 1 s linear block 0 → 20 shows 10 at frame 31"
    )
    func theCornerRadiusRecipeFollowsTheBlock() async throws {
        let f = try ScreenFixture()
        let view = try await actingView(f)
        view.answers["cornerRadius"] = { [unowned view] layer in
            guard let template = view.superAction(for: layer, forKey: "backgroundColor") as? CABasicAnimation else { return NSNull() }
            let animation = CABasicAnimation(keyPath: "cornerRadius")
            animation.fromValue = layer.cornerRadius
            animation.duration = template.duration
            animation.timingFunction = template.timingFunction
            return animation
        }
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.layer.cornerRadius = 20 }
        #expect(view.layer.animation(forKey: "cornerRadius") is CABasicAnimation, "added under the event's name")
        try await f.screen.present(through: 31)
        let half = try #require(view.layer.presentation()).cornerRadius
        #expect(abs(half - 10) < 1e-4, "half way: \(half)")
    }

    @Test(
        "An override answering NSNull for position inside a 1 s block makes the move jump while the same block animates the view's bounds; one answering nil lets the layer animate implicitly (Core Animation's 0.25 s) outside blocks"
    )
    func nullJumpsAndNilAnimatesImplicitly() async throws {
        let f = try ScreenFixture()
        let view = try await actingView(f)
        view.answers["position"] = { _ in NSNull() }
        UIView.animate(withDuration: 1) {
            view.center = CGPoint(x: 50, y: 50)
            view.bounds.size = CGSize(width: 30, height: 30)
        }
        try await f.screen.present(through: 10)
        let shown = try #require(view.layer.presentation())
        #expect(shown.position == CGPoint(x: 50, y: 50), "NSNull: no animation of position")
        #expect(shown.bounds.width > 10 && shown.bounds.width < 30, "bounds animating: \(shown.bounds.width)")
        #expect(view.asked.contains("position") && view.asked.contains("bounds"))

        view.answers["opacity"] = { _ in nil }
        view.layer.opacity = 0.5
        #expect(view.layer.animationKeys()?.contains("opacity") == true, "nil: the layer's implicit animation")
        let implicit = try #require(view.layer.animation(forKey: "opacity"))
        #expect(implicit.duration == 0.25)
    }

    @Test(
        "performWithoutAnimation and setAnimationsEnabled(false) stop views' animations only: in a 1 s block a view's move jumps while a standalone layer on screen still takes its 0.25 s implicit animation"
    )
    func uikitsSwitchesLeaveStandaloneLayersAlone() async throws {
        let f = try ScreenFixture()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 20, width: 10, height: 10)
        f.window.addSubview(view)
        f.window.layer.addSublayer(layer)
        try await f.screen.present(through: 0)
        UIView.animate(withDuration: 1) {
            UIView.performWithoutAnimation {
                view.center.x = 85
                layer.position.x = 85
            }
        }
        #expect(view.layer.animationKeys() == nil, "the view jumps")
        #expect(layer.animationKeys() == ["position"], "the standalone layer animates implicitly")

        UIView.setAnimationsEnabled(false)
        defer { UIView.setAnimationsEnabled(true) }
        UIView.animate(withDuration: 1) {
            view.alpha = 0.5
            layer.opacity = 0.5
        }
        #expect(view.layer.animation(forKey: "opacity") == nil, "animations disabled: the view's alpha jumps")
        #expect(layer.animation(forKey: "opacity")?.duration == 0.25, "the standalone layer: its implicit animation")
    }

    @Test(
        "animation(forKey:) answers a block's animation by its property's name, as Core Animation shows it: a 0.5 s ease-in move of center x 5 → 85 is an additive CABasicAnimation from (−80, 0) to (0, 0) with control point (0.42, 0); a spring block's is a CASpringAnimation; none once they ended"
    )
    func animationForKeyDescribesBlockAnimations() async throws {
        let f = try ScreenFixture()
        let view = try await actingView(f)
        UIView.animate(withDuration: 0.5, delay: 0, options: .curveEaseIn) { view.center.x = 85 }
        let move = try #require(view.layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(move.keyPath == "position" && move.duration == 0.5 && move.isAdditive)
        #expect((move.fromValue as? NSValue)?.cgPointValue == CGPoint(x: -80, y: 0))
        #expect((move.toValue as? NSValue)?.cgPointValue == CGPoint(x: 0, y: 0))
        var point: [Float] = [0, 0]
        try #require(move.timingFunction).getControlPoint(at: 1, values: &point)
        #expect(point == [0.42, 0])
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: []) {
            view.bounds.size.width = 30
        }
        // UIKit adds a view's bounds as two additive animations, `bounds.origin` and `bounds.size`.
        #expect(view.layer.animation(forKey: "bounds") == nil)
        let spring = try #require(view.layer.animation(forKey: "bounds.size") as? CASpringAnimation)
        #expect(spring.keyPath == "bounds.size" && spring.isAdditive)
        #expect((spring.fromValue as? NSValue)?.cgSizeValue == CGSize(width: -20, height: 0), "10 less 30")
        #expect(spring.mass == 1 && spring.stiffness > 0 && spring.damping > 0)
        #expect(abs(spring.damping / (2 * spring.stiffness.squareRoot()) - 0.5) < 1e-9, "damping ratio 0.5")
        #expect(view.layer.animation(forKey: "opacity") == nil)
        try await f.screen.present(through: 80)
        #expect(view.layer.animation(forKey: "position") == nil && view.layer.animation(forKey: "bounds.size") == nil)
    }
}

extension ViewActionTests.ActingView {
    /// `UIView`'s own answer, for the override's closures.
    func superAction(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        let saved = answers.removeValue(forKey: event)
        defer { answers[event] = saved }
        return action(for: layer, forKey: event)
    }
}

extension ViewActionTests {
    @Test("A view's CAShapeLayer does not animate a change of strokeEnd outside an animation block (the view answers no action)")
    func aViewsShapeLayerHasNoImplicitAnimation() async throws {
        final class ShapeView: UIView {
            override class var layerClass: CALayer.Type { CAShapeLayer.self }
        }
        let f = try ScreenFixture()
        let view = ShapeView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(view)
        try await f.screen.present(through: 0)
        let backing = try #require(view.layer as? CAShapeLayer)
        backing.strokeEnd = 0.3
        #expect(backing.animationKeys() == nil)
        try await f.screen.present(through: 1)
        #expect(try #require(backing.presentation()).strokeEnd == 0.3)
    }
}
