import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataTesting
import Testing

/// UINavigationController against Apple's reference: the stack, the children's containment and
/// appearance callbacks in UIKit's order, the bar showing the top item with a back button that
/// pops, the top view filling the controller's view with the bar in its safe area, the slide of
/// an animated push. Over a recording sink (no GPU).
@MainActor
@Suite struct UINavigationControllerTests {
    /// A navigation controller with root `a` as the root of a 320×480 window on a screen.
    private func shown(_ log: CallbackLog) async throws -> (ScreenFixture, UINavigationController, RecordingController) {
        let f = try ScreenFixture(size: CGSize(width: 320, height: 480))
        let a = RecordingController("a", log: log)
        a.title = "Inbox"
        let nav = UINavigationController(rootViewController: a)
        f.window.rootViewController = nav
        try await f.screen.present(through: 0)
        return (f, nav, a)
    }

    @Test("init(rootViewController:): the stack is the root alone, on top, a child of the controller, whose navigationController it is (the navigation controller's own is nil)")
    func theRootIsTheStack() {
        let root = UIViewController()
        let nav = UINavigationController(rootViewController: root)
        #expect(nav.viewControllers == [root] && nav.topViewController === root && nav.visibleViewController === root)
        #expect(root.parent === nav && root.navigationController === nav && nav.navigationController == nil)
        #expect(UINavigationController().viewControllers.isEmpty)
    }

    @Test(
        "Pushing b without animation: the stack is [a, b], b's view fills the controller's view in place of a's, the callbacks run in UIKit's order (b moves to its parent, a disappears as b appears, the did ones after the commit, then b did move), b's safe area has the 44-point bar at its top, and the bar shows b's title with a back button titled ‹ Inbox"
    )
    func pushingWithoutAnimation() async throws {
        let log = CallbackLog()
        let (f, nav, a) = try await shown(log)
        _ = log.take()
        let b = RecordingController("b", log: log)
        b.title = "Message"
        nav.pushViewController(b, animated: false)
        #expect(nav.viewControllers == [a, b] && nav.topViewController === b)
        try await f.screen.present(through: 1)
        let callbacks = log.take().filter { !$0.contains("Layout") }
        #expect(
            callbacks == [
                "b.willMove(toParent: ?)", "b.viewDidLoad", "a.viewWillDisappear(false)", "b.viewWillAppear(false)", "b.viewIsAppearing(false)",
                "a.viewDidDisappear(false)", "b.viewDidAppear(false)", "b.didMove(toParent: ?)",
            ], "\(callbacks)")
        #expect(b.view.superview === nav.view && a.viewIfLoaded?.superview == nil)
        #expect(b.view.frame == nav.view.bounds)
        #expect(b.view.safeAreaInsets.top == 44, "the bar's height above the window's zero safe area")
        #expect(nav.navigationBar.frame == CGRect(x: 0, y: 0, width: 320, height: 44))
        #expect(nav.navigationBar.topItem === b.navigationItem && nav.navigationBar.backItem === a.navigationItem)
        let labels = nav.navigationBar.subviews.compactMap { ($0 as? UILabel)?.text } + nav.navigationBar.subviews.compactMap { ($0 as? UIButton)?.currentTitle }
        #expect(labels.contains("Message") && labels.contains("‹ Inbox"), "\(labels)")
    }

    @Test(
        "The back button pops: a tap on it leaves [a], b leaves its parent (willMove(toParent: nil) then didMove(toParent: nil)), a appears again; popping the root alone returns nil"
    )
    func theBackButtonPops() async throws {
        let log = CallbackLog()
        let (f, nav, a) = try await shown(log)
        let b = RecordingController("b", log: log)
        nav.pushViewController(b, animated: false)
        try await f.screen.present(through: 1)
        _ = log.take()
        let back = try #require(nav.navigationBar.subviews.compactMap { $0 as? UIButton }.first { $0.currentTitle?.hasPrefix("‹") == true })
        let center = back.convert(CGPoint(x: back.bounds.midX, y: back.bounds.midY), to: nil)
        try f.window.tap(center.x, center.y, at: f.screen.mediaTime)
        try await f.screen.present(through: 60)
        #expect(nav.viewControllers == [a] && b.parent == nil && b.navigationController == nil)
        let callbacks = log.take().filter { !$0.contains("Layout") }
        #expect(callbacks.first == "b.willMove(toParent: nil)" && callbacks.last == "b.didMove(toParent: nil)", "\(callbacks)")
        #expect(callbacks.contains("a.viewDidAppear(true)") && callbacks.contains("b.viewDidDisappear(true)"))
        #expect(nav.popViewController(animated: false) == nil)
    }

    @Test(
        "Popping returns what left: popViewController returns the top, popToRootViewController every controller above the root, bottom to top, popToViewController those above it")
    func poppingReturnsWhatLeft() {
        let (a, b, c, d) = (UIViewController(), UIViewController(), UIViewController(), UIViewController())
        let nav = UINavigationController(rootViewController: a)
        nav.viewControllers = [a, b, c, d]
        #expect(nav.popViewController(animated: false) === d && nav.viewControllers == [a, b, c])
        #expect(nav.popToViewController(b, animated: false) == [c] && nav.viewControllers == [a, b])
        nav.pushViewController(c, animated: false)
        #expect(nav.popToRootViewController(animated: false) == [b, c] && nav.viewControllers == [a])
        #expect(nav.popToRootViewController(animated: false) == nil && nav.popToViewController(a, animated: false) == nil)
        #expect(c.parent == nil && b.parent == nil)
    }

    @Test(
        "An animated push slides b in from the right over 0.35 s easing in and out: 10 frames (1/6 s) after it begins, ease-in-out(0.476) = 0.459 of the way, b's view is at x 173.1 of 320 and the old top a third of that out (x −49.0); at the end b fills the view and a is gone"
    )
    func anAnimatedPushSlides() async throws {
        let log = CallbackLog()
        let (f, nav, a) = try await shown(log)
        let b = RecordingController("b", log: log)
        nav.pushViewController(b, animated: true)
        #expect(b.view.frame.minX == 0, "the model frame is the end")
        try await f.screen.present(through: 1)  // the animation begins with this frame
        try await f.screen.present(through: 11)
        let shownB = try #require(b.view.layer.presentation()).position.x - 160
        let shownA = try #require(a.view.layer.presentation()).position.x - 160
        #expect(abs(shownB - 173.12) < 0.05, "\(shownB)")
        #expect(abs(shownA - -48.96) < 0.05, "\(shownA)")
        try await f.screen.present(through: 40)
        #expect(b.view.frame == nav.view.bounds && a.viewIfLoaded?.superview == nil)
        #expect(log.take().contains("b.viewDidAppear(true)"))
    }

    @Test(
        "A bar button item with a UIAction performs it when tapped, and one with a method of its target calls it; show(_:sender:) from a controller on the stack pushes; hiding the bar takes it out of the top controller's safe area"
    )
    func barButtonsShowAndHiding() async throws {
        final class Target {
            var edits = 0
            func edit() { edits += 1 }
        }
        let log = CallbackLog()
        let (f, nav, a) = try await shown(log)
        var added = 0
        let target = Target()
        a.navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { _ in added += 1 })
        a.navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Edit", style: .plain, target: target, action: Target.edit)
        try await f.screen.present(through: 1)
        let buttons = nav.navigationBar.subviews.compactMap { $0 as? UIButton }
        for title in ["+", "Edit"] {
            let button = try #require(buttons.first { $0.currentTitle == title }, "\(buttons.map(\.currentTitle))")
            let point = button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: nil)
            #expect(point.y == 22, "in the bar")
            try f.window.tap(point.x, point.y, at: f.screen.mediaTime + (title == "+" ? 0 : 1))
        }
        #expect(added == 1 && target.edits == 1)
        let detail = UIViewController()
        a.show(detail, sender: nil)
        #expect(nav.topViewController === detail)
        nav.setNavigationBarHidden(true, animated: false)
        try await f.screen.present(through: 60)
        #expect(detail.view.safeAreaInsets.top == 0 && nav.navigationBar.isHidden)
    }

    @Test("The delegate hears willShow before and didShow after each change, with the controller shown")
    func theDelegateHearsEachChange() async throws {
        final class Delegate: UINavigationControllerDelegate {
            var events: [String] = []
            func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
                events.append("will \(viewController.title ?? "?") \(animated)")
            }
            func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
                events.append("did \(viewController.title ?? "?") \(animated)")
            }
        }
        let log = CallbackLog()
        let (f, nav, _) = try await shown(log)
        let delegate = Delegate()
        nav.delegate = delegate
        let b = UIViewController()
        b.title = "B"
        nav.pushViewController(b, animated: false)
        try await f.screen.present(through: 2)
        nav.popViewController(animated: true)
        try await f.screen.present(through: 60)
        #expect(delegate.events == ["will B false", "did B false", "will Inbox true", "did Inbox true"], "\(delegate.events)")
    }

    @Test(
        "Scene: a navigation controller in a 320×480 window whose root view is red: the bar's light grey (248) at (5, 20) and (315, 40), the hairline darker at y 44, the red content at (160, 200) and under the bar's hairline at (160, 46)"
    )
    func theBarDrawsOverTheContent() async throws {
        let log = CallbackLog()
        let (f, nav, a) = try await shown(log)
        a.view.backgroundColor = .red
        // With no scroll view the content rests at its scroll edge, where iOS 15 shows the bar
        // transparent unless it has a scroll-edge look: give it the standard one.
        nav.navigationBar.scrollEdgeAppearance = nav.navigationBar.standardAppearance
        try await f.screen.present(through: 1)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: nav.view.bounds.size, format: format).image { _ in
            nav.view.drawHierarchy(in: nav.view.bounds, afterScreenUpdates: true)
        }
        let p = try #require(image.cgImage?.image)
        let grey = RGBA8(248, 248, 248)
        #expect(p[5, 20] == grey && p[315, 40] == grey, "\(p[5, 20]) \(p[315, 40])")
        #expect(p[160, 44].r < 200, "the hairline: \(p[160, 44])")
        #expect(p[160, 200] == .red && p[160, 46] == .red)
    }

    @Test("Pushing a controller already on the stack traps, as UIKit raises, naming it; so does giving a tab bar controller a controller that is another container's child")
    func misuseTraps() async {
        let twice = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let root = UIViewController()
                let nav = UINavigationController(rootViewController: root)
                nav.pushViewController(root, animated: false)
            }
        }
        let first = String(decoding: twice?.standardErrorContent ?? [], as: UTF8.self)
        #expect(first.contains("is on the stack already"), "\(first)")
        let adopted = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let child = UIViewController()
                let nav = UINavigationController(rootViewController: child)
                UITabBarController().viewControllers = [child]
                withExtendedLifetime(nav) {}
            }
        }
        let second = String(decoding: adopted?.standardErrorContent ?? [], as: UTF8.self)
        #expect(second.contains("remove it from its parent first"), "\(second)")
    }
}
