import Foundation
import StrataCore
import StrataGraphics
import StrataTesting
import Testing

@_spi(Testing) import StrataQuartz

/// `CALayer.render(in:)`: the layer tree drawn on the CPU (no GPU), pixels at named points.
@MainActor
@Suite struct CALayerRenderTests {
    @Test("render(in:) leaves out hidden layers, clips to masksToBounds, and draws model values (an animation in flight is not drawn)")
    func renderDrawsTheModel() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.anchorPoint = .zero
        root.masksToBounds = true
        let hidden = CALayer(), overflowing = CALayer()
        hidden.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        hidden.backgroundColor = CGColor.red
        hidden.isHidden = true
        overflowing.frame = CGRect(x: 10, y: 10, width: 30, height: 30)
        overflowing.backgroundColor = CGColor.green
        root.addSublayer(hidden)
        root.addSublayer(overflowing)
        let fade = CABasicAnimation(keyPath: "opacity")
        (fade.fromValue, fade.toValue, fade.duration) = (0.0, 0.0, 10)
        overflowing.add(fade, forKey: "fade")
        let p = try rendered(root, width: 40, height: 40)
        #expect(p[5, 5] == RGBA8(0, 0, 0, 0), "the hidden layer is not drawn")
        #expect(p[15, 15] == .green, "the model's opacity 1, not the animation's 0")
        #expect(p[25, 25] == RGBA8(0, 0, 0, 0), "clipped to the root's bounds")
    }

    @Test(
        "render(in:) casts a picture's shadow as the compositor does: a clear 40×40 layer whose red 20×20 sublayer sits at its top-left, shadow offset (10, 10), radius 0, on white: black at (25, 25) where only the shadow is, red at (15, 15), white at (35, 15) and (5, 35)"
    )
    func renderCastsThePicturesShadow() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        root.backgroundColor = CGColor.white
        let card = CALayer()
        card.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let red = CALayer()
        red.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        red.backgroundColor = CGColor.red
        card.addSublayer(red)
        card.shadowOpacity = 1
        card.shadowRadius = 0
        card.shadowOffset = CGSize(width: 10, height: 10)
        root.addSublayer(card)
        let p = try rendered(root, width: 50, height: 50)
        #expect(p[25, 25] == RGBA8(0, 0, 0), "\(p[25, 25])")
        #expect(p[15, 15] == .red && p[35, 15] == .white && p[5, 35] == .white)
    }
}
