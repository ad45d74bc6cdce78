import Foundation

/// How lines of text line up across their box: UIKit's `NSTextAlignment`, with its raw values.
public enum NSTextAlignment: Int, Sendable, CaseIterable {
    /// Along the left edge.
    case left = 0
    /// Centred.
    case center = 1
    /// Along the right edge.
    case right = 2
    /// Both edges, the last line of a paragraph natural.
    case justified = 3
    /// The edge the text's writing direction starts at (left for left-to-right text).
    case natural = 4
}

/// How a line that does not fit is broken or cut: UIKit's `NSLineBreakMode`, with its raw values.
public enum NSLineBreakMode: Int, Sendable, CaseIterable {
    /// Wrap at word boundaries (a word longer than the line is broken between characters).
    case byWordWrapping = 0
    /// Wrap between any characters.
    case byCharWrapping = 1
    /// Cut off what does not fit, with no ellipsis.
    case byClipping = 2
    /// Replace the start of the last line that fits with an ellipsis.
    case byTruncatingHead = 3
    /// Replace the end of the last line that fits with an ellipsis.
    case byTruncatingTail = 4
    /// Replace the middle of the last line that fits with an ellipsis.
    case byTruncatingMiddle = 5
}
