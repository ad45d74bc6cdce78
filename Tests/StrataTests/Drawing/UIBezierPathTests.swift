import Foundation
import Testing

@testable import Strata

/// `UIBezierPath` as UIKit documents it: an `NSObject` that copies, its defaults, rounded
/// corners, reversal, hit testing, dashes and its Core Graphics path. No GPU.
@MainActor @Suite struct UIBezierPathTests {
    /// The path's points in order, as "x,y" rounded to 1/1000.
    func points(_ path: UIBezierPath) -> [String] {
        var result: [String] = []
        path.cgPath.applyWithBlock { pointer in
            let element = pointer.pointee
            for i in 0..<[1, 1, 2, 3, 0][Int(element.type.rawValue)] {
                let p = element.points[i]
                result.append("\((p.x * 1000).rounded() / 1000),\((p.y * 1000).rounded() / 1000)")
            }
        }
        return result
    }

    @Test("A new path has UIKit's defaults: line width 1, butt caps, miter joins, miter limit 10, flatness 0.6, the non-zero rule, empty, bounds null")
    func defaults() {
        let path = UIBezierPath()
        #expect(path.lineWidth == 1 && path.lineCapStyle == .butt && path.lineJoinStyle == .miter)
        #expect(path.miterLimit == 10 && path.flatness == 0.6 && !path.usesEvenOddFillRule)
        #expect(path.isEmpty && path.bounds.isNull && path.currentPoint == .zero)
        #expect((path as AnyObject) is NSObject)
    }

    @Test("copy() is an independent UIBezierPath with the same points and line style")
    func copiesAreIndependent() throws {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        path.lineWidth = 3
        path.usesEvenOddFillRule = true
        let copy = try #require(path.copy() as? UIBezierPath)
        #expect(copy !== path && copy.lineWidth == 3 && copy.usesEvenOddFillRule)
        #expect(points(copy) == points(path))
        copy.addLine(to: CGPoint(x: 50, y: 50))
        #expect(path.bounds == CGRect(x: 0, y: 0, width: 10, height: 10), "the original keeps its shape")
    }

    @Test(
        "roundedRect (0, 0, 100, 60) rounding only the top left with radii (10, 30): the corner is circular with radius 10 (the width), the other corners square"
    )
    func roundingChosenCorners() {
        let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), byRoundingCorners: [.topLeft], cornerRadii: CGSize(width: 10, height: 30))
        let list = points(path)
        #expect(list.first == "10.0,0.0")
        #expect(list.contains("100.0,0.0") && list.contains("100.0,60.0") && list.contains("0.0,60.0"))
        #expect(list.contains("0.0,10.0"), "the arc starts 10 down the left edge, not 30")
        #expect(!path.contains(CGPoint(x: 1, y: 1)) && path.contains(CGPoint(x: 99, y: 1)) && path.contains(CGPoint(x: 5, y: 10)))
        // A radius larger than half the shorter side is clamped to it: 30.
        let pill = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 80)
        #expect(points(pill).first == "30.0,0.0")
    }

    @Test("reversing() an open polyline (0, 0) → (10, 0) → (10, 10) runs (10, 10) → (10, 0) → (0, 0); the original is kept")
    func reversingRunsBackwards() {
        let path = UIBezierPath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 10))
        path.lineWidth = 4
        let reversed = path.reversing()
        #expect(points(reversed) == ["10.0,10.0", "10.0,0.0", "0.0,0.0"])
        #expect(reversed.lineWidth == 4)
        #expect(points(path) == ["0.0,0.0", "10.0,0.0", "10.0,10.0"])
        let curve = UIBezierPath()
        curve.move(to: .zero)
        curve.addCurve(to: CGPoint(x: 30, y: 0), controlPoint1: CGPoint(x: 10, y: 10), controlPoint2: CGPoint(x: 20, y: 10))
        #expect(points(curve.reversing()) == ["30.0,0.0", "20.0,10.0", "10.0,10.0", "0.0,0.0"])
    }

    @Test("contains(_:) uses the path's fill rule: the middle of a square inside a square is in by non-zero, out by even-odd")
    func containsUsesTheFillRule() {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40))
        path.append(UIBezierPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20)))
        #expect(path.contains(CGPoint(x: 20, y: 20)))
        path.usesEvenOddFillRule = true
        #expect(!path.contains(CGPoint(x: 20, y: 20)) && path.contains(CGPoint(x: 5, y: 5)))
    }

    @Test("setLineDash([4, 2], count: 2, phase: 1) reads back through getLineDash; a nil pattern makes lines solid (count 0)")
    func dashesReadBack() {
        let path = UIBezierPath()
        let pattern: [CGFloat] = [4, 2]
        path.setLineDash(pattern, count: 2, phase: 1)
        var count = 0
        var phase: CGFloat = 0
        var read = [CGFloat](repeating: 0, count: 2)
        path.getLineDash(&read, count: &count, phase: &phase)
        #expect(count == 2 && read == [4, 2] && phase == 1)
        path.setLineDash(nil, count: 0, phase: 0)
        path.getLineDash(nil, count: &count, phase: &phase)
        #expect(count == 0)
    }

    @Test("Setting cgPath replaces the shape with a copy: later changes to the Core Graphics path do not reach it")
    func settingTheCoreGraphicsPathCopiesIt() {
        let shape = CGMutablePath()
        shape.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        let path = UIBezierPath()
        path.cgPath = shape
        shape.addRect(CGRect(x: 100, y: 100, width: 1, height: 1))
        #expect(path.bounds == CGRect(x: 5, y: 5, width: 10, height: 10))
        #expect(path.currentPoint == CGPoint(x: 5, y: 5))
    }
}
