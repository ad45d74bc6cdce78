// Only Strata and Testing are imported: `import Strata` must bring Foundation's types (CGRect,
// NSCoder, Date) as `import UIKit` does, or this file does not compile.
import Strata
import Testing

/// A view subclass as Xcode writes it for UIKit: a designated initializer of its own and the
/// required archive initializer. It must compile unchanged.
private final class TitledView: UIView {
    let title: String
    init(title: String) {
        self.title = title
        super.init(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
    }
    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A view subclass that passes the archive on to UIView, as some UIKit code does.
private final class ArchivedView: UIView {
    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// A layer subclass that copies its own property into presentation copies through `init(layer:)`.
private final class TintLayer: CALayer {
    var tint = 0.0
    required init() { super.init() }
    override init(layer: Any) {
        super.init(layer: layer)
        tint = (layer as? TintLayer)?.tint ?? 0
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// What UIKit code expects of views and layers as `NSObject`s: identity equality and hashing,
/// archive initializers that compile, Foundation through `import Strata`.
@MainActor
@Suite struct UIKitShapeTests {
    @Test func viewsAreEqualOnlyToThemselves() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let a = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        let b = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        container.addSubview(a)
        container.addSubview(b)
        #expect(a != b, "two views with the same frame are two views")
        #expect(a.superview == container, "XCTAssertEqual(view.superview, container) in UIKit tests")
        #expect(container.subviews == [a, b])
        #expect(container.subviews.firstIndex(of: b) == 1)
        #expect(Set([a, b, a, container]).count == 3, "a set of views keeps each view once")
        var tags: [UIView: Int] = [:]
        tags[a] = 1
        tags[b] = 2
        #expect(tags[a] == 1 && tags[b] == 2, "views key dictionaries by identity")
        let window: UIResponder = UIWindow(frame: .zero)
        #expect(window == window && window != a)
    }

    @Test func layersAreEqualOnlyToThemselves() {
        let parent = CALayer()
        let a = CALayer(), b = CALayer()
        parent.addSublayer(a)
        parent.addSublayer(b)
        #expect(parent.sublayers == [a, b], "XCTAssertEqual(layer.sublayers, [a, b]) in UIKit tests")
        #expect(a.superlayer == parent)
        #expect(a != b && Set([a, b, a]).count == 2)
        let view = UIView()
        #expect(view.layer.delegate === view && view.layer == view.layer)
    }

    @Test func recognizersAndScreensAreEqualOnlyToThemselves() throws {
        let tap = UITapGestureRecognizer(), pan = UIPanGestureRecognizer()
        let view = UIView()
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(pan)
        #expect(view.gestureRecognizers == [tap, pan])
        #expect(Set<UIGestureRecognizer>([tap, pan, tap]).count == 2)
    }

    @Test func archiveInitializersCompileAndDecodeNothing() {
        let coder = NSKeyedArchiver(requiringSecureCoding: false)
        #expect(UIView(coder: coder) == nil, "no archives: nothing is decoded")
        #expect(ArchivedView(coder: coder) == nil, "a subclass calling super.init(coder:) fails the same way")
        #expect(CALayer(coder: coder) == nil)
        let titled = TitledView(title: "Hello")
        #expect(titled.title == "Hello" && titled.bounds.size == CGSize(width: 100, height: 40))
    }

    @Test func initWithLayerCopiesTheLayersProperties() {
        let layer = TintLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 40)
        layer.position = CGPoint(x: 5, y: 6)
        layer.opacity = 0.25
        layer.cornerRadius = 3
        layer.name = "tinted"
        layer.tint = 0.7
        let copy = TintLayer(layer: layer)
        #expect(copy.bounds == layer.bounds && copy.position == layer.position)
        #expect(copy.opacity == 0.25 && copy.cornerRadius == 3 && copy.name == "tinted")
        #expect(copy.tint == 0.7, "the subclass copied its own property")
        #expect(copy.superlayer == nil && copy.sublayers == nil, "not in the tree")
    }

    @Test func settingTheFrameUnderAScaleSetsTheBoundsSizeAsUIKitDoes() {
        let view = UIView()
        view.transform = CGAffineTransform(scaleX: 2, y: 0.5)
        view.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(view.bounds.size == CGSize(width: 50, height: 100), "the frame's size divided by the scale (two different factors catch swapped axes)")
        #expect(view.frame == CGRect(x: 10, y: 20, width: 100, height: 50), "and the frame reads back as set")
        #expect(view.center == CGPoint(x: 60, y: 45))
        let flipped = UIView()
        flipped.transform = CGAffineTransform(scaleX: -1, y: 1)
        flipped.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(flipped.bounds.size == CGSize(width: 100, height: 50) && flipped.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        let turned = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        turned.transform = CGAffineTransform(rotationAngle: .pi / 2)
        turned.frame = CGRect(x: 100, y: 100, width: 20, height: 40)
        #expect(turned.bounds.size == CGSize(width: 40, height: 20), "under a rotation only the center moves")
        #expect(turned.center == CGPoint(x: 110, y: 120))
    }

    @Test func addSubviewPutsTheLayerAboveEverySublayer() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let first = UIView(), second = UIView()
        container.addSubview(first)
        let decoration = CALayer()
        container.layer.addSublayer(decoration)
        container.addSubview(second)
        #expect(container.layer.sublayers == [first.layer, decoration, second.layer], "above the sublayer added directly, as in UIKit")
        container.bringSubviewToFront(first)
        #expect(container.layer.sublayers?.last == first.layer)
        let bottom = UIView()
        container.insertSubview(bottom, at: 0)
        let layers = container.layer.sublayers ?? []
        let order = [bottom, second, first].compactMap { layers.firstIndex(of: $0.layer) }
        #expect(order == order.sorted() && order.count == 3, "the subviews' layers stay in subview order")
    }

    @Test func insertingBesideAViewThatIsNoSubviewPutsItOnTop() {
        let container = UIView(), a = UIView(), b = UIView(), stranger = UIView(), other = UIView()
        container.addSubview(a)
        container.insertSubview(b, aboveSubview: stranger)
        #expect(container.subviews == [a, b], "UIKit inserts it on top; nothing traps")
        container.insertSubview(other, belowSubview: stranger)
        #expect(container.subviews == [a, b, other])
        #expect(container.layer.sublayers == [a.layer, b.layer, other.layer])
    }

    @Test func timingParametersAsUIKitDocumentsThem() {
        let easeIn = UICubicTimingParameters(animationCurve: .easeIn)
        #expect(easeIn.animationCurve == .easeIn)
        #expect(easeIn.controlPoint1 == .zero && easeIn.controlPoint2 == .zero, "CGPointZero for a curve made from a UIKit curve")
        #expect(UICubicTimingParameters().animationCurve == .easeInOut)
        let custom = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.1, y: 0.2), controlPoint2: CGPoint(x: 0.3, y: 0.9))
        #expect(custom.controlPoint1 == CGPoint(x: 0.1, y: 0.2) && custom.controlPoint2 == CGPoint(x: 0.3, y: 0.9))
        let spring = UISpringTimingParameters()
        #expect(spring.initialVelocity == CGVector(dx: 0, dy: 0))
        #expect(UIViewPropertyAnimator(duration: 2, timingParameters: spring).duration == 2, "a damping-ratio spring keeps the animator's duration")
        let animator = UIViewPropertyAnimator()
        #expect(animator.duration == 0 && animator.state == .inactive && !animator.isRunning)
        #expect(animator.timingParameters.cubicTimingParameters?.animationCurve == .easeInOut)
    }

    @Test func animationsCanBeSwitchedOffForAnimationBlocks() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(UIView.areAnimationsEnabled)
        UIView.setAnimationsEnabled(false)
        UIView.animate(withDuration: 0.5) { view.center = CGPoint(x: 50, y: 50) }
        #expect(!UIView.areAnimationsEnabled)
        #expect(view.layer.animationKeys() == nil, "the change took effect at once")
        #expect(view.center == CGPoint(x: 50, y: 50))
        UIView.setAnimationsEnabled(true)
        UIView.animate(withDuration: 0.5) {
            view.center = CGPoint(x: 80, y: 50)
            view.alpha = 0.5
        }
        #expect(view.layer.animationKeys() == ["position", "opacity"])
        view.layer.removeAllAnimations()
        #expect(view.layer.animationKeys() == nil)
    }

    @Test func inheritedAnimationDurationIsTheBlocksInsideOneAndZeroOutside() {
        #expect(UIView.inheritedAnimationDuration == 0)
        var inside = -1.0, withoutAnimation = -1.0
        UIView.animate(withDuration: 0.4) {
            inside = UIView.inheritedAnimationDuration
            UIView.performWithoutAnimation { withoutAnimation = UIView.inheritedAnimationDuration }
        }
        #expect(inside == 0.4 && withoutAnimation == 0)
    }

    @Test func affineTransformsAndAnchorPointThroughLayersAndViews() {
        let layer = CALayer()
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 3))
        #expect(layer.affineTransform() == CGAffineTransform(scaleX: 2, y: 3))
        #expect(layer.transform.m11 == 2 && layer.transform.m22 == 3)
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 40))
        view.anchorPoint = CGPoint(x: 0, y: 0)
        #expect(view.layer.anchorPoint == .zero)
        #expect(view.center == CGPoint(x: 60, y: 40), "the center stays")
        #expect(view.frame == CGRect(x: 60, y: 40, width: 100, height: 40), "so the view moves: its top-left corner is now at the center")
    }

    @Test func theMainScreenIsAScreenThatExists() throws {
        let own = UIScreen(size: CGSize(width: 200, height: 100), commitSink: RecordingCommitSink())
        let main = UIScreen.main
        #expect(UIScreen.main === main, "the same screen each time")
        #expect(main.bounds.width > 0 && main.scale > 0)
        let window = UIWindow(frame: main.bounds)
        window.screen = main
        #expect(window.screen == main)
        window.screen = nil
        _ = own
    }

    @Test func descriptionsHaveUIKitsShape() throws {
        let view = UIView(frame: CGRect(x: 10, y: 20.5, width: 100, height: 40))
        let address = try #require(view.description.firstMatch(of: #/^<UIView: (0x[0-9a-f]+); /#)?.1)
        let layerAddress = try #require(view.layer.description.firstMatch(of: #/^<CALayer: (0x[0-9a-f]+)>$/#)?.1)
        #expect(view.description == "<UIView: \(address); frame = (10 20.5; 100 40); layer = <CALayer: \(layerAddress)>>")
        view.alpha = 0.5
        view.isHidden = true
        view.tag = 3
        #expect(view.description.contains("; frame = (10 20.5; 100 40); alpha = 0.5; hidden = YES; tag = 3; layer = <CALayer: "))
        let titled = TitledView(title: "x")
        #expect(titled.description.hasPrefix("<TitledView: 0x"), "a subclass prints its own name")
        #expect("\(TintLayer())".hasPrefix("<TintLayer: 0x"))
    }

    @Test func layerHitTestFindsTheFarthestDescendantAsCoreAnimationDoes() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let card = CALayer()
        card.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        let badge = CALayer()
        badge.frame = CGRect(x: 10, y: 10, width: 20, height: 20)  // (60…80, 60…80) in root
        let behind = CALayer()
        behind.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        behind.zPosition = -1
        root.addSublayer(card)
        card.addSublayer(behind)
        card.addSublayer(badge)
        // Points in root's superlayer space: root's position is (100, 100) with its bounds at the origin.
        #expect(root.hitTest(CGPoint(x: 70, y: 70)) === badge)
        #expect(root.hitTest(CGPoint(x: 55, y: 55)) === behind, "the badge does not cover (55, 55)")
        #expect(root.hitTest(CGPoint(x: 140, y: 140)) === card)
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === root)
        #expect(root.hitTest(CGPoint(x: 250, y: 10)) == nil, "outside the root's bounds: nil")
        badge.isHidden = true
        #expect(root.hitTest(CGPoint(x: 70, y: 70)) === behind, "hidden layers are passed over: the layer under the badge")
        card.transform = CATransform3DMakeScale(0.5, 0.5, 1)  // (75…125) now
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === root && root.hitTest(CGPoint(x: 80, y: 80)) === behind)
        #expect(card.contains(CGPoint(x: 99, y: 99)) && !card.contains(CGPoint(x: 100, y: 50)))
    }

    @Test func systemColoursAreUIKitsLightAppearance() {
        var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        #expect(UIColor.systemBlue.getRed(&r, green: &g, blue: &b, alpha: &a))
        #expect(abs(r) < 1e-6 && abs(g - 122.0 / 255) < 1e-6 && abs(b - 1) < 1e-6 && a == 1)
        _ = UIColor.secondaryLabel.getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(r - 60.0 / 255) < 1e-6 && abs(a - 0.6) < 1e-6)
        let light = UITraitCollection(userInterfaceStyle: .light)
        #expect(UIColor.systemBackground.resolvedColor(with: light) == .white && UIColor.label.resolvedColor(with: light) == .black)
        #expect(UIColor.systemBackground != .white, "a dynamic colour equals only itself, as in UIKit")
    }

    @Test func tintColorIsInheritedAndChangesAreAnnounced() {
        final class Tinted: UIView {
            var changes = 0
            override func tintColorDidChange() { changes += 1 }
        }
        let parent = Tinted(), child = Tinted(), own = Tinted()
        #expect(parent.tintColor == .systemBlue, "UIKit's default")
        parent.addSubview(child)
        parent.addSubview(own)
        own.tintColor = .red
        #expect(own.changes == 1)
        parent.tintColor = .green
        #expect(child.tintColor == .green && own.tintColor == .red)
        #expect(parent.changes == 1 && child.changes == 1 && own.changes == 1, "the child inherits the change; the view with its own tint does not")
        own.tintColor = nil
        #expect(own.tintColor == .green && own.changes == 2, "nil inherits again")
        let elsewhere = UIView()
        elsewhere.tintColor = .orange
        elsewhere.addSubview(child)
        #expect(child.tintColor == .orange && child.changes == 2, "moving under another tint announces it")
        parent.tintColor = .green
        #expect(parent.changes == 1, "setting the same colour again changes nothing")
    }

    @Test func edgeInsetsInsetRectanglesAsUIKitDoes() {
        #expect(UIEdgeInsets.zero == UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0) && UIEdgeInsets() == .zero)
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
        // Four different insets catch swapped edges: left 10 and right 20 take 30 from the width.
        #expect(rect.inset(by: UIEdgeInsets(top: 5, left: 10, bottom: 15, right: 20)) == CGRect(x: 10, y: 5, width: 70, height: 30))
        #expect(rect.inset(by: UIEdgeInsets(top: -5, left: -5, bottom: -5, right: -5)) == CGRect(x: -5, y: -5, width: 110, height: 60))
        #expect(rect.inset(by: UIEdgeInsets(top: 0, left: 60, bottom: 0, right: 50)).size.width == -10, "not standardized, as UIEdgeInsetsInsetRect")
        let directional = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        #expect(directional.leading == 2 && directional.trailing == 4 && NSDirectionalEdgeInsets.zero == NSDirectionalEdgeInsets())
    }

    @Test func huesRoundTrip() {
        var (h, s, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        #expect(UIColor.systemBlue.getHue(&h, saturation: &s, brightness: &b, alpha: &a))
        // (0, 122, 255): blue is highest, so hue = (4 + (0 − 122/255)) / 6.
        #expect(abs(h - (4 - 122.0 / 255) / 6) < 1e-6 && abs(s - 1) < 1e-6 && abs(b - 1) < 1e-6 && a == 1)
        let again = UIColor(hue: h, saturation: s, brightness: b, alpha: a)
        var (r, g, bl, al): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        again.getRed(&r, green: &g, blue: &bl, alpha: &al)
        #expect(abs(r) < 1e-5 && abs(g - 122.0 / 255) < 1e-5 && abs(bl - 1) < 1e-5, "back to (0, 122, 255)")
        UIColor(white: 0.3, alpha: 0.5).getHue(&h, saturation: &s, brightness: &b, alpha: &a)
        #expect(h == 0 && s == 0 && abs(b - 0.3) < 1e-6 && a == 0.5, "a grey has no hue or saturation")
        var (w, wa): (CGFloat, CGFloat) = (0, 0)
        #expect(UIColor(white: 0.3, alpha: 0.5).getWhite(&w, alpha: &wa) && abs(w - 0.3) < 1e-6 && wa == 0.5)
    }

    @Test func layoutDirectionsFollowTheSemanticContentAttribute() {
        let view = UIView()
        #expect(view.semanticContentAttribute == .unspecified && view.effectiveUserInterfaceLayoutDirection == .leftToRight)
        view.semanticContentAttribute = .forceRightToLeft
        #expect(view.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(UIView.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .rightToLeft) == .rightToLeft)
        #expect(UIView.userInterfaceLayoutDirection(for: .playback, relativeTo: .rightToLeft) == .leftToRight, "playback controls never flip")
        #expect(UIView.userInterfaceLayoutDirection(for: .spatial, relativeTo: .rightToLeft) == .leftToRight)
        #expect(UIView.userInterfaceLayoutDirection(for: .forceLeftToRight, relativeTo: .rightToLeft) == .leftToRight)
        #expect(UISemanticContentAttribute.forceRightToLeft.rawValue == 4)
        view.accessibilityIdentifier = "card"
        #expect(view.accessibilityIdentifier == "card" && !view.isAccessibilityElement)
    }

    @Test func foundationComesWithStrata() {
        // Types from Foundation, used with no import of it: the file's imports are the test.
        let date = Date(timeIntervalSince1970: 0)
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4).insetBy(dx: 1, dy: 1)
        #expect(date.timeIntervalSince1970 == 0 && rect == CGRect(x: 2, y: 3, width: 1, height: 2))
    }
}
