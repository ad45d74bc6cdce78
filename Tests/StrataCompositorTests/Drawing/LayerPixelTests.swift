import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// Pixels read back from the GPU (Mesa llvmpipe here) for Core Animation's layer geometry.
/// Every scene is 100×100 with a white root unless it says otherwise.
@Suite(.tags(.gpu), .requiresGPU) struct LayerPixelTests {
    @Test func solidLayerIsItsColourInsideAndNotOutside() async throws {
        var (scene, root) = TestScene.whiteRoot()
        scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 50, y: 50), color: .red)
        let image = try await render(scene)
        expectPixel(image, 50, 50, .red, "centre of the red 40×40 square")
        expectPixel(image, 31, 31, .red, "just inside its top-left corner")
        expectPixel(image, 68, 68, .red, "just inside its bottom-right corner")
        expectPixel(image, 28, 50, .white, "just left of the square")
        expectPixel(image, 5, 5, .white, "top-left of the target")
        expectPixel(image, 50, 72, .white, "just below the square")
    }

    @Test func squareRotated45DegreesBecomesADiamond() async throws {
        var (scene, root) = TestScene.whiteRoot()
        scene.add(
            parent: root, size: Size(width: 40, height: 40), position: Point(x: 50, y: 50), color: .red,
            .transform(rotation(45)))
        let image = try await render(scene)
        expectPixel(image, 50, 50, .red, "centre of the diamond")
        expectPixel(image, 32, 32, .white, "a corner of the unrotated box, now outside the diamond")
        expectPixel(image, 50, 25, .red, "on the vertical diagonal, outside the unrotated box but inside the diamond")
    }

    @Test func halfOpacityOverWhite() async throws {
        var (scene, root) = TestScene.whiteRoot()
        scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 50, y: 50), color: .red, .opacity(0.5))
        let image = try await render(scene)
        expectPixel(image, 50, 50, RGBA8(255, 128, 128), "red at opacity 0.5 over white")
    }

    @Test func translateThenRotateDiffersFromRotateThenTranslate() async throws {
        // translate (30, 0) then rotate 90° clockwise: the offset turns to point down, (50, 80).
        var (a, rootA) = TestScene.whiteRoot()
        a.add(
            parent: rootA, size: Size(width: 10, height: 10), position: Point(x: 50, y: 50), color: .red,
            .transform(Transform3D(translationX: 30, y: 0).concatenating(rotation(90))))
        let translatedFirst = try await render(a)
        expectPixel(translatedFirst, 50, 80, .red, "translate-then-rotate puts the square below the centre")
        expectPixel(translatedFirst, 80, 50, .white, "translate-then-rotate leaves right of centre empty")

        var (b, rootB) = TestScene.whiteRoot()
        b.add(
            parent: rootB, size: Size(width: 10, height: 10), position: Point(x: 50, y: 50), color: .red,
            .transform(rotation(90).concatenating(Transform3D(translationX: 30, y: 0))))
        let rotatedFirst = try await render(b)
        expectPixel(rotatedFirst, 80, 50, .red, "rotate-then-translate puts the square right of the centre")
        expectPixel(rotatedFirst, 50, 80, .white, "rotate-then-translate leaves below the centre empty")
    }

    @Test func nestedTransformsComposeParentLast() async throws {
        // A parent turned 90° carries its child, placed 30 points to its right, to below it.
        var (scene, root) = TestScene.whiteRoot()
        let parent = scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 50, y: 50), .transform(rotation(90)))
        scene.add(parent: parent, size: Size(width: 10, height: 10), position: Point(x: 40, y: 10), color: .blue)
        let image = try await render(scene)
        expectPixel(image, 50, 80, .blue, "child at (+30, 0) in a parent turned 90° lands below the parent")
        expectPixel(image, 80, 50, .white, "and not to the parent's right")
    }

    @Test func siblingsDrawInOrderAndZPositionReorders() async throws {
        func scene(redZ: Double) -> TestScene {
            var (scene, root) = TestScene.whiteRoot()
            scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 40, y: 50), color: .red, .zPosition(redZ))
            scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 60, y: 50), color: .blue)
            return scene
        }
        let inOrder = try await render(scene(redZ: 0))
        expectPixel(inOrder, 50, 50, .blue, "overlap: the later sibling (blue) is on top")
        expectPixel(inOrder, 25, 50, .red, "red alone")
        let raised = try await render(scene(redZ: 1))
        expectPixel(raised, 50, 50, .red, "overlap: red with zPosition 1 is on top of blue")
        expectPixel(raised, 75, 50, .blue, "blue alone")
    }

    @Test(
        "Scene: white 100×100 root, red 40×40 at (40, 50) then blue 40×40 at (60, 50), drawn; then red's zPosition goes to 1, back to 0, and a green sibling is added over both: each frame shows the order of that moment"
    )
    func drawingOrderFollowsZPositionChangesBetweenFrames() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let red = scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 40, y: 50), color: .red)
        scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 60, y: 50), color: .blue)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let size = PixelSize(width: 100, height: 100)
        func overlap() async throws -> RGBAImage { try #require(try await compositor.renderFrame(size: size).image) }
        expectPixel(try await overlap(), 50, 50, .blue, "at first the later sibling (blue) is on top at (50, 50)")
        try compositor.submit(Commit([.set(red, .zPosition(1))]))
        expectPixel(try await overlap(), 50, 50, .red, "red raised to zPosition 1 is on top")
        try compositor.submit(Commit([.set(red, .zPosition(0))]))
        expectPixel(try await overlap(), 50, 50, .blue, "red back at 0: blue on top again")
        let green = LayerID.make()
        try compositor.submit(
            Commit([
                .createLayer(green), .set(green, .bounds(Rect(x: 0, y: 0, width: 10, height: 10))),
                .set(green, .position(Point(x: 50, y: 50))), .set(green, .backgroundColor(.green)),
                .insertSublayer(green, parent: root, index: nil),
            ]))
        expectPixel(try await overlap(), 50, 50, .green, "a sibling added last is on top")
        _ = await compositor.shutdown()
    }

    @Test func anchorPointDecidesWhatARotationTurnsAbout() async throws {
        func scene(anchor: Point) -> TestScene {
            var (scene, root) = TestScene.whiteRoot()
            scene.add(
                parent: root, size: Size(width: 40, height: 40), position: Point(x: 50, y: 50), color: .red,
                .anchorPoint(anchor), .transform(rotation(90)))
            return scene
        }
        let centred = try await render(scene(anchor: Point(x: 0.5, y: 0.5)))
        expectPixel(centred, 60, 40, .red, "anchor (0.5, 0.5): the square still covers 30...70")
        expectPixel(centred, 20, 80, .white, "anchor (0.5, 0.5): nothing at (20, 80)")
        let corner = try await render(scene(anchor: .zero))
        expectPixel(corner, 20, 80, .red, "anchor (0, 0): turned about its top-left corner, it covers x 10...50, y 50...90")
        expectPixel(corner, 60, 40, .white, "anchor (0, 0): nothing right of and above the position")
    }

    @Test func masksToBoundsClipsAChildRotated30Degrees() async throws {
        func scene(masks: Bool) -> TestScene {
            var (scene, root) = TestScene.whiteRoot()
            let clip = scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 50, y: 50), .masksToBounds(masks))
            scene.add(parent: clip, size: Size(width: 80, height: 12), position: Point(x: 20, y: 20), color: .red, .transform(rotation(30)))
            return scene
        }
        let clipped = try await render(scene(masks: true))
        expectPixel(clipped, 59, 55, .red, "the bar inside the clip")
        expectPixel(clipped, 80, 67, .white, "the bar beyond the clip's right edge is cut off")
        let unclipped = try await render(scene(masks: false))
        expectPixel(unclipped, 80, 67, .red, "without masksToBounds the bar reaches (80, 67)")
    }

    @Test func masksToBoundsOnARotatedLayerClipsToItsTurnedBounds() async throws {
        // The clip is a 40×40 square turned 45° (a diamond): only the stencil can cut that shape.
        var (scene, root) = TestScene.whiteRoot()
        let clip = scene.add(
            parent: root, size: Size(width: 40, height: 40), position: Point(x: 50, y: 50),
            .masksToBounds(true), .transform(rotation(45)))
        let child = scene.add(
            parent: clip, size: Size(width: 100, height: 100), position: Point(x: 20, y: 20), color: .red,
            .transform(rotation(-45)))
        _ = child
        let image = try await render(scene)
        expectPixel(image, 50, 50, .red, "centre of the diamond")
        expectPixel(image, 50, 25, .red, "top tip region of the diamond")
        expectPixel(image, 32, 32, .white, "outside the diamond though inside the (unturned) child")
        expectPixel(image, 68, 68, .white, "outside the diamond, lower right")
    }

    @Test func groupOpacityShowsNoDarkerOverlap() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let group = scene.add(parent: root, size: Size(width: 60, height: 40), position: Point(x: 50, y: 50), .opacity(0.5))
        scene.add(parent: group, size: Size(width: 40, height: 40), position: Point(x: 20, y: 20), color: .red)
        scene.add(parent: group, size: Size(width: 40, height: 40), position: Point(x: 40, y: 20), color: .red)
        let image = try await render(scene)
        expectPixel(image, 30, 50, RGBA8(255, 128, 128), "one child only, at half opacity")
        expectPixel(image, 50, 50, RGBA8(255, 128, 128), "the overlap: the same colour, not darker")
        expectPixel(image, 10, 50, .white, "outside the group")
    }

    @Test func perspectiveMakesTheFarEdgeShorter() async throws {
        var (scene, root) = TestScene.whiteRoot(side: 200)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        let stage = scene.add(parent: root, size: Size(width: 200, height: 200), position: Point(x: 100, y: 100), .sublayerTransform(perspective))
        // Turned 40° about y: its right half goes away from the viewer.
        scene.add(
            parent: stage, size: Size(width: 120, height: 100), position: Point(x: 100, y: 100), color: .red,
            .transform(Transform3D(rotationAngle: 40 * .pi / 180, x: 0, y: 1, z: 0)))
        let image = try await render(scene, size: PixelSize(width: 200, height: 200))
        func redHeight(column x: Int) -> Int { (0..<200).filter { image[x, $0] == .red }.count }
        // Find the card's left and right edges on the middle row, then compare the columns just inside.
        let redColumns = (0..<200).filter { image[$0, 100] == .red }
        let left = try #require(redColumns.first), right = try #require(redColumns.last)
        let nearHeight = redHeight(column: left + 2), farHeight = redHeight(column: right - 2)
        #expect(nearHeight > 100, "the near (left) edge is taller than the card's 100 points: \(nearHeight)")
        #expect(farHeight < 100, "the far (right) edge is shorter than 100 points: \(farHeight)")
        #expect(nearHeight - farHeight > 10)
        #expect(100 - left > right - 100, "the near half is wider than the far half")
    }

    @Test(arguments: [true, false])
    func isDoubleSidedDecidesWhetherAFlippedLayerShows(doubleSided: Bool) async throws {
        var (scene, root) = TestScene.whiteRoot()
        scene.add(
            parent: root, size: Size(width: 40, height: 40), position: Point(x: 50, y: 50), color: .red,
            .transform(Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)), .isDoubleSided(doubleSided))
        let image = try await render(scene)
        expectPixel(
            image, 50, 50, doubleSided ? .red : .white,
            doubleSided ? "a double-sided layer turned away still shows" : "a single-sided layer turned away is hidden")
    }

    @Test func hiddenLayerAndItsSublayersAreNotDrawn() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let hidden = scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 30, y: 50), color: .red, .isHidden(true))
        scene.add(parent: hidden, size: Size(width: 10, height: 10), position: Point(x: 20, y: 20), color: .blue)
        scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: 75, y: 50), color: .blue)
        let image = try await render(scene)
        expectPixel(image, 30, 50, .white, "the hidden layer's centre, where its blue sublayer would be")
        expectPixel(image, 75, 50, .blue, "a visible sibling")
    }

    @Test func cornerRadiusAndBorder() async throws {
        var (scene, root) = TestScene.whiteRoot()
        scene.add(
            parent: root, size: Size(width: 60, height: 60), position: Point(x: 50, y: 50), color: .red,
            .cornerRadius(20), .borderWidth(4), .borderColor(.blue))
        let image = try await render(scene)
        expectPixel(image, 50, 50, .red, "the centre is the background")
        expectPixel(image, 50, 21, .blue, "the top edge is the border")
        expectPixel(image, 22, 22, .white, "the rounded-off corner is empty")
    }

    @Test func oneByOneTarget() async throws {
        var scene = TestScene()
        scene.add(size: Size(width: 1, height: 1), position: Point(x: 0.5, y: 0.5), color: .green)
        let image = try await render(scene, size: PixelSize(width: 1, height: 1))
        #expect(image.size == PixelSize(width: 1, height: 1))
        expectPixel(image, 0, 0, .green, "the only pixel")
    }

    @Test func readBackIsTopRowFirst() async throws {
        var (scene, root) = TestScene.whiteRoot()
        scene.add(parent: root, size: Size(width: 100, height: 10), position: Point(x: 50, y: 5), color: .red)
        let image = try await render(scene)
        expectPixel(image, 50, 2, .red, "a bar at the top of the scene is in the first rows")
        expectPixel(image, 50, 97, .white, "and not in the last")
    }
}

/// `maskedCorners`: only the corners named are rounded.
@Suite(.tags(.gpu), .requiresGPU) struct MaskedCornerTests {
    @Test(
        "Scene: white 100×100 root, a red 40×40 layer at (50, 50) with corner radius 16 rounding only its top-left corner (mask 1), a 2-point blue border: white at its top-left (31, 31), red at its other corners (68, 31), (31, 68), (68, 68) inside the border, blue on the border at (69, 69); and a clipping layer rounding only the bottom-right clips a green sublayer there alone"
    )
    func onlyTheMaskedCornersAreRounded() async throws {
        var (scene, root) = TestScene.whiteRoot()
        scene.add(
            parent: root, size: Size(width: 40, height: 40), position: Point(x: 50, y: 50), color: .red,
            .cornerRadius(16), .maskedCorners(1), .borderWidth(2), .borderColor(.blue))
        let clip = scene.add(
            parent: root, size: Size(width: 20, height: 20), position: Point(x: 85, y: 15), .cornerRadius(10), .maskedCorners(8),
            .masksToBounds(true))
        scene.add(parent: clip, size: Size(width: 20, height: 20), position: Point(x: 10, y: 10), color: .green)
        let image = try await render(scene)
        expectPixel(image, 31, 31, .white, "(31, 31): the rounded top-left corner cut away")
        expectPixel(image, 35, 35, .blue, "(35, 35): the border following the rounded corner (14.8 from its centre, between 14 and 16)")
        expectPixel(image, 67, 33, .red, "(67, 33): square top-right, inside the border")
        expectPixel(image, 33, 67, .red, "(33, 67): square bottom-left, inside the border")
        expectPixel(image, 69, 69, .blue, "(69, 69): the square bottom-right corner's border")
        expectPixel(image, 76, 6, .green, "(76, 6): the clip's square top-left keeps the green")
        expectPixel(image, 94, 24, .white, "(94, 24): its rounded bottom-right clips it away")
    }
}

/// Layer shadows: the layer's rounded shape (or its shadow path's box), moved by the offset and
/// blurred by a Gaussian of the shadow radius, under the layer.
@Suite(.tags(.gpu), .requiresGPU) struct ShadowPixelTests {
    @Test(
        "Scene: white 100×100 root, a red 40×40 layer at (50, 50) with a hard black shadow (opacity 1, radius 0, offset (10, 10)): red at (50, 50), black at (75, 75) and (45, 75), white at (25, 25) and (85, 50); with radius 4 the shadow's edge at x 80 is half grey"
    )
    func aShadowUnderALayer() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let red = scene.add(
            parent: root, size: Size(width: 40, height: 40), position: Point(x: 50, y: 50), color: .red,
            .shadowOpacity(1), .shadowRadius(0), .shadowOffset(Point(x: 10, y: 10)))
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let size = PixelSize(width: 100, height: 100)
        var image = try #require(try await compositor.renderFrame(size: size).image)
        expectPixel(image, 50, 50, .red, "(50, 50): the layer over its shadow")
        expectPixel(image, 75, 75, .black, "(75, 75): the shadow below right of it")
        expectPixel(image, 45, 75, .black, "(45, 75): the shadow below it")
        expectPixel(image, 25, 25, .white, "(25, 25): above left, no shadow")
        expectPixel(image, 85, 50, .white, "(85, 50): past the shadow's right edge (80)")
        try compositor.submit(Commit([.set(red, .shadowRadius(4))]))
        image = try #require(try await compositor.renderFrame(size: size).image)
        // Pixel 80's centre is 0.5 outside the edge: erf(0.5 / (4 √2)) ≈ 0.10, so 45 % black.
        expectPixel(image, 80, 50, RGBA8(140, 140, 140), tolerance: 8, "(80, 50): the blurred edge")
        // Pixel row 75's centre is 4.5 inside the bottom edge: erf(4.5 / (4 √2)) ≈ 0.74, so 87 % black.
        expectPixel(image, 60, 75, RGBA8(33, 33, 33), tolerance: 4, "(60, 75): well inside the blurred edge")
        expectPixel(image, 95, 50, .white, tolerance: 2, "(95, 50): beyond three radii")
        _ = await compositor.shutdown()
    }

    @Test(
        "Scene: white 100×100 root, a red 10×10 layer at (20, 20) whose shadow (radius 10) falls 40 points away: at its centre (60, 60) the blur leaves 15 % black (a 10-point square under a σ-10 Gaussian: erf(0.354)² ≈ 0.147), not the 31 % a single edge would give"
    )
    func aSmallShapeUnderAWideBlur() async throws {
        var (scene, root) = TestScene.whiteRoot()
        scene.add(
            parent: root, size: Size(width: 10, height: 10), position: Point(x: 20, y: 20), color: .red,
            .shadowOpacity(1), .shadowRadius(10), .shadowOffset(Point(x: 40, y: 40)))
        let image = try await render(scene)
        expectPixel(image, 60, 60, RGBA8(217, 217, 217), tolerance: 6, "(60, 60): the shadow's centre")
    }

    @Test(
        "Scene: white 100×100 root, a layer with no background but a shadow path of (0, 0, 20, 20) in its bounds at (30, 30), opacity 0.5, radius 0, offset 0: 50 % black at (40, 40), white at (60, 60); without a path, no background, no shadow"
    )
    func aShadowPathCastsWithoutABackground() async throws {
        var (scene, root) = TestScene.whiteRoot()
        scene.add(
            parent: root, size: Size(width: 40, height: 40), position: Point(x: 50, y: 50),
            .shadowOpacity(0.5), .shadowRadius(0), .shadowOffset(Point(x: 0, y: 0)), .shadowShape(Rect(x: 0, y: 0, width: 20, height: 20)))
        scene.add(
            parent: root, size: Size(width: 20, height: 20), position: Point(x: 80, y: 80),
            .shadowOpacity(1), .shadowRadius(0), .shadowOffset(Point(x: 0, y: 0)))
        let image = try await render(scene)
        expectPixel(image, 40, 40, RGBA8(128, 128, 128), tolerance: 2, "(40, 40): the path's shadow at 50 %")
        expectPixel(image, 60, 60, .white, "(60, 60): outside the path")
        expectPixel(image, 80, 80, .white, "(80, 80): a layer with neither background nor path casts none")
    }
}

@Suite(.tags(.gpu), .requiresGPU) struct BGRAContentsTests {
    @Test(
        "Scene: 100×100 white root with two 50×100 layers: left with BGRA contents (bytes 255 0 0 255 = blue), right with 40×40 BGRA contents (red) whose top-left 20×20 is then replaced by RGBA bytes of green"
    )
    func bgraContentsAreSampledWithoutConversion() async throws {
        let compositor = try Compositor()
        var (scene, root) = TestScene.whiteRoot()
        let left = scene.add(parent: root, size: Size(width: 50, height: 100), position: Point(x: 25, y: 50))
        let right = scene.add(parent: root, size: Size(width: 50, height: 100), position: Point(x: 75, y: 50))
        func pixels(_ bytes: [UInt8], count: Int) -> [UInt8] { Array((0..<count).map { _ in bytes }.joined()) }
        let blueBGRA = pixels([255, 0, 0, 255], count: 4 * 4)
        let redBGRA = pixels([0, 0, 255, 255], count: 40 * 40)
        scene.commit.append(
            .setContents(
                left,
                ContentsUpdate(
                    size: PixelSize(width: 4, height: 4), region: PixelRect(x: 0, y: 0, width: 4, height: 4),
                    pixels: blueBGRA, isBGRA: true)))
        scene.commit.append(
            .setContents(
                right,
                ContentsUpdate(
                    size: PixelSize(width: 40, height: 40), region: PixelRect(x: 0, y: 0, width: 40, height: 40),
                    pixels: redBGRA, isBGRA: true)))
        try compositor.submit(scene.commit)
        let first = try #require(try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)).image)
        expectPixel(first, 25, 50, .blue, "left: BGRA bytes 255 0 0 255 are blue")
        expectPixel(first, 75, 50, .red, "right: BGRA bytes 0 0 255 255 are red")
        // A partial update in R, G, B, A order into BGRA contents: converted on the render thread.
        let greenRGBA = pixels([0, 255, 0, 255], count: 20 * 20)
        try compositor.submit(
            Commit([
                .setContents(
                    right,
                    ContentsUpdate(
                        size: PixelSize(width: 40, height: 40),
                        region: PixelRect(x: 0, y: 0, width: 20, height: 20), pixels: greenRGBA))
            ]))
        let second = try #require(try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)).image)
        expectPixel(second, 56, 20, .green, "right's top-left quarter: the RGBA green update")
        expectPixel(second, 90, 80, .red, "right's bottom-right: still red")
        // A shared image sent in B, G, R, A order: blue bytes 255 0 0 255 stay blue.
        var shared = ContentsUpdate(size: PixelSize(width: 4, height: 4), region: PixelRect(x: 0, y: 0, width: 4, height: 4), pixels: blueBGRA, isBGRA: true)
        shared.sharedImageID = 987_654_321
        try compositor.submit(Commit([.setContents(right, shared)]))
        let third = try #require(try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)).image)
        expectPixel(third, 75, 50, .blue, "right: a shared BGRA image's blue")
        #expect(await compositor.shutdown().total == 0)
    }
}
