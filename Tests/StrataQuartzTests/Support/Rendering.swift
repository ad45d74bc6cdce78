import Foundation
import StrataCore
import StrataGraphics
import Testing

@_spi(Testing) import StrataQuartz

/// Draws `layer` with `render(in:)` into a `width` × `height` RGBA bitmap context flipped to a
/// top-left origin (as UIKit's image renderers are) and returns its pixels. Main actor.
@MainActor
func rendered(_ layer: CALayer, width: Int = 100, height: Int = 100) throws -> RGBAImage {
    let context = try #require(
        CGContext(
            data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
    context.translateBy(x: 0, y: CGFloat(height))
    context.scaleBy(x: 1, y: -1)
    layer.render(in: context)
    return try #require(context.makeImage()).image
}
