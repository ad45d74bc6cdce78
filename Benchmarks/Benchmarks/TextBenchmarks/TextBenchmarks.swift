// Text, each against Pango called directly in the same iteration, on a context set up the same
// way (72 dpi, metric hinting off):
//   - measuring 1,000 different one-line strings with UILabel.sizeThatFits (one label, its text
//     changed each time), and the same wrapped at 200 points in three lines, against one Pango
//     layout, its text changed, its logical extents read;
//   - drawing 1,000 labels of 20 words, 300 × 80 points at scale 2, each laid out and drawn into
//     its backing store (the path a commit takes), against Pango laying out and rendering the
//     same strings into a cairo image surface of the same pixels; and the same labels unchanged,
//     asked to display again (nothing to draw);
//   - typing 200 characters one key press at a time into a 300-point text field (each press
//     edits through the delegate path, lays the line out again, scrolls it to keep the caret in
//     view, moves the caret and draws the text into its backing store), against Pango laying
//     out and drawing the same growing line into a surface of the field's size.
//   cd Benchmarks && swift package benchmark --target TextBenchmarks
import Benchmark
import CPangoReference
import Foundation
import Strata
import StrataBenchmarkSupport
import StrataCompositor

let strings = (0..<1000).map { "Label \($0): the quick brown fox jumps over the lazy dog" }
let paragraphs = (0..<1000).map { "Label \($0) says the quick brown fox jumps over the lazy dog and runs far into the green wood" }

let benchmarks: @Sendable () -> Void = {
    for (lines, width) in [(1, 1000.0), (3, 200.0)] {
        compare(
            lines == 1
                ? "sizeThatFits: 1,000 one-line labels (reference: raw Pango)"
                : "sizeThatFits: 1,000 labels wrapped at 200 points, 3 lines (reference: raw Pango)",
            setup: { @MainActor () -> (UILabel, RawPango) in
                let label = UILabel()
                label.numberOfLines = lines
                return (label, RawPango(family: label.font.familyName, size: Double(label.font.pointSize)))
            },
            strata: { s, _ in
                var sink = 0.0
                for text in strings {
                    s.0.text = text
                    sink += s.0.sizeThatFits(CGSize(width: width, height: 1000)).height
                }
                try check(sink > 0, "nothing was measured")
            },
            reference: { s, _ in
                var sink = 0.0
                for text in strings { sink += s.1.measure(text, width: lines == 1 ? nil : width, lines: Int32(lines)).1 }
                try check(sink > 0, "Pango measured nothing")
            })
    }

    compare(
        "1,000 labels of 20 words, 300 × 80 points at scale 2, laid out and drawn (reference: raw Pango into a cairo surface)",
        configuration: comparisonConfiguration(iterations: 15),
        setup: { @MainActor () -> ([UILabel], RawPangoDrawing) in
            let size = CGSize(width: 300, height: 80)
            let labels = paragraphs.map { text in
                let label = UILabel(frame: CGRect(origin: .zero, size: size))
                label.numberOfLines = 0
                label.contentScaleFactor = 2
                label.text = text
                return label
            }
            let font = labels[0].font!
            return (labels, RawPangoDrawing(family: font.familyName, size: Double(font.pointSize), width: size.width, height: size.height, scale: 2))
        },
        strata: { s, round in
            // Each round changes every label's text (one word differs), so each lays out and draws.
            let word = round % 2 == 0 ? "says" : "sings"
            for (label, text) in zip(s.0, paragraphs) {
                label.text = text.replacingOccurrences(of: "says", with: word)
                label.layer.displayIfNeeded()
                try check(label.layer.contents != nil, "a label drew nothing")
            }
        },
        reference: { s, round in
            let word = round % 2 == 0 ? "says" : "sings"
            var sink = 0
            for text in paragraphs { sink += Int(s.1.draw(text.replacingOccurrences(of: "says", with: word))) }
            _ = sink
        })

    compare(
        "1,000 drawn labels unchanged, asked to display again",
        setup: { @MainActor () -> [UILabel] in
            paragraphs.map { text in
                let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 80))
                label.numberOfLines = 0
                label.text = text
                label.layer.displayIfNeeded()
                return label
            }
        },
        strata: { labels, _ in
            for label in labels {
                label.layer.displayIfNeeded()
                try check(!label.layer.needsDisplay(), "an unchanged label needs display")
            }
        },
        reference: nil)

    compare(
        "typing 200 characters into a 300-point text field, a key press each (reference: raw Pango drawing the growing line)",
        configuration: comparisonConfiguration(iterations: 15),
        setup: { @MainActor () -> Typing in Typing() },
        strata: { s, _ in
            s.field.text = ""
            _ = s.field.becomeFirstResponder()
            for character in s.text {
                s.time += 0.01
                try s.window.send(KeyInput(phase: .down, keyCode: .keyboardA, characters: String(character), timestamp: s.time))
                s.time += 0.01
                try s.window.send(KeyInput(phase: .up, keyCode: .keyboardA, characters: String(character), timestamp: s.time))
                s.field.layoutIfNeeded()
                for view in s.field.subviews.flatMap({ [$0] + $0.subviews }) { view.layer.displayIfNeeded() }
            }
            try check(s.field.text?.count == 200, "\(s.field.text?.count ?? 0) characters typed, not 200")
            _ = s.field.resignFirstResponder()
        },
        reference: { s, _ in
            var prefix = "", sink = 0
            for character in s.text {
                prefix.append(character)
                sink += Int(s.raw.draw(prefix, keepingEndIn: 286))
            }
            _ = sink
        })
}

/// A window with a rounded text field 300 points wide, the 200 characters to type, and Pango
/// drawing into a surface of the field's text rectangle (286 points, its end kept in view).
@MainActor final class Typing {
    let window: UIWindow
    let field: UITextField
    let raw: RawPangoDrawing
    let text: String
    var time = 0.0

    init() {
        let screen = UIScreen(size: CGSize(width: 320, height: 100), scale: 2, commitSink: RecordingCommitSink())
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        window.screen = screen
        window.makeKeyAndVisible()
        field = UITextField(frame: CGRect(x: 10, y: 10, width: 300, height: 34))
        field.borderStyle = .roundedRect
        window.addSubview(field)
        let sentence = "The quick brown fox jumps over the lazy dog while typing goes on and on. "
        text = String(String(repeating: sentence, count: 3).prefix(200))
        let font = field.font!
        raw = RawPangoDrawing(family: font.familyName, size: Double(font.pointSize), width: 286, height: 34, scale: 2)
        pango_layout_set_width(raw.layout, -1)
    }
}

/// Pango on its own: a font map, a context at 72 dpi without metric hinting, one layout.
final class RawPango {
    let layout: OpaquePointer

    init(family: String, size: Double) {
        let fontMap = pango_cairo_font_map_new()
        let context = pango_font_map_create_context(fontMap)!
        pango_cairo_context_set_resolution(context, 72)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        layout = pango_layout_new(context)
        let description = pango_font_description_new()
        pango_font_description_set_family(description, family)
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
    }

    /// The text's logical size in points, wrapped at `width` (nil: one line).
    func measure(_ text: String, width: Double?, lines: Int32) -> (Double, Double) {
        pango_layout_set_width(layout, width.map { Int32($0 * Double(PANGO_SCALE)) } ?? -1)
        pango_layout_set_ellipsize(layout, width == nil ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_END)
        pango_layout_set_height(layout, -lines)
        pango_layout_set_text(layout, text, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return (Double(logical.width) / Double(PANGO_SCALE), Double(logical.height) / Double(PANGO_SCALE))
    }
}

/// Pango rendering on its own: the layout of `RawPango` shown into a cleared ARGB32 surface.
final class RawPangoDrawing {
    let surface: OpaquePointer
    let cairo: OpaquePointer
    let layout: OpaquePointer

    init(family: String, size: Double, width: Double, height: Double, scale: Double) {
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width * scale), Int32(height * scale))
        cairo = cairo_create(surface)
        cairo_scale(cairo, scale, scale)
        layout = pango_cairo_create_layout(cairo)
        let context = pango_layout_get_context(layout)
        pango_cairo_context_set_resolution(context, 72)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_layout_context_changed(layout)
        let description = pango_font_description_new()
        pango_font_description_set_family(description, family)
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
    }

    /// Clears the surface and draws `text` on one line, moved left so its end stays within
    /// `width` points; returns a pixel's byte.
    func draw(_ text: String, keepingEndIn width: Double) -> UInt8 {
        pango_layout_set_text(layout, text, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return show(at: min(0, width - Double(logical.width) / Double(PANGO_SCALE)))
    }

    /// Clears the surface and draws `text` in black at the top left; returns a pixel's byte.
    func draw(_ text: String) -> UInt8 {
        pango_layout_set_text(layout, text, -1)
        return show(at: 0)
    }

    /// Clears the surface and shows the layout in black at `x`; returns a pixel's byte.
    private func show(at x: Double) -> UInt8 {
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cairo)
        cairo_restore(cairo)
        cairo_set_source_rgba(cairo, 0, 0, 0, 1)
        cairo_move_to(cairo, x, 0)
        pango_cairo_show_layout(cairo, layout)
        cairo_surface_flush(surface)
        return cairo_image_surface_get_data(surface)[3]
    }
}
