import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// `CGContext` drawing in a view's `draw(_:)`, read back from the GPU: stroke widths, transformed
/// arcs and clips keep Core Graphics' rules.
@MainActor
@Suite struct CGContextDrawingTests {
    @Test(.tags(.gpu), .requiresGPU) func strokesAreOnePointWideByDefault() async throws {
        final class Line: UIView {
            override func draw(_ rect: CGRect) {
                let ctx = UIGraphicsGetCurrentContext()!
                ctx.setStrokeColor(UIColor.black.cgColor)
                ctx.move(to: CGPoint(x: 10.5, y: 0))
                ctx.addLine(to: CGPoint(x: 10.5, y: 20))
                ctx.strokePath()
            }
        }
        let f = try ScreenFixture(gpu: true)
        f.window.addSubview(Line(frame: CGRect(x: 0, y: 0, width: 20, height: 20)))
        let image = try await f.render()
        expectPixel(image, 10, 10, .black, "the one-point line covers pixel 10")
        expectPixel(image, 9, 10, .white, "and not its neighbour (a 2-point line would half cover it)")
        await f.finish()
    }
    @Test(.tags(.gpu), .requiresGPU) func transformedArcsKeepTheirShape() async throws {
        final class Ellipse: UIView {
            override func draw(_ rect: CGRect) {
                let circle = CGMutablePath()
                circle.addArc(center: CGPoint(x: 10, y: 10), radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
                let path = CGMutablePath()
                path.addPath(circle, transform: CGAffineTransform(scaleX: 4, y: 2))  // 80×40 ellipse at (0, 0)
                let ctx = UIGraphicsGetCurrentContext()!
                ctx.setFillColor(UIColor.red.cgColor)
                ctx.addPath(path)
                ctx.fillPath()
            }
        }
        let f = try ScreenFixture(gpu: true)
        f.window.addSubview(Ellipse(frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
        let image = try await f.render()
        expectPixel(image, 75, 20, .red, "inside the ellipse's long axis (a circle of the mean radius would miss it)")
        expectPixel(image, 40, 36, .red, "inside near the bottom")
        expectPixel(image, 40, 45, .white, "below the ellipse")
        await f.finish()
    }
    @Test(.tags(.gpu), .requiresGPU) func clipToRectKeepsTheCurrentPath() async throws {
        final class Clipped: UIView {
            override func draw(_ rect: CGRect) {
                let ctx = UIGraphicsGetCurrentContext()!
                ctx.setFillColor(UIColor.red.cgColor)
                ctx.addRect(CGRect(x: 0, y: 0, width: 40, height: 40))
                ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 40))
                ctx.fillPath()
            }
        }
        let f = try ScreenFixture(gpu: true)
        f.window.addSubview(Clipped(frame: CGRect(x: 0, y: 0, width: 40, height: 40)))
        let image = try await f.render()
        expectPixel(image, 10, 10, .red, "the path survived the clip and filled")
        expectPixel(image, 30, 10, .white, "cut by the clip")
        await f.finish()
    }
}
