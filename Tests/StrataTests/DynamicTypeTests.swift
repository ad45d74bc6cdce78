import Foundation
import Testing

@testable import Strata

/// Dynamic Type: each text style's size at each content size category, as Apple's Human
/// Interface Guidelines list them (Typography, "Dynamic Type sizes": body 17 points at Large,
/// 14/15/16/17/19/21/23 from Extra Small to Extra Extra Extra Large, then 28/33/40/47/53 at the
/// accessibility sizes), `UIFontMetrics`, and `UIContentSizeCategory`'s order.
@Suite struct DynamicTypeTests {
    static let categories: [UIContentSizeCategory] = [
        .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]

    static let table: [(UIFont.TextStyle, [CGFloat])] = [
        (.largeTitle, [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]),
        (.title1, [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]),
        (.title2, [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]),
        (.title3, [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]),
        (.headline, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),
        (.body, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),
        (.callout, [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]),
        (.subheadline, [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]),
        (.footnote, [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]),
        (.caption1, [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]),
        (.caption2, [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]),
    ]

    @Test func everyStyleHasApplesSizeAtEveryCategory() {
        for (style, sizes) in Self.table {
            for (category, size) in zip(Self.categories, sizes) {
                let traits = UITraitCollection(preferredContentSizeCategory: category)
                let font = UIFont.preferredFont(forTextStyle: style, compatibleWith: traits)
                #expect(font.pointSize == size, "\(style.rawValue) at \(category.rawValue)")
            }
        }
    }

    @Test func theDefaultIsLargeAndHeadlineIsSemibold() {
        #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17)
        #expect(UIFont.preferredFont(forTextStyle: .largeTitle).pointSize == 34)
        let traits = UITraitCollection(preferredContentSizeCategory: .accessibilityExtraExtraExtraLarge)
        #expect(UIFont.preferredFont(forTextStyle: .headline, compatibleWith: traits).fontName == "Inter-SemiBold")
        #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: UITraitCollection()).pointSize == 17)
    }

    @Test func fontMetricsScaleByTheStylesFactor() {
        let xxxl = UITraitCollection(preferredContentSizeCategory: .extraExtraExtraLarge)
        let xs = UITraitCollection(preferredContentSizeCategory: .extraSmall)
        let body = UIFontMetrics(forTextStyle: .body)
        #expect(body.scaledValue(for: 17, compatibleWith: xxxl) == 23)
        #expect(body.scaledValue(for: 34, compatibleWith: xxxl) == 46)
        #expect(body.scaledValue(for: 17, compatibleWith: xs) == 14)
        #expect(UIFontMetrics.default.scaledValue(for: 10) == 10, "Large scales by 1")
        let custom = try! #require(UIFont(name: "DejaVuSerif", size: 17))
        let scaled = body.scaledFont(for: custom, compatibleWith: xxxl)
        #expect(scaled.pointSize == 23)
        #expect(scaled.fontName == "DejaVuSerif")
        let capped = body.scaledFont(for: custom, maximumPointSize: 20, compatibleWith: xxxl)
        #expect(capped.pointSize == 20)
        let title = UIFontMetrics(forTextStyle: .largeTitle)
        #expect(title.scaledValue(for: 34, compatibleWith: xxxl) == 40)
    }

    @Test func categoriesAreOrdered() {
        #expect(UIContentSizeCategory.extraSmall < .large)
        #expect(UIContentSizeCategory.extraExtraExtraLarge < .accessibilityMedium)
        #expect(UIContentSizeCategory.accessibilityExtraExtraExtraLarge > .accessibilityExtraExtraLarge)
        #expect(UIContentSizeCategory.unspecified < .extraSmall)
        #expect(UIContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
        #expect(!UIContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
        #expect(UIContentSizeCategory.large.rawValue == "UICTContentSizeCategoryL")
    }

    @MainActor @Test func labelsKeepAdjustsFontForContentSizeCategory() {
        let label = UILabel()
        #expect(!label.adjustsFontForContentSizeCategory)
        label.adjustsFontForContentSizeCategory = true
        #expect(label.adjustsFontForContentSizeCategory)
        let adjusting: any UIContentSizeCategoryAdjusting = label
        #expect(adjusting.adjustsFontForContentSizeCategory)
    }
}
