import Foundation
import Strata
import StrataTesting
import Testing

/// UIView's documented interplay of frame, bounds, center and transform, read back through the API.
@MainActor
@Suite struct UIViewGeometryTests {
    @Test func frameSetsBoundsSizeAndCenter() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
        #expect(view.center == CGPoint(x: 25, y: 40))
        #expect(view.layer.position == CGPoint(x: 25, y: 40))
    }

    @Test func centerMovesTheFrameOrigin() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        view.center = CGPoint(x: 50, y: 60)
        #expect(view.frame == CGRect(x: 35, y: 40, width: 30, height: 40))
        #expect(view.bounds.size == CGSize(width: 30, height: 40))
    }

    @Test func boundsSizeResizesTheFrameAroundTheCenter() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        view.bounds.size = CGSize(width: 10, height: 20)
        #expect(view.center == CGPoint(x: 25, y: 40))
        #expect(view.frame == CGRect(x: 20, y: 30, width: 10, height: 20))
    }

    @Test func boundsOriginLeavesTheFrameWhereItIs() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        view.bounds.origin = CGPoint(x: 7, y: -3)
        #expect(view.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(view.bounds == CGRect(x: 7, y: -3, width: 30, height: 40))
    }

    @Test func transformMakesTheFrameItsBoundingBoxAndKeepsBoundsAndCenter() {
        // 100×50 turned 90°: the bounding box is 50 wide and 100 tall about the same center.
        let view = UIView(frame: CGRect(x: 50, y: 75, width: 100, height: 50))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 100, y: 100))
        let f = view.frame
        #expect(abs(f.minX - 75) < 1e-9 && abs(f.minY - 50) < 1e-9 && abs(f.width - 50) < 1e-9 && abs(f.height - 100) < 1e-9, "frame \(f)")
        // Two different scales, to catch x and y swapped.
        view.transform = CGAffineTransform(scaleX: 2, y: 3)
        #expect(view.frame == CGRect(x: 0, y: 25, width: 200, height: 150))
        view.transform = .identity
        #expect(view.frame == CGRect(x: 50, y: 75, width: 100, height: 50))
    }

    @Test func viewTransformIsTheLayerTransform() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.transform = CGAffineTransform(translationX: 3, y: 4).scaledBy(x: 2, y: 5)
        #expect(view.layer.transform == CATransform3DMakeAffineTransform(view.transform))
        #expect(view.layer.transform.m11 == 2 && view.layer.transform.m22 == 5 && view.layer.transform.m41 == 3 && view.layer.transform.m42 == 4)
        view.layer.transform = CATransform3DMakeTranslation(7, 8, 0)
        #expect(view.transform == CGAffineTransform(translationX: 7, y: 8))
    }

    @Test func negativeFrameSizeIsStandardized() {
        let view = UIView(frame: CGRect(x: 10, y: 10, width: -20, height: 5))
        #expect(view.frame == CGRect(x: -10, y: 10, width: 20, height: 5))
    }

    @Test func visualPropertiesMapToTheLayer() {
        let view = UIView()
        view.alpha = 1.5
        #expect(view.alpha == 1 && view.layer.opacity == 1, "alpha above 1 is clamped")
        view.alpha = 0.25
        #expect(view.layer.opacity == 0.25)
        view.isHidden = true
        #expect(view.layer.isHidden)
        view.backgroundColor = .blue
        #expect(view.layer.backgroundColor == UIColor.blue.cgColor)
        #expect(view.backgroundColor == .blue)
        view.clipsToBounds = true
        #expect(view.layer.masksToBounds)
        view.isOpaque = false
        #expect(!view.isOpaque)
    }

    @Test func viewWithTagSearchesDepthFirst() {
        let root = UIView(), a = UIView(), b = UIView(), c = UIView()
        a.tag = 1; b.tag = 2; c.tag = 2
        root.addSubview(a); a.addSubview(b); root.addSubview(c)
        #expect(root.viewWithTag(2) === b, "b comes first depth-first")
        #expect(root.viewWithTag(0) === root)
        #expect(root.viewWithTag(9) == nil)
    }

    @Test func contentScaleFactorFollowsTheScreenUntilSet() throws {
        let f = try ScreenFixture(scale: 2)
        let follows = UIView(), fixed = UIView()
        fixed.contentScaleFactor = 3
        #expect(follows.contentScaleFactor == 1, "not on a screen yet")
        f.window.addSubview(follows)
        f.window.addSubview(fixed)
        #expect(follows.contentScaleFactor == 2)
        #expect(fixed.contentScaleFactor == 3)
    }

    @Test func nonFiniteFrameTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { _ = UIView(frame: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)) }
        }
    }

    @Test func negativeBoundsSizeTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { UIView().bounds = CGRect(x: 0, y: 0, width: -1, height: 10) }
        }
    }

    @Test func infiniteCenterTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { UIView().center = CGPoint(x: CGFloat.infinity, y: 0) }
        }
    }
}
