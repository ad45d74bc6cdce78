import Foundation
import Strata
import StrataCore
import StrataTesting
import Testing

/// A view with a fixed intrinsic size.
final class SizedView: UIView {
    let size: CGSize
    init(_ width: CGFloat, _ height: CGFloat) {
        size = CGSize(width: width, height: height)
        super.init(frame: .zero)
    }
    required init?(coder: NSCoder) { nil }
    override var intrinsicContentSize: CGSize { size }
}

/// UIStackView in each distribution and alignment, against frames worked by hand: a 300 × 100
/// stack (placed by its frame) arranging views of intrinsic sizes 40 × 20, 60 × 30 and 80 × 40,
/// 10 points apart, the middle one hugging least (249) so `.fill` knows whom to stretch.
@MainActor
@Suite struct UIStackViewTests {
    func stack(_ distribution: UIStackView.Distribution, _ alignment: UIStackView.Alignment = .fill) -> (UIStackView, [UIView]) {
        let views = [SizedView(40, 20), SizedView(60, 30), SizedView(80, 40)]
        views[1].setContentHuggingPriority(UILayoutPriority(249), for: .horizontal)
        let stack = UIStackView(arrangedSubviews: views)
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
        stack.spacing = 10
        stack.distribution = distribution
        stack.alignment = alignment
        stack.layoutIfNeeded()
        return (stack, views)
    }

    @Test func arrangingMakesSubviewsPlacedByConstraints() {
        let (stack, views) = stack(.fill)
        #expect(stack.arrangedSubviews == views && stack.subviews == views)
        #expect(views.allSatisfy { !$0.translatesAutoresizingMaskIntoConstraints })
        #expect(stack.axis == .horizontal && UIStackView().distribution == .fill && UIStackView().alignment == .fill && UIStackView().spacing == 0)
        stack.removeArrangedSubview(views[2])
        #expect(stack.arrangedSubviews.count == 2 && stack.subviews.count == 3, "still a subview")
        views[1].removeFromSuperview()
        #expect(stack.arrangedSubviews == [views[0]], "removing the subview stops arranging it")
    }

    /// 180 points of content and 20 of gaps in 300: the 100 left go to the middle view (hugging 249).
    @Test func fillStretchesTheViewThatHugsLeast() {
        let (_, v) = stack(.fill)
        #expect(v[0].frame == CGRect(x: 0, y: 0, width: 40, height: 100))
        #expect(v[1].frame == CGRect(x: 50, y: 0, width: 160, height: 100))
        #expect(v[2].frame == CGRect(x: 220, y: 0, width: 80, height: 100))
    }

    /// (300 − 20) / 3 = 93.33 each.
    @Test func fillEquallyGivesEqualWidths() {
        let (_, v) = stack(.fillEqually)
        let w = 280.0 / 3
        #expect(abs(v[0].frame.width - w) < 1e-6 && abs(v[1].frame.width - w) < 1e-6 && abs(v[2].frame.width - w) < 1e-6)
        #expect(abs(v[1].frame.minX - (w + 10)) < 1e-6 && abs(v[2].frame.maxX - 300) < 1e-6)
    }

    /// 280 points shared 40 : 60 : 80.
    @Test func fillProportionallySharesByIntrinsicWidth() {
        let (_, v) = stack(.fillProportionally)
        #expect(abs(v[0].frame.width - 280 * 40 / 180) < 1e-6)
        #expect(abs(v[1].frame.width - 280 * 60 / 180) < 1e-6)
        #expect(abs(v[2].frame.width - 280 * 80 / 180) < 1e-6)
    }

    /// Intrinsic widths (180), the 120 left split into two equal gaps of 60.
    @Test func equalSpacingSplitsTheRestIntoEqualGaps() {
        let (_, v) = stack(.equalSpacing)
        #expect(v.map(\.frame.minX) == [0, 100, 220])
        #expect(v.map(\.frame.width) == [40, 60, 80])
    }

    /// Centres at 20 and 260 (the ends), the middle one's centre half way at 140.
    @Test func equalCenteringSpacesTheCentresEqually() {
        let (_, v) = stack(.equalCentering)
        #expect(v.map(\.frame.midX) == [20, 140, 260])
    }

    @Test func alignmentsPlaceViewsAcross() {
        let (_, top) = stack(.fill, .top)
        #expect(top.map(\.frame.minY) == [0, 0, 0] && top.map(\.frame.height) == [20, 30, 40])
        let (_, center) = stack(.fill, .center)
        #expect(center.map(\.frame.minY) == [40, 35, 30])
        let (_, bottom) = stack(.fill, .bottom)
        #expect(bottom.map(\.frame.maxY) == [100, 100, 100])
    }

    @Test func aVerticalStackArrangesDownwards() {
        let (stack, v) = stack(.fillEqually)
        stack.axis = .vertical
        stack.frame = CGRect(x: 0, y: 0, width: 100, height: 300)
        stack.layoutIfNeeded()
        let h = 280.0 / 3
        #expect(v.allSatisfy { abs($0.frame.height - h) < 1e-6 && $0.frame.width == 100 })
        #expect(abs(v[2].frame.minY - 2 * (h + 10)) < 1e-6)
    }

    @Test func hiddenViewsCollapseAndCustomSpacingApplies() {
        let (stack, v) = stack(.equalSpacing)
        v[1].isHidden = true
        stack.layoutIfNeeded()
        #expect(v[0].frame.minX == 0 && v[2].frame.minX == 220, "the hidden view takes no place")
        v[1].isHidden = false
        stack.distribution = .fill
        stack.setCustomSpacing(30, after: v[0])
        #expect(stack.customSpacing(after: v[0]) == 30 && stack.customSpacing(after: v[1]) == UIStackView.spacingUseDefault)
        stack.layoutIfNeeded()
        #expect(v[1].frame.minX == 70 && v[1].frame.width == 140, "30 after the first view, the middle one shrinks by 20")
    }

    /// In a window on a 300 × 100 screen, a `.fillEqually` stack of a green, a blue and a red
    /// view, 10 points apart (93⅓ points each, red at x 206⅔): hiding the blue one inside a
    /// 1-second linear `UIView.animate` with `layoutIfNeeded()` moves the model at once (two
    /// views of 145, red at 155), and half way (frame 30 at 60 Hz) red is shown at x 180.8, 119.2
    /// wide: white at x 170, where blue was and red is not yet, red at x 190.
    @Test("Hiding an arranged view inside UIView.animate animates the others into place", .tags(.gpu), .requiresGPU)
    func hidingInsideAnAnimationAnimatesTheOthers() async throws {
        let f = try ScreenFixture(size: CGSize(width: 300, height: 100), gpu: true)
        let views = [UIView(), UIView(), UIView()]
        zip(views, [UIColor.green, .blue, .red]).forEach { $0.backgroundColor = $1 }
        let stack = UIStackView(arrangedSubviews: views)
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
        stack.spacing = 10
        stack.distribution = .fillEqually
        f.window.addSubview(stack)
        _ = try await f.render()
        #expect(abs(views[2].frame.minX - 620.0 / 3) < 1e-6)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            views[1].isHidden = true
            stack.layoutIfNeeded()
        }
        #expect(views[2].frame == CGRect(x: 155, y: 0, width: 145, height: 100), "the model moves at once")
        #expect(views[0].frame == CGRect(x: 0, y: 0, width: 145, height: 100))
        let half = try await f.renderFrames(31)
        let shown = try #require(views[2].layer.presentation()).frame
        #expect(abs(shown.minX - (620.0 / 3 + 155) / 2) < 1.5, "half way: x \(shown.minX)")
        #expect(abs(shown.width - (280.0 / 3 + 145) / 2) < 1.5, "half way: width \(shown.width)")
        expectPixel(half, 170, 50, .white, tolerance: 2, "x 170, half way: blue is hidden and red not there yet")
        expectPixel(half, 190, 50, .red, tolerance: 2, "x 190, half way: red")
        expectPixel(half, 60, 50, .green, tolerance: 2, "x 60, half way: green, growing from 93 to 145")
        await f.finish()
    }
}
