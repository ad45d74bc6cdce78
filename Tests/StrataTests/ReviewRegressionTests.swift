import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// Cases a review found: each failed (or trapped) before its fix.
@MainActor
@Suite struct ReviewRegressionTests {
    @Test(.tags(.gpu), .requiresGPU) func reparentingUnderAFormerSublayerInOneTurnIsAccepted() async throws {
        let f = try ScreenFixture(gpu: true)
        let a = CALayer(), b = CALayer()
        a.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        a.backgroundColor = UIColor.red.cgColor
        b.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
        b.backgroundColor = UIColor.blue.cgColor
        f.window.layer.addSublayer(a)
        a.addSublayer(b)
        _ = try await f.render()
        // Turn the tree upside down: b under the window, a under b.
        f.window.layer.addSublayer(b)
        b.addSublayer(a)
        let image = try await f.render()
        expectPixel(image, 10, 10, .red, "a now draws inside (and above) b")
        expectPixel(image, 45, 45, .red, "a is no longer clipped or placed by b: it overflows b's bounds")
        await f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func aRefusedCommitMakesTheScreenResendItsWholeTree() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        view.backgroundColor = .red
        f.window.addSubview(view)
        _ = try await f.render()
        // Something the render tree refuses (here sent around the model, straight to the compositor).
        try f.screen.compositor.submit(Commit([.destroyLayer(LayerID.make())]))
        view.backgroundColor = .blue  // dropped by the render thread behind the refused commit
        await #expect(throws: StrataError.self) { _ = try await f.screen.renderFrame() }
        let image = try await f.render()
        expectPixel(image, 25, 25, .blue, "the change dropped behind the refused commit arrives with the resent tree")
        expectPixel(image, 75, 75, .white, "the window is back")
        #expect(f.commits.commits.last?.operations.first == .removeAllLayers)
        await f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func aNewBitmapGoesUpWholeEvenAfterALaterPartialRedraw() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = SolidDrawingView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        f.window.addSubview(view)
        _ = try await f.render()
        view.bounds.size = CGSize(width: 30, height: 30)
        view.setNeedsDisplay()
        view.layer.displayIfNeeded()
        view.setNeedsDisplay(CGRect(x: 0, y: 0, width: 4, height: 4))
        let image = try await f.render()
        let last = try #require(f.commits.contentsUpdates(for: view.layer).last)
        #expect(last.size == PixelSize(width: 30, height: 30) && last.region == PixelRect(x: 0, y: 0, width: 30, height: 30))
        expectPixel(image, 22, 22, .red, "the whole new bitmap shows")
        await f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func aViewThatPaintsNothingOnceStillDrawsLater() async throws {
        final class Toggle: UIView {
            var on = false
            override func draw(_ rect: CGRect) {
                super.draw(rect)
                guard on else { return }
                UIColor.red.setFill()
                UIRectFill(bounds)
            }
        }
        let f = try ScreenFixture(gpu: true)
        let first = Toggle(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        f.window.addSubview(first)
        var image = try await f.render()
        expectPixel(image, 10, 10, .white, "nothing painted yet")
        #expect(first.layer.contents == nil, "and no backing store was kept")
        first.on = true
        first.setNeedsDisplay()
        let second = Toggle(frame: CGRect(x: 50, y: 0, width: 20, height: 20))
        second.on = true
        f.window.addSubview(second)
        image = try await f.render()
        expectPixel(image, 10, 10, .red, "the same view paints now")
        expectPixel(image, 60, 10, .red, "and so does another of its class")
        await f.finish()
    }

    @Test func layerOpacityIsClampedAsCoreAnimationDocuments() {
        let layer = CALayer()
        layer.opacity = 1.2
        #expect(layer.opacity == 1)
        layer.opacity = -0.5
        #expect(layer.opacity == 0)
    }

    @Test func errorsDescribeAbsurdSizesWithoutTrapping() {
        let text = "\(StrataError.backingStoreTooLarge(layer: "a view", size: CGSize(width: 1e19, height: CGFloat.infinity), limit: 16384))"
        #expect(text.contains("16384"))
    }

    @Test func addingASubviewLaysOutTheSuperviewAndThePendingSubview() {
        let parent = RecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        parent.layoutIfNeeded()
        let before = parent.layoutCount
        let child = RecordingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))  // needs layout from its size
        parent.addSubview(child)
        parent.layoutIfNeeded()
        #expect(parent.layoutCount == before + 1, "sublayers were added")
        #expect(child.layoutCount == 1, "the new subview's pending layout is reached from its new superview")
    }

    @Test(.tags(.gpu), .requiresGPU) func strokesAreOnePointWideByDefault() async throws {
        final class Line: UIView {
            override func draw(_ rect: CGRect) {
                let ctx = UIGraphicsGetCurrentContext()!
                ctx.setStrokeColor(UIColor.black.cgColor)
                ctx.move(to: CGPoint(x: 10.5, y: 0))
                ctx.addLine(to: CGPoint(x: 10.5, y: 20))
                ctx.strokePath()
            }
        }
        let f = try ScreenFixture(gpu: true)
        f.window.addSubview(Line(frame: CGRect(x: 0, y: 0, width: 20, height: 20)))
        let image = try await f.render()
        expectPixel(image, 10, 10, .black, "the one-point line covers pixel 10")
        expectPixel(image, 9, 10, .white, "and not its neighbour (a 2-point line would half cover it)")
        await f.finish()
    }

    @Test func layoutThatNeverSettlesStopsAndCanRunAgain() async throws {
        final class Restless: UIView {
            var count = 0
            override func layoutSubviews() { count += 1; setNeedsLayout() }
        }
        let f = try ScreenFixture()
        let view = Restless(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(view)
        CATransaction.flush()
        let after = view.count
        #expect(after >= 32)
        view.setNeedsLayout()
        CATransaction.flush()
        #expect(view.count > after, "a later setNeedsLayout() lays out again")
        await f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func theWindowShownLastIsOnTopOfItsLevel() async throws {
        let f = try ScreenFixture(gpu: true)
        let w1 = UIWindow(frame: CGRect(x: 0, y: 0, width: 50, height: 50)), w2 = UIWindow(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        w1.backgroundColor = .red
        w2.backgroundColor = .blue
        w1.screen = f.screen
        w2.screen = f.screen
        w2.makeKeyAndVisible()
        w1.makeKeyAndVisible()
        var image = try await f.render()
        expectPixel(image, 25, 25, .red, "w1 was shown last")
        w2.makeKeyAndVisible()
        image = try await f.render()
        expectPixel(image, 25, 25, .blue, "making w2 key brings it forward")
        await f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func showingAHiddenWindowAgainReuploadsNothing() async throws {
        let f = try ScreenFixture(gpu: true)
        let view = SolidDrawingView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        f.window.addSubview(view)
        _ = try await f.render()
        f.window.isHidden = true
        var image = try await f.render()
        expectPixel(image, 10, 10, .black, "hidden: the screen's clear colour")
        f.window.isHidden = false
        image = try await f.render()
        expectPixel(image, 10, 10, .red, "shown again")
        #expect(f.commits.contentsUpdates(for: view.layer).count == 1)
        #expect(view.drawnRects.count == 1)
        await f.finish()
    }

    @Test func implicitTransactionsHaveSettingsToo() async throws {
        CATransaction.setDisableActions(true)
        #expect(CATransaction.disableActions())
        var runs: [Int] = []
        CATransaction.setCompletionBlock { runs.append(1) }
        CATransaction.setCompletionBlock { runs.append(2) }
        // Commit without suspending: tests share the main actor, and another test must not see
        // this transaction's settings.
        CATransaction.flush()
        #expect(!CATransaction.disableActions(), "the next transaction starts with defaults")
        await nextTurn()
        #expect(runs == [2], "the second block replaced the first")
    }

    @Test(.tags(.gpu), .requiresGPU) func transformedArcsKeepTheirShape() async throws {
        final class Ellipse: UIView {
            override func draw(_ rect: CGRect) {
                let circle = CGMutablePath()
                circle.addArc(center: CGPoint(x: 10, y: 10), radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
                let path = CGMutablePath()
                path.addPath(circle, transform: CGAffineTransform(scaleX: 4, y: 2))  // 80×40 ellipse at (0, 0)
                let ctx = UIGraphicsGetCurrentContext()!
                ctx.setFillColor(UIColor.red.cgColor)
                ctx.addPath(path)
                ctx.fillPath()
            }
        }
        let f = try ScreenFixture(gpu: true)
        f.window.addSubview(Ellipse(frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
        let image = try await f.render()
        expectPixel(image, 75, 20, .red, "inside the ellipse's long axis (a circle of the mean radius would miss it)")
        expectPixel(image, 40, 36, .red, "inside near the bottom")
        expectPixel(image, 40, 45, .white, "below the ellipse")
        await f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func clipToRectKeepsTheCurrentPath() async throws {
        final class Clipped: UIView {
            override func draw(_ rect: CGRect) {
                let ctx = UIGraphicsGetCurrentContext()!
                ctx.setFillColor(UIColor.red.cgColor)
                ctx.addRect(CGRect(x: 0, y: 0, width: 40, height: 40))
                ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 40))
                ctx.fillPath()
            }
        }
        let f = try ScreenFixture(gpu: true)
        f.window.addSubview(Clipped(frame: CGRect(x: 0, y: 0, width: 40, height: 40)))
        let image = try await f.render()
        expectPixel(image, 10, 10, .red, "the path survived the clip and filled")
        expectPixel(image, 30, 10, .white, "cut by the clip")
        await f.finish()
    }

    @Test func aCompositorBacksOneScreenOnly() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let compositor = try! Compositor()
                let first = UIScreen(size: CGSize(width: 10, height: 10), compositor: compositor)
                _ = UIScreen(size: CGSize(width: 10, height: 10), compositor: compositor)
                _ = first
            }
        }
    }

    // Second review.

    @Test(.tags(.gpu), .requiresGPU) func aShutDownCompositorDoesNotMakeTheScreenResendForever() async throws {
        let f = try ScreenFixture(gpu: true)
        _ = try await f.render()
        _ = await f.screen.compositor.shutdown()
        f.window.backgroundColor = .red
        await nextTurn()
        let sent = f.commits.commits.count
        await nextTurn()
        await nextTurn()
        #expect(f.commits.commits.count == sent, "no commit is sent without a change")
        await #expect(throws: StrataError.self) { _ = try await f.screen.renderFrame() }
    }

    @Test func nonFiniteColourComponentsTrap() async {
        await #expect(processExitsWith: .failure) {
            _ = CGColor(red: .nan, green: 0, blue: 0, alpha: 1)
        }
    }

    @Test func arcsWithAbsurdAnglesFinish() {
        let arc = CGMutablePath()
        arc.addArc(center: .zero, radius: 10, startAngle: 1e17, endAngle: 0, clockwise: false)
        arc.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .nan, clockwise: false)
        let path = CGMutablePath()
        path.addPath(arc, transform: CGAffineTransform(scaleX: 2, y: 2))
        #expect(path.boundingBox.width <= 40)
    }

    @Test(.tags(.gpu), .requiresGPU) func aReleasedScreenFreesItsCompositor() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let compositor = try! Compositor()
                do {
                    let screen = UIScreen(size: CGSize(width: 10, height: 10), compositor: compositor)
                    let window = UIWindow(frame: screen.bounds)
                    window.screen = screen
                    window.makeKeyAndVisible()
                }
                _ = UIScreen(size: CGSize(width: 10, height: 10), compositor: compositor)
            }
        }
    }

    @Test func onlyOneWindowIsKeyEvenAfterHiding() throws {
        let f = try ScreenFixture()
        let other = UIWindow(frame: f.screen.bounds)
        other.screen = f.screen
        f.window.isHidden = true
        other.makeKeyAndVisible()
        #expect(other.isKeyWindow && !f.window.isKeyWindow)
    }

    @Test(.tags(.gpu), .requiresGPU) func aFullRedrawThatPaintsNothingDropsTheBackingStore() async throws {
        final class Blinker: UIView {
            var paints = true
            override func draw(_ rect: CGRect) {
                guard paints else { return }
                UIColor.red.setFill()
                UIRectFill(bounds)
            }
        }
        let f = try ScreenFixture(gpu: true)
        let view = Blinker(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        f.window.addSubview(view)
        var image = try await f.render()
        expectPixel(image, 10, 10, .red, "painted")
        view.paints = false
        view.setNeedsDisplay()
        image = try await f.render()
        expectPixel(image, 10, 10, .white, "nothing painted: the window shows through")
        #expect(view.layer.contents == nil, "no transparent bitmap is kept")
        #expect(f.commits.commits.last?.operations.contains(.setContents(view.layer._id, nil)) == true)
        await f.finish()
    }
}
