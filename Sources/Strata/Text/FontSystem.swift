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
final class FontSystem: @unchecked Sendable {
    static let shared = FontSystem()

    /// Guards the font map and the context, which live outside Swift (an `NSLock`, as StrataCore's
    /// `Locked` box uses: see there).
    private let lock = NSLock()
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    /// Family names and their faces (`fontName`, description), listed once.
    private var catalog: [String: [(name: String, description: OpaquePointer)]]?

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

    // MARK: The fonts installed

    /// Every family and its faces' names (`Family-Face` without spaces, the PostScript form).
    private func loadedCatalog() -> [String: [(name: String, description: OpaquePointer)]] {
        if let catalog { return catalog }
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(fontMap, &families, &count)
        var result: [String: [(String, OpaquePointer)]] = [:]
        for i in 0..<Int(count) {
            guard let family = families?[i], let cName = pango_font_family_get_name(family) else { continue }
            let familyName = String(cString: cName)
            var faces: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFace>?>?
            var faceCount: Int32 = 0
            pango_font_family_list_faces(family, &faces, &faceCount)
            var list: [(String, OpaquePointer)] = []
            for j in 0..<Int(faceCount) {
                guard let face = faces?[j], let cFace = pango_font_face_get_face_name(face) else { continue }
                let faceName = String(cString: cFace)
                let name = familyName.replacingOccurrences(of: " ", with: "") + "-" + faceName.replacingOccurrences(of: " ", with: "")
                list.append((name, pango_font_face_describe(face)))
            }
            g_free(faces)
            result[familyName] = list
        }
        g_free(families)
        catalog = result
        return result
    }

    /// The families installed, sorted.
    func familyNames() -> [String] {
        withContext { _ in loadedCatalog().keys.sorted() }
    }

    /// The faces of `family`, as font names; empty when it is not installed.
    func fontNames(forFamily family: String) -> [String] {
        withContext { _ in loadedCatalog()[family]?.map(\.name) ?? [] }
    }

    /// The family and the Pango weight and style of the face called `name` (a font name such as
    /// `Inter-Bold`, or a family name for its regular face); nil when nothing installed has it.
    func face(named name: String) -> (family: String, weight: Int32, italic: Bool)? {
        withContext { _ in
            let catalog = loadedCatalog()
            if catalog[name] != nil { return (name, Int32(PANGO_WEIGHT_NORMAL.rawValue), false) }
            for (family, faces) in catalog {
                if let face = faces.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
                    let style = pango_font_description_get_style(face.description)
                    return (family, Int32(pango_font_description_get_weight(face.description).rawValue), style != PANGO_STYLE_NORMAL)
                }
            }
            return nil
        }
    }
}
