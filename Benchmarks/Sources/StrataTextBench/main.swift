// Text measurement: 1,000 different one-line strings sized by UILabel.sizeThatFits (one label,
// its text changed each time) and by a 200-point-wide, three-line label, against the same
// measurements made by calling Pango directly (one layout, its text changed, the logical
// extents read) on a context set up the same way (72 dpi, metric hinting off). Then drawing:
// 1,000 labels of 20 words, 300 × 80 points at scale 2, each laid out and drawn into its
// backing store (the path a commit takes), against Pango laying out and rendering the same
// strings into a cairo image surface of the same pixels; and the same 1,000 labels unchanged,
// asked to display again. Then typing: 200 characters typed one key press at a time into a
// 300-point text field (each press edits through the delegate path, lays the line out again,
// scrolls it to keep the caret in view, moves the caret and draws the text into its backing
// store), against Pango laying out and drawing the same growing line into a surface of the
// field's size. Rounds interleave model and reference. Times are reported, never gated.
import CPangoReference
import Foundation
import Strata
import StrataCompositor

let rounds = 9
let strings = (0..<1000).map { "Label \($0): the quick brown fox jumps over the lazy dog" }
let paragraphs = (0..<1000).map { "Label \($0) says the quick brown fox jumps over the lazy dog and runs far into the green wood" }

@MainActor func milliseconds(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
}

func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

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

@MainActor func run() {
    let label = UILabel()
    let raw = RawPango(family: label.font.familyName, size: Double(label.font.pointSize))
    var sink = 0.0
    var oneLine: (model: [Double], raw: [Double]) = ([], [])
    var wrapped: (model: [Double], raw: [Double]) = ([], [])
    for _ in 0..<rounds {
        label.numberOfLines = 1
        oneLine.model.append(
            milliseconds {
                for s in strings {
                    label.text = s
                    sink += label.sizeThatFits(CGSize(width: 1000, height: 1000)).width
                }
            })
        oneLine.raw.append(milliseconds { for s in strings { sink += raw.measure(s, width: nil, lines: 1).0 } })
        label.numberOfLines = 3
        wrapped.model.append(
            milliseconds {
                for s in strings {
                    label.text = s
                    sink += label.sizeThatFits(CGSize(width: 200, height: 1000)).height
                }
            })
        wrapped.raw.append(milliseconds { for s in strings { sink += raw.measure(s, width: 200, lines: 3).1 } })
    }
    for (name, times) in [("1,000 one-line labels", oneLine), ("1,000 labels wrapped at 200 points, 3 lines", wrapped)] {
        let m = median(times.model), r = median(times.raw)
        print(String(format: "%@: UILabel.sizeThatFits %.2f ms, raw Pango %.2f ms, ratio %.2f (medians of %d rounds)", name, m, r, m / r, rounds))
    }
    precondition(sink > 0, "nothing was measured")
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

@MainActor func runDrawing() {
    let size = CGSize(width: 300, height: 80), scale = 2.0
    let labels = paragraphs.map { text in
        let label = UILabel(frame: CGRect(origin: .zero, size: size))
        label.numberOfLines = 0
        label.contentScaleFactor = scale
        label.text = text
        return label
    }
    let font = labels[0].font!
    let raw = RawPangoDrawing(family: font.familyName, size: Double(font.pointSize), width: size.width, height: size.height, scale: scale)
    var sink = 0
    var drawn: (model: [Double], raw: [Double]) = ([], [])
    var unchanged: [Double] = []
    for round in 0..<rounds {
        // Each round changes every label's text (one word differs), so each lays out and draws.
        let word = round % 2 == 0 ? "says" : "sings"
        drawn.model.append(
            milliseconds {
                for (label, text) in zip(labels, paragraphs) {
                    label.text = text.replacingOccurrences(of: "says", with: word)
                    label.layer.displayIfNeeded()
                    sink += label.layer.contents == nil ? 0 : 1
                }
            })
        drawn.raw.append(milliseconds { for text in paragraphs { sink += Int(raw.draw(text.replacingOccurrences(of: "says", with: word))) } })
        unchanged.append(
            milliseconds {
                for label in labels {
                    label.layer.displayIfNeeded()
                    sink += label.layer.needsDisplay() ? 0 : 1
                }
            })
    }
    let m = median(drawn.model), r = median(drawn.raw)
    print(
        String(
            format: "1,000 labels of 20 words, 300 × 80 points at scale 2, laid out and drawn: UILabel %.2f ms, raw Pango %.2f ms, ratio %.2f (medians of %d rounds)", m, r, m / r,
            rounds))
    print(String(format: "the same 1,000 labels unchanged, asked to display again: %.3f ms (nothing drawn)", median(unchanged)))
    precondition(sink > 0, "nothing was drawn")
}

@MainActor func runTyping() throws {
    let screen = UIScreen(size: CGSize(width: 320, height: 100), scale: 2, commitSink: RecordingCommitSink())
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
    window.screen = screen
    window.makeKeyAndVisible()
    let field = UITextField(frame: CGRect(x: 10, y: 10, width: 300, height: 34))
    field.borderStyle = .roundedRect
    window.addSubview(field)
    let sentence = "The quick brown fox jumps over the lazy dog while typing goes on and on. "
    let text = String(String(repeating: sentence, count: 3).prefix(200))
    let font = field.font!
    // The reference draws only what the field shows: a 286-point-wide line (the rounded field's
    // text rectangle), its end kept in view once it runs past.
    let raw = RawPangoDrawing(family: font.familyName, size: Double(font.pointSize), width: 286, height: 34, scale: 2)
    pango_layout_set_width(raw.layout, -1)
    var time = 0.0
    var typed: (model: [Double], raw: [Double]) = ([], [])
    var sink = 0
    for _ in 0..<rounds {
        field.text = ""
        _ = field.becomeFirstResponder()
        var failure: Error?
        typed.model.append(
            milliseconds {
                do {
                    for character in text {
                        time += 0.01
                        try window.send(KeyInput(phase: .down, keyCode: .keyboardA, characters: String(character), timestamp: time))
                        time += 0.01
                        try window.send(KeyInput(phase: .up, keyCode: .keyboardA, characters: String(character), timestamp: time))
                        field.layoutIfNeeded()
                        for view in field.subviews.flatMap({ [$0] + $0.subviews }) { view.layer.displayIfNeeded() }
                    }
                } catch { failure = error }
            })
        if let failure { throw failure }
        sink += field.text?.count ?? 0
        _ = field.resignFirstResponder()
        var prefix = ""
        typed.raw.append(
            milliseconds {
                for character in text {
                    prefix.append(character)
                    sink += Int(raw.draw(prefix, keepingEndIn: 286))
                }
            })
    }
    let m = median(typed.model), r = median(typed.raw)
    print(
        String(
            format: "200 characters typed into a 300-point text field, a key press each: UITextField %.3f ms per key, raw Pango %.3f ms per key, ratio %.2f (medians of %d rounds)",
            m / 200, r / 200, m / r, rounds))
    precondition(sink > 0, "nothing was typed")
}

try await MainActor.run {
    run()
    runDrawing()
    try runTyping()
}
