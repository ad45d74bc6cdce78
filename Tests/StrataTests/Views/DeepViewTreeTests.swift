import Foundation
import StrataTesting
import Testing

@testable import Strata
@testable import StrataQuartz

/// View and layer hierarchies 100,000 levels deep (`deepTreeDepth`: 25,000 under the thread
/// sanitizer), built as UIKit code builds them: every walk
/// the model makes (moving into a window, tint, layout, constraints, safe area, building the
/// commit, hit testing, taking apart, freeing) uses a loop or an explicit stack, so depth is
/// bounded by memory, not by the main thread's stack; and each costs time in proportion to the
/// views it touches (building such a chain from the top once took ten minutes).
@MainActor
@Suite struct DeepViewTreeTests {
    static let depth = deepTreeDepth

    /// A view that counts its layout passes and can refuse or redirect hit tests.
    final class Probe: UIView {
        var layouts = 0
        var hitTests = 0
        var constraintUpdates = 0
        override func layoutSubviews() {
            super.layoutSubviews()
            layouts += 1
        }
        override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
            hitTests += 1
            return super.hitTest(point, with: event)
        }
        override func updateConstraints() {
            constraintUpdates += 1
            super.updateConstraints()
        }
    }

    /// `depth` views nested in `f.window`, each 60×60 (the first at (20, 20), the others at the
    /// origin of their superview), so every level covers the window's middle. Built from the top.
    static func chain(in f: ScreenFixture, depth: Int = depth, bottom: UIView = UIView()) -> [UIView] {
        var chain: [UIView] = []
        chain.reserveCapacity(depth)
        var parent: UIView = f.window
        for level in 0..<depth {
            let view = level == depth - 1 ? bottom : UIView()
            view.frame = CGRect(x: level == 0 ? 20 : 0, y: level == 0 ? 20 : 0, width: 60, height: 60)
            parent.addSubview(view)
            chain.append(view)
            parent = view
        }
        return chain
    }

    @Test("Views nested 100,000 deep (25,000 under TSan) in a window render their innermost view, hit test and lay out down to it, and come apart", .tags(.gpu), .requiresGPU)
    func aHundredThousandNestedViews() async throws {
        let f = try ScreenFixture(gpu: true)
        let probe = Probe()
        var chain = Self.chain(in: f, bottom: probe)
        probe.backgroundColor = .red
        probe.tag = 77
        #expect(probe.window === f.window, "the window is known at the bottom")
        #expect(f.window.viewWithTag(77) === probe)
        #expect(probe.safeAreaInsets == .zero)
        let image = try await f.render()
        expectPixel(image, 50, 50, .red, "centre: the innermost of \(Self.depth) nested views")
        expectPixel(image, 5, 5, .white, "corner: the window, outside every nested view")
        #expect(probe.layouts == 1, "the first commit's layout pass reached the bottom once")

        #expect(f.window.hitTest(CGPoint(x: 50, y: 50), with: nil) === probe)
        #expect(probe.hitTests == 0, "the bottom lies below UIView.hitTestCallDepth: found by the loop, not by its hitTest")
        #expect(f.window.hitTest(CGPoint(x: 5, y: 5), with: nil) === f.window)

        probe.setNeedsLayout()
        f.window.layoutIfNeeded()
        #expect(probe.layouts == 2, "layoutIfNeeded from the window reached a bottom that asked for layout")
        probe.setNeedsUpdateConstraints()
        f.window.updateConstraintsIfNeeded()
        #expect(probe.constraintUpdates == 1)

        f.window.tintColor = .green
        #expect(probe.tintColor == .green, "a tint set on the window reaches the bottom")

        probe.frame.origin = CGPoint(x: 10, y: 0)
        let moved = try await f.render()
        expectPixel(moved, 75, 50, .red, "right of centre after the innermost view moved 10 points right")
        expectPixel(moved, 25, 50, .white, "left of centre, uncovered by the move")

        chain[0].removeFromSuperview()
        #expect(probe.window == nil, "out of the window: no window at the bottom either")
        let after = try await f.render()
        expectPixel(after, 50, 50, .white, "centre after the chain left the window")
        weak let bottom = chain[chain.count - 1]
        chain = []
        #expect(bottom === probe, "still held by the test")
        await f.finish()
    }

    @Test("An override of hitTest(_:with:) near the top of a deep hierarchy is still asked, and decides")
    func overridesNearTheTopStillTakePart() throws {
        let f = try ScreenFixture()
        // Ten nested views; the sixth refuses every point in its override.
        var parent: UIView = f.window
        var chain: [UIView] = []
        for level in 0..<10 {
            let view = level == 5 ? Blocker() : UIView()
            view.frame = CGRect(x: level == 0 ? 20 : 0, y: level == 0 ? 20 : 0, width: 60, height: 60)
            parent.addSubview(view)
            chain.append(view)
            parent = view
        }
        let blocker = try #require(chain[5] as? Blocker)
        #expect(f.window.hitTest(CGPoint(x: 50, y: 50), with: nil) === chain[4], "the override answered nil for its subtree, so its superview takes the point")
        #expect(blocker.asked == 1)
        blocker.refuses = false
        #expect(f.window.hitTest(CGPoint(x: 50, y: 50), with: nil) === chain[9], "passing on to super, the innermost view takes it")
        #expect(blocker.asked == 2)
    }

    /// A view whose `hitTest(_:with:)` answers nil while `refuses`, else passes on to `super`.
    final class Blocker: UIView {
        var asked = 0
        var refuses = true
        override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
            asked += 1
            return refuses ? nil : super.hitTest(point, with: event)
        }
    }

    /// A view whose `point(inside:with:)` says no: the loop below the call depth still asks it.
    final class Hollow: UIView {
        override func point(inside point: CGPoint, with event: UIEvent?) -> Bool { false }
    }

    @Test("Below UIView.hitTestCallDepth the search still asks point(inside:with:), hidden views and interaction")
    func theLoopBelowTheCallDepthKeepsTheRules() throws {
        let f = try ScreenFixture()
        let depth = UIView.hitTestCallDepth + 100
        let chain = Self.chain(in: f, depth: depth)
        let innermost = chain[depth - 1]
        // Three siblings in front of the innermost view's subtree, each refusing the point its own way.
        let holder = chain[depth - 2]
        let hollow = Hollow(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        let hidden = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        hidden.isHidden = true
        let deaf = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        deaf.isUserInteractionEnabled = false
        for view in [hollow, hidden, deaf] { holder.addSubview(view) }
        #expect(holder.subviews.last === deaf && holder.subviews.first === innermost)
        #expect(
            f.window.hitTest(CGPoint(x: 50, y: 50), with: nil) === innermost,
            "the three views in front of the innermost one each refuse the point (outside by point(inside:), hidden, not interactive)")
        hollow.isHidden = false
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        holder.addSubview(plain)
        #expect(f.window.hitTest(CGPoint(x: 50, y: 50), with: nil) === plain, "a plain view in front takes it")
        #expect(f.window.hitTest(CGPoint(x: 85, y: 50), with: nil) === f.window, "right of every nested view: the window")
    }

    @Test("Layers nested 100,000 deep (25,000 under TSan) with addSublayer render, hit test through CALayer.hitTest(_:) and free", .tags(.gpu), .requiresGPU)
    func aHundredThousandNestedLayers() async throws {
        let f = try ScreenFixture(gpu: true)
        var layers: [CALayer] = []
        layers.reserveCapacity(Self.depth)
        var parent = f.window.layer
        for level in 0..<Self.depth {
            let layer = CALayer()
            layer.frame = CGRect(x: level == 0 ? 20 : 0, y: level == 0 ? 20 : 0, width: 60, height: 60)
            parent.addSublayer(layer)
            layers.append(layer)
            parent = layer
        }
        parent = f.window.layer  // holds no nested layer
        layers[layers.count - 1].backgroundColor = UIColor.blue.cgColor
        let image = try await f.render()
        expectPixel(image, 50, 50, .blue, "centre: the innermost of \(Self.depth) nested layers")
        #expect(f.window.layer.hitTest(CGPoint(x: 50, y: 50)) === layers[layers.count - 1])
        #expect(f.window.layer.hitTest(CGPoint(x: 5, y: 5)) === f.window.layer)
        weak let bottom = layers[layers.count - 1]
        layers[0].removeFromSuperlayer()
        layers = []
        let after = try await f.render()
        expectPixel(after, 50, 50, .white, "centre after the chain was removed")
        #expect(bottom == nil, "once committed, freeing the top freed the whole chain, in a loop")
        await f.finish()
    }

    @Test("A chain of views 100,000 deep (25,000 under TSan) that no one else holds is freed with its top, without running out of stack")
    func aDeepChainIsFreedWithItsTop() {
        weak var bottom: UIView?
        do {
            let top = UIView()
            var parent = top
            for _ in 1..<Self.depth {
                let view = UIView()
                parent.addSubview(view)
                parent = view
            }
            bottom = parent
            #expect(bottom != nil)
        }
        #expect(bottom == nil)
    }
}

/// `window` and `tintColor` are kept on each view as it moves (not found by a walk up the tree
/// on each read): what the notifications and a moved subtree read.
@MainActor
@Suite struct KeptWindowAndTintTests {
    /// Records what `window` and `tintColor` read in each notification.
    final class Reader: UIView {
        var seen: [String] = []
        let a: UIWindow, b: UIWindow
        init(_ a: UIWindow, _ b: UIWindow) {
            self.a = a
            self.b = b
            super.init(frame: .zero)
        }
        required init?(coder: NSCoder) { nil }
        func name(_ w: UIWindow?) -> String { w === a ? "a" : w === b ? "b" : w == nil ? "nil" : "other" }
        override func willMove(toWindow newWindow: UIWindow?) { seen.append("will \(name(newWindow)) from \(name(window))") }
        override func didMoveToWindow() { seen.append("did \(name(window)) tint \(tintColor == .red ? "red" : tintColor == .systemBlue ? "blue" : "other")") }
    }

    @Test("A grandchild moved from window a to window b reads a in willMove(toWindow:), b and b's tint in didMoveToWindow")
    func aSubtreeMovedBetweenWindows() {
        let a = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        b.tintColor = .red
        let parent = UIView(), reader = Reader(a, b)
        parent.addSubview(reader)
        a.addSubview(parent)
        #expect(reader.window === a && reader.seen == ["will a from nil", "did a tint blue"])
        reader.seen = []
        b.addSubview(parent)
        #expect(reader.seen == ["will b from a", "did b tint red"])
        #expect(reader.window === b && reader.tintColor == .red)
        reader.seen = []
        parent.removeFromSuperview()
        #expect(reader.seen == ["will nil from b", "did nil tint blue"])
        #expect(reader.window == nil && reader.tintColor == .systemBlue)
    }

    @Test("A subview that outlives its superview has no superview and reads the default tint, not the one it inherited")
    func anOrphanLosesTheInheritedTint() {
        let child = UIView()
        do {
            let parent = UIView()
            parent.tintColor = .red
            parent.addSubview(child)
            #expect(child.tintColor == .red)
        }
        #expect(child.superview == nil && child.tintColor == .systemBlue)
    }

    @Test("A window's own window is itself, and views in a window that is freed read nil")
    func aWindowIsItsOwn() {
        let view = UIView()
        do {
            let window = UIWindow(frame: .zero)
            #expect(window.window === window)
            window.addSubview(view)
            #expect(view.window === window)
        }
        #expect(view.window == nil && view.superview == nil)
    }
}
