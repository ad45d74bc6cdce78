import Foundation
import StrataGraphics
import Testing

/// `CGPath` building with input at the ends of the number line.
@Suite struct CGPathTests {
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
