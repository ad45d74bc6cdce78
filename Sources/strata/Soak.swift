import ArgumentParser
import Foundation
import Strata
import StrataCompositor
import StrataCore
import StrataGL

/// `strata soak`: a long run that churns everything a frame can change, to show that memory and
/// GL objects stay flat.
struct Soak: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Churn views, animations, contents, text and input every frame; report memory and GL objects; fail if either grows.",
        discussion: """
            Every frame views are added and removed, animations started, drawn contents redrawn, images \
            replaced, a label's text changed and touches sent to a pan and a tap recognizer, in a cycle \
            of \(SoakScene.period) frames. Every --every frames (a multiple of the cycle) it prints the \
            resident memory and the GL objects alive. After --warmup frames, the GL objects must not \
            grow at all and the resident memory by no more than --rss-slack MiB; otherwise it exits 1.
            """)

    @OptionGroup var common: CommonOptions

    @Option(parsing: .unconditional, help: "Frames to render.")
    var frames: Int = 6_000

    @Option(parsing: .unconditional, help: "Report every N frames (rounded up to a multiple of the cycle).")
    var every: Int = 600

    @Option(parsing: .unconditional, help: "Frames before the baseline is taken (rounded up to a multiple of the cycle).")
    var warmup: Int = 600

    @Option(parsing: .unconditional, help: "Growth of resident memory allowed after the warm-up, in MiB.")
    var rssSlack: Double = 8

    @Option(parsing: .unconditional, help: "The target size in pixels, WIDTHxHEIGHT (default: 320x240).", transform: SizeArgument.init(parsing:))
    var size: SizeArgument = SizeArgument(argument: "320x240")!

    @Option(help: "Force an EGL platform: device, surfaceless or gbm.")
    var platform: EGLPlatform?

    @Flag(help: "Keep every image shown in a view of its own (a deliberate leak, to check that the soak notices growth).")
    var keepEveryImage = false

    func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1, got \(frames)") }
        guard every >= 1 else { throw ValidationError("--every must be at least 1, got \(every)") }
        guard warmup >= 0, warmup < frames else { throw ValidationError("--warmup must be 0 or more and below --frames (\(frames)), got \(warmup)") }
        guard rssSlack >= 0, rssSlack.isFinite else { throw ValidationError("--rss-slack must be a finite number of MiB, 0 or more, got \(rssSlack)") }
    }

    func run() async throws {
        try common.bootstrap()
        var grew = false
        try await runReadably("soak") {
            grew = try await runSoak(
                frames: frames, every: SoakScene.cycles(every), warmup: SoakScene.cycles(warmup), rssSlack: rssSlack, size: size.size,
                keepEveryImage: keepEveryImage, platform: platform)
        }
        if grew { throw ExitCode(1) }
    }
}

/// Runs the soak on the main actor; returns whether memory or GL objects grew.
@MainActor
private func runSoak(
    frames: Int, every: Int, warmup: Int, rssSlack: Double, size: PixelSize, keepEveryImage: Bool, platform: EGLPlatform?
) async throws -> Bool {
    let compositor = try Compositor(configuration: CompositorConfiguration(platform: platform, clock: .virtual(start: 0, step: 1.0 / 60)))
    let scene = SoakScene(screen: UIScreen(size: CGSize(width: size.width, height: size.height), compositor: compositor))
    scene.keepsEveryImage = keepEveryImage
    var baseline: (rss: Double, objects: GLObjectCounts)?
    var grew = false
    print("strata soak: \(frames) frames of \(size), a cycle every \(SoakScene.period), baseline after \(warmup) (\(compositor.gpu.renderer))")
    print("   frame    RSS MiB  GL objects")
    for index in 1...frames {
        try scene.step(index)
        _ = try await scene.screen.renderFrame(readBack: index.isMultiple(of: SoakScene.period))
        guard index.isMultiple(of: every) || index == warmup else { continue }
        let rss = residentMiB(), objects = await compositor.liveGLObjects()
        var note = ""
        if index == warmup { baseline = (rss, objects); note = "  (baseline)" }
        if let baseline, index > warmup {
            if objects.total > baseline.objects.total { grew = true; note += "  GL objects grew from \(baseline.objects.total)" }
            if rss > baseline.rss + rssSlack { grew = true; note += String(format: "  RSS grew %.1f MiB (allowed %.1f)", rss - baseline.rss, rssSlack) }
        }
        print(String(format: "%8d %10.1f  %d (%@)%@", index, rss, objects.total, "\(objects)", note))
    }
    print("strata soak: \(scene.churned)")
    let leaked = await compositor.shutdown()
    if leaked.total != 0 { grew = true; print("strata soak: GL objects left after shutdown: \(leaked)") }
    print(grew ? "strata soak: FAILED: memory or GL objects grew after the warm-up" : "strata soak: flat: no growth after the warm-up")
    return grew
}

/// The resident set size of this process, in MiB (from /proc/self/statm).
private func residentMiB() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

/// The scene the soak churns: a grid of tiles replaced in turn, a drawn chart redrawn, an image
/// view whose image is replaced, a label whose text changes, animations, and a finger that pans
/// and taps. Everything repeats every `period` frames, so counts taken a cycle apart compare.
@MainActor
final class SoakScene {
    /// Frames per cycle of the churn.
    nonisolated static let period = 60

    /// `frames` rounded up to whole cycles (at least one).
    nonisolated static func cycles(_ frames: Int) -> Int { max(1, (frames + period - 1) / period) * period }

    let screen: UIScreen
    private let window: UIWindow
    private let grid = UIView()
    private let chart = SoakChart()
    private let picture = UIImageView()
    private let label = UILabel()
    private var tiles: [UIView] = []
    private var pans = 0, taps = 0, views = 0, animations = 0, images = 0, texts = 0
    /// Keep every image in a view of its own: a deliberate leak.
    var keepsEveryImage = false

    /// What the run changed, counted.
    var churned: String {
        "\(views) views added (\(tiles.count) left), \(animations) animations, \(images) images, \(texts) texts, \(pans) pans and \(taps) taps recognised"
    }

    init(screen: UIScreen) {
        self.screen = screen
        window = UIWindow(frame: screen.bounds)
        window.backgroundColor = .white
        window.screen = screen
        let b = screen.bounds
        grid.frame = CGRect(x: 0, y: 0, width: b.width / 2, height: b.height / 2)
        chart.frame = CGRect(x: b.width / 2, y: 0, width: b.width / 2, height: b.height / 2)
        picture.frame = CGRect(x: 0, y: b.height / 2, width: b.width / 2, height: b.height / 2)
        label.frame = CGRect(x: b.width / 2, y: b.height / 2, width: b.width / 2, height: 30)
        for view in [grid, chart, picture, label] { window.addSubview(view) }
        picture.isUserInteractionEnabled = true  // off by default for image views, as in UIKit
        let pan = UIPanGestureRecognizer { [weak self] g in
            if g.state == .ended { self?.pans += 1 }
        }
        let tap = UITapGestureRecognizer { [weak self] _ in self?.taps += 1 }
        chart.addGestureRecognizer(pan)
        picture.addGestureRecognizer(tap)
        window.makeKeyAndVisible()
    }

    /// The changes of frame `index` (1-based).
    func step(_ index: Int) throws {
        let phase = (index - 1) % Self.period
        let b = screen.bounds
        // Views: one tile added, and once twelve are up the oldest removed.
        let tile = UIView(frame: CGRect(x: CGFloat(phase % 6) * b.width / 12, y: CGFloat(phase / 6 % 6) * b.height / 12, width: b.width / 14, height: b.height / 14))
        tile.backgroundColor = UIColor(hue: CGFloat(phase) / CGFloat(Self.period), saturation: 0.7, brightness: 0.9, alpha: 1)
        tile.layer.cornerRadius = CGFloat(phase % 4) * 3
        grid.addSubview(tile)
        tiles.append(tile)
        views += 1
        if tiles.count > 12 { tiles.removeFirst().removeFromSuperview() }
        // Animations: a tile fades and moves, a property animator turns the chart.
        if phase % 5 == 0 {
            UIView.animate(withDuration: 0.2) {
                tile.alpha = 0.5; tile.center.x += 10
            }
            animations += 1
        }
        if phase == 0 {
            let animator = UIViewPropertyAnimator(duration: 0.5, curve: .easeInOut) { self.chart.transform = CGAffineTransform(rotationAngle: 0.1) }
            animator.addCompletion { _ in self.chart.transform = .identity }
            animator.startAnimation()
            animations += 1
        }
        // Contents: the chart redraws every frame, the image is replaced every 10, the text every 3.
        chart.value = CGFloat(phase) / CGFloat(Self.period)
        if phase % 10 == 0 {
            let side = 16 + phase
            picture.image = UIGraphicsImageRenderer(size: CGSize(width: side, height: side)).image { context in
                UIColor(white: CGFloat(phase) / CGFloat(Self.period), alpha: 1).setFill()
                context.fill(CGRect(x: 0, y: 0, width: side, height: side))
            }
            images += 1
            if keepsEveryImage {
                // 300 points a side at scale 1: past the atlas, a texture of its own each.
                let kept = UIImageView(image: UIGraphicsImageRenderer(size: CGSize(width: 300, height: 300)).image { _ in })
                kept.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
                kept.alpha = 0.01
                window.insertSubview(kept, at: 0)
            }
        }
        if phase % 3 == 0 {
            label.text = "Frame \(index): \(pans) pans, \(taps) taps"
            texts += 1
        }
        // Input, on the screen's clock: a drag across the chart, then a tap on the picture.
        let t = screen.mediaTime
        let chartPoint = CGPoint(x: chart.frame.midX - 30 + CGFloat(phase % 20) * 3, y: chart.frame.midY)
        switch phase % 20 {
        case 0: try window.send(TouchInput(id: 1, phase: .down, location: chartPoint, timestamp: t))
        case 1..<19: try window.send(TouchInput(id: 1, phase: .move, location: chartPoint, timestamp: t))
        default: try window.send(TouchInput(id: 1, phase: .up, location: chartPoint, timestamp: t))
        }
        if phase == 30 {
            let p = CGPoint(x: picture.frame.midX, y: picture.frame.midY)
            try window.send(TouchInput(id: 2, phase: .down, location: p, timestamp: t))
            try window.send(TouchInput(id: 2, phase: .up, location: p, timestamp: t + 0.01))
        }
    }
}

/// A bar whose length follows `value`, drawn in `draw(_:)`.
final class SoakChart: UIView {
    var value: CGFloat = 0 { didSet { setNeedsDisplay() } }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.setFillColor(UIColor.systemBlue.cgColor)
        ctx.fill(CGRect(x: 0, y: bounds.height / 3, width: bounds.width * value, height: bounds.height / 3))
    }
}
