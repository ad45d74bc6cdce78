import Foundation
import StrataCore
import Testing

@testable import StrataGraphics

/// `CGPath` building: rounded rectangles as Core Graphics makes them, and input at the ends of
/// the number line. Drawn on the CPU into a bitmap where pixels are checked (no GPU).
@Suite struct CGPathTests {
    /// `path` filled opaque red into a cleared 40×20 bitmap at one pixel a point.
    private func filled(_ path: CGPath) -> RGBAImage {
        let canvas = ImageCanvas(bounds: CGRect(x: 0, y: 0, width: 40, height: 20), scale: 1, opaque: false)
        canvas.context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        canvas.context.addPath(path)
        canvas.context.fillPath()
        return canvas.cgImage().image
    }

    @Test(
        "CGPath(roundedRect: 0, 0, 30, 20, cornerWidth: 4, cornerHeight: 4) is bounded by its rectangle; with a scale-2 transform by (0, 0, 60, 40); a corner of 0 makes the plain rectangle"
    )
    func roundedRectsAreBoundedByTheirRectangle() {
        let rect = CGRect(x: 0, y: 0, width: 30, height: 20)
        #expect(CGPath(roundedRect: rect, cornerWidth: 4, cornerHeight: 4, transform: nil).boundingBox == rect)
        var double = CGAffineTransform(scaleX: 2, y: 2)
        let doubled = CGPath(roundedRect: rect, cornerWidth: 4, cornerHeight: 4, transform: &double).boundingBox
        // (Its arcs, transformed, become curves: the box is exact to rounding.)
        #expect(
            abs(doubled.minX) < 1e-9 && abs(doubled.minY) < 1e-9 && abs(doubled.width - 60) < 1e-9 && abs(doubled.height - 40) < 1e-9, "\(doubled)")
        let plain = CGMutablePath()
        plain.addRoundedRect(in: rect, cornerWidth: 0, cornerHeight: 4)
        #expect(plain.elements.count == CGPath(rect: rect).elements.count && plain.boundingBox == rect)
        let moved = CGMutablePath()
        moved.addRoundedRect(in: rect, cornerWidth: 4, cornerHeight: 4, transform: CGAffineTransform(translationX: 5, y: 7))
        #expect(moved.boundingBox == CGRect(x: 5, y: 7, width: 30, height: 20))
    }

    @Test(
        "A 40×20 rounded rectangle with corners 20 wide and 10 tall has elliptical corners, as Core Graphics draws them: pixel (4, 2) lies outside the quarter ellipse (clear), where a circular corner of 10 would cover it; the middle (20, 10) and the edge midpoints (20, 1), (1, 10) are red"
    )
    func roundedRectCornersAreEllipses() {
        let image = filled(CGPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 20, cornerHeight: 10, transform: nil))
        #expect(image[4, 2].a < 64, "\(image[4, 2])")
        for (x, y) in [(20, 10), (20, 1), (1, 10)] { #expect(image[x, y] == RGBA8(255, 0, 0), "(\(x), \(y)): \(image[x, y])") }
        let circular = filled(CGPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 10, cornerHeight: 10, transform: nil))
        #expect(circular[4, 2].a > 128, "a circular corner of 10 covers (4, 2): \(circular[4, 2])")
    }

    @Test("Arcs with absurd angles (a start of 1e17 radians, an end of NaN) finish, and the path scaled by 2 stays within 40 points")
    func arcsWithAbsurdAnglesFinish() {
        let arc = CGMutablePath()
        arc.addArc(center: .zero, radius: 10, startAngle: 1e17, endAngle: 0, clockwise: false)
        arc.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .nan, clockwise: false)
        let path = CGMutablePath()
        path.addPath(arc, transform: CGAffineTransform(scaleX: 2, y: 2))
        #expect(path.boundingBox.width <= 40)
    }
}
