// swift-format-ignore-file
// (The README's examples below stay exactly as the README has them.)
import Strata
import StrataTesting
import Testing

// The README's Swift example, verbatim but for the output path: it must keep compiling and working.
private final class Badge: UIView {
    override func draw(_ rect: CGRect) {
        let ctx = UIGraphicsGetCurrentContext()!
        ctx.setFillColor(UIColor.white.cgColor)
        ctx.fillEllipse(in: bounds.insetBy(dx: 8, dy: 8))
    }
}

@MainActor
private func renderCard(to path: String) async throws -> RGBAImage {
    let screen = try UIScreen(size: CGSize(width: 320, height: 240), scale: 2)
    let window = UIWindow(frame: screen.bounds)
    window.backgroundColor = .white
    window.screen = screen
    window.makeKeyAndVisible()

    let card = UIView(frame: CGRect(x: 100, y: 80, width: 120, height: 80))
    card.backgroundColor = UIColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)
    card.layer.cornerRadius = 12
    card.transform = CGAffineTransform(rotationAngle: .pi / 6)
    window.addSubview(card)
    card.addSubview(Badge(frame: CGRect(x: 70, y: 10, width: 40, height: 40)))

    let frame = try await screen.renderFrame()
    try frame.image!.writePNG(to: path)
    await screen.compositor.shutdown()
    return frame.image!
}

@MainActor
@Suite(.tags(.gpu), .requiresGPU) struct ReadmeExampleTests {
    @Test func theReadmeExampleRendersTheCard() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-readme-card-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let image = try await renderCard(to: path)
        #expect(image.size == PixelSize(width: 640, height: 480))
        expectPixel(image, 320, 240, RGBA8(230, 77, 51), tolerance: 2, "the card's center (160, 120) points, scale 2")
        expectPixel(image, 10, 10, .white, "the window background")
        let reread = try RGBAImage(pngFile: path)
        #expect(reread.size == image.size)
    }
}

/// The README's animation snippet, verbatim, on a card in a window.
@MainActor
@Suite struct ReadmeAnimationExampleTests {
    @Test func theReadmeAnimationSnippetRuns() async throws {
        let f = try ScreenFixture()
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        f.window.addSubview(card)
        var printed = false
        func print(_ text: String) { printed = true }

        UIView.animate(withDuration: 0.3, delay: 0, options: .curveEaseOut) {
            card.center.x += 100                           // the model jumps; frames show the way there
            card.alpha = 0.5
        } completion: { _ in print("shown at the end") }

        let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.6) { card.transform = .identity }
        animator.startAnimation()
        animator.pauseAnimation(); animator.fractionComplete = 0.8; animator.startAnimation()

        #expect(card.center.x == 110 && card.alpha == 0.5)
        for _ in 0..<25 { _ = try await f.screen.renderFrame(readBack: false) }
        #expect(printed)
        await f.finish()
    }
}

/// The README's input snippet, verbatim, on a card in a 320×240 window.
@MainActor
@Suite struct ReadmeInputExampleTests {
    @Test func theReadmeInputSnippetDragsTheCard() async throws {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 240))
        let (screen, window) = (f.screen, f.window)
        let card = UIView(frame: CGRect(x: 140, y: 100, width: 40, height: 40))
        window.addSubview(card)

        let pan = UIPanGestureRecognizer { g in
            let pan = g as! UIPanGestureRecognizer
            card.center.x += pan.translation(in: window).x
            pan.setTranslation(.zero, in: window)
        }
        card.addGestureRecognizer(pan)
        let t = screen.mediaTime                           // input timestamps use the frame clock
        try window.send(TouchInput(id: 1, phase: .down, location: CGPoint(x: 160, y: 120), timestamp: t))
        try window.send(TouchInput(id: 1, phase: .move, location: CGPoint(x: 200, y: 120), timestamp: t + 0.05))
        try window.send(TouchInput(id: 1, phase: .up, location: CGPoint(x: 200, y: 120), timestamp: t + 0.1))

        #expect(card.center.x == 200, "dragged 40 points right")
        await f.finish()
    }
}
