import Foundation
import Testing

@testable import Strata

/// Descriptions in UIKit's shape, as logs and swift-snapshot-testing's text strategies print
/// them: the fields and their order, labels' text, scroll views' offsets, the indented
/// recursive description and controller hierarchies. No GPU.
@MainActor @Suite struct UIViewDescriptionTests {
    /// `text` with the pointers taken out, as the snapshot strategies store it.
    func purged(_ text: String) -> String {
        text.replacingOccurrences(of: ":?\\s*0x[\\da-f]+(\\s*)", with: "$1", options: .regularExpression)
    }

    @Test("A controller's view 375 × 667 prints `<UIView; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer>>`, as iOS's does")
    func aControllersView() {
        let controller = UIViewController()
        controller.view.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
        #expect(purged(controller.view.description) == "<UIView; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer>>")
    }

    @Test(
        "Fields come in UIKit's order: transform, clipsToBounds = YES, alpha, hidden = YES, opaque = NO, autoresize = LM+W+RM+TM+H+BM, userInteractionEnabled = NO, tag, gestureRecognizers, layer"
    )
    func fieldsInUIKitsOrder() {
        let view = UIView(frame: CGRect(x: 1.5, y: 2, width: 30, height: 40))
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        view.clipsToBounds = true
        view.alpha = 0.5
        view.isHidden = true
        view.isOpaque = false
        view.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, .flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin]
        view.isUserInteractionEnabled = false
        view.tag = 7
        view.addGestureRecognizer(UITapGestureRecognizer())
        // Scaled by 2 about its centre (16.5, 22): the frame doubles round it.
        #expect(
            purged(view.description)
                == "<UIView; frame = (-13.5 -18; 60 80); transform = [2, 0, 0, 2, 0, 0]; clipsToBounds = YES; alpha = 0.5; hidden = YES; opaque = NO; autoresize = LM+W+RM+TM+H+BM; userInteractionEnabled = NO; tag = 7; gestureRecognizers = <NSArray>; layer = <CALayer>>"
        )
    }

    @Test(
        "A label prints its text after the frame, cut to 25 characters and `...`, takes no touches and has UIKit's `_UILabelLayer`; image views and buttons are not opaque"
    )
    func labelsImageViewsAndButtons() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 52, height: 19))
        label.text = "What's"
        #expect(purged(label.description) == "<UILabel; frame = (0 0; 52 19); text = 'What's'; userInteractionEnabled = NO; layer = <_UILabelLayer>>")
        label.text = "abcdefghijklmnopqrstuvwxyz0123"
        #expect(purged(label.description).contains("text = 'abcdefghijklmnopqrstuvwxy...';"))
        #expect(purged(UILabel().description) == "<UILabel; frame = (0 0; 0 0); userInteractionEnabled = NO; layer = <_UILabelLayer>>")
        #expect(purged(UIImageView().description) == "<UIImageView; frame = (0 0; 0 0); opaque = NO; userInteractionEnabled = NO; layer = <CALayer>>")
        #expect(purged(UIButton(type: .system).description).hasPrefix("<UIButton; frame = (0 0; 0 0); opaque = NO; "))
    }

    @Test("A scroll view prints its offset, content size and adjusted inset after the layer")
    func scrollViews() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
        scroll.contentSize = CGSize(width: 100, height: 900)
        scroll.contentInset = UIEdgeInsets(top: 4, left: 0, bottom: 8, right: 0)
        scroll.contentOffset = CGPoint(x: 0, y: 30.5)
        #expect(purged(scroll.description).hasSuffix("layer = <CALayer>; contentOffset: {0, 30.5}; contentSize: {100, 900}; adjustedContentInset: {4, 0, 8, 0}>"))
    }

    @Test("recursiveDescription indents each level by `   | `, the second by `   |    | `, with no newline after the last line")
    func recursiveDescriptionIndents() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        let grandchild = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        let second = UIView(frame: CGRect(x: 0, y: 60, width: 10, height: 10))
        root.addSubview(child)
        child.addSubview(grandchild)
        root.addSubview(second)
        #expect(
            purged(root.recursiveDescription()) == """
                <UIView; frame = (0 0; 100 100); layer = <CALayer>>
                   | <UIView; frame = (10 10; 50 50); layer = <CALayer>>
                   |    | <UIView; frame = (1 2; 3 4); layer = <CALayer>>
                   | <UIView; frame = (0 60; 10 10); layer = <CALayer>>
                """)
    }

    @Test(
        "A tab bar controller's hierarchy lists its navigation controllers (views `UILayoutContainerView`) and their roots, `(view not loaded)` for a view not made and ` not in the window` outside a window"
    )
    func controllerHierarchies() {
        let first = UIViewController()
        let tab = UITabBarController()
        tab.viewControllers = [UINavigationController(rootViewController: first), UINavigationController(rootViewController: UIViewController())]
        #expect(purged(tab.hierarchyDescription()).hasPrefix("<UITabBarController>, state: disappeared, view: (view not loaded)\n"))
        tab.loadViewIfNeeded()
        let lines = purged(tab.hierarchyDescription()).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines.first == "<UITabBarController>, state: disappeared, view: <UILayoutContainerView> not in the window")
        #expect(lines[1].hasPrefix("   | <UINavigationController>, state: "))
        #expect(lines[2].hasPrefix("   |    | <UIViewController>, state: "))
        #expect(lines[4] == "   |    | <UIViewController>, state: disappeared, view: (view not loaded)")
        #expect(purged(UIViewController().hierarchyDescription()) == "<UIViewController>, state: disappeared, view: (view not loaded)")
    }
}
