import Foundation

// A button's menu, as UIKit shows it: over the window, next to the button. With
// `showsMenuAsPrimaryAction` it shows on touch down (and a finger dragged onto a row and lifted
// chooses it); otherwise a long press of half a second shows it, cancelling the button's touch.
// `.menuActionTriggered` is sent just before the menu shows, as UIKit documents ("a menu action
// has triggered prior to the menu being presented"), so actions for it can change the menu.
// Choosing a row closes the menu first (unless the element keeps it presented), updates a
// single selection, and then runs the element: an action's handler with the button as its
// sender, a command up the responder chain from the window's first responder (or the button).
extension UIButton {
    /// Whether the menu is the primary action: shown on touch down.
    var menuIsPrimaryAction: Bool { showsMenuAsPrimaryAction && menu != nil }

    /// The menu or its settings changed: adds or removes the long press, and makes a pop-up
    /// button's selection and title follow the menu.
    func menuDidChange() {
        let wantsPress = isContextMenuInteractionEnabled && menu != nil && !showsMenuAsPrimaryAction
        if wantsPress, menuLongPress == nil {
            let press = UILongPressGestureRecognizer { [weak self] recognizer in
                if recognizer.state == .began { self?.presentMenu() }
            }
            menuLongPress = press
            addGestureRecognizer(press)
        } else if !wantsPress, let press = menuLongPress {
            removeGestureRecognizer(press)
            menuLongPress = nil
        }
        updatePopUpSelection()
    }

    /// Whether the button is a pop-up button: a menu shown as the primary action that changes
    /// the selection.
    var isPopUpButton: Bool { changesSelectionAsPrimaryAction && menuIsPrimaryAction }

    /// A pop-up button always has one action on (the first, when none is) and shows its title.
    private func updatePopUpSelection() {
        guard isPopUpButton, let menu else { return }
        let leaves = menu.leaves.filter { !($0 is UIMenu) }
        let selected = leaves.first { $0.menuState == .on } ?? leaves.first
        guard let selected else { return }
        for leaf in leaves { leaf.menuState = leaf === selected ? .on : .off }
        if configuration != nil {
            configuration?.title = selected.title
        } else if title(for: .normal) != selected.title {
            setTitle(selected.title, for: .normal)
        }
    }

    /// The menu shown now, if any (what the window shows, for tests and callers).
    var isMenuPresented: Bool { presentedMenuView != nil }

    /// Shows `menu` over the window next to the button, after sending `.menuActionTriggered`.
    /// Does nothing without a menu or a window, or while it is shown.
    func presentMenu() {
        guard presentedMenuView == nil, menu != nil, window != nil else { return }
        sendActions(for: .menuActionTriggered, with: nil)
        // The actions for `.menuActionTriggered` may have changed the menu or the window.
        guard let menu, let window, presentedMenuView == nil else { return }
        let anchor = convert(bounds, to: window)
        let view = MenuView(
            menu: menu, bounds: window.bounds, anchor: anchor,
            choose: { [weak self] element in self?.chooseMenuElement(element) },
            dismiss: { [weak self] in self?.dismissMenu() })
        presentedMenuView = view
        UIView.performWithoutAnimation { window.addSubview(view) }
    }

    /// Closes the menu without choosing anything.
    func dismissMenu() {
        presentedMenuView?.removeFromSuperview()
        presentedMenuView = nil
        menuTouch = nil
    }

    /// A row was chosen: closes the menu (unless the element keeps it presented), turns the
    /// element on in a single-selection menu (a pop-up button's title follows), then runs it.
    func chooseMenuElement(_ element: UIMenuElement) {
        guard !element.menuAttributes.contains(.disabled) else { return }
        let responder = window?.firstResponder ?? self
        if !element.menuAttributes.contains(.keepsMenuPresented) { dismissMenu() }
        if let menu {
            if isPopUpButton, !menu.options.contains(.singleSelection), menu.singleSelectionGroup(of: element) == nil {
                // A pop-up button's menu is a single selection whatever its options say.
                for leaf in menu.leaves where leaf !== element { leaf.menuState = .off }
                element.menuState = .on
            } else {
                menu.select(element)
            }
            updatePopUpSelection()
        }
        if let action = element as? UIAction {
            action.perform(sender: self)
        } else if let command = element as? UICommand {
            command.perform(startingAt: responder)
        }
    }

    /// A touch went down: shows the menu when it is the primary action, remembering the touch.
    func menuTouchesBegan(_ touches: Set<UITouch>) {
        guard menuIsPrimaryAction, isEnabled, presentedMenuView == nil, let touch = touches.first else { return }
        presentMenu()
        if presentedMenuView != nil { menuTouch = touch }
    }

    /// The touch that showed the menu lifted: over an enabled row, it chooses the row.
    func menuTouchesEnded(_ touches: Set<UITouch>) {
        guard let touch = menuTouch, touches.contains(touch), let view = presentedMenuView else { return }
        menuTouch = nil
        let point = touch.location(in: view)
        if view.platter.frame.contains(point) { view.release(at: point) }
    }
}

extension UIButton {
    /// Test hook: the menu view shown now over the window (nil when none is).
    @_spi(Testing) public var _presentedMenuView: UIView? { presentedMenuView }

    /// Test hook: each chooseable row of the shown menu, with its frame in window coordinates.
    @_spi(Testing) public var _menuRows: [(element: UIMenuElement, frame: CGRect)] {
        guard let view = presentedMenuView else { return [] }
        return view.rows.map { ($0.element, $0.frame.offsetBy(dx: view.platter.frame.minX, dy: view.platter.frame.minY)) }
    }

    /// Test hook: the shown menu's platter, in window coordinates.
    @_spi(Testing) public var _menuPlatterFrame: CGRect? { presentedMenuView?.platter.frame }
}
