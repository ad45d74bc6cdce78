import Foundation
import Strata
import StrataCore
import StrataTesting
import Testing

/// UIFont's faces and metrics and UILabel's measuring and drawing. Figures for Inter 4.0, the
/// system font the set-up installs (2,816 units per em; ascender 2,728, descender 680, no line
/// gap, cap height 2,048, x-height 1,536, as its OS/2 and hhea tables say; "Hello" advances
/// 6,740 units), checked against fontTools' reading of the same file.
@MainActor
@Suite struct UILabelTests {
    // MARK: Fonts

    @Test func theSystemFontIsInterWithItsOwnMetrics() {
        let font = UIFont.systemFont(ofSize: 17)
        #expect(font.familyName == "Inter")
        #expect(font.fontName == "Inter-Regular")
        #expect(font.pointSize == 17)
        #expect(abs(font.ascender - 2728.0 / 2816 * 17) < 0.01)  // 16.469
        #expect(abs(font.descender + 680.0 / 2816 * 17) < 0.01)  // -4.105
        #expect(font.leading == 0)
        #expect(abs(font.lineHeight - 3408.0 / 2816 * 17) < 0.01)  // 20.574
        #expect(abs(font.capHeight - 2048.0 / 2816 * 17) < 0.01)  // 12.364
        #expect(abs(font.xHeight - 1536.0 / 2816 * 17) < 0.01)  // 9.273
    }

    @Test func weightsStylesAndSizesPickTheirFaces() {
        #expect(UIFont.boldSystemFont(ofSize: 12).fontName == "Inter-Bold")
        #expect(UIFont.systemFont(ofSize: 12, weight: .semibold).fontName == "Inter-SemiBold")
        #expect(UIFont.systemFont(ofSize: 12, weight: .black).fontName == "Inter-Black")
        #expect(UIFont.italicSystemFont(ofSize: 12).fontName == "Inter-Italic")
        #expect(UIFont.monospacedSystemFont(ofSize: 12, weight: .regular).familyName == "DejaVu Sans Mono")
        let big = UIFont.systemFont(ofSize: 17).withSize(34)
        #expect(big.pointSize == 34 && big.fontName == "Inter-Regular")
        #expect(abs(big.ascender - 2728.0 / 2816 * 34) < 0.01)
        #expect(UIFont.systemFont(ofSize: 17) == UIFont.systemFont(ofSize: 17))
        #expect(UIFont.systemFont(ofSize: 17) != UIFont.boldSystemFont(ofSize: 17))
    }

    @Test func namedFontsAreFoundThroughFontconfigAndUnknownOnesAreNil() throws {
        let semibold = try #require(UIFont(name: "Inter-SemiBold", size: 20))
        #expect(semibold.familyName == "Inter" && semibold.fontName == "Inter-SemiBold" && semibold.pointSize == 20)
        #expect(UIFont(name: "Inter", size: 10)?.fontName == "Inter-Regular", "a family name is its regular face")
        #expect(UIFont(name: "HelveticaNeue-NotInstalled", size: 12) == nil)
        #expect(UIFont.familyNames.contains("Inter"))
        #expect(UIFont.familyNames == UIFont.familyNames.sorted())
        #expect(UIFont.fontNames(forFamilyName: "Inter").contains("Inter-Bold"))
        #expect(UIFont.fontNames(forFamilyName: "No Such Family").isEmpty)
    }

    @Test func textStylesHaveIOSDefaultSizes() {
        #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17)
        #expect(UIFont.preferredFont(forTextStyle: .headline).fontName == "Inter-SemiBold")
        #expect(UIFont.preferredFont(forTextStyle: .largeTitle).pointSize == 34)
        #expect(UIFont.preferredFont(forTextStyle: .caption2).pointSize == 11)
        #expect(UIFont.preferredFont(forTextStyle: .footnote).pointSize == 13)
    }

    // MARK: Measuring

    /// "Hello" at 17 points: 40.69 points wide (6,740 units), one 20.57-point line; rounded up
    /// to whole pixels at scale 1: 41 × 21.
    @Test func aLabelSizesToItsTextRoundedUpToPixels() {
        let label = UILabel()
        #expect(label.intrinsicContentSize == .zero, "no text, no size")
        #expect(label.font == UIFont.systemFont(ofSize: 17))
        #expect(label.numberOfLines == 1 && label.lineBreakMode == .byTruncatingTail && label.textAlignment == .natural)
        #expect(!label.isUserInteractionEnabled)
        label.text = "Hello"
        #expect(label.intrinsicContentSize == CGSize(width: 41, height: 21))
        #expect(label.sizeThatFits(CGSize(width: 10, height: 10)) == CGSize(width: 41, height: 21), "one line: its natural width")
        label.sizeToFit()
        #expect(label.bounds.size == CGSize(width: 41, height: 21))
        label.font = nil
        #expect(label.font == UIFont.systemFont(ofSize: 17), "nil restores the default")
    }

    /// Three words of 40.69 points in 60 points wrap one per line: 3 × 20.57 = 61.72 → 62.
    /// With two lines at most, the second holds the rest ("Hello Hello") cut with an ellipsis
    /// to the full 60 points: 60 × 41.15 → 42.
    @Test func multiLineLabelsWrapAtTheWidthTheyAreOffered() {
        let label = UILabel()
        label.text = "Hello Hello Hello"
        label.numberOfLines = 0
        #expect(label.sizeThatFits(CGSize(width: 60, height: 1000)) == CGSize(width: 41, height: 62))
        label.numberOfLines = 2
        #expect(label.sizeThatFits(CGSize(width: 60, height: 1000)) == CGSize(width: 60, height: 42))
        label.numberOfLines = 1
        #expect(label.sizeThatFits(CGSize(width: 60, height: 1000)).height == 21)
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 60
        #expect(label.intrinsicContentSize == CGSize(width: 41, height: 62))
    }

    @Test func textRectKeepsToTheBoundsAndTheLineLimit() {
        let label = UILabel()
        label.text = "Hello Hello Hello"
        label.numberOfLines = 0
        let rect = label.textRect(forBounds: CGRect(x: 5, y: 7, width: 60, height: 1000), limitedToNumberOfLines: 2)
        #expect(rect == CGRect(x: 5, y: 7, width: 60, height: 42), "two lines, the second truncated to the width")
        let oneLine = label.textRect(forBounds: CGRect(x: 0, y: 0, width: 50, height: 30), limitedToNumberOfLines: 1)
        #expect(oneLine.width <= 50, "a truncated line keeps to the width")
        #expect(oneLine.height == 21)
    }

    // MARK: Drawing

    /// A black full block at 40 points, left-aligned, with a red shadow moved 10 points right:
    /// the block's middle is black, just past its right edge the shadow shows red.
    @Test(.tags(.gpu), .requiresGPU) func aLabelsShadowIsDrawnUnderItsText() async throws {
        let f = try ScreenFixture(size: CGSize(width: 120, height: 60), gpu: true)
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 60))
        label.text = "\u{2588}"
        label.font = .systemFont(ofSize: 40)
        label.textAlignment = .left
        #expect(label.shadowColor == nil && label.shadowOffset == CGSize(width: 0, height: -1), "UIKit's defaults")
        label.shadowColor = .red
        label.shadowOffset = CGSize(width: 10, height: 0)
        f.window.addSubview(label)
        let w = "\u{2588}".size(withAttributes: [.font: UIFont.systemFont(ofSize: 40)]).width
        let image = try await f.render()
        expectPixel(image, Int(w / 2), 30, .black, tolerance: 2, "the block's middle")
        expectPixel(image, Int(w + 5), 30, .red, tolerance: 2, "the shadow past the block's right edge")
        await f.finish()
    }

    /// A 120 × 60 label on a white 120 × 60 screen showing a red full block "█" (from the
    /// fallback font: Inter has none) at 40 points, centred: the middle (60, 30) is red, the
    /// corners (3, 3) and (116, 56) stay white. Then left-aligned: the block moves to the left,
    /// so the right part (100, 30) is white and the left (10, 30) red.
    @Test(.tags(.gpu), .requiresGPU) func aLabelDrawsItsTextCentredDownItsBounds() async throws {
        let f = try ScreenFixture(size: CGSize(width: 120, height: 60), gpu: true)
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 60))
        label.text = "\u{2588}"
        label.font = .systemFont(ofSize: 40)
        label.textColor = .red
        label.textAlignment = .center
        f.window.addSubview(label)
        let centred = try await f.render()
        expectPixel(centred, 60, 30, .red, tolerance: 2, "the block's middle at the label's centre")
        expectPixel(centred, 3, 3, .white, tolerance: 2, "top-left corner")
        expectPixel(centred, 116, 56, .white, tolerance: 2, "bottom-right corner")
        label.textAlignment = .left
        let left = try await f.render()
        expectPixel(left, 10, 30, .red, tolerance: 2, "left-aligned: the block at the left")
        expectPixel(left, 100, 30, .white, tolerance: 2, "left-aligned: nothing at the right")
        await f.finish()
    }
}
