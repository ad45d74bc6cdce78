import StrataCompositor
import StrataCore
import StrataGL
import StrataTesting
import Testing

/// Bad input gets a clear error, and a refused commit changes nothing.
@Suite struct CompositorErrorTests {
    @Test(.tags(.gpu), .requiresGPU, arguments: [PixelSize(width: 0, height: 10), PixelSize(width: 10, height: -3)])
    func emptyOrNegativeTargetSizeIsRefusedWithTheSizeAndLimit(size: PixelSize) async throws {
        let compositor = try Compositor()
        defer { Task { await compositor.shutdown() } }
        let limit = compositor.gpu.maxTargetSize
        await #expect(throws: CompositorError.targetSizeOutOfRange(size, limit: limit)) {
            try await compositor.renderFrame(size: size)
        }
        let message = CompositorError.targetSizeOutOfRange(size, limit: limit).description
        #expect(message.contains("\(size)") && message.contains("\(limit)"), "message names size and limit: \(message)")
    }

    @Test(.tags(.gpu), .requiresGPU) func targetAboveTheGPUMaximumIsRefused() async throws {
        let compositor = try Compositor()
        let limit = compositor.gpu.maxTargetSize
        let size = PixelSize(width: limit + 1, height: 16)
        let error = await #expect(throws: CompositorError.self) { try await compositor.renderFrame(size: size) }
        #expect(error == .targetSizeOutOfRange(size, limit: limit))
        #expect(error?.description.contains("\(limit + 1)×16") == true, "names the size: \(String(describing: error))")
        #expect(await compositor.shutdown().total == 0)
    }

    @Test(.tags(.gpu), .requiresGPU) func nonFinitePropertyIsRefusedAndTheTreeIsUnchanged() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let square = scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 50, y: 50), color: .red)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)

        var bad = Commit()
        bad.set(square, .position(Point(x: 10, y: 10)))  // a valid change first: must not apply either
        bad.set(square, .position(Point(x: .nan, y: 3)))
        let error = #expect(throws: CommitError.self) { try compositor.submit(bad) }
        guard case .invalidProperty(let layer, let property, _, let operation)? = error else {
            Issue.record("expected invalidProperty, got \(String(describing: error))")
            return
        }
        #expect(layer == square && property == "position" && operation == 1)
        #expect(error!.description.contains("nan"), "the message shows the value: \(error!.description)")

        let image = try #require(try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)).image)
        expectPixel(image, 50, 50, .red, "the square stays where the last good commit put it")
        #expect(await compositor.shutdown().total == 0)
    }

    @Test(arguments: [
        LayerProperty.transform(Transform3D(translationX: .infinity, y: 0)),
        .opacity(.nan), .opacity(1.5), .bounds(Rect(x: 0, y: 0, width: -1, height: 4)),
        .zPosition(-.infinity), .cornerRadius(-2), .backgroundColor(Color(red: 2, green: 0, blue: 0)),
    ])
    func outOfRangeValuesAreRefused(property: LayerProperty) throws {
        var commit = Commit()
        let id = LayerID.make()
        commit.append(.createLayer(id))
        commit.set(id, property)
        #expect(throws: CommitError.self) { try commit.validate() }
    }

    @Test(.tags(.gpu), .requiresGPU) func cycleIsRefusedAndTheTreeIsUnchanged() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let parent = scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 50, y: 50), color: .red)
        let child = scene.add(parent: parent, size: Size(width: 10, height: 10), position: Point(x: 20, y: 20), color: .blue)
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        var cyclic = Commit()
        cyclic.append(.insertSublayer(parent, parent: child, index: nil))
        try compositor.submit(cyclic)  // only the render tree knows the hierarchy: refused there
        await #expect(throws: CommitError.cycle(layer: parent, parent: child)) {
            try await compositor.renderFrame(size: PixelSize(width: 100, height: 100))
        }
        let image = try #require(try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)).image)
        expectPixel(image, 50, 50, .blue, "the tree is as before the refused commit")
        expectPixel(image, 35, 35, .red, "parent still drawn")
        #expect(await compositor.shutdown().total == 0)
    }

    @Test(.tags(.gpu), .requiresGPU) func unknownLayerIsRefused() async throws {
        let compositor = try Compositor()
        let ghost = LayerID.make()
        try compositor.submit(Commit([.set(ghost, .opacity(1))]))
        await #expect(throws: CommitError.unknownLayer(ghost, operation: 0)) {
            try await compositor.renderFrame(size: PixelSize(width: 8, height: 8))
        }
        #expect(await compositor.shutdown().total == 0)
    }

    @Test func contentsWithTheWrongByteCountAreRefused() throws {
        let id = LayerID.make()
        let commit = Commit([.createLayer(id), .setContents(id, ContentsUpdate(size: PixelSize(width: 4, height: 4), pixels: [0, 0, 0]))])
        let error = #expect(throws: CommitError.self) { try commit.validate() }
        #expect(error?.description.contains("64 bytes") == true, "\(String(describing: error))")
    }

    @Test(.tags(.gpu), .requiresGPU) func contentsAboveTheTextureLimitAreRefused() async throws {
        let compositor = try Compositor()
        let limit = compositor.gpu.maxTextureSize
        let id = LayerID.make()
        let size = PixelSize(width: limit + 1, height: 1)
        let commit = Commit([.createLayer(id), .setContents(id, ContentsUpdate(size: size, pixels: [UInt8](repeating: 0, count: size.area * 4)))])
        #expect(throws: CommitError.contentsTooLarge(layer: id, size: size, limit: limit)) { try compositor.submit(commit) }
        #expect(await compositor.shutdown().total == 0)
    }

    @Test(.tags(.gpu), .requiresGPU) func callsAfterShutdownThrow() async throws {
        let compositor = try Compositor()
        await compositor.shutdown()
        await #expect(throws: CompositorError.shutDown) { try await compositor.renderFrame(size: PixelSize(width: 4, height: 4)) }
        #expect(throws: CompositorError.shutDown) { try compositor.submit(Commit([.createLayer(LayerID.make())])) }
    }
}
