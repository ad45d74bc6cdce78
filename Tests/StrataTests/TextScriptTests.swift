import CPango
import Foundation
@_spi(Testing) @testable import Strata
import StrataCore
import StrataTesting
import Testing

/// The file fontconfig gives for `family`.
func fontFile(family: String) throws -> String {
    let pattern = try #require(FcPatternCreate())
    defer { FcPatternDestroy(pattern) }
    family.withCString { name in
        name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { _ = FcPatternAddString(pattern, FC_FAMILY, $0) }
    }
    FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    let match = try #require(FcFontMatch(nil, pattern, &result))
    defer { FcPatternDestroy(match) }
    var file: UnsafeMutablePointer<FcChar8>?
    #expect(FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch)
    return String(cString: try #require(file))
}

/// How many glyphs HarfBuzz itself makes of `text` in the font file of `family` (no Pango).
func harfBuzzGlyphCount(_ text: String, family: String) throws -> Int {
    let blob = hb_blob_create_from_file(try fontFile(family: family))
    let face = hb_face_create(blob, 0)
    let font = hb_font_create(face)
    let buffer = hb_buffer_create()
    defer {
        hb_buffer_destroy(buffer)
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }
    hb_buffer_add_utf8(buffer, text, -1, 0, -1)
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(font, buffer, nil, 0)
    return Int(hb_buffer_get_length(buffer))
}

/// The leftmost and rightmost columns of `image` with dark ink (any channel below 128) in rows `rows`.
func inkColumns(_ image: RGBAImage, rows: Range<Int>) -> ClosedRange<Int>? {
    var columns: [Int] = []
    for x in 0..<image.size.width
    where rows.contains(where: { y in
        let p = image[x, y]; return min(p.r, p.g, p.b) < 128
    }) {
        columns.append(x)
    }
    guard let first = columns.first, let last = columns.last else { return nil }
    return first...last
}

/// Scripts beyond Latin, fallback fonts and colour emoji, on the fonts the set-up installs
/// (Inter for Latin; Noto for the other scripts, Noto Color Emoji).
@MainActor
@Suite struct TextScriptTests {
    func layout(_ text: String, size: CGFloat = 20) -> TextLayout {
        TextLayout(text: text, options: TextLayout.Options(font: .systemFont(ofSize: size)))
    }

    @Test(
        "Right-to-left text with .natural starts at the right edge of a 200-point label (ink ends past x = 188, starts past 40); .left puts it at the left",
        arguments: ["مرحبا بالعالم", "שלום עולם"])
    func rightToLeftStartsAtTheRight(text: String) async throws {
        let f = try ScreenFixture(size: CGSize(width: 200, height: 40))
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        label.text = text
        label.font = .systemFont(ofSize: 20)
        f.window.addSubview(label)
        var image = try await f.render()
        let natural = try #require(inkColumns(image, rows: 5..<35), "the text drew ink")
        #expect(natural.upperBound >= 188 && natural.lowerBound > 40, "\(text) natural: ink in columns \(natural)")
        label.textAlignment = .left
        image = try await f.render()
        let left = try #require(inkColumns(image, rows: 5..<35))
        #expect(left.lowerBound <= 12, "\(text) .left: ink in columns \(left)")
        label.text = "Hello"
        label.textAlignment = .natural
        image = try await f.render()
        let latin = try #require(inkColumns(image, rows: 5..<35))
        #expect(latin.lowerBound <= 12, "left-to-right text with .natural: ink in columns \(latin)")
        await f.finish()
    }

    @Test("The Devanagari conjunct क्ष (three characters) shapes to HarfBuzz's own glyph count in the fallback font, fewer than three")
    func devanagariConjunct() throws {
        let text = "क्ष"
        let runs = layout(text).runs
        #expect(runs.count == 1, "\(runs)")
        let run = try #require(runs.first)
        #expect(run.family.contains("Devanagari"), "fontconfig's fallback for Devanagari: \(run.family)")
        let reference = try harfBuzzGlyphCount(text, family: run.family)
        #expect(run.glyphs == reference, "Strata \(run.glyphs) glyphs, HarfBuzz \(reference)")
        #expect(run.glyphs < text.unicodeScalars.count, "a conjunct, not three separate glyphs")
    }

    @Test("e + a combining acute accent in Inter shapes to HarfBuzz's count (1: the precomposed é)")
    func combiningAccent() throws {
        let text = "e\u{301}"
        let run = try #require(layout(text).runs.first)
        #expect(run.family == "Inter")
        #expect(run.glyphs == (try harfBuzzGlyphCount(text, family: "Inter")))
        #expect(run.glyphs == 1)
    }

    @Test(
        "Thai, Chinese, Japanese and Korean fall back to installed fonts with a glyph for every character (no missing-glyph boxes)",
        arguments: [("สวัสดีครับ", "Thai"), ("你好世界", "CJK"), ("こんにちは", "CJK"), ("안녕하세요", "CJK")])
    func otherScriptsHaveFonts(text: String, family: String) throws {
        let runs = layout(text).runs
        #expect(runs.allSatisfy { $0.family.contains(family) }, "\(text): \(runs)")
        let glyphs = try #require(layout(text).glyphIDs)
        #expect(!glyphs.isEmpty && glyphs.allSatisfy { $0 & PANGO_GLYPH_UNKNOWN_FLAG == 0 && $0 != 0 }, "\(text): glyphs \(glyphs)")
    }

    @Test("An emoji draws in colour from Noto Color Emoji: black text asked for, a yellow face drawn (red high, blue low)")
    func emojiInColour() throws {
        let run = try #require(layout("😀").runs.first)
        #expect(run.family == "Noto Color Emoji")
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40), format: format).image { _ in
            ("😀" as NSString).draw(at: CGPoint(x: 4, y: 4), withAttributes: [.font: UIFont.systemFont(ofSize: 24), .foregroundColor: UIColor.black])
        }
        let pixels = try #require(image.cgImage?.image)
        var yellow = 0
        for y in 0..<40 {
            for x in 0..<40 {
                let p = pixels[x, y]
                if p.a > 200, p.r > 200, p.g > 150, p.b < 100 { yellow += 1 }
            }
        }
        #expect(yellow > 50, "yellow pixels of the face: \(yellow)")
    }

    @Test("draw(with:options:) without .usesLineFragmentOrigin puts the baseline at the rect's origin (ink above y = 40); with it the top (ink below 40)")
    func drawWithOptions() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 20)]
        func inkRows(_ options: NSStringDrawingOptions) throws -> ClosedRange<Int> {
            let image = UIGraphicsImageRenderer(size: CGSize(width: 60, height: 80), format: format).image { _ in
                ("H" as NSString).draw(with: CGRect(x: 10, y: 40, width: 50, height: 40), options: options, attributes: attributes, context: nil)
            }
            let pixels = try #require(image.cgImage?.image)
            let rows = (0..<80).filter { y in (0..<60).contains { pixels[$0, y].a > 128 } }
            return try #require(rows.first)...(try #require(rows.last))
        }
        let baseline = try inkRows([])
        #expect(baseline.upperBound <= 40 && baseline.lowerBound >= 20, "H standing on y = 40: rows \(baseline)")
        let top = try inkRows(.usesLineFragmentOrigin)
        #expect(top.lowerBound >= 40, "H hanging from y = 40: rows \(top)")
    }

    @Test("A label on a scale-2 screen is sharper than the same label drawn at scale 1 and magnified twice: fewer grey pixels across the stems of \"lll\"")
    func twoXIsSharper() async throws {
        func greys(scale: CGFloat, magnified: Bool) async throws -> Int {
            let f = try ScreenFixture(size: CGSize(width: 120, height: 40), scale: scale)
            let label = UILabel(frame: CGRect(x: 10, y: 0, width: 50, height: 20))
            label.text = "lll"
            label.font = .systemFont(ofSize: 16)
            label.textAlignment = .left
            if magnified {
                label.layer.anchorPoint = .zero
                label.layer.position = CGPoint(x: 10, y: 0)
                label.transform = CGAffineTransform(scaleX: 2, y: 2)
            }
            f.window.addSubview(label)
            let image = try await f.render()
            await f.finish()
            // Across the stems half-way down the letters: pixel row 20, the label's middle either way.
            return (0..<image.size.width).filter { x in
                let p = image[x, 20]; return p.r > 40 && p.r < 215
            }.count
        }
        let sharp = try await greys(scale: 2, magnified: false)
        let blurred = try await greys(scale: 1, magnified: true)
        #expect(sharp < blurred, "grey pixels: scale 2 \(sharp), scale 1 magnified \(blurred)")
    }
}
