/// Reads fuzz bytes as values: small choices, and numbers that are often the edge cases (NaN,
/// ±∞, 0, −0, huge, tiny, the texture limit) and otherwise the next eight bytes as they are, or
/// an ordinary size.
public struct FuzzBytes {
    private let bytes: [UInt8]
    private var at = 0

    /// Reads `bytes` from the start.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read (reads past the end give 0).
    public var isEmpty: Bool { at >= bytes.count }

    /// The next byte.
    public mutating func byte() -> UInt8 {
        defer { at += 1 }
        return at < bytes.count ? bytes[at] : 0
    }

    /// A number in 0..<n.
    public mutating func choice(_ n: Int) -> Int { Int(byte()) % n }

    /// A double: an edge case, a raw bit pattern, or a size within ±400.
    public mutating func double() -> Double {
        let edges: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, 1, -1, 0.5, 1e300, -1e300, 1e-300, 16_384, 65_536, 1e19]
        let pick = byte()
        if Int(pick) < edges.count * 2 { return edges[Int(pick) % edges.count] }
        var raw: UInt64 = 0
        for _ in 0..<8 { raw = raw << 8 | UInt64(byte()) }
        return pick & 1 == 0 ? Double(bitPattern: raw) : Double(Int64(truncatingIfNeeded: raw) % 400)
    }

    /// A float, as `double()` gives it.
    public mutating func float() -> Float { Float(double()) }
}

/// libFuzzer's driver (the fuzzer runtime's own `main` is not used: SwiftPM gives an executable
/// module's entry point its module's name, so each target's `<Target>_main` calls `runFuzzer`).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the program's arguments and `callback` as the function under test.
public func runFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, callback)
}
