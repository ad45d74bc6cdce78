import Foundation
import StrataCore
import StrataGraphics

/// A delegate that owns its layer, as a UIKit view owns its backing layer: the layer refers to
/// it unretained (the owner clears `CALayer.owner` when it goes) and tells it when its bounds
/// size changes. Main actor.
@MainActor
package protocol CALayerOwningDelegate: CALayerDelegate {
    /// Whether `layer` is this delegate's own layer.
    func ownsLayer(_ layer: CALayer) -> Bool
    /// The owned layer's bounds size changed from `oldSize` (the layer has asked for layout).
    func ownedLayerBoundsSizeDidChange(from oldSize: CGSize)
}

/// The object a layer asks to draw its contents and lay out its sublayers. `UIView` is the
/// delegate of its own layer. Main actor.
@MainActor
public protocol CALayerDelegate: AnyObject {
    /// Draws the layer's contents into `ctx` (user space: the layer's bounds, in points).
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Lays out the layer's sublayers; called by `layoutSublayers()`.
    func layoutSublayers(of layer: CALayer)
    /// The action for `event` on `layer` (see `CALayer.action(forKey:)`): nil to go on looking,
    /// `NSNull()` for none.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    /// Draws nothing.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    /// Does nothing.
    public func layoutSublayers(of layer: CALayer) {}
    /// Nil: the layer goes on looking.
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}

/// How a layer's contents are placed in its bounds (Core Animation's gravity names). A plain value.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    /// The gravity's name.
    public let rawValue: String
    /// A gravity by name; unknown names act as `.resize`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Unscaled, centred.
    public static let center = CALayerContentsGravity(rawValue: "center")
    /// Unscaled, against the top edge (as seen on screen), centred horizontally.
    public static let top = CALayerContentsGravity(rawValue: "top")
    /// Unscaled, against the bottom edge, centred horizontally.
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    /// Unscaled, against the left edge, centred vertically.
    public static let left = CALayerContentsGravity(rawValue: "left")
    /// Unscaled, against the right edge, centred vertically.
    public static let right = CALayerContentsGravity(rawValue: "right")
    /// Unscaled, in the top-left corner.
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    /// Unscaled, in the top-right corner.
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    /// Unscaled, in the bottom-left corner.
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    /// Unscaled, in the bottom-right corner.
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    /// Stretched to fill the bounds (the default).
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// Scaled to fit inside the bounds, aspect ratio kept, centred.
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// Scaled to cover the bounds, aspect ratio kept, centred.
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")

    /// The compositor's gravity; an unknown name acts as `.resize`, as Core Animation's does.
    var core: ContentsGravity { ContentsGravity(rawValue: rawValue) ?? .resize }
}

/// A rectangle of content that the compositor draws on the GPU: Core Animation's `CALayer`.
///
/// Main actor only (the compiler enforces it). Every change is recorded in the current
/// `CATransaction` and reaches the render thread in one commit at the end of the main queue's
/// turn. Geometry follows Core Animation: `bounds` is the layer's own coordinate space,
/// `position` is where its `anchorPoint` sits in the superlayer's bounds space, and `transform`
/// turns about the anchor point. Values that cannot be shown (non-finite numbers, negative
/// sizes, opacity outside 0...1) are programmer errors and trap with the property and value named.
@MainActor
open class CALayer {
    /// The render tree's name for this layer.
    let id = LayerID.make()
    /// The render tree's name for this layer, for tests that inspect commits.
    @_spi(Testing) public var _id: LayerID { id }

    /// The object that draws and lays out for this layer (a view for its own layer); not retained.
    public var delegate: (any CALayerDelegate)? {
        get { owner ?? externalDelegate }
        set {
            if let owning = newValue as? any CALayerOwningDelegate, owning.ownsLayer(self) {
                owner = owning
                externalDelegate = nil
            } else {
                owner = nil
                externalDelegate = newValue
            }
        }
    }
    // Ownership: a view owns its layer, so the layer's way back is not retained, and the view
    // clears it when it goes. Other delegates are held weakly, as Core Animation does.
    /// The delegate that owns this layer (the view it backs); nil while that delegate is dying
    /// (see DeinitGap.swift).
    package final var owner: (any CALayerOwningDelegate)? {
        get {
            // (aliveOrNil is generic over classes; a class-bound existential is checked as its object.)
            guard let owner = ownerStorage else { return nil }
            return aliveOrNil(owner as AnyObject) == nil ? nil : owner
        }
        set { ownerStorage = newValue }
    }
    private unowned(unsafe) var ownerStorage: (any CALayerOwningDelegate)?
    /// Whether a view backs this layer (a dying one included); no check, no retain, for the
    /// per-property path.
    final var isViewBacked: Bool { ownerStorage != nil }
    private weak var externalDelegate: (any CALayerDelegate)?
    /// A name for debugging; not shown.
    public var name: String?

    // MARK: Hierarchy state (see CALayer+Hierarchy.swift)
    /// Not retained: the superlayer owns this layer and clears this when it goes; nil while the
    /// superlayer is dying (see DeinitGap.swift). As in UIKit, do not edit the layer tree in a
    /// `deinit`.
    package final var _superlayer: CALayer? {
        get { aliveOrNil(superlayerStorage) }
        set { superlayerStorage = newValue }
    }
    /// The superlayer without the check, dying or not: for the commit's walks, which only read
    /// and stamp layers (a dying layer's memory stays valid until its deinit has run).
    unowned(unsafe) final var superlayerStorage: CALayer?
    package final var _sublayers: [CALayer] = []
    /// Set on a screen's root layer: the screen it shows on.
    weak var contextIfRoot: CAContext?

    // MARK: Commit state (see CommitScheduler.swift and CommitBuilder.swift)
    // Main actor only and never lent out while read elsewhere (as `state`): what every property
    // change and every commit reads and writes skips dynamic exclusivity checks.
    @exclusivity(unchecked) final var changes: LayerChanges = []
    @exclusivity(unchecked) final var isQueued = false
    /// The last commit whose placement walk reached this layer, and the screen it found (its
    /// place in that commit's list; -1 for none): lets each layer be walked once per commit.
    @exclusivity(unchecked) final var placementPass = 0
    @exclusivity(unchecked) final var placementScreen = -1
    /// The screen whose render tree has this layer, as of the last commit.
    weak var committedContext: CAContext?
    /// The render tree (`CAContext.renderTree`) the layer was created in; 0 for none.
    @exclusivity(unchecked) final var committedTree: UInt64 = 0

    /// The screen whose current render tree has this layer, or nil.
    package final var renderedContext: CAContext? {
        guard committedTree != 0, let screen = committedContext, screen.renderTree == committedTree else { return nil }
        return screen
    }

    /// Whether `screen`'s current render tree has this layer (no weak reference loaded).
    func isRendered(on screen: CAContext) -> Bool {
        committedTree != 0 && committedTree == screen.renderTree
    }
    package final var contentsSource = LayerContentsSource.none
    /// The layer's look as the last commit left it, kept at its first change since while a
    /// screen shows it (see CALayer+CommittedLook.swift): what a `CATransition` starts from.
    @exclusivity(unchecked) final var committedLook: CommittedLook?
    /// Animations recorded in animation blocks, begin times relative to the commit.
    @exclusivity(unchecked) final var pendingAnimations: [LayerAnimation] = []
    /// Animations sent and perhaps still running, for `presentation()`.
    package final var activeAnimations: [LayerAnimation] = []
    /// Groups whose running animations are to be removed at the next commit (before new ones are added).
    var pendingAnimationRemovals: [UInt64] = []
    /// Explicit animations added with `add(_:forKey:)`, in the order added.
    var explicitAnimations: [ExplicitAnimation] = []
    /// Groups of animations the layer's owner runs for itself (a scroll view's motion shown by
    /// the render side): neither `animationKeys()` nor `animation(forKey:)` lists them, as Core
    /// Animation lists nothing for what UIKit moves without it.
    package final var unlistedAnimationGroups: [UInt64] = []
    /// What of its bounds space the layer's owner has laid out (a list's rows, in its content's
    /// coordinates), for the render side to count what it shows beyond (see
    /// `CommitOperation.setPreparedContent`); nil: all of it. Main actor.
    package final var preparedContentRect: CGRect? {
        didSet { if oldValue != preparedContentRect { markChanged(.preparedContent) } }
    }
    /// Running animations of properties the layer draws itself (see DrawnAnimation.swift), and
    /// those added since the last commit (begin times relative to it).
    var drawnAnimations: [DrawnAnimation] = []
    @exclusivity(unchecked) final var pendingDrawnAnimations: [DrawnAnimation] = []
    /// The layer's time its drawn animations were last drawn for.
    var drawnAnimationsTime: Double?
    /// The layer's mask (see CALayer+Mask.swift), held strongly as Core Animation holds it.
    var maskLayer: CALayer?
    /// The layer this one masks, if it is a mask.
    weak var maskOwner: CALayer?
    /// Whether the layer counts in `CALayer.layersWithOwnTime` (its time setters keep this; a
    /// presentation copy, which copies the state, does not count).
    var countsOwnTime = false
    /// The path `shadowPath` was set to (its bounding box is what the compositor draws).
    var storedShadowPath: CGPath?
    /// Settings that change how Core Animation works, not what it shows (see CALayer+Hints.swift).
    var hints = LayerHints()
    /// Actions by event name (property names): `action(forKey:)` looks here after the delegate;
    /// `NSNull()` turns a property's implicit animation off. Main actor.
    public var actions: [String: any CAAction]?

    /// The action a class gives `event` by default (none; subclasses may answer one). Main actor.
    open class func defaultAction(forKey event: String) -> (any CAAction)? { nil }

    /// Replaces the animations of `group` with `animations` (begin times relative to the commit).
    package final func replaceAnimations(group: UInt64, with animations: [LayerAnimation]) {
        activeAnimations.removeAll { $0.group == group }
        pendingAnimations.removeAll { $0.group == group }
        if !pendingAnimationRemovals.contains(group) { pendingAnimationRemovals.append(group) }
        pendingAnimations += animations
        markChanged(.animations)
    }

    /// Sets an animatable property's model value without animating it (an animator putting
    /// values back where they belong when it finishes).
    package final func setModelWithoutAnimation(_ property: LayerProperty) {
        guard property.value != state[property.key] else { return }
        let oldSize = state.bounds.size
        willChangeLook(of: property.key)
        state.apply(property)
        markChanged(LayerChanges(property.key))
        if property.key == .bounds, oldSize != state.bounds.size { boundsSizeDidChange(from: CGSize(oldSize)) }
    }

    /// Pixels of the backing store redrawn since the last commit.
    var pendingContentsRegion: PixelRect?

    // MARK: Layout and display state
    @exclusivity(unchecked) final var needsLayoutFlag = false
    @exclusivity(unchecked) final var descendantNeedsLayout = false
    /// Whether `layoutSublayers()` is running on this layer now (its own layout changing its
    /// sublayers' sizes does not ask for another pass).
    package final var isLayingOutSublayers = false
    @exclusivity(unchecked) final var needsDisplayFlag = false
    /// Union of the rectangles passed to `setNeedsDisplay(_:)`, in bounds space; nil means all.
    var dirtyRect: CGRect?

    /// Creates a layer with Core Animation's defaults: empty bounds at the origin, anchor point
    /// in the middle, opaque, no background.
    public required init() {}

    /// Creates a copy of `layer`'s properties (Core Animation calls this to make presentation
    /// layers; subclasses override it to copy their own properties, calling `super`). The copy
    /// has no superlayer, sublayers, contents or animations. Main actor.
    public init(layer: Any) {
        if let other = layer as? CALayer {
            state = other.state
            name = other.name
            _isOpaque = other._isOpaque
            needsDisplayOnBoundsChange = other.needsDisplayOnBoundsChange
            hints = other.hints
            storedShadowPath = other.storedShadowPath
            actions = other.actions
        }
    }

    /// Creates a layer from an archive. Strata reads no archives (there are no nibs or
    /// storyboards): this decodes nothing and returns nil. It exists so that layer subclasses
    /// written for UIKit, which declare `required init?(coder:)`, compile unchanged.
    public required init?(coder: NSCoder) {
        return nil
    }

    isolated deinit {
        if countsOwnTime { Self.layersWithOwnTime -= 1 }
        // Sublayers that outlive this layer lose their superlayer, as after removeFromSuperlayer();
        // the others go with it, in a loop however deep the tree.
        var sublayers = _sublayers
        _sublayers = []
        releaseChildren(&sublayers, of: \._sublayers) { $0._superlayer = nil }
    }

    // MARK: Override points

    /// Lays out the sublayers. The default asks the delegate (a view runs `layoutSubviews()`);
    /// override it in a layer subclass.
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    /// Draws the contents: the dirty part of the backing store (bounds × `contentsScale`) is
    /// cleared and `draw(in:)` paints it; only that part is uploaded at the next commit. A layer
    /// whose class (and delegate's class) draws nothing keeps no backing store.
    open func display() {
        displayIntoBackingStore()
    }

    /// The part of bounds space the backing store covers (`display()` draws it): the bounds.
    /// Shape layers override it (their path may reach past the bounds).
    var backingStoreBox: CGRect { bounds }

    /// The backing store's pixels per point: `contentsScale`. Shape and gradient layers, which
    /// Core Animation draws as vectors at the screen's resolution, override it.
    var backingStoreScale: CGFloat { contentsScale }

    /// Whether the contents land on `backingStoreBox` (sent as `contentsBox`) rather than where
    /// `contentsGravity` puts them: for layers that override the box or the scale.
    var placesContentsItself: Bool { false }

    /// The model value of a property the layer draws itself (a shape layer's `strokeEnd`, a
    /// gradient layer's `colors`), by name, or nil when it has none of that name: what
    /// animations of such properties run from and to (see DrawnAnimation.swift).
    func drawnValue(forKey key: String) -> DrawnValue? { nil }

    /// Copies what a Strata layer subclass keeps besides `state` (a shape layer's path, a
    /// gradient layer's colours) into `copy`, a layer of the same class: for `presentation()`.
    func copyOwnProperties(to copy: CALayer) {}

    /// Draws the layer's contents into `ctx`, in bounds space. The default asks the delegate.
    open func draw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    // MARK: Properties

    /// Every property the compositor shows, with Core Animation's defaults.
    /// Main actor only, and never lent out while read elsewhere: accesses cannot overlap, so they
    /// skip dynamic exclusivity checks (this is read on every hit test, layout and commit).
    @exclusivity(unchecked) package final var state = LayerState()

    /// Sets one property through its public setter: traps when the compositor could not show the
    /// value (naming the property and the value), and otherwise, when the value differs, records
    /// an animation where one may run, stores it and marks the change. Returns whether it changed.
    @inline(__always) @discardableResult
    func set<V: LayerValueRepresentable>(_ key: LayerKey, _ path: WritableKeyPath<LayerState, V>, _ value: V) -> Bool {
        if let problem = V.problem(of: value, rule: key.rule) {
            preconditionFailure("CALayer.\(key.name) \(problem); pass finite values in range")
        }
        guard state[keyPath: path] != value else { return false }
        let old = key.isAnimatable ? valueBeforeChange(key) : nil
        // Core Animation asks for the action before the change: the delegate reads the old value.
        let action = old != nil ? explicitAction(forKey: key.name) : nil
        willChangeLook(of: key)
        state[keyPath: path] = value
        if let old { AnimationLedger.shared.recordAnimation(of: self, old: old, new: LayerProperty(key, value.layerValue), action: action) }
        markChanged(LayerChanges(key))
        return true
    }

    /// The value of an animatable property before a change, when the change may animate (so it
    /// can be); nil otherwise. Read before the stored property is written. A view's layer runs
    /// its view's action (`UIView.action(for:forKey:)`: the block's animation inside animation
    /// blocks, an override's own anywhere its screen shows it) unless actions are disabled or
    /// `performWithoutAnimation` runs; a standalone layer (one no view owns) that its screen
    /// already shows runs its own action or Core Animation's implicit animation, inside
    /// animation blocks or not, as on iOS (UIKit's blocks and switches are for views' layers).
    private func valueBeforeChange(_ key: LayerKey) -> LayerProperty? {
        let t = TransactionStack.shared
        if isViewBacked {
            guard t.withoutAnimation == 0, !t.disablesActions, !t.animationContexts.isEmpty || renderedContext != nil else { return nil }
            return property(key)
        }
        guard t.implicitAnimationsEnabled, renderedContext != nil else { return nil }
        return property(key)
    }

    /// The layer's own coordinate space, in points: its origin shifts where sublayers appear,
    /// its size is the layer's size. Changing the size marks the layer as needing layout.
    public var bounds: CGRect {
        get { CGRect(state.bounds) }
        set {
            let oldSize = state.bounds.size
            guard set(.bounds, \.bounds, newValue.core), oldSize != state.bounds.size else { return }
            boundsSizeDidChange(from: CGSize(oldSize))
        }
    }

    /// Where the anchor point sits, in points of the superlayer's bounds space.
    public var position: CGPoint {
        get { CGPoint(state.position) }
        set { set(.position, \.position, newValue.core) }
    }

    /// The point of the bounds that `position` names and transforms turn about, in unit coordinates.
    public var anchorPoint: CGPoint {
        get { CGPoint(state.anchorPoint) }
        set { set(.anchorPoint, \.anchorPoint, newValue.core) }
    }

    /// The layer's position on the z axis; also orders siblings (higher on top).
    public var zPosition: CGFloat {
        get { state.zPosition }
        set { set(.zPosition, \.zPosition, Double(newValue)) }
    }

    /// The transform applied to the layer about its anchor point.
    public var transform: CATransform3D {
        get { CATransform3D(state.transform) }
        set { set(.transform, \.transform, newValue.core) }
    }

    /// The transform applied to the sublayers about this layer's anchor point (perspective goes here).
    public var sublayerTransform: CATransform3D {
        get { CATransform3D(state.sublayerTransform) }
        set { set(.sublayerTransform, \.sublayerTransform, newValue.core) }
    }

    /// Opacity, 0...1; values outside are clamped, as Core Animation documents. Below 1, a layer
    /// with sublayers is composited as one picture.
    /// - Precondition: finite.
    public var opacity: Float {
        get { state.opacity }
        set {
            precondition(newValue.isFinite, "CALayer.opacity must be finite, got \(newValue)")
            set(.opacity, \.opacity, min(max(newValue, 0), 1))
        }
    }

    /// Whether the layer and its sublayers are left out of the picture.
    public var isHidden: Bool {
        get { state.isHidden }
        set { set(.isHidden, \.isHidden, newValue) }
    }

    /// The colour filling the bounds behind the contents; nil for none.
    public var backgroundColor: CGColor? {
        get { state.backgroundColor.map(CGColor.init) }
        set { set(.backgroundColor, \.backgroundColor, CGColor.core(newValue)) }
    }

    /// Whether sublayers and contents are clipped to the bounds (and rounded corners).
    public var masksToBounds: Bool {
        get { state.masksToBounds }
        set { set(.masksToBounds, \.masksToBounds, newValue) }
    }

    /// Whether the layer is drawn when it faces away from the viewer.
    public var isDoubleSided: Bool {
        get { state.isDoubleSided }
        set { set(.isDoubleSided, \.isDoubleSided, newValue) }
    }

    /// The radius of the rounded corners of the background and border (and of the clip and
    /// contents when `masksToBounds`), in points; at least 0.
    public var cornerRadius: CGFloat {
        get { state.cornerRadius }
        set { set(.cornerRadius, \.cornerRadius, Double(newValue)) }
    }

    /// The width of the border drawn inside the bounds, above contents and sublayers, in points.
    public var borderWidth: CGFloat {
        get { state.borderWidth }
        set { set(.borderWidth, \.borderWidth, Double(newValue)) }
    }

    /// The border's colour (opaque black by default, as Core Animation's).
    public var borderColor: CGColor? {
        get { state.borderColor.map(CGColor.init) }
        set { set(.borderColor, \.borderColor, CGColor.core(newValue)) }
    }

    /// How the contents are placed in the bounds when their sizes differ.
    public var contentsGravity: CALayerContentsGravity {
        get { CALayerContentsGravity(rawValue: state.contentsGravity.rawValue) }
        set { set(.contentsGravity, \.contentsGravity, newValue.core) }
    }

    /// Pixels of contents per point: the backing store's scale, and how large unscaled contents appear.
    public var contentsScale: CGFloat {
        get { state.contentsScale }
        set {
            if set(.contentsScale, \.contentsScale, Double(newValue)), case .backingStore = contentsSource { setNeedsDisplay() }
        }
    }

    /// Whether the layer's drawn backing store is opaque (default false, as Core Animation's). When
    /// true the backing store has no alpha channel: every pixel shows opaque, what `draw(in:)`
    /// leaves clear shows black, translucent paint shows as over black, and the compositor lets
    /// the layer hide what lies under it where it fills its bounds (nothing under it is drawn
    /// there). An image set as `contents` keeps its alpha whatever this says. Changing it sends
    /// the backing store again; nothing is redrawn.
    public var isOpaque: Bool {
        get { _isOpaque }
        set {
            guard newValue != _isOpaque else { return }
            _isOpaque = newValue
            if case .backingStore(let bitmap) = contentsSource {
                pendingContentsRegion = PixelRect(x: 0, y: 0, width: bitmap.size.width, height: bitmap.size.height)
                markChanged(.contents)
            }
        }
    }
    fileprivate(set) var _isOpaque = false

    /// The part of the contents shown, in unit coordinates (default the whole).
    public var contentsRect: CGRect {
        get { CGRect(state.contentsRect) }
        set { set(.contentsRect, \.contentsRect, newValue.core) }
    }

    /// The stretchable part of the contents in unit coordinates; the rest keeps its size when the
    /// layer is resized (nine-part scaling). Default the whole, which stretches everything.
    public var contentsCenter: CGRect {
        get { CGRect(state.contentsCenter) }
        set { set(.contentsCenter, \.contentsCenter, newValue.core) }
    }

    /// What the layer shows in its bounds: a `CGImage`, or nil for none (Core Animation's
    /// `Any?`). Setting it replaces any drawn backing store. A value of another type is kept and
    /// read back as set, and shows nothing, as on iOS. After `display()` has drawn, it reads as a
    /// `CGImage` of the backing store.
    public var contents: Any? {
        get {
            switch contentsSource {
            case .none: nil
            case .image(let image): image
            case .backingStore(let bitmap): CGImage(image: bitmap.image)
            case .unshown(let object): object
            }
        }
        set {
            let image = newValue as? CGImage
            if case .image(let old) = contentsSource, old === image { return }
            willChangeLook()
            contentsSource = image.map(LayerContentsSource.image) ?? newValue.map { .unshown($0 as AnyObject) } ?? .none
            pendingContentsRegion = nil
            markChanged(.contents)
        }
    }

    /// The layer's rectangle in its superlayer's bounds space: with an identity transform, the
    /// bounds size placed so the anchor point lies on `position`; otherwise the bounding box of the
    /// transformed bounds. Setting it sets `bounds.size` and `position` (a negative size is
    /// standardized, as `CGRect` documents) so that the frame reads back as set: under a transform
    /// that scales (and translates) without turning, the bounds size is the frame's size divided by
    /// the scale, as UIKit does; under any other transform only `position` follows.
    public var frame: CGRect {
        get { CGRect(state.frame) }
        set {
            precondition(newValue.isFinite, "CALayer.frame has a non-finite value \(newValue); pass finite values in range")
            let f = newValue.standardized
            let t = state.transform
            if state.transformIsIdentity {
                bounds = CGRect(origin: bounds.origin, size: f.size)
                position = CGPoint(state.position(forFrame: f.core))
            } else if t.isAffine, t.m12 == 0, t.m21 == 0, t.m11 != 0, t.m22 != 0 {
                bounds = CGRect(origin: bounds.origin, size: CGSize(width: f.width / abs(t.m11), height: f.height / abs(t.m22)))
                // The anchor's share of the frame, from the edge the scale sends the bounds' origin to.
                let ax = t.m11 > 0 ? anchorPoint.x : 1 - anchorPoint.x, ay = t.m22 > 0 ? anchorPoint.y : 1 - anchorPoint.y
                position = CGPoint(x: f.minX + ax * f.width - t.m41, y: f.minY + ay * f.height - t.m42)
            } else {
                position = CGPoint(state.position(forFrame: f.core))
            }
        }
    }

    /// Whether a change of bounds redraws the contents (`setNeedsDisplay()`); false by default.
    public var needsDisplayOnBoundsChange = false

    private func boundsSizeDidChange(from oldSize: CGSize) {
        setNeedsLayout()
        // UIKit: a subview's size changed, so its superview lays out again on the next pass
        // (unless the change comes from the superview's own layout).
        if needsDisplayOnBoundsChange { setNeedsDisplay() }
        owner?.ownedLayerBoundsSizeDidChange(from: oldSize)
    }

    /// The transform as an affine transform (its 2D part), as `CATransform3DGetAffineTransform` gives it.
    public func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }

    /// Sets the transform to an affine transform (`CATransform3DMakeAffineTransform`).
    public func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    // MARK: Hit testing

    /// Whether `p` (in this layer's bounds space) lies inside the bounds. Override it for other
    /// shapes; `hitTest(_:)` asks it.
    open func contains(_ p: CGPoint) -> Bool {
        state.boundsContain(p.core)
    }

    /// The farthest descendant of this layer (itself included) that contains `p`, a point in the
    /// superlayer's bounds space, as Core Animation finds it: nil when the point lies outside
    /// this layer's bounds (or the layer is hidden); otherwise the topmost sublayer (by
    /// `zPosition`, then order) whose own hit test finds one, else this layer.
    ///
    /// Each sublayer's own `hitTest(_:)` is called, so overrides take part — down to
    /// `CALayer.hitTestCallDepth` nested calls; below that the search goes on in a loop, asking
    /// each layer `contains(_:)`, so a tree of any depth is searched without running out of stack.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        guard let local = pointIfHit(p) else { return nil }
        guard CALayer.hitTestNesting < CALayer.hitTestCallDepth else { return deepestHit(local) }
        CALayer.hitTestNesting += 1
        defer { CALayer.hitTestNesting -= 1 }
        for sublayer in sublayersFrontToBack {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return self
    }

    /// A description in Core Animation's shape: `<CALayer: 0x…>` (the class name first).
    open var description: String { "<\(type(of: self)): \(objectAddress(self))>" }

    /// One property as the compositor receives it.
    package final func property(_ key: LayerKey) -> LayerProperty { LayerProperty(key, state[key]) }
}

// An `NSObject` in UIKit: equal only to itself, hashed by identity (so `layer.sublayers == [a, b]`
// and sets of layers work as in UIKit code).
extension CALayer: Hashable {
    /// Whether `a` and `b` are the same layer.
    nonisolated public static func == (a: CALayer, b: CALayer) -> Bool { a === b }
    /// Hashes the object's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension CALayer {
    /// Whether `object` is this very layer (`NSObject`'s `isEqual(_:)`: identity).
    public func isEqual(_ object: Any?) -> Bool { (object as AnyObject?) === self }
}

// Printed and interpolated on the main actor, as layers are read there.
extension CALayer: @MainActor CustomStringConvertible {}
