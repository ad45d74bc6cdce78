import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// Contents that land one texel per pixel come out texel for texel.
@Suite(.tags(.gpu), .requiresGPU) struct TexelAlignmentTests {
    /// A 4×4 checker of red and blue.
    private var checker: RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<4 { for x in 0..<4 { pixels += (x + y) % 2 == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        return RGBAImage(size: PixelSize(width: 4, height: 4), pixels: pixels)
    }

    @Test(arguments: [10.0, 10.5])
    func aCheckerAtPosition(x: Double) async throws {
        var (scene, root) = TestScene.whiteRoot(side: 40)
        let layer = scene.add(parent: root, size: Size(width: 4, height: 4), position: Point(x: x + 2, y: 12))
        scene.commit.append(.setContents(layer, ContentsUpdate(image: checker)))
        let image = try await render(scene, size: PixelSize(width: 40, height: 40))
        if x == 10 {
            for py in 0..<4 {
                for px in 0..<4 {
                    expectPixel(
                        image, 10 + px, 10 + py, (px + py) % 2 == 0 ? .red : .blue, tolerance: 0,
                        "aligned 1:1: pixel (\(10 + px), \(10 + py)) is texel (\(px), \(py)) exactly")
                }
            }
        } else {
            let p = image[12, 11]
            #expect(p.r > 40 && p.b > 40, "half a pixel off: filtered, a mix of red and blue: \(p)")
        }
    }
}
