import Foundation
import StrataCompositor
import StrataCore
import StrataGL

// Overall design: the C interface is a thin layer over `HostRenderer`. A `CCompositor` keeps a
// small model of the C caller's layers (ids, tree, the values hit testing and animations need),
// records every change as a commit operation, and submits the pending commit at the next render,
// on the same thread. Everything is checked before it is recorded, so a call that fails changes
// nothing and says why in `strata_last_error`.

/// Why a C call failed: the status it returns and the message `strata_last_error` gives.
struct CFailure: Error {
    let status: Int32
    let message: String

    static let invalidArgument: Int32 = 1
    static let unknownLayer: Int32 = 2
    static let cycle: Int32 = 3
    static let wrongThread: Int32 = 4
    static let context: Int32 = 5
    static let gl: Int32 = 6
    static let destroyed: Int32 = 7

    static func invalid(_ message: String) -> CFailure { CFailure(status: invalidArgument, message: message) }
}

/// One layer as the C caller built it: its properties (what hit testing and animations read)
/// and its place in the tree.
final class CLayer {
    let id: LayerID
    weak var superlayer: CLayer?
    var sublayers: [CLayer] = []
    /// Every property as last set through the C interface, with Core Animation's defaults.
    var state = LayerState()

    init(id: LayerID) { self.id = id }

    /// Bounds space to the superlayer's bounds space in the plane (the superlayer's sublayer
    /// transform included), so perspective maps points exactly.
    var toSuperlayer: PlaneTransform {
        state.planeTransform(superlayerSublayerTransform: superlayer?.state.sublayerTransformAboutAnchor)
    }

    /// Whether `layer` is this layer or one of its superlayers.
    func hasAncestorOrSelf(_ layer: CLayer) -> Bool {
        var current: CLayer? = self
        while let c = current {
            if c === layer { return true }
            current = c.superlayer
        }
        return false
    }
}

/// The state behind a `strata_compositor *`. Used only on the thread that created it.
final class CCompositor {
    let renderer: HostRenderer
    let owner = ThreadOwner()
    private(set) var layers: [UInt64: CLayer] = [:]
    private var root: CLayer?
    private var pending = Commit()
    var pointerCallback: (@convention(c) (UnsafeMutableRawPointer?, UInt64, Int32, Double, Double) -> Void)?
    var pointerUserData: UnsafeMutableRawPointer?
    /// The layer that took the last pointer-down, until up or cancel.
    private var pointerTarget: CLayer?
    /// Key input (CCompositor+Keys.swift): the layer keys and text go to, the receivers, the
    /// keys down, and the last key or text event's time.
    var keyFocus: CLayer?
    var keyCallback: CKeyCallback?
    var keyUserData: UnsafeMutableRawPointer?
    var textCallback: CTextCallback?
    var textUserData: UnsafeMutableRawPointer?
    var keysDown: Set<Int> = []
    var lastKeyTime: Double?
    private(set) var isDestroyed = false

    init(mode: HostRenderer.ContextMode) throws {
        renderer = try HostRenderer(contextMode: mode)
    }

    /// Fails unless called on the compositor's thread and before `destroy`.
    func checkThread(_ function: String) throws(CFailure) {
        guard owner.isCurrent else {
            throw CFailure(status: CFailure.wrongThread, message: "\(function): called from another thread than the one that created the compositor; call it on that thread")
        }
        guard !isDestroyed else {
            throw CFailure(status: CFailure.destroyed, message: "\(function): the compositor was destroyed")
        }
    }

    func layer(_ raw: UInt64, _ function: String) throws(CFailure) -> CLayer {
        guard let layer = layers[raw] else {
            throw CFailure(
                status: CFailure.unknownLayer,
                message: "\(function): layer \(raw) does not exist in this compositor (never created, or released); create it with strata_layer_create")
        }
        return layer
    }

    // MARK: Tree

    func createLayer() -> UInt64 {
        let layer = CLayer(id: LayerID.make())
        layers[layer.id.rawValue] = layer
        pending.append(.createLayer(layer.id))
        return layer.id.rawValue
    }

    func release(_ layer: CLayer) {
        detach(layer)
        for sublayer in layer.sublayers { sublayer.superlayer = nil }
        layer.sublayers = []
        if root === layer { root = nil }
        if pointerTarget === layer { pointerTarget = nil }
        if keyFocus === layer { keyFocus = nil }
        layers[layer.id.rawValue] = nil
        pending.append(.destroyLayer(layer.id))
    }

    func setRoot(_ layer: CLayer?) {
        root = layer
        pending.append(.setRoot(layer?.id))
    }

    func insert(_ child: CLayer, into parent: CLayer, at index: Int?, _ function: String) throws(CFailure) {
        // Only a layer with sublayers can be an ancestor: a leaf needs no walk up the tree (which
        // made building a deep tree from the top quadratic).
        guard parent !== child && (child.sublayers.isEmpty || !parent.hasAncestorOrSelf(child)) else {
            throw CFailure(
                status: CFailure.cycle,
                message: "\(function): layer \(child.id.rawValue) cannot become a sublayer of layer \(parent.id.rawValue): that would put it inside its own subtree")
        }
        detach(child)
        let at = min(index ?? parent.sublayers.count, parent.sublayers.count)
        parent.sublayers.insert(child, at: at)
        child.superlayer = parent
        pending.append(.insertSublayer(child.id, parent: parent.id, index: at))
    }

    func removeFromSuperlayer(_ layer: CLayer) {
        guard layer.superlayer != nil else { return }
        detach(layer)
        pending.append(.removeFromSuperlayer(layer.id))
    }

    private func detach(_ layer: CLayer) {
        layer.superlayer?.sublayers.removeAll { $0 === layer }
        layer.superlayer = nil
    }

    // MARK: Properties, contents, animations

    /// Records a property change after checking it; updates the model the hit test reads.
    func set(_ layer: CLayer, _ property: LayerProperty, _ function: String) throws(CFailure) {
        if let problem = property.problem {
            throw CFailure.invalid("\(function): \(property.name) \(problem)")
        }
        layer.state.apply(property)
        pending.set(layer.id, property)
    }

    func append(_ operation: CommitOperation) {
        pending.append(operation)
    }

    /// Records new contents for `layer`, replacing contents set for it since the last render:
    /// only the latest are sent, so a texture the host deleted after replacing it is never looked at.
    func setContents(_ operation: CommitOperation, of layer: LayerID) {
        let earlier = pending.operations.contains {
            switch $0 {
            case .setContents(layer, _), .setExternalContents(layer, _): true
            default: false
            }
        }
        if earlier {
            pending = Commit(
                pending.operations.filter {
                    switch $0 {
                    case .setContents(layer, _), .setExternalContents(layer, _): false
                    default: true
                    }
                })
        }
        pending.append(operation)
    }

    /// The properties `strata_property` numbers, in its order (strata.h), each with the number
    /// of doubles `strata_layer_animate` takes for it.
    static let animatableProperties: [(key: LayerKey, count: Int32)] = [
        (.opacity, 1), (.position, 2), (.bounds, 4), (.transform, 16), (.backgroundColor, 4), (.cornerRadius, 1), (.zPosition, 1),
    ]

    /// The layer's own value of the property `strata_property` numbers, or nil for no such number.
    func modelValue(_ layer: CLayer, _ property: Int32) -> LayerProperty? {
        guard Self.animatableProperties.indices.contains(Int(property)) else { return nil }
        let key = Self.animatableProperties[Int(property)].key
        if key == .backgroundColor, layer.state.backgroundColor == nil { return .backgroundColor(.clear) }
        return LayerProperty(key, layer.state[key])
    }

    // MARK: Rendering

    /// Why the render tree no longer matches this model (changes it refused), once it does not.
    private var outOfStep: String?

    func render(into target: HostFramebuffer, time: Double?) throws {
        if let outOfStep {
            throw CFailure(status: CFailure.gl, message: "strata_render: the compositor lost step with the GPU earlier (\(outOfStep)); destroy it and create a new one")
        }
        if !pending.isEmpty {
            let commit = pending
            try renderer.compositor.submit(commit)  // checked first: a bad value throws and nothing is sent
            pending = Commit()
        }
        do {
            try renderer.render(into: target, time: time)
        } catch {
            // Every value was checked when it was set, so a refusal here is the GPU's (memory):
            // the tree lacks those changes, and later ones would not fit it.
            if renderer.refusedChanges { outOfStep = "\(error)" }
            throw error
        }
    }

    /// Frees Strata's GL objects and forgets the layers; the object stays as a tombstone, so later
    /// calls with its handle fail with STRATA_ERROR_DESTROYED rather than reach freed memory.
    func destroy() -> GLObjectCounts {
        isDestroyed = true
        // Unlinked first, so no layer frees a chain of sublayers as it goes (a deep tree would
        // free recursively, one stack frame per level).
        for layer in layers.values { layer.sublayers = [] }
        layers = [:]
        root = nil
        keyFocus = nil
        return renderer.release()
    }

    // MARK: Pointer input

    /// The topmost visible layer under `point` (the root's superlayer space), or nil. Walks with
    /// an explicit stack, so a tree of any depth is hit tested on any thread's stack.
    func hitTest(_ point: Point) -> CLayer? {
        /// A layer being searched: the point in its bounds space and its sublayers, frontmost first.
        struct Visit {
            let layer: CLayer
            let local: Point
            let inside: Bool
            let sublayers: [CLayer]
            var next = 0
        }
        func enter(_ layer: CLayer, _ point: Point) -> Visit? {
            guard !layer.state.isHidden, layer.state.opacity >= 0.01, let local = Self.unproject(point, layer.toSuperlayer) else { return nil }
            let inside = layer.state.boundsContain(local)
            if layer.state.masksToBounds && !inside { return nil }
            let ordered = layer.sublayers.enumerated().sorted {
                let (a, b) = ($0.element.state.zPosition, $1.element.state.zPosition)
                return a != b ? a > b : $0.offset > $1.offset
            }
            return Visit(layer: layer, local: local, inside: inside, sublayers: ordered.map(\.element))
        }
        guard let root, let first = enter(root, point) else { return nil }
        var stack = [first]
        while let top = stack.indices.last {
            if stack[top].next < stack[top].sublayers.count {
                let sublayer = stack[top].sublayers[stack[top].next]
                stack[top].next += 1
                if let visit = enter(sublayer, stack[top].local) { stack.append(visit) }
            } else {
                // No sublayer took the point: the layer does, when it lies inside it.
                let visit = stack.removeLast()
                if visit.inside { return visit.layer }
            }
        }
        return nil
    }

    /// `point` in `layer`'s bounds space, from the root's superlayer space.
    func convert(_ point: Point, to layer: CLayer) -> Point? {
        var chain: [CLayer] = []
        var current: CLayer? = layer
        while let c = current {
            chain.append(c)
            current = c.superlayer
        }
        var p = point
        for l in chain.reversed() {
            guard let local = Self.unproject(p, l.toSuperlayer) else { return nil }
            p = local
        }
        return p
    }

    /// Maps a point back through a plane map: nil when it is (nearly) singular or the point lands
    /// at infinity.
    static func unproject(_ p: Point, _ h: PlaneTransform) -> Point? {
        let det = h.determinant
        guard det.isFinite, abs(det) > 1e-12, let inverse = h.inverted else { return nil }
        return inverse.map(p)
    }

    /// Delivers a pointer event; returns the layer that received it.
    func pointer(_ phase: Int32, at point: Point) -> CLayer? {
        let target: CLayer?
        switch phase {
        case 0:
            target = hitTest(point)
            pointerTarget = target
        default:
            target = pointerTarget
            if phase == 2 || phase == 3 { pointerTarget = nil }
        }
        guard let target else { return nil }
        if let callback = pointerCallback {
            let local = convert(point, to: target) ?? Point(x: .nan, y: .nan)
            callback(pointerUserData, target.id.rawValue, phase, local.x, local.y)
        }
        return target
    }
}
