import Foundation
@_spi(Testing) import Strata
import StrataCore
import StrataTesting
import Testing

/// `UIView.mask`: the rules read back through the API (no GPU), a scene drawn on the GPU and by
/// `render(in:)` on the CPU, checked at named points.
@MainActor
@Suite struct UIViewMaskTests {
    @Test("UIView.mask: the mask view's layer masks the view's layer; a subview made a mask leaves its superview")
    func viewMaskRules() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50)), maskView = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        view.addSubview(maskView)
        view.mask = maskView
        #expect(view.mask === maskView && view.layer.mask === maskView.layer)
        #expect(maskView.superview == nil && view.subviews.isEmpty)
        view.mask = nil
        #expect(view.layer.mask == nil)
    }

    @Test("A view's mask given to another view is no longer the first's, and can be given back")
    func masksMoving() {
        let v = UIView(), w = UIView(), maskView = UIView()
        v.mask = maskView
        w.mask = maskView
        #expect(v.mask == nil && w.mask === maskView)
        v.mask = maskView
        #expect(v.mask === maskView && v.layer.mask === maskView.layer && w.mask == nil)
    }

    /// A red 60×60 view at (20, 20) in a white window, with a blue 20×60 subview along its right
    /// edge, masked by `mask` (in the red view's bounds).
    func maskedScene(_ f: ScreenFixture, mask: UIView) -> UIView {
        let red = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
        red.backgroundColor = .red
        let strip = UIView(frame: CGRect(x: 40, y: 0, width: 20, height: 60))
        strip.backgroundColor = .blue
        red.addSubview(strip)
        red.mask = mask
        f.window.addSubview(red)
        return red
    }

    @Test(
        "Scene on the GPU: a red 60×60 view at (20, 20) with a blue strip on its right, masked by an opaque black 30×60 view on its left half: red at (30, 50), white at (65, 50) (strip and red cut), white at (10, 10); a mask at alpha 0.5 shows red half over white at (30, 50)",
        .tags(.gpu), .requiresGPU
    )
    func viewMaskOnTheGPU() async throws {
        let f = try ScreenFixture(gpu: true)
        let mask = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 60))
        mask.backgroundColor = .black
        _ = maskedScene(f, mask: mask)
        var image = try await f.render()
        expectPixel(image, 30, 50, .red, "(30, 50): under the mask")
        expectPixel(image, 65, 50, .white, "(65, 50): past the mask (the blue strip is cut too)")
        expectPixel(image, 10, 10, .white, "(10, 10): outside the view")
        mask.backgroundColor = UIColor.black.withAlphaComponent(0.5)
        image = try await f.render()
        expectPixel(image, 30, 50, RGBA8(255, 128, 128), tolerance: 2, "(30, 50): half the red over white")
        await f.finish()
    }

    @Test("render(in:) applies the mask: the red view's left half only, at (30, 50) red and (65, 50) clear")
    func maskOnTheCPU() throws {
        let red = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let inner = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
        inner.backgroundColor = .red
        red.addSubview(inner)
        let mask = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 60))
        mask.backgroundColor = .black
        inner.mask = mask
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 100), format: format).image { red.layer.render(in: $0.cgContext) }
        let pixels = try #require(image.cgImage?.image)
        expectPixel(pixels, 30, 50, RGBA8(255, 0, 0), "(30, 50): under the mask")
        expectPixel(pixels, 65, 50, RGBA8(0, 0, 0, 0), "(65, 50): cut")
    }
}
