// A transparent overlay that lets touches through to the views under it except on its own
// controls, as UIKit code does by overriding point(inside:with:). Written as for iOS; only the
// import and the set-up at the end differ (touches come from the program instead of a finger).
// Writes pass-through.png into the folder it is given and prints which view each tap reached.
import Strata

/// A full-screen overlay that takes touches only on its subviews.
final class PassThroughView: UIView {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        subviews.contains { !$0.isHidden && $0.point(inside: convert(point, to: $0), with: event) }
    }
}

/// A square that turns green when tapped.
final class TapSquare: UIView {
    private(set) var taps = 0
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        taps += 1
        backgroundColor = .systemGreen
    }
}

// Strata's set-up in place of UIApplication: a screen, a window, taps sent through the window,
// one frame written as PNG.
@main
struct PassThroughProgram {
    @MainActor static func main() async throws {
        let out = CommandLine.arguments.dropFirst().first ?? "."
        let screen = try UIScreen(size: CGSize(width: 200, height: 120))
        let window = UIWindow(frame: screen.bounds)
        window.backgroundColor = .white
        window.screen = screen
        window.makeKeyAndVisible()

        let under = TapSquare(frame: CGRect(x: 20, y: 20, width: 80, height: 80))
        under.backgroundColor = .systemRed
        window.addSubview(under)
        let overlay = PassThroughView(frame: window.bounds)
        window.addSubview(overlay)
        let badge = TapSquare(frame: CGRect(x: 120, y: 20, width: 60, height: 60))
        badge.backgroundColor = .systemBlue
        overlay.addSubview(badge)

        // Taps: on the red square through the overlay, then on the overlay's own badge.
        var time = screen.mediaTime
        for (id, point) in [(1, CGPoint(x: 60, y: 60)), (2, CGPoint(x: 150, y: 50))] {
            time += 0.2
            try window.send(TouchInput(id: id, phase: .down, location: point, timestamp: time))
            try window.send(TouchInput(id: id, phase: .up, location: point, timestamp: time + 0.05))
            print("tap at \(point): hit \(window.hitTest(point, with: nil).map { "\(type(of: $0))" } ?? "nothing")")
        }
        print("taps: under \(under.taps), badge \(badge.taps)")
        try await screen.renderFrame().image!.writePNG(to: out + "/pass-through.png")
        await screen.compositor.shutdown()
    }
}
