import Foundation
import Strata
import StrataSnapshotTesting
import StrataTesting
import Testing

/// The text strategies and the path strategies through swift-snapshot-testing's own
/// `verifySnapshot`, into a folder of the test's own: what they record, compared with what the
/// library records on iOS for the same values, then matching and failing. No GPU: descriptions
/// are laid out in a window whose commits are dropped, paths drawn on the CPU.
@MainActor @Suite struct TextSnapshottingTests {
    let folder = NSTemporaryDirectory() + "strata-text-snapshots-\(UUID().uuidString)"

    /// The file `verifySnapshot` wrote for `test` and `name`.
    func recorded(_ test: String, _ name: String, _ ext: String = "txt") throws -> String {
        try String(contentsOfFile: folder + "/\(test).\(name).\(ext)", encoding: .utf8)
    }

    /// swift-snapshot-testing's test heart: a heart at 45° drawn with every kind of element, and
    /// a circle above it.
    static var heart: CGPath {
        let s: CGFloat = 30
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 0, y: 2 * s))
        path.addQuadCurve(to: CGPoint(x: 1 * s, y: 3 * s), control: CGPoint(x: 0.125 * s, y: 2.875 * s))
        path.addQuadCurve(to: CGPoint(x: 2 * s, y: 2 * s), control: CGPoint(x: 1.875 * s, y: 2.875 * s))
        path.addCurve(to: CGPoint(x: 3 * s, y: 1 * s), control1: CGPoint(x: 2.5 * s, y: 2 * s), control2: CGPoint(x: 3 * s, y: 1.5 * s))
        path.addCurve(to: CGPoint(x: 2 * s, y: 0), control1: CGPoint(x: 3 * s, y: 0.5 * s), control2: CGPoint(x: 2.5 * s, y: 0))
        path.addLine(to: CGPoint(x: 0, y: 0))
        path.closeSubpath()
        path.addEllipse(in: CGRect(x: 2 * s, y: 2 * s, width: s, height: s))
        return path
    }

    /// What swift-snapshot-testing 1.19 records for the heart on iOS (`testCGPath.iOS.txt`).
    static let heartOnIOS = """
        MoveTo (0.0, 0.0)
        LineTo (0.0, 60.0)
        QuadCurveTo (3.75, 86.25) (30.0, 90.0)
        QuadCurveTo (56.25, 86.25) (60.0, 60.0)
        CurveTo (75.0, 60.0) (90.0, 45.0) (90.0, 30.0)
        CurveTo (90.0, 15.0) (75.0, 0.0) (60.0, 0.0)
        LineTo (0.0, 0.0)
        Close\u{20}

        MoveTo (90.0, 75.0)
        CurveTo (90.0, 83.284) (83.284, 90.0) (75.0, 90.0)
        CurveTo (66.716, 90.0) (60.0, 83.284) (60.0, 75.0)
        CurveTo (60.0, 66.716) (66.716, 60.0) (75.0, 60.0)
        CurveTo (83.284, 60.0) (90.0, 66.716) (90.0, 75.0)
        Close\u{20}

        """

    @Test("A path's elementsDescription records iOS's text for the heart, character for character, then matches it; a moved point fails")
    func pathElementsAsIOSRecordsThem() throws {
        let first = verifySnapshot(of: Self.heart, as: .elementsDescription, named: "heart", snapshotDirectory: folder, testName: "path")
        #expect(first?.contains("Automatically recorded snapshot") == true)
        #expect(try recorded("path", "heart") == Self.heartOnIOS)
        #expect(verifySnapshot(of: Self.heart, as: .elementsDescription, named: "heart", snapshotDirectory: folder, testName: "path") == nil)
        let changed = Self.heart.mutableCopy()!
        changed.addLine(to: CGPoint(x: 1, y: 2))
        let failure = verifySnapshot(of: changed as CGPath, as: .elementsDescription, named: "heart", snapshotDirectory: folder, testName: "path")
        #expect(failure?.contains("+LineTo (1.0, 2.0)") == true, "the diff names the new line: \(failure ?? "")")
        // A Bézier path describes itself through its Core Graphics path.
        let bezier = verifySnapshot(of: UIBezierPath(cgPath: Self.heart), as: .elementsDescription, named: "bezier", snapshotDirectory: folder, testName: "path")
        #expect(bezier != nil)
        #expect(try recorded("path", "bezier") == Self.heartOnIOS)
    }

    @Test("A number formatter of the test's own writes the coordinates: with no decimals, `MoveTo (90, 75)`")
    func pathElementsWithAFormatter() throws {
        let formatter = NumberFormatter()
        formatter.maximumFractionDigits = 0
        _ = verifySnapshot(of: Self.heart, as: .elementsDescription(numberFormatter: formatter), named: "whole", snapshotDirectory: folder, testName: "path")
        let text = try recorded("path", "whole")
        #expect(text.contains("\nMoveTo (90, 75)\nCurveTo (90, 83) (83, 90) (75, 90)\n"))
    }

    @Test(
        "A path's image is its bounding box (90 × 90 for the heart) filled even-odd in black: inside the heart and inside the circle is black, where they overlap clear, outside clear"
    )
    func pathImages() throws {
        _ = verifySnapshot(of: Self.heart, as: .image, named: "heart", snapshotDirectory: folder, testName: "path")
        let image = try #require(UIImage(contentsOfFile: folder + "/path.heart.png")?.cgImage?.image)
        #expect(image.size == PixelSize(width: 90, height: 90))
        #expect(image[20, 20] == RGBA8(0, 0, 0, 255), "inside the heart")
        #expect(image[80, 80] == RGBA8(0, 0, 0, 255), "inside the circle, outside the heart")
        #expect(image[62, 62].a == 0, "inside both: even-odd leaves it clear")
        #expect(image[88, 88].a == 0, "outside both")
        #expect(verifySnapshot(of: Self.heart, as: .image, named: "heart", snapshotDirectory: folder, testName: "path") == nil)
        // By the non-zero rule too, as the heart runs counter-clockwise on screen and the circle
        // clockwise; at scale 2 the image is 180 pixels wide.
        _ = verifySnapshot(of: Self.heart, as: .image(scale: 2, drawingMode: .fill), named: "filled", snapshotDirectory: folder, testName: "path")
        let filled = try #require(UIImage(contentsOfFile: folder + "/path.filled.png")?.cgImage?.image)
        #expect(filled.size == PixelSize(width: 180, height: 180))
        #expect(filled[40, 40] == RGBA8(0, 0, 0, 255) && filled[124, 124].a == 0 && filled[160, 160] == RGBA8(0, 0, 0, 255))
        // A Bézier path fills by its own rule (non-zero by default) into its bounds.
        _ = verifySnapshot(of: UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 20, height: 20)), as: .image, named: "oval", snapshotDirectory: folder, testName: "path")
        let oval = try #require(UIImage(contentsOfFile: folder + "/path.oval.png")?.cgImage?.image)
        #expect(oval.size == PixelSize(width: 20, height: 20))
        #expect(oval[10, 10] == RGBA8(0, 0, 0, 255) && oval[0, 0].a == 0)
    }

    @Test(
        "A view's recursiveDescription records one line a view with the pointers removed: a 375 × 667 controller view with a label, as iOS prints them"
    )
    func viewsAsText() throws {
        let controller = UIViewController()
        controller.view.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
        let label = UILabel(frame: CGRect(x: 180.5, y: 20, width: 52.5, height: 19.5))
        label.text = "What's"
        controller.view.addSubview(label)
        _ = verifySnapshot(of: controller, as: .recursiveDescription, named: "1", snapshotDirectory: folder, testName: "controller")
        #expect(
            try recorded("controller", "1") == """
                <UIView; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer>>
                   | <UILabel; frame = (180.5 20; 52.5 19.5); text = 'What's'; userInteractionEnabled = NO; layer = <_UILabelLayer>>
                """)
        #expect(verifySnapshot(of: controller, as: .recursiveDescription, named: "1", snapshotDirectory: folder, testName: "controller") == nil)
        // On a device, the view takes the device's size.
        _ = verifySnapshot(of: controller, as: .recursiveDescription(on: .iPhoneSe), named: "se", snapshotDirectory: folder, testName: "controller")
        #expect(try recorded("controller", "se").hasPrefix("<UIView; frame = (0 0; 320 568); autoresize = W+H; layer = <CALayer>>\n"))
        // A plain view keeps its origin and takes the size asked for; afterwards its frame is back.
        let view = UIView(frame: CGRect(x: 5, y: 6, width: 10, height: 10))
        _ = verifySnapshot(of: view, as: .recursiveDescription(size: CGSize(width: 40, height: 30)), named: "view", snapshotDirectory: folder, testName: "view")
        #expect(try recorded("view", "view") == "<UIView; frame = (5 6; 40 30); layer = <CALayer>>")
        #expect(view.frame == CGRect(x: 5, y: 6, width: 10, height: 10) && view.superview == nil)
    }

    @Test(
        "A tab bar controller's hierarchy, shown in a window: the tab bar and its selected navigation controller appeared, the other disappeared with its root's view not loaded"
    )
    func controllerHierarchies() throws {
        let tab = UITabBarController()
        tab.viewControllers = [UINavigationController(rootViewController: UIViewController()), UINavigationController(rootViewController: UIViewController())]
        _ = verifySnapshot(of: tab, as: .hierarchy, named: "1", snapshotDirectory: folder, testName: "hierarchy")
        let lines = try recorded("hierarchy", "1").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "<UITabBarController>, state: appeared, view: <UILayoutContainerView>")
        #expect(lines.dropFirst().first == "   | <UINavigationController>, state: appeared, view: <UILayoutContainerView>")
        #expect(lines.dropFirst(2).first == "   |    | <UIViewController>, state: appeared, view: <UIView>")
        #expect(lines.last == "   |    | <UIViewController>, state: disappeared, view: (view not loaded)")
        #expect(verifySnapshot(of: tab, as: .hierarchy, named: "1", snapshotDirectory: folder, testName: "hierarchy") == nil)
    }
}
