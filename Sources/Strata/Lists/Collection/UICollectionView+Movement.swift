import Foundation

// Interactive movement (UIKit's `beginInteractiveMovementForItem(at:)` family): the moving
// item's cell follows the target position; the item under it becomes the proposed destination,
// and the other cells slide (0.2 s) to where they will be once the item moves there (the item
// taken out of its section, put back at the destination). Ending it tells the data source
// (`moveItemAt`) and moves the item in a batch of its own, so the cells settle where the preview
// put them; cancelling it slides everything back.

/// An item being moved by the program or a finger.
struct InteractiveMovement {
    /// Where the item was when the movement began.
    let source: IndexPath
    /// Where it would go if the movement ended now.
    var target: IndexPath
    /// The item's cell, following the target position.
    let cell: UICollectionReusableView
}

extension UICollectionView {
    /// Starts moving the item at `indexPath`; returns false (and starts nothing) when a movement is
    /// under way, the item is not in view, or the data source says it cannot move.
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
        guard movement == nil, let dataSource, containsItem(indexPath), dataSource.collectionView(self, canMoveItemAt: indexPath),
            let cell = visibleViews[CollectionElementKey(category: .cell, kind: "", indexPath: indexPath)]
        else { return false }
        movement = InteractiveMovement(source: indexPath, target: indexPath, cell: cell)
        cell.layer.zPosition = CGFloat(Int32.max)
        return true
    }

    /// Moves the moving item's cell to `targetPosition` (content coordinates, the cell's centre);
    /// the item under that point becomes the destination and the other cells make room.
    public func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) {
        guard var current = movement else { return }
        UIView.performWithoutAnimation { current.cell.center = targetPosition }
        let over = visibleViews.first { key, view in
            key.category == .cell && view !== current.cell && view.frame.contains(targetPosition)
        }
        // The cell under the point shows its item at its preview place: the moving item takes that place.
        guard let over else { return }
        let target = previewPath(for: over.key.indexPath, in: current)
        guard target != current.target else { return }
        current.target = target
        movement = current
        UIView.animate(withDuration: 0.2) { self.placeVisibleElements() }
    }

    /// Ends the movement: the data source moves the item (`moveItemAt`), then the collection view
    /// moves it in a batch, the cells settling in their new places.
    public func endInteractiveMovement() {
        guard let ended = movement else { return }
        movement = nil
        guard ended.target != ended.source, containsItem(ended.target), let dataSource else {
            UIView.animate(withDuration: 0.2) { self.placeVisibleElements() }
            return
        }
        dataSource.collectionView(self, moveItemAt: ended.source, to: ended.target)
        moveItem(at: ended.source, to: ended.target)
    }

    /// Cancels the movement: every cell slides back to its place.
    public func cancelInteractiveMovement() {
        guard movement != nil else { return }
        movement = nil
        UIView.animate(withDuration: 0.2) { self.placeVisibleElements() }
    }

    /// Where the item at `path` shows while `movement` is under way: the moving item taken out of
    /// its section and put in at the destination.
    func previewPath(for path: IndexPath, in movement: InteractiveMovement) -> IndexPath {
        guard path != movement.source else { return movement.target }
        var shown = path
        if shown.section == movement.source.section && shown.item > movement.source.item { shown.item -= 1 }
        if shown.section == movement.target.section && shown.item >= movement.target.item { shown.item += 1 }
        return shown
    }

    /// The attributes a visible element is placed with now: during a movement, a cell's at its
    /// preview place (nil for the moving cell, which follows the finger).
    func attributesDuringMovement(_ key: CollectionElementKey, _ attributes: UICollectionViewLayoutAttributes, view: UICollectionReusableView)
        -> UICollectionViewLayoutAttributes?
    {
        guard let movement, key.category == .cell else { return attributes }
        if view === movement.cell { return nil }
        let shown = previewPath(for: key.indexPath, in: movement)
        guard shown != key.indexPath, let moved = collectionViewLayout.layoutAttributesForItem(at: shown) else { return attributes }
        let copy = attributes.copy() as! UICollectionViewLayoutAttributes
        copy.frame = moved.frame
        return copy
    }
}
