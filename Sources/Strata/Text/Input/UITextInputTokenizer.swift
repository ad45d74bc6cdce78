import Foundation

/// A unit of text: UIKit's `UITextGranularity`.
public enum UITextGranularity: Int, Sendable {
    case character = 0, word, sentence, paragraph, line, document
}

/// Forward or backward through the stored text: UIKit's `UITextStorageDirection`.
public enum UITextStorageDirection: Int, Sendable {
    case forward = 0, backward
}

/// The direction text is written in: UIKit's `NSWritingDirection`.
public enum NSWritingDirection: Int, Sendable {
    case natural = -1, leftToRight = 0, rightToLeft = 1
}

/// A direction for tokenizing: a storage direction or a layout direction, as UIKit's
/// `UITextDirection` wraps both in one integer.
public struct UITextDirection: RawRepresentable, Hashable, Sendable {
    /// The raw value (a `UITextStorageDirection` or `UITextLayoutDirection` raw value).
    public let rawValue: Int
    /// A direction from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A storage direction.
    public static func storage(_ direction: UITextStorageDirection) -> UITextDirection { UITextDirection(rawValue: direction.rawValue) }
    /// A layout direction.
    public static func layout(_ direction: UITextLayoutDirection) -> UITextDirection { UITextDirection(rawValue: direction.rawValue) }

    /// Whether the direction runs towards the end of the text (forward, right, down).
    var isForward: Bool {
        [UITextStorageDirection.forward.rawValue, UITextLayoutDirection.right.rawValue, UITextLayoutDirection.down.rawValue].contains(rawValue)
    }
}

/// A selection's rectangle on one line: UIKit's `UITextSelectionRect`.
open class UITextSelectionRect: NSObject {
    private let stored: (rect: CGRect, containsStart: Bool, containsEnd: Bool)
    /// A rectangle (subclass it to report your own).
    public override init() {
        stored = (.zero, false, false)
        super.init()
    }
    init(rect: CGRect, containsStart: Bool, containsEnd: Bool) {
        stored = (rect, containsStart, containsEnd)
        super.init()
    }
    /// The rectangle, in the text input's coordinates.
    open var rect: CGRect { stored.rect }
    /// The writing direction of the text in it.
    open var writingDirection: NSWritingDirection { .natural }
    /// Whether the selection starts in it.
    open var containsStart: Bool { stored.containsStart }
    /// Whether the selection ends in it.
    open var containsEnd: Bool { stored.containsEnd }
    /// Whether the text in it runs vertically.
    open var isVertical: Bool { false }
}

/// The object an input method tells about changes to a text input: UIKit's `UITextInputDelegate`.
@MainActor
public protocol UITextInputDelegate: AnyObject {
    /// The selection is about to change.
    func selectionWillChange(_ textInput: UITextInput?)
    /// The selection changed.
    func selectionDidChange(_ textInput: UITextInput?)
    /// The text is about to change.
    func textWillChange(_ textInput: UITextInput?)
    /// The text changed.
    func textDidChange(_ textInput: UITextInput?)
}

/// Finds the boundaries of characters, words, sentences, paragraphs, lines and the document in
/// a text input: UIKit's `UITextInputTokenizer`.
@MainActor
public protocol UITextInputTokenizer: AnyObject {
    /// The unit of `granularity` around `position` in `direction`, or nil.
    func rangeEnclosingPosition(_ position: UITextPosition, with granularity: UITextGranularity, inDirection direction: UITextDirection) -> UITextRange?
    /// Whether `position` is at a boundary of `granularity` in `direction`.
    func isPosition(_ position: UITextPosition, atBoundary granularity: UITextGranularity, inDirection direction: UITextDirection) -> Bool
    /// The next boundary of `granularity` from `position` in `direction`, or nil.
    func position(from position: UITextPosition, toBoundary granularity: UITextGranularity, inDirection direction: UITextDirection) -> UITextPosition?
    /// Whether `position` is inside a unit of `granularity` (or at its edge in `direction`).
    func isPosition(_ position: UITextPosition, withinTextUnit granularity: UITextGranularity, inDirection direction: UITextDirection) -> Bool
}

/// The tokenizer for plain text: grapheme clusters, words, sentences (ending in . ! or ?),
/// paragraphs and lines (ending in line breaks) and the whole document, read through the text
/// input's own `text(in:)` and positions. UIKit's `UITextInputStringTokenizer`. Main actor.
@MainActor
open class UITextInputStringTokenizer: NSObject, UITextInputTokenizer {
    private unowned let textInput: UIResponder & UITextInput

    /// A tokenizer of `textInput`'s text.
    public init(textInput: UIResponder & UITextInput) {
        self.textInput = textInput
        super.init()
    }

    private var storage: TextStorage {
        let all = textInput.textRange(from: textInput.beginningOfDocument, to: textInput.endOfDocument)
        return TextStorage(NSAttributedString(string: all.flatMap(textInput.text(in:)) ?? ""))
    }

    private func offset(_ position: UITextPosition) -> Int { textInput.offset(from: textInput.beginningOfDocument, to: position) }

    /// The text input's own position at UTF-16 `offset`.
    private func at(_ offset: Int) -> UITextPosition? { textInput.position(from: textInput.beginningOfDocument, offset: offset) }

    /// The units of `granularity` in the text, as UTF-16 ranges, in order.
    private func units(_ granularity: UITextGranularity, in storage: TextStorage) -> [NSRange] {
        let length = storage.length
        switch granularity {
        case .document:
            return [NSRange(location: 0, length: length)]
        case .character:
            let b = storage.characterBoundaries
            return zip(b, b.dropFirst()).map { NSRange(location: $0, length: $1 - $0) }
        case .word:
            var ranges: [NSRange] = []
            var offset = 0
            while offset < length {
                let range = storage.wordRange(at: offset)
                if storage.substring(range).contains(where: { $0.isLetter || $0.isNumber }) { ranges.append(range) }
                offset = max(range.location + range.length, offset + 1)
            }
            return ranges
        case .sentence, .paragraph, .line:
            var ranges: [NSRange] = []
            var start = 0
            var offset = 0
            let text = storage.string
            var previous: Character?
            for character in text {
                let n = character.utf16.count
                let ends = granularity == .sentence ? (character.isWhitespace && ".!?".contains(previous ?? " ")) || character.isNewline : character.isNewline
                offset += n
                if ends {
                    ranges.append(NSRange(location: start, length: offset - n - start))
                    start = offset
                }
                previous = character
            }
            if start < length || ranges.isEmpty { ranges.append(NSRange(location: start, length: length - start)) }
            return ranges
        }
    }

    /// The unit around `position`, looking backward or forward.
    open func rangeEnclosingPosition(_ position: UITextPosition, with granularity: UITextGranularity, inDirection direction: UITextDirection) -> UITextRange? {
        let o = offset(position)
        let found = units(granularity, in: storage).first { r in
            direction.isForward ? (r.location <= o && o < r.location + r.length) : (r.location < o && o <= r.location + r.length)
        }
        guard let found, let start = at(found.location), let end = at(found.location + found.length) else { return nil }
        return textInput.textRange(from: start, to: end)
    }

    /// Whether `position` starts (forward) or ends (backward) a unit.
    open func isPosition(_ position: UITextPosition, atBoundary granularity: UITextGranularity, inDirection direction: UITextDirection) -> Bool {
        let o = offset(position)
        return units(granularity, in: storage).contains { direction.isForward ? $0.location + $0.length == o : $0.location == o }
    }

    /// The next unit boundary past `position` in `direction`.
    open func position(from position: UITextPosition, toBoundary granularity: UITextGranularity, inDirection direction: UITextDirection) -> UITextPosition? {
        let o = offset(position)
        let edges = units(granularity, in: storage).flatMap { [$0.location, $0.location + $0.length] }
        let target = direction.isForward ? edges.filter { $0 > o }.min() : edges.filter { $0 < o }.max()
        return target.flatMap(at)
    }

    /// Whether `position` lies in a unit (at its end counts backward, at its start forward).
    open func isPosition(_ position: UITextPosition, withinTextUnit granularity: UITextGranularity, inDirection direction: UITextDirection) -> Bool {
        rangeEnclosingPosition(position, with: granularity, inDirection: direction) != nil
    }
}
