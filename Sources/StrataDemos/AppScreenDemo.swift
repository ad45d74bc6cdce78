import Foundation
import Strata

/// The demo: a phone-sized app screen built only with Strata's UIKit classes — a navigation
/// controller over an inset-grouped settings list (content configurations with images,
/// subtitles and values, a switch accessory, disclosure rows), flicked by a scripted finger so
/// it decelerates, then a push to a compositional grid of photo cards with shadows. Two
/// seconds of virtual time, laid out in 1280×720 points at any pixel size. Main actor.
@MainActor
public final class AppScreenDemo {
    /// How long the demo runs, in seconds of virtual time.
    public static let duration: TimeInterval = 2
    /// The screen's size in points, whatever its pixel size.
    public static let designSize = CGSize(width: 1280, height: 720)
    /// The window the demo shows in.
    public let window: UIWindow
    /// The navigation controller shown in the phone.
    public let navigation: UINavigationController
    /// The settings list.
    public let settings = DemoSettingsController()
    /// What the demo did, for the command line's report.
    public private(set) var log: [String] = []

    private var script: [(time: TimeInterval, phase: TouchInput.Phase, point: CGPoint)] = []
    private var pushed = false
    /// The phone's frame in the window.
    public let phoneFrame: CGRect

    /// The demo on `screen` (made 1280×720 points: see `screen(pixels:)`).
    public init(screen: UIScreen) {
        window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.backgroundColor = UIColor(red: 0x16 / 255, green: 0x1B / 255, blue: 0x2A / 255, alpha: 1)
        let bounds = screen.bounds
        phoneFrame = CGRect(x: ((bounds.width - 390) / 2).rounded(), y: 12, width: 390, height: bounds.height - 24)
        navigation = UINavigationController(rootViewController: settings)
        let root = DemoStageController(phone: phoneFrame, content: navigation)
        window.rootViewController = root
        window.makeKeyAndVisible()
        // A flick: down on the list, up 240 points in 0.12 s, lifted while moving.
        let x = phoneFrame.midX
        script = [(0.25, .down, CGPoint(x: x, y: 600))]
        for i in 1...6 { script.append((0.25 + Double(i) * 0.02, .move, CGPoint(x: x, y: 600 - Double(i) * 40))) }
        script.append((0.38, .up, CGPoint(x: x, y: 360)))
    }

    /// A screen for the demo at `pixels`: 1280×720 points at the scale that fills it.
    public static func screen(pixels: CGSize, compositor: Compositor) -> UIScreen {
        let scale = min(pixels.width / designSize.width, pixels.height / designSize.height)
        return UIScreen(size: CGSize(width: pixels.width / scale, height: pixels.height / scale), scale: scale, compositor: compositor)
    }

    /// Main-thread work before the frame at time `t` (seconds): the finger's events due by
    /// then, and the push at 1.1 s.
    public func update(at t: TimeInterval) throws {
        while let next = script.first, next.time <= t {
            script.removeFirst()
            try window.send(TouchInput(id: 1, phase: next.phase, location: window.convert(next.point, to: nil), timestamp: next.time))
        }
        if !pushed, t >= 1.1 {
            pushed = true
            log.append(String(format: "list scrolled to %.0f points", settings.tableView.contentOffset.y))
            navigation.pushViewController(DemoPhotosController(), animated: true)
        }
    }
}

/// The stage: a dark backdrop with the phone, rounded, holding the app's controller.
@MainActor
final class DemoStageController: UIViewController {
    private let phone: CGRect
    private let content: UIViewController

    init(phone: CGRect, content: UIViewController) {
        self.phone = phone
        self.content = content
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0x16 / 255, green: 0x1B / 255, blue: 0x2A / 255, alpha: 1)
        let bezel = UIView(frame: phone.insetBy(dx: -8, dy: -8))
        bezel.backgroundColor = UIColor(white: 0.05, alpha: 1)
        bezel.layer.cornerRadius = 48
        view.addSubview(bezel)
        addChild(content)
        content.view.frame = phone
        content.view.layer.cornerRadius = 40
        content.view.clipsToBounds = true
        view.addSubview(content.view)
        content.didMove(toParent: self)
        for (i, line) in ["Strata", "UIKit's views, lists and animations,", "composited on the GPU, on Linux."].enumerated() {
            let label = UILabel(frame: CGRect(x: 40, y: 250 + CGFloat(i) * 34 + (i > 0 ? 16 : 0), width: phone.minX - 70, height: i == 0 ? 44 : 30))
            label.text = line
            label.font = i == 0 ? .systemFont(ofSize: 40, weight: .bold) : .systemFont(ofSize: 20)
            label.textColor = i == 0 ? .white : UIColor(white: 1, alpha: 0.7)
            view.addSubview(label)
        }
    }
}

/// A settings screen: an inset-grouped table of rows with coloured icons, values, subtitles,
/// a switch and disclosure indicators.
@MainActor
public final class DemoSettingsController: UITableViewController {
    struct Row {
        let title: String
        var value: String? = nil
        var subtitle: String? = nil
        let color: UIColor
        var toggle = false
    }

    let sections: [(title: String?, rows: [Row])] = [
        (
            nil,
            [
                Row(title: "Airplane Mode", color: .systemOrange, toggle: true), Row(title: "Wi-Fi", value: "Home", color: .systemBlue),
                Row(title: "Bluetooth", value: "On", color: .systemBlue), Row(title: "Cellular", color: .systemGreen),
                Row(title: "Personal Hotspot", value: "Off", color: .systemGreen),
            ]
        ),
        (
            "Notifications",
            [
                Row(title: "Notifications", color: .systemRed), Row(title: "Sounds & Haptics", color: .systemPink),
                Row(title: "Focus", subtitle: "Do Not Disturb until 7:00", color: .systemIndigo), Row(title: "Screen Time", color: .systemPurple),
            ]
        ),
        (
            "General",
            [
                Row(title: "General", color: .systemGray), Row(title: "Control Centre", color: .systemGray),
                Row(title: "Display & Brightness", subtitle: "Light, automatic", color: .systemBlue), Row(title: "Home Screen", color: .systemIndigo),
                Row(title: "Accessibility", color: .systemBlue), Row(title: "Wallpaper", color: .systemTeal),
            ]
        ),
        ("Apps", [Row(title: "Photos", value: "1,024", color: .systemYellow), Row(title: "Camera", color: .systemGray), Row(title: "Maps", color: .systemGreen)]),
    ]

    /// An inset-grouped settings list.
    public init() { super.init(style: .insetGrouped) }

    public required init?(coder: NSCoder) { nil }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "setting")
    }

    public override func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    public override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }

    public override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }

    public override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let row = sections[indexPath.section].rows[indexPath.row]
        let cell = tableView.dequeueReusableCell(withIdentifier: "setting", for: indexPath)
        var content = row.subtitle != nil ? UIListContentConfiguration.subtitleCell() : UIListContentConfiguration.valueCell()
        content.text = row.title
        content.secondaryText = row.subtitle ?? row.value
        if row.subtitle != nil { content.secondaryTextProperties.color = .secondaryLabel }
        content.image = Self.icon(row.color)
        content.imageProperties.cornerRadius = 7
        cell.contentConfiguration = content
        if row.toggle {
            let toggle = UISwitch()
            toggle.isOn = false
            cell.accessoryView = toggle
            cell.selectionStyle = .none
        } else {
            cell.accessoryView = nil
            cell.accessoryType = .disclosureIndicator
            cell.selectionStyle = .default
        }
        return cell
    }

    /// A 29-point rounded square of `color` with a white glyph, as Settings' icons.
    static func icon(_ color: UIColor) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 29, height: 29)).image { context in
            color.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 29, height: 29))
            UIColor.white.setFill()
            context.cgContext.fillEllipse(in: CGRect(x: 9, y: 9, width: 11, height: 11))
        }
    }
}

/// A photo card: a picture with rounded corners over a caption, on a white card casting a soft shadow.
@MainActor
final class DemoPhotoCell: UICollectionViewCell {
    let picture = UIImageView()
    let caption = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .secondarySystemGroupedBackground
        contentView.layer.cornerRadius = 14
        contentView.clipsToBounds = true
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.18
        layer.shadowRadius = 8
        layer.shadowOffset = CGSize(width: 0, height: 4)
        picture.contentMode = .scaleAspectFill
        picture.clipsToBounds = true
        caption.font = .systemFont(ofSize: 15, weight: .semibold)
        contentView.addSubview(picture)
        contentView.addSubview(caption)
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = contentView.bounds
        picture.frame = CGRect(x: 0, y: 0, width: b.width, height: b.height - 34)
        caption.frame = CGRect(x: 12, y: b.height - 30, width: b.width - 24, height: 24)
        layer.shadowPath = UIBezierPath(roundedRect: bounds, cornerRadius: 14).cgPath
    }
}

/// A grid of photo cards in two columns under section headers, laid out by a compositional layout.
@MainActor
public final class DemoPhotosController: UIViewController, UICollectionViewDataSource {
    private var collectionView: UICollectionView!
    private let albums = ["Recents", "Favourites", "Places"]
    private let cellRegistration = UICollectionView.CellRegistration<DemoPhotoCell, Int> { cell, indexPath, item in
        cell.picture.image = DemoPhotosController.photo(item)
        cell.caption.text = ["Harbour", "Dunes", "Forest", "Glacier", "Meadow", "Canyon", "Lagoon", "Summit"][item % 8]
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Photos"
        view.backgroundColor = .systemGroupedBackground
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 8, bottom: 0, trailing: 8)
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(190)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 16
        section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 20, trailing: 8)
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(36)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        section.boundarySupplementaryItems = [header]
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewCompositionalLayout(section: section))
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.backgroundColor = .systemGroupedBackground
        collectionView.register(
            DemoAlbumHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "album")
        collectionView.dataSource = self
        view.addSubview(collectionView)
    }

    public func numberOfSections(in collectionView: UICollectionView) -> Int { albums.count }

    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 6 }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: indexPath.section * 6 + indexPath.item)
    }

    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "album", for: indexPath) as! DemoAlbumHeader
        header.label.text = albums[indexPath.section]
        return header
    }

    /// A landscape picture: a sky fading into a sea of the item's hue, with a sun.
    static func photo(_ item: Int) -> UIImage {
        let hue = CGFloat(item % 8) / 8
        return UIGraphicsImageRenderer(size: CGSize(width: 180, height: 156)).image { context in
            let ctx = context.cgContext
            for y in 0..<52 {
                let f = CGFloat(y) / 51
                UIColor(hue: hue, saturation: 0.35 + 0.4 * f, brightness: 0.95 - 0.35 * f, alpha: 1).setFill()
                ctx.fill(CGRect(x: 0, y: CGFloat(y) * 3, width: 180, height: 3))
            }
            UIColor(white: 1, alpha: 0.85).setFill()
            ctx.fillEllipse(in: CGRect(x: 120, y: 24, width: 30, height: 30))
            UIColor(hue: hue, saturation: 0.6, brightness: 0.4, alpha: 1).setFill()
            ctx.move(to: CGPoint(x: 0, y: 156))
            ctx.addLine(to: CGPoint(x: 60, y: 90))
            ctx.addLine(to: CGPoint(x: 100, y: 120))
            ctx.addLine(to: CGPoint(x: 140, y: 80))
            ctx.addLine(to: CGPoint(x: 180, y: 130))
            ctx.addLine(to: CGPoint(x: 180, y: 156))
            ctx.fillPath()
        }
    }
}

/// A section header: the album's name in bold.
@MainActor
final class DemoAlbumHeader: UICollectionReusableView {
    let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.font = .systemFont(ofSize: 22, weight: .bold)
        addSubview(label)
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.insetBy(dx: 8, dy: 2)
    }
}
