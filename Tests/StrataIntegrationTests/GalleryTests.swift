import Foundation
import Strata
import StrataTesting
import Testing

/// The pictures the README and the documentation show: each is a reference the test job makes
/// again from the program itself and compares (the examples' in `ExamplesTests`, the demo's
/// here), so a change to what a program draws fails the job with the difference, and the
/// pictures never go stale. `bash scripts/refresh-pictures.sh` records them again.
@Suite struct GalleryTests {
    /// The repository's top folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Where DocC finds the gallery's copies (a catalog's images must lie inside it).
    static let documentationImages = root.appendingPathComponent("Sources/Strata/Strata.docc/Resources")
    /// The demo frames the gallery shows, of 60 at 640 × 360: the settings list, the photo grid
    /// pushed halfway, and the grid shown.
    static let demoFrames = [0, 40, 59]

    @Test("strata demo --size 640x360 --frames 60 draws frames 0, 40 and 59 as their references", .tags(.gpu), .requiresGPU)
    func theDemosFramesMatchTheirReferences() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("strata-gallery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let (status, output) = try CommandLineTests.strata(["demo", "--out", out.path, "--size", "640x360", "--frames", "60"])
        #expect(status == 0, "\(output)")
        for frame in Self.demoFrames {
            let file = String(format: "frame-%03d", frame)
            let image = try #require(UIImage(contentsOfFile: out.appendingPathComponent(file + ".png").path), "the demo wrote no \(file).png")
            #expect(image.size == CGSize(width: 640, height: 360))
            let failure = PictureReferences.failure(of: image, named: file, in: "Demo", testName: "demo")
            #expect(failure == nil, "the demo's \(file): \(failure ?? "")")
        }
    }

    /// The pictures `text` shows (`![…](PATH)` or `<img src="PATH" …>`), as paths from the top folder.
    static func pictures(in text: String) -> [String] {
        text.matches(of: #/(?:\]\(|src=")(Tests/StrataIntegrationTests/__Snapshots__/[^)"]+\.png)/#).map { String($0.1) }
    }

    @Test(
        "Every picture the README shows is a reference the test job compares (the demo's three frames and at least one of each example program), and the DocC gallery shows the same pictures as byte-identical copies"
    )
    func theGalleryShowsOnlyComparedPictures() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let shown = Self.pictures(in: readme)
        #expect(shown.count >= Self.demoFrames.count + 12, "the README's gallery shows \(shown.count) pictures")
        for frame in Self.demoFrames {
            #expect(shown.contains(String(format: "Tests/StrataIntegrationTests/__Snapshots__/Demo/demo.frame-%03d.png", frame)))
        }
        let examples = try FileManager.default.contentsOfDirectory(atPath: PictureReferences.folder.appendingPathComponent("Examples").path)
        for example in examples {
            #expect(shown.contains { $0.contains("/Examples/\(example)/") }, "the README's gallery shows nothing of \(example)")
        }
        let gallery = try String(contentsOf: Self.root.appendingPathComponent("Sources/Strata/Strata.docc/Gallery.md"), encoding: .utf8)
        for path in shown {
            let reference = Self.root.appendingPathComponent(path)
            #expect(FileManager.default.fileExists(atPath: reference.path), "the README shows \(path), which is not a reference")
            let name = Self.documentationName(of: path)
            let copy = Self.documentationImages.appendingPathComponent(name + ".png")
            #expect(
                (try? Data(contentsOf: copy)) == (try? Data(contentsOf: reference)),
                "\(copy.lastPathComponent) is not a copy of \(path): run bash scripts/refresh-pictures.sh")
            #expect(gallery.contains("(\(name))"), "the DocC gallery does not show \(name)")
        }
    }

    /// The name DocC knows a reference's copy by: its file name without `.png`, dots as dashes
    /// (`Examples/Settings/Settings.settings-start.png` → `gallery-Settings-settings-start`).
    static func documentationName(of path: String) -> String {
        "gallery-" + String(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent).replacingOccurrences(of: ".", with: "-")
    }
}
