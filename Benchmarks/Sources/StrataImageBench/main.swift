// Decoding images through UIImage(data:) against the reference library's own decode of the same
// bytes into a plain buffer, in the same process: a 12-megapixel JPEG (libjpeg-turbo), two
// 4-megapixel PNGs, opaque and translucent (libpng), and a 4-megapixel WebP (libwebp); then
// uploading the 12-megapixel picture as a GL texture against copying its bytes with memcpy.
// Medians of 7 runs each.
import CImageReference
import Foundation
import Strata
import StrataCompositor
import StrataCore
import StrataGL

/// The median of `runs` timings of `body`, in milliseconds.
func median(runs: Int = 7, _ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return times.sorted()[runs / 2]
}

/// A photo-like picture: smooth gradients with fine detail; opaque, or with alpha falling from
/// left to right (premultiplied).
func picture(width: Int, height: Int, translucent: Bool = false) -> RGBAImage {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 4
            let a = translucent ? 255 - x * 255 / width : 255
            pixels[i] = UInt8(x * 255 / width * a / 255)
            pixels[i + 1] = UInt8(y * 255 / height * a / 255)
            pixels[i + 2] = UInt8(Int(UInt8(truncatingIfNeeded: (x ^ y) &* 7)) * a / 255)
            pixels[i + 3] = UInt8(a)
        }
    }
    return RGBAImage(size: PixelSize(width: width, height: height), pixels: pixels)
}

/// libjpeg-turbo's own decode into a plain RGBA buffer (the library's defaults, no error recovery).
func referenceJPEG(_ bytes: [UInt8]) -> [UInt8] {
    let errors = UnsafeMutablePointer<jpeg_error_mgr>.allocate(capacity: 1)
    defer { errors.deallocate() }
    var info = jpeg_decompress_struct()
    info.err = jpeg_std_error(errors)
    jpeg_CreateDecompress(&info, JPEG_LIB_VERSION, MemoryLayout<jpeg_decompress_struct>.size)
    defer { jpeg_destroy_decompress(&info) }
    return bytes.withUnsafeBufferPointer { data in
        jpeg_mem_src(&info, data.baseAddress, UInt(data.count))
        _ = jpeg_read_header(&info, 1)
        info.out_color_space = JCS_EXT_RGBA
        _ = jpeg_start_decompress(&info)
        let row = Int(info.output_width) * 4, height = Int(info.output_height)
        let out = [UInt8](unsafeUninitializedCapacity: row * height) { buffer, count in
            while info.output_scanline < info.output_height {
                var line: JSAMPROW? = buffer.baseAddress! + row * Int(info.output_scanline)
                _ = jpeg_read_scanlines(&info, &line, 1)
            }
            count = row * height
        }
        _ = jpeg_finish_decompress(&info)
        return out
    }
}

/// libpng's own decode (its simplified API) into a plain RGBA buffer (straight alpha, as PNG
/// stores it).
func referencePNG(_ bytes: [UInt8]) {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    let ok = bytes.withUnsafeBufferPointer { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
    precondition(ok != 0, "libpng could not read the header")
    image.format = strata_png_format_rgba
    var out = [UInt8](repeating: 0, count: Int(image.width * image.height * 4))
    let done = out.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(image.width * 4), nil) }
    precondition(done != 0, "libpng could not decode")
}

/// libwebp's simple decode into an RGBA buffer.
func referenceWebP(_ bytes: [UInt8]) {
    var width: Int32 = 0, height: Int32 = 0
    let pixels = bytes.withUnsafeBufferPointer { WebPDecodeRGBA($0.baseAddress, $0.count, &width, &height) }
    precondition(pixels != nil, "libwebp could not decode")
    WebPFree(pixels)
}

@MainActor func run() throws {
    let photo = picture(width: 4000, height: 3000)
    let jpeg = try photo.jpegData(quality: 0.9)
    let square = picture(width: 2000, height: 2000)
    let png = try square.pngData()
    let translucentPNG = try picture(width: 2000, height: 2000, translucent: true).pngData()
    var encoded: UnsafeMutablePointer<UInt8>?
    let webpCount = square.pixels.withUnsafeBufferPointer { WebPEncodeRGBA($0.baseAddress, 2000, 2000, 2000 * 4, 90, &encoded) }
    let webp = [UInt8](UnsafeBufferPointer(start: encoded, count: webpCount))
    WebPFree(encoded)

    let cases: [(String, Int, Data, () -> Void)] = [
        ("JPEG 4000×3000 (12 MP)", jpeg.count, Data(jpeg), { _ = referenceJPEG(jpeg) }),
        ("PNG 2000×2000 (4 MP, opaque)", png.count, Data(png), { referencePNG(png) }),
        ("PNG 2000×2000 (4 MP, translucent)", translucentPNG.count, Data(translucentPNG), { referencePNG(translucentPNG) }),
        ("WebP 2000×2000 (4 MP, lossy)", webp.count, Data(webp), { referenceWebP(webp) }),
    ]
    for (name, bytes, data, reference) in cases {
        precondition(UIImage(data: data) != nil, "\(name) did not decode")
        let strata = median { _ = UIImage(data: data) }
        let library = median(reference)
        print(
            String(
                format: "decode %@, %.1f MB: UIImage(data:) %.1f ms, the library's own decode %.1f ms, ratio %.2f (medians of 7)",
                name, Double(bytes) / 1e6, strata, library, strata / library))
    }
}

/// Uploading the 12-megapixel picture into a GL texture (glTexSubImage2D, then glFinish so the
/// copy is done) against memcpy of the same 48 MB.
func upload() throws {
    let photo = picture(width: 4000, height: 3000)
    let context = try GLContext(connection: EGLConnection.open())
    defer { context.destroy() }
    let gl = try {
        let texture = try GLTexture(context: context, width: 4000, height: 3000)
        return median {
            texture.upload(x: 0, y: 0, width: 4000, height: 3000, pixels: photo.pixels)
            context.finish()
        }
    }()
    var target = [UInt8](repeating: 0, count: photo.pixels.count)
    let copy = median {
        target.withUnsafeMutableBytes { out in photo.pixels.withUnsafeBytes { _ = memcpy(out.baseAddress!, $0.baseAddress!, $0.count) } }
    }
    print(
        String(
            format: "upload 4000×3000 RGBA (48 MB) to a texture on %@: %.1f ms, memcpy of the same bytes %.1f ms, ratio %.2f (medians of 7)",
            context.info.renderer, gl, copy, gl / copy))
}

try MainActor.assumeIsolated { try run() }
try upload()
