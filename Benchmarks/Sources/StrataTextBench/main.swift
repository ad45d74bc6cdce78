// Text measurement: 1,000 different one-line strings sized by UILabel.sizeThatFits (one label,
// its text changed each time) and by a 200-point-wide, three-line label, against the same
// measurements made by calling Pango directly (one layout, its text changed, the logical
// extents read) on a context set up the same way (72 dpi, metric hinting off). Rounds
// interleave model and reference. Times are reported, never gated.
import CPangoReference
import Foundation
import Strata

let rounds = 9
let strings = (0..<1000).map { "Label \($0): the quick brown fox jumps over the lazy dog" }

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

await MainActor.run { run() }
