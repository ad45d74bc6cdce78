import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// A `size`-point image at `scale`, filled by `paint` (points, y down).
@MainActor func makeImage(_ size: CGSize, scale: CGFloat = 1, _ paint: () -> Void) -> UIImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = scale
    return UIImage(cgImage: UIGraphicsImageRenderer(size: size, format: format).image { _ in paint() }.cgImage!, scale: scale)
}

/// `image` drawn at its size on a clear canvas at scale 1, read back.
@MainActor func drawn(_ image: UIImage, in rect: CGRect? = nil) throws -> RGBAImage {
    let r = rect ?? CGRect(origin: .zero, size: image.size)
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    let out = UIGraphicsImageRenderer(size: CGSize(width: r.maxX, height: r.maxY), format: format).image { _ in image.draw(in: r) }
    return try #require(out.cgImage?.image)
}

/// A solid square of `color`.
@MainActor func solid(_ color: UIColor, _ side: CGFloat = 10, scale: CGFloat = 1) -> UIImage {
    makeImage(CGSize(width: side, height: side), scale: scale) {
        color.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: side, height: side))
    }
}

/// UIImage's orientation: a JPEG's EXIF tag becomes `imageOrientation`, the pixels stay as stored,
/// and everything that shows the image shows it upright.
@MainActor
@Suite struct UIImageOrientationTests {
    @Test("Orientation raw values are UIKit's: up 0, down 1, left 2, right 3, then the mirrored four 4…7")
    func rawValues() {
        #expect(UIImage.Orientation.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5, 6, 7])
        #expect(UIImage.Orientation(rawValue: 3) == .right && UIImage.Orientation(rawValue: 7) == .rightMirrored)
        #expect(UIImage().imageOrientation == .up && UIImage().size == .zero && UIImage().scale == 1 && UIImage().cgImage == nil)
    }

    @Test(
        "A JPEG's EXIF orientation: 6 is .right, 8 .left, 3 .down; size turned, cgImage as stored (32×16), drawn upright",
        arguments: [
            (UInt8(6), UIImage.Orientation.right, CGSize(width: 16, height: 32), RGBA8(255, 0, 0), RGBA8(0, 0, 255)),
            (UInt8(8), UIImage.Orientation.left, CGSize(width: 16, height: 32), RGBA8(0, 0, 255), RGBA8(255, 0, 0)),
            (UInt8(3), UIImage.Orientation.down, CGSize(width: 32, height: 16), RGBA8(0, 0, 255), RGBA8(255, 0, 0)),
            (UInt8(1), UIImage.Orientation.up, CGSize(width: 32, height: 16), RGBA8(255, 0, 0), RGBA8(0, 0, 255)),
        ])
    func exifOrientation(tag: UInt8, orientation: UIImage.Orientation, size: CGSize, first: RGBA8, second: RGBA8) throws {
        let image = try #require(UIImage(data: ImageCodecTests.withOrientation(try ImageCodecTests.redBlueJPEG(), tag)))
        #expect(image.imageOrientation == orientation)
        #expect(image.size == size)
        #expect(image.cgImage?.width == 32 && image.cgImage?.height == 16, "the bitmap as the file stores it")
        let pixels = try drawn(image)
        // The first half (top when tall, left when wide) and the second.
        let (a, b) = size.height > size.width ? (pixels[8, 8], pixels[8, 24]) : (pixels[8, 8], pixels[24, 8])
        #expect(a.isClose(to: first, tolerance: 24) && b.isClose(to: second, tolerance: 24), "tag \(tag) drawn: \(a), \(b)")
        // pngData writes the picture as shown (PNG has no orientation).
        let pngBytes = try #require(image.pngData())
        let png = try #require(UIImage(data: pngBytes))
        #expect(png.size == size && png.imageOrientation == .up)
    }

    @Test("UIImage(cgImage:scale:orientation:) re-wraps a photo at another scale: the orientation kept, the size halved")
    func rewrapping() throws {
        let photo = try #require(UIImage(data: ImageCodecTests.withOrientation(try ImageCodecTests.redBlueJPEG(), 6)))
        let half = UIImage(cgImage: try #require(photo.cgImage), scale: 2, orientation: photo.imageOrientation)
        #expect(half.size == CGSize(width: 8, height: 16) && half.imageOrientation == .right)
        let turned = UIImage(cgImage: try #require(photo.cgImage), scale: 1, orientation: .up)
        #expect(turned.size == CGSize(width: 32, height: 16), ".up: the stored picture")
    }

    @Test("An image view shows a .right photo upright: the scene 16×32 at (0, 0), red on top at (8, 8), blue below at (8, 24)", .tags(.gpu), .requiresGPU)
    func imageViewShowsUpright() async throws {
        let f = try ScreenFixture(size: CGSize(width: 40, height: 40), background: .white, gpu: true)
        let photo = try #require(UIImage(data: ImageCodecTests.withOrientation(try ImageCodecTests.redBlueJPEG(), 6)))
        let view = UIImageView(image: photo)
        #expect(view.frame == CGRect(x: 0, y: 0, width: 16, height: 32))
        f.window.addSubview(view)
        let image = try await f.render()
        expectPixel(image, 8, 8, RGBA8(255, 0, 0), tolerance: 24, "the top half: red")
        expectPixel(image, 8, 24, RGBA8(0, 0, 255), tolerance: 24, "the bottom half: blue")
        expectPixel(image, 30, 8, .white, "right of the view: the window")
        await f.finish()
    }
}

/// `UIImage(named:)`: files in a bundle, the scale's variant, asset catalogs, the cache.
@MainActor
@Suite struct UIImageNamedTests {
    /// A folder with icon.png (red, 10×10), icon@2x.png (green, 20×20), photo.jpg, and an asset
    /// catalog with star (1x yellow 4×4, 3x blue 12×12), opened as a bundle.
    static func makeBundle() throws -> (Bundle, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-named-\(getpid())-\(UUID().uuidString)").path
        let set = dir + "/Media.xcassets/star.imageset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        try solid(.red).pngData()!.write(to: URL(fileURLWithPath: dir + "/icon.png"))
        try solid(.green, 20).pngData()!.write(to: URL(fileURLWithPath: dir + "/icon@2x.png"))
        try ImageCodecTests.redBlueJPEG().write(to: URL(fileURLWithPath: dir + "/photo.jpg"))
        try solid(.yellow, 4).pngData()!.write(to: URL(fileURLWithPath: set + "/star-small.png"))
        try solid(.blue, 12).pngData()!.write(to: URL(fileURLWithPath: set + "/star-large.png"))
        let contents = """
            {"images": [{"filename": "star-small.png", "idiom": "universal", "scale": "1x"},
                        {"idiom": "universal", "scale": "2x"},
                        {"filename": "star-large.png", "idiom": "universal", "scale": "3x"}],
             "info": {"author": "xcode", "version": 1}}
            """
        try contents.write(toFile: set + "/Contents.json", atomically: true, encoding: .utf8)
        return (try #require(Bundle(path: dir)), dir)
    }

    @Test("The screen's scale picks the file: scale 2 loads icon@2x.png at scale 2 (10×10 points), scale 1 icon.png, scale 3 falls back to @2x")
    func scaleVariants() throws {
        let (bundle, dir) = try Self.makeBundle()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let two = try #require(UIImage(named: "icon", in: bundle, compatibleWith: UITraitCollection(displayScale: 2)))
        #expect(two.scale == 2 && two.size == CGSize(width: 10, height: 10))
        #expect(try drawn(two)[5, 5] == RGBA8(0, 255, 0), "the @2x file is green")
        let one = try #require(UIImage(named: "icon", in: bundle, compatibleWith: UITraitCollection(displayScale: 1)))
        #expect(one.scale == 1 && one.size == CGSize(width: 10, height: 10))
        #expect(try drawn(one)[5, 5] == RGBA8(255, 0, 0), "the plain file is red")
        let three = try #require(UIImage(named: "icon.png", in: bundle, compatibleWith: UITraitCollection(displayScale: 3)))
        #expect(three.scale == 2, "no @3x file: the nearest below, @2x")
    }

    @Test("A name without an extension means PNG; other formats need theirs; a missing name is nil; systemName is nil")
    func extensionsAndMisses() throws {
        let (bundle, dir) = try Self.makeBundle()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scale1 = UITraitCollection(displayScale: 1)
        #expect(UIImage(named: "photo", in: bundle, compatibleWith: scale1) == nil, "photo.jpg is not found as \"photo\"")
        #expect(UIImage(named: "photo.jpg", in: bundle, compatibleWith: scale1)?.size == CGSize(width: 32, height: 16))
        #expect(UIImage(named: "nothing", in: bundle, compatibleWith: scale1) == nil)
        #expect(UIImage(named: "", in: bundle, compatibleWith: scale1) == nil)
        #expect(UIImage(named: "no-such-image-anywhere") == nil, "the main bundle has none")
        #expect(UIImage(systemName: "star.fill") == nil, "Strata has no SF Symbols")
        #expect(UIImage(systemName: "heart", compatibleWith: nil) == nil)
    }

    @Test("An asset catalog's image set is read: star at scale 3 is the 3x file (12 px, 4 points), at scale 2 the 3x one too, at 1 the 1x")
    func assetCatalog() throws {
        let (bundle, dir) = try Self.makeBundle()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let three = try #require(UIImage(named: "star", in: bundle, compatibleWith: UITraitCollection(displayScale: 3)))
        #expect(three.scale == 3 && three.size == CGSize(width: 4, height: 4))
        #expect(try drawn(three)[2, 2] == RGBA8(0, 0, 255))
        #expect(UIImage(named: "star", in: bundle, compatibleWith: UITraitCollection(displayScale: 2))?.scale == 3, "no 2x file: the nearest above")
        let one = try #require(UIImage(named: "star", in: bundle, compatibleWith: UITraitCollection(displayScale: 1)))
        #expect(one.scale == 1)
        #expect(try drawn(one)[2, 2] == RGBA8(255, 255, 0))
    }

    @Test("Naming an image twice shares its bitmap (one decode, one GPU upload)")
    func cacheShares() throws {
        let (bundle, dir) = try Self.makeBundle()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = try #require(UIImage(named: "icon", in: bundle, compatibleWith: UITraitCollection(displayScale: 2)))
        let b = try #require(UIImage(named: "icon", in: bundle, compatibleWith: UITraitCollection(displayScale: 2)))
        #expect(a.cgImage === b.cgImage)
    }

    @Test("Without a trait collection the main screen's scale picks the file")
    func mainScreenScale() throws {
        let (bundle, dir) = try Self.makeBundle()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let expected: CGFloat = UIScreen.main.scale >= 2 ? 2 : 1
        #expect(UIImage(named: "icon", in: bundle, compatibleWith: nil)?.scale == expected)
        #expect(UIImage(named: "icon", in: bundle, compatibleWith: UITraitCollection())?.scale == expected, "an unspecified scale too")
    }

    @Test("A Swift package's resource bundle: Bundle.module's icon (a 6×6 orange PNG at @2x: 3×3 points)")
    func packageResources() throws {
        let image = try #require(UIImage(named: "module-icon", in: .module, compatibleWith: UITraitCollection(displayScale: 2)))
        #expect(image.scale == 2 && image.size == CGSize(width: 3, height: 3))
        #expect(try drawn(image, in: CGRect(x: 0, y: 0, width: 3, height: 3))[1, 1] == RGBA8(255, 128, 0))
    }
}

/// Template images, tint, resizable images.
@MainActor
@Suite struct UIImageVariantTests {
    /// A 10×10 image: a red disc-like square in the middle 6×6, clear around it.
    static func mark() -> UIImage {
        makeImage(CGSize(width: 10, height: 10)) {
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 2, y: 2, width: 6, height: 6))
        }
    }

    @Test("withRenderingMode keeps the pixels and changes only the mode; the default is .automatic, raw values 0/1/2")
    func renderingMode() {
        let image = Self.mark()
        #expect(image.renderingMode == .automatic)
        let template = image.withRenderingMode(.alwaysTemplate)
        #expect(template.renderingMode == .alwaysTemplate && template.cgImage === image.cgImage && template.size == image.size)
        #expect(UIImage.RenderingMode.alwaysOriginal.rawValue == 1 && UIImage.RenderingMode.alwaysTemplate.rawValue == 2)
    }

    @Test("withTintColor(blue): blue where the image has ink (5, 5), clear where it has none (0, 0); the rendering mode kept")
    func withTintColor() throws {
        let tinted = Self.mark().withTintColor(.blue)
        #expect(tinted.renderingMode == .automatic)
        let pixels = try drawn(tinted)
        #expect(pixels[5, 5] == RGBA8(0, 0, 255))
        #expect(pixels[0, 0] == RGBA8(0, 0, 0, 0))
        #expect(Self.mark().withRenderingMode(.alwaysTemplate).withTintColor(.green).renderingMode == .alwaysTemplate)
    }

    @Test("An image view tints a template image: green at (15, 15) in a view at (10, 10); .automatic shows red; a new tint recolours", .tags(.gpu), .requiresGPU)
    func imageViewTintsTemplates() async throws {
        let f = try ScreenFixture(size: CGSize(width: 60, height: 30), gpu: true)
        let template = UIImageView(image: Self.mark().withRenderingMode(.alwaysTemplate))
        template.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        template.tintColor = .green
        let original = UIImageView(image: Self.mark())
        original.frame = CGRect(x: 30, y: 10, width: 10, height: 10)
        original.tintColor = .green
        f.window.addSubview(template)
        f.window.addSubview(original)
        var image = try await f.render()
        expectPixel(image, 15, 15, RGBA8(0, 255, 0), "the template's ink in the tint")
        expectPixel(image, 11, 11, .white, "the template's clear corner")
        expectPixel(image, 35, 15, RGBA8(255, 0, 0), ".automatic: the image's own red")
        f.window.tintColor = .blue
        template.tintColor = nil
        image = try await f.render()
        expectPixel(image, 15, 15, RGBA8(0, 0, 255), "the inherited tint, after the view's own was cleared")
        await f.finish()
    }

    @Test(
        "A system button draws an .automatic image in its tint (green at the image's middle); a custom button in the image's red; .alwaysOriginal stays red",
        .tags(.gpu), .requiresGPU)
    func buttonsTemplateTheirImages() async throws {
        let f = try ScreenFixture(size: CGSize(width: 90, height: 30), gpu: true)
        func button(_ type: UIButton.ButtonType, _ image: UIImage, x: CGFloat) -> UIButton {
            let b = UIButton(type: type)
            b.setImage(image, for: .normal)
            b.tintColor = .green
            b.frame = CGRect(x: x, y: 0, width: 30, height: 30)
            f.window.addSubview(b)
            return b
        }
        let system = button(.system, Self.mark(), x: 0)
        _ = button(.custom, Self.mark(), x: 30)
        _ = button(.system, Self.mark().withRenderingMode(.alwaysOriginal), x: 60)
        #expect(system.currentImage?.renderingMode == .automatic, "the button keeps the image it was given")
        let image = try await f.render()
        expectPixel(image, 15, 15, RGBA8(0, 255, 0), "system button: the tint")
        expectPixel(image, 45, 15, RGBA8(255, 0, 0), "custom button: the image's colours")
        expectPixel(image, 75, 15, RGBA8(255, 0, 0), "an .alwaysOriginal image in a system button")
        await f.finish()
    }

    /// A 30×30 image: a 10-point blue frame around a red middle.
    static func framed() -> UIImage {
        makeImage(CGSize(width: 30, height: 30)) {
            UIColor.blue.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 30, height: 30))
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 10, y: 10, width: 10, height: 10))
        }
    }

    /// A 30×10 image: blue 10-point caps left and right, between them green then yellow 5 points each.
    static func striped() -> UIImage {
        makeImage(CGSize(width: 30, height: 10)) {
            UIColor.blue.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 30, height: 10))
            UIColor.green.setFill()
            UIRectFill(CGRect(x: 10, y: 0, width: 5, height: 10))
            UIColor.yellow.setFill()
            UIRectFill(CGRect(x: 15, y: 0, width: 5, height: 10))
        }
    }

    @Test("resizableImage keeps its caps and mode: withCapInsets alone tiles, .stretch stretches; ordinary images have zero caps")
    func resizableAttributes() {
        let caps = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let tiled = Self.framed().resizableImage(withCapInsets: caps)
        #expect(tiled.capInsets == caps && tiled.resizingMode == .tile && tiled.size == CGSize(width: 30, height: 30))
        #expect(Self.framed().resizableImage(withCapInsets: caps, resizingMode: .stretch).resizingMode == .stretch)
        #expect(Self.framed().capInsets == .zero && UIImage.ResizingMode.stretch.rawValue == 1)
    }

    @Test("A stretched resizable image in a 100×60 image view keeps 10-point caps: blue at (5, 30) and (95, 30), red at (15, 30) and (50, 30)", .tags(.gpu), .requiresGPU)
    func stretchedInAnImageView() async throws {
        let f = try ScreenFixture(size: CGSize(width: 100, height: 60), gpu: true)
        let view = UIImageView(
            image: Self.framed().resizableImage(withCapInsets: UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10), resizingMode: .stretch))
        view.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        f.window.addSubview(view)
        let image = try await f.render()
        expectPixel(image, 5, 30, RGBA8(0, 0, 255), tolerance: 8, "the left cap")
        expectPixel(image, 95, 30, RGBA8(0, 0, 255), tolerance: 8, "the right cap")
        expectPixel(image, 50, 5, RGBA8(0, 0, 255), tolerance: 8, "the top cap")
        expectPixel(image, 15, 30, RGBA8(255, 0, 0), tolerance: 8, "just inside the cap: red (scaled whole, the frame would be 33 wide)")
        expectPixel(image, 50, 30, RGBA8(255, 0, 0), tolerance: 8, "the middle")
        await f.finish()
    }

    @Test(
        "A tiled resizable image in a 100×10 image view repeats its interior from x = 10: green at 12, yellow at 17, green at 22, yellow at 27; caps blue",
        .tags(.gpu), .requiresGPU)
    func tiledInAnImageView() async throws {
        let f = try ScreenFixture(size: CGSize(width: 100, height: 10), gpu: true)
        let view = UIImageView(image: Self.striped().resizableImage(withCapInsets: UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10)))
        view.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
        f.window.addSubview(view)
        var image = try await f.render()
        for (x, color) in [(5, RGBA8(0, 0, 255)), (12, RGBA8(0, 255, 0)), (17, RGBA8(255, 255, 0)), (22, RGBA8(0, 255, 0)), (27, RGBA8(255, 255, 0)), (95, RGBA8(0, 0, 255))] {
            expectPixel(image, x, 5, color, tolerance: 8, "x = \(x)")
        }
        view.frame = CGRect(x: 0, y: 0, width: 60, height: 10)
        image = try await f.render()
        expectPixel(image, 55, 5, RGBA8(0, 0, 255), tolerance: 8, "resized to 60: the right cap moved to 50…60")
        expectPixel(image, 47, 5, RGBA8(255, 255, 0), tolerance: 8, "resized: the tiles go on up to the cap")
        await f.finish()
    }

    @Test("draw(in:) draws a resizable image nine-part: caps 10 points wide at any size")
    func drawNinePart() throws {
        let caps = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let stretched = try drawn(Self.framed().resizableImage(withCapInsets: caps, resizingMode: .stretch), in: CGRect(x: 0, y: 0, width: 80, height: 40))
        #expect(stretched[5, 20].isClose(to: RGBA8(0, 0, 255), tolerance: 8) && stretched[75, 20].isClose(to: RGBA8(0, 0, 255), tolerance: 8))
        #expect(stretched[14, 20].isClose(to: RGBA8(255, 0, 0), tolerance: 8), "\(stretched[14, 20])")
        let tiled = try drawn(
            Self.striped().resizableImage(withCapInsets: UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10)), in: CGRect(x: 0, y: 0, width: 50, height: 10))
        #expect(tiled[17, 5].isClose(to: RGBA8(255, 255, 0), tolerance: 8) && tiled[22, 5].isClose(to: RGBA8(0, 255, 0), tolerance: 8))
        #expect(tiled[45, 5].isClose(to: RGBA8(0, 0, 255), tolerance: 8), "the right cap at 40…50")
    }
}

/// Image view frame animations, played by the render thread.
@MainActor
@Suite(.tags(.gpu), .requiresGPU) struct UIImageViewAnimationTests {
    @Test("animationImages red, green, blue over 0.3 s once: red at 0.05 s, green at 0.15 s, blue at 0.25 s, then the image (none: white) and isAnimating false")
    func framesStepOnTheFrameClock() async throws {
        let f = try ScreenFixture(size: CGSize(width: 20, height: 20), gpu: true)
        let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.animationImages = [solid(.red), solid(.green), solid(.blue)]
        view.animationDuration = 0.3
        view.animationRepeatCount = 1
        #expect(view.isAnimating == false)
        f.window.addSubview(view)
        view.startAnimating()
        #expect(view.isAnimating)
        var frame = 0
        var image = try await f.renderUntil(frame: 3, from: &frame)
        expectPixel(image, 5, 5, RGBA8(255, 0, 0), "0.05 s: the first frame")
        image = try await f.renderUntil(frame: 9, from: &frame)
        expectPixel(image, 5, 5, RGBA8(0, 255, 0), "0.15 s: the second frame")
        image = try await f.renderUntil(frame: 15, from: &frame)
        expectPixel(image, 5, 5, RGBA8(0, 0, 255), "0.25 s: the third frame")
        _ = try await f.renderUntil(frame: 24, from: &frame)
        await nextTurn()
        image = try await f.renderUntil(frame: 26, from: &frame)
        #expect(view.isAnimating == false, "one pass, then done")
        expectPixel(image, 5, 5, .white, "after the pass: the image view's image, none")
        await f.finish()
    }

    @Test("A repeating animation keeps stepping, and stopAnimating shows the image again")
    func repeatingThenStopped() async throws {
        let f = try ScreenFixture(size: CGSize(width: 20, height: 20), gpu: true)
        let view = UIImageView(image: solid(.black))
        view.animationImages = [solid(.red), solid(.green)]
        view.animationDuration = 0.2
        f.window.addSubview(view)
        view.startAnimating()
        var frame = 0
        var image = try await f.renderUntil(frame: 3 + 12 * 5, from: &frame)
        expectPixel(image, 5, 5, RGBA8(255, 0, 0), "1.05 s, the sixth pass's first half")
        image = try await f.renderUntil(frame: 9 + 12 * 5, from: &frame)
        expectPixel(image, 5, 5, RGBA8(0, 255, 0), "1.15 s, its second half")
        #expect(view.isAnimating)
        view.stopAnimating()
        #expect(view.isAnimating == false)
        image = try await f.renderFrames(1)
        expectPixel(image, 5, 5, RGBA8(0, 0, 0), "stopped: the image")
        await f.finish()
    }

    @Test("An animated UIImage plays in an image view: 2 frames over 0.2 s, size and scale from the first")
    func animatedImage() async throws {
        let animated = try #require(UIImage.animatedImage(with: [solid(.red), solid(.blue)], duration: 0.2))
        #expect(animated.images?.count == 2 && animated.duration == 0.2 && animated.size == CGSize(width: 10, height: 10))
        #expect(UIImage.animatedImage(with: [], duration: 1) == nil)
        let f = try ScreenFixture(size: CGSize(width: 20, height: 20), gpu: true)
        f.window.addSubview(UIImageView(image: animated))
        var frame = 0
        var image = try await f.renderUntil(frame: 3, from: &frame)
        expectPixel(image, 5, 5, RGBA8(255, 0, 0), "0.05 s")
        image = try await f.renderUntil(frame: 9, from: &frame)
        expectPixel(image, 5, 5, RGBA8(0, 0, 255), "0.15 s")
        await f.finish()
    }

    @Test("Frames step on the render thread while the main thread sleeps (real clock): both colours seen")
    func framesStepWhileTheMainThreadSleeps() async throws {
        let compositor = try Compositor(configuration: CompositorConfiguration(clock: .monotonic))
        let screen = UIScreen(size: CGSize(width: 20, height: 20), compositor: compositor)
        let window = UIWindow(frame: screen.bounds)
        window.backgroundColor = .white
        window.screen = screen
        window.makeKeyAndVisible()
        let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        view.animationImages = [solid(.red), solid(.blue)]
        view.animationDuration = 0.4
        window.addSubview(view)
        view.startAnimating()
        CATransaction.flush()
        let drawer = Task.detached {
            var seen: [RGBA8] = []
            for _ in 0..<12 {
                try await Task.sleep(for: .milliseconds(70))
                let image = try #require(try await compositor.renderFrame(size: PixelSize(width: 20, height: 20)).image)
                seen.append(image[10, 10])
            }
            return seen
        }
        usleep(1_000_000)  // the main thread does nothing meanwhile
        let seen = try await drawer.value
        #expect(seen.contains(RGBA8(255, 0, 0)) && seen.contains(RGBA8(0, 0, 255)), "\(seen)")
        _ = await compositor.shutdown()
    }

    /// Strata refuses an image beyond the GPU's texture limit (it does not downsample it): the
    /// frame reports `contentsTooLarge` naming the size and the limit, the view shows no contents,
    /// and the rest of the commit arrives.
    @Test("An image view whose image is wider than the texture limit: a clear error, the rest drawn")
    func anImageBeyondTheTextureLimitIsAClearError() async throws {
        let f = try ScreenFixture(gpu: true)
        let limit = f.screen.commitSink.maxTextureSize
        let huge = UIImageView(image: solidImage(width: limit + 1, height: 2))
        huge.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        let fine = UIView(frame: CGRect(x: 0, y: 50, width: 10, height: 10))
        fine.backgroundColor = .red
        [huge, fine].forEach(f.window.addSubview)
        await #expect {
            _ = try await f.screen.renderFrame()
        } throws: { error in
            guard case StrataError.contentsTooLarge(_, let width, let height, let l) = error else { return false }
            return width == limit + 1 && height == 2 && l == limit && "\(error)".contains("maximum texture size \(limit)")
        }
        let image = try await f.render()
        expectPixel(image, 50, 10, .white, "where the huge image would be: the window, no contents")
        expectPixel(image, 5, 55, .red, "the rest of the commit arrived")
        await f.finish()
    }
}
