import Foundation

// Large titles and the appearance a bar shows. A bar shows its top item's title large when it
// prefers large titles, the items' display modes allow it and the environment is not vertically
// compact: the bar is then 44 points of buttons plus a 52-point area holding the title at the
// leading layout margin, in the large-title text style, bold. A navigation controller collapses
// that area as its content scrolls up (`largeTitleCollapse`) and says whether the content rests
// at its top edge (`isAtScrollEdge`), which picks `scrollEdgeAppearance` over `standardAppearance`.

extension UINavigationBar {
    /// The height of the large-title area under the 44-point row of buttons (UIKit's 52 points:
    /// a bar showing a large title whole is 96 points high).
    static let largeTitleAreaHeight: CGFloat = 52

    /// How far the large title's text sits from the leading edge: UIKit's bar margins, 16 points
    /// on a phone narrower than 414 points, 20 on wider ones (and on a pad).
    static func largeTitleMargin(forWidth width: CGFloat) -> CGFloat { width < 414 ? 16 : 20 }

    /// The gap between the large title's line and the bottom of its area, in points.
    static let largeTitleBottomInset: CGFloat = 8

    /// The default large title font: the large-title text style at the environment's text
    /// size, in its emphasized (bold) weight (34 points at the default size).
    static func largeTitleFont(for traits: UITraitCollection) -> UIFont {
        let font = UIFont.preferredFont(forTextStyle: .largeTitle, compatibleWith: traits)
        guard let bold = font.fontDescriptor.withSymbolicTraits(.traitBold) else { return font }
        return UIFont(descriptor: bold, size: 0)
    }

    /// Whether the top item's items ask for a large title: the first of the top item and those
    /// below it (top first) whose `largeTitleDisplayMode` is not `.automatic` decides (`.always`:
    /// yes, `.never`: no); when all are automatic, the bar's `prefersLargeTitles` does.
    private var itemsWantLargeTitle: Bool {
        for item in (items ?? []).reversed() {
            switch item.largeTitleDisplayMode {
            case .always: return true
            case .never: return false
            case .automatic: continue
            }
        }
        return true
    }

    /// Whether the bar shows a large-title area now: it prefers large titles, has a top item
    /// whose display mode (or those below it) allows one, and its environment is not vertically
    /// compact (a phone in landscape shows standard titles).
    var displaysLargeTitle: Bool {
        prefersLargeTitles && topItem != nil && itemsWantLargeTitle && traitCollection.verticalSizeClass != .compact
    }

    /// The height of the large-title area shown now, in points: 52 less the collapse, 0 without
    /// a large title.
    var visibleLargeTitleHeight: CGFloat {
        displaysLargeTitle ? max(0, Self.largeTitleAreaHeight - min(max(largeTitleCollapse, 0), Self.largeTitleAreaHeight)) : 0
    }

    /// The bar's height now, in points: 44, plus the large-title area's shown part (96 with a
    /// large title shown whole).
    var barHeight: CGFloat { Self.height + visibleLargeTitleHeight }

    /// The bar's height with its large title shown whole (96 points; 44 without a large title):
    /// what a navigation controller adds to its content's safe area, so scrolled content rests
    /// below the whole bar and its offset, not the safe area, collapses the title.
    var expandedBarHeight: CGFloat { Self.height + (displaysLargeTitle ? Self.largeTitleAreaHeight : 0) }

    /// The appearance the bar shows now, as UIKit resolves it: at the scroll edge the top item's
    /// `scrollEdgeAppearance`, else the bar's, else the standard one with a transparent
    /// background and no hairline (in a compact environment `compactScrollEdgeAppearance`,
    /// the item's then the bar's, first); away from it `standardAppearance` (item's, then
    /// bar's), or in a compact environment `compactAppearance` (item's, then bar's) first. A bar
    /// no navigation controller manages is never at the scroll edge.
    var currentAppearance: UINavigationBarAppearance {
        let item = topItem
        let standard = item?.standardAppearance ?? standardAppearance
        let compact = traitCollection.verticalSizeClass == .compact
        let compactStandard = item?.compactAppearance ?? compactAppearance ?? standard
        guard isAtScrollEdge == true else { return compact ? compactStandard : standard }
        if compact, let edge = item?.compactScrollEdgeAppearance ?? compactScrollEdgeAppearance { return edge }
        if let edge = item?.scrollEdgeAppearance ?? scrollEdgeAppearance { return edge }
        let transparent = UINavigationBarAppearance(barAppearance: compact ? compactStandard : standard)
        transparent.configureWithTransparentBackground()
        return transparent
    }

    /// Shows the small centred title or the large one: the large one while its area shows, the
    /// small one (unless the top item has a title view) once the area has collapsed.
    func updateTitleVisibility() {
        let large = visibleLargeTitleHeight > 0
        largeTitleArea.isHidden = !large
        titleLabel(hidden: large || topItem?.titleView != nil)
    }

    /// Whether large titles are preferred, the collapse or the items changed: the titles show
    /// again and, when the bar's height changed, its owner hears of it.
    func largeTitleStateChanged() {
        updateTitleVisibility()
        setNeedsLayout()
        heightMayHaveChanged()
    }

    /// Places the large-title area under the 44-point row, as high as the bar leaves it, and the
    /// title in it at the leading margin (past the safe area), its line 8 points above the
    /// area's bottom, so a collapsing area carries the title up under the row.
    func layoutLargeTitle(in bounds: CGRect) {
        let areaHeight = max(0, bounds.height - Self.height)
        largeTitleArea.frame = CGRect(x: bounds.minX, y: bounds.minY + Self.height, width: bounds.width, height: areaHeight)
        let margin = Self.largeTitleMargin(forWidth: bounds.width)
        let left = safeAreaInsets.left + margin, right = safeAreaInsets.right + margin
        let lineHeight = ceil(largeTitleLabel.font.lineHeight)
        let width = max(0, bounds.width - left - right)
        let fitted = largeTitleLabel.sizeThatFits(CGSize(width: width, height: lineHeight))
        largeTitleLabel.frame = CGRect(
            x: left, y: areaHeight - Self.largeTitleBottomInset - lineHeight, width: min(width, ceil(fitted.width)), height: lineHeight)
    }
}
