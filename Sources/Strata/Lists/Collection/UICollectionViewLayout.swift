import Foundation

// Overall design: a layout is an object the collection view asks where its elements go
// (UIKit's `UICollectionViewLayout`, subclassed by flow, compositional and the program's own).
// The collection view calls `prepare()` once after each invalidation, reads the content size,
// then at each layout pass asks for the attributes of the elements meeting its visible
// rectangle. Invalidation comes from the layout (`invalidateLayout()`), from the data (reload,
// batch updates) and from bounds changes the layout asks to hear of
// (`shouldInvalidateLayout(forBoundsChange:)`); the collection view also re-prepares whenever
// its size changes.

/// An abstract description of where a collection view's elements go (UIKit's
/// `UICollectionViewLayout`). Main actor.
///
/// Subclass it: override `prepare()`, `collectionViewContentSize`,
/// `layoutAttributesForElements(in:)` and the per-element lookups. The base class places
/// nothing.
@MainActor
open class UICollectionViewLayout: NSObject {
    /// The collection view using this layout (set when the layout is given to one; held weakly).
    public internal(set) weak var collectionView: UICollectionView?

    /// Decoration view classes registered by kind, as makers of views with a frame.
    var decorationMakers: [String: (CGRect) -> UICollectionReusableView] = [:]

    /// A layout with no collection view yet.
    public override init() {
        super.init()
    }

    /// Strata reads no archives: returns nil.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The class the layout makes attributes of (UIKit's `layoutAttributesClass`;
    /// `UICollectionViewLayoutAttributes`).
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    /// Works out the layout before the collection view asks for attributes: called once after
    /// each invalidation, before `collectionViewContentSize`. The default does nothing; call `super`.
    open func prepare() {}

    /// The size of all the content, in points (zero by default).
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every element (cells, supplementary and decoration views) whose frame
    /// meets `rect` (content coordinates). The default returns nil (nothing).
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of the cell of the item at `indexPath` (nil by default).
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of the supplementary view of `elementKind` at `indexPath` (nil by default).
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of the decoration view of `elementKind` at `indexPath` (nil by default).
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Marks the layout out of date: the collection view calls `prepare()` again and re-places its
    /// elements at the next layout pass. The default is `invalidateLayout(with:)` with a context
    /// that invalidates everything. Call `super` when overriding.
    open func invalidateLayout() {
        let type = (Self.invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type) ?? UICollectionViewLayoutInvalidationContext.self
        let context = type.init()
        context.invalidateEverything = true
        invalidateLayout(with: context)
    }

    /// Marks the parts `context` names out of date (Strata prepares the whole layout again
    /// whatever it names) and moves the content by the context's offset adjustment. Call `super`.
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        guard let collectionView else { return }
        collectionView.layoutWasInvalidated()
        if context.contentOffsetAdjustment != .zero {
            let offset = collectionView.contentOffset
            collectionView.contentOffset = CGPoint(x: offset.x + context.contentOffsetAdjustment.x, y: offset.y + context.contentOffsetAdjustment.y)
        }
    }

    /// The class of the contexts the layout makes (`UICollectionViewLayoutInvalidationContext`).
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    /// The context for a bounds change the layout asked to hear of (a plain one by default).
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let type = (Self.invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type) ?? UICollectionViewLayoutInvalidationContext.self
        return type.init()
    }

    /// Whether a change of the collection view's bounds (a scroll, or a resize) needs a new layout:
    /// false by default. The collection view re-prepares for a size change whatever this says.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// Whether a cell's preferred attributes (from self-sizing) need a new layout (false by default).
    open func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes, withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool { false }

    /// Registers `viewClass` (a `UICollectionReusableView` subclass) for decoration views of
    /// `elementKind`; nil forgets the kind.
    /// - Precondition: `viewClass` is a `UICollectionReusableView` subclass; this traps otherwise.
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        guard let viewClass else {
            decorationMakers[elementKind] = nil
            return
        }
        guard let type = viewClass as? UICollectionReusableView.Type else {
            preconditionFailure("UICollectionViewLayout.register: \(viewClass) is not a UICollectionReusableView subclass (decoration kind \(elementKind))")
        }
        decorationMakers[elementKind] = { frame in type.init(_collectionViewReuseIdentifier: elementKind, frame: frame) }
        invalidateLayout()
    }

    /// Where an inserted item's cell starts its animation in a batch update (nil by default: it
    /// appears at its place at once).
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Where a deleted item's cell ends its animation in a batch update (nil by default: it
    /// disappears at once).
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Called before a batch update is animated, with its changes. The default does nothing.
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}

    /// Called after the batch update's animation was set up. The default does nothing.
    open func finalizeCollectionViewUpdates() {}

    /// The offset to stop scrolling at, given the proposed one (the proposed one by default).
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint { proposedContentOffset }

    /// The offset to stop scrolling at, given the proposed one and the velocity (the proposed one by default).
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    // MARK: Strata's hooks for subclasses of its own

    /// Whether the layout sizes the item's cell from the cell itself (an estimated size).
    func sizesItemFromCell(at indexPath: IndexPath) -> Bool { false }

    /// A cell measured its own size for the item at `indexPath` (self-sizing): returns whether
    /// the layout changed and must be prepared again.
    func cellDidMeasure(_ size: CGSize, at indexPath: IndexPath) -> Bool { false }

    /// Whether the layout sizes the supplementary view of `kind` at `indexPath` from the view itself.
    func sizesSupplementaryFromView(ofKind kind: String, at indexPath: IndexPath) -> Bool { false }

    /// A supplementary view measured its own size: returns whether the layout must be prepared again.
    func supplementaryDidMeasure(_ size: CGSize, ofKind kind: String, at indexPath: IndexPath) -> Bool { false }

    /// The sections that scroll across the layout's axis in strips of their own (compositional
    /// orthogonal sections); none by default.
    func orthogonalStrips() -> [OrthogonalStrip] { [] }

    /// A strip's scroll view moved to `offset` (its bounds origin).
    func setOrthogonalOffset(_ offset: CGPoint, section: Int) {}

    /// The data was reloaded: forget what was measured for items.
    func collectionViewDidReloadData() {}

    /// A batch moved items: measured sizes follow their items (`mapping` maps old positions to new).
    func collectionViewDidUpdate(_ mapping: ListUpdates.Index) {}

    /// Fading attributes for an element that appears or disappears: a copy with alpha 0.
    static func faded(_ attributes: UICollectionViewLayoutAttributes?) -> UICollectionViewLayoutAttributes? {
        guard let copy = attributes?.copy() as? UICollectionViewLayoutAttributes else { return nil }
        copy.alpha = 0
        return copy
    }
}

/// One change of a batch update, as the layout hears of it (UIKit's `UICollectionViewUpdateItem`).
/// Main actor.
@MainActor
open class UICollectionViewUpdateItem: NSObject {
    /// What the change does (UIKit's `UICollectionViewUpdateItem.Action`).
    public enum Action: Int, Sendable {
        case insert, delete, reload, move, none
    }

    /// The element's index path before the batch (nil for an insertion); item `NSNotFound` for a whole section.
    public let indexPathBeforeUpdate: IndexPath?
    /// The element's index path after the batch (nil for a deletion); item `NSNotFound` for a whole section.
    public let indexPathAfterUpdate: IndexPath?
    /// What the change does.
    public let updateAction: Action

    init(before: IndexPath?, after: IndexPath?, action: Action) {
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
        updateAction = action
        super.init()
    }
}

/// What an invalidation of a layout covers (UIKit's `UICollectionViewLayoutInvalidationContext`).
/// Main actor. Strata prepares the whole layout again for any invalidation; the context's
/// offset adjustment moves the content.
@MainActor
open class UICollectionViewLayoutInvalidationContext: NSObject {
    /// Whether everything is out of date (`invalidateLayout()` sets it).
    public internal(set) var invalidateEverything = false
    /// Whether the data source's counts must be read again.
    public internal(set) var invalidateDataSourceCounts = false
    /// The items named out of date, if any.
    public private(set) var invalidatedItemIndexPaths: [IndexPath]?
    /// How far to move the content offset, in points.
    open var contentOffsetAdjustment = CGPoint.zero
    /// How much the content size changes, in points (kept).
    open var contentSizeAdjustment = CGSize.zero

    /// An empty context.
    public required override init() {
        super.init()
    }

    /// Names the items at `indexPaths` out of date.
    open func invalidateItems(at indexPaths: [IndexPath]) {
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }
}

/// An orthogonal section's scrolling strip, as the layout describes it to the collection view.
struct OrthogonalStrip {
    /// The section.
    var section: Int
    /// The strip's frame in the collection view's content, in points.
    var frame: CGRect
    /// The size of the strip's own content, in points.
    var contentSize: CGSize
    /// Whether it scrolls horizontally (the layout scrolls vertically).
    var horizontal: Bool
    /// How it scrolls and comes to rest.
    var behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior
    /// Where its groups lie in the strip's content (item frames stand in for groups: items side
    /// by side in one group count as groups of their own), in points.
    var groupFrames: [CGRect]
}
