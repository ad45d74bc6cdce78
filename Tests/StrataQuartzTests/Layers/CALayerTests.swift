import Foundation
import StrataCore
import StrataGraphics
import StrataTesting
import Testing

@_spi(Testing) import StrataQuartz

/// `CALayer`'s own documented rules, with no context and no GPU.
@MainActor
@Suite struct CALayerTests {
    @Test("opacity is clamped to 0...1 as Core Animation documents: 1.2 reads 1, -0.5 reads 0")
    func opacityIsClamped() {
        let layer = CALayer()
        layer.opacity = 1.2
        #expect(layer.opacity == 1)
        layer.opacity = -0.5
        #expect(layer.opacity == 0)
    }

    @Test("contents is Core Animation's Any?: a CGImage set reads back as that same image and is sent; any other value reads back as set and sends no picture")
    func contentsIsAnyOptional() async throws {
        let fixture = try ContextFixture()
        let layer = fixture.layer(10)
        let image = CGImage(image: RGBAImage(size: PixelSize(width: 4, height: 4), filledWith: Color(red: 1, green: 0, blue: 0, alpha: 1)))
        let optional: CGImage? = image
        layer.contents = optional
        #expect((layer.contents as? CGImage) === image)
        try await fixture.context.present(through: 1)
        #expect(fixture.sentContents(of: layer) == [4])
        layer.contents = "not an image"
        #expect(layer.contents as? String == "not an image")
        try await fixture.context.present(through: 2)
        #expect(fixture.sentContents(of: layer) == [4, nil], "a value that is not an image replaces the picture with none")
        let none: CGImage? = nil
        layer.contents = none
        #expect(layer.contents == nil)
    }
}

extension ContextFixture {
    /// The contents each commit sent for `layer`, in order: the picture's width, or nil for none.
    func sentContents(of layer: CALayer) -> [Int?] {
        commits.flatMap(\.operations).compactMap {
            guard case .setContents(let id, let update) = $0, id == layer._id else { return nil }
            return .some(update.map { $0.size.width })
        }
    }
}
