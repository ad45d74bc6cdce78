import Foundation
import StrataCore
import Synchronization

// `UIImage(named:)`: images found by name in a bundle (the program's own, a Swift package's
// resource bundle, or any directory opened as a `Bundle`), the variant for the screen's scale
// picked, and kept in a cache so every view naming the same image shares one object (and so one
// GPU upload).

extension UIImage {
    /// The image named `name` in the program's main bundle (`Bundle.main`: on Linux, the folder
    /// of the executable), for the main screen's scale; nil when there is none. See
    /// `init(named:in:compatibleWith:)` for how the file is found.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// The image named `name` in `bundle` (nil: the main bundle), for `traitCollection`'s
    /// display scale (nil or 0: the main screen's, or 3 before any screen exists, as
    /// `UIScreen.main` would make); nil when there is none.
    ///
    /// As UIKit looks it up: a name without an extension means a PNG file; the file for the
    /// scale is preferred (`button@2x.png` on a scale-2 screen, scale 2), then the other scales
    /// from the nearest higher one down, the plain name counting as scale 1. An asset catalog
    /// folder (`*.xcassets/NAME.imageset` with its `Contents.json`) in the bundle's resources is
    /// read the same way. Files are looked for in the bundle's resource folder and its top
    /// folder. Decoded images are cached: naming one again shares its pixels (and their GPU upload).
    /// Any thread.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        var scale = traitCollection?.displayScale ?? 0
        if !(scale.isFinite && scale > 0) { scale = UIImage.mainScreenScale }
        guard !name.isEmpty, let found = NamedImages.find(name, in: bundle ?? .main, scale: scale) else { return nil }
        self.init(sharing: found)
    }

    /// A system symbol image: nil, always. Strata has no SF Symbols (their font and images are
    /// Apple's and licensed for Apple platforms only); draw the symbol yourself, or ship an image
    /// and load it with `init(named:)`.
    public convenience init?(systemName name: String) {
        return nil
    }

    /// A system symbol image for a trait collection: nil, always (see `init(systemName:)`).
    public convenience init?(systemName name: String, compatibleWith traitCollection: UITraitCollection?) {
        return nil
    }

    /// An image sharing `other`'s pixels and attributes (a convenience initializer cannot
    /// return an existing object, so the cache's image is wrapped; the bitmap, and so its
    /// upload, is the same).
    private convenience init(sharing other: UIImage) {
        self.init(cgImage: other.cgImage, uprightImage: other.uprightImage, scale: other.scale, orientation: other.imageOrientation)
    }

    /// The scale `init(named:)` picks files for when no trait collection gives one: the main
    /// screen's (set when a screen becomes the main one), else 3.
    static var mainScreenScale: CGFloat {
        let bits = mainScreenScaleBits.load(ordering: .relaxed)
        return bits == 0 ? 3 : CGFloat(Double(bitPattern: bits))
    }

    /// Records the main screen's scale for `init(named:)` (any thread).
    static func setMainScreenScale(_ scale: CGFloat) {
        mainScreenScaleBits.store(Double(scale).bitPattern, ordering: .relaxed)
    }
}

/// The main screen's scale, as a Double's bits (0: none yet).
private let mainScreenScaleBits = Atomic<UInt64>(0)

/// Finds and caches named images.
private enum NamedImages {
    /// Decoded images by file path.
    private static let cache = Locked(NSCache<NSString, UIImage>())

    /// The image for `name` in `bundle` at `scale`, decoded or from the cache.
    static func find(_ name: String, in bundle: Bundle, scale: CGFloat) -> UIImage? {
        let folders = searchFolders(of: bundle)
        guard let (path, fileScale) = bestFile(named: name, in: folders, scale: scale) else { return nil }
        let key = "\(path)|\(fileScale)" as NSString
        return cache.withLock { cache in
            if let cached = cache.object(forKey: key) { return cached }
            guard let data = FileManager.default.contents(atPath: path), let image = UIImage(data: data, scale: fileScale) else { return nil }
            cache.setObject(image, forKey: key)
            return image
        }
    }

    /// The folders a bundle's resources may be in: its resource folder, then its own.
    private static func searchFolders(of bundle: Bundle) -> [String] {
        var folders: [String] = []
        for folder in [bundle.resourcePath, bundle.bundlePath].compactMap({ $0 }) where !folders.contains(folder) {
            folders.append(folder)
        }
        return folders
    }

    /// Scales in the order they are preferred for a screen of `scale`: the nearest at or above
    /// it first, going up, then the ones below going down.
    static func preferredScales(for scale: CGFloat) -> [CGFloat] {
        let target = max(1, min(3, scale.rounded(.up)))
        let all: [CGFloat] = [1, 2, 3]
        return all.filter { $0 >= target } + all.filter { $0 < target }.reversed()
    }

    /// The file that best fits `scale`, with the scale it is drawn at.
    private static func bestFile(named name: String, in folders: [String], scale: CGFloat) -> (String, CGFloat)? {
        let ns = name as NSString
        let ext = ns.pathExtension.isEmpty ? "png" : ns.pathExtension
        let stem = ns.pathExtension.isEmpty ? name : ns.deletingPathExtension
        let fm = FileManager.default
        for folder in folders {
            for s in preferredScales(for: scale) {
                let suffix = s == 1 ? "" : "@\(Int(s))x"
                let path = (folder as NSString).appendingPathComponent("\(stem)\(suffix).\(ext)")
                if fm.fileExists(atPath: path) { return (path, s) }
            }
            if let found = assetCatalogFile(named: stem, in: folder, scale: scale) { return found }
        }
        return nil
    }

    /// The file of image set `name` in an asset catalog in `folder` that best fits `scale`.
    private static func assetCatalogFile(named name: String, in folder: String, scale: CGFloat) -> (String, CGFloat)? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        for catalog in entries.sorted() where catalog.hasSuffix(".xcassets") {
            let set = ((folder as NSString).appendingPathComponent(catalog) as NSString).appendingPathComponent("\(name).imageset")
            guard let data = FileManager.default.contents(atPath: (set as NSString).appendingPathComponent("Contents.json")),
                let contents = try? JSONDecoder().decode(ImageSetContents.self, from: data)
            else { continue }
            var files: [CGFloat: String] = [:]
            for entry in contents.images {
                guard let file = entry.filename else { continue }
                let s = CGFloat(Double((entry.scale ?? "1x").dropLast()) ?? 1)
                if files[s] == nil { files[s] = (set as NSString).appendingPathComponent(file) }
            }
            for s in preferredScales(for: scale) {
                if let file = files[s] { return (file, s) }
            }
        }
        return nil
    }

    /// The part of an image set's `Contents.json` that names its files.
    private struct ImageSetContents: Decodable {
        struct Entry: Decodable {
            var filename: String?
            var scale: String?
        }
        var images: [Entry]
    }
}
