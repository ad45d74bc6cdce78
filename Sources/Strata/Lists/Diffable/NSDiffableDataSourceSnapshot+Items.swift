import Foundation

// The item half of the snapshot: appending, inserting, deleting, moving, reloading and
// reconfiguring items. Each change re-keys, in the sections it touched, the shorter side of what
// it changed, and rewrites the first-item indexes of the sections after them.

extension NSDiffableDataSourceSnapshot {
    /// Adds the items `identifiers` after the last item of the section `sectionIdentifier` (the
    /// last section when nil).
    ///
    /// An item that is already in the snapshot is moved here, as in UIKit, and a warning is logged.
    /// - Precondition: the snapshot has a section, the identifiers are distinct, and the section
    ///   named is in the snapshot; otherwise this traps with UIKit's message.
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        precondition(!sectionList.isEmpty, "There are currently no sections in the data source. Please add a section first.")
        DiffableChecks.requireUnique(identifiers, kind: "item")
        let section = sectionIdentifier ?? sectionList[sectionList.count - 1]
        guard let position = sectionPositions[section] else {
            preconditionFailure("Invalid parameter not satisfying: section != NSNotFound (section identifier \(section) is not in the snapshot)")
        }
        guard !identifiers.isEmpty else { return }
        takeOutItemsAlreadyPresent(identifiers)
        place(identifiers, inSectionAt: position, at: sectionItems[position].count)
    }

    /// Inserts the items `identifiers` just before the item `beforeIdentifier`, in its section.
    ///
    /// An item that is already in the snapshot is moved here, as in UIKit, and a warning is logged.
    /// - Precondition: the identifiers are distinct, `beforeIdentifier` is not among them and is in
    ///   the snapshot; otherwise this traps.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        insertItems(identifiers, relativeTo: beforeIdentifier, after: false)
    }

    /// Inserts the items `identifiers` just after the item `afterIdentifier`, in its section.
    ///
    /// An item that is already in the snapshot is moved here, as in UIKit, and a warning is logged.
    /// - Precondition: the identifiers are distinct, `afterIdentifier` is not among them and is in
    ///   the snapshot; otherwise this traps.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        insertItems(identifiers, relativeTo: afterIdentifier, after: true)
    }

    /// Deletes the items `identifiers`. Identifiers not in the snapshot are ignored, as in UIKit;
    /// their sections stay, even when left empty.
    /// - Precondition: the identifiers are distinct; otherwise this traps.
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        DiffableChecks.requireUnique(identifiers, kind: "item")
        removeItems(identifiers)
    }

    /// Deletes every item and every section. What `reloadItems(_:)` and the like marked is kept, as in UIKit.
    public mutating func deleteAllItems() {
        sectionList.removeAll()
        sectionItems.removeAll()
        sectionPositions.removeAll()
        sectionStarts.removeAll()
        sectionOrigins.removeAll()
        itemLocations.removeAll()
    }

    /// Moves the item `identifier` to just before the item `toIdentifier`, into its section.
    /// - Precondition: both are in the snapshot and they differ; otherwise this traps.
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, relativeTo: toIdentifier, after: false)
    }

    /// Moves the item `identifier` to just after the item `toIdentifier`, into its section.
    /// - Precondition: both are in the snapshot and they differ; otherwise this traps.
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, relativeTo: toIdentifier, after: true)
    }

    /// Marks the items `identifiers` for reloading: a data source applying this snapshot asks for
    /// new cells for them.
    /// - Precondition: the identifiers are distinct and all in the snapshot; otherwise this traps.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        requireItemsPresent(identifiers, verb: "reload")
        reloadedItemMarks.add(identifiers)
    }

    /// Marks the items `identifiers` for reconfiguring: a data source applying this snapshot
    /// configures their existing cells again, without replacing them.
    /// - Precondition: the identifiers are distinct and all in the snapshot; otherwise this traps.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        requireItemsPresent(identifiers, verb: "reconfigure")
        reconfiguredItemMarks.add(identifiers)
    }

    // MARK: Item bookkeeping

    private func requireItemsPresent(_ identifiers: [ItemIdentifierType], verb: String) {
        DiffableChecks.requireUnique(identifiers, kind: "item")
        for identifier in identifiers where itemLocations[identifier] == nil {
            preconditionFailure("Attempted to \(verb) item identifier that does not exist in the snapshot: \(identifier)")
        }
    }

    private mutating func insertItems(_ identifiers: [ItemIdentifierType], relativeTo destination: ItemIdentifierType, after: Bool) {
        DiffableChecks.requireUnique(identifiers, kind: "item")
        if identifiers.contains(destination) {
            preconditionFailure("Invalid update: destination for insertion operation [\(destination)] is in the insertion identifier list for update.")
        }
        guard itemLocations[destination] != nil else {
            preconditionFailure("Invalid parameter not satisfying: section != NSNotFound (item identifier \(destination) is not in the snapshot)")
        }
        guard !identifiers.isEmpty else { return }
        takeOutItemsAlreadyPresent(identifiers)
        let (section, index) = position(ofItem: destination)!
        place(identifiers, inSectionAt: section, at: index + (after ? 1 : 0))
    }

    private mutating func moveItem(_ identifier: ItemIdentifierType, relativeTo destination: ItemIdentifierType, after: Bool) {
        if identifier == destination {
            preconditionFailure("Invalid update: destination for item move is the same as the source [\(identifier)] for update.")
        }
        guard itemLocations[identifier] != nil else {
            preconditionFailure("Invalid parameter not satisfying: fromIndex != NSNotFound (item identifier \(identifier) is not in the snapshot)")
        }
        guard itemLocations[destination] != nil else {
            preconditionFailure("Invalid parameter not satisfying: toIndex != NSNotFound (item identifier \(destination) is not in the snapshot)")
        }
        removeItems([identifier])
        let (section, index) = position(ofItem: destination)!
        place([identifier], inSectionAt: section, at: index + (after ? 1 : 0))
    }

    /// Takes the items of `identifiers` that are already in the snapshot out of their places (and
    /// says so, as UIKit logs it), so that they can be put in their new ones.
    private mutating func takeOutItemsAlreadyPresent(_ identifiers: [ItemIdentifierType]) {
        let present = identifiers.filter { itemLocations[$0] != nil }
        guard !present.isEmpty else { return }
        DiffableChecks.warnItemsAlreadyPresent(present)
        removeItems(present)
    }

    /// Puts `identifiers` (none of them in the snapshot) into the section at `sectionPosition`, at `index`.
    private mutating func place(_ identifiers: [ItemIdentifierType], inSectionAt sectionPosition: Int, at index: Int) {
        if identifiers.count > 64 { itemLocations.reserveCapacity(itemLocations.count + identifiers.count) }
        sectionItems[sectionPosition].insert(contentsOf: identifiers, at: index)
        rekey(sectionAt: sectionPosition, changed: index..<index + identifiers.count, shift: identifiers.count)
        recomputeStarts(from: sectionPosition + 1)
    }

    /// Removes the items of `identifiers` that are in the snapshot (ignoring the others) and
    /// re-keys what moved. O(size of the sections touched).
    mutating func removeItems(_ identifiers: [ItemIdentifierType]) {
        // The items to remove, by section position, with the first and last positions removed in each.
        var doomed: [Int: (items: Set<ItemIdentifierType>, first: Int, last: Int)] = [:]
        for identifier in identifiers {
            guard let (section, index) = position(ofItem: identifier) else { continue }
            itemLocations[identifier] = nil
            doomed[section, default: ([], index, index)].items.insert(identifier)
            doomed[section]!.first = min(doomed[section]!.first, index)
            doomed[section]!.last = max(doomed[section]!.last, index)
        }
        guard !doomed.isEmpty else { return }
        for (section, removal) in doomed {
            let count = removal.items.count
            if count == 1 {
                sectionItems[section].remove(at: removal.first)
            } else {
                sectionItems[section].removeAll { removal.items.contains($0) }
            }
            // The survivors between the first and last removed moved by varying amounts; those after, by -count.
            rekey(sectionAt: section, changed: removal.first..<removal.last + 1 - count, shift: -count)
        }
        recomputeStarts(from: doomed.keys.min()! + 1)
    }

    /// After the items of the section at `sectionPosition` changed: the positions `changed` (in the
    /// new order) hold items placed or moved by varying amounts, those before them did not move, and
    /// those after them moved by `shift`. Re-keys the shorter side: `changed` and everything after it
    /// (the origin stays), or everything up to the end of `changed` (the origin moves by -`shift`,
    /// so that the items after keep their keys).
    private mutating func rekey(sectionAt sectionPosition: Int, changed: Range<Int>, shift: Int) {
        let section = sectionList[sectionPosition]
        let items = sectionItems[sectionPosition]
        let range: Range<Int>
        if changed.upperBound < items.count - changed.lowerBound {
            sectionOrigins[sectionPosition] -= shift
            range = 0..<changed.upperBound
        } else {
            range = changed.lowerBound..<items.count
        }
        let origin = sectionOrigins[sectionPosition]
        for position in range { itemLocations[items[position]] = ItemLocation(section: section, key: position + origin) }
    }
}
