import CCairo
import CPango
import Foundation

/// The process's one Pango context for fonts and text layout: a Pango–Cairo font map (fonts
/// found through fontconfig, shaped by HarfBuzz) at 72 dots per inch, so one Pango point is one
/// UIKit point, with metric hinting off, so measured sizes do not depend on the screen's scale.
///
/// Any thread: Pango's objects are not thread-safe, so every use goes through `withContext`,
/// under one lock. Layouts made here are drawn by `pango_cairo_show_layout` into any Cairo
/// context, whose transformation scales them to pixels.
///
/// The faces are fontconfig's: each is named by its PostScript name (as UIKit names fonts) and
/// grouped under its first family name. Fonts an app registers (`CTFontManagerRegisterFontsForURL`,
/// `CTFontManagerRegisterGraphicsFont`, `UIAppFonts`) are added to fontconfig's configuration as
/// application fonts (`FcConfigAppFontAddFile`), and Pango's font map is told it changed.
final class FontSystem: @unchecked Sendable {
    static let shared = FontSystem()

    /// One installed face: its PostScript name, family, and the Pango description (family,
    /// weight, style, stretch; no size) that loads it.
    struct Face {
        let postScriptName: String
        let family: String
        let weight: Int32
        let italic: Bool
        let stretch: UInt32
    }

    /// Guards the font map and the context, which live outside Swift (an `NSLock`, as StrataCore's
    /// `Locked` box uses: see there).
    private let lock = NSLock()
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    /// Family names and their faces, listed once (and again after a font is registered).
    private var catalog: [String: [Face]]?
    /// The files registered, so registering one twice is refused as Core Text refuses it.
    private var registeredFiles: Set<String> = []

    private init() {
        fontMap = pango_cairo_font_map_new()
        context = pango_font_map_create_context(fontMap)
        pango_cairo_context_set_resolution(context, 72)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    /// Runs `body` with the Pango context, under the lock.
    func withContext<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(context)
    }

    /// The font map as fontconfig's (Pango–Cairo's font map on Linux is one).
    private var fcFontMap: OpaquePointer { OpaquePointer(fontMap) }

    // MARK: The fonts installed

    /// Every family (its first name in fontconfig) and its faces, from fontconfig's list.
    private func loadedCatalog() -> [String: [Face]] {
        if let catalog { return catalog }
        var result: [String: [Face]] = [:]
        let pattern = FcPatternCreate()
        let objects = FcObjectSetCreate()
        for object in [FC_FAMILY, FC_STYLE, FC_POSTSCRIPT_NAME, FC_WEIGHT, FC_SLANT, FC_WIDTH] {
            FcObjectSetAdd(objects, object)
        }
        let config = pango_fc_font_map_get_config(fcFontMap)
        if let set = FcFontList(config, pattern, objects) {
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[i] else { continue }
                var family: UnsafeMutablePointer<FcChar8>?
                var postScript: UnsafeMutablePointer<FcChar8>?
                guard FcPatternGetString(font, FC_FAMILY, 0, &family) == FcResultMatch, let family,
                    FcPatternGetString(font, FC_POSTSCRIPT_NAME, 0, &postScript) == FcResultMatch, let postScript
                else { continue }
                let familyName = String(cString: family)
                let description = pango_fc_font_description_from_pattern(font, 0)!
                defer { pango_font_description_free(description) }
                let face = Face(
                    postScriptName: String(cString: postScript), family: familyName,
                    weight: Int32(pango_font_description_get_weight(description).rawValue),
                    italic: pango_font_description_get_style(description) != PANGO_STYLE_NORMAL,
                    stretch: pango_font_description_get_stretch(description).rawValue)
                if !(result[familyName]?.contains { $0.postScriptName == face.postScriptName } ?? false) {
                    result[familyName, default: []].append(face)
                }
            }
            FcFontSetDestroy(set)
        }
        FcObjectSetDestroy(objects)
        FcPatternDestroy(pattern)
        for key in result.keys {
            result[key] = reachableFaces(result[key]!).sorted { $0.postScriptName < $1.postScriptName }
        }
        catalog = result
        return result
    }

    /// `faces` less those Pango cannot load by description: when two faces of a family claim the
    /// same weight, style and stretch (Noto Nastaliq Urdu's Bold says it is regular), only the
    /// one Pango picks opens, so only it is listed. Called under the lock.
    private func reachableFaces(_ faces: [Face]) -> [Face] {
        let groups = Dictionary(grouping: faces) { "\($0.weight)/\($0.italic)/\($0.stretch)" }
        guard groups.count < faces.count else { return faces }
        return groups.values.flatMap { group -> [Face] in
            guard group.count > 1, let first = group.first else { return group }
            let description = UIFont.pangoDescription(family: first.family, weight: first.weight, italic: first.italic, size: 12, stretch: first.stretch)
            defer { pango_font_description_free(description) }
            guard let font = pango_context_load_font(context, description) else { return [] }
            defer { g_object_unref(font) }
            let loaded = UIFont.postScriptName(of: font)
            return group.filter { $0.postScriptName == loaded }
        }
    }

    /// The families installed, sorted.
    func familyNames() -> [String] {
        withContext { _ in loadedCatalog().keys.sorted() }
    }

    /// The faces of `family`, as PostScript names; empty when it is not installed.
    func fontNames(forFamily family: String) -> [String] {
        withContext { _ in loadedCatalog()[family]?.map(\.postScriptName) ?? [] }
    }

    /// The face called `name`: a PostScript name (`Inter-Bold`, `DejaVuSansCondensed`), or a
    /// family name for its regular face; nil when nothing installed has it.
    func face(named name: String) -> Face? {
        withContext { _ in
            let catalog = loadedCatalog()
            if let faces = catalog[name] {
                let upright = faces.filter { !$0.italic && $0.stretch == PANGO_STRETCH_NORMAL.rawValue }
                let regular = upright.min { abs($0.weight - 400) < abs($1.weight - 400) }
                return regular ?? Face(postScriptName: name, family: name, weight: 400, italic: false, stretch: PANGO_STRETCH_NORMAL.rawValue)
            }
            for faces in catalog.values {
                if let face = faces.first(where: { $0.postScriptName == name }) { return face }
            }
            for faces in catalog.values {
                if let face = faces.first(where: { $0.postScriptName.caseInsensitiveCompare(name) == .orderedSame }) { return face }
            }
            return nil
        }
    }

    // MARK: Fonts apps register

    /// Adds the font file at `path` to fontconfig as an application font, so `UIFont(name:size:)`
    /// finds its faces by PostScript name. False when the file holds no font fontconfig reads,
    /// or was registered already.
    func registerFont(atPath path: String) -> Bool {
        withContext { _ in
            guard !registeredFiles.contains(path) else { return false }
            let config = pango_fc_font_map_get_config(fcFontMap)
            guard FcConfigAppFontAddFile(config, path) != 0 else { return false }
            registeredFiles.insert(path)
            pango_fc_font_map_config_changed(fcFontMap)
            catalog = nil
            return true
        }
    }

    /// Registers the font files the bundle's `Info.plist` lists under `UIAppFonts` (paths
    /// relative to the bundle's resources), as UIKit does when an app starts. Returns the
    /// paths registered.
    @discardableResult
    func registerAppFonts(of bundle: Bundle) -> [String] {
        let names = bundle.object(forInfoDictionaryKey: "UIAppFonts") as? [String] ?? []
        return registerAppFonts(names, in: bundle)
    }

    /// Registers the font files `names` (relative to the bundle's resources).
    func registerAppFonts(_ names: [String], in bundle: Bundle) -> [String] {
        let base = bundle.resourceURL ?? URL(fileURLWithPath: bundle.bundlePath)
        return names.compactMap { name in
            let path = base.appendingPathComponent(name).path
            return registerFont(atPath: path) ? path : nil
        }
    }

    /// The `UIAppFonts` of the main bundle, registered once before the first font is looked up.
    static let mainBundleAppFonts: [String] = shared.registerAppFonts(of: .main)
}

extension FontSystem {
    /// The faces of `family` (empty when it is not installed).
    func faces(ofFamily family: String) -> [Face] {
        withContext { _ in loadedCatalog()[family] ?? [] }
    }
}

extension FontSystem {
    /// Whether the file at `path` was registered.
    func isRegistered(path: String) -> Bool {
        withContext { _ in registeredFiles.contains(path) }
    }
}
