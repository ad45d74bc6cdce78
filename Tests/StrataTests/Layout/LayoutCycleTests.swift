import Foundation
import Strata
import Testing

/// The layout cycle's documented triggers: a subview's size change lays its superview out again
/// (UIKit), and a layer's bounds size change asks its delegate's `layoutSublayers(of:)` on the
/// next layout pass (Core Animation), with no screen (layout runs at `layoutIfNeeded()`).
@MainActor
@Suite struct LayoutCycleTests {
    /// Counts its layout passes.
    final class CountingView: UIView {
        var layouts = 0
        /// When set, each pass gives the first subview this share of the view's width.
        var childShare: CGFloat?
        override func layoutSubviews() {
            super.layoutSubviews()
            layouts += 1
            if let childShare, let child = subviews.first {
                child.frame = CGRect(x: 0, y: 0, width: bounds.width * childShare, height: 10)
            }
        }
    }

    /// Records the layers it is asked to lay out.
    final class LayoutRecorder: CALayerDelegate {
        var laidOut: [CALayer] = []
        func layoutSublayers(of layer: CALayer) { laidOut.append(layer) }
    }

    /// A 200×200 counting parent with a 50×50 counting child at the origin, both laid out.
    private func family() -> (parent: CountingView, child: CountingView) {
        let parent = CountingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = CountingView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        parent.addSubview(child)
        parent.layoutIfNeeded()
        return (parent, child)
    }

    @Test("A subview's size change (50×50 to 80×50) marks its superview as needing layout: its layoutSubviews runs once on the next pass, the subview's too")
    func subviewSizeChangeLaysOutSuperview() {
        let (parent, child) = family()
        let (parentBefore, childBefore) = (parent.layouts, child.layouts)
        child.frame = CGRect(x: 0, y: 0, width: 80, height: 50)
        #expect(parent.layer.needsLayout())
        #expect(parent.layouts == parentBefore, "not at once: on the next pass")
        parent.layoutIfNeeded()
        #expect(parent.layouts == parentBefore + 1)
        #expect(child.layouts == childBefore + 1)
        #expect(!parent.layer.needsLayout())
    }

    @Test("A subview's bounds size change (to 30×70) lays out its superview too; a bounds origin change (to 5, 5) does not")
    func subviewBoundsSize() {
        let (parent, child) = family()
        let before = parent.layouts
        child.bounds = CGRect(x: 0, y: 0, width: 30, height: 70)
        parent.layoutIfNeeded()
        #expect(parent.layouts == before + 1)
        child.bounds = CGRect(x: 5, y: 5, width: 30, height: 70)
        #expect(!parent.layer.needsLayout())
        parent.layoutIfNeeded()
        #expect(parent.layouts == before + 1)
    }

    @Test("Moving a subview (origin 0, 0 to 20, 30, same 50×50 size) does not lay out its superview, nor the subview")
    func movingDoesNotLayOut() {
        let (parent, child) = family()
        let (parentBefore, childBefore) = (parent.layouts, child.layouts)
        child.frame = CGRect(x: 20, y: 30, width: 50, height: 50)
        child.center = CGPoint(x: 60, y: 60)
        #expect(!parent.layer.needsLayout())
        #expect(!child.layer.needsLayout())
        parent.layoutIfNeeded()
        #expect(parent.layouts == parentBefore)
        #expect(child.layouts == childBefore)
    }

    @Test("A superview sizing its subview in its own layoutSubviews (half its width: 100, then 150) is laid out once per change, not again for the size it gave")
    func ownLayoutDoesNotLoop() {
        let (parent, child) = family()
        parent.childShare = 0.5
        parent.setNeedsLayout()
        parent.layoutIfNeeded()
        #expect(child.frame.width == 100)
        #expect(!parent.layer.needsLayout())
        let before = parent.layouts
        parent.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        parent.layoutIfNeeded()
        #expect(child.frame.width == 150)
        #expect(parent.layouts == before + 1)
        #expect(!parent.layer.needsLayout())
    }

    @Test("A layer's bounds size change (0×0 to 40×30) asks its delegate's layoutSublayers(of:) once, on the next layout pass, not at once")
    func layerBoundsSizeAsksDelegate() {
        let layer = CALayer()
        let recorder = LayoutRecorder()
        layer.delegate = recorder
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        #expect(recorder.laidOut.isEmpty)
        #expect(layer.needsLayout())
        layer.layoutIfNeeded()
        #expect(recorder.laidOut.count == 1)
        #expect(recorder.laidOut.first === layer)
        layer.layoutIfNeeded()
        #expect(recorder.laidOut.count == 1, "once per change")
    }

    @Test("A layer's frame size change (to 25×25) asks its delegate too; a bounds origin (3, 4) or position (10, 10) change does not, nor the same size again")
    func layerOtherChangesDoNotAsk() {
        let layer = CALayer()
        let recorder = LayoutRecorder()
        layer.delegate = recorder
        layer.frame = CGRect(x: 0, y: 0, width: 25, height: 25)
        layer.layoutIfNeeded()
        #expect(recorder.laidOut.count == 1)
        layer.bounds = CGRect(x: 3, y: 4, width: 25, height: 25)
        layer.position = CGPoint(x: 10, y: 10)
        layer.bounds = CGRect(x: 3, y: 4, width: 25, height: 25)
        #expect(!layer.needsLayout())
        layer.layoutIfNeeded()
        #expect(recorder.laidOut.count == 1)
    }

    @Test("A sublayer's bounds size change (to 10×20) asks the sublayer's delegate, and a pass from its superlayer reaches it")
    func sublayerReachedFromSuperlayer() {
        let top = CALayer()
        let sub = CALayer()
        top.addSublayer(sub)
        top.layoutIfNeeded()
        let recorder = LayoutRecorder()
        sub.delegate = recorder
        sub.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        top.layoutIfNeeded()
        #expect(recorder.laidOut.count == 1)
        #expect(recorder.laidOut.first === sub)
    }

    @Test("layoutIfNeeded() on a sublayer goes up to the highest superlayer that needs layout and lays out down from it, superlayer first: top, then sub")
    func layoutIfNeededStartsAtTheHighestMarkedAncestor() {
        let top = CALayer()
        let sub = CALayer()
        top.addSublayer(sub)
        top.layoutIfNeeded()
        let recorder = LayoutRecorder()
        top.delegate = recorder
        sub.delegate = recorder
        top.setNeedsLayout()
        sub.setNeedsLayout()
        sub.layoutIfNeeded()
        #expect(recorder.laidOut.count == 2)
        #expect(recorder.laidOut.first === top && recorder.laidOut.last === sub)
        #expect(!top.needsLayout() && !sub.needsLayout())
    }

    @Test("Adding a subview marks the superview as needing layout (its layoutSubviews runs on the next pass)")
    func addingASubviewLaysOutSuperview() {
        let (parent, _) = family()
        let before = parent.layouts
        parent.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5)))
        #expect(parent.layer.needsLayout())
        parent.layoutIfNeeded()
        #expect(parent.layouts == before + 1)
    }
}
