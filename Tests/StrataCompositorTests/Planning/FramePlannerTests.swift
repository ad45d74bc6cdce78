@testable import StrataCompositor
import StrataCore
import Testing

/// Frame planning (placement, damage, occlusion, resting, the clear) on render trees of colour
/// layers, with no GL context and no GPU: the plan is the value asserted.
@Suite struct FramePlannerTests {
    /// A render tree without GL, its planner, and the 100×100 target planned into.
    struct Planned {
        let tree = RenderTree(context: nil)
        let planner = FramePlanner()
        var frames = 0

        /// Applies `commit`, plans the next frame as a renderer would (taking the tree's damage;
        /// `targetChanged` as the driver says when the target's size or scale changed), and
        /// returns the plan.
        mutating func plan(_ commit: Commit = Commit(), scale: Double = 1, targetChanged: Bool = false) throws -> FramePlan {
            try tree.apply(commit)
            let (full, damage) = tree.takeDamage()
            defer { frames += 1 }
            return planner.plan(
                root: tree.root, size: PixelSize(width: 100, height: 100), scale: scale, fullRedraw: full || targetChanged, damage: damage,
                walkEverything: frames == 0 || targetChanged)
        }

        func layer(_ id: LayerID) throws -> RenderLayer { try #require(tree.layers[id]) }
    }

    /// A white 100×100 root and a red 10×10 layer centred at (20, 20).
    private func whiteRootAndRedSquare() -> (TestScene, root: LayerID, red: LayerID) {
        var (scene, root) = TestScene.whiteRoot()
        let red = scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 20, y: 20), color: .red)
        return (scene, root, red)
    }

    @Test func theFirstFrameRedrawsTheWholeTargetAndAnUnchangedOneNothing() throws {
        var p = Planned()
        let (scene, _, _) = whiteRootAndRedSquare()
        let first = try p.plan(scene.commit)
        #expect(first.region == PixelRect(x: 0, y: 0, width: 100, height: 100))
        #expect(first.layersVisited == 2)
        let idle = try p.plan()
        #expect(idle.region == nil, "nothing changed: nothing to redraw")
    }

    @Test func aMovedLayerDamagesWhereItWasAndWhereItIs() throws {
        var p = Planned()
        let (scene, _, red) = whiteRootAndRedSquare()
        _ = try p.plan(scene.commit)
        let moved = try p.plan(Commit([.set(red, .position(Point(x: 70, y: 70)))]))
        // Paint boxes: the 10×10 bounds with a point of margin for antialiased edges, rounded a
        // pixel outwards: (15…25) → (13…27) before, (65…75) → (63…77) after; their union.
        #expect(moved.region == PixelRect(x: 13, y: 13, width: 64, height: 64), "\(String(describing: moved.region))")
        #expect(try p.layer(red).frame.drawnBox == PixelRect(x: 63, y: 63, width: 14, height: 14))
        let scaled = try p.plan(scale: 2, targetChanged: true)
        #expect(scaled.region == PixelRect(x: 0, y: 0, width: 100, height: 100), "a new scale redraws the whole target")
        #expect(try p.layer(red).frame.drawnBox == PixelRect(x: 127, y: 127, width: 26, height: 26), "placed at 2 pixels per point: (130…150) and its margins")
    }

    @Test(
        "A red 10×10 square at (20, 20) casting a shadow (radius 2, offset (4, 6)): its shadow is drawn just before its fill, and moving it damages the shadow's reach too: the shape (15…25) moved by the offset, grown by 3 radii and a point, its margins"
    )
    func aShadowIsPlannedUnderItsLayerAndDamagesItsReach() throws {
        var p = Planned()
        var (scene, root, red) = whiteRootAndRedSquare()
        for property in [LayerProperty.shadowOpacity(0.5), .shadowRadius(2), .shadowOffset(Point(x: 4, y: 6))] { scene.commit.set(red, property) }
        let first = try p.plan(scene.commit)
        #expect(described(first, [root: "root", red: "red"]).suffix(2) == ["shadow red 1.0", "fill red 1.0"])
        // x: 15 + 4 − 7 = 12 … 25 + 4 + 7 = 36, less 1 and 1 more for the margin, rounded outwards a pixel.
        #expect(try p.layer(red).frame.drawnBox == PixelRect(x: 10, y: 12, width: 28, height: 28))
        let moved = try p.plan(Commit([.set(red, .position(Point(x: 60, y: 20)))]))
        #expect(moved.region == PixelRect(x: 10, y: 12, width: 68, height: 28), "\(String(describing: moved.region))")
        let clipped = try p.plan(Commit([.set(red, .masksToBounds(true))]))
        #expect(!described(clipped, [red: "red"]).contains("shadow red 1.0"), "masking to its bounds clips the shadow away")
    }

    @Test func hiddenLayersRestAndLeaveTheWalk() throws {
        var p = Planned()
        var (scene, root) = TestScene.whiteRoot()
        let hidden = (0..<50).map { _ in
            scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 20, y: 20), color: .red, .isHidden(true))
        }
        scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 70, y: 70), color: .green)
        let first = try p.plan(scene.commit)
        #expect(first.layersVisited == 52, "the root, the 50 hidden layers and the green one")
        #expect(try hidden.allSatisfy { try p.layer($0).isResting })
        let next = try p.plan(Commit([.set(root, .backgroundColor(Color(red: 0.9, green: 0.9, blue: 0.9)))]))
        #expect(next.layersVisited == 2, "the root and the green layer; the hidden ones rest")
        #expect(next.region == PixelRect(x: 0, y: 0, width: 100, height: 100), "the root's new colour redraws everything")
        let shown = try p.plan(Commit([.set(hidden[7], .isHidden(false))]))
        #expect(shown.layersVisited == 3, "the one shown again wakes")
        #expect(shown.region == PixelRect(x: 13, y: 13, width: 14, height: 14), "and redraws only its own box")
    }

    @Test func aLayerOffTheTargetRests() throws {
        var p = Planned()
        var (scene, root) = TestScene.whiteRoot()
        let away = scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 500, y: 20), color: .red)
        _ = try p.plan(scene.commit)
        #expect(try p.layer(away).isResting, "it paints nothing on the 100×100 target")
        let back = try p.plan(Commit([.set(away, .position(Point(x: 50, y: 50)))]))
        #expect(try !p.layer(away).isResting)
        // Damage is one bounding box: its old box (493…507, 13…27), off the target, and its new
        // one (43…57, 43…57), clipped to the target.
        #expect(back.region == PixelRect(x: 43, y: 13, width: 57, height: 44), "\(String(describing: back.region))")
    }

    @Test func opaqueSquareFillsAreOccludersAndTheFirstOneCoveringEverythingIsTheClear() throws {
        var p = Planned()
        let (scene, root, red) = whiteRootAndRedSquare()
        let plan = try p.plan(scene.commit)
        #expect(plan.occluders.count == 2, "the root and the red square")
        // Occluders keep the fill's pixels a pixel inside its edges; those reaching the target's
        // edges extend beyond them.
        let redSerial = try p.layer(red).serial
        #expect(plan.occluders.contains { $0.layer == redSerial && $0.rect == PixelRect(x: 16, y: 16, width: 8, height: 8) })
        let clear = plan.clear(over: .clear)
        let rootSerial = try p.layer(root).serial
        #expect(clear.color == .white && clear.paintedLayer == rootSerial, "the root's white is the clear; its quad is not drawn")
        #expect(plan.clear(over: nil).color == .white, "also over a host's pixels: the root hides them anyway")
    }

    @Test func aCoverAboveTheFirstQuadMeansNoClearAndTranslucentOrRoundedFillsAreNoOccluders() throws {
        var p = Planned()
        var (scene, root) = TestScene.whiteRoot()
        scene.add(parent: root, size: Size(width: 100, height: 100), position: Point(x: 50, y: 50), color: .blue)
        scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 30, y: 30), color: Color(red: 0, green: 1, blue: 0, alpha: 0.5))
        scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 70, y: 70), color: .red, .cornerRadius(6))
        let plan = try p.plan(scene.commit)
        #expect(plan.occluders.count == 2, "the root and the blue cover; not the translucent green nor the rounded red")
        let clear = plan.clear(over: .clear)
        #expect(clear.color == nil && clear.paintedLayer == nil, "the blue cover paints every pixel: no clear, and the root is no clear either")
    }

    @Test func roundedOrTurnedClipsNeedTheStencilAndSquareOnesTheScissor() throws {
        for (properties, stencil) in [
            ([LayerProperty.masksToBounds(true)], false),
            ([.masksToBounds(true), .cornerRadius(8)], true),
            ([.masksToBounds(true), .transform(Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1))], true),
            ([.cornerRadius(8)], false),
        ] {
            var p = Planned()
            var (scene, root) = TestScene.whiteRoot()
            let clip = scene.add(parent: root, size: Size(width: 50, height: 50), position: Point(x: 50, y: 50), color: .blue)
            for property in properties { scene.commit.set(clip, property) }
            scene.add(parent: clip, size: Size(width: 80, height: 10), position: Point(x: 25, y: 25), color: .red)
            #expect(try p.plan(scene.commit).usesStencil == stencil, "\(properties)")
        }
    }

    // MARK: The drawing order

    /// The plan's operations, with layers named by `names`.
    private func described(_ plan: FramePlan, _ names: [LayerID: String]) -> [String] {
        func name(_ quad: PlannedQuad) -> String { names[quad.layer] ?? "?" }
        return plan.operations.map { operation in
            switch operation {
            case .fill(let slot): "fill \(name(plan.fills[Int(slot)])) \(plan.fills[Int(slot)].opacity)"
            case .quad(let index): "\(plan.quads[Int(index)].kind) \(name(plan.quads[Int(index)])) \(plan.quads[Int(index)].opacity)"
            case .pushScissor(let scissor): "clip \(scissor)"
            case .pushStencil(let mask): "clip \(name(plan.quads[Int(mask)])) stencil"
            case .popClip(let mask): "unclip" + (mask.map { " \(name(plan.quads[Int($0)]))" } ?? "")
            case .beginGroup(let box): "group \(box)"
            case .endGroup(let box, let opacity): "composite \(box) \(opacity)"
            case .endMask(let box): "mask \(box)"
            case .endShadowGroup(let box, let index, let opacity):
                { s in "shadow (\(s.dx), \(s.dy)) σ \(s.sigma) ×\(s.radius) \(s.opacity) of \(box) \(opacity)" }(plan.pictureShadows[Int(index)])
            }
        }
    }

    @Test(
        "A blue 40×40 square at (50, 50) masked by a 20×40 black layer over its left half: the square drawn into a group over the pixels both cover (28…52 × 28…72: boxes with their margins), the mask into another, applied, composited; the square hides nothing; moving the mask damages where it was and is"
    )
    func aMaskedLayerIsDrawnOffscreenAndCutByItsMask() throws {
        var p = Planned()
        var (scene, root) = TestScene.whiteRoot()
        let square = scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 50, y: 50), color: .blue)
        let mask = scene.add(size: Size(width: 20, height: 40), position: Point(x: 10, y: 20), color: .black)
        scene.commit.append(.setMask(square, mask: mask))
        let plan = try p.plan(scene.commit)
        let box = PixelRect(x: 28, y: 28, width: 24, height: 44)
        #expect(
            described(plan, [root: "root", square: "square", mask: "mask"]) == [
                "group \(box)", "fill square 1.0", "group \(box)", "fill mask 1.0", "mask \(box)", "composite \(box) 1.0",
            ])
        #expect(plan.occluders.count == 1, "only the root: a masked layer hides nothing")
        let moved = try p.plan(Commit([.set(mask, .position(Point(x: 30, y: 20)))]))
        // The mask's boxes: x 28…52 before, 48…72 after (y 28…72).
        #expect(moved.region == PixelRect(x: 28, y: 28, width: 44, height: 44), "\(String(describing: moved.region))")
        let unmasked = try p.plan(Commit([.setMask(square, mask: nil)]))
        #expect(described(unmasked, [square: "square"]).contains("fill square 1.0") && !described(unmasked, [:]).contains { $0.hasPrefix("group") })
    }

    @Test func fillsClipsAndBordersComeInDrawingOrder() throws {
        var p = Planned()
        var (scene, root) = TestScene.whiteRoot()
        let square = scene.add(
            parent: root, size: Size(width: 50, height: 50), position: Point(x: 50, y: 50), color: .blue,
            .masksToBounds(true), .borderWidth(2))
        let child = scene.add(parent: square, size: Size(width: 80, height: 10), position: Point(x: 25, y: 25), color: .red)
        let rounded = scene.add(
            parent: root, size: Size(width: 20, height: 20), position: Point(x: 85, y: 85), color: .green,
            .masksToBounds(true), .cornerRadius(4))
        let inner = scene.add(parent: rounded, size: Size(width: 5, height: 5), position: Point(x: 10, y: 10), color: .red)
        let plan = try p.plan(scene.commit)
        #expect(plan.layersPaintedByClear == 1, "the root is the clear")
        let names = [root: "root", square: "square", child: "child", rounded: "rounded", inner: "inner"]
        #expect(
            described(plan, names) == [
                "fill square 1.0", "clip (25, 25, 50, 50)", "fill child 1.0", "unclip", "border square 1.0",
                "fill rounded 1.0", "clip rounded stencil", "fill inner 1.0", "unclip rounded",
            ])
    }

    @Test func translucentGroupsGoOffscreenUnlessTheirLayersCannotOverlap() throws {
        var p = Planned()
        var (scene, root) = TestScene.whiteRoot()
        let overlapping = scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 30, y: 30), .opacity(0.5))
        let a = scene.add(parent: overlapping, size: Size(width: 20, height: 20), position: Point(x: 15, y: 15), color: .red)
        let b = scene.add(parent: overlapping, size: Size(width: 20, height: 20), position: Point(x: 25, y: 25), color: .blue)
        let apart = scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 70, y: 70), .opacity(0.5))
        let c = scene.add(parent: apart, size: Size(width: 10, height: 10), position: Point(x: 5, y: 5), color: .red)
        let d = scene.add(parent: apart, size: Size(width: 10, height: 10), position: Point(x: 35, y: 35), color: .blue)
        let plan = try p.plan(scene.commit)
        let names = [a: "a", b: "b", c: "c", d: "d"]
        // The group's box is its layers' paint boxes: (13…37) ∪ (23…47) on the target.
        #expect(
            described(plan, names) == [
                "group (13, 13, 34, 34)", "fill a 1.0", "fill b 1.0", "composite (13, 13, 34, 34) 0.5",
                "fill c 0.5", "fill d 0.5",
            ])
    }

    @Test func aLeafHiddenUnderAnOpaqueLayerIsLeftOutAndComesToRest() throws {
        var p = Planned()
        var (scene, root) = TestScene.whiteRoot()
        // Translucent: an opaque leaf is an occluder itself and never rests (so that the frame's
        // occluders do not depend on which layers rest).
        let leaf = scene.add(parent: root, size: Size(width: 10, height: 10), position: Point(x: 30, y: 30), color: Color(red: 1, green: 0, blue: 0, alpha: 0.8))
        let cover = scene.add(parent: root, size: Size(width: 60, height: 60), position: Point(x: 35, y: 35), color: .blue)
        let plan = try p.plan(scene.commit)
        #expect(described(plan, [leaf: "leaf", cover: "cover"]) == ["fill cover 1.0"])
        #expect(try p.layer(leaf).isResting, "hidden whole under the cover, it rests")
        let next = try p.plan(Commit([.set(root, .backgroundColor(.black))]))
        #expect(next.layersVisited == 2, "the root and the cover; the leaf rests")
    }

    @Test func aTreeWithoutGLRefusesContentsWithAMessage() throws {
        let tree = RenderTree(context: nil)
        let id = LayerID.make()
        let pixels = ContentsUpdate(image: RGBAImage(size: PixelSize(width: 2, height: 2), filledWith: .red))
        #expect {
            try tree.apply(Commit([.createLayer(id), .setContents(id, pixels)]))
        } throws: { error in
            "\(error)".contains("without a GL context")
        }
    }

    @Test(
        "Scene: a clear 40×40 card at (50, 50) casting a shadow (radius 2, offset (4, 6)) of its red 20×20 sublayer at its top-left: the card's picture (28…52: the red square 30…50 with its margins) is drawn into a group and the group ends casting its shadow; the shadow reaches 7 pixels beyond it (3σ + 1), moved by the offset; moving the red square redraws where its shadow was and is"
    )
    func aPictureShadowIsPlannedAsAGroupAndDamagesItsReach() throws {
        var p = Planned()
        var (scene, root) = TestScene.whiteRoot()
        let card = scene.add(parent: root, size: Size(width: 40, height: 40), position: Point(x: 50, y: 50))
        let red = scene.add(parent: card, size: Size(width: 20, height: 20), position: Point(x: 10, y: 10), color: .red)
        for property in [LayerProperty.shadowOpacity(1), .shadowRadius(2), .shadowOffset(Point(x: 4, y: 6))] { scene.commit.set(card, property) }
        let first = try p.plan(scene.commit)
        let picture = PixelRect(x: 28, y: 28, width: 24, height: 24)
        #expect(described(first, [root: "root", card: "card", red: "red"]) == ["group \(picture)", "fill red 1.0", "shadow (4, 6) σ 2.0 ×6 1.0 of \(picture) 1.0"])
        let reach = try #require(try p.layer(card).frame.shadowReach)
        #expect(reach == PixelRect(x: 28 + 4 - 7, y: 28 + 6 - 7, width: 24 + 14, height: 24 + 14), "\(reach)")
        let moved = try p.plan(Commit([.set(red, .position(Point(x: 30, y: 10)))]))
        let region = try #require(moved.region)
        #expect(region.contains(reach), "the old shadow: \(region)")
        #expect(region.contains(PixelRect(x: reach.x + 20, y: reach.y, width: reach.width, height: reach.height)), "the new one")
        let plain = try p.plan(Commit([.set(card, .shadowOpacity(0))]))
        #expect(!described(plain, [root: "root", card: "card", red: "red"]).contains { $0.hasPrefix("shadow (") }, "no shadow, no group")
    }
}
