import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// UIActivityIndicatorView: sizes by style, hiding when stopped, colour, and a spin that the render
/// thread advances with no main-thread work.
@MainActor
@Suite struct UIActivityIndicatorViewTests {
    @Test func stylesSizeTheIndicatorAndTheDeprecatedOnesMapToMediumAndLarge() {
        #expect(UIActivityIndicatorView(style: .medium).frame.size == CGSize(width: 20, height: 20))
        #expect(UIActivityIndicatorView(style: .large).frame.size == CGSize(width: 37, height: 37))
        #expect(UIActivityIndicatorView(style: .whiteLarge).intrinsicContentSize == CGSize(width: 37, height: 37))
        #expect(UIActivityIndicatorView(style: .white).intrinsicContentSize == CGSize(width: 20, height: 20))
        #expect(UIActivityIndicatorView(style: .gray).intrinsicContentSize == CGSize(width: 20, height: 20))
        #expect(UIActivityIndicatorView().style == .medium)
        #expect(UIActivityIndicatorView.Style.medium.rawValue == 100 && UIActivityIndicatorView.Style.whiteLarge.rawValue == 0)
        #expect(UIActivityIndicatorView(style: .white).color == .white)
        #expect(UIActivityIndicatorView(style: .gray).color == .gray)
        let spinner = UIActivityIndicatorView(style: .medium)
        spinner.color = .red
        #expect(spinner.color == .red)
        spinner.color = nil
        #expect(spinner.color == .secondaryLabel, "nil goes back to the style's colour")
    }

    /// "If the value of this property is true (the default), the receiver sets its isHidden
    /// property to true when it is not animating."
    @Test func hidesWhenStoppedHidesTheViewWhileItIsNotAnimating() {
        let spinner = UIActivityIndicatorView(style: .large)
        #expect(spinner.hidesWhenStopped && !spinner.isAnimating && spinner.isHidden)
        spinner.startAnimating()
        #expect(spinner.isAnimating && !spinner.isHidden)
        #expect(spinner.subviews.first?.layer.animationKeys()?.count == 1, "one turning animation")
        spinner.startAnimating()
        #expect(spinner.subviews.first?.layer.animationKeys()?.count == 1, "starting twice adds nothing")
        spinner.stopAnimating()
        #expect(!spinner.isAnimating && spinner.isHidden)
        #expect(spinner.subviews.first?.layer.animationKeys() ?? [] == [])
        spinner.hidesWhenStopped = false
        #expect(!spinner.isHidden, "shown at once while stopped")
        spinner.startAnimating()
        spinner.stopAnimating()
        #expect(!spinner.isHidden)
        spinner.hidesWhenStopped = true
        #expect(spinner.isHidden)
    }

    @Test func theTurnIsARepeatingDiscreteKeyframeAnimation() throws {
        let spinner = UIActivityIndicatorView(style: .medium)
        spinner.startAnimating()
        let layer = try #require(spinner.subviews.first?.layer)
        let key = try #require(layer.animationKeys()?.first)
        let spin = try #require(layer.animation(forKey: key) as? CAKeyframeAnimation)
        #expect(spin.keyPath == "transform.rotation.z")
        #expect(spin.calculationMode == .discrete)
        #expect(spin.repeatCount == .infinity)
        #expect(spin.duration == 1)
        #expect(spin.values?.count == 8)
    }

    /// A black large indicator centred in a white 60 × 60 window. Frame 0: the leading (opaque)
    /// spoke points up, so the pixel 12 points above the centre is near black. With no main-thread
    /// change, frame 33 (0.55 s: four eighths of a turn) shows the spoke with alpha 0.6 there, and
    /// frame 63 (1.05 s: a whole turn) the leading spoke again. No commit carries work in between.
    @Test(.tags(.gpu), .requiresGPU) func theSpinAdvancesOnTheRenderThreadWithoutMainThreadWork() async throws {
        let f = try ScreenFixture(size: CGSize(width: 60, height: 60), gpu: true)
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.color = .black
        spinner.center = CGPoint(x: 30, y: 30)
        f.window.addSubview(spinner)
        spinner.startAnimating()
        let first = try await f.render()
        let committed = f.commits.commits.count
        #expect(first[29, 17].r < 60, "frame 0: the leading spoke points up, got \(first[29, 17])")
        let half = try await f.renderFrames(33)
        #expect((80...135).contains(Int(half[29, 17].r)), "frame 33: the 0.6-alpha spoke points up, got \(half[29, 17])")
        #expect(half != first)
        let whole = try await f.renderFrames(30)
        #expect(whole[29, 17].r < 60, "frame 63: a whole turn later, got \(whole[29, 17])")
        // What the main thread sent while the spokes turned: nothing for the spinner's layers (a
        // commit for the window, seen once under a loaded parallel run, does not turn them).
        var spinnerLayers: Set<LayerID> = []
        var pending = [spinner.layer]
        while let layer = pending.popLast() {
            spinnerLayers.insert(layer._id)
            pending += layer.sublayers ?? []
        }
        let touching = f.commits.commits.dropFirst(committed).flatMap(\.operations).filter { operation in
            switch operation {
            case .set(let id, _), .setContents(let id, _), .addAnimation(let id, _), .removeAllAnimations(let id), .removeAnimations(let id, _):
                spinnerLayers.contains(id)
            default: false
            }
        }
        #expect(touching.isEmpty, "the main thread changed nothing of the spinner while it turned: \(touching)")
        await f.finish()
    }
}
