// A contacts list, written as UIKit tutorials write it: a UITableViewController with a diffable
// data source (sections by first letter, a subtitle cell per contact), a trailing swipe that
// deletes through the snapshot, and a tap that selects. What differs from iOS: the import, and the
// set-up at the end (a screen on the virtual clock, a finger as an event script, frames as PNG).
// Writes contacts-start.png, contacts-swiped.png and contacts-deleted.png into the folder it is
// given, and prints what happened.
import Strata

struct Contact: Hashable, Sendable {
    let name: String
    let phone: String
}

/// The diffable data source, titled by section: UIKit's data source methods are open to override.
final class ContactsDataSource: UITableViewDiffableDataSource<String, Contact> {
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        sectionIdentifier(for: section)
    }
}

final class ContactsViewController: UITableViewController {
    private var dataSource: ContactsDataSource!
    private(set) var contacts: [Contact] = [
        Contact(name: "Ada Lovelace", phone: "555-0101"), Contact(name: "Alan Turing", phone: "555-0102"),
        Contact(name: "Barbara Liskov", phone: "555-0103"), Contact(name: "Claude Shannon", phone: "555-0104"),
        Contact(name: "Donald Knuth", phone: "555-0105"), Contact(name: "Edsger Dijkstra", phone: "555-0106"),
        Contact(name: "Grace Hopper", phone: "555-0107"), Contact(name: "John McCarthy", phone: "555-0108"),
    ]
    private(set) var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Contacts"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "contact")
        tableView.rowHeight = 56
        dataSource = ContactsDataSource(tableView: tableView) { tableView, indexPath, contact in
            let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
            var content = UIListContentConfiguration.subtitleCell()
            content.text = contact.name
            content.secondaryText = contact.phone
            content.secondaryTextProperties.color = .secondaryLabel
            cell.contentConfiguration = content
            return cell
        }
        applySnapshot(animated: false)
    }

    func applySnapshot(animated: Bool) {
        var snapshot = NSDiffableDataSourceSnapshot<String, Contact>()
        let letters = Array(Set(contacts.map { String($0.name.prefix(1)) })).sorted()
        snapshot.appendSections(letters)
        for letter in letters {
            snapshot.appendItems(contacts.filter { $0.name.hasPrefix(letter) }, toSection: letter)
        }
        dataSource.apply(snapshot, animatingDifferences: animated)
    }

    override func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        let delete = UIContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, done in
            guard let self, let contact = self.dataSource.itemIdentifier(for: indexPath) else { return done(false) }
            self.contacts.removeAll { $0 == contact }
            self.log.append("deleted \(contact.name)")
            self.applySnapshot(animated: true)
            done(true)
        }
        return UISwipeActionsConfiguration(actions: [delete])
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        if let contact = dataSource.itemIdentifier(for: indexPath) { log.append("selected \(contact.name)") }
    }
}

// Strata's set-up in place of UIApplication: a screen on the virtual 60 Hz clock, a window with
// the controller as its root, a scripted finger, frames written as PNG.
@main
struct ContactsProgram {
    @MainActor static func main() async throws {
        let out = CommandLine.arguments.dropFirst().first ?? "."
        let screen = try UIScreen(size: CGSize(width: 320, height: 480))
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        let contacts = ContactsViewController(style: .plain)
        window.rootViewController = contacts
        window.makeKeyAndVisible()
        try await screen.renderFrame().image!.writePNG(to: out + "/contacts-start.png")

        // Swipe Alan Turing's row (the second row: 22 + 28 of header, rows of 56) to the left,
        // tap Delete, then tap Claude Shannon (after the deletion sections A and B take 2 × (50 +
        // 56), section C's header 50 more: his row from y 262).
        let script = try EventScript(
            text: """
                0.10  down  1  280  134
                0.20  move  1  240  134
                0.30  move  1  180  134
                0.40  move  1  160  134
                0.45  up    1  160  134
                0.90  down  1  283  134
                0.95  up    1  283  134
                1.50  down  1  100  290
                1.55  up    1  100  290
                1.80  end
                """)
        try await script.replay(on: window) { index, frame in
            if index == 40, let image = frame.image { try image.writePNG(to: out + "/contacts-swiped.png") }
            if let image = frame.image { try image.writePNG(to: out + "/contacts-deleted.png") }
        }
        print("log: \(contacts.log.joined(separator: ", "))")
        print("contacts: \(contacts.contacts.count), rows: \(contacts.tableView.numberOfRows(inSection: 0)) in A")
        await screen.compositor.shutdown()
    }
}
