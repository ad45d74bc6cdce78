import Foundation
import Strata
import StrataSnapshotTesting

/// The reference pictures the process-level tests compare what programs draw with (the examples',
/// the demo's, Walkthrough's), in swift-snapshot-testing's layout under `__Snapshots__`
/// (`Examples/NAME/NAME.FILE.png`, `Demo/demo.frame-NNN.png`); a missing one is recorded on the
/// first run, which then fails. The README's gallery shows them.
enum PictureReferences {
    /// The `__Snapshots__` folder beside these tests.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")

    /// `image` against the reference `SUBFOLDER/TESTNAME.NAME.png`, through swift-snapshot-testing's
    /// `verifySnapshot` with StrataSnapshotTesting's image strategy: the same bytes pass at once;
    /// another GL driver's rounding passes at a perceptual precision of 0.98 (a CIE94 ΔE of 2,
    /// below what the eye tells apart). Nil when it matches, else the failure message.
    static func failure(of image: UIImage, named name: String, in subfolder: String, testName: String) -> String? {
        verifySnapshot(
            of: image, as: .image(precision: 1, perceptualPrecision: 0.98), named: name,
            snapshotDirectory: folder.appendingPathComponent(subfolder).path, testName: testName)
    }
}
