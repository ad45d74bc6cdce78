import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataTesting
import Testing

/// A button's title placement and title shadow colours as Apple's reference page gives them.
extension UIButtonTests {
    @Test(
        "A custom button titled \"Hello\" (44 × 22) with insets 5/10/5/10, sized to fit (64 × 44): its title starts at x 10 for every horizontal alignment, and at y 5 for .top and .fill, 11 centred, 17 at the bottom",
        arguments: [UIControl.ContentHorizontalAlignment.left, .center, .right, .fill, .leading, .trailing])
    func aSizedToFitTitleSitsAtTheInsets(_ alignment: UIControl.ContentHorizontalAlignment) {
        let button = UIButton(type: .custom)
        button.setTitle("Hello", for: .normal)
        button.contentEdgeInsets = UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        button.contentHorizontalAlignment = alignment
        button.sizeToFit()
        #expect(button.bounds.size == CGSize(width: 64, height: 44))
        let system = UIButton(type: .system)
        system.setTitle("Hello", for: .normal)
        system.contentEdgeInsets = UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        system.contentHorizontalAlignment = alignment
        system.sizeToFit()
        system.layoutIfNeeded()
        #expect(system.bounds.size == CGSize(width: 56, height: 41))
        #expect(system.titleLabel?.frame.origin == CGPoint(x: 10, y: 11), "\(alignment): \(String(describing: system.titleLabel?.frame))")
        var ys: [CGFloat] = []
        for vertical in [UIControl.ContentVerticalAlignment.top, .fill, .center, .bottom] {
            button.contentVerticalAlignment = vertical
            button.layoutIfNeeded()
            #expect(button.titleLabel?.frame.minX == 10, "\(alignment), \(vertical): \(String(describing: button.titleLabel?.frame))")
            #expect(button.titleLabel?.frame.width == 44)
            ys.append(button.titleLabel?.frame.minY ?? -1)
        }
        #expect(ys == [5, 5, 11, 17])
    }

    @Test("titleShadowColor(for:) falls back to the normal state's (red) for highlighted and reaches the title label; a highlighted colour (blue) shows while highlighted")
    func titleShadowColorFallsBackToNormal() {
        let button = UIButton(type: .custom)
        button.setTitle("Hello", for: .normal)
        #expect(button.titleShadowColor(for: .normal) == nil && !button.reversesTitleShadowWhenHighlighted)
        button.setTitleShadowColor(.red, for: .normal)
        #expect(button.titleShadowColor(for: .highlighted) == .red && button.titleShadowColor(for: .disabled) == .red)
        #expect(button.titleLabel?.shadowColor == .red)
        button.isHighlighted = true
        #expect(button.currentTitleShadowColor == .red && button.titleLabel?.shadowColor == .red)
        button.setTitleShadowColor(.blue, for: .highlighted)
        #expect(button.currentTitleShadowColor == .blue && button.titleLabel?.shadowColor == .blue)
        button.isHighlighted = false
        #expect(button.titleLabel?.shadowColor == .red)
    }
}
