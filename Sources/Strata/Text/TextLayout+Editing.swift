import CPango
import Foundation

// Geometry for editing: where the caret goes for a UTF-16 offset, which offset a point is
// nearest, and the rectangles a selection covers. Pango works in byte indexes of the UTF-8
// text; these functions take and give UTF-16 offsets, as UIKit's ranges are. Coordinates are the
// layout's own: the top-left of its box (as `draw(in:at:)` places it) is the origin.
extension TextLayout {
    /// The byte index of UTF-16 `offset` (clamped to the text).
    private func byteIndex(_ offset: Int) -> Int32 {
        let utf16 = text.utf16
        let clamped = min(max(offset, 0), utf16.count)
        let index = utf16.index(utf16.startIndex, offsetBy: clamped)
        let scalarIndex = index.samePosition(in: text.unicodeScalars) ?? text.unicodeScalars.index(before: index)
        return Int32(text.utf8.distance(from: text.utf8.startIndex, to: scalarIndex))
    }

    /// The UTF-16 offset of byte index `byte`.
    private func utf16Offset(_ byte: Int32) -> Int {
        let utf8 = text.utf8
        let clamped = min(max(Int(byte), 0), utf8.count)
        let index = utf8.index(utf8.startIndex, offsetBy: clamped)
        return text.utf16.distance(from: text.utf16.startIndex, to: index)
    }

    /// The caret's rectangle (zero width) before the character at UTF-16 `offset`: x where it
    /// stands, y and height of its line.
    func caretRect(at offset: Int) -> CGRect {
        FontSystem.shared.withContext { _ in
            var strong = PangoRectangle()
            pango_layout_get_cursor_pos(layout, byteIndex(offset), &strong, nil)
            let scale = CGFloat(PANGO_SCALE)
            return CGRect(x: CGFloat(strong.x) / scale + leftInset, y: CGFloat(strong.y) / scale, width: 0, height: CGFloat(strong.height) / scale)
        }
    }

    /// The UTF-16 offset of the character boundary nearest `point` (a point past a line's end
    /// gives the line's end; above or below the text, the first or last line).
    func offset(nearest point: CGPoint) -> Int {
        FontSystem.shared.withContext { _ in
            let scale = CGFloat(PANGO_SCALE)
            var index: Int32 = 0
            var trailing: Int32 = 0
            let y = min(max(point.y, 0), max(size.height - 0.01, 0))
            pango_layout_xy_to_index(layout, Int32(((point.x - leftInset) * scale).rounded()), Int32((y * scale).rounded()), &index, &trailing)
            var offset = utf16Offset(index)
            if trailing > 0 {
                // Past the middle of the character: after it.
                let start = text.utf16.index(text.utf16.startIndex, offsetBy: offset)
                if let characterStart = start.samePosition(in: text), characterStart < text.endIndex {
                    offset += text[characterStart].utf16.count
                }
            }
            return offset
        }
    }

    /// Each line's UTF-16 range (without its line break) and its rectangle (the line's ink
    /// extent in x, its logical top and height in y): what `lines` keeps.
    func makeLines() -> [(range: NSRange, rect: CGRect)] {
        FontSystem.shared.withContext { _ in
            let scale = CGFloat(PANGO_SCALE)
            var result: [(NSRange, CGRect)] = []
            let iter = pango_layout_get_iter(layout)!
            defer { pango_layout_iter_free(iter) }
            repeat {
                guard let line = pango_layout_iter_get_line_readonly(iter) else { continue }
                var y0: Int32 = 0
                var y1: Int32 = 0
                pango_layout_iter_get_line_yrange(iter, &y0, &y1)
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iter, nil, &logical)
                let start = utf16Offset(line.pointee.start_index)
                let end = utf16Offset(line.pointee.start_index + line.pointee.length)
                result.append(
                    (
                        NSRange(location: start, length: end - start),
                        CGRect(
                            x: CGFloat(logical.x) / scale + leftInset, y: CGFloat(y0) / scale, width: CGFloat(logical.width) / scale,
                            height: CGFloat(y1 - y0) / scale)
                    ))
            } while pango_layout_iter_next_line(iter) != 0
            return result
        }
    }

    /// The index of the line holding UTF-16 `offset` (an offset at a wrapped line's end
    /// belongs to the next line, as the caret shows it).
    func lineIndex(of offset: Int) -> Int {
        let all = lines
        for (i, line) in all.enumerated().reversed() where offset >= line.range.location { return i }
        return 0
    }

    /// The rectangles covering UTF-16 `range`: one per line it touches, each the height of its
    /// line (a selection's highlight).
    func selectionRects(for range: NSRange) -> [CGRect] {
        guard range.length > 0 else { return [] }
        let end = range.location + range.length
        var rects: [CGRect] = []
        for line in lines {
            let lineEnd = line.range.location + line.range.length
            let lo = max(range.location, line.range.location)
            let hi = min(end, lineEnd)
            // A selection running past this line's end covers to the line's right edge.
            let continues = end > lineEnd && lineEnd < text.utf16.count
            guard lo < hi || (continues && lo <= lineEnd && range.location <= lineEnd) else { continue }
            let x0 = caretRect(at: lo).minX
            let x1 = continues ? max(line.rect.maxX, caretRect(at: hi).minX) : caretRect(at: hi).minX
            rects.append(CGRect(x: min(x0, x1), y: line.rect.minY, width: abs(x1 - x0), height: line.rect.height))
        }
        return rects
    }
}
