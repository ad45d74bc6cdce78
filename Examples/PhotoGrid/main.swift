// A photo grid, written as UIKit tutorials write it: a UICollectionViewController with a
// compositional layout (three columns of square photos, a two-column "Featured" section on top),
// section headers from a supplementary registration, cells from a cell registration, a diffable
// data source, and a tap that selects a photo. What differs from iOS: the import, and the set-up
// at the end (a screen on the virtual clock, a finger as an event script, frames as PNG). Writes
// photo-grid.png and photo-grid-scrolled.png into the folder it is given, and prints what happened.
import Strata

enum Section: String, CaseIterable, Sendable {
    case featured = "Featured"
    case library = "Library"
}

struct Photo: Hashable, Sendable {
    let id: Int
    var hue: CGFloat { CGFloat(id % 12) / 12 }
}

final class PhotoCell: UICollectionViewCell {
    let imageView = UIImageView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        imageView.frame = contentView.bounds
        imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.addSubview(imageView)
        contentView.layer.cornerRadius = 6
        contentView.clipsToBounds = true
        let selected = UIView()
        selected.layer.borderColor = UIColor.systemBlue.cgColor
        selected.layer.borderWidth = 4
        selected.layer.cornerRadius = 6
        selectedBackgroundView = selected
    }

    required init?(coder: NSCoder) { nil }

    override var isSelected: Bool {
        didSet { imageView.alpha = isSelected ? 0.7 : 1 }
    }
}

final class TitleHeader: UICollectionReusableView {
    let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.font = .systemFont(ofSize: 22, weight: .bold)
        label.frame = bounds.insetBy(dx: 4, dy: 0)
        label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(label)
    }

    required init?(coder: NSCoder) { nil }
}

final class PhotoGridViewController: UICollectionViewController {
    private var dataSource: UICollectionViewDiffableDataSource<Section, Photo>!
    private(set) var log: [String] = []

    init() {
        super.init(collectionViewLayout: PhotoGridViewController.makeLayout())
    }

    required init?(coder: NSCoder) { nil }

    static func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, environment in
            let columns = sectionIndex == 0 ? 2 : 3
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1 / CGFloat(columns)), heightDimension: .fractionalHeight(1)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(1 / CGFloat(columns))),
                subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 8, bottom: 16, trailing: 8)
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            section.boundarySupplementaryItems = [header]
            return section
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.backgroundColor = .systemBackground
        let cells = UICollectionView.CellRegistration<PhotoCell, Photo> { cell, _, photo in
            cell.imageView.image = UIGraphicsImageRenderer(size: CGSize(width: 60, height: 60)).image { context in
                UIColor(hue: photo.hue, saturation: 0.55, brightness: 0.9, alpha: 1).setFill()
                context.fill(CGRect(x: 0, y: 0, width: 60, height: 60))
                UIColor(white: 1, alpha: 0.6).setFill()
                context.cgContext.fillEllipse(in: CGRect(x: 36, y: 8, width: 14, height: 14))
            }
        }
        let headers = UICollectionView.SupplementaryRegistration<TitleHeader>(elementKind: UICollectionView.elementKindSectionHeader) {
            header, _, indexPath in
            header.label.text = Section.allCases[indexPath.section].rawValue
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, photo in
            collectionView.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: photo)
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: headers, for: indexPath)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, Photo>()
        snapshot.appendSections(Section.allCases)
        snapshot.appendItems((0..<4).map { Photo(id: $0) }, toSection: .featured)
        snapshot.appendItems((4..<64).map { Photo(id: $0) }, toSection: .library)
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        if let photo = dataSource.itemIdentifier(for: indexPath) { log.append("selected photo \(photo.id)") }
    }
}

// Strata's set-up in place of UIApplication: a screen on the virtual 60 Hz clock, a window with
// the controller as its root, a scripted finger, frames written as PNG.
@main
struct PhotoGridProgram {
    @MainActor static func main() async throws {
        let out = CommandLine.arguments.dropFirst().first ?? "."
        let screen = try UIScreen(size: CGSize(width: 320, height: 480))
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        let grid = PhotoGridViewController()
        window.rootViewController = grid
        window.makeKeyAndVisible()
        try await screen.renderFrame().image!.writePNG(to: out + "/photo-grid.png")

        // Tap the second featured photo (columns of 152 from x 8; the header 40 high), then drag
        // the grid up 200 points slowly (no flick) and lift.
        let script = try EventScript(
            text: """
                0.10  down  1  230  110
                0.15  up    1  230  110
                0.40  down  1  160  420
                0.50  move  1  160  380
                0.60  move  1  160  320
                0.70  move  1  160  260
                0.80  move  1  160  220
                1.20  move  1  160  220
                1.25  up    1  160  220
                1.60  end
                """)
        try await script.replay(on: window) { _, frame in
            if let image = frame.image { try image.writePNG(to: out + "/photo-grid-scrolled.png") }
        }
        print("log: \(grid.log.joined(separator: ", "))")
        print("offset \(grid.collectionView.contentOffset.y), selected \(grid.collectionView.indexPathsForSelectedItems ?? [])")
        await screen.compositor.shutdown()
    }
}
