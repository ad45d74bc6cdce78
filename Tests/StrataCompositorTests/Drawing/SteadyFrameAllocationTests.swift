import CAllocationCount
import Foundation
@testable import StrataCompositor
import StrataCore
import StrataGL
import StrataTesting
import Testing

/// Whether this build is optimized (no `DEBUG` condition).
private let isOptimizedBuild: Bool = {
    #if DEBUG
        false
    #else
        true
    #endif
}()

/// A steady frame allocates nothing on the render thread: once a scene's buffers have grown to
/// its size, applying a commit of property changes, advancing animations, planning and drawing
/// make no heap allocation. Counted on the test's own thread, which runs the render loop over a
/// recording GL table that keeps no calls (no GPU), with the test process's allocator counting
/// each thread's allocations (not in sanitizer builds, which interpose the allocator themselves).
/// Optimized builds only (`swift test -c release`): unoptimized code allocates in the standard
/// library's unspecialized generics (a collection's `last`, `firstIndex(where:)`, a variadic
/// `min`) where the optimized code makes no call at all.
@Suite(
    .enabled(if: strata_thread_allocations() >= 0, "allocations are not counted in a sanitizer build"),
    .enabled(if: isOptimizedBuild, "allocations are counted in optimized builds only (swift test -c release)"))
struct SteadyFrameAllocationTests {
    /// 100 blue 8×8 layers on a 10×10 grid over a white 100×100 root, applied and drawn with
    /// 5 frames of warm-up (buffers grow to the scene's size then).
    private final class Scene {
        let gl = RecordingGL()
        let loop: RenderThread
        var layers: [LayerID] = []

        init(animated: Bool) throws {
            gl.isRecording = false
            loop = RenderThread(server: try RenderServer(context: GLContext(functions: gl), clock: .virtual60))
            var (scene, root) = TestScene.whiteRoot()
            for i in 0..<100 {
                let id = scene.add(parent: root, size: Size(width: 8, height: 8), position: position(i, frame: 0), color: .blue)
                layers.append(id)
                guard animated else { continue }
                // Half move by one additive animation each, half by two (the inline quick move),
                // repeating for ever.
                let move = LayerAnimation(
                    kind: .additive(delta: .position(Point(x: 3, y: 0))), curve: .linear, beginTime: 0, duration: 1, repeatCount: .infinity,
                    autoreverses: true)
                scene.commit.append(.addAnimation(id, move))
                if i.isMultiple(of: 2) { scene.commit.append(.addAnimation(id, move)) }
            }
            loop.server.apply(scene.commit)
            for i in 0..<5 {
                let redrawn = try frame()
                #expect(redrawn == (i == 0 || animated))
            }
        }

        /// Where layer `i` sits in frame `frame` (moved one point right in odd frames).
        func position(_ i: Int, frame: Int) -> Point {
            Point(x: Double(i % 10) * 10 + 5 + Double(frame % 2), y: Double(i / 10) * 10 + 5)
        }

        /// Draws the next frame and returns whether it was redrawn (checked by the caller, after
        /// the allocations are counted: an expectation allocates).
        func frame() throws -> Bool {
            if let error = loop.server.takePendingError() { throw error }
            return try loop.renderFrame(FrameRequest(size: PixelSize(width: 100, height: 100), clearColor: .clear, readBack: false)).statistics.redrawn
        }
    }

    @Test("10 frames of 100 layers moved by running animations (one or two each) allocate nothing on the render thread")
    func animatedFramesAllocateNothing() throws {
        let scene = try Scene(animated: true)
        var redrawn: [Bool] = []
        redrawn.reserveCapacity(10)
        let before = strata_thread_allocations()
        for _ in 0..<10 { redrawn.append(try scene.frame()) }
        let allocations = strata_thread_allocations() - before
        #expect(allocations == 0)
        #expect(redrawn == Array(repeating: true, count: 10))
    }

    @Test("10 commits each moving the 100 layers, applied and drawn, allocate nothing on the render thread (the commits are made before)")
    func committedFramesAllocateNothing() throws {
        let scene = try Scene(animated: false)
        let commits = (1...10).map { frame in
            Commit(scene.layers.enumerated().map { i, id in .set(id, .position(scene.position(i, frame: frame))) })
        }
        var redrawn: [Bool] = []
        redrawn.reserveCapacity(10)
        let before = strata_thread_allocations()
        for commit in commits {
            scene.loop.server.apply(commit)
            redrawn.append(try scene.frame())
        }
        let allocations = strata_thread_allocations() - before
        #expect(allocations == 0)
        #expect(redrawn == Array(repeating: true, count: 10))
    }
}

/// The test process's allocation count itself (see `SteadyFrameAllocationTests`), in every build
/// but a sanitizer's.
@Suite(.enabled(if: strata_thread_allocations() >= 0, "allocations are not counted in a sanitizer build"))
struct ThreadAllocationCountTests {
    @Test("The count is real: making an array of 1,000 numbers on this thread counts at least one allocation")
    func theCounterCounts() {
        let before = strata_thread_allocations()
        let numbers = [Int](unsafeUninitializedCapacity: 1000) { buffer, count in
            for i in 0..<1000 { buffer[i] = i }
            count = 1000
        }
        #expect(strata_thread_allocations() - before >= 1 && numbers[999] == 999)
    }

    @Test("Counts are per thread: a thread of its own counts its 100 arrays (at least 100), and this thread's count grows by fewer than 100 meanwhile")
    func countsArePerThread() {
        final class Box: @unchecked Sendable { var counted: Int64 = 0 }
        let box = Box()
        let before = strata_thread_allocations()
        let done = DispatchSemaphore(value: 0)  // the thread's count is written before the wait returns
        let thread = Thread {
            let start = strata_thread_allocations()
            var kept: [[Int]] = []
            for i in 0..<100 { kept.append([Int](repeating: i, count: 64)) }
            box.counted = strata_thread_allocations() - start
            precondition(kept.count == 100)
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(box.counted >= 100)
        #expect(strata_thread_allocations() - before < 100)
    }
}
