import Foundation
import StrataCore

/// The demo: nested, rotated, translucent and clipped layers and a card in 3D perspective,
/// all moving over one second. Built straight on commits (the layer model the UIKit API sends).
struct DemoScene {
    let size: PixelSize
    private let scale: Double
    private let root = LayerID.make(), panel = LayerID.make(), spinner = LayerID.make(), spinnerDot = LayerID.make()
    private let group = LayerID.make(), disc1 = LayerID.make(), disc2 = LayerID.make()
    private let stage = LayerID.make(), card = LayerID.make(), cardBadge = LayerID.make()
    private let slider = LayerID.make()

    init(size: PixelSize) {
        self.size = size
        scale = min(Double(size.width) / 1280, Double(size.height) / 720)
    }

    private func rect(_ w: Double, _ h: Double) -> LayerProperty { .bounds(Rect(x: 0, y: 0, width: w * scale, height: h * scale)) }
    private func at(_ x: Double, _ y: Double) -> LayerProperty { .position(Point(x: x * scale, y: y * scale)) }

    /// The commit that creates the whole tree.
    func setUp() -> Commit {
        var c = Commit()
        let all = [root, panel, spinner, spinnerDot, group, disc1, disc2, stage, card, cardBadge, slider]
        for id in all { c.append(.createLayer(id)) }
        c.append(.setRoot(root))
        let w = Double(size.width), h = Double(size.height)
        c.set(root, .bounds(Rect(x: 0, y: 0, width: w, height: h)))
        c.set(root, .position(Point(x: w / 2, y: h / 2)))
        c.set(root, .backgroundColor(Color(red8: 0x16, green8: 0x1B, blue8: 0x2A)))

        // A clipping panel with rounded corners, holding a spinning square that reaches past its edge.
        c.append(.insertSublayer(panel, parent: root, index: nil))
        c.set(panel, rect(360, 360)); c.set(panel, at(260, 330))
        c.set(panel, .backgroundColor(Color(red8: 0x2E, green8: 0x3D, blue8: 0x5C)))
        c.set(panel, .cornerRadius(28 * scale)); c.set(panel, .masksToBounds(true))
        c.set(panel, .borderWidth(4 * scale)); c.set(panel, .borderColor(Color(red8: 0x8F, green8: 0xA8, blue8: 0xD8)))
        c.append(.insertSublayer(spinner, parent: panel, index: nil))
        c.set(spinner, rect(260, 260)); c.set(spinner, at(300, 300))
        c.set(spinner, .backgroundColor(Color(red8: 0xF2, green8: 0x8C, blue8: 0x28)))
        c.append(.insertSublayer(spinnerDot, parent: spinner, index: nil))
        c.set(spinnerDot, rect(70, 70)); c.set(spinnerDot, at(70, 70))
        c.set(spinnerDot, .backgroundColor(.white)); c.set(spinnerDot, .cornerRadius(12 * scale))

        // A translucent group: two overlapping discs composited as one picture at opacity 0.6.
        c.append(.insertSublayer(group, parent: root, index: nil))
        c.set(group, rect(300, 200)); c.set(group, at(640, 560)); c.set(group, .opacity(0.6))
        for (disc, x, color) in [(disc1, 100.0, Color(red8: 0xE6, green8: 0x39, blue8: 0x46)), (disc2, 200.0, Color(red8: 0x2A, green8: 0x9D, blue8: 0x8F))] {
            c.append(.insertSublayer(disc, parent: group, index: nil))
            c.set(disc, rect(180, 180)); c.set(disc, at(x, 100))
            c.set(disc, .backgroundColor(color)); c.set(disc, .cornerRadius(90 * scale))
        }

        // A card with image contents, turning about the y axis under a perspective.
        c.append(.insertSublayer(stage, parent: root, index: nil))
        c.set(stage, rect(420, 420)); c.set(stage, at(1000, 330))
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        c.set(stage, .sublayerTransform(perspective))
        c.append(.insertSublayer(card, parent: stage, index: nil))
        c.set(card, rect(300, 200)); c.set(card, at(210, 210))
        c.set(card, .cornerRadius(18 * scale)); c.set(card, .masksToBounds(true))
        c.set(card, .borderWidth(3 * scale)); c.set(card, .borderColor(.white))
        c.set(card, .isDoubleSided(false))
        c.append(.setContents(card, ContentsUpdate(image: Self.cardImage(width: 300, height: 200))))
        c.append(.insertSublayer(cardBadge, parent: card, index: nil))
        c.set(cardBadge, rect(90, 90)); c.set(cardBadge, at(240, 60))
        c.set(cardBadge, .backgroundColor(Color(red: 1, green: 1, blue: 1, alpha: 0.85))); c.set(cardBadge, .cornerRadius(45 * scale))

        // A dot sliding along the top, above everything.
        c.append(.insertSublayer(slider, parent: root, index: nil))
        c.set(slider, rect(40, 40)); c.set(slider, .cornerRadius(20 * scale))
        c.set(slider, .backgroundColor(Color(red8: 0xFF, green8: 0xD1, blue8: 0x66))); c.set(slider, .zPosition(10))
        c.append(contentsOf: update(at: 0))
        return c
    }

    /// The property changes that move the scene to time `t` (seconds; one cycle per second).
    func update(at t: Double) -> Commit {
        var c = Commit()
        let u = min(max(t, 0), 1)
        let ease = u * u * (3 - 2 * u)
        c.set(panel, .transform(Transform3D(rotationAngle: (-8 + 16 * ease) * .pi / 180, x: 0, y: 0, z: 1)))
        c.set(spinner, .transform(Transform3D(rotationAngle: ease * .pi / 2, x: 0, y: 0, z: 1)))
        c.set(spinnerDot, .transform(Transform3D(rotationAngle: -ease * .pi, x: 0, y: 0, z: 1)))
        c.set(disc1, .position(Point(x: (90 + 40 * ease) * scale, y: 100 * scale)))
        c.set(card, .transform(Transform3D(rotationAngle: (-55 + 110 * ease) * .pi / 180, x: 0, y: 1, z: 0)))
        c.set(slider, .position(Point(x: (60 + 1160 * ease) * scale, y: 70 * scale)))
        return c
    }

    /// A gradient with diagonal stripes and a frame, premultiplied RGBA8.
    static func cardImage(width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let fx = Double(x) / Double(width - 1), fy = Double(y) / Double(height - 1)
                let stripe = ((x + y) / 16) % 2 == 0 ? 1.0 : 0.82
                let r = (0.25 + 0.55 * fx) * stripe, g = (0.35 + 0.35 * (1 - fy)) * stripe, b = (0.85 - 0.3 * fx) * stripe
                let i = (y * width + x) * 4
                pixels[i] = UInt8(min(255, r * 255)); pixels[i + 1] = UInt8(min(255, g * 255)); pixels[i + 2] = UInt8(min(255, b * 255))
            }
        }
        return RGBAImage(size: PixelSize(width: width, height: height), pixels: pixels)
    }
}

extension Commit {
    mutating func append(contentsOf other: Commit) {
        for operation in other.operations { append(operation) }
    }
}
