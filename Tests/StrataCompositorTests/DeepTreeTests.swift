import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// Trees 100,000 levels deep through the compositor's own API: every walk (checking and
/// applying commits, planning, drawing, damage, destroying) uses an explicit stack, so depth is
/// bounded by memory, not by a thread's stack.
@Suite struct DeepTreeTests {
    static let depth = 100_000

    /// A chain of `depth` layers under a white root, each 60×60 at the centre of its parent
    /// (so every level covers the middle of the target), the innermost one red.
    static func chain(depth: Int = depth) -> (TestScene, LayerID, [LayerID]) {
        var (scene, root) = TestScene.whiteRoot()
        var ids: [LayerID] = []
        ids.reserveCapacity(depth)
        var parent = root
        for level in 0..<depth {
            let id = scene.add(
                parent: parent, size: Size(width: 60, height: 60), position: Point(x: level == 0 ? 50 : 30, y: level == 0 ? 50 : 30),
                color: level == depth - 1 ? .red : nil)
            ids.append(id)
            parent = id
        }
        return (scene, root, ids)
    }

    @Test func aHundredThousandLevelsRenderTheInnermostLayer() async throws {
        let (scene, _, ids) = Self.chain()
        let compositor = try Compositor()
        try compositor.submit(scene.commit)
        let image = try #require(try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)).image)
        expectPixel(image, 50, 50, .red, "centre: the innermost of 100,000 nested layers")
        expectPixel(image, 5, 5, .white, "corner: the root, outside every nested layer")

        // Move the innermost layer, then remove the whole chain below the root.
        var move = Commit()
        move.set(ids[ids.count - 1], .position(Point(x: 40, y: 30)))
        try compositor.submit(move)
        let moved = try #require(try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)).image)
        expectPixel(moved, 75, 50, .red, "right of centre after the innermost layer moved 10 points right")
        expectPixel(moved, 25, 50, .white, "left of centre, uncovered by the move")

        try compositor.submit(Commit([.removeFromSuperlayer(ids[0])]))
        let removed = try #require(try await compositor.renderFrame(size: PixelSize(width: 100, height: 100)).image)
        expectPixel(removed, 50, 50, .white, "centre after the chain was removed")
        try compositor.submit(Commit([.destroyLayer(ids[0])]))
        _ = try await compositor.renderFrame(size: PixelSize(width: 100, height: 100))
        #expect(await compositor.shutdown().total == 0)
    }
}
