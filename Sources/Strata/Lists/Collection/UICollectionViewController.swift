import Foundation

/// A view controller whose view is a collection view, and which is that view's data source and
/// delegate (UIKit's `UICollectionViewController`). Main actor.
///
/// Subclass it and override the data source methods (`collectionView(_:numberOfItemsInSection:)`
/// and `collectionView(_:cellForItemAt:)` at least) and any delegate methods; they are `open`
/// here so that `override` works as in UIKit.
@MainActor
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    /// The layout the collection view is made with.
    private let initialLayout: UICollectionViewLayout

    /// The collection view: the controller's view (loaded on first read). Setting it replaces the view.
    open var collectionView: UICollectionView! {
        get { view as? UICollectionView }
        set { view = newValue }
    }

    /// The collection view's layout.
    public var collectionViewLayout: UICollectionViewLayout { collectionView?.collectionViewLayout ?? initialLayout }

    /// Whether the selection is cleared each time the view is about to appear (true).
    open var clearsSelectionOnViewWillAppear = true
    /// Whether a long press on an item moves it (true, as in UIKit): the press begins an
    /// interactive movement (for items the data source lets move), dragging updates it, lifting
    /// ends it.
    open var installsStandardGestureForInteractiveMovement = true {
        didSet { movementPress?.isEnabled = installsStandardGestureForInteractiveMovement }
    }
    /// The long press that moves items.
    private var movementPress: UILongPressGestureRecognizer?

    /// A controller whose collection view will be placed by `layout`.
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        initialLayout = layout
        super.init(nibName: nil, bundle: nil)
    }

    /// Strata reads no archives: returns nil (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Makes the collection view, the size of the main screen, with this controller as its data
    /// source and delegate.
    open override func loadView() {
        let collectionView = UICollectionView(frame: UIScreen.mainBoundsWithoutMaking, collectionViewLayout: initialLayout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.dataSource = self
        collectionView.delegate = self
        let press = UILongPressGestureRecognizer { [unowned self] recognizer in self.movementPressChanged(recognizer) }
        press.isEnabled = installsStandardGestureForInteractiveMovement
        collectionView.addGestureRecognizer(press)
        movementPress = press
        view = collectionView
    }

    /// The standard long press: begins, updates, ends or cancels the collection view's interactive movement.
    private func movementPressChanged(_ recognizer: UIGestureRecognizer) {
        guard let collectionView else { return }
        let point = recognizer.location(in: collectionView)
        switch recognizer.state {
        case .began:
            if let path = collectionView.indexPathForItem(at: point), collectionView.beginInteractiveMovementForItem(at: path) {
                collectionView.updateInteractiveMovementTargetPosition(point)
            }
        case .changed: collectionView.updateInteractiveMovementTargetPosition(point)
        case .ended: collectionView.endInteractiveMovement()
        default: collectionView.cancelInteractiveMovement()
        }
    }

    /// Clears the selection when `clearsSelectionOnViewWillAppear`; call `super`.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard clearsSelectionOnViewWillAppear, let collectionView else { return }
        for path in collectionView.indexPathsForSelectedItems ?? [] { collectionView.deselectItem(at: path, animated: animated) }
    }

    // MARK: Data source (override these)

    /// The number of sections (1).
    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

    /// The number of items in `section` (0: override it).
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }

    /// The cell for the item at `indexPath`.
    /// - Precondition: overridden whenever there are items; the default traps naming the class.
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        preconditionFailure("\(type(of: self)) must override collectionView(_:cellForItemAt:) to give the cell for item \(indexPath)")
    }

    /// The supplementary view of `kind` at `indexPath`.
    /// - Precondition: overridden whenever the layout has supplementary views; the default traps.
    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        preconditionFailure("\(type(of: self)) must override collectionView(_:viewForSupplementaryElementOfKind:at:) to give the view of kind \(kind) at \(indexPath)")
    }

    /// Whether the item may be moved (false).
    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }

    /// The user moved an item (does nothing).
    open func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}

    // MARK: Delegate (override these)

    /// Whether a touch may highlight the item (true).
    open func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    /// The item was highlighted (does nothing).
    open func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    /// The item's highlight ended (does nothing).
    open func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    /// Whether a tap may select the item (true).
    open func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    /// Whether a tap may deselect the item (true).
    open func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    /// The item was selected (does nothing).
    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// The item was deselected (does nothing).
    open func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// The cell is about to show (does nothing).
    open func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// The cell left the screen (does nothing).
    open func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// The supplementary view is about to show (does nothing).
    open func collectionView(
        _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView, forElementKind elementKind: String, at indexPath: IndexPath
    ) {}
    /// The supplementary view left the screen (does nothing).
    open func collectionView(
        _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView, forElementOfKind elementKind: String,
        at indexPath: IndexPath
    ) {}

    // MARK: Scroll view delegate (override these)

    /// The content offset changed (does nothing).
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// A drag began (does nothing).
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// A drag ended (does nothing).
    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// Deceleration ended (does nothing).
    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    /// An animated scroll ended (does nothing).
    open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
}
