import CPango
import Foundation
@_spi(Testing) @testable import Strata
@_spi(Testing) @testable import StrataQuartz
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
        .tags(.gpu), .requiresGPU,
        arguments: ["مرحبا بالعالم", "שלום עולם"])
    func rightToLeftStartsAtTheRight(text: String) async throws {
        let f = try ScreenFixture(size: CGSize(width: 200, height: 40), gpu: true)
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
        let glyphs = layout(text).glyphIDs
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

    @Test(
        "A label on a scale-2 screen is sharper than the same label drawn at scale 1 and magnified twice: fewer grey pixels across the stems of \"lll\"", .tags(.gpu), .requiresGPU)
    func twoXIsSharper() async throws {
        func greys(scale: CGFloat, magnified: Bool) async throws -> Int {
            let f = try ScreenFixture(size: CGSize(width: 120, height: 40), scale: scale, gpu: true)
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

/// Core Graphics shadows (`CGContext.setShadow`) and blurred `NSShadow`s.
@MainActor
@Suite struct ShadowTests {
    /// A 100×60 canvas at `scale` with a black 20×20 square at (20, 20) drawn under `setup`.
    func square(scale: CGFloat = 1, _ setup: (CGContext) -> Void) throws -> RGBAImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        let image = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 60), format: format).image { ctx in
            setup(ctx.cgContext)
            UIColor.black.setFill()
            ctx.fill(CGRect(x: 20, y: 20, width: 20, height: 20))
        }
        return try #require(image.cgImage?.image)
    }

    @Test("setShadow with no blur: the square moved 30 right and 5 down in red, under the square; nothing elsewhere")
    func sharpShadow() throws {
        let pixels = try square { $0.setShadow(offset: CGSize(width: 30, height: 5), blur: 0, color: UIColor.red.cgColor) }
        #expect(pixels[30, 30] == RGBA8(0, 0, 0), "the square itself")
        #expect(pixels[60, 35] == RGBA8(255, 0, 0), "the shadow's middle, at (50…70, 25…45)")
        #expect(pixels[60, 22].a == 0, "above the shadow")
        #expect(pixels[75, 35].a == 0, "right of the shadow")
    }

    @Test("setShadow with blur 8 (σ = 4 points): half coverage at the shadow's edge x = 70, full 10 inside, none 12 outside")
    func blurredShadow() throws {
        let pixels = try square { $0.setShadow(offset: CGSize(width: 30, height: 0), blur: 8, color: UIColor.red.cgColor) }
        let edge = Int(pixels[70, 30].a), inside = Int(pixels[60, 30].a), outside = Int(pixels[82, 30].a)
        #expect(abs(edge - 128) <= 24, "at the edge: \(edge)")
        #expect(inside >= 235, "10 points inside: \(inside)")
        #expect(outside <= 10, "12 points outside: \(outside)")
        #expect(pixels[30, 30] == RGBA8(0, 0, 0), "the square drawn over its shadow")
    }

    @Test("At scale 2 the offset and blur are in points: the blurred edge at pixel 140 is half covered")
    func shadowInPoints() throws {
        let pixels = try square(scale: 2) { $0.setShadow(offset: CGSize(width: 30, height: 0), blur: 8, color: UIColor.red.cgColor) }
        #expect(abs(Int(pixels[140, 60].a) - 128) <= 24, "\(pixels[140, 60])")
        #expect(pixels[164, 60].a <= 10, "24 pixels (12 points) outside")
    }

    @Test("A nil colour turns the shadow off, and restoreGState takes it back")
    func shadowOffAndRestored() throws {
        let off = try square { $0.setShadow(offset: CGSize(width: 30, height: 0), blur: 0, color: nil) }
        #expect(off[60, 30].a == 0)
        let restored = try square { ctx in
            ctx.saveGState()
            ctx.setShadow(offset: CGSize(width: 30, height: 0), blur: 0, color: UIColor.red.cgColor)
            ctx.restoreGState()
        }
        #expect(restored[60, 30].a == 0)
        let defaultColour = try square { $0.setShadow(offset: CGSize(width: 30, height: 0), blur: 0) }
        #expect(abs(Int(defaultColour[60, 30].a) - 85) <= 2, "black at one third: \(defaultColour[60, 30])")
    }

    @Test("An NSShadow with blur 6 draws a soft shadow under text: partly covered pixels across its edge, none with blur 0")
    func blurredTextShadow() throws {
        func shadowRow(blur: CGFloat) throws -> [UInt8] {
            let shadow = NSShadow()
            shadow.shadowOffset = CGSize(width: 40, height: 0)
            shadow.shadowBlurRadius = blur
            shadow.shadowColor = .red
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            let image = UIGraphicsImageRenderer(size: CGSize(width: 120, height: 60), format: format).image { _ in
                NSAttributedString(string: "\u{2588}", attributes: [.font: UIFont.systemFont(ofSize: 30), .shadow: shadow]).draw(at: CGPoint(x: 4, y: 10))
            }
            let pixels = try #require(image.cgImage?.image)
            // The row through the block's middle, right of the block: only the shadow there.
            return (50..<120).map { pixels[$0, 30].a }
        }
        let soft = try shadowRow(blur: 6).filter { $0 > 10 && $0 < 245 }.count
        let sharp = try shadowRow(blur: 0).filter { $0 > 10 && $0 < 245 }.count
        #expect(soft >= 8, "partly covered pixels with blur 6: \(soft)")
        #expect(sharp <= 2, "with blur 0: \(sharp)")
        #expect(try shadowRow(blur: 0).contains(255), "the sharp shadow is there")
    }
}
