import Foundation

// Selection: by code (`selectItem`, `deselectItem`: the delegate is not told, as in UIKit) and
// by touch (a finger down highlights the item under it when the delegate allows; lifted on the
// same item it selects the item through shouldSelect/didSelect, or deselects a selected one in a
// multiple-selection collection view through shouldDeselect/didDeselect; a drag that scrolls
// cancels the highlight). Selected items are index paths; their cells show it while in view.

extension UICollectionView {
    /// The selected items, in the order selected (empty when none is selected).
    public var indexPathsForSelectedItems: [IndexPath]? { selectedItems }

    /// Selects the item at `indexPath` (nil: deselects every item) and scrolls it to
    /// `scrollPosition` (`[]`: no scrolling). The delegate is not told. In a single-selection
    /// collection view the item selected before is deselected. Nothing happens while
    /// `allowsSelection` is false.
    /// - Precondition: the item exists; this traps naming it otherwise.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            deselectAll()
            return
        }
        guard allowsSelection else { return }
        precondition(containsItem(indexPath), "UICollectionView.selectItem: item \(indexPath) does not exist (\(counts) items per section)")
        if !allowsMultipleSelection {
            for other in selectedItems where other != indexPath { setSelection(false, at: other) }
        }
        setSelection(true, at: indexPath)
        if !scrollPosition.isEmpty, let frame = layoutAttributesForItem(at: indexPath)?.frame {
            scroll(to: frame, position: scrollPosition, animated: animated)
        }
    }

    /// Deselects the item at `indexPath`. The delegate is not told.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        setSelection(false, at: indexPath)
    }

    func setSelection(_ selected: Bool, at path: IndexPath) {
        if selected {
            if !selectedItems.contains(path) { selectedItems.append(path) }
        } else {
            selectedItems.removeAll { $0 == path }
        }
        cellForItem(at: path)?.isSelected = selected
        (preparedViews[CollectionElementKey(category: .cell, kind: "", indexPath: path)] as? UICollectionViewCell)?.isSelected = selected
    }

    func deselectAll() {
        for path in selectedItems {
            cellForItem(at: path)?.isSelected = false
            (preparedViews[CollectionElementKey(category: .cell, kind: "", indexPath: path)] as? UICollectionViewCell)?.isSelected = false
        }
        selectedItems = []
    }

    /// Selects (or, selected in a multiple-selection collection view, deselects) the item as a
    /// tap does, asking and telling the delegate.
    func tapItem(_ path: IndexPath) {
        let delegate = collectionDelegate
        if allowsMultipleSelection, selectedItems.contains(path) {
            guard delegate?.collectionView(self, shouldDeselectItemAt: path) ?? true else { return }
            setSelection(false, at: path)
            delegate?.collectionView(self, didDeselectItemAt: path)
            return
        }
        guard delegate?.collectionView(self, shouldSelectItemAt: path) ?? true else { return }
        if !allowsMultipleSelection {
            for other in selectedItems where other != path {
                setSelection(false, at: other)
                delegate?.collectionView(self, didDeselectItemAt: other)
            }
        }
        setSelection(true, at: path)
        delegate?.collectionView(self, didSelectItemAt: path)
    }

    // MARK: Touches

    func collectionTouchesBegan(_ touches: Set<UITouch>) {
        guard allowsSelection, let touch = touches.first, let path = indexPathForItem(at: touch.location(in: self)),
            collectionDelegate?.collectionView(self, shouldHighlightItemAt: path) ?? true
        else { return }
        touchedItem = path
        cellForItem(at: path)?.isHighlighted = true
        collectionDelegate?.collectionView(self, didHighlightItemAt: path)
    }

    func collectionTouchesEnded(_ touches: Set<UITouch>) {
        guard let path = touchedItem else { return }
        touchedItem = nil
        cellForItem(at: path)?.isHighlighted = false
        collectionDelegate?.collectionView(self, didUnhighlightItemAt: path)
        guard let touch = touches.first, indexPathForItem(at: touch.location(in: self)) == path else { return }
        tapItem(path)
    }

    func collectionTouchesCancelled() {
        guard let path = touchedItem else { return }
        touchedItem = nil
        cellForItem(at: path)?.isHighlighted = false
        collectionDelegate?.collectionView(self, didUnhighlightItemAt: path)
    }
}
