import Foundation
import Strata
import StrataCore
import StrataTesting
import Testing

/// An image (scale 1) of one grey, for image fallbacks and sizes.
@MainActor
func solidImage(width: Int, height: Int) -> UIImage {
    let pixels = [UInt8](repeating: 200, count: width * height * 4)
    return UIImage(cgImage: CGImage(image: RGBAImage(size: PixelSize(width: width, height: height), pixels: pixels)))
}

/// UIButton's per-state values with UIKit's fallbacks, its sizes and layout, its actions and
/// its symbol shapes. Sizes use Inter (see UILabelTests): "Hello" is 6,740/2,816 em wide and a
/// line 3,408/2,816 em tall; labels not on a screen round up to whole points.
@MainActor
@Suite struct UIButtonTests {
    @Test func titlesFallBackToTheNormalStateAndFollowTheState() {
        let button = UIButton(type: .system)
        #expect(button.buttonType == .system)
        #expect(button.title(for: .normal) == nil && button.currentTitle == nil)
        button.setTitle("Normal", for: .normal)
        #expect(button.title(for: .highlighted) == "Normal", "no highlighted title: the normal one")
        #expect(button.title(for: [.selected, .highlighted]) == "Normal")
        button.setTitle("Selected", for: .selected)
        #expect(button.title(for: .selected) == "Selected")
        button.isSelected = true
        #expect(button.currentTitle == "Selected")
        #expect(button.titleLabel?.text == "Selected", "the label shows the current title")
        button.isSelected = false
        #expect(button.currentTitle == "Normal")
        button.setTitle(nil, for: .selected)
        #expect(button.title(for: .selected) == "Normal", "removed: falls back again")
    }

    @Test func titleColorsFallBackToNormalThenToTheSystemsForTheType() {
        let custom = UIButton(type: .custom)
        #expect(custom.titleColor(for: .normal) == .white)
        #expect(custom.titleColor(for: .highlighted) == .white)
        let system = UIButton(type: .system)
        #expect(system.titleColor(for: .normal) == .systemBlue, "a system button's title is its tint colour")
        system.tintColor = .systemRed
        #expect(system.currentTitleColor == .systemRed)
        #expect(system.titleColor(for: .disabled) == .systemGray)
        system.setTitleColor(.black, for: .normal)
        #expect(system.titleColor(for: .highlighted) == .black, "normal's colour before the system's")
        system.setTitleColor(.green, for: .highlighted)
        system.isHighlighted = true
        #expect(system.currentTitleColor == .green)
        #expect(system.titleLabel?.textColor == .green)
        #expect(abs((system.titleLabel?.alpha ?? 1) - 0.2) < 0.001, "a system button fades while highlighted")
        system.isHighlighted = false
        #expect(system.titleLabel?.alpha == 1)
        #expect(system.titleShadowColor(for: .normal) == nil)
    }

    @Test func anAttributedTitleIsPreferredAndFallsBackToNormal() {
        let button = UIButton(type: .system)
        button.setTitle("Plain", for: .normal)
        let styled = NSAttributedString(string: "Styled", attributes: [.foregroundColor: UIColor.red])
        button.setAttributedTitle(styled, for: .normal)
        #expect(button.attributedTitle(for: .highlighted)?.string == "Styled")
        #expect(button.currentAttributedTitle?.string == "Styled")
        #expect(button.titleLabel?.text == "Styled", "the attributed title is shown over the plain one")
        #expect(button.title(for: .normal) == "Plain", "the plain title is kept")
        button.setAttributedTitle(nil, for: .normal)
        #expect(button.titleLabel?.text == "Plain")
    }

    @Test func imagesAndBackgroundImagesFallBackToNormal() {
        let button = UIButton(type: .custom)
        let a = solidImage(width: 20, height: 20), b = solidImage(width: 10, height: 10)
        button.setImage(a, for: .normal)
        button.setBackgroundImage(b, for: .normal)
        #expect(button.image(for: .disabled) === a)
        #expect(button.currentImage === a && button.imageView?.image === a)
        button.setImage(b, for: .disabled)
        button.isEnabled = false
        #expect(button.currentImage === b)
        #expect(button.currentBackgroundImage === b)
    }

    /// Custom: "Hello" at 18 points is 43.08 wide → 44; a line of 21.78 → 22, plus 6 above and
    /// below: 34. System: 15 points: 35.9 → 36 by 18.15 → 19 + 12 = 31. Insets add.
    @Test func sizeToFitIsTheTitlePlusPaddingAndInsets() {
        let custom = UIButton(type: .custom)
        #expect(custom.sizeThatFits(.zero) == CGSize(width: 30, height: 34), "no title or image: 30 wide, a line high")
        custom.setTitle("Hello", for: .normal)
        custom.sizeToFit()
        #expect(custom.bounds.size == CGSize(width: 44, height: 34))
        custom.contentEdgeInsets = UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        #expect(custom.intrinsicContentSize == CGSize(width: 64, height: 44))
        let system = UIButton(type: .system)
        system.setTitle("Hello", for: .normal)
        #expect(system.sizeThatFits(.zero) == CGSize(width: 36, height: 31))
        #expect(system.titleLabel?.font == UIFont.systemFont(ofSize: 15))
        let withImage = UIButton(type: .custom)
        withImage.setImage(solidImage(width: 20, height: 40), for: .normal)
        #expect(withImage.sizeThatFits(.zero) == CGSize(width: 20, height: 40), "an image alone: its size")
    }

    /// A 200 × 50 button titled "Hello" (44 × 22) with a 20 × 20 image: the pair (64 wide) is
    /// centred — image at x 68, title at 88 — and left-aligned at 0 and 20.
    @Test func theImageAndTitleSitSideBySideAsTheAlignmentsSay() {
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 200, height: 50))
        button.setTitle("Hello", for: .normal)
        button.setImage(solidImage(width: 20, height: 20), for: .normal)
        button.layoutIfNeeded()
        #expect(button.imageView?.frame == CGRect(x: 68, y: 15, width: 20, height: 20))
        #expect(button.titleLabel?.frame == CGRect(x: 88, y: 14, width: 44, height: 22))
        button.contentHorizontalAlignment = .left
        button.contentVerticalAlignment = .top
        button.titleEdgeInsets = UIEdgeInsets(top: 0, left: 5, bottom: 0, right: -5)
        button.layoutIfNeeded()
        #expect(button.imageView?.frame == CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(button.titleLabel?.frame == CGRect(x: 25, y: 0, width: 44, height: 22), "moved 5 right by its insets")
    }

    @Test func aTapSendsTouchUpInsideThenThePrimaryAction() async throws {
        var log: [String] = []
        let button = UIButton(primaryAction: UIAction(title: "Go") { action in log.append("primary \((action.sender as? UIButton)?.currentTitle ?? "?")") })
        #expect(button.buttonType == .system)
        #expect(button.currentTitle == "Go", "titled by its action")
        button.frame = CGRect(x: 100, y: 100, width: 100, height: 40)
        button.addAction(UIAction { _ in log.append("upInside") }, for: .touchUpInside)
        let f = try controlScene(button)
        try f.window.tap(150, 120, at: 1)
        #expect(log == ["upInside", "primary Go"])
        await f.finish()
    }

    /// A close button (30 × 30) at (10, 10) on a white screen: the cross's middle (25, 25) is
    /// system grey, a point of the disc off the cross (25, 14) system grey 5, outside (2, 2) white.
    @Test(.tags(.gpu), .requiresGPU) func aCloseButtonDrawsAGreyDiscWithACross() async throws {
        let f = try ScreenFixture(size: CGSize(width: 50, height: 50), gpu: true)
        let close = UIButton(type: .close)
        #expect(close.bounds.size == CGSize(width: 30, height: 30))
        #expect(close.sizeThatFits(.zero) == CGSize(width: 30, height: 30))
        close.frame.origin = CGPoint(x: 10, y: 10)
        f.window.addSubview(close)
        let image = try await f.render()
        expectPixel(image, 25, 25, RGBA8(142, 142, 147), tolerance: 3, "the cross's middle")
        expectPixel(image, 25, 14, RGBA8(229, 229, 234), tolerance: 3, "the disc above the cross")
        expectPixel(image, 2, 2, .white, tolerance: 2, "outside the button")
        await f.finish()
    }
}

/// Configuration-based buttons (iOS 15), with Strata's medium-size values: title 17 points,
/// insets 7 and 12. "Hello" at 17 is 41 × 21 as a label (Inter; see UILabelTests).
@MainActor
@Suite struct UIButtonConfigurationTests {
    @Test func aFilledButtonShowsItsTitleInWhiteOnTheTint() {
        var config = UIButton.Configuration.filled()
        config.title = "Hello"
        let button = UIButton(configuration: config)
        #expect(button.configuration?.title == "Hello")
        #expect(button.titleLabel?.text == "Hello")
        #expect(button.titleLabel?.textColor == .white)
        #expect(button.backgroundColor == .systemBlue, "the tint colour")
        let size = button.sizeThatFits(.zero)
        let text = button.titleLabel!.intrinsicContentSize
        #expect(size == CGSize(width: text.width + 24, height: text.height + 14))
        button.isEnabled = false
        #expect(button.titleLabel?.textColor == .systemGray && button.backgroundColor == .systemGray5)
    }

    @Test func stylesColourTheContentAndBackground() {
        var plain = UIButton.Configuration.plain()
        plain.title = "A"
        let p = UIButton(configuration: plain)
        #expect(p.titleLabel?.textColor == .systemBlue && p.backgroundColor == nil)
        var gray = UIButton.Configuration.gray()
        gray.title = "B"
        gray.baseForegroundColor = .red
        let g = UIButton(configuration: gray)
        #expect(g.titleLabel?.textColor == .red && g.backgroundColor == .systemGray5)
        var tinted = UIButton.Configuration.tinted()
        tinted.baseBackgroundColor = .green
        let t = UIButton(configuration: tinted)
        #expect(t.backgroundColor == .green)
    }

    /// A 20 × 20 image leading with 6 points of padding before "Hello" (41 wide): 67 × 21 of
    /// content, centred in a 200 × 50 button: image at x 66.5, title at 92.5; on top instead,
    /// the image above the title (padding 6): 41 wide, 47 high.
    @Test func theImageSitsWhereItsPlacementSaysWithItsPadding() {
        var config = UIButton.Configuration.plain()
        config.title = "Hello"
        config.image = solidImage(width: 20, height: 20)
        config.imagePadding = 6
        let button = UIButton(configuration: config)
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 50)
        button.layoutIfNeeded()
        #expect(button.imageView?.frame == CGRect(x: 66.5, y: 15, width: 20, height: 20))
        #expect(button.titleLabel?.frame == CGRect(x: 92.5, y: 14.5, width: 41, height: 21))
        config.imagePlacement = .top
        button.configuration = config
        #expect(button.sizeThatFits(.zero) == CGSize(width: 41 + 24, height: 20 + 6 + 21 + 14))
        button.layoutIfNeeded()
        #expect(button.imageView!.frame.maxY + 6 == button.titleLabel!.frame.minY)
    }

    /// An 80 × 20 image on top of "Hello" (41 × 21), padding 6, in a 200 × 100 button: the
    /// content is 80 × 47, centred at (60, 26.5); the image spans x 60–140 and the title is
    /// centred under it, x 79.5–120.5, at y 52.5. Below instead: title at y 26.5, image at 53.5.
    @Test func aTitleUnderAWiderImageIsCentredUnderIt() {
        var config = UIButton.Configuration.plain()
        config.title = "Hello"
        config.image = solidImage(width: 80, height: 20)
        config.imagePadding = 6
        config.imagePlacement = .top
        let button = UIButton(configuration: config)
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        button.layoutIfNeeded()
        #expect(button.imageView?.frame == CGRect(x: 60, y: 26.5, width: 80, height: 20))
        #expect(button.titleLabel?.frame == CGRect(x: 79.5, y: 52.5, width: 41, height: 21))
        config.imagePlacement = .bottom
        button.configuration = config
        button.layoutIfNeeded()
        #expect(button.titleLabel?.frame == CGRect(x: 79.5, y: 26.5, width: 41, height: 21))
        #expect(button.imageView?.frame == CGRect(x: 60, y: 53.5, width: 80, height: 20))
    }

    @Test func theUpdateHandlerRunsWhenTheStateChanges() {
        var config = UIButton.Configuration.filled()
        config.title = "Go"
        let button = UIButton(configuration: config)
        var calls = 0
        button.configurationUpdateHandler = { b in
            calls += 1
            b.configuration?.baseBackgroundColor = b.isHighlighted ? .red : .blue
        }
        #expect(calls == 1 && button.backgroundColor == .blue)
        button.isHighlighted = true
        #expect(calls == 2 && button.backgroundColor == .red)
        button.setNeedsUpdateConfiguration()
        #expect(calls == 3)
    }

    @Test func subtitlesStackUnderTheTitle() {
        var config = UIButton.Configuration.plain()
        config.title = "Title"
        config.subtitle = "Sub"
        config.titlePadding = 4
        let button = UIButton(configuration: config)
        let title = button.titleLabel!.intrinsicContentSize
        let subtitle = UILabel()
        subtitle.font = .systemFont(ofSize: 15)
        subtitle.text = "Sub"
        #expect(button.sizeThatFits(.zero).height == title.height + 4 + subtitle.intrinsicContentSize.height + 14)
    }
}
