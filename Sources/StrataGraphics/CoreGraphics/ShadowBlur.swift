import CCairo
import Foundation

/// The coverage of what a Cairo recording painted, rasterised into an 8-bit alpha bitmap with
/// room around it and blurred: the shape of a shadow. The blur is three box blurs across and
/// three down, sized to approximate a Gaussian of the given standard deviation (within a few
/// per cent, as browsers and Core Graphics-compatible renderers do it). Owned by one drawing call.
final class BlurredCoverage {
    /// The A8 bitmap.
    let surface: OpaquePointer
    /// Where its top-left pixel lies, in the recording's device pixels.
    let origin: CGPoint

    /// The coverage of `recording` within its ink extents (`x`, `y`, `width`, `height`, device
    /// pixels), blurred by a Gaussian of `sigma` pixels; nil when the bitmap cannot be made.
    init?(of recording: OpaquePointer, x: Double, y: Double, width: Double, height: Double, sigma: Double) {
        let pad = sigma > 0 ? Int((sigma * 3).rounded(.up)) : 0
        let x0 = Int(x.rounded(.down)) - pad, y0 = Int(y.rounded(.down)) - pad
        let w = Int((x + width).rounded(.up)) + pad - x0, h = Int((y + height).rounded(.up)) + pad - y0
        guard w > 0, h > 0, w < 32_768, h < 32_768, let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        origin = CGPoint(x: x0, y: y0)
        let cr = cairo_create(surface)!
        cairo_set_source_surface(cr, recording, Double(-x0), Double(-y0))
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        if sigma >= 0.5, let data = cairo_image_surface_get_data(surface) {
            Self.blur(data, width: w, height: h, stride: Int(cairo_image_surface_get_stride(surface)), sigma: sigma)
        }
        cairo_surface_mark_dirty(surface)
    }

    deinit { cairo_surface_destroy(surface) }

    /// The widths (odd) of three box blurs that together approximate a Gaussian of `sigma`.
    static func boxWidths(sigma: Double) -> [Int] {
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let l = Double(lower)
        let m = Int(((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded())
        return (0..<3).map { $0 < m ? lower : lower + 2 }
    }

    /// Blurs an A8 bitmap in place: each box across every row, then down every column.
    private static func blur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        var line = [UInt8](repeating: 0, count: max(width, height))
        for box in boxWidths(sigma: sigma) where box > 1 {
            let radius = (box - 1) / 2
            for y in 0..<height { boxPass(data + y * stride, count: width, step: 1, radius: radius, line: &line) }
            for x in 0..<width { boxPass(data + x, count: height, step: stride, radius: radius, line: &line) }
        }
    }

    /// One box blur of `radius` along `count` values `step` bytes apart (values beyond the ends
    /// count as 0), through `line` as scratch.
    private static func boxPass(_ p: UnsafeMutablePointer<UInt8>, count: Int, step: Int, radius: Int, line: inout [UInt8]) {
        for i in 0..<count { line[i] = p[i * step] }
        let width = 2 * radius + 1
        var sum = 0
        for i in 0..<min(radius, count) { sum += Int(line[i]) }
        for i in 0..<count {
            let entering = i + radius, leaving = i - radius - 1
            if entering < count { sum += Int(line[entering]) }
            if leaving >= 0 { sum -= Int(line[leaving]) }
            p[i * step] = UInt8((sum + width / 2) / width)
        }
    }
}
