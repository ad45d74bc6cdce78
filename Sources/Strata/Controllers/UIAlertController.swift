import Foundation

/// A controller that shows an alert or an action sheet: a title, a message and buttons for its
/// actions: UIKit's `UIAlertController`. Main actor.
///
/// Present it with `present(_:animated:completion:)`. It shows over the window, dimming it with
/// black at 20% opacity: an alert is a 270-point-wide platter centred in the window (its title,
/// message and text fields, then its buttons: side by side when there are two, the cancel
/// action on the left; stacked otherwise, the cancel action last); an action sheet sits at the
/// bottom edge, 8 points in from the sides, its cancel action in a separate group at the
/// bottom. Destructive actions are red; the preferred action (or, in an alert without one, the
/// cancel action) is bold. A tap on an enabled action dismisses the controller and then runs
/// the action's handler; a tap outside an action sheet with a cancel action is that action.
@MainActor
open class UIAlertController: UIViewController {
    /// Whether the controller shows an alert or an action sheet: UIKit's
    /// `UIAlertController.Style`, with its raw values.
    public enum Style: Int, Sendable, CaseIterable {
        /// A sheet rising from the bottom edge, for a choice of actions.
        case actionSheet = 0
        /// An alert centred over the content.
        case alert = 1
    }

    /// The dimming over the window while an alert or sheet shows: black at 20%.
    static let dimmingColor = UIColor(white: 0, alpha: 0.2)

    /// Whether the controller shows an alert or an action sheet.
    public let preferredStyle: Style

    /// The actions, in the order they were added.
    public private(set) var actions: [UIAlertAction] = []

    /// The text fields, in the order they were added; nil when there are none.
    public var textFields: [UITextField]? { fields.isEmpty ? nil : fields }
    /// The text fields added with `addTextField(configurationHandler:)`.
    private(set) var fields: [UITextField] = []

    /// The message under the title (nil for none).
    open var message: String? {
        didSet { if message != oldValue { contentDidChange() } }
    }

    /// The title at the top (nil for none).
    open override var title: String? {
        didSet { if title != oldValue { contentDidChange() } }
    }

    /// The action shown bold (alerts only; nil). Setting it replaces the cancel action's
    /// emphasis.
    /// - Precondition: the action was added with `addAction(_:)` (UIKit: a programmer error).
    open var preferredAction: UIAlertAction? {
        didSet {
            if let action = preferredAction {
                precondition(
                    actions.contains(action),
                    "UIAlertController.preferredAction: the action \"\(action.title ?? "")\" must have been added with addAction(_:) first")
            }
            contentDidChange()
        }
    }

    /// Whether a tap has begun dismissing the controller (further taps do nothing).
    var isHandlingTap = false

    /// An alert controller showing `title` and `message` as `preferredStyle` says. Its
    /// presentation fades in and out over the presenting controller, which stays shown.
    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(nibName: nil, bundle: nil, preferredStyle: preferredStyle)
        self.title = title
        self.message = message
    }

    private init(nibName: String?, bundle: Bundle?, preferredStyle: Style) {
        self.preferredStyle = preferredStyle
        super.init(nibName: nibName, bundle: bundle)
        modalPresentationStyle = .custom
        modalTransitionStyle = .crossDissolve
    }

    /// Creates an alert controller from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) { nil }

    /// Adds `action` as a button: actions show in the order added, except the cancel action
    /// (see the class's description).
    /// - Precondition: at most one action has the `.cancel` style; UIKit raises
    ///   NSInternalInconsistencyException, Strata traps with its message.
    open func addAction(_ action: UIAlertAction) {
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            preconditionFailure("UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
        }
        actions.append(action)
        action.onChange = { [weak self] in self?.contentDidChange() }
        contentDidChange()
    }

    /// Adds a text field under the message (13-point text, one 30-point row per field) and
    /// passes it to `configurationHandler` to set up. The first field becomes the first
    /// responder when the alert has appeared.
    /// - Precondition: the style is `.alert`; UIKit raises NSInternalInconsistencyException,
    ///   Strata traps with its message.
    open func addTextField(configurationHandler: (@MainActor (UITextField) -> Void)? = nil) {
        precondition(preferredStyle == .alert, "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert")
        let field = UITextField(frame: .zero)
        field.font = .systemFont(ofSize: 13)
        fields.append(field)
        configurationHandler?(field)
        contentDidChange()
    }

    /// Makes the first text field the first responder once the alert is on screen; without
    /// text fields, the first responder behind the alert resigns (the alert takes the keys).
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if let field = fields.first {
            field.becomeFirstResponder()
        } else {
            view.window?.endEditing(true)
        }
    }

    /// A hardware keyboard's keys, as on iPad: Return chooses the preferred action (or the only
    /// default one), Escape the cancel action.
    open override var keyCommands: [UIKeyCommand]? {
        [
            UIKeyCommand(input: "\r", modifierFlags: [], action: UIAlertController.returnPressed),
            UIKeyCommand(input: UIKeyCommand.inputEscape, modifierFlags: [], action: UIAlertController.escapePressed),
        ]
    }

    private func returnPressed() {
        let defaults = actions.filter { $0.style == .default }
        guard let action = preferredAction ?? (defaults.count == 1 ? defaults[0] : nil) else { return }
        actionTapped(action)
    }

    private func escapePressed() {
        if let cancelAction { actionTapped(cancelAction) }
    }

    /// Loads the view that dims the window and shows the alert or sheet.
    open override func loadView() {
        view = AlertView(controller: self)
    }

    /// The content changed: lays the alert out again.
    func contentDidChange() {
        (viewIfLoaded as? AlertView)?.contentDidChange()
    }

    /// The cancel action, if there is one.
    var cancelAction: UIAlertAction? { actions.first { $0.style == .cancel } }

    /// The action shown bold: the preferred one, else (in an alert) the cancel one; in an
    /// action sheet, the cancel action.
    var emphasizedAction: UIAlertAction? {
        preferredStyle == .alert ? preferredAction ?? cancelAction : cancelAction
    }

    /// A tap on `action`: when it is enabled, dismisses the controller (animated), then runs
    /// the handler. A controller that was not presented only runs the handler.
    func actionTapped(_ action: UIAlertAction) {
        guard action.isEnabled, !isHandlingTap else { return }
        isHandlingTap = true
        let run = { @MainActor [weak self] in
            self?.isHandlingTap = false
            action.handler?(action)
        }
        if presentingViewController != nil {
            dismiss(animated: true, completion: run)
        } else {
            run()
        }
    }
}
