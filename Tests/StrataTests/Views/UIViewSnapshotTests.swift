import Foundation
import Strata
import StrataTesting
import Testing

/// `UIView.drawHierarchy(in:afterScreenUpdates:)` and `snapshotView(afterScreenUpdates:)`: a
/// view tree drawn on the CPU (no GPU).
@MainActor
@Suite struct UIViewSnapshotTests {
    /// A white 100×100 view holding a red 40×40 view at (10, 10) with 8-point corners and a
    /// 2-point blue border, a green 30×30 view at (60, 60) at alpha 0.5, and a yellow 20×20 view
    /// at (60, 10) turned 45°, whose drawn circle (a `draw(_:)` view) is black.
    func scene() -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.backgroundColor = .white
        let card = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        card.backgroundColor = .red
        card.layer.cornerRadius = 8
        card.layer.borderWidth = 2
        card.layer.borderColor = UIColor.blue.cgColor
        let faded = UIView(frame: CGRect(x: 60, y: 60, width: 30, height: 30))
        faded.backgroundColor = .green
        faded.alpha = 0.5
        let turned = UIView(frame: CGRect(x: 60, y: 10, width: 20, height: 20))
        turned.backgroundColor = .yellow
        turned.transform = CGAffineTransform(rotationAngle: .pi / 4)
        let disc = DiscView(frame: CGRect(x: 0, y: 60, width: 40, height: 40))
        for view in [card, faded, turned, disc] { root.addSubview(view) }
        return root
    }

    @Test(
        "drawHierarchy draws the scene: white at (5, 5), red at (30, 30), blue on the border at (11, 30), white at the cut corner (10, 10), half green (128, 255, 128) at (75, 75), yellow at the turned square's centre (70, 20) and at (70, 7) inside its turned corner, white at (61, 11) outside it, the drawn disc's blue at (20, 80)"
    )
    func drawHierarchyDrawsTheTree() throws {
        let root = scene()
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 100), format: format).image { _ in
            root.drawHierarchy(in: root.bounds, afterScreenUpdates: true)
        }
        let p = try #require(image.cgImage?.image)
        #expect(p[5, 5] == .white)
        #expect(p[30, 30] == .red)
        #expect(p[11, 30].isClose(to: .blue, tolerance: 2), "\(p[11, 30])")
        #expect(p[10, 10] == .white, "the rounded corner cut away")
        #expect(p[75, 75].isClose(to: RGBA8(128, 255, 128), tolerance: 2), "\(p[75, 75])")
        let yellow = RGBA8(255, 255, 0)
        #expect(p[70, 20] == yellow && p[70, 7].isClose(to: yellow, tolerance: 2), "\(p[70, 7])")
        #expect(p[61, 11] == .white, "outside the turned square")
        #expect(p[20, 80] == .blue, "the disc view's draw(_:)")
    }

    @Test("A snapshot view is a picture of the view at the screen's scale: 100×100 points, its layer's contents 200×200 pixels on a scale-2 screen, red at the card's centre")
    func snapshotViewsArePictures() throws {
        let screen = UIScreen(size: CGSize(width: 100, height: 100), scale: 2, commitSink: RecordingCommitSink())
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.makeKeyAndVisible()
        let root = scene()
        window.addSubview(root)
        let snapshot = try #require(root.snapshotView(afterScreenUpdates: true))
        #expect(snapshot.bounds.size == CGSize(width: 100, height: 100))
        let picture = try #require(snapshot.layer.contents as? CGImage)
        #expect(picture.width == 200 && picture.height == 200 && snapshot.layer.contentsScale == 2)
        #expect(picture.image[60, 60] == .red)
    }

    @Test(
        "drawHierarchy draws what the screen shows: a view fading 1 → 0 over 1 s (linear) drawn half way is half transparent red (alpha 128), while render(in:) draws its model (clear, alpha 0)"
    )
    func drawHierarchyDrawsWhatIsShown() async throws {
        let screen = UIScreen(size: CGSize(width: 20, height: 20), commitSink: RecordingCommitSink())
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.makeKeyAndVisible()
        let view = UIView(frame: window.bounds)
        view.backgroundColor = .red
        window.addSubview(view)
        _ = try await screen.renderFrame()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.alpha = 0 }
        for _ in 1...31 { _ = try await screen.renderFrame() }  // began at frame 1: 0.5 s
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let shown = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format).image { _ in
            view.drawHierarchy(in: view.bounds, afterScreenUpdates: false)
        }
        let model = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format).image { context in
            view.layer.render(in: context.cgContext)
        }
        let pixel = try #require(shown.cgImage?.image)[10, 10]
        #expect(pixel.isClose(to: RGBA8(128, 0, 0, 128), tolerance: 2), "\(pixel)")
        #expect(try #require(model.cgImage?.image)[10, 10] == RGBA8(0, 0, 0, 0))
    }
}
