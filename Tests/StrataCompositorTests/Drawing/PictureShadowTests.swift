import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// Shadows of pictures (contents and sublayers, by alpha), as Core Animation casts them without a
/// shadow path: drawn on the GPU and read back.
@Suite(.tags(.gpu), .requiresGPU) struct PictureShadowTests {
    /// A white 100×100 root and a clear 40×40 card centred at (50, 50) (30…70) holding a red
    /// 20×20 square at its top-left (30…50), the card casting a black shadow offset by (10, 10)
    /// with `radius`.
    private func cardScene(radius: Double) -> (scene: TestScene, red: LayerID) {
        var (scene, root) = TestScene.whiteRoot()
        let card = scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 50, y: 50))
        let red = scene.add(parent: card, size: Size(width: 20, height: 20), position: Point(x: 10, y: 10), color: .red)
        for property in [LayerProperty.shadowOpacity(1), .shadowRadius(radius), .shadowOffset(Point(x: 10, y: 10))] { scene.commit.set(card, property) }
        return (scene, red)
    }

    @Test(
        "Scene: a clear card whose red 20×20 sublayer (30…50) casts the card's hard shadow (radius 0, offset (10, 10)): black at (55, 55) where only the shadow is (40…60), red at (45, 45) over it, white at (35, 55) and (65, 65) where neither is (the card's clear background casts nothing)"
    )
    func aSublayerCastsItsSuperlayersShadow() async throws {
        let image = try await render(cardScene(radius: 0).scene)
        expectPixel(image, 55, 55, .black, "the shadow alone (55, 55)")
        expectPixel(image, 45, 45, .red, "the red square over its shadow (45, 45)")
        expectPixel(image, 35, 55, .white, "left of the shadow (35, 55)")
        expectPixel(image, 65, 65, .white, "under the card's clear part (65, 65)")
    }

    @Test(
        "The same card with shadowRadius 4: the shadow's right edge at x 60 is blurred — half a pixel outside it, at (60, 50), the shadow is Φ(−0.5/4) ≈ 0.45 strong (grey 140); 10 pixels inside both edges, at (50, 50), about 0.99 (grey 3); 3σ out, at (73, 50), white"
    )
    func aBlurredPictureShadow() async throws {
        let image = try await render(cardScene(radius: 4).scene)
        let edge = image[60, 50]
        #expect(abs(Int(edge.r) - 140) <= 12 && edge.r == edge.g && edge.g == edge.b, "\(edge)")
        expectPixel(image, 50, 50, RGBA8(3, 3, 3), tolerance: 4, "inside the shadow (50, 50)")
        expectPixel(image, 73, 50, .white, tolerance: 2, "3σ beyond its edge (73, 50)")
    }

    @Test(
        "Scene: a 20×20 layer at (30…50) with contents red on the left half and transparent on the right casts a hard shadow offset by (0, 30): black at (35, 65) under the red half, white at (45, 65) under the transparent half"
    )
    func contentsCastTheirShapesShadow() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let layer = scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 40, y: 40))
        var pixels = [UInt8](repeating: 0, count: 20 * 20 * 4)
        for y in 0..<20 { for x in 0..<10 { pixels.replaceSubrange((y * 20 + x) * 4..<(y * 20 + x) * 4 + 4, with: [255, 0, 0, 255]) } }
        scene.commit.append(.setContents(layer, ContentsUpdate(image: RGBAImage(size: PixelSize(width: 20, height: 20), pixels: pixels))))
        for property in [LayerProperty.shadowOpacity(1), .shadowRadius(0), .shadowOffset(Point(x: 0, y: 30))] { scene.commit.set(layer, property) }
        let image = try await render(scene)
        expectPixel(image, 35, 40, .red, "the contents' red half (35, 40)")
        expectPixel(image, 35, 65, .black, "its shadow (35, 65)")
        expectPixel(image, 45, 65, .white, "no shadow under the transparent half (45, 65)")
    }

    @Test(
        "A moved sublayer moves the shadow in later frames: the red square moved right by 20 leaves white at (55, 55)'s old shadow spot left of it (45, 65) and casts black at (75, 55)"
    )
    func aMovedSublayerMovesTheShadow() async throws {
        let (scene, red) = cardScene(radius: 0)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        _ = try await compositor.renderFrame(size: PixelSize(width: 100, height: 100))
        try compositor.submit(Commit([.set(red, .position(Point(x: 30, y: 10)))]))
        let moved = try #require(try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)).image)
        expectPixel(moved, 45, 55, .white, "where the shadow was (45, 55)")
        expectPixel(moved, 75, 55, .black, "where it is now (75, 55)")
        expectPixel(moved, 65, 45, .red, "the square's new place (65, 45)")
        let leaked = await compositor.shutdown()
        #expect(leaked.total == 0)
    }
}
