// A scripted walkthrough for strata render: a navigation controller over a list of 40 places,
// flicked by a finger so it decelerates, then a tap that pushes a detail screen whose card
// springs in. Written as for iOS; what differs is the entry point at the end: RenderProgram
// hands the root controller and the finger's script to the library, and
//     strata render .build/debug/Walkthrough --frames 30..59 --out frames
// renders any range of its 120 frames (PNGs, or an MP4/WebM when --out ends so).
import Strata

final class PlacesViewController: UITableViewController {
    let places = (1...40).map { "Place \($0)" }
    /// A pin drawn once with UIGraphicsImageRenderer, shown in every row.
    let pin = UIGraphicsImageRenderer(size: CGSize(width: 24, height: 24)).image { context in
        UIColor.systemRed.setFill()
        context.cgContext.fillEllipse(in: CGRect(x: 2, y: 2, width: 20, height: 20))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Places"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "place")
        tableView.rowHeight = 52
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { places.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "place", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = places[indexPath.row]
        content.secondaryText = "\(indexPath.row * 7 % 23 + 1) km away"
        content.image = pin
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        navigationController?.pushViewController(PlaceViewController(name: places[indexPath.row]), animated: true)
    }
}

final class PlaceViewController: UIViewController {
    let name: String
    private let card = UIView()

    init(name: String) {
        self.name = name
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = name
        view.backgroundColor = .systemGroupedBackground
        card.backgroundColor = .systemTeal
        card.layer.cornerRadius = 16
        card.frame = CGRect(x: 20, y: 120, width: 280, height: 160)
        card.transform = CGAffineTransform(scaleX: 0.6, y: 0.6)
        card.alpha = 0
        view.addSubview(card)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0, options: []) {
            self.card.transform = .identity
            self.card.alpha = 1
        }
    }
}

// Strata's entry point for rendered programs, in place of UIApplicationMain: the screen, the root
// controller and the finger's script. A flick up the list at 0.1 s, a tap on a row at 1.0 s.
@main
struct WalkthroughProgram {
    @MainActor static func main() async {
        let script = try! EventScript(
            text: """
                0.10  down  1  160  400
                0.13  move  1  160  340
                0.16  move  1  160  270
                0.18  up    1  160  220
                1.00  down  1  160  300
                1.05  up    1  160  300
                """)
        await RenderProgram(size: CGSize(width: 320, height: 480), scale: 2, script: script, frameCount: 120) {
            UINavigationController(rootViewController: PlacesViewController(style: .plain))
        }.main()
    }
}
