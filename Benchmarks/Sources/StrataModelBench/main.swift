// Main-thread cost of the UIKit-shaped model, against floors measured in the same process:
//   1. A transaction that changes one property on each of 10,000 views, committed: the model
//      (setter, dirty bit, commit walk, Commit value, validation, hand-off) against building the
//      same Commit by hand and submitting it.
//   3. Input: a tap (down and up, each a delivered event) on a window of 10,000 views with a
//      tap recognizer on the window, against the least a hit test needs: the same 10,000 rects
//      searched front to back in a plain array.
//   4. A view controller with a 1,000-view hierarchy presented and dismissed without animation:
//      present/dismiss with their commits, against adding and removing the same kind of
//      1,000-view tree with addSubview/removeFromSuperview and the same commits. Then presented
//      with animation: the transition's frames on the virtual 60 Hz clock, rendered while the
//      main thread does nothing but ask for frames, each showing the view further up (no frame
//      repeats a position: none dropped).
//   5. A 1,000-view Auto Layout screen (rows of 20 boxes chained by constraints): one constant
//      changed and the screen laid out again, against the same frames set by hand.
//   2. A layout pass over a 10,000-view tree (100 containers × 100 leaves, each container laying
//      out its leaves in a grid): UIView.layoutIfNeeded against the same layout arithmetic on a
//      minimal tree of plain Swift objects.
// Rounds interleave model and floor so machine noise hits both. Times are reported, never gated.
import Foundation
import Strata
import StrataCompositor
import StrataCore

let viewCount = 10_000
let rounds = 9

@MainActor func milliseconds(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
}

func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

func report(_ name: String, model: [Double], floor: [Double], floorName: String) {
    let m = median(model), f = median(floor)
    print(String(format: "%@: model %.2f ms, %@ %.2f ms, ratio %.2f (medians of %d rounds)", name, m, floorName, f, m / f, rounds))
}

// MARK: 1. One transaction, 10,000 property changes

let compositor = try Compositor()
let screen = UIScreen(size: CGSize(width: 1280, height: 720), compositor: compositor)
let window = UIWindow(frame: screen.bounds)
window.screen = screen
window.makeKeyAndVisible()
let views = (0..<viewCount).map { i in
    let v = UIView(frame: CGRect(x: Double(i % 100) * 12, y: Double(i / 100) * 7, width: 10, height: 5))
    v.backgroundColor = .red
    return v
}
views.forEach(window.addSubview)
CATransaction.flush()
_ = try await screen.renderFrame(readBack: false)

let ids = views.map { _ in LayerID.make() }
var setup = Commit()
for id in ids { setup.append(.createLayer(id)) }
try compositor.submit(setup)

var modelTimes: [Double] = [], floorTimes: [Double] = [], setterTimes: [Double] = []
for round in 0..<rounds {
    let offset = Double(round + 1)
    modelTimes.append(
        milliseconds {
            for (i, v) in views.enumerated() {
                v.center = CGPoint(x: Double(i % 100) * 12 + offset, y: Double(i / 100) * 7 + offset)
            }
            CATransaction.flush()
        })
    setterTimes.append(
        milliseconds {
            for (i, v) in views.enumerated() {
                v.center = CGPoint(x: Double(i % 100) * 12 - offset, y: Double(i / 100) * 7 - offset)
            }
        })
    CATransaction.flush()
    floorTimes.append(
        milliseconds {
            var c = Commit()
            for (i, id) in ids.enumerated() {
                c.set(id, .position(Point(x: Double(i % 100) * 12 + offset, y: Double(i / 100) * 7 + offset)))
            }
            try! compositor.submit(c)
        })
    _ = try await screen.renderFrame(readBack: false)  // let the render thread drain between rounds
}
report("transaction: 10,000 views × 1 property, committed", model: modelTimes, floor: floorTimes, floorName: "hand-built Commit + submit")
print(String(format: "  of which the 10,000 setters alone: %.2f ms", median(setterTimes)))

// MARK: 3. Input: taps on the 10,000-view window

let tapRecognizer = UITapGestureRecognizer()
window.addGestureRecognizer(tapRecognizer)
let rects = views.map(\.frame)
let tapsPerRound = 200
var tapTimes: [Double] = [], hitFloorTimes: [Double] = []
var inputTime = screen.mediaTime, hits = 0
for round in 0..<rounds {
    let points = (0..<tapsPerRound).map { i in CGPoint(x: Double((i * 37 + round * 11) % 1200) + 2.5, y: Double((i * 53 + round * 7) % 700) + 1.5) }
    tapTimes.append(
        milliseconds {
            for (i, p) in points.enumerated() {
                inputTime += 1
                try! window.send(TouchInput(id: i, phase: .down, location: p, timestamp: inputTime))
                try! window.send(TouchInput(id: i, phase: .up, location: p, timestamp: inputTime + 0.05))
            }
        } / Double(tapsPerRound))
    hitFloorTimes.append(
        milliseconds {
            for p in points {
                for r in rects.reversed() where r.contains(p) { hits += 1; break }
            }
        } / Double(tapsPerRound))
}
precondition(hits > 0, "no point hit a view")
print(
    String(
        format: "input: one tap (down + up) on 10,000 views: %.1f µs, plain front-to-back rect search %.1f µs, ratio %.1f (medians of %d rounds)",
        median(tapTimes) * 1000, median(hitFloorTimes) * 1000, median(tapTimes) / median(hitFloorTimes), rounds))

// MARK: 2. Layout pass over 10,000 views

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

let layoutRoot = RootContainer(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
let containers = (0..<100).map { _ in GridContainer() }
for c in containers {
    layoutRoot.addSubview(c)
    for _ in 0..<100 { c.addSubview(UIView()) }
}
let nodeRoot = Node()
nodeRoot.frame = layoutRoot.frame
nodeRoot.children = (0..<100).map { _ in
    let n = Node(); n.children = (0..<100).map { _ in Node() }; return n
}
layoutRoot.layoutIfNeeded()
CATransaction.flush()

var layoutTimes: [Double] = [], nodeTimes: [Double] = []
for round in 0..<rounds {
    let side = CGFloat(1000 + (round % 2) * 100)  // a new size each round: every frame changes
    layoutTimes.append(
        milliseconds {
            layoutRoot.frame = CGRect(x: 0, y: 0, width: side, height: side)
            layoutRoot.layoutIfNeeded()
        })
    nodeTimes.append(
        milliseconds {
            nodeRoot.frame = CGRect(x: 0, y: 0, width: side, height: side)
            nodeRoot.layout(columns: 10, inset: 2)
            for n in nodeRoot.children { n.layout(columns: 10, inset: 1) }
        })
    CATransaction.flush()  // detached tree: nothing is sent, but the changed-layer list is cleared
}
expectLaidOut()
report("layout pass: 10,100 views", model: layoutTimes, floor: nodeTimes, floorName: "plain object tree")
_ = await compositor.shutdown()

// MARK: 4. Presenting and dismissing a 1,000-view controller

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

let transitionScreen = try UIScreen(size: CGSize(width: 480, height: 320))
let transitionWindow = UIWindow(frame: transitionScreen.bounds)
transitionWindow.screen = transitionScreen
let rootController = UIViewController()
transitionWindow.rootViewController = rootController
transitionWindow.makeKeyAndVisible()
let heavy = HeavyController()
heavy.modalPresentationStyle = .fullScreen
heavy.loadViewIfNeeded()
let plainTree = UIView(frame: transitionWindow.bounds)
addThousandViews(to: plainTree)
_ = try await transitionScreen.renderFrame(readBack: false)

var presentTimes: [Double] = [], plainTimes: [Double] = []
for _ in 0..<rounds {
    presentTimes.append(
        milliseconds {
            rootController.present(heavy, animated: false)
            CATransaction.flush()
            heavy.dismiss(animated: false)
            CATransaction.flush()
        })
    _ = try await transitionScreen.renderFrame(readBack: false)
    plainTimes.append(
        milliseconds {
            transitionWindow.addSubview(plainTree)
            CATransaction.flush()
            plainTree.removeFromSuperview()
            CATransaction.flush()
        })
    _ = try await transitionScreen.renderFrame(readBack: false)
}
precondition(rootController.presentedViewController == nil, "the last dismissal did not finish")
report(
    "present + dismiss a 1,000-view controller", model: presentTimes, floor: plainTimes,
    floorName: "addSubview + removeFromSuperview of 1,000 views")

// Animated: cover vertical over 0.3 s, 18 frames at 60 Hz; each frame shows the view higher.
var presented = false
rootController.present(heavy, animated: true) { presented = true }
var positions: [CGFloat] = [], frameTimes: [Double] = []
while !presented, positions.count < 60 {
    let start = ContinuousClock.now
    _ = try await transitionScreen.renderFrame(readBack: false)
    let d = ContinuousClock.now - start
    frameTimes.append(Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15)
    positions.append(heavy.view.layer.presentation()?.position.y ?? .nan)
    await Task.yield()
}
let moving = zip(positions, positions.dropFirst()).filter { $1 < $0 }.count
print(
    String(
        format: "animated presentation: %d frames until the completion, %d of them moved the view up, frame median %.2f ms",
        positions.count, moving, median(frameTimes)))
_ = await transitionScreen.compositor.shutdown()

@MainActor func expectLaidOut() {
    let leaf = containers[99].subviews[99]
    let laidOut = leaf.frame.width > 0 && containers[99].frame.width > 0
    precondition(laidOut, "layout did not run")
}

// MARK: 5. One constant change on a 1,000-view Auto Layout screen

let layoutScreen = UIView(frame: CGRect(x: 0, y: 0, width: 1000, height: 2600))
var boxes: [UIView] = []
var firstLeading: NSLayoutConstraint!
for i in 0..<1000 {
    let box = UIView()
    box.translatesAutoresizingMaskIntoConstraints = false
    layoutScreen.addSubview(box)
    var cs = [box.widthAnchor.constraint(equalToConstant: 40), box.heightAnchor.constraint(equalToConstant: 40)]
    if i % 20 == 0 {
        let leading = box.leadingAnchor.constraint(equalTo: layoutScreen.leadingAnchor, constant: 8)
        if i == 0 { firstLeading = leading }
        cs.append(leading)
        cs.append(box.topAnchor.constraint(equalTo: i == 0 ? layoutScreen.topAnchor : boxes[i - 20].bottomAnchor, constant: 10))
    } else {
        cs.append(box.leadingAnchor.constraint(equalTo: boxes[i - 1].trailingAnchor, constant: 8))
        cs.append(box.topAnchor.constraint(equalTo: boxes[i - 1].topAnchor))
    }
    NSLayoutConstraint.activate(cs)
    boxes.append(box)
}
layoutScreen.layoutIfNeeded()
var constraintTimes: [Double] = [], handTimes: [Double] = []
for round in 0..<rounds {
    constraintTimes.append(
        milliseconds {
            firstLeading.constant = CGFloat(8 + round % 2)
            layoutScreen.layoutIfNeeded()
        })
    handTimes.append(
        milliseconds {
            for (i, box) in boxes.enumerated() {
                box.frame = CGRect(x: CGFloat(8 + (round + 1) % 2 + (i % 20) * 48), y: CGFloat(10 + (i / 20) * 50), width: 40, height: 40)
            }
        })
}
firstLeading.constant = 20
layoutScreen.layoutIfNeeded()
precondition(boxes[1].frame.minX == 68 && boxes[19].frame.minX == 20 + 19 * 48 && boxes[999].frame.minX == 8 + 19 * 48, "the constraint change did not lay out")
report("auto layout: one constant changed on 1,000 views", model: constraintTimes, floor: handTimes, floorName: "1,000 frames set by hand")
