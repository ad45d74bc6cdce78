import Foundation
import Strata
import Testing

/// Views on a 100×100 white window, rendered on the GPU and read back.
@MainActor
@Suite struct UIViewPixelTests {
    @Test func backgroundColorFillsTheFrame() async throws {
        let f = try ScreenFixture()
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        view.backgroundColor = .red
        f.window.addSubview(view)
        let image = try await f.render()
        expectPixel(image, 25, 40, .red, "inside the red view (10, 20, 30, 40)")
        expectPixel(image, 5, 40, .white, "left of the view")
        expectPixel(image, 25, 65, .white, "below the view")
        await f.finish()
    }
}
