@_spi(Testing) import StrataGL
@testable import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// A commit applies whole or not at all, also when the GPU cannot make a texture it needs.
@Suite(.tags(.gpu), .requiresGPU, .serialized) struct CommitAtomicityTests {
    /// A 300 × 300 RGBA update, each pixel `value`: too large for the atlas, so a texture of its own.
    private func pixels(_ side: Int, _ value: UInt8) -> ContentsUpdate {
        ContentsUpdate(size: PixelSize(width: side, height: side), pixels: [UInt8](repeating: value, count: side * side * 4))
    }

    @Test("A commit whose second new texture cannot be made leaves the tree as it was: opacity, order and contents")
    func aFailedAllocationAppliesNothing() throws {
        let context = try GLContext(connection: try EGLConnection.open())
        defer { context.destroy() }
        do {
            let tree = RenderTree(context: context)
            let (root, a, b) = (LayerID.make(), LayerID.make(), LayerID.make())
            try tree.apply(
                Commit([
                    .createLayer(root), .createLayer(a), .createLayer(b), .setRoot(root),
                    .insertSublayer(a, parent: root, index: nil), .insertSublayer(b, parent: root, index: nil),
                ]))

            context.textureAllocationsLeft = 1
            let second = Commit([
                .set(a, .opacity(0.25)),
                .setContents(a, pixels(300, 255)),
                .insertSublayer(a, parent: root, index: nil),  // a moves above b
                .setContents(b, pixels(400, 128)),  // the second texture: refused
            ])
            #expect(throws: GLError.self) { try tree.apply(second) }
            #expect(tree.layers[a]?.state.opacity == 1, "the opacity set before the failure was not applied")
            #expect(tree.layers[a]?.contents == nil && tree.layers[b]?.contents == nil, "no contents")
            #expect(tree.layers[root]?.sublayers.map(\.id) == [a, b], "the order is unchanged")
            #expect(context.textureAllocationsLeft == 0, "the first texture was made, then dropped with the commit")

            context.textureAllocationsLeft = nil
            try tree.apply(second)  // a sender resending the same commit: applies whole
            #expect(tree.layers[a]?.state.opacity == 0.25)
            #expect(tree.layers[a]?.contents?.width == 300 && tree.layers[b]?.contents?.width == 400)
            #expect(tree.layers[root]?.sublayers.map(\.id) == [b, a])
        }
        #expect(context.liveObjects.textures == 0, "every texture made for the refused commit was freed")
    }
}
