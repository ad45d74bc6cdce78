import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import Testing

/// The compositional layout's geometry against frames worked by hand. Leading and trailing insets
/// differ throughout (10 and 20) so a swap shows; item counts leave the last group part-filled
/// where that matters.
@MainActor
@Suite struct CompositionalLayoutTests {
    func size(_ width: NSCollectionLayoutDimension, _ height: NSCollectionLayoutDimension) -> NSCollectionLayoutSize {
        NSCollectionLayoutSize(widthDimension: width, heightDimension: height)
    }

    func lay(
        _ section: NSCollectionLayoutSection, _ count: Int, width: CGFloat = 320, direction: UICollectionView.ScrollDirection = .vertical,
        measured: [Int: CGSize] = [:], supplementaries: [String: CGSize] = [:]
    ) -> CompositionalSectionLayout {
        CompositionalLayoutEngine.layoutSection(
            section, itemCount: count, sectionIndex: 0, origin: .zero, container: CGSize(width: width, height: 600), scrollDirection: direction,
            estimatedSizes: measured, supplementarySizes: supplementaries)
    }

    /// A row of half-width items, 100 high, in a full-width group: 320 less insets 10 and 20
    /// leaves 290, so items are 145 wide and the group holds two (UIKit repeats a group's
    /// subitems while they fit: Apple's grid sample puts five fifth-width items in a row); the
    /// group repeats 8 points lower for the third item.
    @Test func fractionalItemsFillTheGroupAndGroupsRepeatAlongTheScrollAxis() {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .absolute(100)))
        let section = NSCollectionLayoutSection(group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item]))
        section.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 10, bottom: 6, trailing: 20)
        section.interGroupSpacing = 8
        let result = lay(section, 3)
        #expect(
            result.itemFrames == [
                CGRect(x: 10, y: 4, width: 145, height: 100), CGRect(x: 155, y: 4, width: 145, height: 100), CGRect(x: 10, y: 112, width: 145, height: 100),
            ], "a subitems group repeats its item while it fits: two per row")
        let fifths = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.2), .absolute(50)))
        let grid = NSCollectionLayoutSection(group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [fifths]))
        let cells = lay(grid, 12).itemFrames
        #expect(cells[4] == CGRect(x: 256, y: 0, width: 64, height: 50) && cells[5] == CGRect(x: 0, y: 50, width: 64, height: 50), "five a row at 320 points")
        let pair = NSCollectionLayoutSection(group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item, item]))
        pair.contentInsets = section.contentInsets
        pair.interGroupSpacing = 8
        let rows = lay(pair, 3)
        #expect(rows.itemFrames == [CGRect(x: 10, y: 4, width: 145, height: 100), CGRect(x: 155, y: 4, width: 145, height: 100), CGRect(x: 10, y: 112, width: 145, height: 100)])
        #expect(rows.frame == CGRect(x: 0, y: 0, width: 320, height: 4 + 100 + 8 + 100 + 6))
    }

    /// A big item on the left half (200 high) and a column of two on the right (80 and 120 high):
    /// four items fill one group, the fifth starts the next 200 points lower.
    @Test func nestedGroupsAreLaidOutRecursively() {
        let big = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
        let top = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.4)))
        let bottom = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.6)))
        let column = NSCollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)), subitems: [top, bottom])
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(200)), subitems: [big, column])
        let result = lay(NSCollectionLayoutSection(group: group), 4, width: 300)
        #expect(
            result.itemFrames == [
                CGRect(x: 0, y: 0, width: 150, height: 200), CGRect(x: 150, y: 0, width: 150, height: 80), CGRect(x: 150, y: 80, width: 150, height: 120),
                CGRect(x: 0, y: 200, width: 150, height: 200),
            ])
        #expect(result.frame.height == 400)
    }

    /// `subitem:count:` (iOS 13) stretches 3 copies over 320 with 10 between: 100 each, whatever
    /// the item's width. `repeatingSubitem:count:` (iOS 16) keeps the item's own 0.25 × 320 = 80.
    @Test func countBasedGroupsFillOrKeepTheItemSize() {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.25), .absolute(50)))
        let filling = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitem: item, count: 3)
        filling.interItemSpacing = .fixed(10)
        #expect(lay(NSCollectionLayoutSection(group: filling), 3).itemFrames.map(\.minX) == [0, 110, 220])
        #expect(lay(NSCollectionLayoutSection(group: filling), 3).itemFrames.map(\.width) == [100, 100, 100])
        let repeating = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), repeatingSubitem: item, count: 3)
        repeating.interItemSpacing = .fixed(10)
        let result = lay(NSCollectionLayoutSection(group: repeating), 4)
        #expect(result.itemFrames.map(\.minX) == [0, 90, 180, 0] && result.itemFrames.map(\.width) == [80, 80, 80, 80])
        #expect(result.itemFrames[3].minY == 50, "the fourth item starts the next group")
        #expect(repeating.subitems.count == 1)
    }

    /// Three 80-wide items with flexible spacing of at least 10 in 320: the 60 left over is shared
    /// by the two gaps, making them 40.
    @Test func flexibleSpacingSharesTheRoomLeft() {
        let item = NSCollectionLayoutItem(layoutSize: size(.absolute(80), .absolute(40)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)), repeatingSubitem: item, count: 3)
        group.interItemSpacing = .flexible(10)
        #expect(lay(NSCollectionLayoutSection(group: group), 3).itemFrames.map(\.minX) == [0, 120, 240])
        let centred = NSCollectionLayoutItem(layoutSize: size(.absolute(80), .absolute(20)))
        centred.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: .flexible(0), top: .flexible(0), trailing: .flexible(0), bottom: .flexible(0))
        let one = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)), subitems: [centred])
        #expect(lay(NSCollectionLayoutSection(group: one), 1).itemFrames == [CGRect(x: 120, y: 10, width: 80, height: 20)], "flexible edges centre it")
    }

    /// Content insets shrink the cell inside its 100 × 100 box (not on an estimated axis); fixed
    /// edge spacing moves the box and pushes its neighbour along.
    @Test func contentInsetsAndEdgeSpacing() {
        let inset = NSCollectionLayoutItem(layoutSize: size(.absolute(100), .absolute(100)))
        inset.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 6, bottom: 7, trailing: 8)
        let spaced = NSCollectionLayoutItem(layoutSize: size(.absolute(100), .absolute(100)))
        spaced.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: .fixed(12), top: .fixed(3), trailing: nil, bottom: nil)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(120)), subitems: [inset, spaced, inset])
        #expect(
            lay(NSCollectionLayoutSection(group: group), 3).itemFrames == [
                CGRect(x: 6, y: 5, width: 86, height: 88), CGRect(x: 112, y: 3, width: 100, height: 100), CGRect(x: 218, y: 5, width: 86, height: 88),
            ])
        let estimated = NSCollectionLayoutItem(layoutSize: size(.absolute(100), .estimated(50)))
        estimated.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 6, bottom: 7, trailing: 8)
        let column = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .estimated(50)), subitems: [estimated])
        #expect(lay(NSCollectionLayoutSection(group: column), 1).itemFrames == [CGRect(x: 6, y: 0, width: 86, height: 50)], "insets ignored on the estimated axis")
    }

    /// Rows estimated at 44; item 1 measured at 60 makes its group 60 high and moves item 2 down.
    @Test func estimatedDimensionsTakeMeasuredSizes() {
        let rowSize = size(.fractionalWidth(1), .estimated(44))
        let section = NSCollectionLayoutSection(group: .horizontal(layoutSize: rowSize, subitems: [NSCollectionLayoutItem(layoutSize: rowSize)]))
        let result = lay(section, 3, measured: [1: CGSize(width: 999, height: 60)])
        #expect(
            result.itemFrames == [
                CGRect(x: 0, y: 0, width: 320, height: 44), CGRect(x: 0, y: 44, width: 320, height: 60), CGRect(x: 0, y: 104, width: 320, height: 44),
            ], "the measured width is ignored: the width is not estimated")
    }

    func headerSection() -> NSCollectionLayoutSection {
        let row = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(50)))
        let section = NSCollectionLayoutSection(group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [row]))
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 12, trailing: 20)
        section.boundarySupplementaryItems = [
            NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .estimated(30)), elementKind: UICollectionView.elementKindSectionHeader, alignment: .top),
            NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(20)), elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom),
        ]
        return section
    }

    /// A 30-point header sits above the top inset, within the side insets; the rows start 10 below
    /// it; a 20-point footer follows the bottom inset.
    @Test func boundaryItemsStackOutsideTheInsets() {
        let result = lay(headerSection(), 2)
        let header = CompositionalSupplementaryFrame(
            kind: UICollectionView.elementKindSectionHeader, index: 0, frame: CGRect(x: 10, y: 0, width: 290, height: 30), zIndex: 1,
            pinsToVisibleBounds: false, isInOrthogonalContent: false)
        #expect(result.supplementaries.first == header)
        #expect(result.itemFrames == [CGRect(x: 10, y: 40, width: 290, height: 50), CGRect(x: 10, y: 90, width: 290, height: 50)])
        #expect(result.supplementaries.last?.frame == CGRect(x: 10, y: 152, width: 290, height: 20))
        #expect(result.frame == CGRect(x: 0, y: 0, width: 320, height: 172))
        let measured = lay(headerSection(), 2, supplementaries: [UICollectionView.elementKindSectionHeader: CGSize(width: 1, height: 44)])
        #expect(measured.supplementaries.first?.frame.height == 44 && measured.itemFrames[0].minY == 54, "a measured header pushes the rows down")
    }

    @Test func boundaryItemsSpanTheWidthWhenNotFollowingInsetsAndOverlayWhenNotExtending() {
        let section = headerSection()
        section.supplementariesFollowContentInsets = false
        section.boundarySupplementaryItems[0].pinToVisibleBounds = true
        let wide = lay(section, 1)
        #expect(wide.supplementaries[0].frame == CGRect(x: 0, y: 0, width: 320, height: 30) && wide.supplementaries[0].pinsToVisibleBounds)
        let overlay = headerSection()
        overlay.boundarySupplementaryItems[0].extendsBoundary = false
        let result = lay(overlay, 1)
        #expect(result.supplementaries[0].frame.minY == 0 && result.itemFrames[0].minY == 10, "the header no longer pushes the rows down")
    }

    /// A background spans the whole section (header and footer included) less its own insets.
    @Test func backgroundDecorationSpansTheSection() {
        let section = headerSection()
        let background = NSCollectionLayoutDecorationItem.background(elementKind: "background")
        background.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        section.decorationItems = [background]
        let result = lay(section, 2)
        #expect(result.decorations == [CompositionalDecorationFrame(kind: "background", frame: CGRect(x: 2, y: 1, width: 314, height: 168), zIndex: 0)])
    }

    /// Groups 0.8 of the 290-point content width (232) side by side in a strip as wide as the
    /// container; the strip's content starts after the leading inset and ends with the trailing one.
    @Test func orthogonalSectionsLayGroupsInAStrip() {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let section = NSCollectionLayoutSection(group: .horizontal(layoutSize: size(.fractionalWidth(0.8), .absolute(150)), subitems: [item]))
        section.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 7, trailing: 20)
        section.interGroupSpacing = 10
        section.orthogonalScrollingBehavior = .continuous
        let result = lay(section, 3)
        #expect(result.itemFrames.map(\.minX) == [10, 252, 494] && result.itemFrames.allSatisfy { $0.minY == 0 && $0.width == 232 && $0.height == 150 })
        #expect(result.orthogonalFrame == CGRect(x: 0, y: 5, width: 320, height: 150))
        #expect(result.orthogonalContentSize == CGSize(width: 494 + 232 + 20, height: 150))
        #expect(result.frame.height == 162, "5 + 150 + 7")
        section.orthogonalScrollingBehavior = .groupPagingCentered
        #expect(lay(section, 3).itemFrames[0].minX == 44, "(320 - 232) / 2 centres the first group")
    }

    /// A custom group's frames come from its provider, given the group's size, offset to the group.
    @Test func customGroupsTakeTheProvidersFrames() {
        let group = NSCollectionLayoutGroup.custom(layoutSize: size(.fractionalWidth(1), .absolute(100))) { environment in
            let width = environment.container.contentSize.width
            return [
                NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: width / 4, height: 50)),
                .init(frame: CGRect(x: width / 2, y: 50, width: 30, height: 50), zIndex: 2),
            ]
        }
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 30)
        #expect(
            lay(section, 3).itemFrames == [
                CGRect(x: 10, y: 0, width: 70, height: 50), CGRect(x: 150, y: 50, width: 30, height: 50), CGRect(x: 10, y: 100, width: 70, height: 50),
            ])
    }

    /// A 20-point badge on the top-trailing corner of a 100-point cell, offset half its size up and out.
    @Test func itemSupplementariesFollowTheirAnchors() {
        let anchor = NSCollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.5, y: -0.5))
        let badge = NSCollectionLayoutSupplementaryItem(layoutSize: size(.absolute(20), .absolute(20)), elementKind: "badge", containerAnchor: anchor)
        let item = NSCollectionLayoutItem(layoutSize: size(.absolute(100), .absolute(100)), supplementaryItems: [badge])
        let result = lay(NSCollectionLayoutSection(group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])), 2)
        #expect(
            result.supplementaries.map(\.frame) == [CGRect(x: 90, y: -10, width: 20, height: 20), CGRect(x: 190, y: -10, width: 20, height: 20)], "two 100-point items fit a row")
        #expect(result.supplementaries.map(\.index) == [0, 1] && result.supplementaries.allSatisfy { $0.kind == "badge" })
    }

    /// Two sections of two 50-point rows under a 40-point layout header, 20 apart; scrolling
    /// horizontally, the same sections stack left to right.
    @Test func sectionsStackWithInterSectionSpacing() {
        func section() -> NSCollectionLayoutSection {
            let item = NSCollectionLayoutItem(layoutSize: size(.absolute(100), .absolute(50)))
            return NSCollectionLayoutSection(group: .horizontal(layoutSize: size(.absolute(100), .absolute(50)), subitems: [item]))
        }
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 20
        configuration.boundarySupplementaryItems = [
            NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(40)), elementKind: "layout-header", alignment: .top)
        ]
        let container = CGSize(width: 320, height: 600)
        let result = CompositionalLayoutEngine.layout(sections: [section(), section()], itemCounts: [2, 2], configuration: configuration, container: container)
        #expect(result.sections.map(\.frame.minY) == [40, 160] && result.sections[1].itemFrames[1].minY == 210)
        #expect(result.contentSize == CGSize(width: 320, height: 260) && result.supplementaries.map(\.frame) == [CGRect(x: 0, y: 0, width: 320, height: 40)])
        configuration.scrollDirection = .horizontal
        configuration.boundarySupplementaryItems = []
        let sideways = CompositionalLayoutEngine.layout(sections: [section(), section()], itemCounts: [2, 2], configuration: configuration, container: container)
        #expect(sideways.sections[1].itemFrames == [CGRect(x: 220, y: 0, width: 100, height: 50), CGRect(x: 320, y: 0, width: 100, height: 50)])
        #expect(sideways.contentSize == CGSize(width: 420, height: 600))
    }

    func list(_ appearance: UICollectionLayoutListConfiguration.Appearance, header: Bool = true) -> NSCollectionLayoutSection {
        var configuration = UICollectionLayoutListConfiguration(appearance: appearance)
        if header { configuration.headerMode = .supplementary }
        let environment = CompositionalLayoutEnvironment(container: CompositionalLayoutContainer(contentSize: CGSize(width: 390, height: 844)))
        return NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
    }

    /// At 390 wide: plain and grouped rows span the width at 44; inset-grouped rows are inset 20
    /// each side, rounded 10; headers are estimated 28 (plain) or 38 (grouped styles).
    @Test(arguments: [
        (UICollectionLayoutListConfiguration.Appearance.plain, CGFloat(0), CGFloat(28)), (.grouped, 0, 38), (.insetGrouped, 20, 38), (.sidebar, 0, 38),
        (.sidebarPlain, 0, 28),
    ])
    func listSections(_ appearance: UICollectionLayoutListConfiguration.Appearance, side: CGFloat, header: CGFloat) {
        let result = lay(list(appearance), 2, width: 390)
        #expect(result.supplementaries.map(\.frame) == [CGRect(x: side, y: 0, width: 390 - 2 * side, height: header)])
        #expect(result.itemFrames == [CGRect(x: side, y: header, width: 390 - 2 * side, height: 44), CGRect(x: side, y: header + 44, width: 390 - 2 * side, height: 44)])
        #expect(list(appearance)._listGroupCornerRadius == (appearance == .insetGrouped ? 10 : 0))
        #expect(list(appearance)._listConfiguration?.appearance == appearance)
        #expect(lay(list(appearance, header: false), 1, width: 390).supplementaries.isEmpty)
    }

    @Test func listHeaderTopPaddingAndFooter() {
        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        configuration.footerMode = .supplementary
        configuration.headerTopPadding = 12
        let environment = CompositionalLayoutEnvironment(container: CompositionalLayoutContainer(contentSize: CGSize(width: 390, height: 844)))
        let result = lay(.list(using: configuration, layoutEnvironment: environment), 1, width: 390)
        #expect(result.supplementaries.map(\.frame) == [CGRect(x: 0, y: 12, width: 390, height: 28), CGRect(x: 0, y: 84, width: 390, height: 28)])
        #expect(result.supplementaries.map(\.kind) == [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter])
    }

    /// 10,000 estimated rows, a few measured, lay out in one pass, in time linear in the rows:
    /// ten times the rows take far less than a hundred times as long (the shortest of three runs
    /// of each, so a loaded machine does not decide it; a quadratic pass would be ~100×).
    @Test func tenThousandItemsLayOutInLinearTime() {
        let section = list(.plain, header: false)
        let clock = ContinuousClock()
        var result: CompositionalSectionLayout?
        func shortest(_ count: Int) -> Duration {
            (0..<3).map { _ in clock.measure { result = lay(section, count, width: 390, measured: [count / 2: CGSize(width: 390, height: 100)]) } }.min()!
        }
        let small = shortest(1_000), large = shortest(10_000)
        #expect(result?.itemFrames.last == CGRect(x: 0, y: 9_999 * 44 + 56, width: 390, height: 44))
        #expect(large < small * 30, "1,000 rows \(small), 10,000 rows \(large)")
    }

    @Test func defaultsAndAccessorsMatchUIKit() {
        let dimension = NSCollectionLayoutDimension.fractionalHeight(0.3)
        #expect(dimension.isFractionalHeight && !dimension.isFractionalWidth && !dimension.isAbsolute && !dimension.isEstimated && dimension.dimension == 0.3)
        #expect(NSCollectionLayoutSpacing.flexible(4).isFlexible && NSCollectionLayoutSpacing.fixed(4).isFixed && NSCollectionLayoutSpacing.fixed(4).spacing == 4)
        let section = NSCollectionLayoutSection(group: .vertical(layoutSize: size(.absolute(1), .absolute(1)), subitems: []))
        #expect(section.supplementariesFollowContentInsets && section.orthogonalScrollingBehavior == .none && section.interGroupSpacing == 0)
        let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size(.absolute(1), .absolute(1)), elementKind: "h", alignment: .top)
        #expect(header.extendsBoundary && !header.pinToVisibleBounds && header.offset == .zero && header.alignment == .top)
        #expect(NSCollectionLayoutDecorationItem.background(elementKind: "b").zIndex == 0)
        #expect(NSCollectionLayoutAnchor(edges: .top, fractionalOffset: .zero).isFractionalOffset)
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        #expect(configuration.scrollDirection == .vertical && configuration.interSectionSpacing == 0 && configuration.contentInsetsReference == .automatic)
        var list = UICollectionLayoutListConfiguration(appearance: .grouped)
        #expect(list.showsSeparators && list.headerMode == .none && list.footerMode == .none && list.backgroundColor == nil && list.headerTopPadding == nil)
        list.backgroundColor = UIColor(white: 1, alpha: 1)
        #expect(list.backgroundColor != nil)
    }

    @Test func negativeDimensionTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { _ = NSCollectionLayoutDimension.absolute(-1) }
        }
    }

    @Test func zeroCountTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(1), heightDimension: .absolute(1)))
                _ = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(1), heightDimension: .absolute(1)), repeatingSubitem: item, count: 0)
            }
        }
    }
}
