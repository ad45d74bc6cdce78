@testable import StrataCompositor
import StrataCore
import Testing

/// The plan's quads as values: what the drawing walk sends for each fill and border, read from
/// the plan with no GL, and which fills a frame builds again.
extension FramePlannerTests {
    /// The fill quads the plan's operations draw, in drawing order.
    private func fills(_ plan: FramePlan) -> [PlannedQuad] {
        plan.operations.compactMap { if case .fill(let slot) = $0 { plan.fills[Int(slot)] } else { nil } }
    }

    /// The other quads (borders, shadows, clip masks) the plan's operations draw, in drawing order.
    private func quads(_ plan: FramePlan) -> [PlannedQuad] {
        plan.operations.compactMap { if case .quad(let index) = $0 { plan.quads[Int(index)] } else { nil } }
    }

    /// The 12 vectors of a quad's instance floats.
    private func vectors(_ quad: PlannedQuad) -> [SIMD4<Float>] {
        withUnsafeBytes(of: quad.floats.vectors) { Array($0.bindMemory(to: SIMD4<Float>.self)) }
    }

    private func near(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Bool {
        (0..<4).allSatisfy { abs(a[$0] - b[$0]) < 1e-6 }
    }

    @Test(
        "A red 10×10 layer centred at (20, 20) in a 100×100 target is drawn by a value: a quad naming the layer whose matrix maps its bounds to clip space (x and y scaled by 2/100, its origin at 15 px: −0.7), its rect and bounds 0…10, colour (1, 0, 0, 1), opacity 1 and square corners (mask 2 × 15), the plain fill program and no texture; a 2-point blue border is a quad of its own carrying its width and colour"
    )
    func aFillAndABorderAreQuadValues() throws {
        var p = Planned()
        var (scene, root) = TestScene.whiteRoot()
        let red = scene.add(
            parent: root, size: Size(width: 10, height: 10), position: Point(x: 20, y: 20), color: .red, .borderWidth(2),
            .borderColor(Color(red: 0, green: 0, blue: 1)))
        let plan = try p.plan(scene.commit)
        let fill = try #require(fills(plan).first)
        #expect(fills(plan).count == 1, "the root is the clear")
        #expect(fill.layer == red && fill.kind == .fill && fill.opacity == 1)
        #expect(fill.variant == LayerShaderVariant(mode: .fill) && fill.texture == 0 && !fill.isHostTexture)
        let v = vectors(fill)
        #expect(near(v[0], SIMD4(0.02, 0, 0, 0)) && near(v[1], SIMD4(0, 0.02, 0, 0)), "\(v[0]) \(v[1])")
        #expect(near(v[3], SIMD4(-0.7, -0.7, 0, 1)), "\(v[3])")
        #expect(v[4] == SIMD4(0, 0, 10, 10) && v[5] == SIMD4(0, 0, 10, 10), "rect \(v[4]), bounds \(v[5])")
        #expect(v[10] == SIMD4(1, 0, 0, 1), "premultiplied red")
        #expect(v[11] == SIMD4(1, 0, 30, 0), "opacity, radius, corner mask, border width")
        let border = try #require(quads(plan).first)
        #expect(border.layer == red && border.kind == .border && border.variant == LayerShaderVariant(mode: .border, rounded: true))
        #expect(vectors(border)[10] == SIMD4(0, 0, 1, 1) && vectors(border)[11][3] == 2, "\(vectors(border)[11])")
        #expect(plan.layersDrawn == 1, "one layer drawn: its fill and border")
    }

    @Test(
        "Fills are built again only where something changed: 100 squares build 100 fills in the first frame; moving one builds 1 (the squares its region also redraws are kept); moving the root a point right builds all 100 and the root's own (it no longer covers column 0, so the clear does not paint it); a clear container's opacity going to 0.5 over 3 disjoint squares builds their 3 fills again at opacity 0.5, drawn without a group"
    )
    func fillsAreBuiltAgainOnlyForWhatChanged() throws {
        var p = Planned()
        var (scene, root) = TestScene.whiteRoot()
        var squares: [LayerID] = []
        for i in 0..<100 {
            let position = Point(x: Double(i % 10) * 10 + 5, y: Double(i / 10) * 10 + 5)
            squares.append(scene.add(parent: root, size: Size(width: 8, height: 8), position: position, color: .red))
        }
        #expect(try p.plan(scene.commit).fillsBuilt == 100)
        let moved = try p.plan(Commit([.set(squares[44], .position(Point(x: 46, y: 45)))]))
        #expect(moved.fillsBuilt == 1 && fills(moved).count > 1, "built \(moved.fillsBuilt) of \(fills(moved).count) drawn")
        let shifted = try p.plan(Commit([.set(root, .position(Point(x: 51, y: 50)))]))
        #expect(shifted.fillsBuilt == 101 && fills(shifted).count == 101, "the squares and the root, which no longer covers column 0: \(shifted.fillsBuilt)")
        #expect(try p.plan().fillsBuilt == 0, "nothing changed: nothing drawn")

        var q = Planned()
        var (faded, fadedRoot) = TestScene.whiteRoot()
        let container = faded.add(parent: fadedRoot, size: Size(width: 100, height: 100), position: Point(x: 50, y: 50))
        for i in 0..<3 { faded.add(parent: container, size: Size(width: 10, height: 10), position: Point(x: Double(i) * 30 + 10, y: 50), color: .red) }
        #expect(try q.plan(faded.commit).fillsBuilt == 3)
        let translucent = try q.plan(Commit([.set(container, .opacity(0.5))]))
        #expect(translucent.fillsBuilt == 3 && fills(translucent).map(\.opacity) == [0.5, 0.5, 0.5])
        #expect(fills(translucent).allSatisfy { vectors($0)[11][0] == 0.5 })
        #expect(!translucent.operations.contains { if case .beginGroup = $0 { true } else { false } }, "disjoint: no offscreen group")
    }

    @Test(
        "A layer destroyed gives its slot to the next layer made, and that layer's fill is its own: a red square replaced by a green one in the same place (same slot) is drawn green, built anew"
    )
    func aReusedSlotDrawsTheNewLayersFill() throws {
        var p = Planned()
        var (scene, root) = TestScene.whiteRoot()
        let red = scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 20, y: 20), color: .red)
        _ = try p.plan(scene.commit)
        let slot = try p.layer(red).slot
        var replacement = Commit([.removeFromSuperlayer(red), .destroyLayer(red)])
        let green = LayerID.make()
        replacement.append(.createLayer(green))
        replacement.append(.insertSublayer(green, parent: root, index: nil))
        replacement.set(green, .bounds(Rect(x: 0, y: 0, width: 10, height: 10)))
        replacement.set(green, .position(Point(x: 20, y: 20)))
        replacement.set(green, .backgroundColor(Color(red: 0, green: 1, blue: 0)))
        let plan = try p.plan(replacement)
        #expect(try p.layer(green).slot == slot, "the red square's slot, given again")
        let fill = try #require(fills(plan).first)
        #expect(fill.layer == green && vectors(fill)[10] == SIMD4(0, 1, 0, 1) && plan.fillsBuilt == 1)
    }
}
