import Foundation
import Testing

@testable import Strata
@testable import StrataQuartz

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

    /// The HIG's columns, in its order: Large Title, Title 1, Title 2, Title 3, Headline, Body,
    /// Callout, Subhead, Footnote, Caption 1, Caption 2.
    static let styles: [UIFont.TextStyle] = [
        .largeTitle, .title1, .title2, .title3, .headline, .body, .callout, .subheadline, .footnote, .caption1, .caption2,
    ]

    /// Apple's Human Interface Guidelines, Typography > Specifications, "iOS, iPadOS Dynamic Type
    /// sizes" and "iOS, iPadOS larger accessibility type sizes": one table per category, typed
    /// from there as (size, leading) in points per style, in `styles` order. (The leading is the
    /// HIG's line spacing; UIKit documents no `UIFont` property that returns it, so only the
    /// sizes are checked.)
    static let hig: [(UIContentSizeCategory, [(size: CGFloat, leading: CGFloat)])] = [
        (.extraSmall, [(31, 38), (25, 31), (19, 24), (17, 22), (14, 19), (14, 19), (13, 18), (12, 16), (12, 16), (11, 13), (11, 13)]),
        (.small, [(32, 39), (26, 32), (20, 25), (18, 23), (15, 20), (15, 20), (14, 19), (13, 18), (12, 16), (11, 13), (11, 13)]),
        (.medium, [(33, 40), (27, 33), (21, 26), (19, 24), (16, 21), (16, 21), (15, 20), (14, 19), (12, 16), (11, 13), (11, 13)]),
        (.large, [(34, 41), (28, 34), (22, 28), (20, 25), (17, 22), (17, 22), (16, 21), (15, 20), (13, 18), (12, 16), (11, 13)]),
        (.extraLarge, [(36, 43), (30, 37), (24, 30), (22, 28), (19, 24), (19, 24), (18, 23), (17, 22), (15, 20), (14, 19), (13, 18)]),
        (.extraExtraLarge, [(38, 46), (32, 39), (26, 32), (24, 30), (21, 26), (21, 26), (20, 25), (19, 24), (17, 22), (16, 21), (15, 20)]),
        (.extraExtraExtraLarge, [(40, 48), (34, 41), (28, 34), (26, 32), (23, 29), (23, 29), (22, 28), (21, 28), (19, 24), (18, 23), (17, 22)]),
        (.accessibilityMedium, [(44, 52), (38, 46), (34, 41), (31, 38), (28, 34), (28, 34), (26, 32), (25, 31), (23, 29), (22, 28), (20, 25)]),
        (.accessibilityLarge, [(48, 57), (43, 51), (39, 47), (37, 44), (33, 40), (33, 40), (32, 39), (30, 37), (27, 33), (26, 32), (24, 30)]),
        (.accessibilityExtraLarge, [(52, 61), (48, 57), (44, 52), (43, 51), (40, 48), (40, 48), (38, 46), (36, 43), (33, 40), (32, 39), (29, 35)]),
        (.accessibilityExtraExtraLarge, [(56, 66), (53, 62), (50, 59), (49, 58), (47, 56), (47, 56), (44, 52), (42, 50), (38, 46), (37, 44), (34, 41)]),
        (.accessibilityExtraExtraExtraLarge, [(60, 70), (58, 68), (56, 66), (55, 65), (53, 62), (53, 62), (51, 60), (49, 58), (44, 52), (43, 51), (40, 48)]),
    ]

    /// The HIG's weight column (every category alike): Headline semibold, the rest regular; and
    /// its "Emphasized weight" column: Large Title, Title 1 and Title 2 bold, the rest semibold.
    static let faces: [(weight: String, emphasized: String)] = [
        ("Regular", "Bold"), ("Regular", "Bold"), ("Regular", "Bold"), ("Regular", "SemiBold"), ("SemiBold", "SemiBold"),
        ("Regular", "SemiBold"), ("Regular", "SemiBold"), ("Regular", "SemiBold"), ("Regular", "SemiBold"),
        ("Regular", "SemiBold"), ("Regular", "SemiBold"),
    ]

    /// The size at Large of the style in column `i`.
    static func largeSize(_ i: Int) -> CGFloat { hig[3].1[i].size }

    @Test("preferredFont(forTextStyle:compatibleWith:) gives every style the HIG's size at every category (132 sizes)")
    func everyStyleHasTheHIGSizeAtEveryCategory() {
        #expect(Self.hig.map(\.0) == Self.categories && Self.hig.allSatisfy { $0.1.count == Self.styles.count })
        for (category, row) in Self.hig {
            let traits = UITraitCollection(preferredContentSizeCategory: category)
            for (style, spec) in zip(Self.styles, row) {
                let font = UIFont.preferredFont(forTextStyle: style, compatibleWith: traits)
                #expect(font.pointSize == spec.size, "\(style.rawValue) at \(category.rawValue)")
            }
        }
    }

    @Test(
        "Every style has the HIG's weight at every category (headline semibold, the rest regular), and a bold trait gives its emphasized weight: bold for large title, title 1 and 2; semibold for the rest (body bold was Inter-Bold)"
    )
    func everyStyleHasTheHIGWeightAndEmphasizedWeight() throws {
        for (category, _) in Self.hig {
            let traits = UITraitCollection(preferredContentSizeCategory: category)
            for (style, face) in zip(Self.styles, Self.faces) {
                let font = UIFont.preferredFont(forTextStyle: style, compatibleWith: traits)
                #expect(font.fontName == "Inter-\(face.weight)", "\(style.rawValue) at \(category.rawValue)")
                let bold = try #require(font.fontDescriptor.withSymbolicTraits(.traitBold))
                let emphasized = UIFont(descriptor: bold, size: 0)
                #expect(emphasized.fontName == "Inter-\(face.emphasized)", "emphasized \(style.rawValue) at \(category.rawValue)")
                #expect(emphasized.pointSize == font.pointSize)
                // The font's own descriptor gives the font back (headline stays semibold).
                #expect(UIFont(descriptor: font.fontDescriptor, size: 0).fontName == font.fontName, "\(style.rawValue) round trip")
            }
        }
    }

    @Test(
        "UIFontMetrics scales each style's size at Large to exactly its HIG size at every category (scaledValue and scaledFont; footnote at xLarge is 15, not 14.999999999999998, title 2 at AX4 50, not 50.00000000000001), and half of it to half"
    )
    func fontMetricsFollowTheHIGTableForEveryStyle() throws {
        let custom = try #require(UIFont(name: "DejaVuSerif", size: 10))
        for (category, row) in Self.hig {
            let traits = UITraitCollection(preferredContentSizeCategory: category)
            for (i, (style, spec)) in zip(Self.styles, row).enumerated() {
                let metrics = UIFontMetrics(forTextStyle: style)
                let large = Self.largeSize(i)
                #expect(metrics.scaledValue(for: large, compatibleWith: traits) == spec.size, "\(style.rawValue) at \(category.rawValue)")
                #expect(metrics.scaledValue(for: large / 2, compatibleWith: traits) == spec.size / 2, "\(style.rawValue) at \(category.rawValue), half")
                let scaled = metrics.scaledFont(for: custom.withSize(large), compatibleWith: traits)
                #expect(scaled.pointSize == spec.size && scaled.fontName == "DejaVuSerif", "\(style.rawValue) at \(category.rawValue)")
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
