import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataTesting
import Testing

/// A controller's items and defaults as Apple's reference pages give them: its title reaching
/// its navigation and tab bar items, the edit button, the status bar and presentation defaults.
extension UIViewControllerTests {
    @Test("Setting title sets navigationItem.title (\"Inbox\") and the tab bar item's title, even one set by hand (\"Custom\" becomes \"Mail\")")
    func titleSetsTheItemsTitles() {
        let vc = UIViewController()
        _ = vc.navigationItem
        vc.title = "Inbox"
        #expect(vc.navigationItem.title == "Inbox")
        vc.tabBarItem = UITabBarItem(title: "Custom", image: nil, tag: 4)
        vc.title = "Mail"
        #expect(vc.navigationItem.title == "Mail" && vc.tabBarItem.title == "Mail" && vc.tabBarItem.tag == 4)
        let later = UIViewController()
        later.title = "Drafts"
        #expect(later.navigationItem.title == "Drafts", "an item made after the title takes it")
    }

    @Test("editButtonItem reads \"Edit\"; a tap turns editing on and it reads \"Done\" (.done); setEditing(false) turns it back to \"Edit\" (.plain)")
    func editButtonItemTogglesEditing() {
        let vc = UIViewController()
        let item = vc.editButtonItem
        #expect(item === vc.editButtonItem && item.title == "Edit" && item.style == .plain && !vc.isEditing)
        if let action = item.primaryAction { action.handler(action) }
        #expect(vc.isEditing && item.title == "Done" && item.style == .done)
        vc.setEditing(false, animated: false)
        #expect(!vc.isEditing && item.title == "Edit" && item.style == .plain)
    }

    @Test("Status bar and presentation defaults: .default style, not hidden, not modal in presentation, no presentation context")
    func statusBarAndPresentationDefaults() {
        let vc = UIViewController()
        #expect(vc.preferredStatusBarStyle == .default && !vc.prefersStatusBarHidden)
        #expect(!vc.isModalInPresentation && !vc.definesPresentationContext && !vc.modalPresentationCapturesStatusBarAppearance)
        vc.setNeedsStatusBarAppearanceUpdate()
    }
}
