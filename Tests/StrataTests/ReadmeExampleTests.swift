import Foundation
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
@Suite struct ReadmeExampleTests {
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
