import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// What a frame reuses from the one before stays right: an unchanged layer's first sublayer, a
/// reordered layer's sublayers, a back-facing layer's, and a shared image's pixels.
@Suite(.tags(.gpu), .requiresGPU) struct FrameReuseTests {
    private let size = PixelSize(width: 100, height: 100)

    @Test func aFirstSublayerOfAnUnchangedLayerLandsInsideIt() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let parent = scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 70, y: 70), color: .blue)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        _ = try await compositor.renderFrame(size: size)
        var add = TestScene()
        let child = LayerID.make()
        add.commit.append(.createLayer(child))
        add.commit.set(child, .bounds(Rect(x: 0, y: 0, width: 10, height: 10)))
        add.commit.set(child, .position(Point(x: 10, y: 10)))
        add.commit.set(child, .backgroundColor(.red))
        add.commit.append(.insertSublayer(child, parent: parent, index: nil))
        try compositor.submit(add.commit)
        let image = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(image, 70, 70, .red, "the child at the middle of its parent (70, 70)")
        expectPixel(image, 10, 10, .white, "not at the target's origin (10, 10)")
        _ = await compositor.shutdown()
    }

    @Test func reorderingALayerKeepsItsSublayersShowing() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let a = scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 30, y: 30))
        scene.add(parent: a, size: Size(width: 10, height: 10), position: Point(x: 20, y: 20), color: .green)
        scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 80, y: 80), color: .blue)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        _ = try await compositor.renderFrame(size: size)
        try compositor.submit(Commit([.insertSublayer(a, parent: root, index: 0)]))
        let image = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(image, 30, 30, .green, "the reordered layer's sublayer still shows (30, 30)")
        _ = await compositor.shutdown()
    }

    @Test func aBackFacingLayersSublayersHideNothing() async throws {
        var (scene, root) = TestScene.whiteRoot()
        scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 50, y: 50), color: .red)
        let card = scene.add(
            parent: root, size: Size(width: 60, height: 60), position: Point(x: 50, y: 50),
            .isDoubleSided(false), .transform(Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)))
        scene.add(parent: card, size: Size(width: 60, height: 60), position: Point(x: 30, y: 30), color: .blue)  // opaque, axis-aligned
        let image = try await render(scene)
        expectPixel(image, 50, 50, .red, "the card faces away, its opaque child is not drawn and hides nothing (50, 50)")
    }

    @Test func partOfASharedImagesPixelsIsRefused() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let layer = scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 50, y: 50))
        scene.commit.append(.setContents(layer, ContentsUpdate(image: RGBAImage(size: PixelSize(width: 8, height: 8), filledWith: .red), sharedImageID: 7)))
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        _ = try await compositor.renderFrame(size: size)
        try compositor.submit(
            Commit([
                .setContents(
                    layer,
                    ContentsUpdate(
                        size: PixelSize(width: 8, height: 8), region: PixelRect(x: 0, y: 0, width: 2, height: 2),
                        pixels: [UInt8](repeating: 255, count: 16)))
            ]))
        await #expect(throws: CommitError.self) { try await compositor.renderFrame(size: size) }
        _ = await compositor.shutdown()
    }
}
