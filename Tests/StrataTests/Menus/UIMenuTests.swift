import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import Testing

/// A responder that handles a copy command, taking the sender, and counts the calls.
final class CopyingView: UIView {
    var copies: [String] = []
    func copyText(_ sender: Any?) { copies.append((sender as? UICommand)?.title ?? "nil") }
}

/// A controller that handles a paste command taking nothing.
final class PastingController: UIViewController {
    var pastes = 0
    func pasteText() { pastes += 1 }
}

/// UIMenuElement, UIAction, UIMenu and UICommand as UIKit documents them. No GPU.
@MainActor
@Suite struct UIMenuTests {
    @Test func attributesAndStateHaveUIKitsRawValues() {
        #expect(UIMenuElement.Attributes.disabled.rawValue == 1)
        #expect(UIMenuElement.Attributes.destructive.rawValue == 2)
        #expect(UIMenuElement.Attributes.hidden.rawValue == 4)
        #expect(UIMenuElement.Attributes.keepsMenuPresented.rawValue == 8)
        #expect(UIMenuElement.State.off.rawValue == 0 && UIMenuElement.State.on.rawValue == 1 && UIMenuElement.State.mixed.rawValue == 2)
        #expect(UIMenu.Options.displayInline.rawValue == 1 && UIMenu.Options.destructive.rawValue == 2)
        #expect(UIMenu.Options.singleSelection.rawValue == 32)
        #expect(UIMenu.ElementSize.automatic.rawValue == -1 && UIMenu.ElementSize.large.rawValue == 2)
    }

    @Test func anActionIsAMenuElementWithSettableTitleImageAttributesAndState() {
        let action = UIAction(
            title: "Delete", subtitle: "Forever", identifier: .init("delete"), discoverabilityTitle: "Delete the note",
            attributes: .destructive, state: .on
        ) { _ in }
        let element: UIMenuElement = action
        #expect(element.title == "Delete" && element.subtitle == "Forever")
        #expect((element as Any) is NSObject, "UIKit's menu elements are NSObjects")
        #expect(action.identifier == UIAction.Identifier("delete"))
        #expect(action.discoverabilityTitle == "Delete the note")
        #expect(action.attributes == .destructive && action.state == .on)
        action.title = "Remove"
        action.attributes = [.disabled, .hidden]
        action.state = .mixed
        #expect(element.title == "Remove" && action.attributes.contains(.hidden) && action.state == .mixed)
        let plain = UIAction { _ in }
        #expect(plain.title == "" && plain.subtitle == nil && plain.image == nil && plain.attributes == [] && plain.state == .off)
        #expect(plain.identifier != UIAction { _ in }.identifier, "a new unique identifier each time")
    }

    @Test func aMenuKeepsItsChildrenAndReplacingChildrenCopiesTheRest() {
        let a = UIAction(title: "A") { _ in }, b = UIAction(title: "B") { _ in }
        let menu = UIMenu(title: "Sort", subtitle: "By", identifier: .init("sort"), options: [.singleSelection, .displayInline], children: [a, b])
        #expect(menu.children == [a, b])
        #expect(menu.title == "Sort" && menu.subtitle == "By" && menu.identifier == UIMenu.Identifier("sort"))
        #expect(menu.options == [.singleSelection, .displayInline])
        #expect(menu.preferredElementSize == .automatic)
        let c = UIAction(title: "C") { _ in }
        let copy = menu.replacingChildren([c])
        #expect(copy !== menu && copy.children == [c])
        #expect(copy.title == "Sort" && copy.identifier == menu.identifier && copy.options == menu.options)
        #expect(menu.children == [a, b], "the original keeps its children")
    }

    @Test func selectedElementsAreTheOnesOnThroughSubmenus() {
        let a = UIAction(title: "A", state: .on) { _ in }, b = UIAction(title: "B") { _ in }
        let c = UIAction(title: "C", state: .on) { _ in }, d = UIAction(title: "D", state: .mixed) { _ in }
        let menu = UIMenu(children: [a, b, UIMenu(title: "More", children: [c, d])])
        #expect(menu.selectedElements == [a, c], "on only: mixed is not selected")
    }

    @Test func aCommandGoesUpTheResponderChainToTheFirstResponderOfTheMethodsType() {
        let window = shownWindow()
        let copying = CopyingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let inner = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(copying)
        copying.addSubview(inner)
        let command = UICommand(title: "Copy", action: CopyingView.copyText)
        #expect(command.action.name.contains("CopyingView"))
        #expect(command._perform(startingAt: inner), "the superview of the start takes it")
        #expect(copying.copies == ["Copy"], "the sender is the command")
        #expect(!command._perform(startingAt: window), "nothing from the window up is a CopyingView")
        command.attributes = .disabled
        #expect(!command._perform(startingAt: inner), "a disabled command performs nothing")
        #expect(copying.copies == ["Copy"])
    }

    @Test func aCommandReachesAControllerThroughItsView() {
        let window = shownWindow()
        let controller = PastingController()
        window.rootViewController = controller
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        controller.view.addSubview(button)
        let paste = UICommand(title: "Paste", action: PastingController.pasteText, propertyList: "plain")
        #expect(paste.propertyList as? String == "plain")
        #expect(paste.alternates.isEmpty)
        let alternate = UICommandAlternate(title: "Paste and Match Style", action: PastingController.pasteText, modifierFlags: .alternate)
        let withAlternate = UICommand(title: "Paste", action: PastingController.pasteText, alternates: [alternate])
        #expect(withAlternate.alternates == [alternate] && alternate.modifierFlags == .alternate)
        #expect(paste._perform(startingAt: button))
        #expect(controller.pastes == 1)
    }
}
