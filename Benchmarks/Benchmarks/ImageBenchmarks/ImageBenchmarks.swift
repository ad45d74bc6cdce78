// Decoding images through UIImage(data:), each against the reference library's own decode of
// the same bytes into a plain buffer in the same iteration: a 12-megapixel JPEG (libjpeg-turbo),
// two 4-megapixel PNGs, opaque and translucent (libpng), and a 4-megapixel WebP (libwebp); then
// uploading the 12-megapixel picture as a GL texture (glTexSubImage2D, then glFinish so the copy
// is done) against memcpy of the same 48 MB.
//   cd Benchmarks && swift package benchmark --target ImageBenchmarks
import Benchmark
import CImageReference
import Foundation
import Strata
import StrataBenchmarkSupport
import StrataCompositor
import StrataCore
import StrataGL

let benchmarks: @Sendable () -> Void = {
    let cases: [(name: String, encode: @Sendable () throws -> [UInt8], decode: @Sendable ([UInt8]) throws -> Void)] = [
        ("JPEG 4000×3000 (12 MP)", { try picture(width: 4000, height: 3000).jpegData(quality: 0.9) }, { _ = try referenceJPEG($0) }),
        ("PNG 2000×2000 (4 MP, opaque)", { try picture(width: 2000, height: 2000).pngData() }, { try referencePNG($0) }),
        ("PNG 2000×2000 (4 MP, translucent)", { try picture(width: 2000, height: 2000, translucent: true).pngData() }, { try referencePNG($0) }),
        ("WebP 2000×2000 (4 MP, lossy)", { webp(picture(width: 2000, height: 2000)) }, { try referenceWebP($0) }),
    ]
    for (name, encode, decode) in cases {
        compare(
            "decode \(name) with UIImage(data:) (reference: the library's own decode)",
            configuration: comparisonConfiguration(iterations: 15),
            setup: { @MainActor () throws -> ([UInt8], Data) in
                let bytes = try encode()
                return (bytes, Data(bytes))
            },
            strata: { s, _ in try check(UIImage(data: s.1) != nil, "\(name) did not decode") },
            reference: { s, _ in try decode(s.0) })
    }

    let gl = OwnThread(name: "bench.gl")
    compare(
        "upload 4000×3000 RGBA (48 MB) to a texture, glFinish (reference: memcpy of the same bytes)",
        configuration: comparisonConfiguration(iterations: 15),
        setup: { @MainActor () throws -> Upload in try Upload(on: gl) },
        strata: { s, _ in try s.upload() },
        reference: { s, _ in s.copy() },
        teardown: { s in try s.destroy() })
}

/// The 12-megapixel picture, a texture of its size on a context of `OwnThread`'s, and a buffer to copy it into.
final class Upload: @unchecked Sendable {
    let thread: OwnThread
    let photo = picture(width: 4000, height: 3000)
    var target: [UInt8]
    var context: GLContext?
    var texture: GLTexture?

    init(on thread: OwnThread) throws {
        self.thread = thread
        target = [UInt8](repeating: 0, count: photo.pixels.count)
        try thread.run { [self] in
            let context = try GLContext(connection: EGLConnection.open())
            self.context = context
            texture = try GLTexture(context: context, width: 4000, height: 3000)
        }
    }

    func upload() throws {
        try thread.run { [self] in
            texture!.upload(x: 0, y: 0, width: 4000, height: 3000, pixels: photo.pixels)
            context!.finish()
        }
    }

    func copy() {
        target.withUnsafeMutableBytes { out in photo.pixels.withUnsafeBytes { _ = memcpy(out.baseAddress!, $0.baseAddress!, $0.count) } }
    }

    func destroy() throws {
        try thread.run { [self] in
            texture = nil
            context?.destroy()
            context = nil
        }
    }
}

/// libwebp's lossy encode of `image` at quality 90.
func webp(_ image: RGBAImage) -> [UInt8] {
    var encoded: UnsafeMutablePointer<UInt8>?
    let (width, height) = (Int32(image.size.width), Int32(image.size.height))
    let count = image.pixels.withUnsafeBufferPointer { WebPEncodeRGBA($0.baseAddress, width, height, width * 4, 90, &encoded) }
    defer { WebPFree(encoded) }
    return [UInt8](UnsafeBufferPointer(start: encoded, count: count))
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
func referenceJPEG(_ bytes: [UInt8]) throws -> [UInt8] {
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
func referencePNG(_ bytes: [UInt8]) throws {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    let ok = bytes.withUnsafeBufferPointer { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
    try check(ok != 0, "libpng could not read the header")
    image.format = strata_png_format_rgba
    var out = [UInt8](repeating: 0, count: Int(image.width * image.height * 4))
    let done = out.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(image.width * 4), nil) }
    try check(done != 0, "libpng could not decode")
}

/// libwebp's simple decode into an RGBA buffer.
func referenceWebP(_ bytes: [UInt8]) throws {
    var width: Int32 = 0, height: Int32 = 0
    let pixels = bytes.withUnsafeBufferPointer { WebPDecodeRGBA($0.baseAddress, $0.count, &width, &height) }
    try check(pixels != nil, "libwebp could not decode")
    WebPFree(pixels)
}
