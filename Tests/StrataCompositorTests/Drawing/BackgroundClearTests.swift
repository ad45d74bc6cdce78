import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// The frame's first quad, an opaque colour fill covering the whole redrawn region (a window's or
/// root's background), is drawn by clearing the region to its colour: no quad, the same pixels.
@Suite(.tags(.gpu), .requiresGPU) struct BackgroundClearTests {
    @Test("Scene: an opaque teal 100×100 root alone: the frame is one clear and no draw call, teal at the corners and the centre")
    func anOpaqueRootAloneIsAClear() async throws {
        var scene = TestScene()
        let teal = Color(red: 0, green: 0.5, blue: 0.5)
        scene.add(size: Size(width: 100, height: 100), position: Point(x: 50, y: 50), color: teal)
        let frame = try await renderFrame(scene)
        #expect(frame.statistics.drawCalls == 0, "the root is the clear")
        #expect(frame.statistics.layersDrawn == 1, "and still counts as drawn")
        let image = try #require(frame.image)
        for (x, y) in [(0, 0), (99, 0), (0, 99), (99, 99), (50, 50)] {
            expectPixel(image, x, y, RGBA8(0, 128, 128), "(\(x), \(y)): the root's teal")
        }
    }

    @Test(
        "Scene: white 100×100 root, a red 10×10 layer at (20, 20) moved to (70, 70): the damage frame clears both places to white and draws only the red quad"
    )
    func aDamageFrameClearsToTheRootsColour() async throws {
        var (scene, _) = TestScene.whiteRoot()
        let red = scene.add(parent: scene.root, size: Size(width: 10, height: 10), position: Point(x: 20, y: 20), color: .red)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        _ = try await compositor.renderFrame(size: PixelSize(width: 100, height: 100))
        try compositor.submit(Commit([.set(red, .position(Point(x: 70, y: 70)))]))
        let moved = try await compositor.renderFrame(size: PixelSize(width: 100, height: 100))
        #expect(moved.statistics.drawCalls == 1, "the red quad; the root is the clear of the damaged region")
        let image = try #require(moved.image)
        expectPixel(image, 20, 20, .white, "(20, 20): where red was, the root's white")
        expectPixel(image, 70, 70, .red, "(70, 70): red at its new place")
        _ = await compositor.shutdown()
    }

    @Test(
        "Scene: a 100×100 root that is translucent, rounded or showing contents is drawn as a quad over the frame's clear colour: draw calls 1, and its own pixels"
    )
    func onlyAnOpaqueSquareColourFillBecomesTheClear() async throws {
        // Half-transparent red over the compositor's clear (transparent black): premultiplied (128, 0, 0, 128).
        var translucent = TestScene()
        translucent.add(size: Size(width: 100, height: 100), position: Point(x: 50, y: 50), color: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        let a = try await renderFrame(translucent)
        #expect(a.statistics.drawCalls == 1, "translucent: a quad")
        expectPixel(try #require(a.image), 50, 50, RGBA8(128, 0, 0, 128), tolerance: 1, "(50, 50): half red")

        var rounded = TestScene()
        rounded.add(size: Size(width: 100, height: 100), position: Point(x: 50, y: 50), color: .blue, .cornerRadius(20))
        let b = try await renderFrame(rounded)
        #expect(b.statistics.drawCalls == 1, "rounded: a quad")
        expectPixel(try #require(b.image), 1, 1, RGBA8(0, 0, 0, 0), "(1, 1): outside the rounded corner, the clear colour")
        expectPixel(try #require(b.image), 50, 50, .blue, "(50, 50): blue")

        var picture = TestScene()
        let id = picture.add(size: Size(width: 100, height: 100), position: Point(x: 50, y: 50))
        picture.commit.append(.setContents(id, ContentsUpdate(image: RGBAImage(size: PixelSize(width: 4, height: 4), filledWith: .green))))
        let c = try await renderFrame(picture)
        #expect(c.statistics.drawCalls == 1, "contents: a quad")
        expectPixel(try #require(c.image), 50, 50, .green, "(50, 50): the picture's green")
    }

    @Test(
        "Scene: white 100×100 root and over it an opaque blue 100×100 layer: the blue layer hides the root and is drawn as a quad; the root is neither a clear nor a quad"
    )
    func aHigherCoverKeepsItsQuadAndNothingIsCleared() async throws {
        var (scene, root) = TestScene.whiteRoot()
        scene.add(parent: root, size: Size(width: 100, height: 100), position: Point(x: 50, y: 50), color: .blue)
        let frame = try await renderFrame(scene)
        #expect(frame.statistics.drawCalls == 1 && frame.statistics.layersDrawn == 1, "only the blue quad")
        expectPixel(try #require(frame.image), 50, 50, .blue, "(50, 50): blue")
    }
}
