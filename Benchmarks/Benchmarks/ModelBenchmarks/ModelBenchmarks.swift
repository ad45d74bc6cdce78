// Main-thread cost of the UIKit-shaped model, each against a floor measured in the same iteration:
//   - a transaction that changes one property on each of 10,000 views, committed: the model
//     (setter, dirty bit, commit walk, Commit value, validation, hand-off) against building the
//     same Commit by hand and submitting it;
//   - input: 200 taps (down and up, each a delivered event) on a window of 10,000 views with a
//     tap recognizer on the window, against the least a hit test needs: the same 10,000 rects
//     searched front to back in a plain array;
//   - a layout pass over a 10,000-view tree (100 containers × 100 leaves in grids):
//     UIView.layoutIfNeeded against the same arithmetic on a tree of plain Swift objects;
//   - a view controller with 1,000 views presented and dismissed without animation, against
//     adding and removing the same kind of tree with the same commits; and presented with
//     animation: the transition's frames on the virtual 60 Hz clock, each showing the view
//     further up (no frame dropped);
//   - a 1,000-view Auto Layout screen: one constant changed and laid out again, against the same
//     frames set by hand.
//   cd Benchmarks && swift package benchmark --target ModelBenchmarks
import Benchmark
import Foundation
import Strata
import StrataBenchmarkSupport
import StrataCompositor
import StrataCore

/// The views of the transaction and input benchmarks (1,000 in a smoke run).
let viewCount = sized(10_000, smoke: 1000)

let benchmarks: @Sendable () -> Void = {
    transaction()
    taps()
    layoutPass()
    presentation()
    autoLayout()
}

// MARK: A transaction of 10,000 property changes

@MainActor final class TenThousandViews {
    let compositor: Compositor
    let screen: UIScreen
    let window: UIWindow
    let views: [UIView]
    let ids: [LayerID]

    init() async throws {
        compositor = try Compositor()
        screen = UIScreen(size: CGSize(width: 1280, height: 720), compositor: compositor)
        window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.makeKeyAndVisible()
        views = (0..<viewCount).map { i in
            let v = UIView(frame: CGRect(x: Double(i % 100) * 12, y: Double(i / 100) * 7, width: 10, height: 5))
            v.backgroundColor = .red
            return v
        }
        views.forEach(window.addSubview)
        CATransaction.flush()
        _ = try await screen.renderFrame(readBack: false)
        ids = views.map { _ in LayerID.make() }
        var setup = Commit()
        for id in ids { setup.append(.createLayer(id)) }
        try compositor.submit(setup)
    }
}

func transaction() {
    compare(
        "transaction: \(grouped(viewCount)) views × 1 property, committed (reference: a hand-built Commit submitted)",
        setup: { try await TenThousandViews() },
        strata: { s, round in
            let offset = Double(round % 7 + 1)
            for (i, v) in s.views.enumerated() {
                v.center = CGPoint(x: Double(i % 100) * 12 + offset, y: Double(i / 100) * 7 + offset)
            }
            CATransaction.flush()
        },
        reference: { s, round in
            let offset = Double(round % 7 + 1)
            var c = Commit()
            for (i, id) in s.ids.enumerated() {
                c.set(id, .position(Point(x: Double(i % 100) * 12 + offset, y: Double(i / 100) * 7 + offset)))
            }
            try s.compositor.submit(c)
        },
        settle: { s, _ in _ = try await s.screen.renderFrame(readBack: false) },  // the render thread drains
        teardown: { s in await s.compositor.shutdown() })
}

// MARK: Input

func taps() {
    @MainActor final class Taps {
        let scene: TenThousandViews
        let rects: [CGRect]
        var time: Double
        init(_ scene: TenThousandViews) {
            self.scene = scene
            rects = scene.views.map(\.frame)
            time = scene.screen.mediaTime
        }
    }
    func points(_ round: Int) -> [CGPoint] {
        (0..<200).map { i in CGPoint(x: Double((i * 37 + round * 11) % 1200) + 2.5, y: Double((i * 53 + round * 7) % 700) + 1.5) }
    }
    compare(
        "input: 200 taps (down + up) on \(grouped(viewCount)) views (reference: a front-to-back search of their rects)",
        setup: { @MainActor () async throws -> Taps in
            let scene = try await TenThousandViews()
            scene.window.addGestureRecognizer(UITapGestureRecognizer())
            return Taps(scene)
        },
        strata: { s, round in
            for (i, p) in points(round).enumerated() {
                s.time += 1
                try s.scene.window.send(TouchInput(id: i, phase: .down, location: p, timestamp: s.time))
                try s.scene.window.send(TouchInput(id: i, phase: .up, location: p, timestamp: s.time + 0.05))
            }
        },
        reference: { s, round in
            var hits = 0
            for p in points(round) {
                for r in s.rects.reversed() where r.contains(p) {
                    hits += 1
                    break
                }
            }
            try check(hits > 0, "no point hit a view")
        },
        teardown: { s in await s.scene.compositor.shutdown() })
}

// MARK: A layout pass over 10,000 views

/// Lays `views` out in a grid of 10 columns filling `bounds`, `inset` points apart.
@MainActor func grid(_ views: [UIView], in bounds: CGRect, inset: CGFloat) {
    let columns = 10
    let w = bounds.width / CGFloat(columns), h = bounds.height / CGFloat((views.count + columns - 1) / columns)
    for (i, v) in views.enumerated() {
        v.frame = CGRect(x: CGFloat(i % columns) * w, y: CGFloat(i / columns) * h, width: w - inset, height: h - inset)
    }
}
final class GridContainer: UIView {
    override func layoutSubviews() { grid(subviews, in: bounds, inset: 1) }
}
final class RootContainer: UIView {
    override func layoutSubviews() { grid(subviews, in: bounds, inset: 2) }
}

/// The floor: the same layout on the least a tree of objects needs.
final class Node {
    var frame = CGRect.zero
    var children: [Node] = []
    func layout(columns: Int, inset: CGFloat) {
        let w = frame.width / CGFloat(columns), h = frame.height / CGFloat((children.count + columns - 1) / columns)
        for (i, c) in children.enumerated() {
            c.frame = CGRect(x: CGFloat(i % columns) * w, y: CGFloat(i / columns) * h, width: w - inset, height: h - inset)
        }
    }
}

func layoutPass() {
    compare(
        "layout pass: 10,100 views (reference: the same layout on a plain object tree)",
        setup: { @MainActor () -> (RootContainer, Node) in
            let root = RootContainer(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
            for _ in 0..<100 {
                let container = GridContainer()
                root.addSubview(container)
                for _ in 0..<100 { container.addSubview(UIView()) }
            }
            let nodes = Node()
            nodes.frame = root.frame
            nodes.children = (0..<100).map { _ in
                let n = Node()
                n.children = (0..<100).map { _ in Node() }
                return n
            }
            root.layoutIfNeeded()
            CATransaction.flush()
            return (root, nodes)
        },
        strata: { s, round in
            let side = CGFloat(1000 + (round % 2) * 100)  // a new size each round: every frame changes
            s.0.frame = CGRect(x: 0, y: 0, width: side, height: side)
            s.0.layoutIfNeeded()
            let leaf = s.0.subviews[99].subviews[99]
            try check(leaf.frame.width > 0 && s.0.subviews[99].frame.width == side / 10 - 2, "layout did not run")
        },
        reference: { s, round in
            let side = CGFloat(1000 + (round % 2) * 100)
            s.1.frame = CGRect(x: 0, y: 0, width: side, height: side)
            s.1.layout(columns: 10, inset: 2)
            for n in s.1.children { n.layout(columns: 10, inset: 1) }
        },
        settle: { _, _ in CATransaction.flush() })  // detached tree: nothing is sent, but the changed-layer list is cleared
}

// MARK: Presenting a 1,000-view controller

/// A controller whose view holds 1,000 small views.
final class HeavyController: UIViewController {
    override func viewDidLoad() {
        view.backgroundColor = .white
        addThousandViews(to: view)
    }
}

@MainActor func addThousandViews(to view: UIView) {
    for i in 0..<1000 {
        let v = UIView(frame: CGRect(x: Double(i % 40) * 12, y: Double(i / 40) * 12, width: 10, height: 10))
        v.backgroundColor = i % 2 == 0 ? .systemBlue : .systemOrange
        view.addSubview(v)
    }
}

@MainActor final class Presentation {
    let screen: UIScreen
    let window: UIWindow
    let root = UIViewController()
    let heavy = HeavyController()
    let plainTree: UIView

    init() async throws {
        screen = try UIScreen(size: CGSize(width: 480, height: 320))
        window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.rootViewController = root
        window.makeKeyAndVisible()
        heavy.modalPresentationStyle = .fullScreen
        heavy.loadViewIfNeeded()
        plainTree = UIView(frame: window.bounds)
        addThousandViews(to: plainTree)
        _ = try await screen.renderFrame(readBack: false)
    }
}

func presentation() {
    compare(
        "present + dismiss a 1,000-view controller (reference: addSubview + removeFromSuperview of 1,000 views)",
        setup: { try await Presentation() },
        strata: { s, _ in
            s.root.present(s.heavy, animated: false)
            CATransaction.flush()
            s.heavy.dismiss(animated: false)
            CATransaction.flush()
            try check(s.root.presentedViewController == nil, "the dismissal did not finish")
        },
        reference: { s, _ in
            s.window.addSubview(s.plainTree)
            CATransaction.flush()
            s.plainTree.removeFromSuperview()
            CATransaction.flush()
        },
        settle: { s, _ in _ = try await s.screen.renderFrame(readBack: false) },
        teardown: { s in await s.screen.compositor.shutdown() })

    // Cover vertical over 0.3 s: 18 frames at 60 Hz, each showing the view higher.
    compare(
        "animated presentation of a 1,000-view controller, every frame rendered",
        configuration: comparisonConfiguration(iterations: 10),
        setup: { try await Presentation() },
        strata: { s, _ in
            var presented = false
            s.root.present(s.heavy, animated: true) { presented = true }
            var positions: [CGFloat] = []
            while !presented, positions.count < 60 {
                _ = try await s.screen.renderFrame(readBack: false)
                positions.append(s.heavy.view.layer.presentation()?.position.y ?? .nan)
                await Task.yield()
            }
            let moving = zip(positions, positions.dropFirst()).filter { $1 < $0 }.count
            try check(presented && moving >= positions.count - 2, "the presentation took \(positions.count) frames, \(moving) of them moving the view up")
        },
        reference: nil,
        settle: { s, _ in
            s.heavy.dismiss(animated: false)
            CATransaction.flush()
            _ = try await s.screen.renderFrame(readBack: false)
        },
        teardown: { s in await s.screen.compositor.shutdown() })
}

// MARK: One constant changed on a 1,000-view Auto Layout screen

func autoLayout() {
    let count = sized(1000, smoke: 200)  // rows of 20
    compare(
        "auto layout: one constant changed on \(grouped(count)) views (reference: the \(grouped(count)) frames set by hand)",
        setup: { @MainActor () -> (UIView, [UIView], NSLayoutConstraint) in
            let screen = UIView(frame: CGRect(x: 0, y: 0, width: 1000, height: 2600))
            var boxes: [UIView] = []
            var firstLeading: NSLayoutConstraint?
            for i in 0..<count {
                let box = UIView()
                box.translatesAutoresizingMaskIntoConstraints = false
                screen.addSubview(box)
                var cs = [box.widthAnchor.constraint(equalToConstant: 40), box.heightAnchor.constraint(equalToConstant: 40)]
                if i % 20 == 0 {
                    let leading = box.leadingAnchor.constraint(equalTo: screen.leadingAnchor, constant: 8)
                    if i == 0 { firstLeading = leading }
                    cs.append(leading)
                    cs.append(box.topAnchor.constraint(equalTo: i == 0 ? screen.topAnchor : boxes[i - 20].bottomAnchor, constant: 10))
                } else {
                    cs.append(box.leadingAnchor.constraint(equalTo: boxes[i - 1].trailingAnchor, constant: 8))
                    cs.append(box.topAnchor.constraint(equalTo: boxes[i - 1].topAnchor))
                }
                NSLayoutConstraint.activate(cs)
                boxes.append(box)
            }
            screen.layoutIfNeeded()
            return (screen, boxes, firstLeading!)
        },
        strata: { s, round in
            s.2.constant = CGFloat(8 + round % 2)
            s.0.layoutIfNeeded()
            try check(s.1[19].frame.minX == CGFloat(8 + round % 2 + 19 * 48), "the constraint change did not lay out")
        },
        reference: { s, round in
            for (i, box) in s.1.enumerated() {
                box.frame = CGRect(x: CGFloat(8 + (round + 1) % 2 + (i % 20) * 48), y: CGFloat(10 + (i / 20) * 50), width: 40, height: 40)
            }
        })
}
