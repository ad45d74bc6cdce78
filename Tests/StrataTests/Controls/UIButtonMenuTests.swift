import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// A button's menu as UIKit documents it (`menu`, `showsMenuAsPrimaryAction`,
/// `changesSelectionAsPrimaryAction`, `.menuActionTriggered`), drawn as iOS draws it: a 250-point
/// platter of 44-point rows under the button. A 400 × 600 window, the button at (20, 100) and
/// 120 × 44, so the platter's top is 144 + 8 = 152 and its leading edge the button's, 20.
@MainActor
@Suite struct UIButtonMenuTests {
    /// A window on a screen with no GPU, a button in it, and a log of what ran.
    func scene(_ children: [UIMenuElement], options: UIMenu.Options = [], primary: Bool = true) throws -> (ScreenFixture, UIButton) {
        let f = try ScreenFixture(size: CGSize(width: 400, height: 600))
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 20, y: 100, width: 120, height: 44)
        button.setTitle("Sort", for: .normal)
        button.menu = UIMenu(options: options, children: children)
        button.showsMenuAsPrimaryAction = primary
        f.window.addSubview(button)
        return (f, button)
    }

    func actions(_ log: Log, _ titles: String...) -> [UIAction] {
        titles.map { title in UIAction(title: title) { action in log.entries.append("\(action.title) from \(action.sender is UIButton ? "button" : "?")") } }
    }

    final class Log { var entries: [String] = [] }

    @Test func settingAMenuTurnsTheContextMenuInteractionOnAndNilTurnsItOff() {
        let button = UIButton(type: .system)
        #expect(!button.isContextMenuInteractionEnabled && !button.showsMenuAsPrimaryAction)
        button.menu = UIMenu(children: [UIAction(title: "A") { _ in }])
        #expect(button.isContextMenuInteractionEnabled)
        button.menu = nil
        #expect(!button.isContextMenuInteractionEnabled)
    }

    @Test func asThePrimaryActionTheMenuShowsOnTouchDownAfterMenuActionTriggered() throws {
        let log = Log()
        let (f, button) = try scene(actions(log, "Name", "Date", "Size"))
        button.addAction(UIAction { _ in log.entries.append("menuActionTriggered, shown: \(button._presentedMenuView != nil)") }, for: .menuActionTriggered)
        button.addAction(UIAction { _ in log.entries.append("primary") }, for: .primaryActionTriggered)
        try f.window.down(1, 60, 120, at: 1)
        #expect(log.entries == ["menuActionTriggered, shown: false"], "sent before the menu is presented")
        #expect(button._presentedMenuView?.superview === f.window)
        #expect(button._presentedMenuView?.frame == f.window.bounds)
        #expect(button._menuPlatterFrame == CGRect(x: 20, y: 152, width: 250, height: 132), "three 44-point rows, 8 below the button")
        #expect(
            button._menuRows.map(\.frame) == [
                CGRect(x: 20, y: 152, width: 250, height: 44), CGRect(x: 20, y: 196, width: 250, height: 44), CGRect(x: 20, y: 240, width: 250, height: 44),
            ])
        try f.window.up(1, 60, 120, at: 1.05)
        #expect(button._presentedMenuView != nil, "lifting over the button leaves the menu open")
        #expect(!log.entries.contains("primary"), "the menu is the primary action")
    }

    @Test func choosingARowClosesTheMenuThenRunsTheHandlerWithTheButtonAsSender() throws {
        let log = Log()
        var menuOpenWhileHandling: Bool?
        let date = UIAction(title: "Date") { action in
            log.entries.append("Date from \(action.sender as? UIButton === nil ? "?" : "button")")
        }
        let (f, button) = try scene(actions(log, "Name") + [date])
        let observe = UIAction(title: "Size") { _ in menuOpenWhileHandling = button._presentedMenuView != nil }
        button.menu = button.menu!.replacingChildren(button.menu!.children + [observe])
        try f.window.tap(60, 120, at: 1)
        try f.window.tap(100, 218, at: 2)  // the second row: 196 ..< 240
        #expect(log.entries == ["Date from button"])
        #expect(button._presentedMenuView == nil)
        try f.window.tap(60, 120, at: 3)
        try f.window.tap(100, 262, at: 4)  // the third row
        #expect(menuOpenWhileHandling == false, "the menu closed before the handler ran")
    }

    @Test func draggingFromTheButtonOntoARowAndLiftingChoosesIt() throws {
        let log = Log()
        let (f, button) = try scene(actions(log, "Name", "Date"))
        try f.window.down(1, 60, 120, at: 1)
        try f.window.move(1, 80, 180, at: 1.1)
        try f.window.up(1, 80, 180, at: 1.2)  // the first row: 152 ..< 196
        #expect(log.entries == ["Name from button"])
        #expect(button._presentedMenuView == nil)
    }

    @Test func aTapOutsideThePlatterClosesTheMenuWithoutChoosing() throws {
        let log = Log()
        let (f, button) = try scene(actions(log, "Name", "Date"))
        try f.window.tap(60, 120, at: 1)
        try f.window.tap(350, 500, at: 2)
        #expect(button._presentedMenuView == nil && log.entries.isEmpty)
    }

    @Test func disabledRowsIgnoreTapsAndHiddenOnesAreNotShown() throws {
        let log = Log()
        let items = actions(log, "Name", "Date", "Size")
        items[0].attributes = .disabled
        items[2].attributes = .hidden
        let (f, button) = try scene(items)
        try f.window.tap(60, 120, at: 1)
        #expect(button._menuRows.map(\.element.title) == ["Name", "Date"])
        #expect(button._menuPlatterFrame?.height == 88)
        try f.window.tap(100, 170, at: 2)
        #expect(log.entries.isEmpty && button._presentedMenuView != nil, "a disabled row does nothing; the menu stays")
        try f.window.tap(100, 218, at: 3)
        #expect(log.entries == ["Date from button"])
    }

    @Test func keepsMenuPresentedLeavesTheMenuOpenAfterChoosing() throws {
        let log = Log()
        let items = actions(log, "More")
        items[0].attributes = .keepsMenuPresented
        let (f, button) = try scene(items)
        try f.window.tap(60, 120, at: 1)
        try f.window.tap(100, 170, at: 2)
        #expect(log.entries == ["More from button"] && button._presentedMenuView != nil)
    }

    @Test func aSingleSelectionMenuTurnsTheChosenActionOnAndTheOthersOff() throws {
        let log = Log()
        let items = actions(log, "Name", "Date", "Size")
        items[0].state = .on
        let (f, button) = try scene(items, options: .singleSelection)
        try f.window.tap(60, 120, at: 1)
        try f.window.tap(100, 262, at: 2)
        #expect(items.map(\.state) == [.off, .off, .on])
        #expect(button.menu?.selectedElements == [items[2]])
    }

    @Test func inlineMenusShowTheirChildrenInPlaceBetweenEightPointBands() throws {
        let log = Log()
        let first = actions(log, "Name", "Date"), second = actions(log, "Ascending", "Descending")
        let (f, button) = try scene([UIMenu(options: .displayInline, children: first), UIMenu(options: .displayInline, children: second)])
        try f.window.tap(60, 120, at: 1)
        #expect(button._menuRows.map(\.element.title) == ["Name", "Date", "Ascending", "Descending"])
        #expect(button._menuRows.map(\.frame.minY) == [152, 196, 248, 292], "8 points between the groups, none at the ends")
        #expect(button._menuPlatterFrame?.height == 184)
    }

    @Test func aSubmenuRowOpensTheSubmenuInPlace() throws {
        let log = Log()
        let (f, button) = try scene([UIMenu(title: "Order", children: actions(log, "Ascending", "Descending"))])
        try f.window.tap(60, 120, at: 1)
        try f.window.tap(100, 170, at: 2)
        #expect(button._menuRows.map(\.element.title) == ["Ascending", "Descending"])
        #expect(button._menuPlatterFrame == CGRect(x: 20, y: 152, width: 250, height: 120), "a 32-point title, then two rows")
        try f.window.tap(100, 250, at: 3)  // 184 + 44 ..< 184 + 88: Descending
        #expect(log.entries == ["Descending from button"])
    }

    @Test func withoutThePrimaryActionALongPressShowsTheMenuAndCancelsTheTap() throws {
        let log = Log()
        let (f, button) = try scene(actions(log, "Name"), primary: false)
        button.addAction(UIAction { _ in log.entries.append("primary") }, for: .primaryActionTriggered)
        button.addAction(UIAction { _ in log.entries.append("cancel") }, for: .touchCancel)
        try f.window.tap(60, 120, at: 1)
        #expect(log.entries == ["primary"] && button._presentedMenuView == nil, "a tap is the button's action")
        try f.window.down(1, 60, 120, at: 2)
        try f.window.advanceInput(to: 2.4)
        #expect(button._presentedMenuView == nil)
        try f.window.advanceInput(to: 2.5)
        #expect(button._presentedMenuView != nil, "shown after half a second")
        try f.window.up(1, 60, 120, at: 2.6)
        #expect(log.entries == ["primary", "cancel"], "the long press cancelled the button's touch")
    }

    @Test func theMenuSitsAboveAButtonNearTheBottomAndEndsAtTheTrailingEdgeOnTheRight() throws {
        let log = Log()
        let (f, button) = try scene(actions(log, "A", "B"))
        button.frame = CGRect(x: 260, y: 520, width: 120, height: 44)
        try f.window.tap(300, 540, at: 1)
        #expect(button._menuPlatterFrame == CGRect(x: 130, y: 424, width: 250, height: 88), "88 tall, ending 8 above y 520; right edge at 380")
    }

    @Test func aPopUpButtonSelectsItsFirstActionShowsTheSelectedTitleAndFollowsAChoice() throws {
        let log = Log()
        let items = actions(log, "Name", "Date", "Size")
        let (f, button) = try scene(items)
        button.changesSelectionAsPrimaryAction = true
        #expect(items.map(\.state) == [.on, .off, .off], "a pop-up button always has a selection")
        #expect(button.currentTitle == "Name")
        try f.window.tap(60, 120, at: 1)
        try f.window.tap(100, 262, at: 2)
        #expect(items.map(\.state) == [.off, .off, .on], "a single selection even without the option")
        #expect(button.currentTitle == "Size")
        #expect(log.entries == ["Size from button"])
    }

    @Test func changesSelectionWithoutAMenuTogglesSelected() throws {
        let f = try ScreenFixture(size: CGSize(width: 400, height: 600))
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 20, y: 100, width: 120, height: 44)
        button.changesSelectionAsPrimaryAction = true
        f.window.addSubview(button)
        try f.window.tap(60, 120, at: 1)
        #expect(button.isSelected)
        try f.window.tap(60, 120, at: 2)
        #expect(!button.isSelected)
    }

    @Test func aCommandInAMenuGoesUpTheChainFromTheFirstResponder() throws {
        let f = try ScreenFixture(size: CGSize(width: 400, height: 600))
        let controller = PastingController()
        f.window.rootViewController = controller
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 20, y: 100, width: 120, height: 44)
        button.menu = UIMenu(children: [UICommand(title: "Paste", action: PastingController.pasteText)])
        button.showsMenuAsPrimaryAction = true
        controller.view.addSubview(button)
        try f.window.tap(60, 120, at: 1)
        try f.window.tap(100, 170, at: 2)
        #expect(controller.pastes == 1)
    }

    /// On a black window the platter's inside (a row, between title and image) is its light
    /// grey, 247; just inside its 13-point corner it is the black of the window (and shadow).
    @Test(.tags(.gpu), .requiresGPU) func theMenuDrawsALightRoundedPlatter() async throws {
        let f = try ScreenFixture(size: CGSize(width: 400, height: 600), background: .black, gpu: true)
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 20, y: 100, width: 120, height: 44)
        button.menu = UIMenu(children: [UIAction(title: "Name") { _ in }, UIAction(title: "Date", attributes: .destructive) { _ in }])
        button.showsMenuAsPrimaryAction = true
        f.window.addSubview(button)
        try f.window.tap(60, 120, at: 0.01)
        let image = try await f.render()
        expectPixel(image, 170, 160, RGBA8(247, 247, 247), tolerance: 3, "the platter inside the first row")
        expectPixel(image, 21, 153, RGBA8(0, 0, 0), tolerance: 40, "outside the rounded corner")
        await f.finish()
    }
}
