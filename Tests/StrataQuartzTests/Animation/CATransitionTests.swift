import Foundation
import StrataCompositor
import StrataCore
import StrataGraphics
import StrataTesting
import Testing

@testable import StrataQuartz

/// `CATransition` added to a layer, checked through presentation values frame by frame on a
/// recording sink (60 frames a second: frame n at n/60 s; added before frame 0, it begins at
/// 0 s). The layer is 40×40 at position (50, 50) under the white root of a 100×100 context; the
/// transition runs 1 s.
@MainActor
@Suite struct CATransitionTests: RedSquareSuite {
    let fixture: ContextFixture
    let layer: CALayer

    init() throws { (fixture, layer) = try ContextFixture.redSquare() }

    /// Adds a 1 s transition of `type` (and `subtype`) to the layer, then turns it blue.
    @discardableResult
    func transition(_ type: CATransitionType, _ subtype: CATransitionSubtype? = nil, configure: (CATransition) -> Void = { _ in }) -> CATransition {
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        transition.duration = 1
        configure(transition)
        layer.add(transition, forKey: nil)
        layer.backgroundColor = CGColor.blue
        return transition
    }

    /// The picture of the old look: the root's sublayer beside `layer`, if any.
    var picture: CALayer? { root.sublayers?.first { $0 !== layer && $0.bounds.size == layer.bounds.size && $0.contents != nil } }

    @Test("The defaults: type fade, subtype nil, progress 0 to 1; added with no key it goes under kCATransition (\"transition\")")
    func defaultsAndKey() {
        let transition = CATransition()
        #expect(transition.type == .fade)
        #expect(transition.subtype == nil)
        #expect(transition.startProgress == 0 && transition.endProgress == 1)
        #expect(kCATransition == "transition")
        self.transition(.fade)
        #expect(layer.animationKeys()?.first == "transition")
        #expect(layer.animation(forKey: kCATransition) is CATransition)
    }

    @Test("A fade lays the old picture over the layer and fades it out: opacity 0.75 at 0.25 s, 0.25 at 0.75 s; the model is already blue; the picture is gone after 1 s")
    func fade() async throws {
        transition(.fade)
        let old = try #require(picture)
        #expect(root.sublayers?.firstIndex { $0 === old } == (root.sublayers?.firstIndex { $0 === layer }).map { $0 + 1 }, "just above the layer")
        try await context.present(through: 15)
        #expect(abs(try #require(old.presentation()).opacity - 0.75) < 1e-6)
        try await context.present(through: 45)
        #expect(abs(try #require(old.presentation()).opacity - 0.25) < 1e-6)
        #expect(layer.backgroundColor == CGColor.blue)
        try await context.present(through: 62)
        #expect(old.superlayer == nil)
        #expect(picture == nil)
    }

    @Test("A push from the right slides the layer in from x 90 (one width, 40, to the right) and the picture out to x 10: x 80 and 40 at 0.25 s; the model stays at 50")
    func pushFromRight() async throws {
        transition(.push, .fromRight)
        let old = try #require(picture)
        try await context.present(through: 15)
        #expect(abs(try #require(layer.presentation()).position.x - 80) < 1e-6)
        #expect(abs(try #require(old.presentation()).position.x - 40) < 1e-6)
        #expect(layer.position.x == 50)
        try await context.present(through: 62)
        #expect(abs(try #require(layer.presentation()).position.x - 50) < 1e-6)
        #expect(old.superlayer == nil)
    }

    @Test("A move-in from the top brings the layer down from y 10 over the picture, which stays: y 30 and 50 at 0.5 s; the picture lies below the layer")
    func moveInFromTop() async throws {
        transition(.moveIn, .fromTop)
        let old = try #require(picture)
        #expect(root.sublayers?.firstIndex { $0 === old } == (root.sublayers?.firstIndex { $0 === layer }).map { $0 - 1 }, "just below the layer")
        try await context.present(through: 30)
        #expect(abs(try #require(layer.presentation()).position.y - 30) < 1e-6)
        #expect(abs(try #require(old.presentation()).position.y - 50) < 1e-6)
    }

    @Test("A reveal from the bottom slides the picture up and away (to y 10) over the still layer: picture y 40 at 0.25 s, layer y 50")
    func revealFromBottom() async throws {
        transition(.reveal, .fromBottom)
        let old = try #require(picture)
        try await context.present(through: 15)
        #expect(abs(try #require(old.presentation()).position.y - 40) < 1e-6)
        #expect(abs(try #require(layer.presentation()).position.y - 50) < 1e-6)
    }

    @Test(
        "Apple's example: a push with no subtype moves the old (red) state left to right and the new (blue) one enters from the left: at 0.25 s the layer at x 20, the picture at x 60"
    )
    func pushDefaultsFromLeft() async throws {
        transition(.push)
        let old = try #require(picture)
        try await context.present(through: 15)
        #expect(abs(try #require(layer.presentation()).position.x - 20) < 1e-6)
        #expect(abs(try #require(old.presentation()).position.x - 60) < 1e-6)
    }

    @Test("startProgress 0.5 and endProgress 1 run the second half: a fade from opacity 0.5 (at 0 s) to 0 (0.5 s: 0.25)")
    func startAndEndProgress() async throws {
        transition(.fade) { $0.startProgress = 0.5 }
        let old = try #require(picture)
        try await context.present(through: 0)
        #expect(abs(try #require(old.presentation()).opacity - 0.5) < 1e-6)
        try await context.present(through: 30)
        #expect(abs(try #require(old.presentation()).opacity - 0.25) < 1e-6)
    }

    @Test(
        "The picture is the old look: red where the layer is now blue, and a shown green 10×10 sublayer at (0, 0) hidden after the transition was added still green in it at (5, 5); the sublayer itself is hidden"
    )
    func pictureIsTheOldLook() async throws {
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        dot.backgroundColor = CGColor.green
        layer.addSublayer(dot)
        try await context.present(through: 0)  // shown: part of the look the transition starts from
        transition(.fade)
        dot.isHidden = true
        let old = try #require(picture)
        let pixels = try #require((old.contents as? CGImage)?.image)
        #expect(pixels[20, 20] == RGBA8(255, 0, 0), "\(pixels[20, 20])")
        #expect(pixels[5, 5] == RGBA8(0, 255, 0), "\(pixels[5, 5])")
        #expect(dot.isHidden)
    }

    @Test(
        "Changes made before the transition is added animate too (Core Animation starts from the committed look): a shown red sublayer turned blue, then a 1 s linear fade added and committed, is half red, half blue at 0.5 s ((128, 0, 128) ± 3), blue at the end",
        .tags(.gpu), .requiresGPU
    )
    func aChangeBeforeAddIsInTheFade() async throws {
        let f = try ContextFixture(gpu: true)
        let container = CALayer()
        container.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        dot.backgroundColor = CGColor.red
        container.addSublayer(dot)
        f.root.addSublayer(container)
        expectPixel(try await f.render(), 40, 40, RGBA8(255, 0, 0), "red, shown in frame 0")
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // the sublayer's own implicit animation aside
        dot.backgroundColor = CGColor.blue
        let fade = CATransition()
        fade.duration = 1
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        container.add(fade, forKey: nil)
        CATransaction.commit()
        var next = 1
        let half = try await f.renderUntil(frame: 31, from: &next)  // begins at frame 1: half way at frame 31
        expectPixel(half, 40, 40, RGBA8(128, 0, 128), tolerance: 3, "half way through the fade (it was all blue: no old look)")
        let end = try await f.renderUntil(frame: 63, from: &next)
        expectPixel(end, 40, 40, RGBA8(0, 0, 255), "blue after the fade")
        await f.finish()
    }

    @Test(
        "The picture leaves out what changed in the transaction before the transition was added: the shown red layer turned blue and given a green 10×10 sublayer at (0, 0) first is red at (20, 20) and at (5, 5)"
    )
    func pictureLeavesOutChangesBeforeAdd() async throws {
        try await context.present(through: 0)
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        dot.backgroundColor = CGColor.green
        layer.addSublayer(dot)
        layer.backgroundColor = CGColor.blue
        let fade = CATransition()
        fade.duration = 1
        layer.add(fade, forKey: nil)
        let old = try #require(picture)
        let pixels = try #require((old.contents as? CGImage)?.image)
        #expect(pixels[20, 20] == RGBA8(255, 0, 0), "\(pixels[20, 20])")
        #expect(pixels[5, 5] == RGBA8(255, 0, 0), "\(pixels[5, 5])")
        #expect(layer.backgroundColor == CGColor.blue && layer.sublayers?.count == 1, "the model keeps the changes")
    }

    @Test(
        "The picture is the committed look whatever happened to it since: the red layer turned blue then green, its corners rounded 20 and back to 0, then a fade added: the picture is square and red at (20, 20) and (1, 1); the next transaction's picture starts from green"
    )
    func pictureIsTheCommittedValueOfPropertiesChangedTwice() async throws {
        try await context.present(through: 0)
        layer.backgroundColor = CGColor.blue
        layer.cornerRadius = 20
        layer.backgroundColor = CGColor.green
        layer.cornerRadius = 0
        let fade = CATransition()
        fade.duration = 1
        layer.add(fade, forKey: nil)
        let pixels = try #require((picture?.contents as? CGImage)?.image)
        #expect(pixels[20, 20] == RGBA8(255, 0, 0), "\(pixels[20, 20])")
        #expect(pixels[1, 1] == RGBA8(255, 0, 0), "square: \(pixels[1, 1])")
        #expect(layer.backgroundColor == CGColor.green && layer.cornerRadius == 0, "the model keeps the last values")
        CATransaction.flush()
        try await context.present(through: 70)  // the first fade (and its picture) over
        #expect(picture == nil)
        layer.backgroundColor = CGColor.blue
        let next = CATransition()
        next.duration = 1
        layer.add(next, forKey: nil)
        let second = try #require((picture?.contents as? CGImage)?.image)
        #expect(second[20, 20] == RGBA8(0, 255, 0), "the look committed last: \(second[20, 20])")
    }

    @Test("The transition's delegate hears it start and stop (finished) once it has run its 1 s")
    func delegateHearsEnd() async throws {
        let log = AnimationLog()
        transition(.push, .fromRight) { $0.delegate = log }
        try await context.present(through: 30)
        #expect(log.events == ["start"])
        try await context.present(through: 64)
        #expect(log.events == ["start", "stop true"])
    }
}
