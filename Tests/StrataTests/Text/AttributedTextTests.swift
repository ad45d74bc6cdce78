import Foundation
import Strata
import StrataCore
import StrataTesting
import Testing

/// Attributed strings measured and drawn (UIKit's keys on Foundation's NSAttributedString), and
/// labels showing them. Inter figures as in UILabelTests: "Hello" advances 6,740/2,816 em, a
/// line is 3,408/2,816 em. Measurements are fractional, as UIKit's are.
@MainActor
@Suite struct AttributedTextTests {
    let body = UIFont.systemFont(ofSize: 17)

    @Test func aStringMeasuresInItsFontOrTheSystemFontAt12() {
        let size = "Hello".size(withAttributes: [.font: body])
        #expect(abs(size.width - 6740.0 / 2816 * 17) < 0.01)  // 40.69
        #expect(abs(size.height - 3408.0 / 2816 * 17) < 0.01)  // 20.57
        let plain = "Hello".size(withAttributes: nil)
        #expect(abs(plain.width - 6740.0 / 2816 * 12) < 0.01, "no font: the system font at 12 points")
        #expect("".size(withAttributes: [.font: body]) == .zero)
    }

    @Test func kerningFollowsEveryCharacterTheLastIncluded() {
        let plain = "Hello".size(withAttributes: [.font: body]).width
        let kerned = "Hello".size(withAttributes: [.font: body, .kern: 2]).width
        #expect(abs(kerned - plain - 10) < 0.01, "5 characters × 2 points")
    }

    /// "Hello Hello Hello" in 60 points: one line of 131.6 without `.usesLineFragmentOrigin`,
    /// three lines (61.72) with it; 10 points of line spacing add 10 per gap between lines.
    @Test func boundingRectWrapsOnlyWithLineFragmentOrigin() {
        let text = "Hello Hello Hello"
        let oneLine = text.boundingRect(with: CGSize(width: 60, height: 1000), attributes: [.font: body], context: nil)
        #expect(abs(oneLine.height - 20.574) < 0.01 && oneLine.width > 130)
        let wrapped = text.boundingRect(with: CGSize(width: 60, height: 1000), options: .usesLineFragmentOrigin, attributes: [.font: body], context: nil)
        #expect(abs(wrapped.height - 3 * 3408.0 / 2816 * 17) < 0.01)
        #expect(abs(wrapped.width - 6740.0 / 2816 * 17) < 0.01)
        let spaced = NSMutableParagraphStyle()
        spaced.lineSpacing = 10
        let two = "Hello Hello".boundingRect(
            with: CGSize(width: 60, height: 1000), options: .usesLineFragmentOrigin, attributes: [.font: body, .paragraphStyle: spaced], context: nil)
        #expect(abs(two.height - (2 * 3408.0 / 2816 * 17 + 10)) < 0.01)
    }

    @Test func mixedFontsTakeTheTallestLine() {
        let text = NSMutableAttributedString(string: "Big", attributes: [.font: UIFont.boldSystemFont(ofSize: 34)])
        text.append(NSAttributedString(string: "small", attributes: [.font: UIFont.systemFont(ofSize: 12)]))
        #expect(abs(text.size().height - 3408.0 / 2816 * 34) < 0.01)  // 41.15
        let label = UILabel()
        label.attributedText = text
        #expect(label.intrinsicContentSize.height == 42)
        #expect(label.text == "Bigsmall")
    }

    @Test func aLabelsTextAndAttributedTextReplaceEachOther() throws {
        let label = UILabel()
        label.text = "Plain"
        label.textAlignment = .center
        let derived = try #require(label.attributedText)
        #expect(derived.string == "Plain")
        #expect(derived.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == label.font, "the label's font, as UIKit")
        #expect((derived.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle)?.alignment == .center)
        let right = NSMutableParagraphStyle()
        right.alignment = .right
        label.attributedText = NSAttributedString(string: "Styled", attributes: [.paragraphStyle: right, .foregroundColor: UIColor.red])
        #expect(label.text == "Styled")
        #expect(label.textAlignment == .right, "the first paragraph's alignment becomes the label's")
        #expect(label.attributedText?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor == .red)
        label.text = "Plain again"
        #expect(label.attributedText?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor == label.textColor, "styling dropped")
    }

    /// Two full blocks "██" at 40 points, the first red, the second blue, on a white 120 × 60
    /// screen, centred: the left block's middle is red, the right block's blue.
    @Test(.tags(.gpu), .requiresGPU) func aLabelDrawsEachRunInItsColour() async throws {
        let f = try ScreenFixture(size: CGSize(width: 120, height: 60), gpu: true)
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 60))
        let text = NSMutableAttributedString(string: "\u{2588}", attributes: [.foregroundColor: UIColor.red])
        text.append(NSAttributedString(string: "\u{2588}", attributes: [.foregroundColor: UIColor.blue]))
        label.attributedText = text
        label.font = .systemFont(ofSize: 40)
        label.textAlignment = .center
        f.window.addSubview(label)
        let width = text.string.size(withAttributes: [.font: UIFont.systemFont(ofSize: 40)]).width
        let left = Int(60 - width / 4), right = Int(60 + width / 4)
        let image = try await f.render()
        expectPixel(image, left, 30, .red, tolerance: 2, "the first block's middle")
        expectPixel(image, right, 30, .blue, tolerance: 2, "the second block's middle")
        expectPixel(image, 3, 3, .white, tolerance: 2, "the corner")
        await f.finish()
    }
}
