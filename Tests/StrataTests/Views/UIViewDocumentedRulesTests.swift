import Strata
import Testing

/// UIView rules as Apple's reference pages state them, one test each, with concrete numbers.
@MainActor
@Suite struct UIViewDocumentedRulesTests {
    @Test func viewWithTagSearchesTheViewItselfThenItsSubviews() {
        // viewWithTag(_:): "The view in the receiver's hierarchy whose tag property matches".
        let root = UIView(), a = UIView(), b = UIView(), c = UIView()
        root.tag = 1
        a.tag = 2
        b.tag = 3
        c.tag = 3
        root.addSubview(a)
        a.addSubview(b)
        root.addSubview(c)
        #expect(root.viewWithTag(1) === root, "the receiver itself")
        #expect(root.viewWithTag(2) === a)
        #expect(root.viewWithTag(3) != nil)
        #expect(root.viewWithTag(9) == nil)
    }

    @Test func sizeThatFitsReturnsTheCurrentSizeAndSizeToFitKeepsIt() {
        // sizeThatFits(_:): "The default implementation of this method returns the existing size of the view."
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(view.sizeThatFits(CGSize(width: 500, height: 500)) == CGSize(width: 30, height: 40))
        view.sizeToFit()
        #expect(view.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
    }

    @Test func addingASubviewAgainBringsItToTheFront() {
        // addSubview(_:): "Views can have only one superview... the view is moved"; the view goes on top.
        let parent = UIView(), a = UIView(), b = UIView()
        parent.addSubview(a)
        parent.addSubview(b)
        parent.addSubview(a)
        #expect(parent.subviews == [b, a])
        #expect(parent.layer.sublayers == [b.layer, a.layer])
    }

    @Test func convertingToNilConvertsToTheWindow() {
        // convert(_:to:): "If view is nil, this method instead converts to window base coordinates."
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let outer = UIView(frame: CGRect(x: 20, y: 30, width: 200, height: 200))
        let inner = UIView(frame: CGRect(x: 5, y: 7, width: 50, height: 50))
        window.addSubview(outer)
        outer.addSubview(inner)
        #expect(inner.convert(CGPoint(x: 1, y: 2), to: nil) == CGPoint(x: 26, y: 39))
        #expect(inner.convert(CGPoint(x: 26, y: 39), from: nil) == CGPoint(x: 1, y: 2))
        outer.bounds.origin = CGPoint(x: 10, y: 0)  // scrolls outer's content 10 points left
        #expect(inner.convert(CGPoint(x: 1, y: 2), to: nil) == CGPoint(x: 16, y: 39))
    }

    @Test func aViewIsADescendantOfItself() {
        // isDescendant(of:): "true if the receiver is an immediate or distant subview of view or if view is the receiver itself".
        let view = UIView(), child = UIView()
        view.addSubview(child)
        #expect(view.isDescendant(of: view) && child.isDescendant(of: view) && !view.isDescendant(of: child))
    }

    @Test func layoutIfNeededLaysOutOnlyWhatAskedAndOnlyOnce() {
        // layoutIfNeeded(): "Lays out the subviews immediately, if layout updates are pending."
        final class Counting: UIView {
            var layouts = 0
            override func layoutSubviews() {
                super.layoutSubviews()
                layouts += 1
            }
        }
        let view = Counting(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.layoutIfNeeded()
        let first = view.layouts
        view.layoutIfNeeded()
        #expect(view.layouts == first, "nothing pending: no layout")
        view.setNeedsLayout()
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(view.layouts == first + 1, "two requests, one layout")
        view.bounds.size = CGSize(width: 20, height: 10)
        view.layoutIfNeeded()
        #expect(view.layouts == first + 2, "a new size asks for layout")
    }

    @Test func hitTestingSkipsHiddenTransparentAndNonInteractiveViews() {
        // hitTest(_:with:): "ignores view objects that are hidden, that have disabled user
        // interactions, or have an alpha level less than 0.01".
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let top = UIView(frame: root.bounds)
        root.addSubview(top)
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === top)
        top.alpha = 0.009
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === root, "alpha below 0.01")
        top.alpha = 0.01
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === top, "alpha 0.01 is hit")
        top.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === root)
        top.isUserInteractionEnabled = true
        top.isHidden = true
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 150, y: 50), with: nil) == nil, "outside the receiver: nil")
    }

    @Test func transactionDefaultsAreCoreAnimations() {
        // CATransaction: animationDuration 0.25 s by default, actions enabled.
        #expect(CATransaction.animationDuration() == 0.25)
        #expect(!CATransaction.disableActions())
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.begin()
        #expect(CATransaction.animationDuration() == 0.25, "a nested transaction starts with the defaults")
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 1)
        CATransaction.commit()
    }

    @Test func pointsOutsideTheReceiverAreNeverHitsEvenInsideASubview() {
        // hitTest(_:with:): "Points that lie outside the receiver's bounds are never reported as
        // hits, even if they actually lie within one of the receiver's subviews."
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let overhang = UIView(frame: CGRect(x: 40, y: 40, width: 40, height: 40))  // reaches (80, 80)
        parent.addSubview(overhang)
        #expect(parent.hitTest(CGPoint(x: 45, y: 45), with: nil) === overhang)
        #expect(parent.hitTest(CGPoint(x: 70, y: 70), with: nil) == nil, "inside the subview, outside the parent")
    }

    @Test func layoutIfNeededLaysOutDescendantsThatAsked() {
        // layoutIfNeeded(): lays out the receiver's subtree where layout updates are pending.
        final class Counting: UIView {
            var layouts = 0
            override func layoutSubviews() {
                super.layoutSubviews()
                layouts += 1
            }
        }
        let parent = Counting(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = Counting(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        parent.addSubview(child)
        parent.layoutIfNeeded()
        let (p, c) = (parent.layouts, child.layouts)
        child.setNeedsLayout()
        parent.layoutIfNeeded()
        #expect(child.layouts == c + 1, "the child that asked is laid out")
        #expect(parent.layouts == p, "the parent, which did not ask, is not")
    }

    @Test func theCenterIsThePositionWhateverTheTransform() {
        // center: "The center point is specified in points in the coordinate system of its
        // superview"; the transform turns the view about it.
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(view.center == CGPoint(x: 60, y: 45))
        #expect(abs(view.frame.width - 50) < 1e-9 && abs(view.frame.height - 100) < 1e-9, "the frame is the turned view's bounding box")
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50), "bounds are untouched")
    }
}
