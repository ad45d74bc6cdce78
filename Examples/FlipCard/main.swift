// A card with a front and a back that flips in 3D with perspective, as UIKit tutorials build card
// flips from two layered views: each face hides when it turns away (isDoubleSided = false).
// Written as for iOS; only the import and the set-up at the end differ. Writes flip-card-front.png,
// flip-card-quarter.png, flip-card-edge.png and flip-card-back.png into the folder it is given.
import Strata

final class FlipCardView: UIView {
    let front = UIView()
    let back = UIView()
    private(set) var showsBack = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        layer.sublayerTransform = perspective
        for (face, color) in [(back, UIColor.systemIndigo), (front, UIColor.systemOrange)] {
            face.frame = bounds
            face.backgroundColor = color
            face.layer.cornerRadius = 10
            face.layer.isDoubleSided = false
            addSubview(face)
        }
        back.layer.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)  // faces away until flipped
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func flip(duration: TimeInterval) {
        showsBack.toggle()
        let turn = showsBack ? CGFloat.pi : 0
        UIView.animate(withDuration: duration, delay: 0, options: .curveLinear) {
            self.front.layer.transform = CATransform3DMakeRotation(turn, 0, 1, 0)
            self.back.layer.transform = CATransform3DMakeRotation(turn + .pi, 0, 1, 0)
        }
    }
}

// Strata's set-up in place of UIApplication: a screen on the virtual 60 Hz clock, a window, frames
// written as PNG before, during and after the flip.
@main
struct FlipCardProgram {
    @MainActor static func main() async throws {
        let out = CommandLine.arguments.dropFirst().first ?? "."
        let screen = try UIScreen(size: CGSize(width: 200, height: 160))
        let window = UIWindow(frame: screen.bounds)
        window.backgroundColor = .white
        window.screen = screen
        window.makeKeyAndVisible()

        let card = FlipCardView(frame: CGRect(x: 40, y: 30, width: 120, height: 100))
        window.addSubview(card)
        try await screen.renderFrame().image!.writePNG(to: out + "/flip-card-front.png")

        card.flip(duration: 1)
        // The turn begins with the next frame: frame k after the flip shows (k − 1) / 60 of it.
        for k in 1...70 {
            let image = try await screen.renderFrame().image!
            if k == 16 { try image.writePNG(to: out + "/flip-card-quarter.png") }  // 45°
            if k == 31 { try image.writePNG(to: out + "/flip-card-edge.png") }  // 90°: edge-on
        }
        try await screen.renderFrame().image!.writePNG(to: out + "/flip-card-back.png")
        await screen.compositor.shutdown()
    }
}
