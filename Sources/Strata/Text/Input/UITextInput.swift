import Foundation

/// The keyboard a text input asks for: UIKit's `UIKeyboardType`. Kept as a trait; Strata's hosts
/// bring their own keyboards.
public enum UIKeyboardType: Int, Sendable {
    /// The default keyboard for the current input method.
    case `default` = 0
    /// Letters and punctuation in ASCII.
    case asciiCapable = 1
    /// Numbers and punctuation.
    case numbersAndPunctuation = 2
    /// For URLs.
    case URL = 3
    /// Digits 0–9.
    case numberPad = 4
    /// A telephone keypad.
    case phonePad = 5
    /// Letters and a phone keypad.
    case namePhonePad = 6
    /// For email addresses.
    case emailAddress = 7
    /// Digits and a decimal point.
    case decimalPad = 8
    /// For social-media text.
    case twitter = 9
    /// For search terms.
    case webSearch = 10
    /// ASCII digits.
    case asciiCapableNumberPad = 11
}

/// The title of a keyboard's return key: UIKit's `UIReturnKeyType`. Kept as a trait.
public enum UIReturnKeyType: Int, Sendable {
    case `default` = 0, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

/// When the shift key turns on by itself: UIKit's `UITextAutocapitalizationType`. Kept as a trait.
public enum UITextAutocapitalizationType: Int, Sendable {
    case none = 0, words, sentences, allCharacters
}

/// Whether autocorrection is on: UIKit's `UITextAutocorrectionType`. Kept as a trait.
public enum UITextAutocorrectionType: Int, Sendable {
    case `default` = 0, no, yes
}

/// Whether spell checking is on: UIKit's `UITextSpellCheckingType`. Kept as a trait.
public enum UITextSpellCheckingType: Int, Sendable {
    case `default` = 0, no, yes
}

/// Whether quotes become typographic: UIKit's `UITextSmartQuotesType`. Kept as a trait.
public enum UITextSmartQuotesType: Int, Sendable {
    case `default` = 0, no, yes
}

/// Whether hyphens become dashes: UIKit's `UITextSmartDashesType`. Kept as a trait.
public enum UITextSmartDashesType: Int, Sendable {
    case `default` = 0, no, yes
}

/// Whether spaces are added and removed around pasted words: UIKit's `UITextSmartInsertDeleteType`.
public enum UITextSmartInsertDeleteType: Int, Sendable {
    case `default` = 0, no, yes
}

/// The keyboard's look: UIKit's `UIKeyboardAppearance`. Kept as a trait.
public enum UIKeyboardAppearance: Int, Sendable {
    case `default` = 0, dark, light
}

/// What a text input holds, for autofill: UIKit's `UITextContentType`. Kept as a trait.
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    /// The type's name.
    public let rawValue: String
    /// A type from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A person's name.
    public static let name = UITextContentType(rawValue: "name")
    /// An email address.
    public static let emailAddress = UITextContentType(rawValue: "email")
    /// A user name.
    public static let username = UITextContentType(rawValue: "username")
    /// A password.
    public static let password = UITextContentType(rawValue: "password")
    /// A new password.
    public static let newPassword = UITextContentType(rawValue: "new-password")
    /// A one-time code.
    public static let oneTimeCode = UITextContentType(rawValue: "one-time-code")
    /// A telephone number.
    public static let telephoneNumber = UITextContentType(rawValue: "tel")
    /// A URL.
    public static let URL = UITextContentType(rawValue: "url")
}

/// The traits a text input shows to the keyboard: UIKit's `UITextInputTraits`. Every trait has
/// UIKit's default; a conforming type declares the ones it keeps. Main actor.
@MainActor
public protocol UITextInputTraits: AnyObject {
    /// The keyboard asked for.
    var keyboardType: UIKeyboardType { get }
    /// The return key's title.
    var returnKeyType: UIReturnKeyType { get }
    /// Automatic capitalization.
    var autocapitalizationType: UITextAutocapitalizationType { get }
    /// Automatic correction.
    var autocorrectionType: UITextAutocorrectionType { get }
    /// Whether the text is hidden as it is typed.
    var isSecureTextEntry: Bool { get }
}

extension UITextInputTraits {
    /// `.default`.
    public var keyboardType: UIKeyboardType { .default }
    /// `.default`.
    public var returnKeyType: UIReturnKeyType { .default }
    /// `.sentences`.
    public var autocapitalizationType: UITextAutocapitalizationType { .sentences }
    /// `.default`.
    public var autocorrectionType: UITextAutocorrectionType { .default }
    /// false.
    public var isSecureTextEntry: Bool { false }
}

/// A responder that takes typed text: UIKit's `UIKeyInput`. When it is first responder, key
/// presses nobody else takes type into it (`insertText(_:)`; Delete calls `deleteBackward()`;
/// Return inserts `"\n"`), and so does committed input-method text. Main actor.
@MainActor
public protocol UIKeyInput: UITextInputTraits {
    /// Whether there is any text to delete.
    var hasText: Bool { get }
    /// Inserts `text` at the insertion point (replacing the selection).
    func insertText(_ text: String)
    /// Deletes the character before the insertion point (or the selection).
    func deleteBackward()
}

/// A position in a text input's text: UIKit's `UITextPosition`. Strata's text views use
/// positions that hold a UTF-16 offset; they compare by `UITextInput.compare(_:to:)`.
open class UITextPosition: NSObject {
    /// A position (subclass it to hold your own).
    public override init() { super.init() }
}

/// A range of a text input's text between two positions: UIKit's `UITextRange`.
open class UITextRange: NSObject {
    /// A range (subclass it and override `start` and `end`).
    public override init() { super.init() }
    /// Where the range starts (override it; the base class has no text).
    open var start: UITextPosition { fatalError("UITextRange.start: a UITextRange subclass must override start") }
    /// Where the range ends (override it).
    open var end: UITextPosition { fatalError("UITextRange.end: a UITextRange subclass must override end") }
    /// Whether `start` and `end` are the same position (override it).
    open var isEmpty: Bool { false }
}

/// A direction to move a position in: UIKit's `UITextLayoutDirection`.
public enum UITextLayoutDirection: Int, Sendable {
    case right = 2, left, up, down
}

/// The text editing interface of a text input, for input methods and for code written against
/// it: UIKit's `UITextInput` (its core). Positions are opaque; Strata's text field and text
/// view implement it with UTF-16 offsets. Main actor.
@MainActor
public protocol UITextInput: UIKeyInput {
    /// The text in `range`, or nil for a range outside the text.
    func text(in range: UITextRange) -> String?
    /// Replaces the text in `range` with `text`.
    func replace(_ range: UITextRange, withText text: String)
    /// The selection (an empty range is the caret); nil when there is none.
    var selectedTextRange: UITextRange? { get set }
    /// The marked (composing) text's range; nil when there is none.
    var markedTextRange: UITextRange? { get }
    /// Replaces the marked text (or the selection, when none) with `markedText` and selects
    /// `selectedRange` within it (UTF-16 units).
    func setMarkedText(_ markedText: String?, selectedRange: NSRange)
    /// Commits the marked text as it is.
    func unmarkText()
    /// The position at the start of the text.
    var beginningOfDocument: UITextPosition { get }
    /// The position at the end of the text.
    var endOfDocument: UITextPosition { get }
    /// The range from `fromPosition` to `toPosition`.
    func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange?
    /// The position `offset` characters from `position` (UTF-16 units), or nil outside the text.
    func position(from position: UITextPosition, offset: Int) -> UITextPosition?
    /// The position `offset` steps from `position` in `direction` (lines for up and down).
    func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition?
    /// How `position` orders against `other`.
    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult
    /// The distance from `from` to `toPosition` (UTF-16 units).
    func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int
    /// The first line's rectangle of `range`, in the view's coordinates.
    func firstRect(for range: UITextRange) -> CGRect
    /// The caret's rectangle at `position`, in the view's coordinates.
    func caretRect(for position: UITextPosition) -> CGRect
    /// The position nearest `point` (in the view's coordinates).
    func closestPosition(to point: CGPoint) -> UITextPosition?
    /// The position nearest `point` within `range`.
    func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition?
    /// The character's range at `point`, or nil.
    func characterRange(at point: CGPoint) -> UITextRange?
    /// The rectangles `range` covers, one per line.
    func selectionRects(for range: UITextRange) -> [UITextSelectionRect]
    /// The position within `range` farthest in `direction`.
    func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition?
    /// The range from `position` to the end of its character (or line) in `direction`.
    func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange?
    /// The writing direction at `position`.
    func baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection) -> NSWritingDirection
    /// Sets the writing direction of `range`.
    func setBaseWritingDirection(_ writingDirection: NSWritingDirection, for range: UITextRange)
    /// The tokenizer that finds word, sentence and line boundaries in the text.
    var tokenizer: UITextInputTokenizer { get }
    /// The input method's delegate, told of changes it did not make.
    var inputDelegate: UITextInputDelegate? { get set }
    /// How marked text is drawn (nil: underlined).
    var markedTextStyle: [NSAttributedString.Key: Any]? { get set }
}

/// A position in Strata's text views: a UTF-16 offset into the text.
final class TextOffsetPosition: UITextPosition {
    let offset: Int
    init(_ offset: Int) {
        self.offset = offset
        super.init()
    }
    override func isEqual(_ object: Any?) -> Bool { (object as? TextOffsetPosition)?.offset == offset }
    override var hash: Int { offset }
    override var description: String { "<UITextPosition: offset=\(offset)>" }
}

/// A range in Strata's text views: UTF-16 offsets.
final class TextOffsetRange: UITextRange {
    let range: NSRange
    init(_ range: NSRange) {
        self.range = range
        super.init()
    }
    override var start: UITextPosition { TextOffsetPosition(range.location) }
    override var end: UITextPosition { TextOffsetPosition(range.location + range.length) }
    override var isEmpty: Bool { range.length == 0 }
    override func isEqual(_ object: Any?) -> Bool { (object as? TextOffsetRange)?.range == range }
    override var hash: Int { range.location &* 31 &+ range.length }
    override var description: String { "<UITextRange: {\(range.location), \(range.length)}>" }
}
