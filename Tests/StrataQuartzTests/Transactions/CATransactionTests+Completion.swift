import Foundation
import StrataCore
import StrataGraphics
import StrataTesting
import Testing

@_spi(Testing) import StrataQuartz

/// Transactions' completion blocks and values as Core Animation documents them.
extension CATransactionTests {
    /// A fade of opacity 1 → 0 over `duration` seconds.
    func fade(duration: Double) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "opacity")
        (animation.fromValue, animation.toValue, animation.duration) = (1.0, 0.0, duration)
        return animation
    }

    @Test("setCompletionBlock waits only for animations added after it: a 2 s fade added before, a 0.5 s fade after; the block runs after 0.5 s, not 2 s")
    func completionWaitsOnlyForLaterAnimations() async throws {
        let (fixture, layer) = try ContextFixture.redSquare()
        var done = false
        CATransaction.begin()
        layer.add(fade(duration: 2), forKey: "before")
        CATransaction.setCompletionBlock { done = true }
        layer.add(fade(duration: 0.5), forKey: "after")
        CATransaction.commit()
        try await fixture.context.present(through: 29)
        await nextTurn()
        #expect(!done)
        try await fixture.context.present(through: 31)
        await nextTurn()
        #expect(done, "the 2 s animation added before the block is not waited for")
    }

    @Test("setCompletionBlock waits only for implicit animations started after it: an implicit opacity change before, position after")
    func completionWaitsOnlyForLaterImplicitAnimations() async throws {
        let (fixture, layer) = try ContextFixture.redSquare()
        try await fixture.context.present(through: 0)
        var done = false
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        layer.opacity = 0.5
        CATransaction.setCompletionBlock { done = true }
        CATransaction.setAnimationDuration(0.5)
        layer.position = CGPoint(x: 100, y: 50)
        CATransaction.commit()
        try await fixture.context.present(through: 40)
        await nextTurn()
        #expect(done, "the 0.5 s move ended; the 2 s fade added before the block is not waited for")
    }

    @Test(
        "CATransaction.setValue(_:forKey:) has nested scope: an inner transaction sees the outer's value, its own hides it until its commit; kCATransactionAnimationDuration sets and reads the duration (1.5)"
    )
    func transactionValuesNest() {
        CATransaction.begin()
        CATransaction.setValue("outer", forKey: "tag")
        CATransaction.begin()
        #expect(CATransaction.value(forKey: "tag") as? String == "outer")
        CATransaction.setValue("inner", forKey: "tag")
        #expect(CATransaction.value(forKey: "tag") as? String == "inner")
        CATransaction.commit()
        #expect(CATransaction.value(forKey: "tag") as? String == "outer")
        CATransaction.setValue(NSNumber(value: 1.5), forKey: kCATransactionAnimationDuration)
        #expect(CATransaction.animationDuration() == 1.5)
        #expect((CATransaction.value(forKey: kCATransactionAnimationDuration) as? NSNumber)?.doubleValue == 1.5)
        CATransaction.setValue(true, forKey: kCATransactionDisableActions)
        #expect(CATransaction.disableActions())
        CATransaction.commit()
        #expect(CATransaction.value(forKey: "tag") == nil)
    }

    @Test("CATransaction.commit() with no current transaction traps (Core Animation raises)")
    func commitWithoutBeginTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { CATransaction.commit() }
        }
    }
}
