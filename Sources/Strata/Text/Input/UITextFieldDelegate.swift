import Foundation

/// The object a text field asks before editing and tells after: UIKit's `UITextFieldDelegate`.
/// Every method is optional: the defaults allow everything. Main actor.
@MainActor
public protocol UITextFieldDelegate: AnyObject {
    /// Whether editing may begin (true).
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    /// Editing began: the field is first responder.
    func textFieldDidBeginEditing(_ textField: UITextField)
    /// Whether editing may end (true); false keeps the field first responder.
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    /// Editing ended.
    func textFieldDidEndEditing(_ textField: UITextField)
    /// Editing ended for `reason`; the default calls `textFieldDidEndEditing(_:)`, so implement
    /// one or the other, as in UIKit.
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
    /// Whether the characters in `range` (UTF-16 units of the current text) may be replaced by
    /// `string` (true). Called for typing, deletion, paste, cut and marked text.
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    /// The selection changed (the caret moved, or text was selected).
    func textFieldDidChangeSelection(_ textField: UITextField)
    /// Whether the clear button may clear the text (true).
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    /// Whether Return does its default (true): sending `.editingDidEndOnExit`, which ends
    /// editing when an action is registered for it.
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    /// true.
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    /// Nothing.
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    /// true.
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    /// Nothing.
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    /// Calls `textFieldDidEndEditing(_:)`.
    public func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
        textFieldDidEndEditing(textField)
    }
    /// true.
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        true
    }
    /// Nothing.
    public func textFieldDidChangeSelection(_ textField: UITextField) {}
    /// true.
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    /// true.
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}
