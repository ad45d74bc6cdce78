import Foundation
import Strata
import StrataSnapshotTesting
import StrataTesting
import Testing

/// The strategies through swift-snapshot-testing's own `verifySnapshot`, into a folder of the
/// test's own: recording, matching, a one-pixel change failing with a difference image.
@MainActor @Suite(.tags(.gpu), .requiresGPU) struct SnapshottingTests {
    let folder = NSTemporaryDirectory() + "strata-snapshots-\(UUID().uuidString)"

    /// A 40 × 30-point red view with a 10 × 10 blue square at (5, 5).
    func card(marker: Bool = false) -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
        view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let square = UIView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        square.backgroundColor = .blue
        view.addSubview(square)
        if marker {
            // One pixel at scale 2: half a point.
            let dot = UIView(frame: CGRect(x: 30, y: 20, width: 0.5, height: 0.5))
            dot.backgroundColor = .white
            view.addSubview(dot)
        }
        return view
    }

    func pixels(_ image: UIImage) throws -> RGBAImage { try #require(image.cgImage?.image) }

    @Test func aViewIsRecordedThenMatchesThenAOnePixelChangeFailsWithADifferenceImage() throws {
        let strategy = Snapshotting<UIView, UIImage>.image(traits: UITraitCollection(displayScale: 2))
        let recorded = verifySnapshot(of: card(), as: strategy, named: "card", snapshotDirectory: folder)
        #expect(recorded?.contains("No reference was found on disk. Automatically recorded snapshot") == true)
        let file = folder + "/aViewIsRecordedThenMatchesThenAOnePixelChangeFailsWithADifferenceImage.card.png"
        let reference = try #require(UIImage(contentsOfFile: file))
        let stored = try pixels(reference)
        #expect(stored.size == PixelSize(width: 80, height: 60))
        #expect(stored[0, 0] == RGBA8(255, 0, 0, 255))
        #expect(stored[10, 10] == RGBA8(0, 0, 255, 255))
        #expect(stored[29, 29] == RGBA8(0, 0, 255, 255))
        #expect(stored[30, 30] == RGBA8(255, 0, 0, 255))

        #expect(verifySnapshot(of: card(), as: strategy, named: "card", snapshotDirectory: folder) == nil)

        let failure = try #require(verifySnapshot(of: card(marker: true), as: strategy, named: "card", snapshotDirectory: folder))
        #expect(failure.contains("1 of 4800 pixels differ"))
        let line = try #require(failure.split(separator: "\n").first { $0.hasPrefix("Difference image: ") })
        let difference = try pixels(try #require(UIImage(contentsOfFile: String(line.dropFirst("Difference image: ".count)))))
        #expect(difference.size == PixelSize(width: 80, height: 60))
        #expect(difference[60, 40] == RGBA8(0, 255, 255, 255))  // white over red
        #expect(difference[59, 40] == RGBA8(0, 0, 0, 255))
        #expect(difference[0, 0] == RGBA8(0, 0, 0, 255))
        // The reference is kept: the same view matches it again.
        #expect(verifySnapshot(of: card(), as: strategy, named: "card", snapshotDirectory: folder) == nil)
    }

    @Test func theSameViewGivesTheSameBytesEveryTime() throws {
        let view = card(marker: true)
        view.layer.cornerRadius = 7
        view.layer.borderWidth = 1.5
        let label = UILabel(frame: CGRect(x: 2, y: 14, width: 36, height: 14))
        label.text = "Strata"
        view.addSubview(label)
        var images: [Data] = []
        for _ in 0..<3 {
            Snapshotting<UIView, UIImage>.image(traits: UITraitCollection(displayScale: 3)).snapshot(view).run { images.append($0.pngData() ?? Data()) }
        }
        #expect(images.count == 3)
        #expect(images[0].count > 100)
        #expect(images[1] == images[0] && images[2] == images[0])
    }

    @Test func perceptualPrecisionAcceptsAColourTheEyeCannotTellApart() throws {
        let exact = Snapshotting<UIView, UIImage>.image(traits: UITraitCollection(displayScale: 1))
        _ = verifySnapshot(of: card(), as: exact, named: "tint", snapshotDirectory: folder)
        let nearly = card()
        nearly.backgroundColor = UIColor(red: 254 / 255.0, green: 1 / 255.0, blue: 0, alpha: 1)
        let failure = try #require(verifySnapshot(of: nearly, as: exact, named: "tint", snapshotDirectory: folder))
        #expect(failure.contains("1100 of 1200 pixels differ"))
        let perceptual = Snapshotting<UIView, UIImage>.image(perceptualPrecision: 0.98, traits: UITraitCollection(displayScale: 1))
        #expect(verifySnapshot(of: nearly, as: perceptual, named: "tint", snapshotDirectory: folder) == nil)
        // Precision: 100 of 1200 pixels (the square) alone match exactly: 0.08 is enough, 0.09 not.
        #expect(verifySnapshot(of: nearly, as: .image(precision: 0.08, traits: UITraitCollection(displayScale: 1)), named: "tint", snapshotDirectory: folder) == nil)
        #expect(verifySnapshot(of: nearly, as: .image(precision: 0.09, traits: UITraitCollection(displayScale: 1)), named: "tint", snapshotDirectory: folder) != nil)
    }

    @Test func aViewKeepsItsSuperviewPlaceAndFrame() throws {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let first = UIView(), view = card(), last = UIView()
        view.frame.origin = CGPoint(x: 12, y: 34)
        [first, view, last].forEach(parent.addSubview)
        var image: UIImage?
        Snapshotting<UIView, UIImage>.image(size: CGSize(width: 20, height: 10), traits: UITraitCollection(displayScale: 1)).snapshot(view).run { image = $0 }
        #expect(try pixels(try #require(image)).size == PixelSize(width: 20, height: 10))
        #expect(view.superview === parent)
        #expect(parent.subviews.firstIndex(of: view) == 1)
        #expect(view.frame == CGRect(x: 12, y: 34, width: 40, height: 30))
    }

    @Test func aLayerIsDrawnInItsOwnBoundsAndPutBack() throws {
        let host = CALayer()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 16, height: 8)
        layer.position = CGPoint(x: 300, y: 200)
        layer.transform = CATransform3DMakeRotation(0.7, 0, 0, 1)
        layer.backgroundColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
        host.addSublayer(layer)
        var image: UIImage?
        Snapshotting<CALayer, UIImage>.image(traits: UITraitCollection(displayScale: 2)).snapshot(layer).run { image = $0 }
        let drawn = try pixels(try #require(image))
        #expect(drawn.size == PixelSize(width: 32, height: 16))
        #expect(drawn[0, 0] == RGBA8(0, 255, 0, 255) && drawn[31, 15] == RGBA8(0, 255, 0, 255))
        #expect(layer.superlayer === host)
        #expect(layer.position == CGPoint(x: 300, y: 200))
        #expect(CATransform3DEqualToTransform(layer.transform, CATransform3DMakeRotation(0.7, 0, 0, 1)))
    }
}

/// A view controller on a device preset: its size, safe area and traits.
@MainActor @Suite(.tags(.gpu), .requiresGPU) struct ViewControllerSnapshotTests {
    final class Probe: UIViewController {
        var insets: UIEdgeInsets?
        var sizeClass: UIUserInterfaceSizeClass?
        var idiom: UIUserInterfaceIdiom?
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .black
            let bar = UIView()
            bar.backgroundColor = .green
            bar.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(bar)
            NSLayoutConstraint.activate([
                bar.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
                bar.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                bar.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                bar.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor),
            ])
        }
        override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            insets = view.safeAreaInsets
            sizeClass = traitCollection.horizontalSizeClass
            idiom = traitCollection.userInterfaceIdiom
        }
    }

    @Test func anIPhone13InPortraitHas47PointsAboveAnd34BelowTheSafeArea() throws {
        let probe = Probe()
        var image: UIImage?
        Snapshotting<UIViewController, UIImage>.image(on: .iPhone13, traits: UITraitCollection(displayScale: 1)).snapshot(probe).run { image = $0 }
        let drawn = try #require(image?.cgImage?.image)
        #expect(drawn.size == PixelSize(width: 390, height: 844))
        #expect(probe.insets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(probe.sizeClass == .compact)
        #expect(probe.idiom == .phone)
        #expect(drawn[200, 46] == RGBA8(0, 0, 0, 255))
        #expect(drawn[200, 47] == RGBA8(0, 255, 0, 255))
        #expect(drawn[200, 809] == RGBA8(0, 255, 0, 255))
        #expect(drawn[200, 810] == RGBA8(0, 0, 0, 255))
    }

    @Test func anIPhone13InLandscapeIs844By390WithItsSafeArea() throws {
        let probe = Probe()
        var image: UIImage?
        Snapshotting<UIViewController, UIImage>.image(on: .iPhone13(.landscape), traits: UITraitCollection(displayScale: 1)).snapshot(probe).run { image = $0 }
        #expect(try #require(image?.cgImage?.image).size == PixelSize(width: 844, height: 390))
        #expect(probe.insets == UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
        #expect(ViewImageConfig.iPhone13.size == CGSize(width: 390, height: 844))
        #expect(ViewImageConfig.iPhoneSe(.landscape).size == CGSize(width: 568, height: 320))
    }

    @Test func anIPadPro11InLandscapeIs1194By834RegularWithTheHomeIndicatorsSafeArea() throws {
        let probe = Probe()
        var image: UIImage?
        Snapshotting<UIViewController, UIImage>.image(on: .iPadPro11, traits: UITraitCollection(displayScale: 1)).snapshot(probe).run { image = $0 }
        let drawn = try #require(image?.cgImage?.image)
        #expect(drawn.size == PixelSize(width: 1194, height: 834))
        #expect(probe.insets == UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
        #expect(probe.sizeClass == .regular && probe.idiom == .pad)
        #expect(drawn[600, 23] == RGBA8(0, 0, 0, 255) && drawn[600, 24] == RGBA8(0, 255, 0, 255))
        #expect(drawn[600, 813] == RGBA8(0, 255, 0, 255) && drawn[600, 814] == RGBA8(0, 0, 0, 255))
    }

    @Test func anIPadMiniInAThirdOfALandscapeScreenIs320By768AndCompact() throws {
        let probe = Probe()
        var image: UIImage?
        Snapshotting<UIViewController, UIImage>.image(on: .iPadMini(.landscape(splitView: .oneThird)), traits: UITraitCollection(displayScale: 1))
            .snapshot(probe).run { image = $0 }
        #expect(try #require(image?.cgImage?.image).size == PixelSize(width: 320, height: 768))
        #expect(probe.insets == UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(probe.sizeClass == .compact && probe.idiom == .pad)
    }

    @Test func theIPadPresetsSizesAndSizeClassesAreSwiftSnapshotTestings() {
        typealias C = ViewImageConfig
        let sizes: [(C, CGFloat, CGFloat, UIUserInterfaceSizeClass)] = [
            (.iPadMini, 1024, 768, .regular), (.iPadMini(.portrait), 768, 1024, .regular),
            (.iPadMini(.landscape(splitView: .oneHalf)), 507, 768, .compact), (.iPadMini(.landscape(splitView: .twoThirds)), 694, 768, .regular),
            (.iPadMini(.portrait(splitView: .twoThirds)), 438, 1024, .compact), (.iPad9_7, 1024, 768, .regular),
            (.iPad10_2, 1080, 810, .regular), (.iPad10_2(.portrait(splitView: .oneThird)), 320, 1080, .compact),
            (.iPadPro10_5(.landscape(splitView: .twoThirds)), 782, 834, .regular), (.iPadPro10_5(.portrait), 834, 1112, .regular),
            (.iPadPro11(.portrait(splitView: .twoThirds)), 504, 1194, .compact), (.iPadPro11(.landscape(splitView: .oneThird)), 375, 834, .compact),
            (.iPadPro12_9, 1366, 1024, .regular), (.iPadPro12_9(.landscape(splitView: .oneHalf)), 678, 1024, .regular),
            (.iPadPro12_9(.landscape(splitView: .oneThird)), 375, 1024, .compact), (.iPadPro12_9(.portrait(splitView: .twoThirds)), 639, 1366, .compact),
        ]
        for (config, width, height, sizeClass) in sizes {
            #expect(config.size == CGSize(width: width, height: height) && config.traits.horizontalSizeClass == sizeClass, "\(width)×\(height)")
            #expect(config.traits.userInterfaceIdiom == .pad && config.traits.verticalSizeClass == .regular)
        }
        #expect(ViewImageConfig.iPadPro12_9.safeArea == UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(UITraitCollection.iPadPro11_Compact_SplitView.horizontalSizeClass == .compact)
    }
}
