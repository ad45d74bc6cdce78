import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataTesting
import Testing

/// Navigation bar large titles and the scroll-edge appearance against Apple's reference: a bar
/// that prefers large titles is 44 + 52 = 96 points high with the title left-aligned in the
/// large-title style, bold (34 points); the content's offset collapses it to 44; the bar shows
/// `scrollEdgeAppearance` while the content rests at its top and `standardAppearance` once it
/// scrolls under the bar; a vertically compact environment shows standard titles and the
/// compact looks. A 390×844 phone window with no status bar (safe area top 0), over a
/// recording sink unless the test draws pixels.
@MainActor
@Suite struct LargeTitleTests {
    /// A controller whose view is a scroll view with 2,000 points of content.
    final class ListController: UIViewController {
        override func loadView() {
            let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            scroll.contentSize = CGSize(width: 390, height: 2000)
            view = scroll
        }
        var scroll: UIScrollView { view as! UIScrollView }
    }

    /// A navigation controller over a `ListController` titled "Inbox", preferring large titles
    /// (unless told not to), as the root of a window of `size` on a screen.
    private func shown(
        size: CGSize = CGSize(width: 390, height: 844), largeTitles: Bool = true, configure: (UINavigationController) -> Void = { _ in }
    ) async throws -> (ScreenFixture, UINavigationController, ListController) {
        let f = try ScreenFixture(size: size)
        let list = ListController()
        list.title = "Inbox"
        let nav = UINavigationController(rootViewController: list)
        nav.navigationBar.prefersLargeTitles = largeTitles
        configure(nav)
        f.window.rootViewController = nav
        try await f.screen.present(through: 0)
        return (f, nav, list)
    }

    /// The bar's centred title (its own label), its large title, and the large-title area
    /// holding that (the first subview of the bar's subviews that is a label).
    private func titles(_ bar: UINavigationBar) throws -> (small: UILabel, large: UILabel, area: UIView) {
        let small = try #require(bar.subviews.compactMap { $0 as? UILabel }.first)
        let large = try #require(bar.subviews.flatMap(\.subviews).compactMap { $0 as? UILabel }.first)
        return (small, large, try #require(large.superview))
    }

    /// Scrolls `list` to `distance` points past its top. No frame passes and nothing else lays
    /// out: the bar follows the scroll in the same turn.
    private func scroll(_ list: ListController, by distance: CGFloat, _ f: ScreenFixture) async throws {
        list.scroll.contentOffset = CGPoint(x: 0, y: -list.scroll.adjustedContentInset.top + distance)
    }

    @Test(
        "prefersLargeTitles: the bar is 96 points high (44 + 52), the large title Inbox sits in the area under the 44-point row at the 16-point margin of a 390-wide phone, in 34-point bold (the large-title style's emphasized weight), the centred title is hidden, and the content's safe area and automatic inset are 96 (its offset rests at -96)"
    )
    func aLargeTitleBarIs96PointsHigh() async throws {
        let (_, nav, list) = try await shown()
        let bar = nav.navigationBar
        let t = try titles(bar)
        #expect(bar.frame == CGRect(x: 0, y: 0, width: 390, height: 96))
        #expect(t.area.frame == CGRect(x: 0, y: 44, width: 390, height: 52))
        #expect(!t.area.isHidden)
        let large = t.large
        #expect(large.text == "Inbox")
        #expect(large.frame.minX == 16, "the leading margin")
        #expect(abs(large.frame.maxY - (52 - 8)) < 0.001, "its line 8 points above the area's bottom: \(large.frame)")
        #expect(large.font.pointSize == 34 && large.font.fontName == "Inter-Bold", "\(large.font.fontName) \(large.font.pointSize)")
        let bold = try #require(UIFont.preferredFont(forTextStyle: .largeTitle).fontDescriptor.withSymbolicTraits(.traitBold))
        #expect(large.font.fontName == UIFont(descriptor: bold, size: 0).fontName, "the large-title style, bold")
        #expect(t.small.isHidden, "the centred title hides while the large one shows")
        #expect(list.view.safeAreaInsets.top == 96)
        #expect(list.scroll.adjustedContentInset.top == 96 && list.scroll.contentOffset.y == -96)
        #expect(bar.sizeThatFits(CGSize(width: 390, height: 500)).height == 96)
    }

    @Test("Without prefersLargeTitles the bar stays 44 points with its centred title, and the safe area top is 44")
    func withoutLargeTitlesTheBarIs44() async throws {
        let (_, nav, list) = try await shown(largeTitles: false)
        let t = try titles(nav.navigationBar)
        #expect(nav.navigationBar.frame.height == 44)
        #expect(!t.small.isHidden && t.area.isHidden)
        #expect(list.view.safeAreaInsets.top == 44 && list.scroll.contentOffset.y == -44)
    }

    @Test(
        "largeTitleDisplayMode: .never on the root gives a 44-point bar; a pushed .automatic item keeps the item below's setting (44 over .never, 96 over the root's automatic); .always shows a large title over a .never item; the pushed controller's safe area follows (44 or 96)"
    )
    func displayModes() async throws {
        let (f, nav, list) = try await shown()
        list.navigationItem.largeTitleDisplayMode = .never
        try await f.screen.present(through: 1)
        #expect(nav.navigationBar.frame.height == 44 && list.view.safeAreaInsets.top == 44)
        let b = ListController()
        nav.pushViewController(b, animated: false)
        try await f.screen.present(through: 2)
        #expect(nav.navigationBar.frame.height == 44, ".automatic follows the .never below")
        #expect(b.view.safeAreaInsets.top == 44)
        let c = ListController()
        c.navigationItem.largeTitleDisplayMode = .always
        nav.pushViewController(c, animated: false)
        try await f.screen.present(through: 3)
        #expect(nav.navigationBar.frame.height == 96, ".always")
        #expect(c.view.safeAreaInsets.top == 96)
        nav.popToRootViewController(animated: false)
        list.navigationItem.largeTitleDisplayMode = .automatic
        nav.pushViewController(ListController(), animated: false)
        try await f.screen.present(through: 4)
        #expect(nav.navigationBar.frame.height == 96, ".automatic over an automatic root follows the bar's prefersLargeTitles")
    }

    @Test(
        "Scrolling collapses the large title with the offset: 20 points up the bar is 76 high (the large title still showing, clipped), 60 points up it is 44 with the centred title shown; back at the top it is 96 again; the safe area stays 96"
    )
    func scrollingCollapsesTheLargeTitle() async throws {
        let (f, nav, list) = try await shown()
        let bar = nav.navigationBar
        let t = try titles(bar)
        try await scroll(list, by: 20, f)
        #expect(bar.frame.height == 76)
        #expect(t.area.frame.height == 32 && !t.area.isHidden)
        #expect(abs(t.large.frame.maxY - (32 - 8)) < 0.001, "the title rises with the area's bottom")
        #expect(t.small.isHidden)
        #expect(list.view.safeAreaInsets.top == 96)
        try await scroll(list, by: 60, f)
        #expect(bar.frame.height == 44)
        #expect(t.area.isHidden && !t.small.isHidden)
        try await scroll(list, by: 0, f)
        #expect(bar.frame.height == 96 && !t.area.isHidden && t.small.isHidden)
        #expect(list.scroll.contentOffset.y == -96)
    }

    @Test(
        "scrollEdgeAppearance: at the top the bar shows the bar's scroll-edge look (blue), scrolled under the bar its standard look (red); the item's scroll-edge look (green) wins over the bar's; with none, the standard look with a clear background and no hairline"
    )
    func scrollEdgeAppearance() async throws {
        let standard = UINavigationBarAppearance()
        standard.configureWithOpaqueBackground()
        standard.backgroundColor = .red
        let edge = UINavigationBarAppearance()
        edge.backgroundColor = .blue
        let (f, nav, list) = try await shown(largeTitles: false) { nav in
            nav.navigationBar.standardAppearance = standard
        }
        let bar = nav.navigationBar
        let t = try titles(bar)
        let area = t.area
        let hairline = try #require(bar.subviews.first { !($0 is UILabel) && $0 !== area && $0.frame.height < 1.5 })
        #expect(bar.backgroundColor == .clear, "no scroll-edge look: the standard one made transparent")
        #expect(hairline.isHidden, "and no hairline")
        bar.scrollEdgeAppearance = edge
        #expect(bar.backgroundColor == .blue)
        try await scroll(list, by: 10, f)
        #expect(bar.backgroundColor == .red, "scrolled under the bar")
        #expect(!hairline.isHidden)
        try await scroll(list, by: 0, f)
        #expect(bar.backgroundColor == .blue)
        let item = UINavigationBarAppearance()
        item.backgroundColor = .green
        list.navigationItem.scrollEdgeAppearance = item
        #expect(bar.backgroundColor == .green)
    }

    @Test(
        "With a large title the bar keeps its scroll-edge look while it collapses (the content's top stays at the bar's bottom: 20 points up) and takes the standard one once the content passes under it (60 points up)"
    )
    func scrollEdgeWhileCollapsing() async throws {
        let standard = UINavigationBarAppearance()
        standard.backgroundColor = .red
        let edge = UINavigationBarAppearance()
        edge.backgroundColor = .blue
        let (f, nav, list) = try await shown { nav in
            nav.navigationBar.standardAppearance = standard
            nav.navigationBar.scrollEdgeAppearance = edge
        }
        #expect(nav.navigationBar.backgroundColor == .blue)
        try await scroll(list, by: 20, f)
        #expect(nav.navigationBar.backgroundColor == .blue)
        try await scroll(list, by: 60, f)
        #expect(nav.navigationBar.backgroundColor == .red)
    }

    @Test("A bar no navigation controller manages ignores scrollEdgeAppearance and shows its standard look")
    func aLoneBarShowsItsStandardLook() {
        let bar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: 390, height: 44))
        bar.items = [UINavigationItem(title: "Alone")]
        let standard = UINavigationBarAppearance()
        standard.backgroundColor = .red
        let edge = UINavigationBarAppearance()
        edge.backgroundColor = .blue
        bar.standardAppearance = standard
        bar.scrollEdgeAppearance = edge
        #expect(bar.backgroundColor == .red)
        bar.prefersLargeTitles = true
        #expect(bar.sizeThatFits(CGSize(width: 390, height: 200)).height == 96)
    }

    @Test(
        "largeTitleTextAttributes: the bar's colour and font reach the large title; an appearance's large-title attributes win over them"
    )
    func largeTitleAttributes() async throws {
        let (_, nav, _) = try await shown()
        let bar = nav.navigationBar
        let t = try titles(bar)
        bar.largeTitleTextAttributes = [.foregroundColor: UIColor.systemGreen, .font: UIFont.systemFont(ofSize: 40, weight: .heavy)]
        #expect(t.large.textColor == .systemGreen && t.large.font.pointSize == 40)
        let appearance = UINavigationBarAppearance()
        appearance.largeTitleTextAttributes = [.foregroundColor: UIColor.systemPurple]
        bar.scrollEdgeAppearance = appearance
        #expect(t.large.textColor == .systemPurple, "the appearance's colour wins")
        #expect(t.large.font.pointSize == 40, "the bar's font stays where the appearance names none")
    }

    @Test(
        "A vertically compact window (844×390, a phone in landscape): no large title (44 points), the compact look away from the edge and the compact scroll-edge look at it (falling back to the scroll-edge look)"
    )
    func compactHeight() async throws {
        let compact = UINavigationBarAppearance()
        compact.backgroundColor = .orange
        let compactEdge = UINavigationBarAppearance()
        compactEdge.backgroundColor = .purple
        let edge = UINavigationBarAppearance()
        edge.backgroundColor = .blue
        let (f, nav, list) = try await shown(size: CGSize(width: 844, height: 390)) { nav in
            nav.navigationBar.compactAppearance = compact
            nav.navigationBar.scrollEdgeAppearance = edge
        }
        let bar = nav.navigationBar
        let t = try titles(bar)
        #expect(bar.traitCollection.verticalSizeClass == .compact)
        #expect(bar.frame.height == 44 && t.area.isHidden && list.view.safeAreaInsets.top == 44)
        #expect(bar.backgroundColor == .blue, "no compact scroll-edge look: the scroll-edge one")
        bar.compactScrollEdgeAppearance = compactEdge
        #expect(bar.backgroundColor == .purple)
        try await scroll(list, by: 30, f)
        #expect(bar.backgroundColor == .orange)
        list.navigationItem.compactAppearance = edge
        #expect(bar.backgroundColor == .blue, "the item's compact look wins")
    }

    @Test(
        "Pixels: a large black title Inbox on a white bar draws ink in the large-title area (x 16…120, y 44…96) and none in the row above it, where the centred title is hidden",
        .tags(.gpu), .requiresGPU)
    func largeTitleInk() async throws {
        let f = try ScreenFixture(size: CGSize(width: 390, height: 600), gpu: true)
        let list = ListController()
        list.title = "Inbox"
        list.view.backgroundColor = .white
        let nav = UINavigationController(rootViewController: list)
        nav.navigationBar.prefersLargeTitles = true
        let white = UINavigationBarAppearance()
        white.backgroundColor = .white
        white.largeTitleTextAttributes = [.foregroundColor: UIColor.black]
        nav.navigationBar.scrollEdgeAppearance = white
        f.window.rootViewController = nav
        let image = try await f.render()
        func darkPixels(x: Range<Int>, y: Range<Int>) -> Int {
            var count = 0
            for py in y {
                for px in x where image[px, py].r < 100 { count += 1 }
            }
            return count
        }
        let large = darkPixels(x: 16..<120, y: 44..<96)
        #expect(large > 100, "the large title's ink: \(large) dark pixels")
        #expect(darkPixels(x: 0..<16, y: 44..<96) == 0, "nothing left of the margin")
        #expect(darkPixels(x: 150..<240, y: 0..<43) == 0, "no centred title in the row")
        expectPixel(image, 300, 70, .white, "the bar's white right of the title")
        await f.finish()
    }
}
