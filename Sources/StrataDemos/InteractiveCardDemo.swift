import Foundation
import Strata

/// The interactive-animation demo: a card that a pan gesture drags along a track by scrubbing a
/// paused `UIViewPropertyAnimator` (position, turn, size and colour), and that, on release,
/// springs on to the end from where the finger left it with `continueAnimation` — the
/// animation then runs on the render thread. Built only with Strata's UIKit API. Main actor.
@MainActor
public final class InteractiveCardDemo {
    /// The window the demo shows in; send it input or replay a script on it.
    public let window: UIWindow
    /// The dragged card.
    public let card = UIView()
    /// Where the card starts and ends (centres, window coordinates).
    public let start: CGPoint, end: CGPoint
    /// The card's colours at the start and at the end.
    public static let startColor = UIColor(red: 0.95, green: 0.55, blue: 0.16, alpha: 1)
    public static let endColor = UIColor(red: 0.20, green: 0.45, blue: 0.95, alpha: 1)
    /// The window's background colour.
    public static let background = UIColor(red: 0.09, green: 0.11, blue: 0.16, alpha: 1)

    private var animator: UIViewPropertyAnimator?
    private var fractionAtGrab = 0.0
    /// What the demo did, for the command line's report.
    public private(set) var log: [String] = []

    /// The demo on `screen`, filling it.
    public init(screen: UIScreen) {
        let bounds = screen.bounds
        window = UIWindow(frame: bounds)
        window.backgroundColor = Self.background
        window.screen = screen
        let side = min(bounds.width, bounds.height) * 0.3
        start = CGPoint(x: bounds.width * 0.2, y: bounds.height / 2)
        end = CGPoint(x: bounds.width * 0.8, y: bounds.height / 2)
        let track = UIView(frame: CGRect(x: start.x, y: start.y - 2, width: end.x - start.x, height: 4))
        track.backgroundColor = UIColor(white: 1, alpha: 0.25)
        track.isUserInteractionEnabled = false
        window.addSubview(track)
        card.frame = CGRect(x: start.x - side / 2, y: start.y - side / 2, width: side, height: side)
        card.backgroundColor = Self.startColor
        card.layer.cornerRadius = side * 0.12
        window.addSubview(card)
        window.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: InteractiveCardDemo.handlePan))
        window.makeKeyAndVisible()
    }

    /// The distance the card travels, in points.
    private var travel: Double { end.x - start.x }

    private func makeAnimator() -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: 0.8, curve: .easeInOut) { [card, end] in
            card.center = end
            card.transform = CGAffineTransform(rotationAngle: .pi / 8).scaledBy(x: 1.25, y: 1.25)
            card.backgroundColor = Self.endColor
        }
        animator.addCompletion { [weak self] position in
            self?.log.append("animator finished at \(position == .end ? "the end" : position == .start ? "the start" : "the current position")")
            self?.animator = nil
        }
        return animator
    }

    /// Grab: pause (creating the animator on first use); drag: scrub; release: spring on.
    func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            let animator = self.animator ?? makeAnimator()
            self.animator = animator
            animator.pauseAnimation()
            fractionAtGrab = animator.fractionComplete
            log.append(String(format: "grabbed at fraction %.3f", fractionAtGrab))
            fallthrough
        case .changed:
            let fraction = min(max(fractionAtGrab + pan.translation(in: window).x / travel, 0), 1)
            animator?.fractionComplete = fraction
        case .ended, .cancelled:
            guard let animator else { return }
            let speed = pan.velocity(in: window).x / travel  // fractions per second
            log.append(String(format: "released at fraction %.3f, %.2f fractions/s", animator.fractionComplete, speed))
            let spring = UISpringTimingParameters(dampingRatio: 0.75, initialVelocity: CGVector(dx: max(speed, 0), dy: 0))
            animator.continueAnimation(withTimingParameters: spring, durationFactor: 0)
        default:
            break
        }
    }

    /// A recorded drag: down on the card, a quick drag right a third of the way, release.
    public static func defaultScript(for screen: UIScreen) -> String {
        let w = screen.bounds.width, y = screen.bounds.height / 2
        var lines = [
            "# The interactive demo's drag: grab the card, pull it right, let go; the spring does the rest.",
            "# time  what  id  x  y",
        ]
        let x0 = w * 0.2
        lines.append(String(format: "0.10  down  1  %.1f  %.1f", x0, y))
        for i in 1...12 {
            lines.append(String(format: "%.3f  move  1  %.1f  %.1f", 0.10 + Double(i) / 60, x0 + w * 0.02 * Double(i), y + Double(i % 3)))
        }
        lines.append(String(format: "%.3f  up    1  %.1f  %.1f", 0.10 + 13.0 / 60, x0 + w * 0.24, y))
        lines.append("2.00  end")
        return lines.joined(separator: "\n") + "\n"
    }
}
