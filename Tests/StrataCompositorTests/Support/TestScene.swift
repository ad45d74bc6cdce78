import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// Builds a layer tree as one commit, for pixel tests.
struct TestScene {
    var commit = Commit()
    private(set) var root: LayerID?

    /// Adds a layer of `size` whose anchor point sits at `position` in its parent's bounds space.
    /// The first layer added without a parent becomes the root.
    @discardableResult
    mutating func add(
        parent: LayerID? = nil, size: Size, position: Point, color: Color? = nil,
        _ properties: LayerProperty...
    ) -> LayerID {
        let id = LayerID.make()
        commit.append(.createLayer(id))
        if let parent {
            commit.append(.insertSublayer(id, parent: parent, index: nil))
        } else if root == nil {
            root = id
            commit.append(.setRoot(id))
        }
        commit.set(id, .bounds(Rect(origin: .zero, size: size)))
        commit.set(id, .position(position))
        if let color { commit.set(id, .backgroundColor(color)) }
        for property in properties { commit.set(id, property) }
        return id
    }

    /// A white root layer filling a `side × side` target.
    static func whiteRoot(side: Double = 100) -> (TestScene, LayerID) {
        var scene = TestScene()
        let root = scene.add(size: Size(width: side, height: side), position: Point(x: side / 2, y: side / 2), color: .white)
        return (scene, root)
    }

    /// A white 100×100 root holding a clear 100×100 container of `count` red 10×10 leaves at
    /// alpha 0.8, stacked at (30, 30) (so many layers there show plain red).
    static func stackedRedLeaves(_ count: Int) -> (scene: TestScene, root: LayerID, container: LayerID) {
        var (scene, root) = whiteRoot()
        let container = scene.add(parent: root, size: Size(width: 100, height: 100), position: Point(x: 50, y: 50))
        for _ in 0..<count {
            scene.add(parent: container, size: Size(width: 10, height: 10), position: Point(x: 30, y: 30), color: Color(red: 1, green: 0, blue: 0, alpha: 0.8))
        }
        return (scene, root, container)
    }

    /// The off-white a root turns to (and back from) so that a frame has something to redraw.
    static let offWhite = Color(red: 0.98, green: 0.98, blue: 0.98)
}

/// Creates a compositor, renders `scene` once into a `size` target, shuts down, and checks that
/// no GL object outlived the compositor. Returns the frame: pixels and statistics.
func renderFrame(
    _ scene: TestScene, size: PixelSize = PixelSize(width: 100, height: 100),
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> RenderedFrame {
    let compositor = try Compositor()
    try compositor.submit(scene.commit)
    let frame = try await compositor.renderFrame(size: size)
    let leaked = await compositor.shutdown()
    #expect(leaked.total == 0, "GL objects outlived the compositor: \(leaked)", sourceLocation: sourceLocation)
    return frame
}

/// `renderFrame(scene, size:)`'s pixels.
func render(
    _ scene: TestScene, size: PixelSize = PixelSize(width: 100, height: 100),
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> RGBAImage {
    try #require(try await renderFrame(scene, size: size, sourceLocation: sourceLocation).image, sourceLocation: sourceLocation)
}

/// 2D rotation about z by `degrees` (clockwise on screen, as UIKit's).
func rotation(_ degrees: Double) -> Transform3D {
    Transform3D(rotationAngle: degrees * .pi / 180, x: 0, y: 0, z: 1)
}
