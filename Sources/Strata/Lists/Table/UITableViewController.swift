import Foundation

/// A view controller whose view is a table view it feeds (UIKit's `UITableViewController`).
/// Main actor. It is the table's data source and delegate; override the data source and
/// delegate methods (they are `open` here, as in UIKit, so subclasses write `override`).
@MainActor
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    /// The style the table is made with.
    public let tableViewStyle: UITableView.Style
    private var ownTableView: UITableView?
    /// Whether the table's indicators flashed at its first appearance.
    private var hasFlashedIndicators = false

    /// The table's refresh control (the table view's `refreshControl`).
    open var refreshControl: UIRefreshControl? {
        get { tableView.refreshControl }
        set { tableView.refreshControl = newValue }
    }

    /// Whether the selection is cleared when the view appears (true).
    open var clearsSelectionOnViewWillAppear = true

    /// The table view: the controller's view, made when the view loads.
    open var tableView: UITableView! {
        get {
            loadViewIfNeeded()
            return ownTableView
        }
        set {
            ownTableView = newValue
            view = newValue
        }
    }

    /// A controller whose table has `style`.
    public init(style: UITableView.Style) {
        tableViewStyle = style
        super.init(nibName: nil, bundle: nil)
    }

    /// A controller with a plain table.
    public override convenience init(nibName: String?, bundle: Bundle?) {
        self.init(style: .plain)
    }

    /// Strata reads no archives: returns nil (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Makes the table view, its data source and delegate this controller.
    open override func loadView() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: tableViewStyle)
        table.dataSource = self
        table.delegate = self
        ownTableView = table
        view = table
    }

    /// Clears the selection (when `clearsSelectionOnViewWillAppear`) before the view appears.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if clearsSelectionOnViewWillAppear, let table = ownTableView {
            for path in table.indexPathsForSelectedRows ?? [] { table.deselectRow(at: path, animated: animated) }
        }
    }

    /// Flashes the table's scroll indicators the first time it appears, as UIKit's does.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard !hasFlashedIndicators, let table = ownTableView else { return }
        hasFlashedIndicators = true
        table.flashScrollIndicators()
    }

    /// Turns editing on or off for the controller and its table.
    open override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        ownTableView?.setEditing(editing, animated: animated)
    }

    // MARK: The data source and delegate (UIKit's defaults; override what you need)

    /// No rows (override it).
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }

    /// Override it: the controller has no cells of its own.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        preconditionFailure("UITableViewController: override tableView(_:cellForRowAt:) to give the cell for \(indexPath)")
    }

    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat { tableView.estimatedRowHeight }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { tableView.sectionHeaderHeight }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { tableView.sectionFooterHeight }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {}
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int) {}
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle { .delete }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? { "Delete" }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(
        _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath, toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath { proposedDestinationIndexPath }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int { 0 }
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {}
    /// UIKit's default (see `UITableViewDataSource` and `UITableViewDelegate`); override it.
    open func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {}
}
