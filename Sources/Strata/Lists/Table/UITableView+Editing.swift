import Foundation

// Editing mode and swipe actions. In editing mode every visible cell shows its editing control
// (from the delegate's editing style) and, for rows the data source lets move, a reorder grip;
// a tap on the control commits the style through the data source. A horizontal pan on a row
// that has swipe actions slides the cell over its action buttons: released past half their width
// it stays open, swiped past 60 % of the row it performs the first action (when the
// configuration allows), otherwise it closes. A tap on a button runs the action's handler; a
// touch elsewhere closes the row.

/// The row swiped open and its buttons.
struct SwipeState {
    var row: IndexPath
    var leading: Bool
    var configuration: UISwipeActionsConfiguration
    var buttons: SwipeActionsView
    /// How far the cell is moved (negative: to the left).
    var offset: CGFloat
    var home: CGRect
}

extension UITableView {

    func installSwipeRecognizer() {
        let pan = UIPanGestureRecognizer { [weak self] recognizer in
            guard let self, let pan = recognizer as? UIPanGestureRecognizer else { return }
            self.handleSwipe(pan)
        }
        pan.name = "UITableView swipe actions"
        swipeRecognizer = pan
        addGestureRecognizer(pan)
    }

    /// The actions for swiping `path` from the leading or trailing edge.
    func swipeConfiguration(for path: IndexPath, leading: Bool) -> UISwipeActionsConfiguration? {
        guard !_isEditing else { return nil }
        let delegate = tableDelegate
        let configuration =
            leading
            ? delegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: path)
            : delegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: path)
        if let configuration { return configuration.actions.isEmpty ? nil : configuration }
        // No configuration from the trailing edge: UIKit's default set, a Delete button that
        // commits the delete through the data source, for a row it lets edit in `.delete` style.
        guard !leading, dataSource?.tableView(self, canEditRowAt: path) ?? false,
            (delegate?.tableView(self, editingStyleForRowAt: path) ?? .delete) == .delete
        else { return nil }
        return defaultDeleteConfiguration(for: path)
    }

    /// A configuration of one destructive action titled as the delegate says ("Delete") that
    /// commits `.delete` for the row swiped open when it is tapped.
    func defaultDeleteConfiguration(for path: IndexPath) -> UISwipeActionsConfiguration {
        let title = tableDelegate?.tableView(self, titleForDeleteConfirmationButtonForRowAt: path) ?? "Delete"
        let delete = UIContextualAction(style: .destructive, title: title) { [weak self] _, _, done in
            guard let self, let row = self.swipe?.row else { return done(false) }
            self.dataSource?.tableView(self, commit: .delete, forRowAt: row)
            done(true)
        }
        return UISwipeActionsConfiguration(actions: [delete])
    }

    /// In editing mode, a tap on a row's red delete control shows its Delete button, as UIKit does.
    func revealDeleteConfirmation(at path: IndexPath) {
        guard swipe == nil else {
            closeSwipe(animated: true)
            return
        }
        guard beginSwipe(at: path, leading: false, configuration: defaultDeleteConfiguration(for: path)) else { return }
        openSwipe(animated: window != nil)
    }

    /// Puts the buttons of `configuration` behind the row's cell; the row is swiped from there.
    @discardableResult
    func beginSwipe(at path: IndexPath, leading: Bool, configuration: UISwipeActionsConfiguration) -> Bool {
        guard let cell = visibleCellsByIndexPath[path] else { return false }
        tableTouchesCancelled()
        tableDelegate?.tableView(self, willBeginEditingRowAt: path)
        let buttons = SwipeActionsView(actions: configuration.actions, leading: leading) { [weak self] action in
            self?.perform(action)
        }
        insertSubview(buttons, belowSubview: cell)
        swipe = SwipeState(row: path, leading: leading, configuration: configuration, buttons: buttons, offset: 0, home: cell.frame)
        cell.showingDeleteConfirmation = true
        cell.setNeedsUpdateConfiguration()
        return true
    }

    /// Whether the swipe pan may begin (nil: `gestureRecognizer` is not the swipe pan).
    func swipeShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool? {
        guard gestureRecognizer === swipeRecognizer, let pan = gestureRecognizer as? UIPanGestureRecognizer else { return nil }
        let moved = pan.translation(in: self)
        guard abs(moved.x) > abs(moved.y) else { return false }
        if swipe != nil { return true }
        guard let path = indexPathForRow(at: pan.location(in: self)) else { return false }
        return swipeConfiguration(for: path, leading: moved.x > 0) != nil
    }

    private func handleSwipe(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            if swipe == nil, let path = indexPathForRow(at: pan.location(in: self)) {
                let leading = pan.translation(in: self).x > 0
                guard let configuration = swipeConfiguration(for: path, leading: leading) else { return }
                beginSwipe(at: path, leading: leading, configuration: configuration)
            }
            swipeStartOffset = swipe?.offset ?? 0
        case .changed:
            guard var state = swipe else { return }
            let x = swipeStartOffset + pan.translation(in: self).x
            state.offset = state.leading ? max(0, x) : min(0, x)
            swipe = state
            placeSwipe()
        case .ended:
            guard let state = swipe else { return }
            let width = state.buttons.actionsWidth
            let distance = abs(state.offset)
            if state.configuration.performsFirstActionWithFullSwipe, distance > state.home.width * 0.6, let first = state.configuration.actions.first {
                perform(first)
            } else if distance > width / 2 || abs(pan.velocity(in: self).x) > 500 && (state.offset < 0) == !state.leading {
                openSwipe(animated: true)
            } else {
                closeSwipe(animated: true)
            }
        case .cancelled, .failed:
            closeSwipe(animated: true)
        default: break
        }
    }

    /// Puts the cell and buttons where the swipe says.
    private func placeSwipe() {
        guard let state = swipe, let cell = visibleCellsByIndexPath[state.row] else { return }
        cell.frame = state.home.offsetBy(dx: state.offset, dy: 0)
        let width = abs(state.offset)
        state.buttons.frame = CGRect(x: state.leading ? state.home.minX : state.home.maxX - width, y: state.home.minY, width: width, height: state.home.height)
    }

    /// Leaves the row open with its buttons showing.
    func openSwipe(animated: Bool) {
        guard var state = swipe else { return }
        state.offset = state.leading ? state.buttons.actionsWidth : -state.buttons.actionsWidth
        swipe = state
        if animated {
            // The buttons are laid out inside the block, so they widen with the opening row.
            UIView.animate(withDuration: 0.3) {
                self.placeSwipe()
                state.buttons.layoutIfNeeded()
            }
        } else {
            placeSwipe()
        }
    }

    /// Slides the row back and removes the buttons.
    func closeSwipe(animated: Bool) {
        guard var state = swipe else { return }
        state.offset = 0
        swipe = state
        let finish: @MainActor (Bool) -> Void = { [weak self] _ in
            guard let self else { return }
            state.buttons.removeFromSuperview()
            if let cell = self.visibleCellsByIndexPath[state.row] {
                cell.showingDeleteConfirmation = false
                cell.setNeedsUpdateConfiguration()
            }
            if self.swipe?.buttons === state.buttons { self.swipe = nil }
            self.tableDelegate?.tableView(self, didEndEditingRowAt: state.row)
            self.setNeedsLayout()
        }
        if animated && window != nil {
            UIView.animate(
                withDuration: 0.3,
                animations: {
                    self.placeSwipe()
                    state.buttons.layoutIfNeeded()
                }, completion: finish)
        } else {
            placeSwipe()
            finish(true)
        }
    }

    /// Runs `action`'s handler; the row closes when the handler calls back.
    func perform(_ action: UIContextualAction) {
        guard let state = swipe else { return }
        action.handler(action, state.buttons) { [weak self] _ in
            self?.closeSwipe(animated: true)
        }
    }

    /// The buttons of the row swiped open, for tests: (title, frame in the table).
    @_spi(Testing) public var _swipeButtons: [(title: String?, frame: CGRect)] {
        guard let state = swipe else { return [] }
        return state.buttons.subviews.map { ($0.accessibilityLabel, $0.convert($0.bounds, to: self)) }
    }
}

/// The buttons behind a swiped cell: one per action, each at least 74 points wide, the first
/// nearest the swiped edge.
final class SwipeActionsView: UIView {
    let actionsWidth: CGFloat
    private let widths: [CGFloat]
    private let leading: Bool

    init(actions: [UIContextualAction], leading: Bool, run: @escaping @MainActor (UIContextualAction) -> Void) {
        self.leading = leading
        var widths: [CGFloat] = []
        var buttons: [UIView] = []
        for action in actions {
            let button = UIButton(type: .custom)
            button.setTitle(action.title, for: .normal)
            button.setTitleColor(.white, for: .normal)
            button.backgroundColor = action.backgroundColor
            button.accessibilityLabel = action.title
            button.addAction(UIAction { _ in run(action) }, for: .touchUpInside)
            let titleWidth = button.titleLabel?.sizeThatFits(CGSize(width: 1000, height: 100)).width ?? 0
            widths.append(max(74, ceil(titleWidth) + 30))
            buttons.append(button)
        }
        self.widths = widths
        actionsWidth = widths.reduce(0, +)
        super.init(frame: .zero)
        clipsToBounds = true
        for button in buttons { addSubview(button) }
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        // Buttons share the revealed width in proportion, the first at the swiped edge.
        let scale = actionsWidth > 0 ? bounds.width / actionsWidth : 0
        var x: CGFloat = 0
        let ordered = leading ? Array(zip(subviews, widths)) : Array(zip(subviews, widths)).reversed()
        for (button, width) in ordered {
            button.frame = CGRect(x: x, y: 0, width: width * scale, height: bounds.height)
            x += width * scale
        }
    }
}
