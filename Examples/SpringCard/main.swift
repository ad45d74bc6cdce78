// A card that springs across the screen with UIView.animate's spring, as UIKit tutorials show
// springs. Written as for iOS; only the import and the set-up at the end differ (frames come
// from a virtual 60 Hz clock, so every run draws the same pictures). Writes spring-card-start.png,
// spring-card-middle.png and spring-card-end.png into the folder it is given.
import Strata

final class CardView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemPink
        layer.cornerRadius = 12
        layer.borderWidth = 2
        layer.borderColor = UIColor.white.cgColor
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func slide(to x: CGFloat, completion: @escaping @MainActor (Bool) -> Void) {
        UIView.animate(
            withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [],
            animations: { self.center.x = x }, completion: completion)
    }
}

// Strata's set-up in place of UIApplication: a screen on a virtual 60 Hz clock, a window, frames
// rendered and written as PNG.
@main
struct SpringCardProgram {
    @MainActor static func main() async throws {
        let out = CommandLine.arguments.dropFirst().first ?? "."
        let clock = FrameClock.virtual(start: 0, step: 1.0 / 60)
        let screen = try UIScreen(size: CGSize(width: 320, height: 120), configuration: CompositorConfiguration(clock: clock))
        let window = UIWindow(frame: screen.bounds)
        window.backgroundColor = .white
        window.screen = screen
        window.makeKeyAndVisible()

        let card = CardView(frame: CGRect(x: 20, y: 30, width: 80, height: 60))
        window.addSubview(card)
        try await screen.renderFrame().image!.writePNG(to: out + "/spring-card-start.png")

        var finished = false
        card.slide(to: 260) { finished = $0 }
        var frame = 0, furthest: CGFloat = 0
        while !finished, frame < 240 {
            frame += 1
            let image = try await screen.renderFrame().image!
            if frame == 12 { try image.writePNG(to: out + "/spring-card-middle.png") }
            furthest = max(furthest, card.layer.presentation()?.position.x ?? 0)
            await Task.yield()  // completions run on the main actor between frames
        }
        try await screen.renderFrame().image!.writePNG(to: out + "/spring-card-end.png")
        print("spring card: finished \(finished) after \(frame) frames, furthest center x \(furthest)")
        await screen.compositor.shutdown()
    }
}
