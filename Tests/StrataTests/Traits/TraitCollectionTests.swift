import Foundation
@_spi(Testing) @testable import Strata
@_spi(Testing) @testable import StrataQuartz
import StrataTesting
import Testing

/// A custom trait, as Apple's `UITraitDefinition` page defines one.
enum Theme: Int { case standard, monochrome }
struct ThemeTrait: UITraitDefinition {
    static let defaultValue = Theme.standard
    static let affectsColorAppearance = true
}

/// A view that logs its trait changes (into a shared log) and the current traits it saw.
@MainActor
final class TraitLoggingView: UIView {
    var name = ""
    var log: TraitLog?
    var currentStyles: [UIUserInterfaceStyle] = []
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        log?.entries.append("\(name): \(previousTraitCollection?.userInterfaceStyle.rawValue ?? -9)→\(traitCollection.userInterfaceStyle.rawValue)")
        currentStyles.append(UITraitCollection.current.userInterfaceStyle)
    }
}

@MainActor
final class TraitLoggingController: UIViewController {
    var log: TraitLog?
    override func loadView() {
        let view = TraitLoggingView()
        view.name = "root view"
        view.log = log
        self.view = view
    }
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        log?.entries.append("controller: \(previousTraitCollection?.userInterfaceStyle.rawValue ?? -9)→\(traitCollection.userInterfaceStyle.rawValue)")
    }
}

@MainActor
final class TraitLog { var entries: [String] = [] }

/// UITraitCollection (Apple's reference: "Creating a trait collection", "Comparing trait
/// collections", "Getting the current traits", `UITraitDefinition`), the trait environment of
/// screens, windows, controllers and views (`UITraitEnvironment`, `traitOverrides`,
/// `overrideUserInterfaceStyle`, `setOverrideTraitCollection(_:forChild:)`,
/// `registerForTraitChanges(_:handler:)`), dynamic colours (`UIColor(dynamicProvider:)`,
/// `resolvedColor(with:)`, the semantic colours' light and dark values) and Dynamic Type
/// following the trait. No GPU except the tests tagged `gpu`.
@MainActor
@Suite(.serialized) struct TraitCollectionTests {
    // MARK: The collection

    @Test("An empty trait collection specifies nothing: every trait reads its unspecified value, with UIKit's raw values")
    func emptyCollectionIsUnspecified() {
        let t = UITraitCollection()
        #expect(t.userInterfaceStyle == .unspecified && t.userInterfaceStyle.rawValue == 0)
        #expect(t.userInterfaceIdiom == .unspecified && t.userInterfaceIdiom.rawValue == -1)
        #expect(t.horizontalSizeClass == .unspecified && t.verticalSizeClass.rawValue == 0)
        #expect(t.displayScale == 0)
        #expect(t.displayGamut.rawValue == -1 && t.layoutDirection.rawValue == -1 && t.userInterfaceLevel.rawValue == -1)
        #expect(t.accessibilityContrast.rawValue == -1 && t.legibilityWeight.rawValue == -1 && t.activeAppearance.rawValue == -1)
        #expect(t.forceTouchCapability == .unknown && t.forceTouchCapability.rawValue == 0)
        #expect(t.preferredContentSizeCategory == .unspecified)
        #expect(UIUserInterfaceStyle.dark.rawValue == 2 && UIUserInterfaceIdiom.pad.rawValue == 1 && UIUserInterfaceIdiom.mac.rawValue == 5)
        #expect(UIUserInterfaceSizeClass.regular.rawValue == 2 && UIUserInterfaceLevel.elevated.rawValue == 1 && UIDisplayGamut.P3.rawValue == 1)
    }

    @Test("init(traitsFrom:) merges: the last collection specifying a trait wins, and an unspecified value overrides nothing")
    func traitsFromMerges() {
        let merged = UITraitCollection(traitsFrom: [
            UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(displayScale: 2), UITraitCollection(userInterfaceStyle: .light),
        ])
        #expect(merged.userInterfaceStyle == .light && merged.displayScale == 2)
        let keeps = UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(userInterfaceStyle: .unspecified)])
        #expect(keeps.userInterfaceStyle == .dark)
        #expect(UITraitCollection(traitsFrom: []) == UITraitCollection())
    }

    @Test("containsTraits(in:) is true when every trait the other specifies has the same value here (and for nil)")
    func containsTraits() {
        let darkAt2 = UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(displayScale: 2)])
        #expect(darkAt2.containsTraits(in: UITraitCollection(userInterfaceStyle: .dark)))
        #expect(darkAt2.containsTraits(in: UITraitCollection(displayScale: 2)))
        #expect(!darkAt2.containsTraits(in: UITraitCollection(userInterfaceStyle: .light)))
        #expect(!darkAt2.containsTraits(in: UITraitCollection(horizontalSizeClass: .compact)))
        #expect(darkAt2.containsTraits(in: nil) && darkAt2.containsTraits(in: UITraitCollection()))
        #expect(!UITraitCollection().containsTraits(in: darkAt2))
    }

    @Test("hasDifferentColorAppearance(comparedTo:): style, level, contrast and gamut change colours; scale, size class and idiom do not")
    func colorAppearance() {
        let dark = UITraitCollection(userInterfaceStyle: .dark), light = UITraitCollection(userInterfaceStyle: .light)
        #expect(dark.hasDifferentColorAppearance(comparedTo: light))
        #expect(dark.hasDifferentColorAppearance(comparedTo: nil))
        #expect(!dark.hasDifferentColorAppearance(comparedTo: UITraitCollection(userInterfaceStyle: .dark)))
        #expect(UITraitCollection(userInterfaceLevel: .elevated).hasDifferentColorAppearance(comparedTo: UITraitCollection(userInterfaceLevel: .base)))
        #expect(UITraitCollection(accessibilityContrast: .high).hasDifferentColorAppearance(comparedTo: UITraitCollection(accessibilityContrast: .normal)))
        #expect(!UITraitCollection(displayScale: 2).hasDifferentColorAppearance(comparedTo: UITraitCollection(displayScale: 3)))
        #expect(!UITraitCollection(horizontalSizeClass: .compact).hasDifferentColorAppearance(comparedTo: UITraitCollection(horizontalSizeClass: .regular)))
        #expect(!UITraitCollection(userInterfaceIdiom: .pad).hasDifferentColorAppearance(comparedTo: UITraitCollection(userInterfaceIdiom: .phone)))
        let traits = UITraitCollection.systemTraitsAffectingColorAppearance.map { ObjectIdentifier($0) }
        #expect(traits.contains(ObjectIdentifier(UITraitUserInterfaceStyle.self)) && !traits.contains(ObjectIdentifier(UITraitDisplayScale.self)))
    }

    @Test("Collections with the same traits are equal (==, isEqual); changedTraits(from:) names what differs")
    func equalityAndChanges() {
        #expect(UITraitCollection(userInterfaceStyle: .dark) == UITraitCollection(userInterfaceStyle: .dark))
        #expect(UITraitCollection(userInterfaceStyle: .dark).isEqual(UITraitCollection(userInterfaceStyle: .dark)))
        #expect(UITraitCollection(userInterfaceStyle: .dark) != UITraitCollection(userInterfaceStyle: .light))
        let a = UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(displayScale: 2)])
        let b = UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(displayScale: 3)])
        let changed = b.changedTraits(from: a).map { ObjectIdentifier($0) }
        #expect(changed == [ObjectIdentifier(UITraitDisplayScale.self)])
    }

    @Test("A custom trait (UITraitDefinition): its default where not specified; set with init(_:value:), mutations, modifyingTraits and replacing")
    func customTraits() {
        #expect(UITraitCollection()[ThemeTrait.self] == .standard)
        #expect(UITraitCollection(ThemeTrait.self, value: .monochrome)[ThemeTrait.self] == .monochrome)
        let made = UITraitCollection { traits in
            traits[ThemeTrait.self] = .monochrome
            traits.userInterfaceStyle = .dark
        }
        #expect(made[ThemeTrait.self] == .monochrome && made.userInterfaceStyle == .dark)
        let modified = made.modifyingTraits { $0.horizontalSizeClass = .compact }
        #expect(modified.horizontalSizeClass == .compact && modified[ThemeTrait.self] == .monochrome && made.horizontalSizeClass == .unspecified)
        #expect(made.replacing(ThemeTrait.self, value: .standard)[ThemeTrait.self] == .standard)
        #expect(UITraitCollection(ThemeTrait.self, value: .monochrome).hasDifferentColorAppearance(comparedTo: UITraitCollection()))
        #expect(ThemeTrait.name == "ThemeTrait")
    }

    @Test("UITraitCollection.current: empty where nothing set it, performAsCurrent sets and restores it, and it is per thread")
    func currentTraits() async {
        #expect(UITraitCollection.current.userInterfaceStyle == .unspecified)
        let dark = UITraitCollection(userInterfaceStyle: .dark)
        var inside = UIUserInterfaceStyle.unspecified
        var otherThread = UIUserInterfaceStyle.dark
        dark.performAsCurrent {
            inside = UITraitCollection.current.userInterfaceStyle
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var seen = UIUserInterfaceStyle.dark
            Thread {
                seen = UITraitCollection.current.userInterfaceStyle
                done.signal()
            }.start()
            done.wait()
            otherThread = seen
        }
        #expect(inside == .dark)
        #expect(otherThread == .unspecified, "another thread's current traits are its own")
        #expect(UITraitCollection.current.userInterfaceStyle == .unspecified, "restored")
    }

    // MARK: Dynamic colours

    @Test("UIColor(dynamicProvider:) resolves per trait collection; cgColor and getRed resolve with the current traits")
    func dynamicColors() {
        let color = UIColor { $0.userInterfaceStyle == .dark ? UIColor(red: 1, green: 0, blue: 0, alpha: 1) : UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
        #expect(color.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(color.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)) == UIColor(red: 0, green: 0, blue: 1, alpha: 1))
        #expect(color.cgColor == UIColor(red: 0, green: 0, blue: 1, alpha: 1).cgColor, "no current traits: the light value")
        var red: CGFloat = 0
        UITraitCollection(userInterfaceStyle: .dark).performAsCurrent {
            #expect(color.cgColor == UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor)
            color.getRed(&red, green: nil, blue: nil, alpha: nil)
        }
        #expect(red == 1)
        #expect(color == color && color != UIColor { _ in .blue }, "a dynamic colour equals only itself")
        let faded = color.withAlphaComponent(0.5)
        #expect(faded.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == UIColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(UIColor.red.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) === UIColor.red)
    }

    /// 8-bit sRGB components and alpha of `color` resolved with `traits`.
    func rgba(_ color: UIColor, _ traits: UITraitCollection) -> [Int] {
        let c = color.resolvedColor(with: traits).cgColor.components!
        return [Int((c[0] * 255).rounded()), Int((c[1] * 255).rounded()), Int((c[2] * 255).rounded()), Int((c[3] * 100).rounded())]
    }

    @Test("The semantic colours have Apple's light and dark values; backgrounds are lighter at the elevated level")
    func semanticColors() {
        let light = UITraitCollection(userInterfaceStyle: .light), dark = UITraitCollection(userInterfaceStyle: .dark)
        let elevated = UITraitCollection(traitsFrom: [dark, UITraitCollection(userInterfaceLevel: .elevated)])
        #expect(rgba(.systemBackground, light) == [255, 255, 255, 100])
        #expect(rgba(.systemBackground, dark) == [0, 0, 0, 100])
        #expect(rgba(.systemBackground, elevated) == [28, 28, 30, 100])
        #expect(rgba(.secondarySystemBackground, dark) == [28, 28, 30, 100])
        #expect(rgba(.systemGroupedBackground, light) == [242, 242, 247, 100])
        #expect(rgba(.secondarySystemGroupedBackground, elevated) == [44, 44, 46, 100])
        #expect(rgba(.label, light) == [0, 0, 0, 100] && rgba(.label, dark) == [255, 255, 255, 100])
        #expect(rgba(.secondaryLabel, dark) == [235, 235, 245, 60])
        #expect(rgba(.separator, light) == [60, 60, 67, 29] && rgba(.separator, dark) == [84, 84, 88, 60])
        #expect(rgba(.systemBlue, light) == [0, 122, 255, 100] && rgba(.systemBlue, dark) == [10, 132, 255, 100])
        #expect(rgba(.systemRed, dark) == [255, 69, 58, 100] && rgba(.systemGreen, dark) == [48, 209, 88, 100])
        #expect(rgba(.systemGray6, dark) == [28, 28, 30, 100] && rgba(.systemGray, dark) == [142, 142, 147, 100])
        #expect(rgba(.systemFill, dark) == [120, 120, 128, 36])
        #expect(rgba(.darkText, dark) == [0, 0, 0, 100], "darkText is the same in any appearance")
    }

    // MARK: Screens and windows

    /// A screen of the process made before the ones these tests darken, so none of theirs is the
    /// main screen (whose appearance detached views in other tests would take).
    static let mainScreenKeeper = UIScreen(size: CGSize(width: 10, height: 10), commitSink: RecordingCommitSink())

    func screen(_ width: CGFloat, _ height: CGFloat, scale: CGFloat = 1) -> UIScreen {
        _ = Self.mainScreenKeeper
        return UIScreen(size: CGSize(width: width, height: height), scale: scale, commitSink: RecordingCommitSink())
    }

    @Test("A screen's traits: a phone under 600 points on its shorter side (else a pad), its scale, light, left to right, the user's text size, size classes for its bounds")
    func screenTraits() {
        let phone = screen(390, 844, scale: 3).traitCollection
        #expect(phone.userInterfaceIdiom == .phone && phone.displayScale == 3 && phone.userInterfaceStyle == .light)
        #expect(phone.horizontalSizeClass == .compact && phone.verticalSizeClass == .regular)
        #expect(phone.layoutDirection == .leftToRight && phone.userInterfaceLevel == .base && phone.forceTouchCapability == .unavailable)
        #expect(phone.preferredContentSizeCategory == UIApplication.shared.preferredContentSizeCategory)
        let pad = screen(1024, 1366, scale: 2).traitCollection
        #expect(pad.userInterfaceIdiom == .pad && pad.horizontalSizeClass == .regular && pad.verticalSizeClass == .regular)
        let desktop = screen(1920, 1080).traitCollection
        #expect(desktop.userInterfaceIdiom == .pad && desktop.horizontalSizeClass == .regular)
    }

    @Test("Size classes: a phone in landscape is compact high, regular wide only from 896 points (a Max); a pad is regular high, regular wide from 678 points")
    func sizeClasses() {
        func classes(_ w: CGFloat, _ h: CGFloat, _ idiom: UIUserInterfaceIdiom) -> [Int] {
            let c = UIScreen.sizeClasses(for: CGSize(width: w, height: h), idiom: idiom)
            return [c.horizontal.rawValue, c.vertical.rawValue]
        }
        #expect(classes(430, 932, .phone) == [1, 2], "a Max in portrait: compact × regular")
        #expect(classes(932, 430, .phone) == [2, 1], "a Max in landscape: regular × compact")
        #expect(classes(852, 393, .phone) == [1, 1], "a Pro in landscape: compact × compact")
        #expect(classes(874, 402, .phone) == [1, 1] && classes(896, 414, .phone) == [2, 1])
        #expect(classes(1366, 1024, .pad) == [2, 2] && classes(678, 1024, .pad) == [2, 2])
        #expect(classes(590, 834, .pad) == [1, 2], "half an 11-inch iPad: compact wide")
        #expect(classes(320, 1024, .pad) == [1, 2], "slide over")
    }

    /// A visible window filling a new 390×844 screen.
    func shownWindow() -> (UIScreen, UIWindow) {
        let screen = screen(390, 844)
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.makeKeyAndVisible()
        return (screen, window)
    }

    /// A window on `screen` with a root controller that logs into `log`.
    func hierarchy(on screen: UIScreen, log: TraitLog) -> (UIWindow, TraitLoggingController, TraitLoggingView) {
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        let controller = TraitLoggingController()
        controller.log = log
        window.rootViewController = controller
        window.makeKeyAndVisible()
        let child = TraitLoggingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        child.name = "subview"
        child.log = log
        controller.view.addSubview(child)
        return (window, controller, child)
    }

    @Test(
        "A window, its root controller, its view and a subview take the screen's traits; the system going dark tells each once, superviews first, with the current traits its new ones"
    )
    func systemAppearanceReachesTheHierarchy() {
        let screen = screen(390, 844, scale: 3)
        let log = TraitLog()
        let (window, controller, child) = hierarchy(on: screen, log: log)
        #expect(window.traitCollection.userInterfaceStyle == .light && window.traitCollection.displayScale == 3)
        #expect(controller.traitCollection.horizontalSizeClass == .compact && child.traitCollection.userInterfaceIdiom == .phone)
        log.entries = []
        screen.setUserInterfaceStyle(.dark)
        #expect(log.entries == ["controller: 1→2", "root view: 1→2", "subview: 1→2"])
        #expect(child.currentStyles.last == .dark, "UITraitCollection.current is the view's new traits")
        #expect(window.traitCollection.userInterfaceStyle == .dark && controller.traitCollection.userInterfaceStyle == .dark)
        log.entries = []
        screen.setUserInterfaceStyle(.dark)
        #expect(log.entries.isEmpty, "no change, no call")
    }

    @Test("overrideUserInterfaceStyle on a view darkens it and its subviews only; on a controller, its view's hierarchy; .unspecified inherits again")
    func overrideUserInterfaceStyle() {
        let screen = screen(390, 844)
        let log = TraitLog()
        let (window, controller, child) = hierarchy(on: screen, log: log)
        let sibling = UIView()
        window.addSubview(sibling)
        let grandchild = TraitLoggingView()
        grandchild.name = "grandchild"
        grandchild.log = log
        child.addSubview(grandchild)
        log.entries = []
        child.overrideUserInterfaceStyle = .dark
        #expect(child.overrideUserInterfaceStyle == .dark && child.traitOverrides.contains(UITraitUserInterfaceStyle.self))
        #expect(log.entries == ["subview: 1→2", "grandchild: 1→2"])
        #expect(grandchild.traitCollection.userInterfaceStyle == .dark && controller.view.traitCollection.userInterfaceStyle == .light)
        #expect(sibling.traitCollection.userInterfaceStyle == .light)
        child.overrideUserInterfaceStyle = .unspecified
        #expect(grandchild.traitCollection.userInterfaceStyle == .light && !child.traitOverrides.contains(UITraitUserInterfaceStyle.self))
        log.entries = []
        controller.overrideUserInterfaceStyle = .dark
        #expect(log.entries == ["controller: 1→2", "root view: 1→2", "subview: 1→2", "grandchild: 1→2"])
        #expect(window.traitCollection.userInterfaceStyle == .light)
    }

    @Test("A view added under a dark view is dark at once, and hears the change from the traits it had")
    func addedViewTakesItsSuperviewsTraits() {
        let screen = screen(390, 844)
        let log = TraitLog()
        let (window, _, _) = hierarchy(on: screen, log: log)
        let parent = UIView()
        parent.overrideUserInterfaceStyle = .dark
        window.addSubview(parent)
        let view = TraitLoggingView()
        view.name = "new"
        view.log = log
        log.entries = []
        parent.addSubview(view)
        #expect(view.traitCollection.userInterfaceStyle == .dark && view.traitCollection.displayScale == 1)
        #expect(log.entries == ["new: 1→2"])
        log.entries = []
        let other = UIView()
        other.overrideUserInterfaceStyle = .dark
        window.addSubview(other)
        other.addSubview(view)
        #expect(log.entries.isEmpty, "moved between two dark superviews: no change")
    }

    @Test("traitOverrides with a custom trait, and setOverrideTraitCollection(_:forChild:) reaching a child controller and its view")
    func overridesForChildren() {
        let screen = screen(1024, 768)
        let log = TraitLog()
        let (_, parent, _) = hierarchy(on: screen, log: log)
        let child = TraitLoggingController()
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(child.traitCollection.horizontalSizeClass == .regular)
        parent.setOverrideTraitCollection(UITraitCollection(horizontalSizeClass: .compact), forChild: child)
        #expect(parent.overrideTraitCollection(forChild: child) == UITraitCollection(horizontalSizeClass: .compact))
        #expect(child.traitCollection.horizontalSizeClass == .compact && child.view.traitCollection.horizontalSizeClass == .compact)
        #expect(parent.traitCollection.horizontalSizeClass == .regular)
        child.view.traitOverrides[ThemeTrait.self] = .monochrome
        #expect(child.view.traitCollection[ThemeTrait.self] == .monochrome && parent.view.traitCollection[ThemeTrait.self] == .standard)
    }

    @Test("registerForTraitChanges(_:handler:) runs for the traits it names only, with the traits before; unregistering stops it")
    func registeredHandlers() {
        let (screen, window) = shownWindow()
        defer { withExtendedLifetime(screen) {} }  // a window holds its screen weakly
        let view = UIView()
        window.addSubview(view)
        var styles: [UIUserInterfaceStyle] = []
        var sizes: [UIUserInterfaceSizeClass] = []
        let registration = view.registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (view: UIView, previous: UITraitCollection) in
            styles.append(previous.userInterfaceStyle)
            #expect(view.traitCollection.userInterfaceStyle != previous.userInterfaceStyle)
        }
        view.registerForTraitChanges([UITraitVerticalSizeClass.self]) { (_: UIView, previous: UITraitCollection) in
            sizes.append(previous.verticalSizeClass)
        }
        view.overrideUserInterfaceStyle = .dark
        #expect(styles == [.light] && sizes.isEmpty)
        window.frame = CGRect(x: 0, y: 0, width: 844, height: 390)
        #expect(sizes == [.regular], "landscape: the vertical size class became compact")
        #expect(view.traitCollection.verticalSizeClass == .compact && styles == [.light])
        view.unregisterForTraitChanges(registration)
        view.overrideUserInterfaceStyle = .light
        #expect(styles == [.light])
    }

    @Test("A view's dynamic background colour is resolved with its traits, and again when they change; backgroundColor reads the colour as set")
    func dynamicBackgroundColor() {
        let (screen, window) = shownWindow()
        let view = UIView()
        window.addSubview(view)
        view.backgroundColor = .systemBackground
        #expect(view.layer.backgroundColor == UIColor.white.cgColor)
        #expect(view.backgroundColor === UIColor.systemBackground)
        screen.setUserInterfaceStyle(.dark)
        #expect(view.layer.backgroundColor == UIColor.black.cgColor)
        #expect(view.backgroundColor === UIColor.systemBackground)
        view.layer.backgroundColor = UIColor.red.cgColor
        #expect(view.backgroundColor == UIColor.red, "the layer's colour, set since")
    }

    @Test(
        "Labels, text fields and text views following Dynamic Type take their text style's size when the preferred size changes (body 17 → 23 points at Extra Extra Extra Large); a label that does not keeps 17"
    )
    func labelsFollowDynamicType() {
        let (screen, window) = shownWindow()
        defer { withExtendedLifetime(screen) {} }  // a window holds its screen weakly
        let following = UILabel(), fixed = UILabel()
        following.font = .preferredFont(forTextStyle: .body)
        following.adjustsFontForContentSizeCategory = true
        fixed.font = .preferredFont(forTextStyle: .body)
        let field = UITextField(), textView = UITextView()
        field.font = .preferredFont(forTextStyle: .title1)
        field.adjustsFontForContentSizeCategory = true
        textView.font = .preferredFont(forTextStyle: .caption1)
        textView.adjustsFontForContentSizeCategory = true
        for view in [following, fixed, field, textView] as [UIView] { window.addSubview(view) }
        #expect(following.font.pointSize == 17 && field.font?.pointSize == 28 && textView.font?.pointSize == 12)
        // The window's trait, not the process-wide setting, so tests running beside this one keep theirs.
        window.traitOverrides.preferredContentSizeCategory = .extraExtraExtraLarge
        #expect(following.traitCollection.preferredContentSizeCategory == .extraExtraExtraLarge)
        #expect(following.font.pointSize == 23 && fixed.font.pointSize == 17)
        #expect(field.font?.pointSize == 34 && textView.font?.pointSize == 18, "title 1 28 → 34, caption 1 12 → 18")
    }

    // MARK: API shapes

    @Test(
        "An attributes literal mixing a font, a colour and a paragraph style infers [NSAttributedString.Key: NSObject], as on iOS, and styles text"
    )
    func attributesLiteralMixesNSObjects() {
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        let attributes = [NSAttributedString.Key.font: UIFont.systemFont(ofSize: 20), .foregroundColor: UIColor.red, .paragraphStyle: style]
        #expect(type(of: attributes) == [NSAttributedString.Key: NSObject].self)
        let text = NSAttributedString(string: "Hi", attributes: attributes)
        #expect((text.attribute(.font, at: 0, effectiveRange: nil) as? UIFont)?.pointSize == 20)
        #expect(text.attribute(.foregroundColor, at: 1, effectiveRange: nil) as? UIColor == .red)
        #expect((text.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle)?.alignment == .center)
    }

    @Test(
        "UIDevice: the main screen's idiom, Linux at the kernel's version, unknown orientation and battery (-1), proximity monitoring stays off, orientation notification requests counted"
    )
    func device() {
        let device = UIDevice.current
        #expect(device === UIDevice.current)
        _ = screen(1024, 1366)
        #expect(device.userInterfaceIdiom == (UIScreen.existingMain?.traitCollection.userInterfaceIdiom ?? .phone))
        #expect(device.systemName == "Linux" && device.systemVersion.split(separator: ".").count == 3)
        #expect(device.orientation == .unknown && !device.orientation.isPortrait && !device.orientation.isValidInterfaceOrientation)
        #expect(UIDeviceOrientation.landscapeLeft.isLandscape && UIDeviceOrientation.faceUp.isFlat && UIDeviceOrientation.portrait.rawValue == 1)
        device.isBatteryMonitoringEnabled = true
        #expect(device.batteryLevel == -1 && device.batteryState == .unknown)
        device.isProximityMonitoringEnabled = true
        #expect(!device.isProximityMonitoringEnabled && !device.proximityState)
        device.beginGeneratingDeviceOrientationNotifications()
        device.beginGeneratingDeviceOrientationNotifications()
        device.endGeneratingDeviceOrientationNotifications()
        #expect(device.isGeneratingDeviceOrientationNotifications)
        device.endGeneratingDeviceOrientationNotifications()
        #expect(!device.isGeneratingDeviceOrientationNotifications)
        #expect(device.identifierForVendor == UIDevice.current.identifierForVendor && device.identifierForVendor != nil)
    }

    // MARK: Pixels

    @Test(
        "Dark mode on the GPU: a window of systemBackground turns black, and a view drawing with UIColor.label in draw(_:) redraws white",
        .tags(.gpu), .requiresGPU)
    func darkModePixels() async throws {
        _ = Self.mainScreenKeeper
        let f = try ScreenFixture(background: .systemBackground, gpu: true)
        let drawn = LabelColorView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        f.window.addSubview(drawn)
        var image = try await f.render()
        expectPixel(image, 50, 50, .white, "light: systemBackground is white")
        expectPixel(image, 20, 20, .black, "light: label is black")
        f.screen.setUserInterfaceStyle(.dark)
        image = try await f.render()
        expectPixel(image, 50, 50, .black, "dark: systemBackground is black")
        expectPixel(image, 20, 20, .white, "dark: the view drew again with label white")
        await f.finish()
    }
}

/// Fills its bounds with `UIColor.label` in `draw(_:)`.
final class LabelColorView: UIView {
    override func draw(_ rect: CGRect) {
        UIColor.label.setFill()
        UIRectFill(bounds)
    }
}
