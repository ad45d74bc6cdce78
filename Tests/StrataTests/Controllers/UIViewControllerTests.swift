import Foundation
import Strata
import StrataTesting
import Testing

/// A shared, ordered record of view controller callbacks.
@MainActor
final class CallbackLog {
    var entries: [String] = []
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

/// A controller that records its callbacks as "name.callback(animated)" in a shared log.
class RecordingController: UIViewController {
    let name: String
    let log: CallbackLog

    init(_ name: String, log: CallbackLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() { super.viewDidLoad(); log.entries.append("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); log.entries.append("\(name).viewWillAppear(\(animated))") }
    override func viewIsAppearing(_ animated: Bool) { super.viewIsAppearing(animated); log.entries.append("\(name).viewIsAppearing(\(animated))") }
    override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); log.entries.append("\(name).viewDidAppear(\(animated))") }
    override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); log.entries.append("\(name).viewWillDisappear(\(animated))") }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); log.entries.append("\(name).viewDidDisappear(\(animated))") }
    override func viewWillLayoutSubviews() { super.viewWillLayoutSubviews(); log.entries.append("\(name).viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { super.viewDidLayoutSubviews(); log.entries.append("\(name).viewDidLayoutSubviews") }
    override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        log.entries.append("\(name).willMove(toParent: \(parent.map { ($0 as? RecordingController)?.name ?? "?" } ?? "nil"))")
    }
    override func didMove(toParent parent: UIViewController?) {
        super.didMove(toParent: parent)
        log.entries.append("\(name).didMove(toParent: \(parent.map { ($0 as? RecordingController)?.name ?? "?" } ?? "nil"))")
    }
}

/// A 300 × 200 window, shown, on no screen (the model alone: no GPU).
@MainActor
func shownWindow() -> UIWindow {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
    window.makeKeyAndVisible()
    return window
}

/// UIViewController's view loading, appearance and layout callbacks, responder chain and
/// window root, as UIKit documents them. No GPU: windows on no screen, commits at turn ends.
@MainActor
@Suite struct UIViewControllerTests {
    // MARK: Loading the view

    @Test func theViewLoadsOnFirstReadThroughLoadViewThenViewDidLoad() {
        final class Custom: UIViewController {
            var calls: [String] = []
            override func loadView() {
                calls.append("loadView")
                view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 20))
            }
            override func viewDidLoad() { calls.append("viewDidLoad(\(view.frame.width))") }
        }
        let vc = Custom()
        #expect(!vc.isViewLoaded)
        #expect(vc.viewIfLoaded == nil, "viewIfLoaded does not load")
        #expect(vc.calls.isEmpty)
        let view = vc.view!
        #expect(vc.calls == ["loadView", "viewDidLoad(10.0)"])
        #expect(vc.isViewLoaded && vc.viewIfLoaded === view)
        _ = vc.view
        vc.loadViewIfNeeded()
        #expect(vc.calls.count == 2, "loaded once")
    }

    @Test func loadViewIfNeededLoadsWithoutReadingTheView() {
        let log = CallbackLog()
        let vc = RecordingController("a", log: log)
        vc.loadViewIfNeeded()
        #expect(vc.isViewLoaded)
        #expect(log.take() == ["a.viewDidLoad"])
    }

    @Test func theDefaultViewIsAPlainResizableViewTheSizeOfTheMainScreen() throws {
        let vc = UIViewController()
        let view = try #require(vc.view)
        #expect(type(of: view) == UIView.self)
        #expect(view.frame == UIScreen.main.bounds)
        #expect(view.autoresizingMask == [.flexibleWidth, .flexibleHeight])
        #expect(view.backgroundColor == nil)
    }

    @Test func settingTheViewDoesNotCallViewDidLoadAndNilUnloads() {
        let log = CallbackLog()
        let vc = RecordingController("a", log: log)
        let mine = UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        vc.view = mine
        #expect(vc.isViewLoaded && vc.view === mine)
        #expect(mine.next === vc)
        #expect(log.take().isEmpty, "viewDidLoad follows loadView only")
        vc.view = nil
        #expect(!vc.isViewLoaded)
        #expect(mine.next == nil, "the old view no longer leads to the controller")
        _ = vc.view
        #expect(log.take() == ["a.viewDidLoad"])
        #expect(vc.view !== mine)
    }

    @Test func aViewOfAnotherControllerTrapsNamingBoth() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let a = UIViewController(), b = UIViewController()
                b.view = a.view
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("belongs to at most one view controller"), "\(message)")
    }

    @Test func aLoadViewThatSetsNoViewTrapsWithTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                final class Forgetful: UIViewController {
                    override func loadView() {}
                }
                _ = Forgetful().view
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Forgetful.loadView() did not set view"), "\(message)")
    }

    @Test func initWithCoderReturnsNilAndSubclassesWithCoderInitCompile() {
        final class FromStoryboard: UIViewController {
            required init?(coder: NSCoder) { super.init(coder: coder) }
            init() { super.init(nibName: nil, bundle: nil) }
        }
        #expect(FromStoryboard(coder: NSCoder()) == nil)
        #expect(FromStoryboard().nibName == nil)
    }

    // MARK: The responder chain

    @Test func theResponderChainRunsViewControllerSuperview() {
        let window = shownWindow()
        let vc = UIViewController()
        window.rootViewController = vc
        let button = UIView()
        vc.view.addSubview(button)
        #expect(button.next === vc.view)
        #expect(vc.view.next === vc, "a controller's view hands events to its controller")
        #expect(vc.next === window, "the root controller hands them to the window")
        let free = UIViewController()
        #expect(free.next == nil, "no view loaded, no superview")
    }

    // MARK: Window root

    @Test func aRootViewControllerFillsTheWindowAndAppearsInUIKitsOrder() async {
        let log = CallbackLog()
        let window = shownWindow()
        let vc = RecordingController("root", log: log)
        window.rootViewController = vc
        #expect(vc.view.superview === window)
        #expect(vc.view.frame == CGRect(x: 0, y: 0, width: 300, height: 200))
        #expect(log.take() == ["root.viewDidLoad", "root.viewWillAppear(false)", "root.viewIsAppearing(false)"])
        await nextTurn()
        #expect(
            log.take() == ["root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews", "root.viewDidAppear(false)"],
            "layout in the commit, viewDidAppear right after it")
        // The view follows the window's size.
        window.frame = CGRect(x: 0, y: 0, width: 500, height: 400)
        #expect(vc.view.frame == CGRect(x: 0, y: 0, width: 500, height: 400))
        vc.view.layoutIfNeeded()
        #expect(log.take() == ["root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews"])
    }

    @Test func aHiddenWindowsRootAppearsWhenShownAndDisappearsWhenHidden() async {
        let log = CallbackLog()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let vc = RecordingController("root", log: log)
        window.rootViewController = vc
        #expect(vc.view.window === window, "installed at once")
        await nextTurn()
        #expect(!log.take().contains { $0.contains("Appear") }, "a hidden window shows nothing")
        window.makeKeyAndVisible()
        #expect(log.take() == ["root.viewWillAppear(false)", "root.viewIsAppearing(false)"])
        await nextTurn()
        #expect(log.take().last == "root.viewDidAppear(false)")
        window.isHidden = true
        #expect(log.take() == ["root.viewWillDisappear(false)"])
        await nextTurn()
        #expect(log.take() == ["root.viewDidDisappear(false)"])
    }

    @Test func replacingTheRootRemovesTheOldViewAndSwapsAppearance() async {
        let log = CallbackLog()
        let window = shownWindow()
        let a = RecordingController("a", log: log), b = RecordingController("b", log: log)
        window.rootViewController = a
        await nextTurn()
        _ = log.take()
        window.rootViewController = b
        #expect(a.view.superview == nil)
        #expect(b.view.superview === window)
        #expect(log.take() == ["a.viewWillDisappear(false)", "b.viewDidLoad", "b.viewWillAppear(false)", "b.viewIsAppearing(false)"])
        await nextTurn()
        let after = log.take()
        #expect(after.firstIndex(of: "a.viewDidDisappear(false)")! < after.firstIndex(of: "b.viewDidAppear(false)")!)
        #expect(a.next == nil)
    }

    // MARK: Begin and end by hand

    @Test func beginAndEndAppearanceTransitionCallTheCallbacksOnceEach() {
        let log = CallbackLog()
        let vc = RecordingController("a", log: log)
        vc.beginAppearanceTransition(true, animated: true)
        vc.beginAppearanceTransition(true, animated: true)
        vc.endAppearanceTransition()
        vc.endAppearanceTransition()
        #expect(log.take() == ["a.viewDidLoad", "a.viewWillAppear(true)", "a.viewIsAppearing(true)", "a.viewDidAppear(true)"])
        vc.beginAppearanceTransition(false, animated: false)
        vc.endAppearanceTransition()
        #expect(log.take() == ["a.viewWillDisappear(false)", "a.viewDidDisappear(false)"])
    }

    // MARK: Safe area and other properties

    @Test func additionalSafeAreaInsetsInsetTheViewAndReachSubviewsByOverlap() {
        let window = shownWindow()
        let vc = UIViewController()
        window.rootViewController = vc
        #expect(vc.view.safeAreaInsets == .zero, "Strata's windows have no system insets")
        vc.additionalSafeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 10, right: 0)
        #expect(vc.view.safeAreaInsets == UIEdgeInsets(top: 20, left: 0, bottom: 10, right: 0))
        // A subview from y = 5 to 195: 15 points of it under the top inset, 5 under the bottom.
        let sub = UIView(frame: CGRect(x: 0, y: 5, width: 300, height: 190))
        vc.view.addSubview(sub)
        #expect(sub.safeAreaInsets == UIEdgeInsets(top: 15, left: 0, bottom: 5, right: 0))
        // A subview wholly inside the safe area has none.
        let inner = UIView(frame: CGRect(x: 0, y: 50, width: 300, height: 50))
        vc.view.addSubview(inner)
        #expect(inner.safeAreaInsets == .zero)
    }

    @Test func preferredContentSizeTellsTheParent() {
        final class Container: UIViewController {
            var told: [CGSize] = []
            override func preferredContentSizeDidChange(forChildContentContainer container: UIViewController) {
                told.append(container.preferredContentSize)
            }
        }
        let parent = Container(), child = UIViewController()
        #expect(child.preferredContentSize == .zero)
        parent.addChild(child)
        child.preferredContentSize = CGSize(width: 320, height: 100)
        child.preferredContentSize = CGSize(width: 320, height: 100)
        #expect(parent.told == [CGSize(width: 320, height: 100)], "told once per change")
        child.title = "Settings"
        #expect(child.title == "Settings")
    }
}
