import Foundation

// UIKit's additions to `IndexPath` (NSIndexPath+UIKitAdditions): a row or item within a section.
extension IndexPath {
    /// An index path for `row` in `section` (a table view's row).
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }

    /// An index path for `item` in `section` (a collection view's item).
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }

    /// The section: the first index.
    /// - Precondition: the path has exactly two indexes (Foundation traps otherwise, as on iOS).
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The row within the section: the second index.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The item within the section: the second index (the same as `row`).
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
