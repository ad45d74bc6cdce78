import Foundation
import StrataCompositor
import StrataCore
import StrataGraphics
import StrataTesting
import Testing

@_spi(Testing) import StrataQuartz

/// Transactions: what a turn's changes to layers send to their context's commit sink, and when.
@MainActor
@Suite struct CATransactionTests {
    @Test("A hundred position changes to ten layers in one turn make one commit, each layer's last position sent once")
    func aHundredChangesInOneTurnMakeOneCommit() async throws {
        let f = try ContextFixture()
        let layers = (0..<10).map { _ in f.layer() }
        await nextTurn()
        let before = f.commits.count
        for (i, layer) in layers.enumerated() {
            for step in 1...10 { layer.position = CGPoint(x: Double(i * 10 + step), y: Double(step)) }
        }
        #expect(f.commits.count == before, "nothing is sent before the turn ends")
        await nextTurn()
        #expect(f.commits.count == before + 1, "one commit for the whole turn")
        let positions = f.commits.last!.operations.filter {
            if case .set(_, let p) = $0, p.key == .position { return true } else { return false }
        }
        #expect(positions.count == 10, "each layer sends its last position once")
        #expect(layers[3].position == CGPoint(x: 40, y: 10))
    }

    @Test("A nested transaction's changes are sent by the outermost commit, not by the inner commit or a flush")
    func nestedTransactionsCommitWithTheOutermost() async throws {
        let f = try ContextFixture()
        let layer = f.layer()
        CATransaction.flush()
        let before = f.commits.count
        CATransaction.begin()
        layer.opacity = 0.5
        CATransaction.begin()
        layer.backgroundColor = .red
        CATransaction.commit()
        #expect(f.commits.count == before, "the inner commit sends nothing")
        CATransaction.flush()
        #expect(f.commits.count == before, "flush leaves an open explicit transaction alone")
        CATransaction.commit()
        #expect(f.commits.count == before + 1, "the outermost commit sends both changes together")
        let ops = f.commits.last!.operations
        #expect(ops.contains(.set(layer._id, .opacity(0.5))))
        #expect(ops.contains(.set(layer._id, .backgroundColor(Color(red: 1, green: 0, blue: 0)))))
    }

    @Test("flush() commits the implicit transaction now, and the turn's scheduled commit then finds nothing to send")
    func flushCommitsTheImplicitTransactionNow() async throws {
        let f = try ContextFixture()
        let before = f.commits.count
        f.context.rootLayer.backgroundColor = .blue
        CATransaction.flush()
        #expect(f.commits.count == before + 1)
        await nextTurn()
        #expect(
            f.commits.count == before + 1,
            "the scheduled implicit commit finds nothing left to send; sent after the flush: \(f.commits.dropFirst(before + 1).map(\.operations))")
    }

    @Test("A completion block runs after its transaction's commit, not inside it")
    func completionBlockRunsAfterTheCommit() async throws {
        let f = try ContextFixture()
        var ran = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran = true }
        f.context.rootLayer.opacity = 0.5
        CATransaction.commit()
        #expect(!ran, "completion blocks run after the commit, not inside it")
        await nextTurn()
        #expect(ran)
    }

    @Test("disableActions and animationDuration belong to their transaction: 1.5 s and true inside, defaults in a nested one and after")
    func disableActionsAndDurationBelongToTheTransaction() {
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

    @Test("Setting a layer's frame and opacity to the values they have sends nothing")
    func unchangedValuesSendNothing() async throws {
        let f = try ContextFixture()
        let layer = f.layer()
        CATransaction.flush()
        let before = f.commits.count
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.opacity = 1
        CATransaction.flush()
        #expect(f.commits.count == before, "setting a property to its current value changes nothing")
    }

    @Test(
        "A removed subtree is destroyed in the render tree (the 50×50 red layer's pixel at (25, 25) is the white root's) and is created again when added back",
        .tags(.gpu), .requiresGPU)
    func aRemovedSubtreeIsReleasedFromTheRenderTreeAndComesBack() async throws {
        let f = try ContextFixture(gpu: true)
        let parent = f.layer(50)
        let child = f.layer(10, under: parent)
        parent.backgroundColor = .red
        CATransaction.flush()
        parent.removeFromSuperlayer()
        CATransaction.flush()
        let destroyed = f.commits.last!.operations
        #expect(destroyed.contains(.destroyLayer(parent._id)) && destroyed.contains(.destroyLayer(child._id)))
        var image = try await f.render()
        expectPixel(image, 25, 25, .white, "where the removed red layer was")
        f.context.rootLayer.addSublayer(parent)
        image = try await f.render()
        expectPixel(image, 25, 25, .red, "the same layer added again")
        await f.finish()
    }

    @Test("A layer moved to another superlayer in one turn is moved (inserted under its new parent at 0), not destroyed and created")
    func movingALayerWithinTheTreeIsAMoveNotARecreation() async throws {
        let f = try ContextFixture()
        let a = f.layer(), b = f.layer()
        let child = f.layer(under: a)
        CATransaction.flush()
        child.removeFromSuperlayer()
        b.addSublayer(child)
        CATransaction.flush()
        let ops = f.commits.last!.operations
        #expect(!ops.contains(.destroyLayer(child._id)) && !ops.contains(.createLayer(child._id)))
        #expect(ops.contains(.insertSublayer(child._id, parent: b._id, index: 0)))
    }

    @Test(
        "Turning a tree upside down in one turn (b, a's sublayer, becomes a's superlayer) is accepted: the 60×60 red layer a draws over b at (10, 10) and unclipped at (45, 45)",
        .tags(.gpu), .requiresGPU)
    func reparentingUnderAFormerSublayerInOneTurnIsAccepted() async throws {
        let f = try ContextFixture(gpu: true)
        let a = f.layer(60), b = f.layer(30, under: a)
        a.backgroundColor = .red
        b.backgroundColor = .blue
        _ = try await f.context.renderFrame(clearColor: .black, readBack: false)
        f.context.rootLayer.addSublayer(b)
        b.addSublayer(a)
        let image = try await f.render()
        expectPixel(image, 10, 10, .red, "a now draws inside (and above) b")
        expectPixel(image, 45, 45, .red, "a is no longer clipped or placed by b: it overflows b's bounds")
        await f.finish()
    }

    @Test("The implicit transaction has settings too: disableActions set outside any begin() holds until it commits, and the second completion block set replaces the first")
    func implicitTransactionsHaveSettingsToo() async throws {
        CATransaction.setDisableActions(true)
        #expect(CATransaction.disableActions())
        var runs: [Int] = []
        CATransaction.setCompletionBlock { runs.append(1) }
        CATransaction.setCompletionBlock { runs.append(2) }
        // Commit without suspending: tests share the main actor, and another test must not see
        // this transaction's settings.
        CATransaction.flush()
        #expect(!CATransaction.disableActions(), "the next transaction starts with defaults")
        await nextTurn()
        #expect(runs == [2], "the second block replaced the first")
    }
}
