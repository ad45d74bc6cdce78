import Foundation
import Logging

/// What the renderer draws to help see what it does, like wlroots' damage debugging and Qt Quick's
/// renderer debug modes. Off by default; set them with `STRATA_DEBUG` (comma-separated names) or
/// in `CompositorConfiguration.debug`. A plain value.
public struct DebugOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    /// Options from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Tints each frame's redrawn region translucent magenta after drawing it (and draws every
    /// frame, without replay), so what a change redraws shows; older tints stay until redrawn.
    public static let damage = DebugOptions(rawValue: 1 << 0)

    /// Tints each batch (one instanced draw call) with a colour of its own, over what it drew: the
    /// frame's batches in order take magenta, cyan, yellow, green, orange and blue (30 %), round
    /// again. Quads that share a colour went to the GPU together.
    public static let batches = DebugOptions(rawValue: 1 << 1)

    /// Draws how many times each pixel is painted instead of the picture: the target starts
    /// black, and every quad drawn (the clear that paints a background counts as one) adds
    /// (0.25, 0.125, 0.0625), so a pixel painted once is dark brown, twice twice as bright, four
    /// times orange-white.
    public static let overdraw = DebugOptions(rawValue: 1 << 2)

    /// The names `STRATA_DEBUG` takes, with their options.
    public static let names: [(String, DebugOptions)] = [("damage", .damage), ("batches", .batches), ("overdraw", .overdraw)]

    /// The colours `batches` tints successive batches with (premultiplied, 30 % opaque).
    static let batchTints: [SIMD4<Float>] = [
        SIMD4(1, 0, 1, 1), SIMD4(0, 1, 1, 1), SIMD4(1, 1, 0, 1), SIMD4(0, 1, 0, 1), SIMD4(1, 0.5, 0, 1), SIMD4(0, 0, 1, 1),
    ].map { $0 * 0.3 }

    /// What `overdraw` adds per quad.
    static let overdrawStep = SIMD4<Float>(0.25, 0.125, 0.0625, 0.25)

    /// The options `STRATA_DEBUG` names (none when it is unset); an unknown name is logged with
    /// the names there are, and ignored.
    public static func fromEnvironment() -> DebugOptions {
        guard let text = ProcessInfo.processInfo.environment["STRATA_DEBUG"] else { return [] }
        var options: DebugOptions = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            if let option = names.first(where: { $0.0 == name })?.1 {
                options.insert(option)
            } else {
                Logger(label: "strata.render").warning(
                    "STRATA_DEBUG: no debug switch is named \"\(name)\"; the switches are \(names.map(\.0).joined(separator: ", "))")
            }
        }
        return options
    }
}
