import Foundation
import Testing

@testable import StrataGraphics

/// `CGPath` read back as Core Graphics reports it: its elements, current point, boxes, the fill
/// test, rectangles, copies and the arcs CGMutablePath adds. No GPU.
@Suite struct CGPathElementsTests {
    /// The path's elements as `applyWithBlock` hands them over, points rounded to 1/1000.
    func elements(_ path: CGPath) -> [String] {
        var result: [String] = []
        path.applyWithBlock { pointer in
            let element = pointer.pointee
            let points = (0..<[1, 1, 2, 3, 0][Int(element.type.rawValue)]).map { i in
                let p = element.points[i]
                return "(\((p.x * 1000).rounded() / 1000), \((p.y * 1000).rounded() / 1000))"
            }
            result.append(([["move", "line", "quad", "curve", "close"][Int(element.type.rawValue)]] + points).joined(separator: " "))
        }
        return result
    }

    @Test("addRect(0, 0, 30, 20) reports a move to (0, 0), lines to (30, 0), (30, 20), (0, 20) and a close; isRect gives the rectangle back")
    func aRectangleIsAMoveThreeLinesAndAClose() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 30, height: 20))
        #expect(elements(path) == ["move (0.0, 0.0)", "line (30.0, 0.0)", "line (30.0, 20.0)", "line (0.0, 20.0)", "close"])
        var rect = CGRect.null
        #expect(path.isRect(&rect) && rect == CGRect(x: 0, y: 0, width: 30, height: 20))
        let triangle = CGMutablePath()
        triangle.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)])
        triangle.closeSubpath()
        #expect(!triangle.isRect(nil))
    }

    @Test(
        "An ellipse in (60, 60, 30, 30) starts at (90, 75) and turns through (75, 90), (60, 75), (75, 60) in four curves whose control points lie 8.284 (15 × 0.5523) along the tangent, then closes, as iOS reports it"
    )
    func anEllipseIsFourCurvesFromItsRightmostPoint() {
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 60, y: 60, width: 30, height: 30))
        #expect(
            elements(path) == [
                "move (90.0, 75.0)", "curve (90.0, 83.284) (83.284, 90.0) (75.0, 90.0)", "curve (66.716, 90.0) (60.0, 83.284) (60.0, 75.0)",
                "curve (60.0, 66.716) (66.716, 60.0) (75.0, 60.0)", "curve (83.284, 60.0) (90.0, 66.716) (90.0, 75.0)", "close",
            ])
    }

    @Test(
        "A half circle of radius 10 about (50, 50) from 0 to π (counter-clockwise in Core Graphics' sense) reports a move to (60, 50) and two quarter curves through (50, 60) to (40, 50); the current point ends at (40, 50)"
    )
    func anArcBecomesAMoveAndQuarterCurves() {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi, clockwise: false)
        #expect(
            elements(path) == ["move (60.0, 50.0)", "curve (60.0, 55.523) (55.523, 60.0) (50.0, 60.0)", "curve (44.477, 60.0) (40.0, 55.523) (40.0, 50.0)"])
        #expect(abs(path.currentPoint.x - 40) < 1e-9 && abs(path.currentPoint.y - 50) < 1e-9)
        // After a line, the arc is joined by a line to its start.
        let joined = CGMutablePath()
        joined.move(to: CGPoint(x: 0, y: 50))
        joined.addArc(center: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(elements(joined).prefix(2) == ["move (0.0, 50.0)", "line (60.0, 50.0)"])
    }

    @Test("The current point is the last end point, the subpath's start after a close, and (0, 0) for an empty path")
    func theCurrentPointFollowsTheElements() {
        let path = CGMutablePath()
        #expect(path.currentPoint == .zero && path.isEmpty)
        path.move(to: CGPoint(x: 5, y: 6))
        path.addLine(to: CGPoint(x: 20, y: 6))
        #expect(path.currentPoint == CGPoint(x: 20, y: 6))
        path.addQuadCurve(to: CGPoint(x: 20, y: 30), control: CGPoint(x: 40, y: 18))
        #expect(path.currentPoint == CGPoint(x: 20, y: 30))
        path.closeSubpath()
        #expect(path.currentPoint == CGPoint(x: 5, y: 6))
    }

    @Test(
        "A curve from (0, 0) to (100, 0) with controls (0, 100) and (100, 100): boundingBox counts the controls (height 100), boundingBoxOfPath only the curve, whose top is at y 75; an empty path has the null box"
    )
    func theBoxesDifferByTheControlPoints() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 100))
        let tight = path.boundingBoxOfPath
        #expect(tight.minX == 0 && tight.maxX == 100 && tight.minY == 0 && abs(tight.maxY - 75) < 1e-9, "\(tight)")
        #expect(CGMutablePath().boundingBox.isNull && CGMutablePath().boundingBoxOfPath.isNull)
    }

    @Test(
        "Two nested squares (0…40 and 10…30, both clockwise): (20, 20) is inside by the winding rule, outside by even-odd; (5, 5) inside by both; (50, 5) in neither; with a translation of (100, 0), (−80, 20) maps into the path"
    )
    func containsFollowsTheFillRuleAndTheTransform() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 40, height: 40))
        path.addRect(CGRect(x: 10, y: 10, width: 20, height: 20))
        #expect(path.contains(CGPoint(x: 20, y: 20)))
        #expect(!path.contains(CGPoint(x: 20, y: 20), using: .evenOdd))
        #expect(path.contains(CGPoint(x: 5, y: 5)) && path.contains(CGPoint(x: 5, y: 5), using: .evenOdd))
        #expect(!path.contains(CGPoint(x: 50, y: 5)))
        #expect(path.contains(CGPoint(x: -80, y: 5), transform: CGAffineTransform(translationX: 100, y: 0)))
        #expect(!path.contains(CGPoint(x: 5, y: 5), transform: CGAffineTransform(translationX: 100, y: 0)))
        #expect(!path.contains(CGPoint(x: CGFloat.nan, y: 5)))
    }

    @Test("Paths are equal when their elements are; a copy equals its original, a translated copy moves every point by (10, 5)")
    func copiesAndEquality() {
        let a = CGMutablePath()
        a.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = CGMutablePath()
        b.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(a == b)
        #expect(a.copy() == a)
        var shift = CGAffineTransform(translationX: 10, y: 5)
        let moved = a.copy(using: &shift)
        #expect(moved?.boundingBox == CGRect(x: 10, y: 5, width: 10, height: 10))
        #expect(moved != a)
        let mutable = a.mutableCopy(using: &shift)
        mutable?.addLine(to: CGPoint(x: 0, y: 0))
        #expect(elements(a).count == 5, "the original is untouched")
    }

    @Test(
        "addArc(tangent1End: (50, 0), tangent2End: (50, 50), radius: 10) from (0, 0) draws a line to (40, 0) and a quarter turn to (50, 10); three points in line make a straight line to the corner"
    )
    func anArcBetweenTangentsMeetsBothLines() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 50, y: 0), tangent2End: CGPoint(x: 50, y: 50), radius: 10)
        let list = elements(path)
        #expect(list.first == "move (0.0, 0.0)")
        #expect(list.dropFirst().first == "line (40.0, 0.0)")
        #expect(list.last == "curve (45.523, 0.0) (50.0, 4.477) (50.0, 10.0)")
        #expect(list.count == 3)
        let straight = CGMutablePath()
        straight.move(to: .zero)
        straight.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 0), radius: 5)
        #expect(elements(straight) == ["move (0.0, 0.0)", "line (10.0, 0.0)"])
    }

    @Test(
        "addRelativeArc(center: (0, 0), radius: 10, startAngle: 0, delta: π/2) ends at (0, 10); a delta of −π/2 ends at (0, −10); a transform applies to the arc's points"
    )
    func relativeArcsTurnByTheirDelta() {
        let forward = CGMutablePath()
        forward.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: .pi / 2)
        #expect(abs(forward.currentPoint.x) < 1e-9 && abs(forward.currentPoint.y - 10) < 1e-9)
        let back = CGMutablePath()
        back.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: -.pi / 2)
        #expect(abs(back.currentPoint.x) < 1e-9 && abs(back.currentPoint.y + 10) < 1e-9)
        let moved = CGMutablePath()
        moved.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: .pi / 2, transform: CGAffineTransform(translationX: 100, y: 0))
        #expect(abs(moved.currentPoint.x - 100) < 1e-9 && abs(moved.currentPoint.y - 10) < 1e-9)
    }

    @Test("apply(info:function:) hands the same elements to the function, with the info pointer")
    func applyPassesInfo() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 4, height: 4))
        var count = 0
        withUnsafeMutablePointer(to: &count) { counter in
            path.apply(info: UnsafeMutableRawPointer(counter)) { info, element in
                info?.assumingMemoryBound(to: Int.self).pointee += element.pointee.type == .closeSubpath ? 100 : 1
            }
        }
        #expect(count == 104)
    }
}
