import Foundation
import Testing

@testable import Strata
@testable import StrataQuartz

/// Shapes of UIKit API that ported code reaches for: they compile as on iOS and do what the
/// documentation says Strata can (haptics accepted and ignored, symbols nil).
@MainActor
@Suite struct APIShapeTests {
    final class Tapped: UIView {
        var taps = 0
        func tapped() { taps += 1 }
    }

    @Test func feedbackGeneratorsAcceptAndDoNothing() {
        let impact = UIImpactFeedbackGenerator(style: .heavy)
        impact.prepare()
        impact.impactOccurred()
        impact.impactOccurred(intensity: 0.5)
        #expect(impact.style == .heavy)
        #expect(UIImpactFeedbackGenerator().style == .medium)
        UISelectionFeedbackGenerator().selectionChanged()
        UINotificationFeedbackGenerator().notificationOccurred(.success)
    }

    @Test func vectorZero() {
        #expect(CGVector.zero == CGVector(dx: 0, dy: 0))
    }

    @Test func symbolConfigurationsCompileAndSymbolsAreNil() {
        let configuration = UIImage.SymbolConfiguration(pointSize: 24, weight: .bold, scale: .large)
        #expect(configuration.pointSize == 24)
        let merged = configuration.applying(UIImage.SymbolConfiguration(weight: .light))
        #expect(merged.weight == .light)
        #expect(merged.pointSize == 24)
        #expect(UIImage(systemName: "star", withConfiguration: configuration) == nil)
        _ = UIImage.SymbolConfiguration(textStyle: .body)
        _ = UIImage.SymbolConfiguration(font: .systemFont(ofSize: 12))
    }

    @Test func imageRendererFormatHasTheImagesScale() {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        let image = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2), format: format).image { _ in }
        #expect(image.imageRendererFormat.scale == 3)
    }

    @Test func gestureActionsWithoutArgument() {
        let view = Tapped()
        let tap = UITapGestureRecognizer(target: view, action: Tapped.tapped)
        tap.apply(.ended)
        #expect(view.taps == 1)
        tap.addTarget(view, action: Tapped.tapped)
        tap.apply(.ended)
        #expect(view.taps == 3)
    }

    @Test func attributesMixingFontsAndParagraphStylesAreNSObjects() {
        let style = NSMutableParagraphStyle()
        let attributes = [NSAttributedString.Key.font: UIFont.systemFont(ofSize: 12), .paragraphStyle: style]
        let values: [NSObject] = Array(attributes.values)
        #expect(values.count == 2)
        let font: NSObject = UIFont.systemFont(ofSize: 12)
        #expect(font.isEqual(UIFont.systemFont(ofSize: 12)))
        #expect(font.hash == UIFont.systemFont(ofSize: 12).hash)
    }
}
