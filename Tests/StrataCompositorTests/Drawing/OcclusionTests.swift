import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// Layers hidden behind opaque ones cost nothing.
@Suite(.tags(.gpu), .requiresGPU) struct OcclusionTests {
    @Test func layersUnderAnOpaqueLayerAreNotDrawn() async throws {
        var (scene, root) = TestScene.whiteRoot()
        for i in 0..<10 {  // ten small layers, all under the cover
            scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 30 + Double(i) * 4, y: 50), color: .red, .transform(rotation(20)))
        }
        scene.add(parent: root, size: Size(width: 60, height: 40), position: Point(x: 50, y: 50), color: .blue)  // the opaque cover
        scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 90, y: 90), color: .green)  // outside it
        let frame = try await renderFrame(scene)
        #expect(frame.statistics.layersDrawn == 3, "the root, the cover and the green layer; the ten under the cover are culled")
        let image = try #require(frame.image)
        expectPixel(image, 50, 50, .blue, "the cover (50, 50)")
        expectPixel(image, 90, 90, .green, "the layer outside it (90, 90)")
    }

    @Test(
        "Scene: white 100×100 root, a red 20×20 layer turned 20° half off the left edge at (0, 50), a green one off the bottom-right corner at (100, 100), and over them an opaque blue layer covering the whole target: the root, the red and the green layers are not drawn, the target is blue"
    )
    func aCoverReachingTheTargetsEdgesHidesLayersPartlyOffTheTarget() async throws {
        var (scene, root) = TestScene.whiteRoot()
        scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 0, y: 50), color: .red, .transform(rotation(20)))
        scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 100, y: 100), color: .green)
        scene.add(parent: root, size: Size(width: 100, height: 100), position: Point(x: 50, y: 50), color: .blue)
        let frame = try await renderFrame(scene)
        #expect(frame.statistics.layersDrawn == 1, "only the cover: the root and the layers partly off the target lie under it")
        let image = try #require(frame.image)
        expectPixel(image, 2, 50, .blue, "where the red layer reaches onto the target (2, 50)")
        expectPixel(image, 98, 98, .blue, "where the green layer reaches onto the target (98, 98)")
    }

    @Test func translucentOrRoundedCoversHideNothing() async throws {
        for cover in [LayerProperty.opacity(0.5), .cornerRadius(4)] {
            var (scene, root) = TestScene.whiteRoot()
            scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 50, y: 50), color: .red)
            scene.add(parent: root, size: Size(width: 60, height: 40), position: Point(x: 50, y: 50), color: .blue, cover)
            let frame = try await renderFrame(scene)
            #expect(frame.statistics.layersDrawn == 3, "\(cover): the red layer is drawn")
            if cover.key == .opacity {
                expectPixel(try #require(frame.image), 50, 50, RGBA8(128, 0, 128), "red under half-transparent blue (50, 50)")
            }
        }
    }
}

extension OcclusionTests {
    @Test(
        "Scene: white 100×100 root, a red 10×10 layer at the centre, over it a 60×40 layer showing an image: opaque green hides the red one (not drawn); with one transparent pixel it does not; a translucent background under the image hides nothing either"
    )
    func opaqueImagesHideWhatTheyCover() async throws {
        func image(transparentPixel: Bool) -> ContentsUpdate {
            var pixels = Array([[UInt8]](repeating: [0, 255, 0, 255], count: 8 * 8).joined())
            if transparentPixel { pixels[3] = 0; pixels[1] = 0 }  // the top-left pixel clear
            var update = ContentsUpdate(image: RGBAImage(size: PixelSize(width: 8, height: 8), pixels: pixels), sharedImageID: transparentPixel ? 900_001 : 900_002)
            update.isBGRA = false
            return update
        }
        // Layers drawn: the root, the cover, and the red layer unless the cover hides it.
        for (transparent, background, expectedDrawn) in [
            (false, nil, 2), (true, nil, 3), (true, Color(red: 0, green: 0, blue: 1, alpha: 1), 2),
            (true, Color(red: 0, green: 0, blue: 1, alpha: 0.5), 3),
        ] as [(Bool, Color?, Int)] {
            var (scene, root) = TestScene.whiteRoot()
            scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 50, y: 50), color: .red)
            let cover = scene.add(parent: root, size: Size(width: 60, height: 40), position: Point(x: 50, y: 50), color: background)
            scene.commit.append(.setContents(cover, image(transparentPixel: transparent)))
            let frame = try await renderFrame(scene)
            #expect(
                frame.statistics.layersDrawn == expectedDrawn,
                "image \(transparent ? "with a clear pixel" : "opaque"), background \(background.map { "\($0)" } ?? "none"): \(frame.statistics.layersDrawn) layers drawn")
            expectPixel(try #require(frame.image), 50, 50, .green, tolerance: 2, "the image's green over the red layer (50, 50)")
        }
    }
}
