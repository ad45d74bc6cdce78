import Foundation
import StrataCore
import StrataGraphics
import StrataTesting
import Testing

@_spi(Testing) import StrataQuartz

/// `CALayer.mask`: the rules read back through the API (no GPU), and scenes composited on the
/// GPU, checked at named points, in a white 100×100 context.
@MainActor
@Suite struct CALayerMaskTests {
    @Test("A mask has no superlayer: a sublayer made a mask leaves its superlayer; a mask given to a second layer leaves the first")
    func maskRules() {
        let a = CALayer(), b = CALayer(), parent = CALayer(), m = CALayer()
        #expect(a.mask == nil)
        parent.addSublayer(m)
        a.mask = m
        #expect(a.mask === m && m.superlayer == nil && parent.sublayers == nil)
        b.mask = m
        #expect(b.mask === m && a.mask == nil)
        b.mask = nil
        #expect(b.mask == nil)
    }

    @Test("A mask added as a sublayer stops masking")
    func aMaskAddedAsASublayerStopsMasking() {
        let a = CALayer(), b = CALayer(), m = CALayer()
        a.mask = m
        b.addSublayer(m)
        #expect(a.mask == nil && m.superlayer === b)
    }

    @Test(
        "Scene on the GPU: a red 60×60 layer at (50, 50) turned 60° about its vertical axis in perspective (m34 −1/500), masked by a black layer over its left half: it shows about 30 wide (cos 60°), red left of centre at (41, 50), white right of it at (59, 50) where the mask left nothing, white beyond at (25, 50)",
        .tags(.gpu), .requiresGPU
    )
    func aMaskFollowsItsLayerIn3D() async throws {
        let f = try ContextFixture(gpu: true)
        let layer = CALayer()
        layer.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        layer.backgroundColor = CGColor.red
        var turn = CATransform3DIdentity
        turn.m34 = -1.0 / 500
        layer.transform = CATransform3DRotate(turn, .pi / 3, 0, 1, 0)
        let half = CALayer()
        half.frame = CGRect(x: 0, y: 0, width: 30, height: 60)
        half.backgroundColor = CGColor.black
        layer.mask = half
        f.root.addSublayer(layer)
        let image = try await f.render()
        expectPixel(image, 41, 50, .red, "(41, 50): the masked-in left half, turned")
        expectPixel(image, 59, 50, .white, "(59, 50): the right half, cut")
        expectPixel(image, 25, 50, .white, "(25, 50): beyond the turned layer")
        await f.finish()
    }

    @Test(
        "Scene on the GPU: a red 60×60 layer at (50, 50) masked by a shape layer filling a circle of radius 30 in its bounds: red at the centre, white at the corner (22, 22); moving the mask right by 30 shows red at (75, 50) and white at (25, 50)",
        .tags(.gpu), .requiresGPU
    )
    func shapeMaskOnTheGPU() async throws {
        let f = try ContextFixture(gpu: true)
        let layer = CALayer()
        layer.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        layer.backgroundColor = CGColor.red
        let circle = CAShapeLayer()
        circle.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 60), transform: nil)
        layer.mask = circle
        f.root.addSublayer(layer)
        var image = try await f.render()
        expectPixel(image, 50, 50, .red, "(50, 50): the circle's centre")
        expectPixel(image, 22, 22, .white, "(22, 22): the corner, outside the circle")
        CATransaction.setDisableActions(true)
        circle.position = CGPoint(x: 30, y: 0)
        image = try await f.render()
        expectPixel(image, 75, 50, .red, "(75, 50): inside the moved circle")
        expectPixel(image, 25, 50, .white, "(25, 50): outside it now")
        await f.finish()
    }
}
