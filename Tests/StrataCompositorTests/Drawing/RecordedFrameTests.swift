@testable import StrataCompositor
import StrataCore
import StrataGL
import StrataTesting
import Testing

/// The renderer executing frame plans over a recording GL table: no EGL display and no GPU. What
/// these tests assert is the GL calls a frame issues (its clears, scissors, batches, offscreen
/// passes, uploads), the part of a frame's cost that pixels cannot show.
@Suite struct RecordedFrameTests {
    /// A render thread's loop over a context whose GL calls are recorded.
    private final class Recorded {
        let gl = RecordingGL()
        let loop: RenderThread

        init(debug: DebugOptions = []) throws {
            loop = RenderThread(server: try RenderServer(context: GLContext(functions: gl), clock: .virtual60, debug: debug))
        }

        /// Applies `commit`, draws the next frame into a `size` target cleared to `clearColor`, and
        /// returns its statistics and the calls it made.
        func frame(_ commit: Commit = Commit(), size: Int = 100, clearColor: Color = .clear) throws -> (FrameStatistics, [GLCall]) {
            loop.server.apply(commit)
            if let error = loop.server.takePendingError() { throw error }
            _ = gl.takeCalls()
            let frame = try loop.renderFrame(FrameRequest(size: PixelSize(width: size, height: size), clearColor: clearColor, readBack: false))
            return (frame.statistics, gl.takeCalls())
        }

        /// Shuts the loop down as a compositor's shutdown does and returns the GL objects the
        /// context counted alive then and the GL names never deleted.
        func shutDown() -> (counted: Int, names: Int) {
            let inbox = RenderInbox()
            inbox.push(.shutdown(nil))
            let (_, counts) = loop.run(inbox: inbox)
            return (counts.total, gl.liveNames.values.reduce(0) { $0 + $1.count })
        }
    }

    /// The instance counts of a frame's instanced draws, in order.
    private func draws(_ calls: [GLCall]) -> [Int] {
        calls.to("glDrawArraysInstanced").map { Int($0.arguments[3]) }
    }

    @Test(
        "Scene: a white 100×100 root and 100 red 6×6 squares on a 10×10 grid: the first frame clears to the root's white once (the root is the clear, not a quad) and draws the 100 squares in one instanced call; the next frame, unchanged, issues no GL call at all"
    )
    func aFirstFrameClearsOnceAndBatchesAndAnUnchangedOneIsSilent() throws {
        let r = try Recorded()
        var (scene, root) = TestScene.whiteRoot()
        for i in 0..<100 {
            scene.add(parent: root, size: Size(width: 6, height: 6), position: Point(x: Double(i % 10) * 10 + 5, y: Double(i / 10) * 10 + 5), color: .red)
        }
        let (first, calls) = try r.frame(scene.commit)
        #expect(calls.to("glClearColor").map(\.arguments) == [[1, 1, 1, 1]], "cleared to the root's white")
        #expect(calls.to("glClear").count == 1)
        #expect(draws(calls) == [100], "one instanced draw of the 100 squares")
        #expect(first.drawCalls == 1 && first.layersDrawn == 101)
        let (idle, idleCalls) = try r.frame()
        #expect(!idle.redrawn)
        #expect(idleCalls.isEmpty, "an unchanged frame: \(idleCalls)")
        let left = r.shutDown()
        #expect(left.counted == 0 && left.names == 0, "every GL name made was deleted: \(left)")
    }

    @Test(
        "Scene: a white root and a red 10×10 square at (20, 20) moved to (70, 70): the second frame is scissored to the union of where it was and is, (13, 13, 64×64), cleared there and draws only the square"
    )
    func aMoveRedrawsAScissoredRegion() throws {
        let r = try Recorded()
        var (scene, root) = TestScene.whiteRoot()
        let red = scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 20, y: 20), color: .red)
        _ = try r.frame(scene.commit)
        let (moved, calls) = try r.frame(Commit([.set(red, .position(Point(x: 70, y: 70)))]))
        #expect(calls.to("glScissor").first?.arguments == [13, 13, 64, 64], "the damage, top rows first: \(calls.to("glScissor"))")
        #expect(moved.redrawnPixels == 64 * 64)
        #expect(calls.to("glClearColor").map(\.arguments) == [[1, 1, 1, 1]], "the region cleared to the root's white")
        #expect(draws(calls) == [1], "the square alone")
    }

    @Test(
        "Scene: on a white root, plain red squares A and C and a rounded blue square B drawn in the order A, B, C: three batches (the program changes twice); drawn A, C, B: two"
    )
    func batchesSplitWhereTheProgramChanges() throws {
        func batches(roundedLast: Bool) throws -> [Int] {
            let r = try Recorded()
            var (scene, root) = TestScene.whiteRoot()
            func square(_ x: Double, rounded: Bool) {
                scene.add(parent: root, size: Size(width: 20, height: 20), position: Point(x: x, y: 50), color: rounded ? .blue : .red, .cornerRadius(rounded ? 5 : 0))
            }
            if roundedLast {
                square(15, rounded: false)
                square(85, rounded: false)
                square(50, rounded: true)
            } else {
                square(15, rounded: false)
                square(50, rounded: true)
                square(85, rounded: false)
            }
            return draws(try r.frame(scene.commit).1)
        }
        #expect(try batches(roundedLast: false) == [1, 1, 1])
        #expect(try batches(roundedLast: true) == [2, 1])
    }

    @Test(
        "Scene: a half-opaque group of a red and a blue 40×30 square overlapping by 20 points: one offscreen framebuffer is made, the two squares drawn into it, and its picture composited onto the target in one more draw"
    )
    func anOverlappingTranslucentGroupGoesThroughOneOffscreenPass() throws {
        let r = try Recorded()
        var (scene, root) = TestScene.whiteRoot()
        let group = scene.add(parent: root, size: Size(width: 60, height: 30), position: Point(x: 50, y: 50), .opacity(0.5))
        scene.add(parent: group, size: Size(width: 40, height: 30), position: Point(x: 20, y: 15), color: .red)
        scene.add(parent: group, size: Size(width: 40, height: 30), position: Point(x: 40, y: 15), color: .blue)
        let (frame, calls) = try r.frame(scene.commit)
        #expect(frame.offscreenPasses == 1)
        #expect(calls.to("glGenFramebuffers").count == 2, "the target's framebuffer and the group's")
        #expect(draws(calls) == [2, 1], "the two squares into the group, then the group's picture")
        let binds = calls.to("glBindFramebuffer").map { UInt32($0.arguments[1]) }
        #expect(Set(binds).count == 2, "the target and the group's framebuffer: \(binds)")
    }

    @Test(
        "Scene: a white root and ten red squares drawn whole twice into a host-style target (every frame a full redraw): the second frame replays the first's draw calls without uploading an instance"
    )
    func aWholeRedrawOfAnUnchangedTreeReplays() throws {
        let r = try Recorded()
        var (scene, root) = TestScene.whiteRoot()
        for i in 0..<10 { scene.add(parent: root, size: Size(width: 8, height: 8), position: Point(x: Double(i) * 10 + 5, y: 50), color: .red) }
        r.loop.server.apply(scene.commit)
        let target = DrawTarget(framebuffer: 0, width: 100, height: 100)
        let first = try r.loop.server.draw(into: target, clearColor: .white, time: nil, whole: true)
        let firstCalls = r.gl.takeCalls()
        let second = try r.loop.server.draw(into: target, clearColor: .white, time: nil, whole: true)
        let secondCalls = r.gl.takeCalls()
        #expect(!first.replayed && second.replayed)
        #expect(draws(firstCalls) == [10] && draws(secondCalls) == [10])
        #expect(firstCalls.to("glBufferSubData").count == 1)
        #expect(secondCalls.to("glBufferSubData").isEmpty, "the instances are still in the stream buffer")
    }

    @Test("Every layer program is labelled for GL debuggers where the context has labels (OpenGL ES 3.2): 14 variants, named by their defines")
    func programsCarryDebugLabels() throws {
        let gl = RecordingGL()
        _ = try RenderServer(context: GLContext(functions: gl), clock: .virtual60, debug: [])
        let programs = gl.calls(to: "glObjectLabel").compactMap(\.text).filter { $0.hasPrefix("strata layer program") }
        #expect(programs.count == LayerShaderVariant.allCases.count)
        #expect(programs.contains("strata layer program [fill]") && programs.contains("strata layer program [MODE_BORDER+ROUNDED]"), "\(programs)")
    }

    @Test("A draw the driver fails (GL_OUT_OF_MEMORY queued on the error flag) fails the frame with an error naming the GL error, and the next frame draws everything again")
    func aFailedDrawFailsTheFrameAndTheNextRedrawsAll() throws {
        let r = try Recorded()
        var (scene, root) = TestScene.whiteRoot()
        let red = scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 20, y: 20), color: .red)
        _ = try r.frame(scene.commit)
        r.gl.pendingErrors = [GL.outOfMemory]
        #expect {
            _ = try r.frame(Commit([.set(red, .position(Point(x: 70, y: 70)))]))
        } throws: { error in
            "\(error)".contains("GL_OUT_OF_MEMORY")
        }
        let (again, _) = try r.frame()
        #expect(again.redrawnPixels == 100 * 100, "the target's pixels are unknown after a failed frame")
    }
}

extension [GLCall] {
    /// The calls to `function`, in order.
    fileprivate func to(_ function: String) -> [GLCall] { filter { $0.function == function } }
}
