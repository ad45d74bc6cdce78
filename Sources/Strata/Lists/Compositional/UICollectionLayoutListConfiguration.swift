import Foundation

/// How a list section looks: its appearance, separators, headers, footers and background
/// (UIKit's `UICollectionLayoutListConfiguration`). A plain value.
///
/// `NSCollectionLayoutSection.list(using:layoutEnvironment:)` turns it into a section of
/// full-width rows; the collection view draws the separators, the background and an inset-grouped
/// list's rounded blocks.
public struct UICollectionLayoutListConfiguration {
    /// The overall look of a list.
    public enum Appearance: Hashable, Sendable {
        /// Edge-to-edge rows on the system background, like a plain table view.
        case plain
        /// Edge-to-edge rows in groups on the grouped background, like a grouped table view.
        case grouped
        /// Rows in rounded blocks inset from the container's sides.
        case insetGrouped
        /// A sidebar's source list.
        case sidebar
        /// A sidebar's list without the sidebar background.
        case sidebarPlain
    }

    /// How a list section shows its header.
    public enum HeaderMode: Hashable, Sendable {
        /// No header.
        case none
        /// A section-header supplementary view (`UICollectionView.elementKindSectionHeader`).
        case supplementary
        /// The section's first item, styled as a header.
        case firstItemInSection
    }

    /// How a list section shows its footer.
    public enum FooterMode: Hashable, Sendable {
        /// No footer.
        case none
        /// A section-footer supplementary view (`UICollectionView.elementKindSectionFooter`).
        case supplementary
    }

    /// The overall look.
    public let appearance: Appearance
    /// Whether rows are separated by lines (`true`).
    public var showsSeparators = true
    /// How sections show headers (`.none`).
    public var headerMode = HeaderMode.none
    /// How sections show footers (`.none`).
    public var footerMode = FooterMode.none
    /// The list's background colour (nil: the appearance's).
    public var backgroundColor: UIColor?
    /// Space above each section header, in points (nil: automatic, which Strata makes 0).
    public var headerTopPadding: CGFloat?

    /// A configuration with `appearance` and the defaults above.
    public init(appearance: Appearance) { self.appearance = appearance }
}

extension UICollectionLayoutListConfiguration {
    /// A row's estimated height, in points.
    static let estimatedRowHeight: CGFloat = 44
    /// An inset-grouped list's inset from the container's leading and trailing edges, in points.
    static let insetGroupedSideInset: CGFloat = 20
    /// The corner radius of an inset-grouped list's blocks, in points.
    static let insetGroupedCornerRadius: CGFloat = 10

    /// Whether the appearance groups rows on a grouped background.
    var isGroupedStyle: Bool { appearance == .grouped || appearance == .insetGrouped || appearance == .sidebar }

    /// A header's or footer's estimated height, in points: 38 in grouped styles, 28 in plain ones.
    var estimatedSupplementaryHeight: CGFloat { isGroupedStyle ? 38 : 28 }
}

extension NSCollectionLayoutSection {
    /// A list section: full-width rows of estimated height 44, with headers and footers as the
    /// configuration asks (UIKit's `NSCollectionLayoutSection.list(using:layoutEnvironment:)`).
    ///
    /// An inset-grouped list is inset 20 points from the container's leading and trailing edges and
    /// keeps a 10-point corner radius for the collection view to round its blocks with. Headers
    /// and footers are estimated at 38 points in grouped styles and 28 in plain ones.
    public static func list(
        using configuration: UICollectionLayoutListConfiguration, layoutEnvironment: any NSCollectionLayoutEnvironment
    ) -> NSCollectionLayoutSection {
        let rowSize = NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .estimated(UICollectionLayoutListConfiguration.estimatedRowHeight))
        let row = NSCollectionLayoutItem(layoutSize: rowSize)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: rowSize, subitems: [row])
        let section = NSCollectionLayoutSection(group: group)
        if configuration.appearance == .insetGrouped {
            let side = UICollectionLayoutListConfiguration.insetGroupedSideInset
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
            section._listGroupCornerRadius = UICollectionLayoutListConfiguration.insetGroupedCornerRadius
        }
        let supplementarySize = NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .estimated(configuration.estimatedSupplementaryHeight))
        if configuration.headerMode == .supplementary {
            section.boundarySupplementaryItems.append(
                NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: supplementarySize, elementKind: UICollectionView.elementKindSectionHeader, alignment: .top))
            section.listHeaderTopPadding = configuration.headerTopPadding ?? 0
        }
        if configuration.footerMode == .supplementary {
            section.boundarySupplementaryItems.append(
                NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: supplementarySize, elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom))
        }
        section._listConfiguration = configuration
        return section
    }
}
