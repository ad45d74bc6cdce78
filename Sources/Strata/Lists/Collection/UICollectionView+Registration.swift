import Foundation

// iOS 14's registrations: a value naming a cell (or supplementary view) class and a closure
// that configures it for an item. Dequeuing through one registers the class with the collection
// view on first use under an identifier of the registration's own, then runs the closure.

extension UICollectionView {
    /// A cell class and how to configure it for an item (UIKit's
    /// `UICollectionView.CellRegistration`). Main actor. Make it once (not in `cellForItemAt`)
    /// and dequeue with `dequeueConfiguredReusableCell(using:for:item:)`.
    @MainActor
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        /// Configures `cell` for the item at the index path.
        public typealias Handler = @MainActor (Cell, IndexPath, Item) -> Void

        /// The identifier the cells are reused under (unique to this registration).
        let identifier: String
        let handler: Handler

        /// A registration of `Cell`, configured by `handler`.
        public init(handler: @escaping Handler) {
            self.identifier = "CellRegistration.\(Cell.self).\(UUID().uuidString)"
            self.handler = handler
        }
    }

    /// A supplementary view class for one kind and how to configure it (UIKit's
    /// `UICollectionView.SupplementaryRegistration`). Main actor.
    @MainActor
    public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
        /// Configures the view of `elementKind` at the index path.
        public typealias Handler = @MainActor (Supplementary, String, IndexPath) -> Void

        /// The kind of view registered.
        public let elementKind: String
        let identifier: String
        let handler: Handler

        /// A registration of `Supplementary` for `elementKind`, configured by `handler`.
        public init(elementKind: String, handler: @escaping Handler) {
            self.elementKind = elementKind
            self.identifier = "SupplementaryRegistration.\(Supplementary.self).\(UUID().uuidString)"
            self.handler = handler
        }
    }

    /// A cell from `registration` (registered on first use), configured for `item` at `indexPath`.
    /// Call it from the data source's `collectionView(_:cellForItemAt:)`.
    public func dequeueConfiguredReusableCell<Cell, Item>(using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?) -> Cell {
        if !registeredRegistrations.contains(registration.identifier) {
            register(Cell.self, forCellWithReuseIdentifier: registration.identifier)
            registeredRegistrations.insert(registration.identifier)
        }
        guard let cell = dequeueReusableCell(withReuseIdentifier: registration.identifier, for: indexPath) as? Cell else {
            preconditionFailure("UICollectionView.dequeueConfiguredReusableCell: the cell dequeued for \(registration.identifier) is not a \(Cell.self)")
        }
        if let item { registration.handler(cell, indexPath, item) }
        return cell
    }

    /// A supplementary view from `registration` (registered on first use), configured for `indexPath`.
    /// Call it from the data source's `collectionView(_:viewForSupplementaryElementOfKind:at:)`.
    public func dequeueConfiguredReusableSupplementary<Supplementary>(using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath)
        -> Supplementary
    {
        if !registeredRegistrations.contains(registration.identifier) {
            register(Supplementary.self, forSupplementaryViewOfKind: registration.elementKind, withReuseIdentifier: registration.identifier)
            registeredRegistrations.insert(registration.identifier)
        }
        let view = dequeueReusableSupplementaryView(ofKind: registration.elementKind, withReuseIdentifier: registration.identifier, for: indexPath)
        guard let typed = view as? Supplementary else {
            preconditionFailure("UICollectionView.dequeueConfiguredReusableSupplementary: the view dequeued for \(registration.identifier) is not a \(Supplementary.self)")
        }
        registration.handler(typed, registration.elementKind, indexPath)
        return typed
    }
}
