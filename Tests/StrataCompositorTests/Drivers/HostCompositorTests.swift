@testable import StrataCompositor
import StrataCore
import StrataGL
import StrataTesting
import Testing

/// The embedded compositor's frame-presented handler, told of every frame a host draws: a host
/// draws for hours at 60 frames a second, so telling it must cost the same on every frame.
@Suite struct HostCompositorTests {
    /// Where the stack pointer is now (the address of a local), to compare call depths.
    private static func stackAddress() -> UInt {
        var local = 0
        return withUnsafeMutablePointer(to: &local) { UInt(bitPattern: $0) }
    }

    @Test("The 10,000th host frame tells the handler from the same stack depth as the first (no thunk chain grows per frame)")
    func tellingTheHandlerCostsTheSameEveryFrame() throws {
        final class Depths: @unchecked Sendable { var addresses: [UInt] = [] }
        let depths = Depths()
        let gpu = try #require(GLContext(functions: RecordingGL()).info)
        let compositor = HostCompositor(inbox: RenderInbox(), gpu: gpu, clock: .virtual60)
        compositor.setFramePresentedHandler { _ in depths.addresses.append(Self.stackAddress()) }
        for index in 0..<10_000 {
            compositor.framePresented(.success(FrameStatistics(index: index, time: Double(index) / 60)))
        }
        #expect(depths.addresses.count == 10_000)
        let first = try #require(depths.addresses.first), last = try #require(depths.addresses.last)
        // Stored as the lock box's value itself, the handler was re-wrapped in two more thunks at
        // every frame: 3.8 MB deeper by now in a debug build, and a stack overflow later.
        #expect(first == last, "the handler ran \(Int(first) - Int(last)) bytes deeper on frame 10,000 than on frame 1")
        compositor.setFramePresentedHandler(nil)
        compositor.framePresented(.success(FrameStatistics(index: 10_000, time: 10_000 / 60)))
        #expect(depths.addresses.count == 10_000, "a removed handler is not told")
    }
}
