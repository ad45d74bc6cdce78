import Foundation
import StrataCore

/// A rectangle of the user interface, backed by a `CALayer` the compositor draws: UIKit's `UIView`.
///
/// Main actor only (the compiler enforces it). Geometry follows UIKit: `frame` is in the
/// superview's coordinates, `bounds` in the view's own, `center` is the layer's `position`, and
/// `transform` turns about the center. Every change reaches the compositor in the current
/// transaction's commit. Non-finite geometry is a programmer error and traps naming the value.
@MainActor
open class UIView: UIResponder, CALayerDelegate, CALayerOwningDelegate {
    /// The class of layer created for each view of this class; override to use a custom layer.
    open class var layerClass: CALayer.Type { CALayer.self }

    /// The view's backing layer; the view is its delegate.
    public let layer: CALayer

    /// Not retained: the superview owns this view and clears this when it goes; nil while the
    /// superview is dying (see DeinitGap.swift).
    final var _superview: UIView? {
        get { aliveOrNil(superviewStorage) }
        set { superviewStorage = newValue }
    }
    private unowned(unsafe) var superviewStorage: UIView?
    var _subviews: [UIView] = []
    /// The view whose layer masks this view's (see UIView+Mask.swift), held as UIKit holds it.
    var maskView: UIView?
    /// The window at the top of the superviews (see `window`), kept as the view moves.
    weak var _window: UIWindow?

    /// The view controller whose `view` this is (not retained: the controller owns its view).
    weak var _viewController: UIViewController?
    /// The view's Auto Layout state (its constraints, guides, priorities), made on first use.
    var _autoLayout: AutoLayoutState?

    /// A number identifying the view, for `viewWithTag(_:)`.
    public var tag = 0
    /// A hint that the view fills its bounds with opaque content (default true, as UIKit's).
    /// Strata keeps it as a hint only; `layer.isOpaque` is what makes a drawn backing store opaque
    /// (no alpha channel) and lets it hide what lies under it.
    public var isOpaque = true
    /// Whether drawing clears the dirty region first (the compositor's backing store is always
    /// cleared before `draw(_:)`; kept for API compatibility).
    public var clearsContextBeforeDrawing = true
    /// Whether the view and its subviews take touches (hit testing skips the subtree when false).
    public var isUserInteractionEnabled = true
    /// Whether the view receives more than one touch at a time (false: only the first touch
    /// down in it is delivered to it).
    public var isMultipleTouchEnabled = false
    /// Whether the view takes touches only alone: while a touch is down in it, touches in other
    /// views of the window are not delivered, and it receives none while others are down.
    public var isExclusiveTouch = false
    /// The gesture recognizers attached to the view (see `addGestureRecognizer(_:)`).
    var _gestureRecognizers: [UIGestureRecognizer] = []
    /// How subviews follow this view's bounds when they change.
    public var autoresizingMask: AutoresizingMask = []
    /// Whether subviews are resized by their `autoresizingMask` when the bounds size changes.
    public var autoresizesSubviews = true
    private var _contentMode = ContentMode.scaleToFill
    private var _contentStretch = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Whether `contentScaleFactor` was set by the program (otherwise it follows the screen).
    var contentScaleFactorIsExplicit = false
    /// The traits last worked out for the view (see UITraitEnvironment.swift).
    var _traits = TraitSystem.detached
    /// The traits the view overrides (`traitOverrides`).
    var _traitOverrides = UITraitOverrides()
    /// The handlers registered with `registerForTraitChanges(_:handler:)`.
    var _traitHandlers: [TraitChangeHandler] = []
    /// The background colour as set; a dynamic one is resolved for the view's traits.
    var _backgroundColor: UIColor?

    /// Creates a view with the given frame (in the superview's coordinates).
    public init(frame: CGRect) {
        layer = Self.layerClass.init()
        super.init()
        layer.delegate = self
        layer.setNeedsDisplay()  // views that draw are drawn when first shown
        self.frame = frame
    }

    /// Creates a view with an empty frame.
    public override convenience init() { self.init(frame: .zero) }

    /// Creates a view from an archive. Strata reads no archives (there are no nibs or
    /// storyboards): this decodes nothing and returns nil. It exists so that view subclasses
    /// written for UIKit — which declare `required init?(coder:)` and may call
    /// `super.init(coder:)` — compile unchanged; build views in code with `init(frame:)`.
    public required init?(coder: NSCoder) {
        return nil
    }

    isolated deinit {
        layer.owner = nil
        // Subviews that outlive this view lose their superview (and the tint they inherited from
        // it); the others go with it, in a loop however deep the hierarchy.
        var subviews = _subviews
        _subviews = []
        releaseChildren(&subviews, of: \._subviews, clearParent: { $0._superview = nil }, survives: { _ = $0.updateTint() })
    }

    // MARK: Geometry

    /// Whether the view flips between left-to-right and right-to-left layouts (UIKit's
    /// `semanticContentAttribute`; `.unspecified` by default). Layout code reads
    /// `effectiveUserInterfaceLayoutDirection`.
    open var semanticContentAttribute = UISemanticContentAttribute.unspecified

    /// The direction to arrange the view's immediate content in: its `semanticContentAttribute`
    /// taken relative to Strata's layout direction, which is left-to-right (there are no
    /// right-to-left localizations to follow).
    public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        UIView.userInterfaceLayoutDirection(for: semanticContentAttribute, relativeTo: .leftToRight)
    }

    /// The layout direction `attribute` implies in Strata's left-to-right layouts.
    public class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        userInterfaceLayoutDirection(for: attribute, relativeTo: .leftToRight)
    }

    /// The layout direction `attribute` implies relative to `layoutDirection`: forced attributes
    /// force theirs, playback and spatial controls never flip (left-to-right), and an unspecified
    /// one follows `layoutDirection`, as UIKit documents.
    public class func userInterfaceLayoutDirection(
        for attribute: UISemanticContentAttribute, relativeTo layoutDirection: UIUserInterfaceLayoutDirection
    ) -> UIUserInterfaceLayoutDirection {
        switch attribute {
        case .unspecified: layoutDirection
        case .playback, .spatial, .forceLeftToRight: .leftToRight
        case .forceRightToLeft: .rightToLeft
        }
    }

    // MARK: Accessibility (kept for code and tests that set and read them; nothing reads them yet)

    /// Whether the view is an element assistive technologies can reach (false for plain views).
    open var isAccessibilityElement = false
    /// A string that identifies the view in UI tests.
    open var accessibilityIdentifier: String?
    /// A short label describing the view.
    open var accessibilityLabel: String?
    /// What performing the view's action does.
    open var accessibilityHint: String?
    /// The view's current value, as text.
    open var accessibilityValue: String?

    /// The tint set on this view itself (nil: it inherits its superview's).
    var ownTintColor: UIColor?
    /// The tint adjustment set on this view itself (`.automatic`: it inherits its superview's).
    var ownTintAdjustmentMode = TintAdjustmentMode.automatic
    /// The tint in force before dimming (the own tint, else the superview's) and whether it is
    /// dimmed (the own adjustment, else the superview's). Kept up to date when either changes
    /// (`updateTint()`), so reading them costs no walk up the tree.
    var inheritedTint: (color: UIColor, dimmed: Bool) = (.systemBlue, false)
    /// The colour `tintColor` reads: `inheritedTint`, dimmed when it says so.
    var effectiveTint: UIColor = .systemBlue

    /// The colour controls and template images tint with: the first one set on this view or its
    /// superviews, else `.systemBlue` (UIKit's default), made grey while the view's
    /// `tintAdjustmentMode` is `.dimmed`. Setting nil inherits again. When the colour a view shows
    /// changes (set here or above it, dimmed or undimmed, or the view moved under another tint),
    /// `tintColorDidChange()` is called on it and on its subviews that inherit it.
    open var tintColor: UIColor! {
        get { effectiveTint }
        set {
            ownTintColor = newValue
            tellTintChanged(updateTint())
        }
    }

    /// How the view's tint is adjusted (UIKit's `UIView.TintAdjustmentMode`).
    public enum TintAdjustmentMode: Int, Sendable {
        /// The superview's mode (`.normal` with no superview).
        case automatic
        /// The tint as set.
        case normal
        /// The tint made grey (its luminance, its alpha), as UIKit dims tints behind a modal.
        case dimmed
    }

    /// How the view's `tintColor` is adjusted: reads the mode in force (`.normal` or `.dimmed`; a
    /// view left `.automatic` reads its superview's, `.normal` with none). Setting `.automatic`
    /// inherits again. A change that changes the colour shown calls `tintColorDidChange()` on the
    /// view and the subviews that inherit it.
    open var tintAdjustmentMode: TintAdjustmentMode {
        get { inheritedTint.dimmed ? .dimmed : .normal }
        set {
            ownTintAdjustmentMode = newValue
            tellTintChanged(updateTint())
        }
    }

    /// Called when the view's `tintColor` changed (see `tintColor`); override it to redraw what
    /// uses the tint. The default does nothing.
    open func tintColorDidChange() {}

    /// A description in UIKit's shape, as logs print views: `<UIView: 0x…; frame = (x y; w h);`
    /// then what differs from a plain view's defaults in UIKit's order, then
    /// `layer = <CALayer: 0x…>>` (see `viewDescription`).
    open override var description: String { viewDescription }

    /// What a kind of view adds to its description after the frame (a label's text).
    var descriptionFieldsAfterFrame: [String] { [] }

    /// What a kind of view adds to its description after the layer (a scroll view's offset).
    var descriptionFieldsAfterLayer: [String] { [] }

    /// The point of the bounds that `center` names and `transform` turns about, in unit
    /// coordinates of the bounds (the layer's `anchorPoint`; (0.5, 0.5) by default). Changing it
    /// keeps `center`, so the view moves.
    public var anchorPoint: CGPoint {
        get { layer.anchorPoint }
        set { layer.anchorPoint = newValue }
    }

    /// The view's rectangle in its superview's coordinates. With a non-identity `transform` it
    /// is the bounding box of the transformed view; setting it under a scale (without rotation)
    /// sets `bounds.size` to the frame's size divided by the scale and moves the center, so the
    /// frame reads back as set (UIKit's behaviour), and under a rotation only moves the center.
    /// A negative size is standardized, as `CGRect` documents.
    open var frame: CGRect {
        get { layer.frame }
        set {
            precondition(newValue.isFinite, "UIView.frame has a non-finite value \(newValue); pass finite values")
            layer.frame = newValue
        }
    }

    /// The view's own coordinate space: its origin shifts where subviews appear, its size is the
    /// view's size (changing the size keeps the center and resizes the frame around it).
    /// - Precondition: finite, with a non-negative size.
    open var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }

    /// The center of the frame, in the superview's coordinates (the layer's `position`).
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }

    /// The view's transform, applied about its center (the layer's anchor point).
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(layer.transform) }
        set {
            precondition(newValue.isFinite, "UIView.transform has a non-finite entry: \(newValue)")
            layer.transform = CATransform3DMakeAffineTransform(newValue)
        }
    }

    /// The view's 3D transform (its layer's `transform`), applied about its center; `transform`
    /// reads its affine part.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    /// The view's opacity, 0...1; values outside are clamped, as UIKit does.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set {
            precondition(newValue.isFinite, "UIView.alpha must be finite, got \(newValue)")
            layer.opacity = Float(min(max(newValue, 0), 1))
        }
    }

    /// Whether the view and its subviews are hidden.
    open var isHidden: Bool {
        get { layer.isHidden }
        set {
            guard newValue != layer.isHidden else { return }
            layer.isHidden = newValue
            // A stack view collapses its hidden arranged subviews.
            (_superview as? UIStackView)?.arrangedSubviewVisibilityChanged(self)
        }
    }

    /// The colour filling the view's bounds behind its drawing; nil for none. A dynamic colour
    /// (`UIColor(dynamicProvider:)`, the semantic system colours) is resolved with the view's
    /// traits, and again when they change its appearance; reading it gives the colour as set
    /// (or the layer's, when the layer's was set since).
    open var backgroundColor: UIColor? {
        get {
            guard let cgColor = layer.backgroundColor else { return nil }
            if let color = _backgroundColor, color.resolvedColor(with: _traits).cgColor == cgColor { return color }
            return UIColor(cgColor: cgColor)
        }
        set {
            _backgroundColor = newValue
            layer.backgroundColor = newValue?.resolvedColor(with: _traits).cgColor
        }
    }

    /// Whether subviews and contents are clipped to the bounds.
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// Pixels per point of the view's drawing; follows its screen's scale until set.
    open var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set {
            contentScaleFactorIsExplicit = true
            layer.contentsScale = newValue
        }
    }

    /// How the drawn contents map onto new bounds without redrawing; `.redraw` redraws instead.
    open var contentMode: ContentMode {
        get { _contentMode }
        set {
            _contentMode = newValue
            layer.contentsGravity = newValue.gravity
            layer.needsDisplayOnBoundsChange = newValue == .redraw
        }
    }

    /// The stretchable part of the contents, in unit coordinates (the layer's `contentsCenter`).
    open var contentStretch: CGRect {
        get { _contentStretch }
        set {
            _contentStretch = newValue
            layer.contentsCenter = newValue
        }
    }

    // MARK: Events

    /// The next responder: the view controller whose root view this is, otherwise the superview
    /// (nil for a view in no hierarchy), as UIKit documents.
    open override var next: UIResponder? { _viewController ?? _superview }

    /// A view is first responder of the window it is in.
    override var responderWindow: UIWindow? { window }
    override var firstResponderView: UIView? { self }

    /// Makes the first responder, if it is this view or one of its descendants, resign:
    /// asked through `canResignFirstResponder` and `resignFirstResponder()`, or, with `force`,
    /// not asked. Returns true when it resigned, or when no first responder lies in this
    /// subtree (there is no editing left to end); false when it refused. Main actor.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let window, window.firstResponder(within: self) != nil else { return true }
        guard force else { return window.askFirstResponderToResign() }
        window.firstResponder = nil
        return true
    }

    /// The farthest descendant of this view (itself included) that contains `point` (in this
    /// view's bounds coordinates) and takes touches, searching subviews front to back; nil when
    /// the point is outside or the view is hidden, below alpha 0.01 (compared in the precision
    /// alpha is stored in, so a view set to 0.01 is hit), has interaction disabled,
    /// or is being animated by an animation that takes no touches. Points are mapped into each
    /// subview through its transforms (2D and 3D) — during an animator's animations, through
    /// what is shown, unless the animator leaves hit testing to the app.
    ///
    /// As in UIKit, each subview's own `hitTest(_:with:)` is called, so an override anywhere in
    /// the tree takes part — down to `UIView.hitTestCallDepth` nested calls. Below that the
    /// search goes on in a loop, asking each view `point(inside:with:)` (overrides of it still
    /// count), so a hierarchy of any depth is searched without running out of stack.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard takesTouch(at: point, with: event) else { return nil }
        guard UIView.hitTestNesting < UIView.hitTestCallDepth else { return deepestTaker(of: point, with: event) }
        UIView.hitTestNesting += 1
        defer { UIView.hitTestNesting -= 1 }
        for subview in _subviews.reversed() {
            guard let local = subview.pointFromSuperview(point), let hit = subview.hitTest(local, with: event) else { continue }
            return hit
        }
        return self
    }

    /// How many `hitTest(_:with:)` calls of the default implementation nest before the search
    /// goes on in a loop (see `hitTest(_:with:)`): 512 levels, far deeper than real screens.
    public static let hitTestCallDepth = 512
    /// The default `hitTest(_:with:)` calls now nested on the main thread.
    private static var hitTestNesting = 0

    /// Whether the view takes a touch at `point` (its bounds space) itself, before its subviews
    /// are asked: the conditions `hitTest(_:with:)` lists.
    private func takesTouch(at point: CGPoint, with event: UIEvent?) -> Bool {
        isUserInteractionEnabled && !isHidden && layer.opacity >= 0.01 && animationInteraction != .ignoresTouches
            && self.point(inside: point, with: event)
    }

    /// The default hit test's search below `hitTestCallDepth`, for a view that takes `point`: a
    /// loop down the tree, into the frontmost subview that takes the point at each level (the
    /// view found is the answer: one that takes a point always answers).
    private func deepestTaker(of point: CGPoint, with event: UIEvent?) -> UIView {
        var view = self, point = point
        descending: while true {
            for subview in view._subviews.reversed() {
                guard let local = subview.pointFromSuperview(point), subview.takesTouch(at: local, with: event) else { continue }
                view = subview
                point = local
                continue descending
            }
            return view
        }
    }

    /// Whether `point` (bounds coordinates) is inside the view: its bounds, by default.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    /// Whether `gestureRecognizer`, attached to this view or one above it, may begin; the default
    /// says yes. Override to keep a recognizer of a superview from taking this view's touches.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    // MARK: Tags

    /// The first view with `tag` in a depth-first search of this view and its subviews (an
    /// explicit stack: a deep hierarchy must not run out of stack).
    public func viewWithTag(_ tag: Int) -> UIView? {
        var pending: [UIView] = [self]
        while let view = pending.popLast() {
            if view.tag == tag { return view }
            pending.append(contentsOf: view._subviews.reversed())
        }
        return nil
    }

    // MARK: Drawing

    /// Marks the whole view as needing to be drawn; `draw(_:)` runs before the next commit.
    open func setNeedsDisplay() { layer.setNeedsDisplay() }

    /// Marks `rect` (bounds coordinates) as needing to be drawn; only that part is redrawn and uploaded.
    open func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }

    /// Draws the view's content in `rect` (bounds coordinates) into `UIGraphicsGetCurrentContext()`.
    /// Override it to draw; the default draws nothing. A draw that paints nothing leaves the view
    /// without a backing store. Runs on the main actor during the commit.
    open func draw(_ rect: CGRect) {}

    /// Runs `draw(_:)` with `ctx` as the current context. Part of `CALayerDelegate`.
    public func draw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        CurrentTraits.with(_traits) { draw(ctx.dirtyRect) }
    }

    /// The action for a change of the view's layer's `event`, as UIKit answers it: inside an
    /// animation block (with animations enabled, outside `performWithoutAnimation`) a
    /// `CABasicAnimation` of the property from its value before the change with the block's
    /// duration and timing, which records the block's animation; elsewhere `NSNull()` (a view's
    /// layer does not animate implicitly). Override it to give a property an action of your own,
    /// in or out of blocks; return nil to let the layer animate implicitly as a standalone layer
    /// does. The layer asks before the change. Part of `CALayerDelegate`. Main actor.
    open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        let stack = TransactionStack.shared
        guard let block = stack.animationContexts.last, stack.withoutAnimation == 0,
            block.animator != nil || stack.animationsEnabled, let key = LayerKey.named(event), key.isAnimatable
        else { return UIView.noAction }
        let animation = CABlockAnimation(keyPath: event)
        animation.duration = block.duration
        animation.beginTime = block.delay
        if case .cubicBezier(let x1, let y1, let x2, let y2) = block.curve {
            animation.timingFunction = CAMediaTimingFunction(bezier: x1, y1, x2, y2)
        } else if block.curve == .linear {
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
        }
        animation.fromValue = layer.property(key).value.anyValue
        return animation
    }

    /// The `NSNull` `action(for:forKey:)` answers outside animation blocks (one, not one per change).
    private static let noAction = NSNull()

    // MARK: Layout hooks

    /// Runs the view's layout, between its view controller's `viewWillLayoutSubviews()` and
    /// `viewDidLayoutSubviews()` when it is a controller's root view. Part of `CALayerDelegate`.
    public func layoutSublayers(of layer: CALayer) {
        CurrentTraits.with(_traits) {
            guard let controller = _viewController else {
                layoutSubviews()
                return didLayoutSubviews()
            }
            controller.viewWillLayoutSubviews()
            layoutSubviews()
            didLayoutSubviews()
            controller.viewDidLayoutSubviews()
        }
    }

    /// Whether `layer` is this view's own layer (part of owning it: see `CALayerOwningDelegate`).
    package func ownsLayer(_ layer: CALayer) -> Bool { layer === self.layer }

    /// Called when the layer's bounds size changed: the superview lays out again (unless this
    /// comes from its own layout), and subviews resize by their masks.
    package func ownedLayerBoundsSizeDidChange(from oldSize: CGSize) {
        // UIKit: a subview's size changed, so its superview lays out again on the next pass
        // (unless the change comes from the superview's own layout).
        if let superlayer = superview?.layer, !superlayer.isLayingOutSublayers { superlayer.setNeedsLayout() }
        if autoresizesSubviews {
            for subview in _subviews { subview.resize(withOldSuperviewSize: oldSize, newSize: bounds.size) }
        }
        // The subviews' safe areas are measured against this view's bounds: a controller's view
        // with insets of its own (a bar's, additionalSafeAreaInsets) tells them again when its
        // size changes, so a scroll view sized before it was resting at its top follows.
        if let controller = _viewController, !_subviews.isEmpty,
            controller.additionalSafeAreaInsets != .zero || controller.containerSafeAreaInsets != .zero
        {
            for subview in _subviews { subview.safeAreaInsetsChanged() }
        }
    }

    // MARK: Override points

    /// Called after `subview` was added.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before `subview` is removed.
    open func willRemoveSubview(_ subview: UIView) {}
    /// Called before the superview changes (nil: being removed).
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the superview changed.
    open func didMoveToSuperview() {}
    /// Called before the window changes (nil: leaving its window), on each view of a moving subtree.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the window changed, on each view of a moving subtree.
    open func didMoveToWindow() {}
    /// Called after the view's traits changed (see `traitCollection`), superviews before
    /// subviews, with `UITraitCollection.current` the new traits. The default does nothing.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    /// The preferred text size changed the view's traits: labels and text views whose
    /// `adjustsFontForContentSizeCategory` is on refit their text-style fonts.
    func contentSizeCategoryDidChange() {}
    /// Called when the view's safe area changed (its view controller's `additionalSafeAreaInsets`,
    /// or an ancestor's). The default does nothing.
    open func safeAreaInsetsDidChange() {}

    // MARK: The layout cycle

    /// Marks the view as needing layout; `layoutSubviews()` runs once before the next commit,
    /// however many times this is called in one turn.
    open func setNeedsLayout() { layer.setNeedsLayout() }

    /// Lays out now whatever needs it, from the highest superview that needs layout down through
    /// its subviews, superviews first.
    open func layoutIfNeeded() { layer.layoutIfNeeded() }

    /// Positions the subviews. The default places the subviews that Auto Layout positions
    /// (`translatesAutoresizingMaskIntoConstraints == false`) where their constraints put them;
    /// autoresizing has already placed the others when the bounds changed. Override it, calling
    /// `super` first to keep constraint-based layout.
    open func layoutSubviews() {
        LayoutSystem.shared.applyFrames(toSubviewsOf: self)
    }

    /// Runs right after `layoutSubviews()` (and a subclass's override of it) in each layout pass:
    /// Strata's own views place what must come after their subclasses' layout (a scroll view's
    /// indicators). The default does nothing.
    func didLayoutSubviews() {}

    // MARK: Auto Layout override points (see UIView+AutoLayout.swift)

    /// Updates the view's constraints before layout when `setNeedsUpdateConstraints()` asked;
    /// override it to change constraints, and call `super` last.
    open func updateConstraints() {
        autoLayout.needsUpdateConstraints = false
    }

    /// How far the view's alignment rectangle (what constraints place) lies inside its frame
    /// (zero).
    open var alignmentRectInsets: UIEdgeInsets { .zero }

    /// Whether the view needs constraint-based layout even without constraints of its own (false).
    open class var requiresConstraintBasedLayout: Bool { false }

    /// The layout margins changed. The default does nothing.
    open func layoutMarginsDidChange() {}

    /// The smallest size (with `UIView.layoutFittingCompressedSize`) or the largest (with
    /// `layoutFittingExpandedSize`) that the view's constraints allow, or the size closest to
    /// `targetSize` they allow, pulled at `.fittingSizeLevel`.
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size closest to `targetSize` the view's constraints allow, the width pulled at
    /// `horizontalFittingPriority` and the height at `verticalFittingPriority` (`.required`
    /// fixes that side at the target).
    open func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        LayoutSystem.shared.fittingSize(of: self, target: targetSize, horizontal: horizontalFittingPriority, vertical: verticalFittingPriority)
    }

    /// The size the view's content alone asks for, or `UIView.noIntrinsicMetric` on an axis
    /// where it asks for none (the default, on both axes). Controls and labels override it.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }

    /// Says the content changed what `intrinsicContentSize` answers: a view placed by
    /// constraints has its superview laid out again, so the next layout pass sizes it anew.
    open func invalidateIntrinsicContentSize() {
        guard _autoLayout != nil, !translatesAutoresizingMaskIntoConstraints else { return }
        setNeedsLayout()
        superview?.setNeedsLayout()
    }

    /// The value `intrinsicContentSize` has on an axis without an intrinsic size (-1).
    public static let noIntrinsicMetric: CGFloat = -1

    /// The size that best fits `size`; the default is the view's current size, as UIKit's.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its frame's origin.
    open func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        let origin = frame.origin
        frame = CGRect(origin: origin, size: size)
    }

}

extension CALayer {
    /// The view this layer backs; nil while that view is dying (see DeinitGap.swift).
    var owningView: UIView? { owner as? UIView }
}
