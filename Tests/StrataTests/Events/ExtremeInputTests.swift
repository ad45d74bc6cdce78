import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import Testing

/// Finite input at the ends of the number line: every value a recognizer or a touch reports
/// stays finite (it saturates at ±`CGFloat.greatestFiniteMagnitude`), never ±inf or NaN.
@MainActor
@Suite struct ExtremeInputTests {
    private func isFinite(_ p: CGPoint) -> Bool { p.x.isFinite && p.y.isFinite }

    @Test("A pan dragged from x 1e308 to x −1e308 in 10 ms reports a finite translation and velocity")
    func aPanAcrossTheWholeNumberLineStaysFinite() async throws {
        let (f, view) = try gestureScene(multipleTouch: true)
        var reports: [(translation: CGPoint, velocity: CGPoint, location: CGPoint)] = []
        let pan = UIPanGestureRecognizer { g in
            let pan = g as! UIPanGestureRecognizer
            reports.append((pan.translation(in: view), pan.velocity(in: view), pan.location(in: view)))
            reports.append((pan.translation(in: nil), pan.velocity(in: nil), pan.location(in: nil)))
        }
        view.addGestureRecognizer(pan)
        try f.window.down(1, 100, 100, at: 1)
        try f.window.move(1, 1e308, 100, at: 1.01)
        try f.window.move(1, -1e308, -1e308, at: 1.02)
        try f.window.move(1, 1e308, 1e308, at: 1.03)
        try f.window.up(1, 1e308, 1e308, at: 1.04)
        #expect(reports.count >= 6)
        for r in reports {
            #expect(isFinite(r.translation) && isFinite(r.velocity) && isFinite(r.location), "\(r)")
        }
        // Saturated in the direction moved: the move from +1e308 to −1e308 is as fast leftward as a
        // finite number can say.
        #expect(reports[2].translation.x < -1e307 && reports[2].velocity.x == -CGFloat.greatestFiniteMagnitude)
        await f.finish()
    }

    @Test("Two fingers at ±1e308 give a finite centroid, pinch scale and velocity, and rotation")
    func twoFingersFarApartStayFinite() async throws {
        let (f, view) = try gestureScene(multipleTouch: true)
        var values: [CGFloat] = []
        var locations: [CGPoint] = []
        let pinch = UIPinchGestureRecognizer { g in
            let p = g as! UIPinchGestureRecognizer
            values += [p.scale, p.velocity]
            locations += [p.location(in: nil), p.location(ofTouch: 0, in: view)]
        }
        let rotation = UIRotationGestureRecognizer { g in
            let r = g as! UIRotationGestureRecognizer
            values += [r.rotation, r.velocity]
            locations.append(r.location(in: view))
        }
        let both = Simultaneous()
        pinch.delegate = both
        view.addGestureRecognizer(pinch)
        view.addGestureRecognizer(rotation)
        try f.window.send([
            TouchInput(id: 1, phase: .down, location: CGPoint(x: 100, y: 100), timestamp: 1),
            TouchInput(id: 2, phase: .down, location: CGPoint(x: 101, y: 100), timestamp: 1),
        ])
        try f.window.send([
            TouchInput(id: 1, phase: .move, location: CGPoint(x: 1e308, y: 1e308), timestamp: 1.001),
            TouchInput(id: 2, phase: .move, location: CGPoint(x: 1.5e308, y: -1e308), timestamp: 1.001),
        ])
        try f.window.send([
            TouchInput(id: 1, phase: .move, location: CGPoint(x: -1.7e308, y: 1.7e308), timestamp: 1.002),
            TouchInput(id: 2, phase: .move, location: CGPoint(x: 1.7e308, y: -1.7e308), timestamp: 1.002),
        ])
        #expect(!values.isEmpty && !locations.isEmpty, "the pinch began")
        #expect(values.allSatisfy { $0.isFinite }, "\(values)")
        #expect(locations.allSatisfy { isFinite($0) }, "\(locations)")
        #expect(pinch.scale > 1e300, "the fingers are about 1e308 apart from 1 point: the scale saturates, not ∞")
        await f.finish()
    }
}
