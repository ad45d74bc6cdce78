import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// The renderer's debug switches (`STRATA_DEBUG`, `CompositorConfiguration.debug`).
@Suite(.tags(.gpu), .requiresGPU) struct DebugSwitchTests {
    @Test(
        "Scene: white 100×100 root and a red 10×10 layer at (20, 20), with the damage switch: the first frame (redrawn whole) is tinted magenta everywhere; turning the red layer blue tints only its box again"
    )
    func damageTintsEachFramesRedrawnRegion() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let square = scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 20, y: 20), color: .red)
        let compositor = try Compositor(configuration: CompositorConfiguration(debug: [.damage]))
        try compositor.submit(scene.commit)
        let size = PixelSize(width: 100, height: 100)
        let first = try #require(try await compositor.renderFrame(size: size).image)
        // Premultiplied magenta at 25 % over white: (0.25 + 0.75, 0.75, 0.25 + 0.75).
        expectPixel(first, 70, 70, RGBA8(255, 191, 255), "first frame (70, 70): white under the tint")
        expectPixel(first, 20, 20, RGBA8(255, 0, 64), "first frame (20, 20): red under the tint")
        try compositor.submit(Commit([.set(square, .backgroundColor(.blue))]))
        let second = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(second, 20, 20, RGBA8(64, 0, 255), "second frame (20, 20): redrawn blue, tinted once")
        expectPixel(second, 70, 70, RGBA8(255, 191, 255), "second frame (70, 70): not redrawn, last frame's tint only")
        _ = await compositor.shutdown()
    }

    @Test(
        "Scene: white 100×100 root, a red 20×20 square layer at (20, 20) and a blue 20×20 layer with 4-point corners at (70, 70), with the batches switch: two batches (two programs), the first tinted magenta, the second cyan, 30 %; the root, painted by the clear, untinted"
    )
    func batchesTintsEachBatch() async throws {
        var (scene, root) = TestScene.whiteRoot()
        scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 20, y: 20), color: .red)
        scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 70, y: 70), color: .blue, .cornerRadius(4))
        let compositor = try Compositor(configuration: CompositorConfiguration(debug: [.batches]))
        try compositor.submit(scene.commit)
        let frame = try await compositor.renderFrame(size: PixelSize(width: 100, height: 100))
        let image = try #require(frame.image)
        // Magenta 30 % over red: (0.3 + 0.7, 0, 0.3); cyan 30 % over blue: (0, 0.3, 0.3 + 0.7).
        expectPixel(image, 20, 20, RGBA8(255, 0, 77), tolerance: 2, "(20, 20): the red square, first batch, magenta")
        expectPixel(image, 70, 70, RGBA8(0, 77, 255), tolerance: 2, "(70, 70): the rounded blue layer, second batch, cyan")
        expectPixel(image, 50, 50, .white, "(50, 50): the root, painted by the clear")
        #expect(frame.statistics.drawCalls == 4, "each batch drawn, then its tint: \(frame.statistics.drawCalls)")
        _ = await compositor.shutdown()
    }

    @Test(
        "Scene: white 100×100 root, a red 40×40 layer at (30, 30) and a green 20×20 one at (40, 40) inside it, with the overdraw switch: black where nothing is painted, (64, 32, 16) where one quad is (the root's clear), (128, 64, 32) on the red only, (191, 96, 48) where the green overlaps it"
    )
    func overdrawCountsPaints() async throws {
        var (scene, root) = TestScene.whiteRoot()
        scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 30, y: 30), color: .red)
        scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 40, y: 40), color: .green)
        let compositor = try Compositor(configuration: CompositorConfiguration(debug: [.overdraw]))
        try compositor.submit(scene.commit)
        let image = try #require(try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)).image)
        expectPixel(image, 80, 80, RGBA8(64, 32, 16), tolerance: 2, "(80, 80): the root only")
        expectPixel(image, 14, 14, RGBA8(128, 64, 32), tolerance: 2, "(14, 14): root and red")
        expectPixel(image, 40, 40, RGBA8(191, 96, 48), tolerance: 2, "(40, 40): root, red and green")
        _ = await compositor.shutdown()
        var empty = TestScene()
        empty.add(size: Size(width: 10, height: 10), position: Point(x: 5, y: 5))  // a root that paints nothing
        let bare = try Compositor(configuration: CompositorConfiguration(debug: [.overdraw]))
        try bare.submit(empty.commit)
        let black = try #require(try await bare.renderFrame(size: PixelSize(width: 20, height: 20), clearColor: .black).image)
        expectPixel(black, 10, 10, .black, "(10, 10): nothing painted")
        _ = await bare.shutdown()
    }

    @Test func theSwitchIsOffByDefault() async throws {
        let (scene, _) = TestScene.whiteRoot()
        let compositor = try Compositor(configuration: CompositorConfiguration(debug: []))
        try compositor.submit(scene.commit)
        expectPixel(try #require(try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)).image), 70, 70, .white, "(70, 70): white")
        _ = await compositor.shutdown()
        #expect(DebugOptions.names.map(\.0) == ["damage", "batches", "overdraw"])
    }
}
