import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// Small contents share atlas textures, so layers with different pictures batch together.
@Suite(.tags(.gpu), .requiresGPU) struct AtlasTests {
    @Test func spritesWithSixteenPicturesDrawInOneBatchAndLookAsAlone() async throws {
        var (scene, root) = TestScene.whiteRoot(side: 200)
        var colors: [Color] = []
        for i in 0..<16 {
            let color = Color(red: Float(i) / 15, green: Float(15 - i) / 15, blue: 0.5)
            colors.append(color)
            let id = scene.add(
                parent: root, size: Size(width: 20, height: 20), position: Point(x: Double(i % 4) * 50 + 25, y: Double(i / 4) * 50 + 25),
                .transform(rotation(Double(i) * 10)), .opacity(0.8))
            scene.commit.append(.setContents(id, ContentsUpdate(image: RGBAImage(size: PixelSize(width: 16, height: 16), filledWith: color))))
        }
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let frame = try await compositor.renderFrame(size: PixelSize(width: 200, height: 200))
        #expect(frame.statistics.layersDrawn == 17)
        #expect(frame.statistics.drawCalls == 1, "all sixteen sprites from one atlas texture (the root's white is the frame's clear)")
        #expect(frame.statistics.textureBinds == 1)
        let image = try #require(frame.image)
        for i in 0..<16 {
            let c = colors[i].premultiplied * 0.8 + SIMD4(1, 1, 1, 1) * 0.2
            let expected = RGBA8(UInt8((c.x * 255).rounded()), UInt8((c.y * 255).rounded()), UInt8((c.z * 255).rounded()))
            expectPixel(image, (i % 4) * 50 + 25, (i / 4) * 50 + 25, expected, tolerance: 2, "sprite \(i)'s centre: its own colour at 0.8 over white")
        }
        let live = await compositor.liveGLObjects()
        #expect(live.textures == 2, "one atlas page and the target: \(live)")
        _ = await compositor.shutdown()
    }

    @Test func anAtlasPicturesEdgesSampleLikeClampedEdges() async throws {
        // A 2×2 picture stretched over 40×40 points: bilinear filtering at its edges must not
        // pick up a neighbour's pixels in the atlas (its padding repeats its own edge).
        var (scene, root) = TestScene.whiteRoot()
        let a = scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 25, y: 50))
        let b = scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 75, y: 50))
        scene.commit.append(.setContents(a, ContentsUpdate(image: RGBAImage(size: PixelSize(width: 2, height: 2), filledWith: .red))))
        scene.commit.append(.setContents(b, ContentsUpdate(image: RGBAImage(size: PixelSize(width: 2, height: 2), filledWith: .blue))))
        let image = try await render(scene)
        for (x, y) in [(6, 31), (43, 31), (6, 68), (43, 68), (25, 50)] {
            expectPixel(image, x, y, .red, "picture a at (\(x), \(y)): pure red up to its edges")
        }
        for (x, y) in [(56, 31), (93, 68)] {
            expectPixel(image, x, y, .blue, "picture b at (\(x), \(y)): pure blue up to its edges")
        }
    }
}
