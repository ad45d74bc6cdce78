import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// Trees 100,000 levels deep (`deepTreeDepth`: 25,000 under the thread sanitizer) through the compositor's own API: every walk (checking and
/// applying commits, planning, drawing, damage, destroying) uses an explicit stack, so depth is
/// bounded by memory, not by a thread's stack.
@Suite(.tags(.gpu), .requiresGPU) struct DeepTreeTests {
    static let depth = deepTreeDepth

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
        expectPixel(image, 50, 50, .red, "centre: the innermost of \(Self.depth) nested layers")
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

/// Rounded clips nest in the stencil, 255 deep in 8 bits: deeper masks go on in offscreen groups
/// with a fresh stencil (a 256th mask used to be ignored, and popping it broke the 255th).
@Suite(.tags(.gpu), .requiresGPU) struct DeepStencilClipTests {
    @Test(
        "Rounded clips nested 200, 300 and 600 deep, the deepest narrower, show the content only inside the deepest",
        arguments: [200, 300, 600])
    func nestedRoundedClips(depth: Int) async throws {
        var (scene, root) = TestScene.whiteRoot()
        var parent = root
        for level in 0..<depth {
            parent = scene.add(
                parent: parent, size: Size(width: 60, height: 60), position: Point(x: level == 0 ? 50 : 30, y: level == 0 ? 50 : 30),
                color: nil, .masksToBounds(true), .cornerRadius(4))
        }
        let deepest = parent
        // The deepest clip: the left third only.
        parent = scene.add(parent: parent, size: Size(width: 20, height: 60), position: Point(x: 10, y: 30), color: nil, .masksToBounds(true), .cornerRadius(4))
        scene.add(parent: parent, size: Size(width: 100, height: 100), position: Point(x: 10, y: 30), color: .red)
        // After it, under the last 60-point clip: green from 25 points in (target x 45) rightwards.
        scene.add(parent: deepest, size: Size(width: 100, height: 100), position: Point(x: 75, y: 30), color: .green)
        let frame = try await renderFrame(scene)
        let image = try #require(frame.image)
        expectPixel(image, 42, 50, .white, "right of the deepest clip, left of the green sibling")
        expectPixel(image, 30, 50, .red, "inside the deepest of \(depth) nested rounded clips")
        expectPixel(image, 22, 50, .red, "just inside the left edge")
        expectPixel(image, 15, 50, .white, "left of the clips")
        expectPixel(image, 60, 50, .green, "the green sibling drawn after the deepest clip, inside the others")
        expectPixel(image, 85, 50, .white, "right of the clips: the green sibling is clipped")
        expectPixel(image, 20, 20, .white, "the rounded corner, outside every clip")
    }
}
