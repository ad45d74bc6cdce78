import Foundation
import StrataCore
import Testing

/// The pure timing functions both threads evaluate.
@Suite struct TimingCurveTests {
    @Test func linearAndBezierEndpoints() {
        #expect(TimingCurve.linear.progress(elapsed: 0.25, duration: 1) == 0.25)
        for curve in [TimingCurve.easeIn, .easeOut, .easeInOut, .caDefault] {
            #expect(curve.progress(elapsed: 0, duration: 1) == 0)
            #expect(curve.progress(elapsed: 1, duration: 1) == 1)
        }
        // easeInOut is symmetric: 0.5 at half time.
        #expect(abs(TimingCurve.easeInOut.progress(elapsed: 0.5, duration: 1) - 0.5) < 1e-6)
    }

    @Test func easeInOutMatchesTheBezierAtAQuarter() {
        // Reference: solve x(s) = 0.25 for the control points (0.42, 0), (0.58, 1) by bisection.
        func x(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * 0.42 + 3 * (1 - s) * s * s * 0.58 + s * s * s }
        func y(_ s: Double) -> Double { 3 * (1 - s) * s * s + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 { let mid = (lo + hi) / 2; if x(mid) < 0.25 { lo = mid } else { hi = mid } }
        let expected = y(lo)
        #expect(abs(TimingCurve.easeInOut.progress(elapsed: 0.25, duration: 1) - expected) < 1e-6)
        #expect(abs(expected - 0.1291) < 1e-3, "about 0.129, well below linear's 0.25")
    }

    @Test func criticallyDampedSpringNeverOvershoots() {
        let spring = Spring(dampingRatio: 1, settlingIn: 1)
        let samples = stride(from: 0.0, through: 2, by: 0.005).map { TimingCurve.spring(spring).progress(elapsed: $0, duration: 2) }
        #expect(samples.allSatisfy { $0 <= 1 + 1e-9 }, "max \(samples.max()!)")
        #expect(abs(1 - spring.displacement(at: 1)) > 0.99, "settled within the duration")
    }

    @Test func underdampedSpringOvershoots() {
        let spring = Spring(dampingRatio: 0.3, settlingIn: 1)
        let peak = stride(from: 0.0, through: 1, by: 0.005).map { 1 - spring.displacement(at: $0) }.max()!
        #expect(peak > 1.2, "peak \(peak)")
    }

    @Test func springFromPhysicalConstantsGivesItsSettlingTime() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)  // ζ = 0.5, ω₀ = 10
        #expect(abs(spring.dampingRatio - 0.5) < 1e-12 && abs(spring.naturalFrequency - 10) < 1e-12)
        let settle = spring.settlingDuration
        #expect(settle > 1 && settle < 1.6, "settles in \(settle) s (e^(−5t) < 0.001 near 1.4 s)")
        #expect(abs(spring.displacement(at: settle + 0.01)) < Spring.threshold * 2)
    }

    @Test func additiveAnimationsFadeTheirDeltaOverTheModel() {
        let a = LayerAnimation(kind: .additive(delta: .position(Point(x: -100, y: 0))), curve: .linear, beginTime: 1, duration: 2)
        let model = LayerProperty.position(Point(x: 100, y: 0))
        #expect(a.value(over: model, at: 0) == .position(Point(x: 0, y: 0)), "before the start: the old value")
        #expect(a.value(over: model, at: 2) == .position(Point(x: 50, y: 0)), "half way")
        #expect(a.value(over: model, at: 3) == model && a.isFinished(at: 3))
    }

    @Test func autoreverseAndRepeat() {
        let a = LayerAnimation(kind: .additive(delta: .opacity(-1)), curve: .linear, beginTime: 0, duration: 1, repeatCount: 2, autoreverses: true)
        #expect(a.endTime == 4)
        #expect(a.progress(at: 0.5) == 0.5 && a.progress(at: 1.5) == 0.5 && a.progress(at: 1.75) == 0.25)
        #expect(a.progress(at: 2.5) == 0.5)
    }

    @Test func transformsInterpolateAsTurnsNotAsMatrices() {
        let from = Transform3D.identity, to = Transform3D(rotationAngle: .pi, x: 0, y: 0, z: 1)
        let half = Transform3D.interpolate(from, to, 0.5)
        // A matrix average would be the zero matrix here; the turn is a quarter turn.
        #expect(abs(half.m11) < 1e-9 && abs(abs(half.m12) - 1) < 1e-9, "\(half.entries)")
        let scaled = Transform3D.interpolate(Transform3D(scaleX: 1, y: 1), Transform3D(scaleX: 3, y: 5), 0.5)
        #expect(abs(scaled.m11 - 2) < 1e-9 && abs(scaled.m22 - 3) < 1e-9)
    }

    @Test func rotationsAboutYInterpolateAsTurns() {
        let from = Transform3D(rotationAngle: -55 * .pi / 180, x: 0, y: 1, z: 0)
        let to = Transform3D(rotationAngle: 55 * .pi / 180, x: 0, y: 1, z: 0)
        let middle = Transform3D.interpolate(from, to, 0.5)
        // Entry by entry the middle would be diag(0.57, 1, 0.57): a squashed card.
        #expect(abs(middle.m11 - 1) < 1e-9 && abs(middle.m13) < 1e-9 && abs(middle.m33 - 1) < 1e-9, "\(middle.entries)")
        let quarter = Transform3D.interpolate(from, to, 0.25)
        let expected = Transform3D(rotationAngle: -27.5 * .pi / 180, x: 0, y: 1, z: 0)
        #expect(zip(quarter.entries, expected.entries).allSatisfy { abs($0 - $1) < 1e-9 }, "\(quarter.entries)")
        let moved = Transform3D.interpolate(Transform3D(translationX: 0, y: 0, z: 0), Transform3D(translationX: 10, y: 20, z: 30).concatenating(to), 1)
        #expect(zip(moved.entries, Transform3D(translationX: 10, y: 20, z: 30).concatenating(to).entries).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    @Test func perspectiveTurnsInterpolateAsTurnsWithTheirPerspective() {
        func perspective(_ d: Double) -> Transform3D { var m = Transform3D.identity; m.m34 = -1 / d; return m }
        func close(_ a: Transform3D, _ b: Transform3D) -> Bool { zip(a.entries, b.entries).allSatisfy { abs($0 - $1) < 1e-9 } }
        // A card turned 60° about y, seen from 500 points, moved right: rotation first, then
        // translation, then the perspective, the order CATransform3DRotate on a perspective gives.
        let to = Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0)
            .concatenating(Transform3D(translationX: 40, y: 0, z: 0)).concatenating(perspective(500))
        #expect(close(Transform3D.interpolate(.identity, to, 0), .identity))
        #expect(close(Transform3D.interpolate(.identity, to, 1), to), "the end is the target exactly")
        let half = Transform3D.interpolate(.identity, to, 0.5)
        let expected = Transform3D(rotationAngle: .pi / 6, x: 0, y: 1, z: 0)
            .concatenating(Transform3D(translationX: 20, y: 0, z: 0)).concatenating(perspective(1000))
        #expect(close(half, expected), "half way: a 30° turn, half the move, half the perspective: \(half.entries)")
        // Entry by entry, m11 would be (1 + cos 60°) / 2 = 0.75; as a turn it is cos 30° ≈ 0.866.
        #expect(abs(half.m11 - cos(Double.pi / 6)) < 1e-9)
        // A scaled m44 is the same projective map: normalised first.
        let doubled = Transform3D(entries: to.entries.map { $0 * 2 })
        #expect(close(Transform3D.interpolate(.identity, doubled, 1), to))
    }
}
