import Foundation
@_exported import SnapshotTesting
import Strata
import StrataCore

extension Diffing where Value == UIImage {
    /// A pixel-diffing strategy for images that requires every pixel to match.
    public static var image: Diffing { .image() }

    /// A pixel-diffing strategy for images, as swift-snapshot-testing defines it for UIKit.
    ///
    /// Images are stored as PNG. On a mismatch the failure message says how many pixels differ,
    /// and a difference image (`difference.png`: black where the two agree) is written beside the
    /// failed snapshot in the artifacts folder (`SNAPSHOT_ARTIFACTS`, else the temporary folder);
    /// the message names it.
    /// - Parameters:
    ///   - precision: the fraction of pixels that must match (0...1).
    ///   - perceptualPrecision: how closely a pixel must match to count as matching (0...1): 1 is
    ///     exactly, 0.98 to 0.99 is what an eye tells apart (CIE94 ΔE ≤ (1 − value) × 100).
    ///   - scale: the scale references are read at (nil or 0: 1). Pixels are compared; the scale
    ///     only gives the reference its size in points.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Diffing {
        precondition((0...1).contains(precision), "Diffing.image: precision must be within 0...1, got \(precision)")
        precondition((0...1).contains(perceptualPrecision), "Diffing.image: perceptualPrecision must be within 0...1, got \(perceptualPrecision)")
        let toData: (UIImage) -> Data = { $0.pngData() ?? Data() }
        return .diff(
            toData: toData,
            fromData: { data in UIImage(data: data, scale: scale.flatMap { $0 > 0 ? $0 : nil } ?? 1) ?? UIImage() },
            diffV2: { old, new in
                guard var message = ImageComparison.failure(reference: old, new: new, precision: precision, perceptualPrecision: perceptualPrecision) else {
                    return nil
                }
                var attachments: [DiffAttachment] = [.data(toData(old), name: "reference.png"), .data(toData(new), name: "failure.png")]
                if let difference = ImageComparison.difference(old, new), let png = difference.pngData() {
                    attachments.append(.data(png, name: "difference.png"))
                    if let url = SnapshotArtifacts.write(png, named: "difference.png") { message += "\n\nDifference image: \(url.path)" }
                }
                return (message, attachments)
            })
    }
}

extension Snapshotting where Value == UIImage, Format == UIImage {
    /// A snapshot strategy comparing images by their pixels, which must all match.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy comparing images by their pixels (see `Diffing.image(precision:perceptualPrecision:scale:)`).
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Snapshotting {
        .init(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale))
    }
}

/// Where failure images go: `SNAPSHOT_ARTIFACTS` (as swift-snapshot-testing writes failed
/// snapshots there), else the temporary folder, in `StrataSnapshotTesting/`.
enum SnapshotArtifacts {
    private static let written = Locked(0)

    /// Writes `data` as a new file whose name ends in `name`; nil when the folder cannot be written.
    static func write(_ data: Data, named name: String) -> URL? {
        let base = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        let folder = URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent("StrataSnapshotTesting", isDirectory: true)
        let n = written.withLock { count in
            count += 1
            return count
        }
        let url = folder.appendingPathComponent("\(ProcessInfo.processInfo.processIdentifier)-\(n)-\(name)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: url)
            return url
        } catch {
            return nil
        }
    }
}

extension MainActor {
    /// `body` on the main actor when called there; elsewhere it traps naming what needs the
    /// main actor.
    static func assumeSnapshotIsolation<T: Sendable>(_ body: @MainActor () -> T) -> T {
        MainActor.preconditionIsolated("StrataSnapshotTesting: snapshots of views, view controllers and layers are taken on the main actor; mark the test @MainActor")
        return MainActor.assumeIsolated { body() }
    }
}
