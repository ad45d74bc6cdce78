import Foundation
@_spi(Testing) import Strata
import StrataCore

/// A benchmark scene: a fixed, seeded scene built through Strata's UIKit API, the change it makes
/// before each frame, and the floor that draws its pixels with raw GL. Main actor.
@MainActor
public class BenchScene {
    /// The scene's name on the command line.
    public let name: String
    /// One line saying what it measures.
    public let summary: String
    /// The layers it shows.
    public internal(set) var layerCount = 0
    /// Whether the floor re-uploads its texture every frame (drawing scenes).
    var uploadsEveryFrame = false
    /// Whether a floor applies: a scene whose frames need no drawing at all has none.
    var hasFloor = true
    /// Bytes a frame moves to the GPU, for scenes that upload: timed as a memcpy for reference.
    var uploadBytes: Int?

    init(name: String, summary: String) {
        self.name = name
        self.summary = summary
    }

    /// Builds the scene in `window` (which fills the screen).
    func build(in window: UIWindow) {}

    /// The change made before frame `index` (measured as main-thread work with its commit).
    func step(_ index: Int, window: UIWindow) {}

    /// Toggles the window's background between two whites: a change that makes the whole target
    /// redraw at the cost of one property, for scenes that measure drawing.
    static func forceRedraw(_ window: UIWindow, _ index: Int) {
        window.backgroundColor = index % 2 == 0 ? .white : UIColor(white: 254.0 / 255, alpha: 1)
    }

    /// The scale scenes: 100,000 and 1,000,000 layers, run when named (each takes from seconds
    /// to minutes to build and draw on a software GL).
    public nonisolated static let scaleNames = ["sprites-100000", "layers-1000000"]

    /// The scenes `strata bench` runs when none are named: all but the scale scenes.
    public nonisolated static var defaultNames: [String] { allNames.filter { !scaleNames.contains($0) } }

    /// The names of every scene, in the order `strata bench` runs them.
    public nonisolated static let allNames = [
        "fill-1", "fill-2", "fill-4", "sprites-1000", "sprites-10000", "idle", "damage",
        "commit", "animations", "upload-512", "upload-2048", "replace-1024", "deep-tree",
        "hidden-10000", "offscreen-10000", "covered-10000", "table-scroll", "list-scroll", "sprites-100000", "layers-1000000",
    ]

    /// The scene called `name`, or nil.
    public static func named(_ name: String) -> BenchScene? {
        switch name {
        case "fill-1": FillScene(layers: 1)
        case "fill-2": FillScene(layers: 2)
        case "fill-4": FillScene(layers: 4)
        case "sprites-1000": SpritesScene(count: 1000, name: name, mode: .redraw)
        case "sprites-10000": SpritesScene(count: 10000, name: name, mode: .redraw)
        case "idle": SpritesScene(count: 1000, name: name, mode: .idle)
        case "damage": SpritesScene(count: 1000, name: name, mode: .oneMoving)
        case "commit": CommitScene()
        case "animations": AnimationsScene()
        case "upload-512": UploadScene(side: 512)
        case "upload-2048": UploadScene(side: 2048)
        case "replace-1024": UploadScene(side: 1024, replacing: true)
        case "deep-tree": DeepTreeScene()
        case "hidden-10000": SpritesScene(count: 1000, name: name, mode: .redraw, extra: .hidden)
        case "offscreen-10000": SpritesScene(count: 1000, name: name, mode: .redraw, extra: .offscreen)
        case "covered-10000": SpritesScene(count: 1000, name: name, mode: .redraw, extra: .covered)
        case "table-scroll": TableScrollScene()
        case "list-scroll": TableScrollScene(flicked: true)
        case "sprites-100000": SpritesScene(count: 100_000, name: name, mode: .someMoving(1000))
        case "layers-1000000": MillionLayersScene()
        default: nil
        }
    }
}

/// A seeded random sequence (xorshift): the same scene on every run.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> Double {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return Double(state % 1_000_000) / 1_000_000
    }
}

/// K full-screen translucent layers: fill rate and blending.
final class FillScene: BenchScene {
    private let layers: Int
    init(layers: Int) {
        self.layers = layers
        super.init(name: "fill-\(layers)", summary: "\(layers) full-screen layer\(layers == 1 ? "" : "s") at alpha 0.5 over white, redrawn every frame")
    }
    override func build(in window: UIWindow) {
        for i in 0..<layers {
            let v = UIView(frame: window.bounds)
            v.backgroundColor = UIColor(red: i % 2 == 0 ? 0.9 : 0.1, green: 0.4, blue: i % 2 == 0 ? 0.2 : 0.8, alpha: 0.5)
            window.addSubview(v)
        }
        layerCount = layers + 1
    }
    override func step(_ index: Int, window: UIWindow) { Self.forceRedraw(window, index) }
}

/// 64×64 layers from 16 textures, each rotated, alpha 0.8, at seeded random positions.
final class SpritesScene: BenchScene {
    enum Mode: Equatable {
        case redraw, idle, oneMoving
        /// That many of the sprites (evenly spread through the tree) moved 3 points a frame.
        case someMoving(Int)
    }
    /// 10,000 more sprites that are not seen, under the visible ones (the growth scenes: the
    /// frame should cost what the visible ones cost).
    enum Extra { case hidden, offscreen, covered }
    private let count: Int
    private let mode: Mode
    private let extra: Extra?
    private var mover: UIView?
    private var movers: [UIView] = []
    static let extraCount = 10_000

    init(count: Int, name: String, mode: Mode, extra: Extra? = nil) {
        self.count = count
        self.mode = mode
        self.extra = extra
        let what =
            switch mode {
            case .redraw: "redrawn every frame"
            case .idle: "nothing changing"
            case .oneMoving: "one 64×64 layer moving 3 points a frame"
            case .someMoving(let n): "\(n) of them moving 3 points a frame"
            }
        let unseen =
            switch extra {
            case nil: ""
            case .hidden: ", over 10,000 more that are hidden (µs/L per visible layer)"
            case .offscreen: ", over 10,000 more placed off the target (µs/L per visible layer)"
            case .covered: ", over an opaque full-screen view covering 10,000 more (µs/L per visible layer)"
            }
        super.init(name: name, summary: "\(count) rotated 64×64 textured layers (16 textures) at alpha 0.8, \(what)\(unseen)")
        hasFloor = mode != .idle
    }

    /// The 16 sprite pictures: two-tone squares with a disc, distinct colours.
    static let textures: [CGImage] = (0..<16).map { i in
        let hue = Double(i) / 16
        func rgba(_ c: UIColor) -> [UInt8] {
            var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
            _ = c.getRed(&r, green: &g, blue: &b, alpha: &a)
            return [UInt8(r * 255), UInt8(g * 255), UInt8(b * 255), 255]
        }
        let ca = rgba(UIColor(hue: hue, saturation: 0.8, brightness: 0.9, alpha: 1))
        let cb = rgba(UIColor(hue: hue, saturation: 0.4, brightness: 1, alpha: 1))
        var pixels: [UInt8] = []
        pixels.reserveCapacity(64 * 64 * 4)
        for y in 0..<64 {
            for x in 0..<64 {
                let inDisc = (Double(x) - 31.5) * (Double(x) - 31.5) + (Double(y) - 31.5) * (Double(y) - 31.5) < 20 * 20
                pixels += inDisc != (x > y) ? cb : ca
            }
        }
        return CGImage(image: RGBAImage(size: PixelSize(width: 64, height: 64), pixels: pixels))
    }

    /// Adds sprite `i` (texture `i` mod 16, alpha 0.8) with its top-left corner at (`x`, `y`)
    /// before turning by `angle`.
    @discardableResult
    static func addSprite(_ i: Int, to window: UIWindow, x: Double, y: Double, angle: Double) -> UIView {
        let v = UIView(frame: CGRect(x: x, y: y, width: 64, height: 64))
        v.layer.contents = textures[i % 16]
        v.transform = CGAffineTransform(rotationAngle: angle)
        v.alpha = 0.8
        window.addSubview(v)
        return v
    }

    override func build(in window: UIWindow) {
        var random = SeededRandom(seed: 0x5EED)
        let w = window.bounds.width, h = window.bounds.height
        if let extra {
            var unseen = SeededRandom(seed: 0xC0DE)
            for i in 0..<Self.extraCount {
                let x = extra == .offscreen ? w + 100 + unseen.next() * 1000 : unseen.next() * w - 32
                let v = Self.addSprite(i, to: window, x: x, y: unseen.next() * h - 32, angle: unseen.next() * 2 * .pi)
                v.isHidden = extra == .hidden
            }
            if extra == .covered {
                let cover = UIView(frame: window.bounds)
                cover.backgroundColor = UIColor(white: 0.9, alpha: 1)
                window.addSubview(cover)
            }
        }
        let moverStride = if case .someMoving(let n) = mode { max(1, count / n) } else { 0 }
        for i in 0..<count {
            let v = Self.addSprite(i, to: window, x: random.next() * w - 32, y: random.next() * h - 32, angle: random.next() * 2 * .pi)
            if moverStride > 0, i % moverStride == 0 { movers.append(v) }
        }
        if mode == .oneMoving {
            let v = UIView(frame: CGRect(x: 0, y: h / 2 - 32, width: 64, height: 64))
            v.layer.contents = Self.textures[0]
            window.addSubview(v)
            mover = v
        }
        layerCount = count + 1 + (mode == .oneMoving ? 1 : 0) + (extra == .covered ? 1 : 0)
    }

    override func step(_ index: Int, window: UIWindow) {
        switch mode {
        case .redraw: Self.forceRedraw(window, index)
        case .idle: break
        case .oneMoving:
            guard let mover else { return }
            mover.center.x = 32 + CGFloat((index * 3) % max(Int(window.bounds.width) - 64, 1))
        case .someMoving:
            let dx: CGFloat = index % 2 == 0 ? 3 : -3
            for v in movers { v.center.x += dx }
        }
    }
}

/// 1,000,000 layers of which 999,000 are not seen: a third hidden, a third placed off the
/// target, a third under an opaque full-screen view; over them 1,000 sprites as in sprites-1000,
/// redrawn every frame. What a frame costs should be what the 1,000 seen cost (µs/L per visible
/// layer). The unseen ones are bare `CALayer`s (8×8, coloured), as a layer-heavy app builds them.
final class MillionLayersScene: BenchScene {
    /// The layers not seen: a multiple of 3 (999,000 in the named scene; fewer in tests).
    let unseenCount: Int
    init(unseen: Int = 999_000) {
        precondition(unseen % 3 == 0, "the unseen layers come in three equal groups, got \(unseen)")
        unseenCount = unseen
        super.init(
            name: unseen == 999_000 ? "layers-1000000" : "layers-\(unseen + 1000)",
            summary: "1,000 rotated 64×64 textured sprites redrawn every frame over \(unseen) layers not seen (hidden, off the target, covered)")
    }
    override func build(in window: UIWindow) {
        let w = window.bounds.width, h = window.bounds.height
        var random = SeededRandom(seed: 0xB16)
        let color = UIColor.systemGreen.cgColor
        let third = unseenCount / 3
        let covered = UIView(frame: window.bounds), cover = UIView(frame: window.bounds), aside = UIView(frame: window.bounds)
        cover.backgroundColor = UIColor(white: 0.9, alpha: 1)
        for (host, group) in [(covered, 0), (aside, 1), (aside, 2)] {
            for _ in 0..<third {
                let layer = CALayer()
                let x = group == 1 ? w + 100 + random.next() * 1000 : random.next() * w
                layer.frame = CGRect(x: x, y: random.next() * h, width: 8, height: 8)
                layer.backgroundColor = color
                layer.isHidden = group == 2
                host.layer.addSublayer(layer)
            }
        }
        window.addSubview(covered)
        window.addSubview(cover)
        window.addSubview(aside)
        var sprites = SeededRandom(seed: 0x5EED)
        for i in 0..<1000 {
            SpritesScene.addSprite(i, to: window, x: sprites.next() * w - 32, y: sprites.next() * h - 32, angle: sprites.next() * 2 * .pi)
        }
        layerCount = 1 + 3 + unseenCount + 1000
    }
    override func step(_ index: Int, window: UIWindow) { Self.forceRedraw(window, index) }
}

/// 10,000 small views, each moved every frame: one property change each, in one transaction.
final class CommitScene: BenchScene {
    private var views: [UIView] = []
    init() { super.init(name: "commit", summary: "10,000 4×4 views, each moved every frame: 10,000 property changes in one transaction") }
    override func build(in window: UIWindow) {
        views = Self.smallViewGrid(in: window)
        layerCount = views.count + 1
    }

    /// 10,000 blue 4×4 views, 125 to a row, 8 × 6 points apart (the commit and animation scenes).
    static func smallViewGrid(in window: UIWindow) -> [UIView] {
        (0..<10_000).map { i in
            let v = UIView(frame: CGRect(x: Double(i % 125) * 8, y: Double(i / 125) * 6, width: 4, height: 4))
            v.backgroundColor = .blue
            window.addSubview(v)
            return v
        }
    }
    override func step(_ index: Int, window: UIWindow) {
        let offset = Double(index % 2)
        for (i, v) in views.enumerated() { v.center = CGPoint(x: Double(i % 125) * 8 + 2 + offset, y: Double(i / 125) * 6 + 2) }
    }
}

/// 10,000 views with a running animation each (repeating, autoreversing moves).
final class AnimationsScene: BenchScene {
    init() { super.init(name: "animations", summary: "10,000 4×4 views, each with a running position animation (render-thread interpolation)") }
    override func build(in window: UIWindow) {
        let views = CommitScene.smallViewGrid(in: window)
        UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveLinear]) {
            for v in views { v.center.x += 3 }
        }
        layerCount = views.count + 1
    }
}

/// A view whose `draw(_:)` content (side × side points at scale 1) is redrawn and uploaded every
/// frame; with `replacing`, a new view of the same size takes the last one's place every frame
/// (its contents get a new texture: what replacing drawn views costs).
final class UploadScene: BenchScene {
    final class Canvas: UIView {
        var shade = 0.0
        override func draw(_ rect: CGRect) {
            UIColor(red: shade, green: 0.5, blue: 1 - shade, alpha: 1).setFill()
            UIRectFill(rect)
        }
    }
    private let side: Int
    private let replacing: Bool
    private var canvas: Canvas?
    init(side: Int, replacing: Bool = false) {
        self.side = side
        self.replacing = replacing
        super.init(
            name: replacing ? "replace-\(side)" : "upload-\(side)",
            summary: replacing
                ? "a \(side)×\(side) draw(_:) view replaced by a new one every frame (a new texture each)"
                : "a \(side)×\(side) draw(_:) view redrawn and uploaded every frame")
        uploadsEveryFrame = true
        uploadBytes = side * side * 4
    }
    override func build(in window: UIWindow) {
        let canvas = Canvas(frame: CGRect(x: 0, y: 0, width: side, height: side))
        window.addSubview(canvas)
        self.canvas = canvas
        layerCount = 2
    }
    override func step(_ index: Int, window: UIWindow) {
        if replacing {
            canvas?.removeFromSuperview()
            let next = Canvas(frame: CGRect(x: 0, y: 0, width: side, height: side))
            window.addSubview(next)
            canvas = next
        }
        canvas?.shade = Double(index % 2)
        canvas?.setNeedsDisplay()
    }
}

/// A chain of 100 nested views, each turned and moved a little from its parent.
final class DeepTreeScene: BenchScene {
    init() { super.init(name: "deep-tree", summary: "a chain of 100 nested views, each turned 3° and moved from its superview, redrawn every frame") }
    override func build(in window: UIWindow) {
        var parent: UIView = window
        let side = min(window.bounds.width, window.bounds.height) * 0.8
        for i in 0..<100 {
            let s = parent === window ? side : parent.bounds.width * 0.97
            let v = UIView(frame: CGRect(x: 0, y: 0, width: s, height: s))
            v.center = parent === window ? CGPoint(x: window.bounds.midX, y: window.bounds.midY) : CGPoint(x: parent.bounds.midX + 1, y: parent.bounds.midY)
            v.transform = CGAffineTransform(rotationAngle: 3 * .pi / 180)
            v.backgroundColor = UIColor(hue: Double(i % 20) / 20, saturation: 0.6, brightness: 0.9, alpha: 1)
            parent.addSubview(v)
            parent = v
        }
        layerCount = 101
    }
    override func step(_ index: Int, window: UIWindow) { Self.forceRedraw(window, index) }
}

/// A long table of self-sizing cells (a label and an image each) filling the screen, scrolled:
/// `table-scroll`, 100,000 rows moved down 60 points a frame by code (what scrolling a long list
/// costs the main thread: layout, reuse, measuring new rows; and the render thread); `list-scroll`,
/// 10,000 rows flicked by a touch and flicked again whenever they come to rest (the deceleration
/// runs on the render side as well, the model laying out rows as it catches up).
final class TableScrollScene: BenchScene, UITableViewDataSource {
    private var table: UITableView?
    private var image: UIImage?
    private let rows: Int
    private let flicked: Bool
    /// The time of the last touch sent (touches go in time order).
    private var lastTouch = -Double.infinity

    init(flicked: Bool = false) {
        self.flicked = flicked
        rows = flicked ? 10_000 : 100_000
        super.init(
            name: flicked ? "list-scroll" : "table-scroll",
            summary: flicked
                ? "a 10,000-row UITableView of self-sizing cells flicked, again whenever it rests (its deceleration on the render side)"
                : "a 100,000-row UITableView of self-sizing cells (label and image), scrolled 60 points a frame")
    }

    override func build(in window: UIWindow) {
        image = UIGraphicsImageRenderer(size: CGSize(width: 28, height: 28)).image { context in
            UIColor.systemTeal.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 28, height: 28))
        }
        let table = UITableView(frame: window.bounds, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = self
        window.addSubview(table)
        table.layoutIfNeeded()
        self.table = table
        layerCount = table.visibleCells.count * 4 + 1
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        cell.imageView?.image = image
        return cell
    }

    override func step(_ index: Int, window: UIWindow) {
        guard let table else { return }
        guard flicked else {
            table.contentOffset.y += 60
            return
        }
        guard !table.isDecelerating, !table.isTracking, let screen = window.screen else { return }
        if table.contentOffset.y > table.contentSize.height - 3 * table.bounds.height { table.contentOffset.y = 0 }
        // A finger flicks up through 40 % of the height in 50 ms (the pan begins 12 points in).
        let x = Double(table.bounds.midX), h = Double(table.bounds.height), y = h * 0.7
        let t = max(screen.mediaTime, lastTouch + 0.001)
        let path: [(TouchInput.Phase, Double, Double)] = [(.down, y, 0), (.move, y - 12, 0.01), (.move, y - 0.2 * h, 0.03), (.move, y - 0.4 * h, 0.05), (.up, y - 0.4 * h, 0.05)]
        for (phase, py, dt) in path {
            do {
                _ = try window.send(TouchInput(id: 1, phase: phase, location: CGPoint(x: x, y: py), timestamp: t + dt))
            } catch {
                // Measuring a list left at rest would report idle frames as scrolling ones.
                preconditionFailure("list-scroll: the window refused the flick's touch (\(error)); the scene needs its window shown on a screen")
            }
        }
        lastTouch = t + 0.05
    }

    /// Cells alive (in view and waiting for reuse) and rows in view, for the report.
    var cellCounts: (alive: Int, visible: Int) {
        guard let table else { return (0, 0) }
        return (table._cellsMade, table.visibleCells.count)
    }
}
