// A card whose move is a paused UIViewPropertyAnimator scrubbed by a pan and finished on release,
// as UIKit tutorials show interactive animations. Written as for iOS; what differs: the import,
// the set-up at the end (a finger's drag is sent as touches on the frame clock), and the
// recognizer's action, a method reference where iOS writes #selector(handlePan(_:)).
// Writes scrub-start.png, scrub-half.png and scrub-end.png into the folder it is given.
import Strata

final class ScrubView: UIView {
    let card = UIView(frame: CGRect(x: 20, y: 40, width: 60, height: 60))
    let travel: CGFloat = 200
    private var animator: UIViewPropertyAnimator!

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        card.backgroundColor = .systemBlue
        card.layer.cornerRadius = 8
        addSubview(card)
        animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) {
            self.card.center.x += self.travel
            self.card.backgroundColor = .systemRed
        }
        addGestureRecognizer(UIPanGestureRecognizer(target: self, action: ScrubView.handlePan))
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            animator.pauseAnimation()
        case .changed:
            animator.fractionComplete = min(max(pan.translation(in: self).x / travel, 0), 1)
        case .ended:
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        default:
            break
        }
    }
}

// Strata's set-up in place of UIApplication: a screen on the virtual 60 Hz clock, a window, a
// drag sent as touches between frames, frames written as PNG.
@main
struct ScrubbedAnimatorProgram {
    @MainActor static func main() async throws {
        let out = CommandLine.arguments.dropFirst().first ?? "."
        let screen = try UIScreen(size: CGSize(width: 320, height: 140))
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.makeKeyAndVisible()
        let view = ScrubView(frame: window.bounds)
        window.addSubview(view)
        try await screen.renderFrame().image!.writePNG(to: out + "/scrub-start.png")

        // A finger drags 100 points right (half the travel) over ten frames and holds.
        for step in 0...10 {
            let point = CGPoint(x: 50 + CGFloat(step) * 10, y: 70)
            try window.send(TouchInput(id: 1, phase: step == 0 ? .down : .move, location: point, timestamp: screen.mediaTime))
            _ = try await screen.renderFrame(readBack: false)
        }
        try await screen.renderFrame().image!.writePNG(to: out + "/scrub-half.png")
        print("scrubbed to \(view.card.layer.presentation()!.position.x)")
        try window.send(TouchInput(id: 1, phase: .up, location: CGPoint(x: 150, y: 70), timestamp: screen.mediaTime))
        for _ in 0..<70 { _ = try await screen.renderFrame(readBack: false) }
        try await screen.renderFrame().image!.writePNG(to: out + "/scrub-end.png")
        print("finished at \(view.card.center.x)")
        await screen.compositor.shutdown()
    }
}
