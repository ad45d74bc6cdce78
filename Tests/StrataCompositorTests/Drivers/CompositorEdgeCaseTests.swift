import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// Extreme but valid input, and requests that race with shutdown.
@Suite struct CompositorEdgeCaseTests {
    @Test(.tags(.gpu), .requiresGPU) func hugeScaleOnAClippingLayerRendersInsteadOfTrapping() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let clip = scene.add(
            parent: root, size: Size(width: 10, height: 10), position: Point(x: 50, y: 50), color: .red,
            .masksToBounds(true), .transform(Transform3D(scaleX: 1e19, y: 1e19)))
        scene.add(parent: clip, size: Size(width: 4, height: 4), position: Point(x: 5, y: 5), color: .blue)
        let image = try await render(scene)
        #expect(image.size == PixelSize(width: 100, height: 100), "the frame renders")
    }

    @Test(.tags(.gpu), .requiresGPU) func groupNearlyAtTheEyePlaneRendersInsteadOfTrapping() async throws {
        var (scene, root) = TestScene.whiteRoot()
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        scene.commit.set(root, .sublayerTransform(perspective))
        let group = scene.add(
            parent: root, size: Size(width: 20, height: 20), position: Point(x: 50, y: 50), color: .red,
            .opacity(0.5), .zPosition(500 - 1e-9))
        scene.add(parent: group, size: Size(width: 5, height: 5), position: Point(x: 5, y: 5), color: .blue)
        _ = try await render(scene)
    }

    @Test func absurdContentsSizeIsAnErrorNotATrap() throws {
        let id = LayerID.make()
        let huge = ContentsUpdate(size: PixelSize(width: 1 << 32, height: 1 << 32), region: PixelRect(x: .max, y: 0, width: 1, height: 1), pixels: [])
        #expect(throws: CommitError.self) { try Commit([.createLayer(id), .setContents(id, huge)]).validate() }
    }

    @Test(.tags(.gpu), .requiresGPU, arguments: [false, true])
    func cornerRadiusCutsContentsOnlyWhenMasking(masks: Bool) async throws {
        var (scene, root) = TestScene.whiteRoot()
        let picture = scene.add(
            parent: root, size: Size(width: 60, height: 60), position: Point(x: 50, y: 50),
            .cornerRadius(20), .masksToBounds(masks))
        scene.commit.append(.setContents(picture, ContentsUpdate(image: RGBAImage(size: PixelSize(width: 4, height: 4), filledWith: .red))))
        let image = try await render(scene)
        expectPixel(image, 50, 50, .red, "the middle of the contents")
        expectPixel(
            image, 21, 21, masks ? .white : .red,
            masks ? "masksToBounds cuts the contents' corner" : "without masksToBounds the contents keep square corners")
    }

    @Test(.tags(.gpu), .requiresGPU) func requestsQueuedBehindShutdownAreAnsweredNotLost() async throws {
        for _ in 0..<20 {
            let compositor = try Compositor()
            async let frame = compositor.renderFrame(size: PixelSize(width: 4, height: 4))
            async let live = compositor.liveGLObjects()
            async let first = compositor.shutdown()
            async let second = compositor.shutdown()
            _ = try? await frame  // rendered, or refused with .shutDown: either way it returns
            _ = await live
            let counts = [await first, await second]
            #expect(counts.allSatisfy { $0.total == 0 })
        }
    }
}
