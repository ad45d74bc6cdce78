// A side drawer dragged open with a pan gesture and snapped open or shut with an animation on
// release, as UIKit apps build drawers. Written as for iOS; what differs: the import, the set-up at
// the end (a finger's drag is sent as touches on the frame clock), and the recognizer's action,
// a method reference where iOS writes #selector(handlePan(_:)). Writes drawer-closed.png,
// drawer-dragging.png and drawer-open.png into the folder it is given.
import Strata

final class DrawerContainerView: UIView {
    let drawer = UIView()
    let drawerWidth: CGFloat = 160
    private var startX: CGFloat = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        drawer.frame = CGRect(x: -drawerWidth, y: 0, width: drawerWidth, height: frame.height)
        drawer.backgroundColor = .systemIndigo
        addSubview(drawer)
        addGestureRecognizer(UIPanGestureRecognizer(target: self, action: DrawerContainerView.handlePan))
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    var isOpen: Bool { drawer.frame.minX == 0 }

    func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            startX = drawer.frame.minX
        case .changed:
            let x = min(max(startX + pan.translation(in: self).x, -drawerWidth), 0)
            drawer.frame.origin.x = x
        case .ended, .cancelled:
            let open = drawer.frame.maxX > drawerWidth / 2 || pan.velocity(in: self).x > 300
            UIView.animate(withDuration: 0.25, delay: 0, options: .curveEaseOut) {
                self.drawer.frame.origin.x = open ? 0 : -self.drawerWidth
            }
        default:
            break
        }
    }
}

// Strata's set-up in place of UIApplication: a screen on the virtual 60 Hz clock, a window, a
// drag from the left edge sent as touches between frames, frames written as PNG.
@main
struct DrawerProgram {
    @MainActor static func main() async throws {
        let out = CommandLine.arguments.dropFirst().first ?? "."
        let screen = try UIScreen(size: CGSize(width: 320, height: 200))
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.makeKeyAndVisible()
        let container = DrawerContainerView(frame: window.bounds)
        window.addSubview(container)
        try await screen.renderFrame().image!.writePNG(to: out + "/drawer-closed.png")

        // A finger drags from x 10 to x 110 over ten frames, then lifts.
        for step in 0...10 {
            let point = CGPoint(x: 10 + CGFloat(step) * 10, y: 100)
            let phase: TouchInput.Phase = step == 0 ? .down : .move
            try window.send(TouchInput(id: 1, phase: phase, location: point, timestamp: screen.mediaTime))
            let image = try await screen.renderFrame().image!
            if step == 6 { try image.writePNG(to: out + "/drawer-dragging.png") }
        }
        try window.send(TouchInput(id: 1, phase: .up, location: CGPoint(x: 110, y: 100), timestamp: screen.mediaTime))
        for _ in 0..<30 { _ = try await screen.renderFrame(readBack: false) }
        try await screen.renderFrame().image!.writePNG(to: out + "/drawer-open.png")
        print("drawer open: \(container.isOpen), frame \(container.drawer.frame)")
        await screen.compositor.shutdown()
    }
}
