import CCairo
import CPango
import Foundation
import StrataCore

/// Text laid out by Pango for one font, width and set of line options: the measurement and
/// drawing both labels and button titles use. Shaping (kerning, ligatures, combining marks,
/// scripts beyond Latin, fallback fonts through fontconfig) and bidirectional ordering are
/// Pango's and HarfBuzz's. Sizes are in points. Any thread (Pango is used under `FontSystem`'s lock).
final class TextLayout {
    /// What to lay out.
    struct Options: Equatable {
        var font: UIFont
        var alignment: NSTextAlignment = .natural
        var lineBreakMode: NSLineBreakMode = .byTruncatingTail
        /// The most lines shown; 0 for as many as the text needs.
        var numberOfLines = 1
        /// The width lines wrap (or are cut) at; nil for no limit.
        var width: CGFloat?
        /// The height lines beyond are cut at (the last one that fits truncated as the line
        /// break mode says); nil for no limit.
        var height: CGFloat?
    }

    let layout: OpaquePointer
    /// The text laid out (for mapping UTF-16 offsets to Pango's byte indexes).
    let text: String
    /// The size the text takes: the widest line and the lines' total height.
    let size: CGSize
    /// How many lines it takes.
    let lineCount: Int
    /// The first line's baseline, from the top of the text.
    let firstBaseline: CGFloat
    /// How far right of the drawing origin the lines start (a paragraph style's head indent).
    let leftInset: CGFloat
    /// A shadow to draw under the glyphs (the first `NSShadow` in the text).
    private let shadow: NSShadow?
    /// Each line's UTF-16 range and rectangle, worked out once per layout (editing asks for
    /// them on every key press: the line's bounds, the line above or below, selections).
    private(set) lazy var lines: [(range: NSRange, rect: CGRect)] = makeLines()

    /// Plain text in the options' font.
    convenience init(text: String, options: Options) {
        self.init(text: text, attributes: nil, options: options)
    }

    /// An attributed string: its runs' fonts, colours, kerning, underlines, strikethroughs,
    /// baseline offsets and links; the first character's paragraph style for the whole text;
    /// runs without a font in the options' font.
    convenience init(attributed: NSAttributedString, options: Options) {
        self.init(text: attributed.string, attributes: attributed, options: options)
    }

    private init(text: String, attributes: NSAttributedString?, options: Options) {
        self.text = text
        var options = options
        let paragraph = attributes.flatMap { $0.length > 0 ? $0.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle : nil }
        if let paragraph { options.alignment = paragraph.alignment }
        // Indents: the lines start `headIndent` in and end at the tail indent.
        var inset: CGFloat = 0
        if let paragraph, let width = options.width {
            inset = paragraph.headIndent
            let tail = paragraph.tailIndent > 0 ? width - paragraph.tailIndent : -paragraph.tailIndent
            options.width = max(width - paragraph.headIndent - tail, 0)
        }
        leftInset = inset
        var foundShadow: NSShadow?
        let made = FontSystem.shared.withContext { context -> (OpaquePointer, CGSize, Int, CGFloat) in
            let layout = pango_layout_new(context)!
            pango_layout_set_text(layout, text, -1)
            let description = options.font.makePangoDescription()
            pango_layout_set_font_description(layout, description)
            pango_font_description_free(description)
            let list = pango_attr_list_new()!
            if options.font.hasMonospacedDigits { pango_attr_list_insert(list, pango_attr_font_features_new("tnum")) }
            if let attributes { foundShadow = Self.addAttributes(of: attributes, text: text, to: list) }
            pango_layout_set_attributes(layout, list)
            pango_attr_list_unref(list)
            if let paragraph { Self.apply(paragraph, to: layout) }
            Self.apply(options, to: layout)
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let scale = CGFloat(PANGO_SCALE)
            // The widest line (the layout's own extents span the whole wrap width).
            var widest: Int32 = 0
            for i in 0..<pango_layout_get_line_count(layout) {
                var line = PangoRectangle()
                pango_layout_line_get_extents(pango_layout_get_line_readonly(layout, i), nil, &line)
                widest = max(widest, line.width + (i == 0 ? max(pango_layout_get_indent(layout), 0) : 0))
            }
            // Core Text puts a run's kerning after every character, the last one included; Pango
            // only between characters: the last character's kerning is added back.
            let trailingKern = attributes.flatMap { a in a.length > 0 ? Self.number(a.attribute(.kern, at: a.length - 1, effectiveRange: nil)) : nil } ?? 0
            let size = CGSize(width: CGFloat(widest) / scale + inset + trailingKern, height: CGFloat(logical.height) / scale)
            let baseline = CGFloat(pango_layout_get_baseline(layout)) / scale
            return (layout, size, Int(pango_layout_get_line_count(layout)), baseline)
        }
        (layout, size, lineCount, firstBaseline) = made
        shadow = foundShadow
    }

    /// The last line's baseline, from the top of the text (the first line's for one line).
    var lastBaseline: CGFloat {
        FontSystem.shared.withContext { _ in
            let iter = pango_layout_get_iter(layout)!
            defer { pango_layout_iter_free(iter) }
            while pango_layout_iter_next_line(iter) != 0 {}
            return CGFloat(pango_layout_iter_get_baseline(iter)) / CGFloat(PANGO_SCALE)
        }
    }

    /// The shaped runs, in visual order over every line: each one's font family (the font asked
    /// for, or the fallback fontconfig found for characters it lacks) and how many glyphs
    /// HarfBuzz made of it (a conjunct or a precomposed accent is one glyph for several characters).
    var runs: [(family: String, glyphs: Int)] {
        eachRun { run in
            let description = pango_font_describe(run.item.pointee.analysis.font)
            defer { pango_font_description_free(description) }
            let family = pango_font_description_get_family(description).map { String(cString: $0) } ?? ""
            return (family, Int(run.glyphs.pointee.num_glyphs))
        }
    }

    /// Every glyph of the shaped text, in visual order over every line: the font's glyph
    /// indices (a missing glyph carries Pango's unknown flag).
    var glyphIDs: [UInt32] {
        eachRun { run in
            let glyphs = run.glyphs.pointee
            return (0..<Int(glyphs.num_glyphs)).map { glyphs.glyphs[$0].glyph }
        }.flatMap { $0 }
    }

    /// `body` of each shaped run, in visual order over every line.
    private func eachRun<T>(_ body: (PangoGlyphItem) -> T) -> [T] {
        FontSystem.shared.withContext { _ in
            var results: [T] = []
            let iter = pango_layout_get_iter(layout)!
            defer { pango_layout_iter_free(iter) }
            repeat {
                guard let run = pango_layout_iter_get_run_readonly(iter) else { continue }
                results.append(body(run.pointee))
            } while pango_layout_iter_next_run(iter) != 0
            return results
        }
    }

    /// A number attribute's value in points (`CGFloat`, `Double`, `Float`, `Int` or `NSNumber`).
    private static func number(_ value: Any?) -> CGFloat? {
        switch value {
        case let v as CGFloat: v
        case let v as Double: CGFloat(v)
        case let v as Float: CGFloat(v)
        case let v as Int: CGFloat(v)
        case let v as NSNumber: CGFloat(v.doubleValue)
        default: nil
        }
    }

    /// Line spacing, height and the first line's indent from a paragraph style.
    private static func apply(_ paragraph: NSParagraphStyle, to layout: OpaquePointer) {
        let scale = Double(PANGO_SCALE)
        if paragraph.lineSpacing > 0 { pango_layout_set_spacing(layout, Int32(Double(paragraph.lineSpacing) * scale)) }
        if paragraph.lineHeightMultiple > 0 { pango_layout_set_line_spacing(layout, Float(paragraph.lineHeightMultiple)) }
        let indent = paragraph.firstLineHeadIndent - paragraph.headIndent
        if indent != 0 { pango_layout_set_indent(layout, Int32(Double(indent) * scale)) }
    }

    /// Turns the attributed string's runs into Pango attributes; returns its first shadow.
    private static func addAttributes(of attributed: NSAttributedString, text: String, to list: OpaquePointer) -> NSShadow? {
        var shadow: NSShadow?
        let scale = Double(PANGO_SCALE)
        let utf8 = text.utf8
        func byteOffset(_ utf16Offset: Int) -> UInt32 {
            let index = String.Index(utf16Offset: min(utf16Offset, text.utf16.count), in: text)
            return UInt32(utf8.distance(from: utf8.startIndex, to: index))
        }
        func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ start: UInt32, _ end: UInt32) {
            guard let attribute else { return }
            attribute.pointee.start_index = start
            attribute.pointee.end_index = end
            pango_attr_list_insert(list, attribute)
        }
        func channels(_ color: UIColor) -> (UInt16, UInt16, UInt16, UInt16) {
            let c = color.cgColor.value
            func q(_ v: Float) -> UInt16 { UInt16((min(max(v, 0), 1) * 65535).rounded()) }
            return (q(c.red), q(c.green), q(c.blue), q(c.alpha))
        }
        func lineStyle(_ value: Any?) -> NSUnderlineStyle? {
            if let style = value as? NSUnderlineStyle { return style }
            if let raw = value as? Int { return NSUnderlineStyle(rawValue: raw) }
            if let raw = value as? NSNumber { return NSUnderlineStyle(rawValue: raw.intValue) }
            return nil
        }
        attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length), options: []) { values, range, _ in
            let start = byteOffset(range.location), end = byteOffset(range.location + range.length)
            if let font = values[.font] as? UIFont {
                let description = font.makePangoDescription()
                insert(pango_attr_font_desc_new(description), start, end)
                pango_font_description_free(description)
            }
            let isLink = values[.link] != nil
            if let color = (values[.foregroundColor] as? UIColor) ?? (isLink ? UIColor.link : nil) {
                let (r, g, b, a) = channels(color)
                insert(pango_attr_foreground_new(r, g, b), start, end)
                insert(pango_attr_foreground_alpha_new(max(a, 1)), start, end)
            }
            if let color = values[.backgroundColor] as? UIColor {
                let (r, g, b, a) = channels(color)
                insert(pango_attr_background_new(r, g, b), start, end)
                insert(pango_attr_background_alpha_new(max(a, 1)), start, end)
            }
            if let kern = number(values[.kern]), kern != 0 {
                insert(pango_attr_letter_spacing_new(Int32(Double(kern) * scale)), start, end)
            }
            if let offset = number(values[.baselineOffset]), offset != 0 {
                insert(pango_attr_rise_new(Int32(Double(offset) * scale)), start, end)
            }
            let underline = lineStyle(values[.underlineStyle]) ?? (isLink ? .single : nil)
            if let underline, underline.rawValue != 0 {
                let double = underline.contains(.double) && underline != .single
                insert(pango_attr_underline_new(double ? PANGO_UNDERLINE_DOUBLE : PANGO_UNDERLINE_SINGLE), start, end)
                if let color = values[.underlineColor] as? UIColor {
                    let (r, g, b, _) = channels(color)
                    insert(pango_attr_underline_color_new(r, g, b), start, end)
                }
            }
            if let strike = lineStyle(values[.strikethroughStyle]), strike.rawValue != 0 {
                insert(pango_attr_strikethrough_new(1), start, end)
                if let color = values[.strikethroughColor] as? UIColor {
                    let (r, g, b, _) = channels(color)
                    insert(pango_attr_strikethrough_color_new(r, g, b), start, end)
                }
            }
            if shadow == nil, let found = values[.shadow] as? NSShadow { shadow = found }
        }
        return shadow
    }

    // Under the lock: freeing the layout can free its lines' fonts, which changes the font map's
    // caches, and another thread may be laying text out at the same time.
    deinit {
        let layout = layout
        FontSystem.shared.withContext { _ in g_object_unref(UnsafeMutableRawPointer(layout)) }
    }

    /// Sets width, wrapping, ellipsizing, the line limit and alignment.
    private static func apply(_ options: Options, to layout: OpaquePointer) {
        let scale = Double(PANGO_SCALE)
        let single = options.numberOfLines == 1
        if let width = options.width, width.isFinite, width >= 0 {
            pango_layout_set_width(layout, Int32((Double(width) * scale).rounded(.down)))
        } else {
            pango_layout_set_width(layout, -1)
        }
        switch options.lineBreakMode {
        case .byCharWrapping: pango_layout_set_wrap(layout, PANGO_WRAP_CHAR)
        default: pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        let ellipsize: PangoEllipsizeMode =
            switch options.lineBreakMode {
            case .byTruncatingHead: PANGO_ELLIPSIZE_START
            case .byTruncatingMiddle: PANGO_ELLIPSIZE_MIDDLE
            case .byTruncatingTail: PANGO_ELLIPSIZE_END
            case .byWordWrapping, .byCharWrapping, .byClipping: PANGO_ELLIPSIZE_NONE
            }
        pango_layout_set_ellipsize(layout, options.width == nil ? PANGO_ELLIPSIZE_NONE : ellipsize)
        if single, options.width != nil {
            // One line: no wrapping. With an ellipsis mode Pango cuts the line; without one it
            // runs past the width and the drawing clips it.
            pango_layout_set_height(layout, -1)
            if ellipsize == PANGO_ELLIPSIZE_NONE { pango_layout_set_width(layout, -1) }
        } else if options.numberOfLines > 1 {
            pango_layout_set_height(layout, -Int32(options.numberOfLines))
        } else if options.numberOfLines <= 0 {
            pango_layout_set_height(layout, Int32.max)  // no limit (Pango's default is one line when ellipsizing)
        }
        if let height = options.height, height.isFinite, options.width != nil {
            let lines = pango_layout_get_line_count(layout)
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            if CGFloat(logical.height) / CGFloat(PANGO_SCALE) > height + 0.01, lines > 1 {
                pango_layout_set_height(layout, Int32((Double(height) * scale).rounded(.down)))
            }
        }
        switch options.alignment {
        case .left, .natural: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justified:
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            pango_layout_set_justify(layout, 1)
        }
        // Natural alignment follows the paragraph's direction; explicit left and right do not.
        pango_layout_set_auto_dir(layout, options.alignment == .natural || options.alignment == .justified ? 1 : 0)
    }

    /// Draws the text with its top-left at `origin` (the layout's box: lines aligned within
    /// the width) in `color`, into `context`.
    func draw(in context: CGContext, at origin: CGPoint, color: Color, shadow labelShadow: (color: Color, offset: CGSize)? = nil) {
        let alpha = Double(context.currentAlpha)
        let x = Double(origin.x + leftInset), y = Double(origin.y)
        // A shadow: the label's own (sharp), else the text's first NSShadow, else the context's.
        let textShadow =
            labelShadow.map { ($0.color, $0.offset, CGFloat(0)) }
            ?? shadow.map { (($0.shadowColor ?? UIColor(white: 0, alpha: 1.0 / 3)).cgColor.value, $0.shadowOffset, $0.shadowBlurRadius) }
        context.saveGState()
        if let (c, offset, blur) = textShadow {
            context.setShadow(offset: offset, blur: blur, color: CGColor(red: CGFloat(c.red), green: CGFloat(c.green), blue: CGFloat(c.blue), alpha: CGFloat(c.alpha)))
        }
        FontSystem.shared.withContext { _ in
            context.withShadow { c in
                cairo_set_source_rgba(c, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha) * alpha)
                cairo_move_to(c, x, y)
                pango_cairo_show_layout(c, layout)
            }
        }
        context.restoreGState()
        context.markPainted()
    }
}
