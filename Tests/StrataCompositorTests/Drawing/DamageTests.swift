import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// Frames with nothing new are not drawn again.
@Suite(.tags(.gpu), .requiresGPU) struct DamageTests {
    @Test func anUnchangedFrameIssuesNoDrawAndShowsTheSamePixels() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let square = scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 50, y: 50), color: .red)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let size = PixelSize(width: 100, height: 100)
        let first = try await compositor.renderFrame(size: size)
        #expect(first.statistics.redrawn && first.statistics.layersDrawn == 2 && first.statistics.drawCalls == 1, "two quads, one batch")
        let idle = try await compositor.renderFrame(size: size)
        #expect(!idle.statistics.redrawn && idle.statistics.drawCalls == 0, "nothing changed: no GL draw")
        #expect(idle.image == first.image, "the target still shows the scene")
        // A change draws again; so does a new size or clear colour.
        var move = Commit()
        move.set(square, .position(Point(x: 20, y: 20)))
        try compositor.submit(move)
        let moved = try await compositor.renderFrame(size: size)
        #expect(moved.statistics.redrawn)
        let image = try #require(moved.image)
        expectPixel(image, 20, 20, .red, "the moved square at (20, 20)")
        expectPixel(image, 50, 50, .white, "its old place (50, 50) is white again")
        #expect(try await compositor.renderFrame(size: size, clearColor: .black).statistics.redrawn, "a new clear colour")
        #expect(try await compositor.renderFrame(size: PixelSize(width: 50, height: 50)).statistics.redrawn, "a new size")
        #expect(!(try await compositor.renderFrame(size: PixelSize(width: 50, height: 50)).statistics.redrawn))
        _ = await compositor.shutdown()
    }

    @Test(
        "Scene: white 100×100 root, a 60×40 layer whose 60×40 contents are replaced whole, then 10×4 pixels of them: each frame's statistics count the bytes uploaded for it, and a frame without uploads counts none"
    )
    func framesCountTheContentsBytesUploadedForThem() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let picture = scene.add(parent: root, size: Size(width: 60, height: 40), position: Point(x: 50, y: 50))
        let size = PixelSize(width: 60, height: 40)
        scene.commit.append(.setContents(picture, ContentsUpdate(size: size, pixels: [UInt8](repeating: 255, count: size.area * 4))))
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let target = PixelSize(width: 100, height: 100)
        let first = try await compositor.renderFrame(size: target, readBack: false).statistics
        #expect(first.uploadedBytes == 60 * 40 * 4 && first.uploadMilliseconds > 0)
        let idle = try await compositor.renderFrame(size: target, readBack: false).statistics
        #expect(idle.uploadedBytes == 0 && idle.uploadMilliseconds == 0)
        var part = Commit()
        part.append(
            .setContents(
                picture,
                ContentsUpdate(
                    size: size, region: PixelRect(x: 5, y: 5, width: 10, height: 4),
                    pixels: [UInt8](repeating: 0, count: 10 * 4 * 4))))
        try compositor.submit(part)
        let partial = try await compositor.renderFrame(size: target).statistics
        #expect(partial.uploadedBytes == 10 * 4 * 4)
        _ = await compositor.shutdown()
    }

    @Test func aRunningAnimationDrawsEveryFrameUntilItEnds() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let square = scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 50, y: 50), color: .red)
        scene.commit.append(
            .addAnimation(
                square,
                LayerAnimation(
                    kind: .additive(delta: .opacity(-1)), curve: .linear, beginTime: 0, duration: 2.0 / 60)))
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        var redrawn: [Bool] = []
        for _ in 0..<5 { redrawn.append(try await compositor.renderFrame(size: PixelSize(width: 100, height: 100), readBack: false).statistics.redrawn) }
        #expect(redrawn == [true, true, true, false, false], "frames at 0, 1/60 and 2/60 s animate; then nothing moves")
        _ = await compositor.shutdown()
    }
}

/// Partial redraws must give exactly the pixels a full redraw of the same tree gives.
@Suite(.tags(.gpu), .requiresGPU) struct PartialRedrawTests {
    /// A scene of overlapping, rotated, translucent, rounded, clipped and grouped layers.
    private func scene() -> (TestScene, [LayerID]) {
        var (scene, root) = TestScene.whiteRoot(side: 120)
        var ids: [LayerID] = []
        let clip = scene.add(
            parent: root, size: Size(width: 60, height: 50), position: Point(x: 40, y: 40), color: Color(red: 0.2, green: 0.3, blue: 0.8),
            .masksToBounds(true), .cornerRadius(8))
        ids.append(clip)
        ids.append(scene.add(parent: clip, size: Size(width: 30, height: 30), position: Point(x: 55, y: 10), color: .red, .transform(rotation(30))))
        let group = scene.add(parent: root, size: Size(width: 50, height: 50), position: Point(x: 80, y: 80), color: .green, .opacity(0.5))
        ids.append(group)
        ids.append(scene.add(parent: group, size: Size(width: 20, height: 20), position: Point(x: 45, y: 45), color: .blue))
        for i in 0..<6 {
            ids.append(
                scene.add(
                    parent: root, size: Size(width: 14, height: 14), position: Point(x: 15 + Double(i) * 17, y: 100),
                    color: Color(red: Float(i) / 6, green: 0.5, blue: 0.2, alpha: 0.7), .transform(rotation(Double(i) * 15)),
                    .borderWidth(2), .borderColor(.black)))
        }
        ids.append(root)
        return (scene, ids)
    }

    @Test func aSequenceOfChangesRedrawsExactlyWhatAFullRedrawDraws() async throws {
        let (initial, ids) = scene()
        var changes: [Commit] = []
        func change(_ ops: [CommitOperation]) { changes.append(Commit(ops)) }
        change([.set(ids[1], .position(Point(x: 10, y: 40)))])  // inside the clip
        change([.set(ids[3], .position(Point(x: 5, y: 5)))])  // inside the group
        change([.set(ids[4], .position(Point(x: 60, y: 20)))])  // over the clip
        change([.set(ids[5], .isHidden(true))])
        change([.set(ids[2], .opacity(0.9))])  // the group's opacity
        change([.removeFromSuperlayer(ids[6])])
        change([.set(ids[0], .transform(rotation(10)))])  // the clip turns, with its child
        change([.destroyLayer(ids[7])])
        change([.set(ids[8], .backgroundColor(.clear)), .set(ids[9], .zPosition(-1))])
        change([.set(ids[4], .position(Point(x: 300, y: 20)))])  // off the target: it rests
        change([.set(ids[0], .isHidden(true))])  // the clip rests, hidden
        change([.set(ids[1], .position(Point(x: 30, y: 30))), .set(ids[2], .opacity(0.6))])
        change([.set(ids[0], .isHidden(false)), .set(ids[5], .isHidden(false))])  // both shown again
        change([.set(ids[4], .position(Point(x: 60, y: 60)))])  // back on the target
        let cover = LayerID.make()
        change([
            .createLayer(cover), .set(cover, .bounds(Rect(x: 0, y: 0, width: 50, height: 40))),  // an opaque cover over
            .set(cover, .position(Point(x: 45, y: 100))), .set(cover, .backgroundColor(.black)),  // three small layers:
            .insertSublayer(cover, parent: ids[10], index: nil),
        ])  // they rest
        let rootRedrawn = changes.count
        change([.set(ids[10], .backgroundColor(Color(red: 0.9, green: 0.9, blue: 0.9)))])  // the root redrawn
        change([.set(ids[6], .zPosition(2))])  // one rises over the cover
        change([.set(cover, .position(Point(x: 45, y: 60)))])  // the cover moves off the rest
        change([.set(cover, .position(Point(x: 45, y: 100))), .set(ids[6], .zPosition(0))])
        change([.set(cover, .opacity(0.5))])  // it hides nothing now
        let incremental = try Compositor()
        try incremental.submit(initial.commit)
        let size = PixelSize(width: 120, height: 120)
        _ = try await incremental.renderFrame(size: size)
        var applied = [initial.commit]
        for (step, commit) in changes.enumerated() {
            try incremental.submit(commit)
            applied.append(commit)
            let partial = try await incremental.renderFrame(size: size)
            #expect(partial.statistics.redrawnPixels < size.width * size.height || step == 6 || step == rootRedrawn, "step \(step): only the damage is redrawn")
            let fresh = try Compositor()
            for c in applied { try fresh.submit(c) }
            let whole = try await fresh.renderFrame(size: size)
            #expect(partial.image == whole.image, "step \(step): the partial redraw equals a full redraw")
            _ = await fresh.shutdown()
        }
        _ = await incremental.shutdown()
    }

    @Test func aSmallMoveRedrawsASmallRegion() async throws {
        var (scene, root) = TestScene.whiteRoot(side: 200)
        let square = scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 50, y: 50), color: .red)
        for i in 0..<50 { scene.add(parent: root, size: Size(width: 8, height: 8), position: Point(x: Double(i % 10) * 20 + 5, y: Double(i / 10) * 40 + 5), color: .blue) }
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let size = PixelSize(width: 200, height: 200)
        _ = try await compositor.renderFrame(size: size)
        var move = Commit()
        move.set(square, .position(Point(x: 53, y: 50)))
        try compositor.submit(move)
        let frame = try await compositor.renderFrame(size: size)
        #expect(frame.statistics.redrawnPixels <= 20 * 16, "old and new place with their margins: \(frame.statistics.redrawnPixels) pixels")
        #expect(frame.statistics.layersDrawn == 4, "of 52 layers: the background, the square and its two blue neighbours at (45, 45) and (65, 45)")
        #expect(frame.statistics.drawCalls == 1, "in one batch")
        let image = try #require(frame.image)
        expectPixel(image, 53, 50, .red, "the square's new centre (53, 50)")
        expectPixel(image, 46, 50, .white, "uncovered at its old left edge (46, 50)")
        _ = await compositor.shutdown()
    }
}

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

/// Group opacity needs an offscreen pass only where the group's layers overlap.
@Suite(.tags(.gpu), .requiresGPU) struct GroupOpacityTests {
    @Test func aTranslucentGroupWhoseLayersDoNotOverlapDrawsDirectly() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let group = scene.add(parent: root, size: Size(width: 80, height: 30), position: Point(x: 50, y: 50), .opacity(0.5))
        scene.add(parent: group, size: Size(width: 30, height: 30), position: Point(x: 15, y: 15), color: .red)
        scene.add(parent: group, size: Size(width: 30, height: 30), position: Point(x: 65, y: 15), color: .blue)
        let frame = try await renderFrame(scene)
        #expect(frame.statistics.offscreenPasses == 0, "disjoint children: no offscreen pass")
        let image = try #require(frame.image)
        expectPixel(image, 25, 50, RGBA8(255, 128, 128), "the red child at half opacity over white (25, 50)")
        expectPixel(image, 75, 50, RGBA8(128, 128, 255), "the blue child at half opacity over white (75, 50)")
        expectPixel(image, 50, 50, .white, "between them (50, 50)")
    }

    @Test func overlappingLayersStillGoThroughOnePicture() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let group = scene.add(parent: root, size: Size(width: 60, height: 30), position: Point(x: 50, y: 50), .opacity(0.5))
        scene.add(parent: group, size: Size(width: 40, height: 30), position: Point(x: 20, y: 15), color: .red)
        scene.add(parent: group, size: Size(width: 40, height: 30), position: Point(x: 40, y: 15), color: .blue)
        let frame = try await renderFrame(scene)
        #expect(frame.statistics.offscreenPasses == 1)
        let image = try #require(frame.image)
        expectPixel(image, 50, 50, RGBA8(128, 128, 255), "the overlap shows the blue child alone at half opacity, not red through blue (50, 50)")
    }
}

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

/// GPU time comes from timer queries where the driver has them.
@Suite(.tags(.gpu), .requiresGPU) struct GPUTimeTests {
    @Test func drawnFramesReportGPUTimeWhereTimerQueriesExist() async throws {
        let (scene, _) = TestScene.whiteRoot()
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let drawn = try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)).statistics
        if compositor.gpu.hasTimerQuery {
            #expect(drawn.gpuMilliseconds.map { $0 >= 0 } == true, "a drawn frame has a GPU time: \(String(describing: drawn.gpuMilliseconds))")
        } else {
            #expect(drawn.gpuMilliseconds == nil)
        }
        let idle = try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)).statistics
        #expect(idle.gpuMilliseconds == nil, "nothing drawn, nothing timed")
        _ = await compositor.shutdown()
    }
}

/// Contents that land one texel per pixel come out texel for texel.
@Suite(.tags(.gpu), .requiresGPU) struct TexelAlignmentTests {
    /// A 4×4 checker of red and blue.
    private var checker: RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<4 { for x in 0..<4 { pixels += (x + y) % 2 == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        return RGBAImage(size: PixelSize(width: 4, height: 4), pixels: pixels)
    }

    @Test(arguments: [10.0, 10.5])
    func aCheckerAtPosition(x: Double) async throws {
        var (scene, root) = TestScene.whiteRoot(side: 40)
        let layer = scene.add(parent: root, size: Size(width: 4, height: 4), position: Point(x: x + 2, y: 12))
        scene.commit.append(.setContents(layer, ContentsUpdate(image: checker)))
        let image = try await render(scene, size: PixelSize(width: 40, height: 40))
        if x == 10 {
            for py in 0..<4 {
                for px in 0..<4 {
                    expectPixel(
                        image, 10 + px, 10 + py, (px + py) % 2 == 0 ? .red : .blue, tolerance: 0,
                        "aligned 1:1: pixel (\(10 + px), \(10 + py)) is texel (\(px), \(py)) exactly")
                }
            }
        } else {
            let p = image[12, 11]
            #expect(p.r > 40 && p.b > 40, "half a pixel off: filtered, a mix of red and blue: \(p)")
        }
    }
}

/// A tree at rest is answered without the render thread, and the clock keeps counting.
@Suite(.tags(.gpu), .requiresGPU) struct RestingFrameTests {
    @Test func framesAtRestKeepTheirNumbersTimesAndPixels() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let square = scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 50, y: 50), color: .red)
        let compositor = try Compositor(configuration: CompositorConfiguration(clock: .virtual(start: 0, step: 0.5)))
        try compositor.submit(scene.commit)
        let size = PixelSize(width: 100, height: 100)
        let first = try await compositor.renderFrame(size: size)
        var frames: [RenderedFrame] = []
        for _ in 0..<5 { frames.append(try await compositor.renderFrame(size: size)) }
        #expect(frames.map(\.statistics.index) == [1, 2, 3, 4, 5])
        #expect(frames.map(\.statistics.time) == [0.5, 1, 1.5, 2, 2.5])
        #expect(frames.allSatisfy { !$0.statistics.redrawn && $0.image == first.image }, "the same pixels, nothing drawn")
        var move = Commit()
        move.set(square, .position(Point(x: 20, y: 20)))
        try compositor.submit(move)
        let moved = try await compositor.renderFrame(size: size)
        #expect(moved.statistics.index == 6 && moved.statistics.time == 3 && moved.statistics.redrawn, "the render thread counted the frames at rest")
        expectPixel(try #require(moved.image), 20, 20, .red, "the moved square (20, 20)")
        _ = await compositor.shutdown()
    }
}

/// Regressions from the review of damage tracking and reuse.
@Suite(.tags(.gpu), .requiresGPU) struct ReuseRegressionTests {
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

/// Hidden layers and leaves off the target rest: the walk leaves them out while nothing about
/// them or their superlayer's space changes, so a frame's cost follows what is shown. Each test
/// changes the root's colour between frames (the root is redrawn, its sublayers' space is not)
/// and counts the layers the walk visited.
@Suite(.tags(.gpu), .requiresGPU) struct RestingLayerTests {
    private let size = PixelSize(width: 100, height: 100)

    /// Renders a frame after changing the root's colour (so the root is redrawn), and returns it.
    private func frameAfterRootChange(_ compositor: Compositor, root: LayerID, step: Int) async throws -> RenderedFrame {
        try compositor.submit(Commit([.set(root, .backgroundColor(step % 2 == 0 ? TestScene.offWhite : .white))]))
        return try await compositor.renderFrame(size: size)
    }

    @Test(
        "Scene: white 100×100 root, 50 hidden red 10×10 layers at (20, 20), one hidden holding a blue child, a green 10×10 at (70, 70): the hidden ones are visited once, then not; shown again, one draws red at (20, 20); a child moved while its superlayer was hidden shows at its new place"
    )
    func hiddenLayersRestUntilShown() async throws {
        var (scene, root) = TestScene.whiteRoot()
        var hidden: [LayerID] = []
        for _ in 0..<50 {
            hidden.append(scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 20, y: 20), color: .red, .isHidden(true)))
        }
        let holder = scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 50, y: 20), .isHidden(true))
        let child = scene.add(parent: holder, size: Size(width: 6, height: 6), position: Point(x: 10, y: 10), color: .blue)
        scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 70, y: 70), color: .green)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let first = try await compositor.renderFrame(size: size)
        #expect(first.statistics.layersVisited == 54, "the first frame looks at every layer")
        let rested = try await frameAfterRootChange(compositor, root: root, step: 0)
        #expect(rested.statistics.layersVisited == 2, "the root and the green layer; the 51 hidden ones rest")
        expectPixel(try #require(rested.image), 20, 20, RGBA8(250, 250, 250), "(20, 20): off-white root, no hidden red")
        expectPixel(try #require(rested.image), 70, 70, .green, "(70, 70): the green layer")

        try compositor.submit(Commit([.set(hidden[7], .isHidden(false)), .set(child, .position(Point(x: 4, y: 4)))]))
        let shown = try await compositor.renderFrame(size: size)
        expectPixel(try #require(shown.image), 20, 20, .red, "(20, 20): the eighth red layer, shown again")
        #expect(
            try await frameAfterRootChange(compositor, root: root, step: 1).statistics.layersVisited == 3,
            "the root, the red and the green layers")

        try compositor.submit(Commit([.set(holder, .isHidden(false))]))
        let holderShown = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(holderShown, 44, 14, .blue, "(44, 14): the child moved to (4, 4) of its superlayer while that was hidden")
        expectPixel(holderShown, 50, 20, RGBA8(255, 255, 255), "(50, 20): not where the child was before")

        try compositor.submit(Commit([.set(hidden[7], .isHidden(true))]))
        expectPixel(try #require(try await compositor.renderFrame(size: size).image), 20, 20, .white, "(20, 20): hidden again, the white root")
        #expect(
            try await frameAfterRootChange(compositor, root: root, step: 2).statistics.layersVisited == 4,
            "the root, the holder, its child and the green layer")
        _ = await compositor.shutdown()
    }

    @Test(
        "Scene: white 100×100 root, a clear 100×100 container holding a green 10×10 leaf at (150, 50), off the target, and a yellow one at (20, 20): the green leaf rests; the container moved 100 left brings it to (50, 50) and sends the yellow one off; the yellow one moved back by its own change shows at (20, 20)"
    )
    func leavesOffTheTargetRestUntilTheyOrTheirSuperlayerMove() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let container = scene.add(parent: root, size: Size(width: 100, height: 100), position: Point(x: 50, y: 50))
        scene.add(parent: container, size: Size(width: 10, height: 10), position: Point(x: 150, y: 50), color: .green)
        let yellow = scene.add(parent: container, size: Size(width: 10, height: 10), position: Point(x: 20, y: 20), color: Color(red: 1, green: 1, blue: 0))
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        #expect(try await compositor.renderFrame(size: size).statistics.layersVisited == 4)
        #expect(
            try await frameAfterRootChange(compositor, root: root, step: 0).statistics.layersVisited == 3,
            "the root, the container and the yellow leaf; the green leaf off the target rests")

        try compositor.submit(Commit([.set(container, .position(Point(x: -50, y: 50)))]))
        let moved = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(moved, 50, 50, .green, "(50, 50): the green leaf, brought on by its superlayer")
        expectPixel(moved, 20, 20, RGBA8(250, 250, 250), "(20, 20): the yellow leaf went off the target; the off-white root")
        #expect(
            try await frameAfterRootChange(compositor, root: root, step: 1).statistics.layersVisited == 3,
            "the root, the container and the green leaf; now the yellow one rests")

        try compositor.submit(Commit([.set(yellow, .position(Point(x: 120, y: 20)))]))
        let back = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(back, 20, 20, RGBA8(255, 255, 0), "(20, 20): the yellow leaf, moved back by a change of its own")
        expectPixel(back, 50, 50, .green, "(50, 50): the green leaf stays")
        _ = await compositor.shutdown()
    }

    @Test("Scene: white 200×100 root, a green 10×10 leaf at (150, 50) drawn into a 100×100 target (off it), then into a 200×100 one: green at (150, 50)")
    func aLeafOffASmallTargetShowsOnALargerOne() async throws {
        var (scene, root) = TestScene.whiteRoot(side: 200)
        scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 150, y: 50), color: .green)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        _ = try await compositor.renderFrame(size: size)
        #expect(try await frameAfterRootChange(compositor, root: root, step: 0).statistics.layersVisited == 1, "the leaf rests")
        let wide = try #require(try await compositor.renderFrame(size: PixelSize(width: 200, height: 100)).image)
        expectPixel(wide, 150, 50, .green, "(150, 50) of the wider target: the leaf")
        _ = await compositor.shutdown()
    }

    @Test(
        "Scene: white 100×100 root, a clear 100×100 container holding 40 red 10×10 leaves at alpha 0.8 stacked at (30, 30), and after the container an opaque blue 60×60 layer at (35, 35) hiding them: the red leaves rest; raising the container (zPosition 1) shows them red at (30, 30); lowered again they rest again; the blue layer at opacity 0.5 shows them through it, half red, half blue; moved away it uncovers them"
    )
    func leavesUnderAnOpaqueLayerRestUntilItOrTheOrderChanges() async throws {
        var (scene, root, container) = TestScene.stackedRedLeaves(40)
        let cover = scene.add(parent: root, size: Size(width: 60, height: 60), position: Point(x: 35, y: 35), color: .blue)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let first = try await compositor.renderFrame(size: size)
        #expect(first.statistics.layersVisited == 43 && first.statistics.layersDrawn == 2, "every layer looked at; the root and the cover drawn")
        let rested = try await frameAfterRootChange(compositor, root: root, step: 0)
        #expect(rested.statistics.layersVisited == 3, "the root, the container and the cover; the 40 hidden leaves rest")
        expectPixel(try #require(rested.image), 30, 30, .blue, "(30, 30): the cover")

        try compositor.submit(Commit([.set(container, .zPosition(1))]))
        let raised = try await compositor.renderFrame(size: size)
        expectPixel(try #require(raised.image), 30, 30, .red, "(30, 30): the 40 red leaves, now drawn over the cover")
        #expect(raised.statistics.layersDrawn == 42, "the root, the cover and the 40 leaves")

        try compositor.submit(Commit([.set(container, .zPosition(0))]))
        expectPixel(try #require(try await compositor.renderFrame(size: size).image), 30, 30, .blue, "(30, 30): under the cover again")
        #expect(try await frameAfterRootChange(compositor, root: root, step: 1).statistics.layersVisited == 3, "the leaves rest again")

        try compositor.submit(Commit([.set(cover, .opacity(0.5))]))
        let seeThrough = try await compositor.renderFrame(size: size)
        expectPixel(try #require(seeThrough.image), 30, 30, RGBA8(128, 0, 128), "(30, 30): red leaves under the blue layer at opacity 0.5")
        #expect(seeThrough.statistics.layersVisited == 3 + 43, "a first walk finds the cover hides nothing now; a second places every layer")

        try compositor.submit(Commit([.set(cover, .opacity(1))]))
        _ = try await compositor.renderFrame(size: size)
        #expect(try await frameAfterRootChange(compositor, root: root, step: 2).statistics.layersVisited == 3, "hidden and resting once more")
        try compositor.submit(Commit([.set(cover, .position(Point(x: 130, y: 130)))]))
        let uncovered = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(uncovered, 30, 30, .red, "(30, 30): the cover moved away (now at (130, 130)); the leaves show")
        expectPixel(uncovered, 60, 60, RGBA8(250, 250, 250), "(60, 60): where the cover was, the off-white root")
        _ = await compositor.shutdown()
    }

    @Test(
        "Scene: white 100×100 root, a clear container holding 20 red 10×10 leaves at alpha 0.8 stacked at (30, 30) and an opaque green 10×10 cell, then a clear holder with an opaque blue 60×60 cover at (35, 35): the cell moving every frame changes the frame's occluders but not the cover, so the leaves rest through it; the holder moved in front of the container's place in the root's sublayers puts the leaves on top"
    )
    func coveredLeavesRestWhileOtherOccludersMoveAndWakeWhenTheirCoverMovesBehind() async throws {
        var (scene, root, container) = TestScene.stackedRedLeaves(20)
        let cell = scene.add(parent: container, size: Size(width: 10, height: 10), position: Point(x: 80, y: 80), color: .green)
        let holder = scene.add(parent: root, size: Size(width: 100, height: 100), position: Point(x: 50, y: 50))
        scene.add(parent: holder, size: Size(width: 60, height: 60), position: Point(x: 35, y: 35), color: .blue)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        _ = try await compositor.renderFrame(size: size)
        for step in 0..<3 {
            try compositor.submit(Commit([.set(cell, .position(Point(x: 80, y: 80 + Double(step + 1))))]))
            let frame = try await compositor.renderFrame(size: size)
            #expect(frame.statistics.layersVisited == 5, "step \(step): the root, the container, the cell, the holder and the cover; one walk")
        }
        try compositor.submit(Commit([.insertSublayer(holder, parent: root, index: 0)]))
        let behind = try await compositor.renderFrame(size: size)
        expectPixel(try #require(behind.image), 30, 30, .red, "(30, 30): the cover's holder moved first in the root's sublayers: the red leaves on top")
        expectPixel(try #require(behind.image), 60, 60, .blue, "(60, 60): the cover, now under the leaves' container")
        _ = await compositor.shutdown()
    }

    @Test(
        "Scene: white 100×100 root, 20 red 10×10 leaves at alpha 0.8 stacked at (30, 30) in a clear container, and over them an opaque blue 80×80 cover at (40, 40) sliding a point right every frame: the leaves stay hidden and stay at rest, one walk a frame; slid far enough, they show"
    )
    func leavesStayAtRestUnderACoverThatMovesButStillHidesThem() async throws {
        var (scene, root, _) = TestScene.stackedRedLeaves(20)
        let cover = scene.add(parent: root, size: Size(width: 80, height: 80), position: Point(x: 40, y: 40), color: .blue)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        _ = try await compositor.renderFrame(size: size)
        _ = try await frameAfterRootChange(compositor, root: root, step: 0)
        for step in 1...3 {
            try compositor.submit(Commit([.set(cover, .position(Point(x: 40 + Double(step), y: 40)))]))
            let frame = try await compositor.renderFrame(size: size)
            #expect(frame.statistics.layersVisited == 3, "step \(step): the root, the container and the cover; one walk")
            expectPixel(try #require(frame.image), 30, 30, .blue, "step \(step): (30, 30) under the cover")
        }
        try compositor.submit(Commit([.set(cover, .position(Point(x: 75, y: 40)))]))
        let slid = try await compositor.renderFrame(size: size)
        expectPixel(try #require(slid.image), 30, 30, .red, "(30, 30): the cover's left edge at x 35, the leaves show")
        _ = await compositor.shutdown()
    }

    @Test(
        "Scene: as above, with the blue cover in a clear holder after the container: moved as a sender moves a view (taken out, put in first), the cover goes under the red leaves; replaced by a new opaque layer of the same place put first, the leaves stay on top; with the root let go of and set again, hiding the cover shows them"
    )
    func coveredLeavesFollowMovesReplacementsAndANewRoot() async throws {
        var (scene, root, container) = TestScene.stackedRedLeaves(20)
        let holder = scene.add(parent: root, size: Size(width: 100, height: 100), position: Point(x: 50, y: 50))
        let cover = scene.add(parent: holder, size: Size(width: 60, height: 60), position: Point(x: 35, y: 35), color: .blue)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        _ = try await compositor.renderFrame(size: size)
        #expect(try await frameAfterRootChange(compositor, root: root, step: 0).statistics.layersVisited == 4, "the leaves rest under the cover")

        // Restating the order changes nothing: no frame is drawn.
        try compositor.submit(Commit([.insertSublayer(container, parent: root, index: 0), .insertSublayer(holder, parent: root, index: 1)]))
        #expect(!(try await compositor.renderFrame(size: size).statistics.redrawn), "restating where the sublayers are draws nothing")

        try compositor.submit(Commit([.removeFromSuperlayer(cover), .insertSublayer(cover, parent: container, index: 0)]))
        let moved = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(moved, 30, 30, .red, "(30, 30): the cover, moved under the leaves (first in their container), no longer hides them")
        expectPixel(moved, 60, 60, .blue, "(60, 60): the cover")

        // Back on top; then destroyed, and a new opaque layer of the same place put first in the root.
        try compositor.submit(Commit([.removeFromSuperlayer(cover), .insertSublayer(cover, parent: holder, index: nil)]))
        expectPixel(try #require(try await compositor.renderFrame(size: size).image), 30, 30, .blue, "(30, 30): covered again")
        _ = try await frameAfterRootChange(compositor, root: root, step: 1)
        let replacement = LayerID.make()
        try compositor.submit(
            Commit([
                .destroyLayer(cover), .createLayer(replacement), .set(replacement, .bounds(Rect(x: 0, y: 0, width: 60, height: 60))),
                .set(replacement, .position(Point(x: 35, y: 35))), .set(replacement, .backgroundColor(.green)),
                .insertSublayer(replacement, parent: root, index: 0),
            ]))
        let replaced = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(replaced, 30, 30, .red, "(30, 30): the leaves over the green layer that replaced the cover below them")
        expectPixel(replaced, 60, 60, .green, "(60, 60): the green layer")

        // A cover over them again, a frame with no root, the root again, then the cover hidden.
        let second = LayerID.make()
        try compositor.submit(
            Commit([
                .createLayer(second), .set(second, .bounds(Rect(x: 0, y: 0, width: 60, height: 60))),
                .set(second, .position(Point(x: 35, y: 35))), .set(second, .backgroundColor(.blue)),
                .insertSublayer(second, parent: holder, index: nil),
            ]))
        _ = try await compositor.renderFrame(size: size)
        #expect(
            try await frameAfterRootChange(compositor, root: root, step: 2).statistics.layersVisited == 5, "the root, the green layer, the container, the holder and the new cover")
        try compositor.submit(Commit([.setRoot(nil)]))
        _ = try await compositor.renderFrame(size: size)
        try compositor.submit(Commit([.setRoot(root)]))
        _ = try await compositor.renderFrame(size: size)
        _ = try await frameAfterRootChange(compositor, root: root, step: 3)
        try compositor.submit(Commit([.set(second, .isHidden(true))]))
        expectPixel(try #require(try await compositor.renderFrame(size: size).image), 30, 30, .red, "(30, 30): the cover hidden, the leaves show")
        _ = await compositor.shutdown()
    }

    @Test(
        "Scene: white 100×100 root, a red 10×10 leaf whose model place is (50, 50), animated in from (150, 50) off the target over 3 frames: it is drawn on the way and at the end")
    func anAnimatedLeafOffTheTargetDoesNotRest() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let leaf = scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 50, y: 50), color: .red)
        scene.commit.append(
            .addAnimation(
                leaf,
                LayerAnimation(
                    kind: .additive(delta: .position(Point(x: 100, y: 0))), curve: .linear, beginTime: 0, duration: 3.0 / 60)))
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let start = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(start, 50, 50, .white, "frame 0: the leaf is at (150, 50), off the target")
        _ = try await compositor.renderFrame(size: size)
        let third = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(third, 83, 50, .red, "frame 2 (2/60 s): a third of the way left to go, at (83, 50)")
        let end = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(end, 50, 50, .red, "frame 3: at its model place (50, 50)")
        _ = await compositor.shutdown()
    }
}
