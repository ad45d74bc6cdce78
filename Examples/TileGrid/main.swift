// A grid of tiles laid out in layoutSubviews, re-laid out when the container is resized, as UIKit
// code lays out by hand. Written as for iOS; only the import and the set-up at the end differ.
// Writes tile-grid-wide.png and tile-grid-narrow.png into the folder it is given.
import Strata

final class TileGridView: UIView {
    let columns = 4
    let spacing: CGFloat = 8
    private(set) var tiles: [UIView] = []

    init(frame: CGRect, count: Int) {
        super.init(frame: frame)
        backgroundColor = .systemGray6
        for index in 0..<count {
            let tile = UIView()
            tile.backgroundColor = index.isMultiple(of: 2) ? .systemTeal : .systemIndigo
            tile.layer.cornerRadius = 4
            tile.tag = index
            addSubview(tile)
            tiles.append(tile)
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let side = (bounds.width - spacing * CGFloat(columns + 1)) / CGFloat(columns)
        for (index, tile) in tiles.enumerated() {
            let row = index / columns, column = index % columns
            tile.frame = CGRect(
                x: spacing + CGFloat(column) * (side + spacing), y: spacing + CGFloat(row) * (side + spacing),
                width: side, height: side)
        }
    }
}

// Strata's set-up in place of UIApplication: a screen, a window, a frame written as PNG before
// and after the grid is narrowed.
@main
struct TileGridProgram {
    @MainActor static func main() async throws {
        let out = CommandLine.arguments.dropFirst().first ?? "."
        let screen = try UIScreen(size: CGSize(width: 300, height: 240))
        let window = UIWindow(frame: screen.bounds)
        window.backgroundColor = .white
        window.screen = screen
        window.makeKeyAndVisible()

        let grid = TileGridView(frame: CGRect(x: 10, y: 10, width: 280, height: 220), count: 8)
        window.addSubview(grid)
        try await screen.renderFrame().image!.writePNG(to: out + "/tile-grid-wide.png")

        grid.frame.size.width = 160  // layoutSubviews runs again before the next frame
        try await screen.renderFrame().image!.writePNG(to: out + "/tile-grid-narrow.png")
        await screen.compositor.shutdown()
    }
}
