import Foundation
import StrataCore

#if canImport(Glibc)
    import Glibc
#endif

/// How a program's frames travel to `strata render`: a byte stream (the program's standard
/// output) of little-endian records, written by `RenderStreamWriter` and read by
/// `RenderStreamReader`, so the format lives here alone.
///
/// - header: the 8 bytes `STRATARF`, then UInt32 version (1), width, height;
/// - a frame: UInt32 1, UInt32 index, then width × height × 4 bytes of premultiplied RGBA, top row first;
/// - an error: UInt32 2, UInt32 the frame's index (`noFrame` for none), UInt32 length, UTF-8 text;
/// - the end: UInt32 3.
package enum RenderStream {
    static let magic = Array("STRATARF".utf8)
    static let version: UInt32 = 1
    static let frameTag: UInt32 = 1, errorTag: UInt32 = 2, endTag: UInt32 = 3
    /// The index an error record carries when no frame was being made.
    package static let noFrame = UInt32.max

    /// One record read from a stream.
    package enum Record: Equatable {
        case frame(index: Int, image: RGBAImage)
        case error(frame: Int?, message: String)
        case end
    }
}

/// Writes the stream to a file descriptor. Any thread, one writer at a time.
package struct RenderStreamWriter {
    private let descriptor: Int32

    /// A writer to `descriptor` (left open).
    package init(descriptor: Int32) { self.descriptor = descriptor }

    /// The header of a stream of `size` frames.
    package func writeHeader(size: PixelSize) throws {
        try write(RenderStream.magic + words([RenderStream.version, UInt32(size.width), UInt32(size.height)]))
    }

    /// Frame `index`'s pixels.
    package func writeFrame(index: Int, image: RGBAImage) throws {
        try write(words([RenderStream.frameTag, UInt32(index)]))
        try write(image.pixels)
    }

    /// Why the program stopped, at frame `index` (nil: before any frame).
    package func writeError(frame index: Int?, message: String) throws {
        let text = Array(message.utf8)
        try write(words([RenderStream.errorTag, index.map(UInt32.init) ?? RenderStream.noFrame, UInt32(text.count)]) + text)
    }

    /// The end: every frame asked for was written.
    package func writeEnd() throws { try write(words([RenderStream.endTag])) }

    private func words(_ values: [UInt32]) -> [UInt8] {
        values.flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    }

    private func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw RenderStreamError.writeFailed(String(cString: strerror(errno)))
                }
                offset += written
            }
        }
    }
}

/// Reads the stream from a file descriptor. One reader at a time.
package struct RenderStreamReader {
    private let descriptor: Int32
    /// The frames' size, from the header.
    package private(set) var size = PixelSize(width: 0, height: 0)

    /// A reader of `descriptor` (left open); `readHeader()` comes first.
    package init(descriptor: Int32) { self.descriptor = descriptor }

    /// Reads the header; nil when the stream ends before it (the program wrote nothing).
    /// - Throws: `RenderStreamError.malformed` for bytes that are not a stream's header.
    package mutating func readHeader() throws -> PixelSize? {
        guard let head = try read(8 + 12) else { return nil }
        guard Array(head[0..<8]) == RenderStream.magic else {
            throw RenderStreamError.malformed("the output does not start with a frame stream's header (did the program print to standard output before RenderProgram.main()?)")
        }
        let version = word(head, at: 8), width = Int(word(head, at: 12)), height = Int(word(head, at: 16))
        guard version == RenderStream.version else {
            throw RenderStreamError.malformed("stream version \(version); this strata reads version \(RenderStream.version): build the program against the same Strata")
        }
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else {
            throw RenderStreamError.malformed("a frame size of \(width)×\(height) pixels")
        }
        size = PixelSize(width: width, height: height)
        return size
    }

    /// The next record; nil when the stream ends without an end record (the program died).
    /// - Throws: `RenderStreamError.malformed` for an unknown record or one cut short.
    package mutating func next() throws -> RenderStream.Record? {
        guard let tagBytes = try read(4) else { return nil }
        switch word(tagBytes, at: 0) {
        case RenderStream.frameTag:
            guard let indexBytes = try read(4), let pixels = try read(size.area * 4) else { return nil }
            return .frame(index: Int(word(indexBytes, at: 0)), image: RGBAImage(size: size, pixels: pixels))
        case RenderStream.errorTag:
            guard let head = try read(8) else { return nil }
            let index = word(head, at: 0), length = Int(word(head, at: 4))
            guard length <= 1 << 20 else { throw RenderStreamError.malformed("an error message of \(length) bytes") }
            guard let text = try read(length) else { return nil }
            return .error(frame: index == RenderStream.noFrame ? nil : Int(index), message: String(decoding: text, as: UTF8.self))
        case RenderStream.endTag:
            return .end
        case let tag:
            throw RenderStreamError.malformed("a record of unknown kind \(tag)")
        }
    }

    private func word(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }

    /// `count` bytes; nil when the stream ends first.
    private func read(_ count: Int) throws -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        try bytes.withUnsafeMutableBytes { buffer in
            while offset < count {
                let got = Glibc.read(descriptor, buffer.baseAddress! + offset, count - offset)
                if got < 0 {
                    if errno == EINTR { continue }
                    throw RenderStreamError.readFailed(String(cString: strerror(errno)))
                }
                if got == 0 { return }
                offset += got
            }
        }
        return offset == count ? bytes : nil
    }
}

/// A frame stream that could not be written or read.
package enum RenderStreamError: Error, CustomStringConvertible {
    case writeFailed(String)
    case readFailed(String)
    case malformed(String)

    package var description: String {
        switch self {
        case .writeFailed(let reason): "cannot write the frame stream: \(reason)"
        case .readFailed(let reason): "cannot read the frame stream: \(reason)"
        case .malformed(let reason): "the program's output is not a frame stream: \(reason)"
        }
    }
}
