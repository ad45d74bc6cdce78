import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import Testing

/// `hitTest(_:with:)` and `point(inside:with:)` as UIKit documents them. Window coordinates.
@MainActor
@Suite struct HitTestTests {
    /// A shown 200×200 window (a hidden one, like UIKit's, takes no touches).
    private func window() -> UIWindow {
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        w.isHidden = false
        return w
    }

    @Test func theFrontmostOfOverlappingSiblingsIsHit() {
        let w = window()
        let back = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        let front = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        w.addSubview(back)
        w.addSubview(front)
        #expect(w.hitTest(CGPoint(x: 60, y: 60), with: nil) === front, "overlap: the later subview is in front")
        #expect(w.hitTest(CGPoint(x: 20, y: 20), with: nil) === back)
        #expect(w.hitTest(CGPoint(x: 190, y: 190), with: nil) === w, "empty window area: the window")
        #expect(w.hitTest(CGPoint(x: 250, y: 20), with: nil) == nil, "outside the window")
        w.bringSubviewToFront(back)
        #expect(w.hitTest(CGPoint(x: 60, y: 60), with: nil) === back)
    }

    @Test func hiddenTransparentAndDisabledViewsAreSkippedWithTheirSubtrees() {
        let w = window()
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        parent.addSubview(child)
        w.addSubview(parent)
        let p = CGPoint(x: 10, y: 10)
        #expect(w.hitTest(p, with: nil) === child)
        parent.isHidden = true
        #expect(w.hitTest(p, with: nil) === w, "hidden parent: neither it nor its child")
        parent.isHidden = false
        parent.alpha = 0.005
        #expect(w.hitTest(p, with: nil) === w, "alpha below 0.01")
        parent.alpha = 0.02
        #expect(w.hitTest(p, with: nil) === child, "alpha 0.02 takes touches")
        parent.isUserInteractionEnabled = false
        #expect(w.hitTest(p, with: nil) === w, "interaction disabled")
        parent.isUserInteractionEnabled = true
        child.isUserInteractionEnabled = false
        #expect(w.hitTest(p, with: nil) === parent, "a disabled child leaves the point to its parent")
    }

    @Test func pointsOutsideTheSuperviewsBoundsDoNotReachItsSubviews() {
        let w = window()
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let child = UIView(frame: CGRect(x: 40, y: 40, width: 60, height: 60))  // sticks out
        parent.addSubview(child)
        w.addSubview(parent)
        #expect(w.hitTest(CGPoint(x: 45, y: 45), with: nil) === child)
        #expect(w.hitTest(CGPoint(x: 80, y: 80), with: nil) === w, "visible (not clipped) but outside the parent: not hit")
        parent.clipsToBounds = true
        #expect(w.hitTest(CGPoint(x: 80, y: 80), with: nil) === w)
    }

    @Test func rotatedAndScaledViewsAreHitWhereTheyAreDrawn() {
        let w = window()
        // A 100×20 bar centred at (100, 100), turned 90°: it covers x 90...110, y 50...150.
        let bar = UIView(frame: CGRect(x: 50, y: 90, width: 100, height: 20))
        bar.transform = CGAffineTransform(rotationAngle: .pi / 2)
        w.addSubview(bar)
        #expect(w.hitTest(CGPoint(x: 100, y: 60), with: nil) === bar, "on the turned bar")
        #expect(w.hitTest(CGPoint(x: 60, y: 100), with: nil) === w, "where the bar was before turning")
        let local = bar.convert(CGPoint(x: 100, y: 60), from: w)
        #expect(abs(local.x - 10) < 1e-9 && abs(local.y - 10) < 1e-9, "local point \(local)")
        // Scaled to half about its centre (75, 175): covers x 62.5...87.5, y 170...180.
        let small = UIView(frame: CGRect(x: 50, y: 170, width: 50, height: 10))
        small.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        w.addSubview(small)
        #expect(w.hitTest(CGPoint(x: 64, y: 175), with: nil) === small)
        #expect(w.hitTest(CGPoint(x: 55, y: 175), with: nil) === w, "outside the scaled view")
    }

    @Test func a3DTurnedViewIsHitOnItsProjection() {
        let w = window()
        // 100 wide, centred at x 100, turned 60° about y: without perspective it covers x 75...125.
        let card = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        card.layer.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        w.addSubview(card)
        #expect(w.hitTest(CGPoint(x: 120, y: 100), with: nil) === card)
        #expect(w.hitTest(CGPoint(x: 130, y: 100), with: nil) === w, "beyond the foreshortened edge")
        // Seen edge-on, it is a line: beside it nothing of it is hit.
        card.layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        #expect(w.hitTest(CGPoint(x: 100.5, y: 100), with: nil) === w)
        #expect(w.hitTest(CGPoint(x: 60, y: 100), with: nil) === w)
    }

    @Test func pointInsideCanBeOverridden() {
        final class Round: UIView {
            override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
                hypot(point.x - bounds.midX, point.y - bounds.midY) <= bounds.width / 2
            }
        }
        let w = window()
        let disc = Round(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        w.addSubview(disc)
        #expect(w.hitTest(CGPoint(x: 50, y: 50), with: nil) === disc)
        #expect(w.hitTest(CGPoint(x: 5, y: 5), with: nil) === w, "the corner is outside the disc")
    }
}
