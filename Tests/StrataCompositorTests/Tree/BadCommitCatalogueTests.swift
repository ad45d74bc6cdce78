@testable import StrataCompositor
import StrataCore
import Testing

/// The bad-input catalogue for commits: each commit a sender could get wrong, the message it
/// sees, and the tree unchanged afterwards. Values are checked by `Commit.validate` on the
/// sender's thread; structure (unknown layers, cycles, duplicates) by the render tree before it
/// applies anything.
@Suite struct BadCommitCatalogueTests {
    /// Layer ids the catalogue's commits use: `a` and `b` exist (b under a), `ghost` never does.
    static let a = LayerID(rawValue: 1_000_001), b = LayerID(rawValue: 1_000_002), ghost = LayerID(rawValue: 1_000_009)

    /// The bad commits, with the message each gives (the layer ids print as `layer N`).
    static let catalogue: [(what: String, commit: Commit, message: String)] = [
        (
            "opacity NaN", Commit([.set(a, .opacity(.nan))]),
            "layer 1000001: opacity is nan, outside 0...1 (operation 0 of the commit); the whole commit was refused — pass finite values in range"
        ),
        (
            "opacity 2", Commit([.set(a, .opacity(2))]),
            "layer 1000001: opacity is 2.0, outside 0...1 (operation 0 of the commit); the whole commit was refused — pass finite values in range"
        ),
        (
            "bounds with a negative width", Commit([.set(a, .bounds(Rect(x: 0, y: 0, width: -5, height: 10)))]),
            "layer 1000001: bounds has a negative size -5.0×10.0 (operation 0 of the commit); the whole commit was refused — pass finite values in range"
        ),
        (
            "position at infinity", Commit([.set(a, .position(Point(x: .infinity, y: 0)))]),
            "layer 1000001: position has a non-finite value (inf, 0.0) (operation 0 of the commit); the whole commit was refused — pass finite values in range"
        ),
        (
            "a transform holding NaN", Commit([.set(a, .transform(Transform3D(scaleX: .nan, y: 1)))]),
            "layer 1000001: transform has a non-finite entry: [nan, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0] (operation 0 of the commit); the whole commit was refused — pass finite values in range"
        ),
        (
            "a negative corner radius", Commit([.set(a, .cornerRadius(-1))]),
            "layer 1000001: cornerRadius is negative (-1.0) (operation 0 of the commit); the whole commit was refused — pass finite values in range"
        ),
        (
            "a negative border width", Commit([.set(a, .borderWidth(-2))]),
            "layer 1000001: borderWidth is negative (-2.0) (operation 0 of the commit); the whole commit was refused — pass finite values in range"
        ),
        (
            "contents scale 0", Commit([.set(a, .contentsScale(0))]),
            "layer 1000001: contentsScale is 0.0; it must be a finite number above 0 (operation 0 of the commit); the whole commit was refused — pass finite values in range"
        ),
        (
            "a colour component of NaN", Commit([.set(a, .backgroundColor(Color(red: .nan, green: 0, blue: 0)))]),
            "layer 1000001: backgroundColor has components outside 0...1: rgba(nan, 0.0, 0.0, 1.0) (operation 0 of the commit); the whole commit was refused — pass finite values in range"
        ),
        (
            "pixels that do not fill the size", Commit([.setContents(a, ContentsUpdate(size: PixelSize(width: 4, height: 4), pixels: [0, 0, 0]))]),
            "layer 1000001: contents refused: the region (0, 0, 4, 4) needs 64 bytes of RGBA8, got 3 (operation 0 of the commit)"
        ),
        (
            "contents wider than the texture limit",
            Commit([.setContents(a, ContentsUpdate(size: PixelSize(width: 20_000, height: 1), pixels: [UInt8](repeating: 0, count: 80_000)))]),
            "layer 1000001: contents of 20000×1 pixels exceed the GPU's maximum texture size 16384; split or scale the image down"
        ),
        (
            "an EGLImage of 0", Commit([.setExternalContents(a, ExternalContents(source: .eglImage(0), size: PixelSize(width: 4, height: 4)))]),
            "layer 1000001: contents refused: the EGLImage is EGL_NO_IMAGE_KHR; pass an image from eglCreateImageKHR (operation 0 of the commit)"
        ),
        (
            "a layer made its own sublayer", Commit([.insertSublayer(a, parent: a, index: nil)]),
            "layer 1000001 cannot become a sublayer of layer 1000001: that would put it inside its own subtree; the commit was refused"
        ),
        (
            "a negative sublayer index", Commit([.insertSublayer(b, parent: a, index: -1)]),
            "layer 1000002: sublayer index -1 is negative; pass 0 or more (past the end adds on top), or nil to add on top; the commit was refused"
        ),
        (
            "a layer put under its own sublayer", Commit([.insertSublayer(a, parent: b, index: nil)]),
            "layer 1000001 cannot become a sublayer of layer 1000002: that would put it inside its own subtree; the commit was refused"
        ),
        (
            "a cycle closed within the commit: a new layer under b, then b under it",
            Commit([.createLayer(ghost), .insertSublayer(ghost, parent: b, index: nil), .insertSublayer(b, parent: ghost, index: nil)]),
            "layer 1000002 cannot become a sublayer of layer 1000009: that would put it inside its own subtree; the commit was refused"
        ),
        (
            "prepared content of a negative height", Commit([.setPreparedContent(a, Rect(x: 0, y: 0, width: 10, height: -1))]),
            "layer 1000001: prepared content must be finite with a size of at least 0, got (0.0, 0.0, 10.0, -1.0) (operation 0 of the commit); the whole commit was refused — pass finite values in range"
        ),
        (
            "prepared content of a layer never created", Commit([.setPreparedContent(ghost, nil)]),
            "layer 1000009 does not exist in the render tree (operation 0); create it before using it and do not use it after destroying it"
        ),
        (
            "a layer never created", Commit([.set(ghost, .opacity(1))]),
            "layer 1000009 does not exist in the render tree (operation 0); create it before using it and do not use it after destroying it"
        ),
        ("a layer created twice", Commit([.createLayer(a)]), "layer 1000001 was created twice; create each layer once (destroy it first to make it again); the commit was refused"),
        (
            "a layer used after it was destroyed", Commit([.destroyLayer(b), .set(b, .opacity(0.5))]),
            "layer 1000002 does not exist in the render tree (operation 1); create it before using it and do not use it after destroying it"
        ),
        (
            "a layer in the tree made a mask", Commit([.setMask(a, mask: b)]),
            "layer 1000001: layer 1000002 cannot be its mask (operation 0): a mask has no superlayer and is neither the layer nor above it; remove it from its superlayer first; the commit was refused"
        ),
        (
            "a layer made its own mask", Commit([.setMask(a, mask: a)]),
            "layer 1000001: layer 1000001 cannot be its mask (operation 0): a mask has no superlayer and is neither the layer nor above it; remove it from its superlayer first; the commit was refused"
        ),
        (
            "a good change before a bad one", Commit([.set(a, .opacity(0.5)), .set(ghost, .opacity(1))]),
            "layer 1000009 does not exist in the render tree (operation 1); create it before using it and do not use it after destroying it"
        ),
    ]

    @Test("Each bad commit is refused with its message, and the tree is as it was", arguments: catalogue.indices)
    func aBadCommitIsRefused(_ index: Int) throws {
        let (what, commit, message) = Self.catalogue[index]
        let tree = RenderTree(context: nil)
        try tree.apply(
            Commit([
                .createLayer(Self.a), .createLayer(Self.b), .setRoot(Self.a), .insertSublayer(Self.b, parent: Self.a, index: nil),
                .set(Self.a, .opacity(1)),
            ]))
        var thrown: (any Error)?
        do {
            try commit.validate(maxTextureSize: 16_384)
            try tree.apply(commit)
        } catch {
            thrown = error
        }
        #expect(thrown.map { "\($0)" } == message, "\(what)")
        #expect(tree.layers[Self.a]?.state.opacity == 1 && tree.layers[Self.b]?.superlayer === tree.layers[Self.a], "\(what): the tree is unchanged")
    }
}
