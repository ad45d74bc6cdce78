import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCore
import StrataTesting
import Testing

/// Transactions: what a turn's changes send to the compositor, and when.
@MainActor
@Suite struct CATransactionTests {
    @Test func aHundredChangesInOneTurnMakeOneCommit() async throws {
        let f = try ScreenFixture()
        let views = (0..<10).map { _ in UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) }
        views.forEach(f.window.addSubview)
        await nextTurn()
        let before = f.commits.commits.count
        // 10 views × 10 changes = 100 property changes.
        for (i, view) in views.enumerated() {
            for step in 1...10 {
                view.center = CGPoint(x: Double(i * 10 + step), y: Double(step))
            }
        }
        #expect(f.commits.commits.count == before, "nothing is sent before the turn ends")
        await nextTurn()
        #expect(f.commits.commits.count == before + 1, "one commit for the whole turn")
        let positions = f.commits.commits.last!.operations.filter {
            if case .set(_, let p) = $0, p.key == .position { return true } else { return false }
        }
        #expect(positions.count == 10, "each view sends its last position once")
        #expect(views[3].center == CGPoint(x: 40, y: 10))
        await f.finish()
    }

    @Test func nestedTransactionsCommitWithTheOutermost() async throws {
        let f = try ScreenFixture()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(view)
        CATransaction.flush()
        let before = f.commits.commits.count
        CATransaction.begin()
        view.alpha = 0.5
        CATransaction.begin()
        view.backgroundColor = .red
        CATransaction.commit()
        #expect(f.commits.commits.count == before, "the inner commit sends nothing")
        CATransaction.flush()
        #expect(f.commits.commits.count == before, "flush leaves an open explicit transaction alone")
        CATransaction.commit()
        #expect(f.commits.commits.count == before + 1, "the outermost commit sends both changes together")
        let ops = f.commits.commits.last!.operations
        #expect(ops.contains(.set(view.layer._id, .opacity(0.5))))
        #expect(ops.contains(.set(view.layer._id, .backgroundColor(Color(red: 1, green: 0, blue: 0)))))
        await f.finish()
    }

    @Test func flushCommitsTheImplicitTransactionNow() async throws {
        let f = try ScreenFixture()
        let before = f.commits.commits.count
        f.window.backgroundColor = .blue
        CATransaction.flush()
        #expect(f.commits.commits.count == before + 1)
        await nextTurn()
        #expect(
            f.commits.commits.count == before + 1,
            "the scheduled implicit commit finds nothing left to send; sent after the flush: \(f.commits.commits.dropFirst(before + 1).map(\.operations))")
        await f.finish()
    }

    @Test func completionBlockRunsAfterTheCommit() async throws {
        let f = try ScreenFixture()
        var ran = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran = true }
        f.window.alpha = 0.5
        CATransaction.commit()
        #expect(!ran, "completion blocks run after the commit, not inside it")
        await nextTurn()
        #expect(ran)
        await f.finish()
    }

    @Test func disableActionsAndDurationBelongToTheTransaction() {
        #expect(!CATransaction.disableActions())
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.setAnimationDuration(1.5)
        #expect(CATransaction.disableActions())
        #expect(CATransaction.animationDuration() == 1.5)
        CATransaction.begin()
        #expect(!CATransaction.disableActions(), "a nested transaction starts with defaults")
        CATransaction.commit()
        CATransaction.commit()
        #expect(!CATransaction.disableActions())
    }

    @Test func unchangedValuesSendNothing() async throws {
        let f = try ScreenFixture()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(view)
        CATransaction.flush()
        let before = f.commits.commits.count
        view.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        view.alpha = 1
        CATransaction.flush()
        #expect(f.commits.commits.count == before, "setting a property to its current value changes nothing")
        await f.finish()
    }

    @Test(.tags(.gpu), .requiresGPU) func aRemovedSubtreeIsReleasedFromTheRenderTreeAndComesBack() async throws {
        let f = try ScreenFixture(gpu: true)
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50)), child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        parent.backgroundColor = .red
        parent.addSubview(child)
        f.window.addSubview(parent)
        CATransaction.flush()
        parent.removeFromSuperview()
        CATransaction.flush()
        let destroyed = f.commits.commits.last!.operations
        #expect(destroyed.contains(.destroyLayer(parent.layer._id)) && destroyed.contains(.destroyLayer(child.layer._id)))
        var image = try await f.render()
        expectPixel(image, 25, 25, .white, "where the removed red view was")
        f.window.addSubview(parent)
        image = try await f.render()
        expectPixel(image, 25, 25, .red, "the same view added again")
        await f.finish()
    }

    @Test func movingAViewWithinTheTreeIsAMoveNotARecreation() async throws {
        let f = try ScreenFixture()
        let a = UIView(), b = UIView(), child = UIView()
        [a, b].forEach(f.window.addSubview)
        a.addSubview(child)
        CATransaction.flush()
        child.removeFromSuperview()
        b.addSubview(child)
        CATransaction.flush()
        let ops = f.commits.commits.last!.operations
        #expect(!ops.contains(.destroyLayer(child.layer._id)) && !ops.contains(.createLayer(child.layer._id)))
        #expect(ops.contains(.insertSublayer(child.layer._id, parent: b.layer._id, index: 0)))
        await f.finish()
    }
}
