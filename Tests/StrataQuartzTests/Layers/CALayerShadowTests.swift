import Foundation
import StrataCompositor
import StrataCore
import StrataGraphics
import Testing

@_spi(Testing) import StrataQuartz

/// CALayer's shadow properties through the public API, in a context over a recording sink (no
/// GPU): defaults, read back, what a commit carries, and animation.
@MainActor
@Suite struct CALayerShadowTests {
    @Test("Core Animation's defaults: black, opacity 0, offset (0, −3), radius 3, no path; each reads back what was set")
    func defaultsAndReadBack() {
        let layer = CALayer()
        #expect(layer.shadowColor == CGColor.black && layer.shadowOpacity == 0)
        #expect(layer.shadowOffset == CGSize(width: 0, height: -3) && layer.shadowRadius == 3 && layer.shadowPath == nil)
        layer.shadowColor = CGColor.blue
        layer.shadowOpacity = 0.4
        layer.shadowOffset = CGSize(width: 2, height: 5)
        layer.shadowRadius = 8
        let path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 30, height: 20), cornerWidth: 4, cornerHeight: 4, transform: nil)
        layer.shadowPath = path
        #expect(layer.shadowColor == CGColor.blue && layer.shadowOpacity == 0.4)
        #expect(layer.shadowOffset == CGSize(width: 2, height: 5) && layer.shadowRadius == 8 && layer.shadowPath === path)
    }

    @Test(
        "Settings that change how Core Animation works read back (shouldRasterize, rasterizationScale 3, drawsAsynchronously, allowsEdgeAntialiasing, cornerCurve .continuous) and init(layer:) copies them with the shadow path"
    )
    func hintsReadBack() {
        let layer = CALayer()
        #expect(!layer.shouldRasterize && layer.rasterizationScale == 1 && !layer.drawsAsynchronously)
        #expect(!layer.allowsEdgeAntialiasing && layer.cornerCurve == .circular)
        #expect(layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        #expect(layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMaxYCorner])
        layer.shouldRasterize = true
        layer.rasterizationScale = 3
        layer.drawsAsynchronously = true
        layer.allowsEdgeAntialiasing = true
        layer.cornerCurve = .continuous
        layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        let copy = CALayer(layer: layer)
        #expect(copy.shouldRasterize && copy.rasterizationScale == 3 && copy.drawsAsynchronously)
        #expect(copy.allowsEdgeAntialiasing && copy.cornerCurve == .continuous && copy.shadowPath === layer.shadowPath)
    }

    @Test("A layer's shadow settings reach the commit, the shadow path as its bounding box (0, 0, 30, 20); removing the path sends the layer's own shape back")
    func shadowsTravelInTheCommit() async throws {
        let sink = RecordingCommitSink()
        let context = CAContext(size: CGSize(width: 100, height: 100), commitSink: sink)
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 10, width: 30, height: 20)
        card.backgroundColor = CGColor.white
        context.rootLayer.addSublayer(card)
        _ = try await context.renderFrame(clearColor: .black)
        _ = sink.takeCommits()
        card.shadowOpacity = 0.3
        card.shadowOffset = CGSize(width: 0, height: 4)
        card.shadowPath = CGPath(roundedRect: card.bounds, cornerWidth: 6, cornerHeight: 6, transform: nil)
        _ = try await context.renderFrame(clearColor: .black)
        let sent = sink.takeCommits().flatMap(\.operations).compactMap { operation -> LayerProperty? in
            if case .set(card._id, let property) = operation { return property }
            return nil
        }
        #expect(sent.contains(.shadowOpacity(0.3)) && sent.contains(.shadowOffset(Point(x: 0, y: 4))))
        #expect(sent.contains(.shadowShape(Rect(x: 0, y: 0, width: 30, height: 20))), "\(sent)")
        card.shadowPath = nil
        _ = try await context.renderFrame(clearColor: .black)
        #expect(sink.takeCommits().flatMap(\.operations).contains(.set(card._id, .shadowShape(Rect(x: 0, y: 0, width: -1, height: -1)))))
    }

    @Test("Shadows animate: shadowOpacity 0 → 0.8 and shadowOffset (0, 0) → (10, 20) over 1 s, linear, are 0.4 and (5, 10) half way")
    func shadowsAnimate() async throws {
        let context = CAContext(size: CGSize(width: 100, height: 100), commitSink: RecordingCommitSink())
        let layer = CALayer()
        context.rootLayer.addSublayer(layer)
        let fade = CABasicAnimation(keyPath: "shadowOpacity")
        (fade.fromValue, fade.toValue, fade.duration) = (0.0, 0.8, 1)
        let move = CABasicAnimation(keyPath: "shadowOffset")
        (move.fromValue, move.toValue, move.duration) = (CGSize.zero, CGSize(width: 10, height: 20), 1)
        layer.add(fade, forKey: "fade")
        layer.add(move, forKey: "move")
        for _ in 0...30 { _ = try await context.renderFrame(clearColor: .black) }
        let shown = try #require(layer.presentation())
        #expect(abs(shown.shadowOpacity - 0.4) < 1e-6)
        #expect(abs(shown.shadowOffset.width - 5) < 1e-9 && abs(shown.shadowOffset.height - 10) < 1e-9)
    }
}
