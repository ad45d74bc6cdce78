import Foundation
import Strata
import StrataTesting
import Testing

/// convert(_:to:) and convert(_:from:) between views and layers, with concrete numbers.
@MainActor
@Suite struct UIViewConvertTests {
    private func close(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test func betweenSiblingsThroughFramesAndBoundsOrigins() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let a = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 50))
        let b = UIView(frame: CGRect(x: 100, y: 50, width: 50, height: 50))
        b.bounds.origin = CGPoint(x: 5, y: 7)
        root.addSubview(a); root.addSubview(b)
        // a's (1, 2) is root's (11, 22); in b: (11 − 100 + 5, 22 − 50 + 7) = (−84, −21).
        #expect(close(a.convert(CGPoint(x: 1, y: 2), to: b), CGPoint(x: -84, y: -21)))
        #expect(close(b.convert(CGPoint(x: -84, y: -21), to: a), CGPoint(x: 1, y: 2)))
        #expect(close(b.convert(CGPoint(x: 1, y: 2), from: a), CGPoint(x: -84, y: -21)))
        #expect(close(a.convert(CGPoint(x: 1, y: 2), to: nil), CGPoint(x: 11, y: 22)), "nil: the topmost view's coordinates")
    }

    @Test func throughARotation() throws {
        let f = try ScreenFixture()
        // 40×20 view centred at (50, 50), turned 90° clockwise: its top-left corner (0, 0)
        // lands at (60, 30) in the window.
        let view = UIView(frame: CGRect(x: 30, y: 40, width: 40, height: 20))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        f.window.addSubview(view)
        #expect(close(view.convert(CGPoint(x: 0, y: 0), to: nil), CGPoint(x: 60, y: 30)))
        #expect(close(view.convert(CGPoint(x: 60, y: 30), from: f.window), CGPoint(x: 0, y: 0)))
        let r = view.convert(CGRect(x: 0, y: 0, width: 40, height: 20), to: f.window)
        #expect(abs(r.minX - 40) < 1e-9 && abs(r.minY - 30) < 1e-9 && abs(r.width - 20) < 1e-9 && abs(r.height - 40) < 1e-9, "bounding box \(r)")
    }

    @Test func screenScaleDoesNotChangeWindowCoordinates() throws {
        let f = try ScreenFixture(scale: 3)
        let view = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        f.window.addSubview(view)
        #expect(close(view.convert(CGPoint(x: 1, y: 1), to: nil), CGPoint(x: 11, y: 11)))
    }

    @Test func layersConvertThroughPerspective() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        root.sublayerTransform = perspective
        let card = CALayer()
        card.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        card.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        root.addSublayer(card)
        let p = CGPoint(x: 10, y: 20)
        let there = card.convert(p, to: root)
        #expect(!close(there, CGPoint(x: 60, y: 70)), "perspective moves the point")
        let back = card.convert(there, from: root)
        #expect(close(CGPoint(x: (back.x * 1e6).rounded() / 1e6, y: (back.y * 1e6).rounded() / 1e6), p), "the round trip returns \(back)")
        #expect(close(card.convert(CGPoint(x: 50, y: 50), to: root), CGPoint(x: 100, y: 100)), "the anchor point stays put")
    }
}
