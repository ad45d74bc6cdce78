import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// The layout pass reaches a new subview's pending layout, and a layout that never settles stops
/// after 32 rounds and can run again.
extension UIViewLayoutTests {
    @Test func addingASubviewLaysOutTheSuperviewAndThePendingSubview() {
        let parent = RecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        parent.layoutIfNeeded()
        let before = parent.layoutCount
        let child = RecordingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))  // needs layout from its size
        parent.addSubview(child)
        parent.layoutIfNeeded()
        #expect(parent.layoutCount == before + 1, "sublayers were added")
        #expect(child.layoutCount == 1, "the new subview's pending layout is reached from its new superview")
    }
    @Test func layoutThatNeverSettlesStopsAndCanRunAgain() async throws {
        final class Restless: UIView {
            var count = 0
            override func layoutSubviews() { count += 1; setNeedsLayout() }
        }
        let f = try ScreenFixture()
        let view = Restless(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(view)
        CATransaction.flush()
        let after = view.count
        #expect(after >= 32)
        view.setNeedsLayout()
        CATransaction.flush()
        #expect(view.count > after, "a later setNeedsLayout() lays out again")
        await f.finish()
    }
}
