import Foundation

#if canImport(Logging)
    import Logging
#endif

// Overall design: a snapshot keeps its sections in order, the items of each section in an array
// beside it, and indexes it maintains on every change: section → position, item → (its section,
// a key for its position in that section), and the global index of each section's first item.
// So every lookup (`indexOfItem(_:)`, `sectionIdentifier(containingItem:)`, `indexOfSection(_:)`)
// is a hash or two, and appending k items costs O(k). An item's key is its position plus its
// section's origin; inserting or removing in the middle of a section re-keys the shorter side of
// the change (the items before it, moving the origin, or the items after it), so putting items at
// either end of a section costs O(items put), and in the middle at most half the section. Section
// changes touch the section arrays (a few entries), never the items.
// UIKit's checks and its messages (NSInternalInconsistencyException reasons) are kept, as traps.

/// The state of a list's data at one moment: its sections in order, and the items of each section
/// in order, all named by identifiers.
///
/// Not tied to the main actor: a value type. Build one anywhere, then give it to a diffable data
/// source, which works out the insertions, deletions and moves from the snapshot it shows.
///
/// Each identifier names one section or one item, so it must be unique among the snapshot's
/// sections (or items). Section and item identifiers are two separate spaces.
///
/// - Precondition: Misuse traps, as UIKit's exceptions do, with UIKit's words: a repeated identifier
///   in one call, appending or inserting a section that is already there, appending items when there
///   is no section, a section, item or destination that is not in the snapshot, inserting items
///   relative to one of themselves, moving an item or section relative to itself, and reloading or
///   reconfiguring what is not there. An item that is already in the snapshot is not refused when
///   appended or inserted: as in UIKit, it is moved into place and a warning is logged.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    /// Where an item is: the section holding it, and its key there: its position within the
    /// section plus the section's origin (`sectionOrigins`).
    struct ItemLocation: Sendable {
        var section: SectionIdentifierType
        var key: Int
    }

    /// The sections, in order.
    var sectionList: [SectionIdentifierType] = []
    /// The items of each section, in order; parallel to `sectionList`.
    var sectionItems: [[ItemIdentifierType]] = []
    /// Each section's position in `sectionList`.
    var sectionPositions: [SectionIdentifierType: Int] = [:]
    /// The index (counted across all sections) of each section's first item; parallel to `sectionList`.
    var sectionStarts: [Int] = []
    /// What each section's item keys count from: an item's position is its key minus its section's
    /// origin. Parallel to `sectionList`.
    var sectionOrigins: [Int] = []
    /// Where each item is.
    var itemLocations: [ItemIdentifierType: ItemLocation] = [:]
    /// What `reloadItems(_:)`, `reconfigureItems(_:)` and `reloadSections(_:)` asked for, in order, each once.
    /// As in UIKit, the marks stay when the items or sections are deleted afterwards.
    var reloadedItemMarks = DiffableMarks<ItemIdentifierType>()
    var reconfiguredItemMarks = DiffableMarks<ItemIdentifierType>()
    var reloadedSectionMarks = DiffableMarks<SectionIdentifierType>()

    /// Creates an empty snapshot: no sections, no items.
    public init() {}

    // MARK: Reading

    /// The number of items, across all sections.
    public var numberOfItems: Int { itemLocations.count }

    /// The number of sections.
    public var numberOfSections: Int { sectionList.count }

    /// The section identifiers, in order.
    public var sectionIdentifiers: [SectionIdentifierType] { sectionList }

    /// The item identifiers of all sections, section by section, in order.
    public var itemIdentifiers: [ItemIdentifierType] {
        var all: [ItemIdentifierType] = []
        all.reserveCapacity(numberOfItems)
        for items in sectionItems { all.append(contentsOf: items) }
        return all
    }

    /// The number of items in the section `identifier`.
    /// - Precondition: the section is in the snapshot; otherwise this traps, as UIKit does.
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        sectionItems[requirePosition(ofSection: identifier)].count
    }

    /// The item identifiers of the section `identifier`, in order.
    /// - Precondition: the section is in the snapshot; otherwise this traps, as UIKit does.
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        sectionItems[requirePosition(ofSection: identifier)]
    }

    /// The section that holds the item `identifier`, or nil when the item is not in the snapshot.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        itemLocations[identifier]?.section
    }

    /// The position of the item `identifier` counted across all sections (the first section's
    /// items first), or nil when it is not in the snapshot. O(1).
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let (section, index) = position(ofItem: identifier) else { return nil }
        return sectionStarts[section] + index
    }

    /// The position of the section `identifier`, or nil when it is not in the snapshot. O(1).
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        sectionPositions[identifier]
    }

    /// The items `reloadItems(_:)` marked, in the order asked, each once.
    public var reloadedItemIdentifiers: [ItemIdentifierType] { reloadedItemMarks.values }

    /// The items `reconfigureItems(_:)` marked, in the order asked, each once.
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { reconfiguredItemMarks.values }

    /// The sections `reloadSections(_:)` marked, in the order asked, each once.
    public var reloadedSectionIdentifiers: [SectionIdentifierType] { reloadedSectionMarks.values }

    /// The item's section position and its position within that section, or nil when it is not in the snapshot.
    func position(ofItem identifier: ItemIdentifierType) -> (section: Int, index: Int)? {
        guard let location = itemLocations[identifier], let section = sectionPositions[location.section] else { return nil }
        return (section, location.key - sectionOrigins[section])
    }

    func requirePosition(ofSection identifier: SectionIdentifierType) -> Int {
        guard let position = sectionPositions[identifier] else {
            preconditionFailure(
                "Section identifier was not found. You can verify the section exists by calling the indexOfSectionIdentifier API (which has O(1) performance): \(identifier)")
        }
        return position
    }

    // MARK: Sections

    /// Adds the sections `identifiers` after the last section, each empty.
    /// - Precondition: the identifiers are distinct and none is in the snapshot yet; otherwise this
    ///   traps with UIKit's message naming them.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        DiffableChecks.requireUnique(identifiers, kind: "section")
        requireSectionsAbsent(identifiers)
        placeSections(identifiers, at: sectionList.count)
    }

    /// Inserts the sections `identifiers` just before the section `toIdentifier`, each empty.
    /// - Precondition: the identifiers are distinct, none is in the snapshot yet, `toIdentifier` is
    ///   not among them and is in the snapshot; otherwise this traps.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        insertSections(identifiers, relativeTo: toIdentifier, after: false)
    }

    /// Inserts the sections `identifiers` just after the section `toIdentifier`, each empty.
    /// - Precondition: the identifiers are distinct, none is in the snapshot yet, `toIdentifier` is
    ///   not among them and is in the snapshot; otherwise this traps.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        insertSections(identifiers, relativeTo: toIdentifier, after: true)
    }

    /// Deletes the sections `identifiers` and their items. Identifiers not in the snapshot are
    /// ignored, as in UIKit.
    /// - Precondition: the identifiers are distinct; otherwise this traps.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        DiffableChecks.requireUnique(identifiers, kind: "section")
        let doomed = Set(identifiers.filter { sectionPositions[$0] != nil })
        guard !doomed.isEmpty else { return }
        let first = doomed.map { sectionPositions[$0]! }.min()!
        var keptSections: [SectionIdentifierType] = []
        var keptItems: [[ItemIdentifierType]] = []
        var keptOrigins: [Int] = []
        for position in first..<sectionList.count {
            let section = sectionList[position]
            if doomed.contains(section) {
                for item in sectionItems[position] { itemLocations[item] = nil }
                sectionPositions[section] = nil
            } else {
                keptSections.append(section)
                keptItems.append(sectionItems[position])
                keptOrigins.append(sectionOrigins[position])
            }
        }
        sectionList.replaceSubrange(first..., with: keptSections)
        sectionItems.replaceSubrange(first..., with: keptItems)
        sectionOrigins.replaceSubrange(first..., with: keptOrigins)
        sectionStarts.removeLast(doomed.count)
        reindexSections(from: first)
    }

    /// Moves the section `identifier` to just before the section `toIdentifier`, with its items.
    /// - Precondition: both are in the snapshot and they differ; otherwise this traps.
    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, relativeTo: toIdentifier, after: false)
    }

    /// Moves the section `identifier` to just after the section `toIdentifier`, with its items.
    /// - Precondition: both are in the snapshot and they differ; otherwise this traps.
    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, relativeTo: toIdentifier, after: true)
    }

    /// Marks the sections `identifiers` for reloading: a data source applying this snapshot asks
    /// for their cells again.
    /// - Precondition: the identifiers are distinct and all in the snapshot; otherwise this traps.
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        DiffableChecks.requireUnique(identifiers, kind: "section")
        for identifier in identifiers where sectionPositions[identifier] == nil {
            preconditionFailure("Attempted to reload section identifier that does not exist in the snapshot: \(identifier)")
        }
        reloadedSectionMarks.add(identifiers)
    }

    /// Traps when an index disagrees with the arrays it indexes. A test hook; O(n).
    @_spi(Testing) public func _checkInvariants() {
        precondition(sectionItems.count == sectionList.count && sectionStarts.count == sectionList.count && sectionOrigins.count == sectionList.count)
        precondition(sectionPositions.count == sectionList.count && itemLocations.count == sectionItems.reduce(0) { $0 + $1.count })
        var start = 0
        for (position, section) in sectionList.enumerated() {
            precondition(sectionPositions[section] == position && sectionStarts[position] == start, "section \(section) is indexed wrongly")
            for (index, item) in sectionItems[position].enumerated() {
                precondition(self.position(ofItem: item).map { $0 == (position, index) } == true, "item \(item) is indexed wrongly")
            }
            start += sectionItems[position].count
        }
    }

    // MARK: Section bookkeeping

    private func requireSectionsAbsent(_ identifiers: [SectionIdentifierType]) {
        let present = identifiers.filter { sectionPositions[$0] != nil }
        guard !present.isEmpty else { return }
        if present.count == 1 {
            preconditionFailure(
                "Diffable data source detected an attempt to insert or append 1 section identifier that already exists in the snapshot. Identifiers in a snapshot must be unique. Section identifier that already exists: \(present[0])"
            )
        }
        preconditionFailure(
            "Diffable data source detected an attempt to insert or append \(present.count) section identifiers that already exist in the snapshot. Identifiers in a snapshot must be unique. Section identifiers that already exist: \(DiffableChecks.list(present))"
        )
    }

    private mutating func insertSections(_ identifiers: [SectionIdentifierType], relativeTo destination: SectionIdentifierType, after: Bool) {
        DiffableChecks.requireUnique(identifiers, kind: "section")
        if identifiers.contains(destination) {
            preconditionFailure("Invalid update: destination for section operation [\(destination)] is in the inserted section list for update")
        }
        guard let position = sectionPositions[destination] else {
            preconditionFailure("Invalid parameter not satisfying: insertIndex != NSNotFound (section identifier \(destination) is not in the snapshot)")
        }
        requireSectionsAbsent(identifiers)
        placeSections(identifiers, at: position + (after ? 1 : 0))
    }

    private mutating func moveSection(_ identifier: SectionIdentifierType, relativeTo destination: SectionIdentifierType, after: Bool) {
        if identifier == destination {
            preconditionFailure("Invalid update: destination for section move is the same as the source [\(identifier)] for update")
        }
        guard let from = sectionPositions[identifier] else {
            preconditionFailure("Invalid parameter not satisfying: fromIndex != NSNotFound (section identifier \(identifier) is not in the snapshot)")
        }
        guard sectionPositions[destination] != nil else {
            preconditionFailure("Invalid parameter not satisfying: toIndex != NSNotFound (section identifier \(destination) is not in the snapshot)")
        }
        let items = sectionItems.remove(at: from)
        let origin = sectionOrigins.remove(at: from)
        sectionList.remove(at: from)
        var to = sectionPositions[destination]!
        if to > from { to -= 1 }
        to += after ? 1 : 0
        sectionList.insert(identifier, at: to)
        sectionItems.insert(items, at: to)
        sectionOrigins.insert(origin, at: to)
        reindexSections(from: min(from, to))
    }

    /// Puts new, empty sections at `position`.
    private mutating func placeSections(_ identifiers: [SectionIdentifierType], at position: Int) {
        guard !identifiers.isEmpty else { return }
        sectionList.insert(contentsOf: identifiers, at: position)
        sectionItems.insert(contentsOf: repeatElement([], count: identifiers.count), at: position)
        sectionOrigins.insert(contentsOf: repeatElement(0, count: identifiers.count), at: position)
        sectionStarts.append(contentsOf: repeatElement(0, count: identifiers.count))
        reindexSections(from: position)
    }

    /// Rewrites the positions and first-item indexes of the sections from `start` on.
    mutating func reindexSections(from start: Int) {
        for position in start..<sectionList.count { sectionPositions[sectionList[position]] = position }
        recomputeStarts(from: start)
    }

    /// Rewrites the first-item indexes of the sections from `start` on (after a count changed before them).
    mutating func recomputeStarts(from start: Int) {
        guard start < sectionList.count else { return }
        var next = start == 0 ? 0 : sectionStarts[start - 1] + sectionItems[start - 1].count
        for position in start..<sectionList.count {
            sectionStarts[position] = next
            next += sectionItems[position].count
        }
    }
}

/// Identifiers in the order they were first given, each once: what a snapshot remembers of
/// `reloadItems(_:)` and the like. Not tied to the main actor: a value type.
struct DiffableMarks<Identifier: Hashable & Sendable>: Sendable {
    private(set) var values: [Identifier] = []
    private(set) var members: Set<Identifier> = []

    mutating func add(_ identifiers: [Identifier]) {
        for identifier in identifiers where members.insert(identifier).inserted { values.append(identifier) }
    }

    func contains(_ identifier: Identifier) -> Bool { members.contains(identifier) }
}

/// The checks and messages the snapshots share, in UIKit's words.
enum DiffableChecks {
    /// `values` as Foundation writes an array: `(\n    a,\n    b\n)`.
    static func list<Value>(_ values: [Value]) -> String {
        "(\n" + values.map { "    \($0)" }.joined(separator: ",\n") + "\n)"
    }

    /// The values that occur more than once, each once, in the order their repeats are found.
    static func repeats<Value: Hashable>(in values: [Value]) -> [Value] {
        var seen = Set<Value>(minimumCapacity: values.count)
        var repeated: [Value] = []
        var reported = Set<Value>()
        for value in values where !seen.insert(value).inserted && reported.insert(value).inserted { repeated.append(value) }
        return repeated
    }

    /// Traps when `values` repeats an identifier, with UIKit's message naming the repeats.
    static func requireUnique<Value: Hashable>(_ values: [Value], kind: String) {
        let repeated = repeats(in: values)
        guard !repeated.isEmpty else { return }
        preconditionFailure("Fatal: supplied \(kind) identifiers are not unique. Duplicate identifiers: {\(list(repeated))}")
    }

    /// Reports what UIKit logs (and does not trap on): items appended or inserted that were already
    /// in the snapshot, which are moved into place instead.
    static func warnItemsAlreadyPresent<Value>(_ values: [Value]) {
        let message =
            values.count == 1
            ? "Diffable data source detected an attempt to insert or append 1 item identifier that already exists in the snapshot. The existing item identifier will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. Item identifier that already exists: \(values[0])"
            : "Diffable data source detected an attempt to insert or append \(values.count) item identifiers that already exist in the snapshot. The existing item identifiers will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. Item identifiers that already exist: \(list(values))"
        #if canImport(Logging)
            diffableLogger.error("\(message)")
        #else
            FileHandle.standardError.write(Data((message + "\n").utf8))
        #endif
    }
}

#if canImport(Logging)
    /// The log of the diffable data source's warnings (UIKit's "DiffableDataSource" category).
    let diffableLogger = Logger(label: "strata.lists.diffable")
#endif
