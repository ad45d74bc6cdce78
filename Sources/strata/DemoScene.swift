import Foundation
import Strata

/// The demo: a window of views built with Strata's UIKit API — a clipping panel with a spinning
/// square, a translucent group of discs, a card drawn with `draw(_:)` turning in 3D perspective,
/// and a dot sliding on top, all animated by one `UIView.animate` block that the render thread
/// interpolates; and a progress bar the main thread updates each frame, redrawn a strip at a time.
@MainActor
final class DemoScene {
    let screen: UIScreen
    private let window: UIWindow
    private let scale: CGFloat
    private let panel = UIView(), spinner = UIView(), spinnerDot = UIView()
    private let group = UIView(), disc1 = UIView(), disc2 = UIView()
    private let stage = UIView(), card = CardView(), badge = UIView()
    private let progress = ProgressBar(), slider = UIView()

    init(screen: UIScreen) {
        self.screen = screen
        scale = min(screen.bounds.width / 1280, screen.bounds.height / 720)
        window = UIWindow(frame: screen.bounds)
        window.backgroundColor = UIColor(red: 0x16 / 255, green: 0x1B / 255, blue: 0x2A / 255, alpha: 1)
        window.screen = screen

        // A clipping panel with rounded corners, holding a spinning square that reaches past its edge.
        place(panel, in: window, 360, 360, at: 260, 330, UIColor(red: 0.18, green: 0.24, blue: 0.36, alpha: 1))
        panel.layer.cornerRadius = 28 * scale
        panel.clipsToBounds = true
        panel.layer.borderWidth = 4 * scale
        panel.layer.borderColor = UIColor(red: 0.56, green: 0.66, blue: 0.85, alpha: 1).cgColor
        place(spinner, in: panel, 260, 260, at: 300, 300, UIColor(red: 0.95, green: 0.55, blue: 0.16, alpha: 1))
        place(spinnerDot, in: spinner, 70, 70, at: 70, 70, .white)
        spinnerDot.layer.cornerRadius = 12 * scale

        // A translucent group: two overlapping discs composited as one picture at alpha 0.6.
        place(group, in: window, 300, 200, at: 640, 560, nil)
        group.alpha = 0.6
        for (disc, x, color) in [
            (disc1, 100.0, UIColor(red: 0.90, green: 0.22, blue: 0.27, alpha: 1)),
            (disc2, 200.0, UIColor(red: 0.16, green: 0.62, blue: 0.56, alpha: 1)),
        ] {
            place(disc, in: group, 180, 180, at: x, 100, color)
            disc.layer.cornerRadius = 90 * scale
        }

        // A card drawn on the CPU once (draw(_:) through Cairo), turning about y under a perspective.
        place(stage, in: window, 420, 420, at: 1000, 330, nil)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        stage.layer.sublayerTransform = perspective
        place(card, in: stage, 300, 200, at: 210, 210, nil)
        card.layer.cornerRadius = 18 * scale
        card.clipsToBounds = true
        card.layer.borderWidth = 3 * scale
        card.layer.borderColor = UIColor.white.cgColor
        card.layer.isDoubleSided = false
        place(badge, in: card, 90, 90, at: 240, 60, UIColor(white: 1, alpha: 0.85))
        badge.layer.cornerRadius = 45 * scale

        // A progress bar that redraws only the strip that changed each frame.
        place(progress, in: window, 1000, 24, at: 640, 690, UIColor(white: 1, alpha: 0.12))

        // A dot sliding along the top, above everything.
        place(slider, in: window, 40, 40, at: 60, 70, UIColor(red: 1, green: 0.82, blue: 0.4, alpha: 1))
        slider.layer.cornerRadius = 20 * scale
        slider.layer.zPosition = 10

        window.makeKeyAndVisible()
        pose(at: 0)
        // One animation block: the model jumps to the end pose, the render thread draws the way there.
        UIView.animate(withDuration: 1, delay: 0, options: .curveEaseInOut) { self.pose(at: 1) }
    }

    /// Adds `view` to `parent` with a size and center given in 1280×720 design points.
    private func place(_ view: UIView, in parent: UIView, _ w: CGFloat, _ h: CGFloat, at x: CGFloat, _ y: CGFloat, _ color: UIColor?) {
        view.bounds = CGRect(x: 0, y: 0, width: w * scale, height: h * scale)
        view.center = CGPoint(x: x * scale, y: y * scale)
        view.backgroundColor = color
        parent.addSubview(view)
    }

    /// The animated views' pose at the start (0) or the end (1).
    private func pose(at u: CGFloat) {
        panel.transform = CGAffineTransform(rotationAngle: (-8 + 16 * u) * .pi / 180)
        spinner.transform = CGAffineTransform(rotationAngle: u * .pi / 2)
        spinnerDot.transform = CGAffineTransform(rotationAngle: -u * .pi * 2 / 3)
        disc1.center = CGPoint(x: (90 + 40 * u) * scale, y: 100 * scale)
        card.layer.transform = CATransform3DMakeRotation((-55 + 110 * u) * .pi / 180, 0, 1, 0)
        slider.center = CGPoint(x: (60 + 1160 * u) * scale, y: 70 * scale)
    }

    /// Main-thread work for the frame at time `t` (seconds): the progress bar follows the clock.
    func update(at t: Double) {
        progress.fraction = min(max(t, 0), 1)
    }
}

/// A gradient with diagonal stripes, drawn once through the CGContext API.
private final class CardView: UIView {
    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let w = bounds.width, h = bounds.height
        let columns = 30
        for i in 0..<columns {
            let fx = CGFloat(i) / CGFloat(columns - 1)
            ctx.setFillColor(red: 0.25 + 0.55 * fx, green: 0.55, blue: 0.85 - 0.3 * fx, alpha: 1)
            ctx.fill(CGRect(x: w * CGFloat(i) / CGFloat(columns), y: 0, width: w / CGFloat(columns) + 1, height: h))
        }
        ctx.setStrokeColor(UIColor(white: 1, alpha: 0.18).cgColor)
        ctx.setLineWidth(8)
        var x: CGFloat = -h
        while x < w {
            ctx.move(to: CGPoint(x: x, y: h))
            ctx.addLine(to: CGPoint(x: x + h, y: 0))
            x += 24
        }
        ctx.strokePath()
        ctx.setFillColor(UIColor(white: 1, alpha: 0.9).cgColor)
        ctx.fillEllipse(in: CGRect(x: 24, y: h - 64, width: 40, height: 40))
    }
}

/// A bar filled up to `fraction`; a change redraws only the strip between the old and new ends.
private final class ProgressBar: UIView {
    var fraction: CGFloat = 0 {
        didSet {
            let a = bounds.width * min(oldValue, fraction), b = bounds.width * max(oldValue, fraction)
            setNeedsDisplay(CGRect(x: a - 1, y: 0, width: b - a + 2, height: bounds.height))
        }
    }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.setFillColor(UIColor(red: 0.4, green: 0.8, blue: 1, alpha: 1).cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * fraction, height: bounds.height))
    }
}
