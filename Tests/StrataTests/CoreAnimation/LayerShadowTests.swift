import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import Testing

/// CALayer's shadow properties through the public API, on a recording sink (no GPU): defaults,
/// read back, what a commit carries, and animation.
@MainActor
@Suite struct LayerShadowTests {
    @Test("Core Animation's defaults: black, opacity 0, offset (0, −3), radius 3, no path; each reads back what was set")
    func defaultsAndReadBack() {
        let layer = CALayer()
        #expect(layer.shadowColor == UIColor.black.cgColor && layer.shadowOpacity == 0)
        #expect(layer.shadowOffset == CGSize(width: 0, height: -3) && layer.shadowRadius == 3 && layer.shadowPath == nil)
        layer.shadowColor = UIColor.blue.cgColor
        layer.shadowOpacity = 0.4
        layer.shadowOffset = CGSize(width: 2, height: 5)
        layer.shadowRadius = 8
        let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 30, height: 20), cornerRadius: 4).cgPath
        layer.shadowPath = path
        #expect(layer.shadowColor == UIColor.blue.cgColor && layer.shadowOpacity == 0.4)
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
        layer.shadowPath = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4)).cgPath
        let copy = CALayer(layer: layer)
        #expect(copy.shouldRasterize && copy.rasterizationScale == 3 && copy.drawsAsynchronously)
        #expect(copy.allowsEdgeAntialiasing && copy.cornerCurve == .continuous && copy.shadowPath === layer.shadowPath)
    }

    @Test("A view's shadow settings reach the commit, the shadow path as its bounding box (0, 0, 30, 20); removing the path sends the layer's own shape back")
    func shadowsTravelInTheCommit() async throws {
        let sink = RecordingCommitSink()
        let screen = UIScreen(size: CGSize(width: 100, height: 100), commitSink: sink)
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.makeKeyAndVisible()
        let card = UIView(frame: CGRect(x: 10, y: 10, width: 30, height: 20))
        card.backgroundColor = .white
        window.addSubview(card)
        _ = try await screen.renderFrame()
        _ = sink.takeCommits()
        card.layer.shadowOpacity = 0.3
        card.layer.shadowOffset = CGSize(width: 0, height: 4)
        card.layer.shadowPath = UIBezierPath(roundedRect: card.bounds, cornerRadius: 6).cgPath
        _ = try await screen.renderFrame()
        let sent = sink.takeCommits().flatMap(\.operations).compactMap { operation -> LayerProperty? in
            if case .set(card.layer._id, let property) = operation { return property }
            return nil
        }
        #expect(sent.contains(.shadowOpacity(0.3)) && sent.contains(.shadowOffset(Point(x: 0, y: 4))))
        #expect(sent.contains(.shadowShape(Rect(x: 0, y: 0, width: 30, height: 20))), "\(sent)")
        card.layer.shadowPath = nil
        _ = try await screen.renderFrame()
        #expect(sink.takeCommits().flatMap(\.operations).contains(.set(card.layer._id, .shadowShape(Rect(x: 0, y: 0, width: -1, height: -1)))))
    }

    @Test("Shadows animate: shadowOpacity 0 → 0.8 and shadowOffset (0, 0) → (10, 20) over 1 s, linear, are 0.4 and (5, 10) half way")
    func shadowsAnimate() async throws {
        let screen = UIScreen(size: CGSize(width: 100, height: 100), commitSink: RecordingCommitSink())
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.makeKeyAndVisible()
        let layer = CALayer()
        window.layer.addSublayer(layer)
        let fade = CABasicAnimation(keyPath: "shadowOpacity")
        (fade.fromValue, fade.toValue, fade.duration) = (0.0, 0.8, 1)
        let move = CABasicAnimation(keyPath: "shadowOffset")
        (move.fromValue, move.toValue, move.duration) = (CGSize.zero, CGSize(width: 10, height: 20), 1)
        layer.add(fade, forKey: "fade")
        layer.add(move, forKey: "move")
        for _ in 0...30 { _ = try await screen.renderFrame() }
        let shown = try #require(layer.presentation())
        #expect(abs(shown.shadowOpacity - 0.4) < 1e-6)
        #expect(abs(shown.shadowOffset.width - 5) < 1e-9 && abs(shown.shadowOffset.height - 10) < 1e-9)
    }
}
