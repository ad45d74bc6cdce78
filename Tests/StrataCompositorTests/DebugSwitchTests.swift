import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// The renderer's debug switches (`STRATA_DEBUG`, `CompositorConfiguration.debug`).
@Suite struct DebugSwitchTests {
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

    @Test func theSwitchIsOffByDefault() async throws {
        let (scene, _) = TestScene.whiteRoot()
        let compositor = try Compositor(configuration: CompositorConfiguration(debug: []))
        try compositor.submit(scene.commit)
        expectPixel(try #require(try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)).image), 70, 70, .white, "(70, 70): white")
        _ = await compositor.shutdown()
        #expect(DebugOptions.names.map(\.0) == ["damage"])
    }
}
