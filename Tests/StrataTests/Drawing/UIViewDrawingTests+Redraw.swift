import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// Redrawing a view's backing store: a new bitmap goes up whole, a view that painted nothing
/// draws once it paints, and a full redraw that paints nothing drops the store.
extension UIViewDrawingTests {
    @Test(.tags(.gpu), .requiresGPU) func aNewBitmapGoesUpWholeEvenAfterALaterPartialRedraw() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = SolidDrawingView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        f.window.addSubview(view)
        _ = try await f.render()
        view.bounds.size = CGSize(width: 30, height: 30)
        view.setNeedsDisplay()
        view.layer.displayIfNeeded()
        view.setNeedsDisplay(CGRect(x: 0, y: 0, width: 4, height: 4))
        let image = try await f.render()
        let last = try #require(f.commits.contentsUpdates(for: view.layer).last)
        #expect(last.size == PixelSize(width: 30, height: 30) && last.region == PixelRect(x: 0, y: 0, width: 30, height: 30))
        expectPixel(image, 22, 22, .red, "the whole new bitmap shows")
        await f.finish()
    }
    @Test(.tags(.gpu), .requiresGPU) func aViewThatPaintsNothingOnceStillDrawsLater() async throws {
        final class Toggle: UIView {
            var on = false
            override func draw(_ rect: CGRect) {
                super.draw(rect)
                guard on else { return }
                UIColor.red.setFill()
                UIRectFill(bounds)
            }
        }
        let f = try ScreenFixture(gpu: true)
        let first = Toggle(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        f.window.addSubview(first)
        var image = try await f.render()
        expectPixel(image, 10, 10, .white, "nothing painted yet")
        #expect(first.layer.contents == nil, "and no backing store was kept")
        first.on = true
        first.setNeedsDisplay()
        let second = Toggle(frame: CGRect(x: 50, y: 0, width: 20, height: 20))
        second.on = true
        f.window.addSubview(second)
        image = try await f.render()
        expectPixel(image, 10, 10, .red, "the same view paints now")
        expectPixel(image, 60, 10, .red, "and so does another of its class")
        await f.finish()
    }
    @Test(.tags(.gpu), .requiresGPU) func aFullRedrawThatPaintsNothingDropsTheBackingStore() async throws {
        final class Blinker: UIView {
            var paints = true
            override func draw(_ rect: CGRect) {
                guard paints else { return }
                UIColor.red.setFill()
                UIRectFill(bounds)
            }
        }
        let f = try ScreenFixture(gpu: true)
        let view = Blinker(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        f.window.addSubview(view)
        var image = try await f.render()
        expectPixel(image, 10, 10, .red, "painted")
        view.paints = false
        view.setNeedsDisplay()
        image = try await f.render()
        expectPixel(image, 10, 10, .white, "nothing painted: the window shows through")
        #expect(view.layer.contents == nil, "no transparent bitmap is kept")
        #expect(f.commits.commits.last?.operations.contains(.setContents(view.layer._id, nil)) == true)
        await f.finish()
    }
}
