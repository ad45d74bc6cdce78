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

    /// The names `STRATA_DEBUG` takes, with their options.
    public static let names: [(String, DebugOptions)] = [("damage", .damage)]

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
