import Foundation

/// The text of a text field or text view with its selection and marked (composing) text, and
/// the boundaries editing moves by: grapheme clusters (what one arrow press or Delete crosses,
/// as UIKit treats an emoji sequence or a letter with combining marks as one character) and
/// words. Offsets and ranges are UTF-16 units, as UIKit's `NSRange`s are. A plain value; no
/// layout and no GPU.
struct TextStorage {
    /// The text with its attributes.
    private(set) var attributed: NSAttributedString
    /// The selection; an empty range is the caret.
    var selection: NSRange { didSet { selection = clamp(selection) } }
    /// The end of the selection that stays put when Shift extends it (the other end moves).
    var anchor: Int
    /// The marked text's range while an input method composes; nil otherwise.
    var marked: NSRange?

    /// What is worked out from the text once per version of it (boundaries, word kinds): a key
    /// press asks several times. Replaced whenever the text changes, so a copy of the storage
    /// keeps the one that matches its text.
    private final class Derived {
        var boundaries: [Int]?
        var kinds: [(range: Range<Int>, isWord: Bool, isSpace: Bool)]?
    }
    private var derived = Derived()

    /// Text with the caret at its end.
    init(_ attributed: NSAttributedString = NSAttributedString(string: "")) {
        self.attributed = attributed
        let end = attributed.length
        selection = NSRange(location: end, length: 0)
        anchor = end
    }

    /// The plain text.
    var string: String { attributed.string }
    /// The text's length in UTF-16 units.
    var length: Int { attributed.length }

    /// Replaces the whole text; the caret goes to the end, marked text ends.
    mutating func setText(_ new: NSAttributedString) {
        attributed = new
        derived = Derived()
        marked = nil
        selection = NSRange(location: new.length, length: 0)
        anchor = new.length
    }

    /// Replaces `range` with `replacement` (in `attributes`), putting the caret after it; a
    /// marked range ends unless `keepMarked` gives the new one.
    mutating func replace(_ range: NSRange, with replacement: String, attributes: [NSAttributedString.Key: Any], keepMarked: NSRange? = nil) {
        let range = clamp(range)
        let copy = NSMutableAttributedString(attributedString: attributed)
        copy.replaceCharacters(in: range, with: NSAttributedString(string: replacement, attributes: attributes))
        attributed = copy
        derived = Derived()
        let end = range.location + replacement.utf16.count
        marked = keepMarked
        selection = NSRange(location: end, length: 0)
        anchor = end
    }

    /// `range` cut to the text.
    func clamp(_ range: NSRange) -> NSRange {
        let start = min(max(range.location, 0), length)
        let end = min(max(range.location + max(range.length, 0), start), length)
        return NSRange(location: start, length: end - start)
    }

    /// The text in `range` (cut to the text).
    func substring(_ range: NSRange) -> String {
        let r = clamp(range)
        let utf16 = Array(string.utf16)
        return String(decoding: utf16[r.location..<(r.location + r.length)], as: UTF16.self)
    }

    /// The UTF-16 offsets where grapheme clusters start, with the end of the text last.
    var characterBoundaries: [Int] {
        if let cached = derived.boundaries { return cached }
        var offsets: [Int] = [0]
        var offset = 0
        for character in string {
            offset += character.utf16.count
            offsets.append(offset)
        }
        derived.boundaries = offsets
        return offsets
    }

    /// The boundary before `offset` (one character back), or 0.
    func characterBoundary(before offset: Int) -> Int {
        let b = characterBoundaries
        let i = firstIndex(in: b) { $0 >= offset }  // the first boundary not before `offset`
        return i > 0 ? b[i - 1] : 0
    }

    /// The boundary after `offset` (one character on), or the end.
    func characterBoundary(after offset: Int) -> Int {
        let b = characterBoundaries
        let i = firstIndex(in: b) { $0 > offset }
        return i < b.count ? b[i] : length
    }

    /// The nearest boundary at or before `offset` (an offset inside a cluster snaps back).
    func snapped(_ offset: Int) -> Int {
        let b = characterBoundaries
        let i = firstIndex(in: b) { $0 > offset }
        return i > 0 ? b[i - 1] : 0
    }

    /// The index of the first element of the ascending `values` meeting `test` (binary search;
    /// `values.count` when none does).
    private func firstIndex(in values: [Int], where test: (Int) -> Bool) -> Int {
        var lo = 0
        var hi = values.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if test(values[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// Each character's kind for word movement, with its UTF-16 range.
    private var characterKinds: [(range: Range<Int>, isWord: Bool, isSpace: Bool)] {
        if let cached = derived.kinds { return cached }
        var result: [(range: Range<Int>, isWord: Bool, isSpace: Bool)] = []
        var offset = 0
        for character in string {
            let n = character.utf16.count
            let isWord = character.isLetter || character.isNumber || character == "_" || character == "'" || character == "’"
            result.append((offset..<(offset + n), isWord, character.isWhitespace))
            offset += n
        }
        derived.kinds = result
        return result
    }

    /// Where the word before `offset` starts (Option-Left, Option-Delete): back over any
    /// non-word characters, then over the word.
    func wordStart(before offset: Int) -> Int {
        let kinds = characterKinds
        var i = kinds.lastIndex(where: { $0.range.upperBound <= offset }) ?? -1
        while i >= 0, !kinds[i].isWord { i -= 1 }
        while i >= 0, kinds[i].isWord { i -= 1 }
        return i >= 0 ? kinds[i].range.upperBound : 0
    }

    /// Where the word after `offset` ends (Option-Right, Option-Forward-Delete).
    func wordEnd(after offset: Int) -> Int {
        let kinds = characterKinds
        var i = kinds.firstIndex(where: { $0.range.lowerBound >= offset }) ?? kinds.count
        while i < kinds.count, !kinds[i].isWord { i += 1 }
        while i < kinds.count, kinds[i].isWord { i += 1 }
        return i < kinds.count ? kinds[i].range.lowerBound : length
    }

    /// The word (or run of spaces, or single punctuation character) at `offset`: what a double
    /// tap selects. At the end of the text, the last word.
    func wordRange(at offset: Int) -> NSRange {
        let kinds = characterKinds
        guard !kinds.isEmpty else { return NSRange(location: 0, length: 0) }
        var i = kinds.firstIndex(where: { $0.range.contains(offset) }) ?? (kinds.count - 1)
        if !kinds[i].isWord, i > 0, kinds[i - 1].isWord, offset == kinds[i].range.lowerBound, kinds[i].isSpace { i -= 1 }
        let kind = (kinds[i].isWord, kinds[i].isSpace)
        guard kind.0 || kind.1 else { return NSRange(location: kinds[i].range.lowerBound, length: kinds[i].range.count) }
        var lo = i, hi = i
        while lo > 0, (kinds[lo - 1].isWord, kinds[lo - 1].isSpace) == kind { lo -= 1 }
        while hi + 1 < kinds.count, (kinds[hi + 1].isWord, kinds[hi + 1].isSpace) == kind { hi += 1 }
        return NSRange(location: kinds[lo].range.lowerBound, length: kinds[hi].range.upperBound - kinds[lo].range.lowerBound)
    }

    /// The end of the selection that moves when Shift extends it.
    var movingEnd: Int { anchor == selection.location ? selection.location + selection.length : selection.location }

    /// Moves the caret to `offset`, or (extending) the moving end of the selection there.
    mutating func move(to offset: Int, extending: Bool) {
        let offset = min(max(offset, 0), length)
        if extending {
            selection = NSRange(location: min(anchor, offset), length: abs(anchor - offset))
        } else {
            selection = NSRange(location: offset, length: 0)
            anchor = offset
        }
    }

    /// Selects `range`, anchored at its start.
    mutating func select(_ range: NSRange) {
        selection = clamp(range)
        anchor = selection.location
    }
}
