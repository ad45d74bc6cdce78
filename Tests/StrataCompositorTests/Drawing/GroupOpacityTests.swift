import StrataCompositor
import StrataCore
import StrataTesting
import Testing

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
