import Foundation
import StrataCompositor
import StrataCore
import StrataGL
import StrataTesting
import Testing

@Suite("GBM output on a DRM render node")
struct GBMOutputTests {
    @Test(
        "Without a render node, creating a GBM output fails saying /dev/dri has none",
        .enabled(if: !EGLConnection.hasRenderNode, "this machine has a DRM render node"))
    func noRenderNode() throws {
        do {
            _ = try GBMOutput(size: PixelSize(width: 64, height: 64))
            Issue.record("GBMOutput was created without a render node")
        } catch let error as GLError {
            guard case .noRenderNode = error else { Issue.record("wrong error: \(error)"); return }
            let text = "\(error)"
            #expect(text.contains("DRM render node") && text.contains("/dev/dri"), "\(text)")
        }
    }

    @Test(
        "Scene: a 64×48 frame with a red 32×24 layer at the top-left over clear, exported as a dma-buf with its format and modifier",
        .enabled(if: EGLConnection.hasRenderNode, EGLConnection.renderNodeProblem.map { Comment(rawValue: "skipped: \($0)") } ?? "needs a DRM render node"))
    func rendersIntoABufferObject() throws {
        let result = try onHostThread { () -> [String] in
            var problems: [String] = []
            let output = try GBMOutput(size: PixelSize(width: 64, height: 48))
            defer { output.close() }
            var scene = TestScene()
            let root = scene.add(size: Size(width: 64, height: 48), position: Point(x: 32, y: 24))
            scene.add(parent: root, size: Size(width: 32, height: 24), position: Point(x: 16, y: 12), color: .red)
            try output.compositor.submit(scene.commit)
            let frame = try output.render()
            defer { frame.release() }
            if frame.fd < 0 { problems.append("no dma-buf fd") }
            if frame.formatName != "AR24" { problems.append("format \(frame.formatName), expected AR24 (ARGB8888)") }
            if frame.stride < 64 * 4 { problems.append("stride \(frame.stride) below 256") }
            if frame.planeCount != 1 { problems.append("\(frame.planeCount) planes") }
            // A linear buffer can be read straight from the dma-buf: B, G, R, A bytes per pixel.
            if frame.modifier == 0, let map = mmap(nil, frame.stride * 48 + frame.offset, PROT_READ, MAP_SHARED, frame.fd, 0), map != MAP_FAILED {
                defer { munmap(map, frame.stride * 48 + frame.offset) }
                let bytes = map.assumingMemoryBound(to: UInt8.self) + frame.offset
                func pixel(_ x: Int, _ y: Int) -> [UInt8] { (0..<4).map { bytes[y * frame.stride + x * 4 + $0] } }
                if pixel(8, 6) != [0, 0, 255, 255] { problems.append("top-left quarter (8, 6): \(pixel(8, 6)), expected red (BGRA 0 0 255 255)") }
                if pixel(48, 36) != [0, 0, 0, 0] { problems.append("bottom-right (48, 36): \(pixel(48, 36)), expected clear") }
            }
            return problems
        }
        #expect(result.isEmpty, "\(result)")
    }
}
