import Foundation
import Strata
import StrataTesting
import Testing

/// The view tree: order of subviews and layers, moves, notifications, and refused cycles.
@MainActor
@Suite struct UIViewHierarchyTests {
    private func views(_ n: Int) -> [UIView] {
        (0..<n).map { i in
            let v = UIView(); v.tag = i; return v
        }
    }
    private func tags(_ view: UIView) -> [Int] { view.subviews.map(\.tag) }
    /// The subviews' layers must stay in the same order as the subviews.
    private func expectLayersFollowSubviews(_ view: UIView, sourceLocation: SourceLocation = #_sourceLocation) {
        let layers = view.layer.sublayers ?? []
        #expect(
            layers.count == view.subviews.count && zip(layers, view.subviews).allSatisfy { $0 === $1.layer },
            "layer order differs from subview order", sourceLocation: sourceLocation)
    }

    @Test func addSubviewPutsOnTopAndMovesOutOfTheOldSuperview() {
        let a = UIView(), b = UIView()
        let v = views(3)
        v.forEach(a.addSubview)
        #expect(tags(a) == [0, 1, 2])
        a.addSubview(v[0])
        #expect(tags(a) == [1, 2, 0], "re-adding moves to the top")
        b.addSubview(v[1])
        #expect(tags(a) == [2, 0] && tags(b) == [1])
        #expect(v[1].superview === b && v[1].layer.superlayer === b.layer)
        expectLayersFollowSubviews(a)
        expectLayersFollowSubviews(b)
    }

    @Test func insertAtAboveAndBelow() {
        let parent = UIView()
        let v = views(5)
        parent.addSubview(v[0]); parent.addSubview(v[1])
        parent.insertSubview(v[2], at: 1)
        #expect(tags(parent) == [0, 2, 1])
        parent.insertSubview(v[3], aboveSubview: v[0])
        #expect(tags(parent) == [0, 3, 2, 1])
        parent.insertSubview(v[4], belowSubview: v[0])
        #expect(tags(parent) == [4, 0, 3, 2, 1])
        parent.insertSubview(v[1], at: 99)
        #expect(tags(parent) == [4, 0, 3, 2, 1], "an index past the end clamps to the top")
        expectLayersFollowSubviews(parent)
    }

    @Test func exchangeBringToFrontAndSendToBack() {
        let parent = UIView()
        let v = views(4)
        v.forEach(parent.addSubview)
        parent.exchangeSubview(at: 0, withSubviewAt: 3)
        #expect(tags(parent) == [3, 1, 2, 0])
        expectLayersFollowSubviews(parent)
        parent.bringSubviewToFront(v[1])
        #expect(tags(parent) == [3, 2, 0, 1])
        parent.sendSubviewToBack(v[0])
        #expect(tags(parent) == [0, 3, 2, 1])
        expectLayersFollowSubviews(parent)
    }

    @Test func layerOrderFollowsSubviewsEvenWithForeignSublayers() {
        let parent = UIView()
        let v = views(2)
        let decoration = CALayer()
        parent.layer.addSublayer(decoration)
        parent.addSubview(v[0])
        parent.insertSubview(v[1], belowSubview: v[0])
        let layers = parent.layer.sublayers ?? []
        #expect(layers.count == 3)
        #expect(layers.firstIndex { $0 === v[1].layer }! < layers.firstIndex { $0 === v[0].layer }!)
    }

    @Test func removedViewCanBeUsedAgain() {
        let a = UIView(), b = UIView(), child = UIView()
        a.addSubview(child)
        child.removeFromSuperview()
        #expect(child.superview == nil && a.subviews.isEmpty && child.layer.superlayer == nil)
        child.removeFromSuperview()  // a second removal does nothing
        b.addSubview(child)
        #expect(child.superview === b && b.subviews.count == 1)
    }

    @Test func isDescendantAndWindow() throws {
        let f = try ScreenFixture()
        let a = UIView(), b = UIView()
        a.addSubview(b)
        #expect(b.isDescendant(of: a) && b.isDescendant(of: b) && !a.isDescendant(of: b))
        #expect(b.window == nil)
        f.window.addSubview(a)
        #expect(b.window === f.window && f.window.window === f.window)
    }

    @Test func notificationsComeInUIKitOrder() throws {
        let f = try ScreenFixture()
        var log: [String] = []
        let parent = RecordingView(), child = RecordingView(), grandchild = RecordingView()
        for (view, name) in [(parent, "parent"), (child, "child"), (grandchild, "grandchild")] {
            view.name = name
            view.log = { log.append($0) }
        }
        child.addSubview(grandchild)
        f.window.addSubview(parent)
        log = []
        parent.addSubview(child)
        #expect(
            log == [
                "child.willMove(toSuperview: view)", "child.willMove(toWindow: window)", "grandchild.willMove(toWindow: window)",
                "child.didMoveToWindow", "grandchild.didMoveToWindow", "child.didMoveToSuperview", "parent.didAddSubview",
            ])
        log = []
        child.removeFromSuperview()
        #expect(
            log == [
                "parent.willRemoveSubview", "child.willMove(toSuperview: nil)", "child.willMove(toWindow: nil)",
                "grandchild.willMove(toWindow: nil)", "child.didMoveToWindow", "grandchild.didMoveToWindow", "child.didMoveToSuperview",
            ])
    }

    @Test func addingAViewToItsOwnSubtreeIsRefusedWithAClearMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let a = UIView(), b = UIView()
                a.addSubview(b)
                b.addSubview(a)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("into its own subtree"), "stderr: \(message)")
    }

    @Test func addingAViewToItselfIsRefused() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let a = UIView(); a.addSubview(a)
            }
        }
    }

    @Test func addingALayerToItsOwnSubtreeIsRefused() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let a = CALayer(), b = CALayer()
                a.addSublayer(b)
                b.addSublayer(a)
            }
        }
    }

    @Test func layersStandAlone() {
        let root = CALayer()
        let l = (0..<4).map { i -> CALayer in
            let x = CALayer(); x.name = "\(i)"; return x
        }
        root.addSublayer(l[0])
        root.addSublayer(l[1])
        root.insertSublayer(l[2], at: 0)
        root.insertSublayer(l[3], above: l[2])
        #expect(root.sublayers?.map { $0.name ?? "" } == ["2", "3", "0", "1"])
        root.insertSublayer(l[1], below: l[2])
        #expect(root.sublayers?.map { $0.name ?? "" } == ["1", "2", "3", "0"])
        let replacement = CALayer(); replacement.name = "r"
        root.replaceSublayer(l[3], with: replacement)
        #expect(root.sublayers?.map { $0.name ?? "" } == ["1", "2", "r", "0"])
        #expect(l[3].superlayer == nil)
        l[0].removeFromSuperlayer()
        #expect(root.sublayers?.count == 3 && l[0].superlayer == nil)
        root.sublayers = nil
        #expect(root.sublayers == nil && l[1].superlayer == nil)
    }
}

/// Back references are not retained; whatever outlives its owner sees nil, never a dead object.
@MainActor
@Suite struct OwnershipTests {
    @Test func aSubviewOutlivingItsSuperviewHasNoSuperview() {
        let child = UIView()
        weak var weakParent: UIView?
        do {
            let parent = UIView()
            weakParent = parent
            parent.addSubview(child)
            #expect(child.superview === parent)
        }
        CATransaction.flush()  // the transaction held the parent's layer until its commit
        #expect(weakParent == nil, "the parent is gone")
        #expect(child.superview == nil && child.layer.superlayer == nil)
        let next = UIView()
        next.addSubview(child)  // and it can be used again
        #expect(child.superview === next)
    }

    @Test func aLayerOutlivingItsViewHasNoDelegate() {
        var layer: CALayer?
        do {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            layer = view.layer
            #expect(layer?.delegate === view)
        }
        #expect(layer?.delegate == nil)
        layer?.bounds.size = CGSize(width: 20, height: 20)  // no view to tell: nothing happens
        layer?.setNeedsLayout()
        layer?.layoutIfNeeded()
    }

    @Test func otherDelegatesAreHeldWeakly() {
        final class Drawer: CALayerDelegate {}
        let layer = CALayer()
        do {
            let drawer = Drawer()
            layer.delegate = drawer
            #expect(layer.delegate === drawer)
        }
        #expect(layer.delegate == nil)
    }
}

/// `tintColor`: inherited from the nearest superview that sets one, and `tintColorDidChange()`
/// called down the inheriting subtree, superviews first — also 100,000 levels deep.
@MainActor
@Suite struct TintInheritanceTests {
    final class TintLog: UIView {
        static var calls: [String] = []
        var name = ""
        override func tintColorDidChange() { Self.calls.append(name) }
    }

    @Test("A tint set on a root reaches its inheriting subviews in order, not one with a tint of its own")
    func tintChangesReachInheritingSubviewsInOrder() {
        TintLog.calls = []
        let root = TintLog(), a = TintLog(), a1 = TintLog(), b = TintLog(), own = TintLog()
        for (view, name) in [(root, "root"), (a, "a"), (a1, "a1"), (b, "b"), (own, "own")] { view.name = name }
        root.addSubview(a)
        a.addSubview(a1)
        root.addSubview(b)
        b.addSubview(own)
        own.tintColor = .green
        TintLog.calls = []
        root.tintColor = .red
        #expect(TintLog.calls == ["root", "a", "a1", "b"], "depth first, superviews before subviews; `own` keeps green")
        #expect(a1.tintColor == .red && own.tintColor == .green)
        root.tintColor = nil
        #expect(a1.tintColor == .systemBlue, "nil inherits again: no superview sets one, so the default")
    }

    @Test(
        "tintAdjustmentMode: a view reads .normal by default; dimming a root greys the tint (systemBlue to white 0.395) of it and the subviews that inherit, telling each; a subview set .normal keeps blue; .automatic inherits again"
    )
    func dimmingGreysTheTint() {
        TintLog.calls = []
        let root = TintLog(), a = TintLog(), b = TintLog()
        (root.name, a.name, b.name) = ("root", "a", "b")
        root.addSubview(a)
        root.addSubview(b)
        #expect(root.tintAdjustmentMode == .normal && a.tintAdjustmentMode == .normal, "automatic with no superview reads normal")
        root.tintAdjustmentMode = .dimmed
        #expect(TintLog.calls == ["root", "a", "b"])
        #expect(a.tintAdjustmentMode == .dimmed, "inherited")
        var (white, alpha): (CGFloat, CGFloat) = (0, 0)
        #expect(a.tintColor.getWhite(&white, alpha: &alpha))
        #expect(abs(white - (0.587 * 122 / 255 + 0.114)) < 1e-3 && alpha == 1, "systemBlue's luminance: \(white)")
        TintLog.calls = []
        b.tintAdjustmentMode = .normal
        #expect(b.tintColor == .systemBlue && b.tintAdjustmentMode == .normal && TintLog.calls == ["b"])
        TintLog.calls = []
        root.tintAdjustmentMode = .automatic
        #expect(root.tintAdjustmentMode == .normal && a.tintColor == .systemBlue)
        #expect(TintLog.calls == ["root", "a"], "b showed blue already")
    }

    @Test("A view moved under a dimmed superview shows its own red tint dimmed (white 0.299) and hears it; moved out, red again")
    func movingUnderADimmedSuperview() {
        let dim = UIView(), view = TintLog()
        view.name = "view"
        view.tintColor = .red
        dim.tintAdjustmentMode = .dimmed
        TintLog.calls = []
        dim.addSubview(view)
        var (white, alpha): (CGFloat, CGFloat) = (0, 0)
        #expect(view.tintColor.getWhite(&white, alpha: &alpha) && abs(white - 0.299) < 1e-3)
        #expect(TintLog.calls == ["view"])
        view.removeFromSuperview()
        #expect(view.tintColor == .red && TintLog.calls == ["view", "view"])
    }

    @Test("A tint reaches the bottom of a chain 100,000 deep (25,000 under TSan), and the bottom reads it, without running out of stack")
    func aTintCrossesAHundredThousandLevels() {
        var chain: [UIView] = [UIView()]
        chain.reserveCapacity(deepTreeDepth)
        // Built from the bottom up: each new view becomes the superview of the last.
        for _ in 1..<deepTreeDepth {
            let parent = UIView()
            parent.addSubview(chain[chain.count - 1])
            chain.append(parent)
        }
        let top = chain[chain.count - 1], bottom = chain[0]
        top.tintColor = .purple
        #expect(bottom.tintColor == .purple)
        // Taken apart from the top (each view then has no superview above it to look through), so
        // that releasing the views recurses nowhere.
        for view in chain.reversed() { view.removeFromSuperview() }
    }
}
