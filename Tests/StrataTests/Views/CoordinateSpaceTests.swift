import Foundation
import Strata
import Testing

/// `UICoordinateSpace`: views and the screen convert points and rectangles between them. Scene:
/// a 100 × 100 screen at scale 2 with a full-screen window; in it a container at (10, 10) holding
/// a 40 × 40 view at (20, 30); a second 50 × 50 window at (50, 0) holding a view at its origin.
@MainActor
@Suite struct CoordinateSpaceTests {
    let screen: UIScreen
    let window: UIWindow, container: UIView, view: UIView
    let otherWindow: UIWindow, corner: UIView

    init() throws {
        screen = UIScreen(size: CGSize(width: 100, height: 100), scale: 2, commitSink: RecordingCommitSink())
        window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.makeKeyAndVisible()
        container = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
        view = UIView(frame: CGRect(x: 20, y: 30, width: 40, height: 40))
        window.addSubview(container)
        container.addSubview(view)
        otherWindow = UIWindow(frame: CGRect(x: 50, y: 0, width: 50, height: 50))
        otherWindow.screen = screen
        otherWindow.isHidden = false
        corner = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        otherWindow.addSubview(corner)
    }

    @Test func aViewConvertsToAndFromTheScreensPoints() {
        let space = screen.coordinateSpace
        #expect(view.convert(CGPoint(x: 5, y: 5), to: space) == CGPoint(x: 35, y: 45), "10 + 20 + 5, 10 + 30 + 5, in points at scale 2")
        #expect(view.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: space) == CGRect(x: 30, y: 40, width: 10, height: 10))
        #expect(view.convert(CGPoint(x: 35, y: 45), from: space) == CGPoint(x: 5, y: 5))
        #expect(space.convert(CGPoint(x: 35, y: 45), to: view) == CGPoint(x: 5, y: 5))
        #expect(space.convert(CGRect(x: 30, y: 40, width: 10, height: 10), to: view) == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(corner.convert(CGPoint(x: 1, y: 2), to: space) == CGPoint(x: 51, y: 2), "the second window starts at x 50")
    }

    @Test func viewsAsCoordinateSpacesConvertAsViewsDo() {
        let other: any UICoordinateSpace = corner
        #expect(view.convert(CGPoint(x: 5, y: 5), to: other) == view.convert(CGPoint(x: 5, y: 5), to: corner))
        #expect(view.convert(CGPoint(x: 5, y: 5), to: other) == CGPoint(x: -15, y: 45), "across the two windows through the screen")
        #expect(view.convert(CGPoint(x: 5, y: 5), to: nil) == CGPoint(x: 35, y: 45), "nil is still the window")
        #expect((container as any UICoordinateSpace).bounds == container.bounds)
    }

    @Test func aTurnedViewConvertsThroughItsTransform() {
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)  // about its centre (40, 50): (0, 0) → (60, 30)
        let p = view.convert(CGPoint(x: 0, y: 0), to: screen.coordinateSpace)
        #expect(abs(p.x - 70) < 1e-9 && abs(p.y - 40) < 1e-9, "the top-left corner turns to the top right: \(p)")
    }

    @Test func theScreensSpacesAreItsPoints() {
        #expect(screen.coordinateSpace === screen.fixedCoordinateSpace)
        #expect(screen.coordinateSpace.bounds == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(screen.coordinateSpace.convert(CGPoint(x: 3, y: 4), to: screen.fixedCoordinateSpace) == CGPoint(x: 3, y: 4))
    }
}
