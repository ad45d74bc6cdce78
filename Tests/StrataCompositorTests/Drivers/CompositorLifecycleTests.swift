import Foundation
import StrataCompositor
import StrataCore
import StrataGL
import StrataTesting
import Testing

/// Contents uploads, frames over time, read-back and the GL objects' lifetime.
@Suite(.tags(.gpu), .requiresGPU) struct CompositorLifecycleTests {
    @Test(
        "A process that exits while a compositor it never shut down is drawing exits cleanly: the exit stops the render thread and waits for it before EGL tears its display down")
    func exitingWhileARenderThreadDrawsStopsItFirst() async {
        await #expect(processExitsWith: .success) {
            let compositor = try! Compositor()
            var (scene, root) = TestScene.whiteRoot(side: 512)
            for i in 0..<2_000 {
                scene.add(
                    parent: root, size: Size(width: 64, height: 64), position: Point(x: Double(i % 40) * 12, y: Double(i / 40) * 10),
                    color: Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.6))
            }
            try! compositor.submit(scene.commit)
            _ = Unmanaged.passRetained(compositor)  // never released, never shut down
            Task { _ = try? await compositor.renderFrame(size: PixelSize(width: 512, height: 512)) }
            try? await Task.sleep(nanoseconds: 2_000_000)  // the frame is under way
            exit(0)
        }
    }

    @Test("The render thread shows as \"strata.render\" to profilers and debuggers (/proc's task names) while a compositor runs")
    func theRenderThreadIsNamed() async throws {
        let compositor = try Compositor()
        _ = try await compositor.renderFrame(size: PixelSize(width: 8, height: 8), readBack: false)
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        let names = tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
        #expect(names.contains("strata.render\n"), "\(Set(names))")
        _ = await compositor.shutdown()
    }

    @Test func teardownReleasesEveryGLObject() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let group = scene.add(parent: root, size: Size(width: 60, height: 60), position: Point(x: 50, y: 50), .opacity(0.5))
        let image = scene.add(parent: group, size: Size(width: 30, height: 30), position: Point(x: 20, y: 20))
        scene.add(parent: group, size: Size(width: 30, height: 30), position: Point(x: 40, y: 40), color: .red)
        // Larger than the atlas takes (256 pixels a side): a texture of its own.
        scene.commit.append(.setContents(image, ContentsUpdate(image: RGBAImage(size: PixelSize(width: 300, height: 8), filledWith: .blue))))
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        _ = try await compositor.renderFrame(size: PixelSize(width: 100, height: 100))
        let live = await compositor.liveGLObjects()
        #expect(live.textures >= 3, "contents, target and group textures are alive: \(live)")
        #expect(live.programs >= 1 && live.framebuffers >= 2 && live.buffers == 2 && live.vertexArrays == 1, "the unit quad and the instance buffer")
        #expect(live.shaders == 0, "shaders are deleted once linked")

        var destroy = Commit()
        destroy.append(.destroyLayer(image))
        try compositor.submit(destroy)
        _ = try await compositor.renderFrame(size: PixelSize(width: 100, height: 100))
        #expect(await compositor.liveGLObjects().textures == live.textures - 1, "destroying a layer frees its contents texture")

        let left = await compositor.shutdown()
        #expect(left == GLObjectCounts(), "nothing outlives the compositor: \(left)")
    }

    @Test func contentsAreDrawnStretchedToBoundsAndRegionsUpdateInPlace() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let picture = scene.add(parent: root, size: Size(width: 80, height: 80), position: Point(x: 50, y: 50))
        // 2×2 contents: red, green / blue, white; each texel covers a 40×40 quarter.
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
        scene.commit.append(.setContents(picture, ContentsUpdate(size: PixelSize(width: 2, height: 2), pixels: pixels)))
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let first = try #require(try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)).image)
        expectPixel(first, 15, 15, .red, "top-left quarter is the first texel")
        expectPixel(first, 85, 15, .green, "top-right quarter")
        expectPixel(first, 15, 85, .blue, "bottom-left quarter")
        expectPixel(first, 5, 5, .white, "outside the layer")

        // Replace only the top-right texel.
        try compositor.submit(
            Commit([
                .setContents(
                    picture,
                    ContentsUpdate(
                        size: PixelSize(width: 2, height: 2), region: PixelRect(x: 1, y: 0, width: 1, height: 1), pixels: [0, 0, 0, 255]))
            ]))
        let second = try #require(try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)).image)
        expectPixel(second, 85, 15, RGBA8(0, 0, 0), "the updated texel")
        expectPixel(second, 15, 15, .red, "untouched texels keep their pixels")

        // A region update that changes the size is refused: new sizes must come whole.
        try compositor.submit(
            Commit([
                .setContents(
                    picture,
                    ContentsUpdate(
                        size: PixelSize(width: 4, height: 4), region: PixelRect(x: 0, y: 0, width: 1, height: 1), pixels: [0, 0, 0, 255]))
            ]))
        await #expect(throws: CommitError.self) { try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)) }
        #expect(await compositor.shutdown().total == 0)
    }

    @Test func virtualClockStepsFrameTimes() async throws {
        let compositor = try Compositor(configuration: CompositorConfiguration(clock: .virtual(start: 2, step: 0.25)))
        var times: [Double] = []
        for _ in 0..<3 {
            times.append(try await compositor.renderFrame(size: PixelSize(width: 4, height: 4), readBack: false).statistics.time)
        }
        #expect(times == [2, 2.25, 2.5])
        await compositor.shutdown()
    }

    @Test func frameStatisticsCountDrawsAndGroupPasses() async throws {
        var (scene, root) = TestScene.whiteRoot()
        let group = scene.add(parent: root, size: Size(width: 60, height: 60), position: Point(x: 50, y: 50), .opacity(0.5))
        scene.add(parent: group, size: Size(width: 30, height: 30), position: Point(x: 20, y: 20), color: .red)
        scene.add(parent: group, size: Size(width: 30, height: 30), position: Point(x: 40, y: 40), color: .blue)
        let stats = try await renderFrame(scene).statistics
        #expect(stats.layersDrawn == 3, "root and two children")
        #expect(stats.offscreenPasses == 1)
        #expect(stats.drawCalls == 2, "the group's two children in one batch; the group composite (the root's white is the frame's clear)")
    }

    @Test func manyCompositorsOnManyThreadsRenderIndependently() async throws {
        try await withThrowingTaskGroup(of: RGBA8.self) { group in
            for colour in [Color.red, .green, .blue] {
                group.addTask {
                    var scene = TestScene()
                    scene.add(size: Size(width: 8, height: 8), position: Point(x: 4, y: 4), color: colour)
                    return try await render(scene, size: PixelSize(width: 8, height: 8))[4, 4]
                }
            }
            var seen: Set<RGBA8> = []
            for try await pixel in group { seen.insert(pixel) }
            #expect(seen == [.red, .green, .blue])
        }
    }
}
