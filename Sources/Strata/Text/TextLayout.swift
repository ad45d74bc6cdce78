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

    private let layout: OpaquePointer
    /// The size the text takes: the widest line and the lines' total height.
    let size: CGSize
    /// How many lines it takes.
    let lineCount: Int
    /// The first line's baseline, from the top of the text.
    let firstBaseline: CGFloat

    init(text: String, options: Options) {
        let made = FontSystem.shared.withContext { context -> (OpaquePointer, CGSize, Int, CGFloat) in
            let layout = pango_layout_new(context)!
            pango_layout_set_text(layout, text, -1)
            let description = options.font.makePangoDescription()
            pango_layout_set_font_description(layout, description)
            pango_font_description_free(description)
            if options.font.hasMonospacedDigits {
                let attributes = pango_attr_list_new()
                pango_attr_list_insert(attributes, pango_attr_font_features_new("tnum"))
                pango_layout_set_attributes(layout, attributes)
                pango_attr_list_unref(attributes)
            }
            Self.apply(options, to: layout)
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let scale = CGFloat(PANGO_SCALE)
            // The widest line (the layout's own extents span the whole wrap width).
            var widest: Int32 = 0
            for i in 0..<pango_layout_get_line_count(layout) {
                var line = PangoRectangle()
                pango_layout_line_get_extents(pango_layout_get_line_readonly(layout, i), nil, &line)
                widest = max(widest, line.width)
            }
            let size = CGSize(width: CGFloat(widest) / scale, height: CGFloat(logical.height) / scale)
            let baseline = CGFloat(pango_layout_get_baseline(layout)) / scale
            return (layout, size, Int(pango_layout_get_line_count(layout)), baseline)
        }
        (layout, size, lineCount, firstBaseline) = made
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

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
    func draw(in context: CGContext, at origin: CGPoint, color: Color) {
        let cairo = context.cairoHandle
        FontSystem.shared.withContext { _ in
            cairo_save(cairo)
            cairo_set_source_rgba(
                cairo, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha) * Double(context.currentAlpha))
            cairo_move_to(cairo, Double(origin.x), Double(origin.y))
            pango_cairo_show_layout(cairo, layout)
            cairo_restore(cairo)
        }
        context.markPainted()
    }
}
