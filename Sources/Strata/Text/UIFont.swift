import CPango
import Foundation

/// A font at a size, with its metrics: UIKit's `UIFont`. Immutable; any thread.
///
/// Fonts are the ones fontconfig finds. The system font is Inter (installed by the README's
/// set-up): an open sans-serif drawn for user interfaces, close to San Francisco in proportions
/// and with the same weights (thin to black), so layouts sized for iOS fit. Without Inter it is
/// fontconfig's `sans-serif`. The monospaced system font is DejaVu Sans Mono (`monospace`
/// without it). Characters a font lacks are drawn from the font fontconfig finds for them: the
/// set-up installs Noto for other scripts (Arabic, Hebrew, Devanagari, Thai and the rest of
/// `fonts-noto-core`; Chinese, Japanese and Korean from `fonts-noto-cjk`) and Noto Color Emoji,
/// drawn in colour. Metrics come from the font itself through Pango and HarfBuzz, in points.
///
/// A subclass of `NSObject`, as UIKit's, so an attributes dictionary mixing fonts and paragraph
/// styles has `NSObject` values. Fonts an app bundles are found by their PostScript names once
/// registered (`CTFontManagerRegisterFontsForURL`, `CTFontManagerRegisterGraphicsFont`, or the
/// `UIAppFonts` list of the main bundle's `Info.plist`).
public final class UIFont: NSObject, @unchecked Sendable {
    /// A font weight: UIKit's `UIFont.Weight`, with its values (-1 … 1, regular 0).
    public struct Weight: RawRepresentable, Hashable, Comparable, Sendable {
        /// The weight's value.
        public let rawValue: CGFloat
        /// A weight from its value.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// A weight from its value.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)
        /// Whether `a` is lighter than `b`.
        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }

        /// The OpenType weight (100 … 900) of the nearest named weight.
        var openTypeWeight: Int32 {
            let table: [(Weight, Int32)] = [
                (.ultraLight, 200), (.thin, 100), (.light, 300), (.regular, 400), (.medium, 500),
                (.semibold, 600), (.bold, 700), (.heavy, 800), (.black, 900),
            ]
            return table.min { abs($0.0.rawValue - rawValue) < abs($1.0.rawValue - rawValue) }!.1
        }
    }

    /// The font's family, as installed (e.g. "Inter").
    public let familyName: String
    /// The face's PostScript name (e.g. "Inter-SemiBold", "DejaVuSansCondensed-Bold"), read
    /// from the face Pango loaded.
    public let fontName: String
    /// The size, in points.
    public let pointSize: CGFloat
    /// From the baseline to the top of the tallest glyphs, in points (positive).
    public let ascender: CGFloat
    /// From the baseline to the bottom of the lowest glyphs, in points (negative, as UIKit's).
    public let descender: CGFloat
    /// The distance from one baseline to the next with no extra spacing: ascender − descender + leading.
    public let lineHeight: CGFloat
    /// The extra space the font puts between lines, in points.
    public let leading: CGFloat
    /// The height of capital letters above the baseline, in points.
    public let capHeight: CGFloat
    /// The height of lowercase letters without ascenders (an x), in points.
    public let xHeight: CGFloat

    /// The OpenType weight (100 … 900) and style Pango is asked for.
    let weight: Int32
    let isItalic: Bool
    /// The Pango stretch (`PangoStretch`) of the face: condensed and expanded faces.
    let stretch: UInt32
    /// The text style the font was made for (`preferredFont(forTextStyle:)`), if any.
    let textStyle: TextStyle?
    /// Whether digits take equal widths (the `tnum` OpenType feature).
    let hasMonospacedDigits: Bool

    /// The family the system font uses: Inter when installed, else fontconfig's sans-serif.
    static let systemFamily = FontSystem.shared.fontNames(forFamily: "Inter").isEmpty ? "sans-serif" : "Inter"
    /// The family the monospaced system font uses.
    static let monospacedFamily = FontSystem.shared.fontNames(forFamily: "DejaVu Sans Mono").isEmpty ? "monospace" : "DejaVu Sans Mono"

    /// Loads `family` at `size` with `weight` and style through Pango and reads its metrics.
    init(
        family: String, weight: Int32, italic: Bool, size: CGFloat, monospacedDigits: Bool = false,
        stretch: UInt32 = PANGO_STRETCH_NORMAL.rawValue, textStyle: TextStyle? = nil
    ) {
        pointSize = size
        self.weight = weight
        isItalic = italic
        self.stretch = stretch
        self.textStyle = textStyle
        hasMonospacedDigits = monospacedDigits
        let description = Self.pangoDescription(family: family, weight: weight, italic: italic, size: size, stretch: stretch)
        defer { pango_font_description_free(description) }
        var values = (
            family: family, postScript: String?.none, ascent: 0.8 * size, descent: 0.2 * size, height: size * 1.2, cap: 0.7 * size,
            x: 0.5 * size
        )
        FontSystem.shared.withContext { context in
            if let font = pango_context_load_font(context, description) {
                let actual = pango_font_describe(font)
                if let name = pango_font_description_get_family(actual) { values.family = String(cString: name) }
                pango_font_description_free(actual)
                values.postScript = Self.postScriptName(of: font)
                let hb = pango_font_get_hb_font(font)
                var yScale: Int32 = 0, xScale: Int32 = 0
                hb_font_get_scale(hb, &xScale, &yScale)
                var position: hb_position_t = 0
                if yScale != 0, hb_ot_metrics_get_position(hb, HB_OT_METRICS_TAG_CAP_HEIGHT, &position) != 0 {
                    values.cap = CGFloat(position) / CGFloat(yScale) * size
                }
                if yScale != 0, hb_ot_metrics_get_position(hb, HB_OT_METRICS_TAG_X_HEIGHT, &position) != 0 {
                    values.x = CGFloat(position) / CGFloat(yScale) * size
                }
                g_object_unref(font)
            }
            if let metrics = pango_context_get_metrics(context, description, nil) {
                values.ascent = CGFloat(pango_font_metrics_get_ascent(metrics)) / CGFloat(PANGO_SCALE)
                values.descent = CGFloat(pango_font_metrics_get_descent(metrics)) / CGFloat(PANGO_SCALE)
                values.height = CGFloat(pango_font_metrics_get_height(metrics)) / CGFloat(PANGO_SCALE)
                pango_font_metrics_unref(metrics)
            }
        }
        familyName = values.family
        ascender = values.ascent
        descender = -values.descent
        leading = max(values.height - values.ascent - values.descent, 0)
        lineHeight = values.ascent + values.descent + leading
        capHeight = values.cap
        xHeight = values.x
        fontName = values.postScript ?? Self.faceName(family: values.family, weight: weight, italic: italic)
        super.init()
    }

    /// The PostScript name of a face Pango loaded, from its fontconfig pattern.
    static func postScriptName(of font: UnsafeMutablePointer<PangoFont>) -> String? {
        let fcFont = UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)
        guard let pattern = pango_fc_font_get_pattern(fcFont) else { return nil }
        var name: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_POSTSCRIPT_NAME, 0, &name) == FcResultMatch, let name else { return nil }
        return String(cString: name)
    }

    /// A Pango description of the face at `size` points (the caller frees it).
    static func pangoDescription(
        family: String, weight: Int32, italic: Bool, size: CGFloat, stretch: UInt32 = PANGO_STRETCH_NORMAL.rawValue
    ) -> OpaquePointer {
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, family)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(weight)))
        pango_font_description_set_style(description, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_stretch(description, PangoStretch(rawValue: stretch))
        pango_font_description_set_absolute_size(description, Double(size) * Double(PANGO_SCALE))
        return description
    }

    /// A new Pango description of this font (the caller frees it).
    func makePangoDescription() -> OpaquePointer {
        Self.pangoDescription(family: familyName, weight: weight, italic: isItalic, size: pointSize, stretch: stretch)
    }

    /// The installed face name closest to the family, weight and style.
    private static func faceName(family: String, weight: Int32, italic: Bool) -> String {
        let names: [Int32: String] = [
            100: "Thin", 200: "ExtraLight", 300: "Light", 400: "Regular", 500: "Medium", 600: "SemiBold",
            700: "Bold", 800: "ExtraBold", 900: "Black",
        ]
        var face = names[weight] ?? "Regular"
        if italic { face = face == "Regular" ? "Italic" : face + "Italic" }
        return family.replacingOccurrences(of: " ", with: "") + "-" + face
    }

    // MARK: Making fonts

    /// The system font at `fontSize` points, regular.
    public static func systemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .regular) }

    /// The system font at `fontSize` points and `weight`.
    public static func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(family: systemFamily, weight: weight.openTypeWeight, italic: false, size: checked(fontSize, "systemFont(ofSize:)"))
    }

    /// The system font at `fontSize` points, bold.
    public static func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }

    /// The system font at `fontSize` points, italic.
    public static func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(family: systemFamily, weight: 400, italic: true, size: checked(fontSize, "italicSystemFont(ofSize:)"))
    }

    /// The monospaced system font at `fontSize` points and `weight`.
    public static func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(family: monospacedFamily, weight: weight.openTypeWeight, italic: false, size: checked(fontSize, "monospacedSystemFont(ofSize:weight:)"))
    }

    /// The system font at `fontSize` points and `weight`, with digits of equal width.
    public static func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(
            family: systemFamily, weight: weight.openTypeWeight, italic: false,
            size: checked(fontSize, "monospacedDigitSystemFont(ofSize:weight:)"), monospacedDigits: true)
    }

    /// The installed or registered font called `fontName` (a PostScript name such as
    /// "Inter-Bold" or "DejaVuSansCondensed", or a family name for its regular face) at
    /// `fontSize` points; nil when no font has that name, as UIKit.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        _ = FontSystem.mainBundleAppFonts
        guard let face = FontSystem.shared.face(named: fontName) else { return nil }
        self.init(
            family: face.family, weight: face.weight, italic: face.italic, size: Self.checked(fontSize, "init(name:size:)"),
            stretch: face.stretch)
    }

    /// The same face at `fontSize` points.
    public func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(
            family: familyName, weight: weight, italic: isItalic, size: Self.checked(fontSize, "withSize(_:)"),
            monospacedDigits: hasMonospacedDigits, stretch: stretch, textStyle: textStyle)
    }

    /// The installed families (and those of registered fonts), sorted.
    public static var familyNames: [String] {
        _ = FontSystem.mainBundleAppFonts
        return FontSystem.shared.familyNames()
    }

    /// The PostScript names of `familyName`'s faces, each of which `init(name:size:)` opens
    /// (empty when it is not installed).
    public static func fontNames(forFamilyName familyName: String) -> [String] {
        _ = FontSystem.mainBundleAppFonts
        return FontSystem.shared.fontNames(forFamily: familyName)
    }

    /// The standard font size (14 points).
    public static let systemFontSize: CGFloat = 14
    /// The small standard font size (12 points).
    public static let smallSystemFontSize: CGFloat = 12
    /// The standard size of labels (17 points).
    public static let labelFontSize: CGFloat = 17
    /// The standard size of button titles (18 points).
    public static let buttonFontSize: CGFloat = 18

    /// A size must be finite and not negative; UIKit draws nothing sensible otherwise.
    static func checked(_ size: CGFloat, _ caller: String) -> CGFloat {
        precondition(size.isFinite && size >= 0, "UIFont.\(caller): the size \(size) must be a finite number of points, 0 or more")
        return size
    }

    // MARK: Identity

    /// Whether `object` is a font of the same face at the same size.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return fontName == other.fontName && pointSize == other.pointSize && hasMonospacedDigits == other.hasMonospacedDigits
    }

    /// Hashes the face and size.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(fontName)
        hasher.combine(pointSize)
        return hasher.finalize()
    }

    /// A description in UIKit's shape: family, weight, style and size.
    public override var description: String {
        let weightName = weight >= 600 ? "bold" : "normal"
        return
            "<UICTFont: \(objectAddress(self))> font-family: \"\(familyName)\"; font-weight: \(weightName); font-style: \(isItalic ? "italic" : "normal"); font-size: \(String(format: "%.2f", Double(pointSize)))pt"
    }
}
