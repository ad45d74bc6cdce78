import Foundation
import StrataGraphics
import Testing

@_spi(Testing) import StrataQuartz

/// `CAKeyframeAnimation.path` and `rotationMode`, checked through `presentation()` frame by
/// frame on a recording sink (60 frames a second: frame n at n/60 s; an animation added before
/// frame 0 begins at 0 s).
@MainActor
@Suite struct CAKeyframeAnimationPathTests {
    let context: CAContext
    /// A 10×10 layer at position (50, 50) under the context's root.
    let layer = CALayer()

    init() throws {
        context = try ContextFixture().context
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.position = CGPoint(x: 50, y: 50)
        context.rootLayer.addSublayer(layer)
    }

    /// The presentation layer after frame `n` (n/60 s).
    func shown(at n: Int) async throws -> CALayer {
        try await context.present(through: n)
        return try #require(layer.presentation())
    }

    /// Whether `p` is within 1e-6 of (x, y).
    func near(_ p: CGPoint, _ x: CGFloat, _ y: CGFloat, within tolerance: CGFloat = 1e-6) -> Bool {
        abs(p.x - x) < tolerance && abs(p.y - y) < tolerance
    }

    /// The angle the presentation transform turns about z, in radians.
    func turn(_ layer: CALayer) -> CGFloat { atan2(layer.transform.m12, layer.transform.m11) }

    /// A position animation over 1 s along `path`.
    func follow(_ path: CGPath, configure: (CAKeyframeAnimation) -> Void = { _ in }) {
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.duration = 1
        configure(animation)
        layer.add(animation, forKey: "follow")
    }

    /// The polyline (0, 0) → (100, 0) → (100, 100).
    var corner: CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        return path
    }

    @Test(
        "A path (0, 0) → (100, 0) → (100, 100) overrides values (given 7, 7): its line ends are the keyframes, evenly: (50, 0) at 0.25 s, (100, 50) at 0.75 s; the model stays (50, 50)"
    )
    func linesAreKeyframes() async throws {
        follow(corner) { $0.values = [CGPoint(x: 7, y: 7), CGPoint(x: 7, y: 7)] }
        #expect(near(try await shown(at: 15).position, 50, 0))
        #expect(near(try await shown(at: 45).position, 100, 50))
        #expect(layer.position == CGPoint(x: 50, y: 50))
    }

    @Test("Key times 0, 0.25, 1 apply to the path's points: (100, 0) at 0.25 s, (100, 100/3) at 0.5 s")
    func keyTimesApply() async throws {
        follow(corner) { $0.keyTimes = [0, 0.25, 1] }
        #expect(near(try await shown(at: 15).position, 100, 0))
        #expect(near(try await shown(at: 30).position, 100, 100.0 / 3))
    }

    @Test("A cubic curve (0, 0) to (100, 0) with controls (0, 100), (100, 100) is followed between its ends: (50, 75) half way, (15.625, 56.25) a quarter of the way")
    func cubicCurveIsFollowed() async throws {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        follow(path)
        #expect(near(try await shown(at: 15).position, 15.625, 56.25))
        #expect(near(try await shown(at: 30).position, 50, 75))
    }

    @Test("A quadratic curve (0, 0) to (100, 0) with control (50, 100) passes (50, 50) half way")
    func quadCurveIsFollowed() async throws {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        follow(path)
        #expect(near(try await shown(at: 30).position, 50, 50))
    }

    @Test("A closed rectangle (0, 0, 100, 100) has five keyframes, the close going back to the start: (0, 40) at 0.9 s")
    func closeGoesBack() async throws {
        follow(CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100)))
        #expect(near(try await shown(at: 54).position, 0, 40))
    }

    @Test(
        "Paced along (0, 50) → (30, 50) → (40, 50): constant speed, x 20 at 0.5 s; along a quarter circle of radius 100 (four curves of an ellipse), half way round at 0.5 s: (−100, 0)"
    )
    func pacedPath() async throws {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 50), CGPoint(x: 30, y: 50), CGPoint(x: 40, y: 50)])
        follow(path) { $0.calculationMode = .paced }
        let other = CALayer()
        context.rootLayer.addSublayer(other)
        let circle = CAKeyframeAnimation(keyPath: "position")
        circle.path = CGPath(ellipseIn: CGRect(x: -100, y: -100, width: 200, height: 200))
        circle.calculationMode = .paced
        circle.duration = 1
        other.add(circle, forKey: "circle")
        #expect(near(try await shown(at: 30).position, 20, 50))
        let p = try #require(other.presentation()).position  // half way round
        #expect(abs(p.x + 100) < 0.5 && abs(p.y) < 0.5, "half way round the circle from (100, 0): \(p)")
    }

    @Test("Discrete along the corner path (three points, no key times): (100, 0) held at 0.5 s")
    func discretePath() async throws {
        follow(corner) { $0.calculationMode = .discrete }
        #expect(near(try await shown(at: 30).position, 100, 0))
    }

    @Test("rotateAuto turns the layer to the tangent: 0 along the first line (0.25 s), π/2 down the second (0.75 s); the model transform stays the identity")
    func rotateAuto() async throws {
        follow(corner) { $0.rotationMode = .rotateAuto }
        #expect(abs(turn(try await shown(at: 15))) < 1e-9)
        #expect(abs(turn(try await shown(at: 45)) - .pi / 2) < 1e-9)
        #expect(CATransform3DIsIdentity(layer.transform))
    }

    @Test("rotateAutoReverse turns a half turn further: −π/2 (that is, 3π/2) down the second line at 0.75 s")
    func rotateAutoReverse() async throws {
        follow(corner) { $0.rotationMode = .rotateAutoReverse }
        #expect(abs(turn(try await shown(at: 45)) + .pi / 2) < 1e-9)
    }

    @Test("rotateAuto on the cubic (0, 0)–(100, 0) with controls (0, 100), (100, 100): tangent atan2(150, 112.5) ≈ 0.9273 a quarter of the way, 0 half way")
    func rotateAutoAlongCurve() async throws {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        follow(path) { $0.rotationMode = .rotateAuto }
        #expect(abs(turn(try await shown(at: 15)) - atan2(150, 112.5)) < 1e-9)
        #expect(abs(turn(try await shown(at: 30))) < 1e-9)
    }

    @Test("Without a rotation mode (nil, the default) the layer does not turn: transform the identity at 0.75 s")
    func noRotationByDefault() async throws {
        let animation = CAKeyframeAnimation(keyPath: "position")
        #expect(animation.rotationMode == nil)
        #expect(animation.path == nil)
        follow(corner)
        #expect(CATransform3DIsIdentity(try await shown(at: 45).transform))
    }
}
