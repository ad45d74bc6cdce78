// Overall design: a layer's properties are declared once, here. `LayerState` stores them with Core
// Animation's defaults; `LayerKey` names each one, and its entry (`LayerKey.entry`) says the rule
// its values follow and how it animates, from which validation, clamping and interpolation
// follow (per value type, in LayerValue.swift). Values travel between threads as `LayerProperty`
// (a `LayerValue` and its key). The model `CALayer`, the render thread's layer and the C
// interface's layer each store a `LayerState`, and read and write it by key (`subscript(key:)`)
// where they handle properties generically: commits, animations, presentation copies.
//
// Adding a property, all in this file and each place an exhaustive switch or a declaration, so
// the compiler points at whatever is missing: the stored field in `LayerState`, its case in
// `LayerKey` with its entry, its lines in `subscript(key:)`'s getter and setter, and a typed
// constructor on `LayerProperty`. Then the public setter and the drawing code that uses it.

/// Every property of one layer, with Core Animation's defaults: a plain value.
///
/// Names and meanings follow `CALayer`: geometry is in points of the superlayer's bounds space,
/// `anchorPoint` in unit coordinates of the layer's bounds. The model layer, the render thread's
/// layer and the C interface's layer each store one; it is checked (`LayerKey.spec`) where it is
/// set, not here.
public struct LayerState: Hashable, Sendable {
    // Field order is layout: what the render walk reads for every layer comes first.
    /// Where the anchor point sits in the superlayer's bounds space (`CALayer.position`).
    public var position = Point.zero
    /// The layer's own coordinate space: origin and size (`CALayer.bounds`).
    public var bounds = Rect.zero
    /// The point of the bounds that `position` names and transforms turn about, in 0...1 units.
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// The layer's position on the z axis; also orders siblings, higher on top.
    public var zPosition = 0.0
    /// Opacity in 0...1; below 1 a layer with sublayers is composited as one picture.
    public var opacity: Float = 1
    /// The shadow's opacity in 0...1 (0 by default: no shadow). Beside `opacity`: the render walk
    /// asks it of every layer it lists (whether the layer casts a shadow).
    public var shadowOpacity: Float = 0
    /// Whether the layer and its sublayers are left out of the picture.
    public var isHidden = false
    /// Whether sublayers are clipped to the bounds (and its rounded corners).
    public var masksToBounds = false
    /// Whether the layer is drawn when it faces away from the viewer.
    public var isDoubleSided = true
    /// Whether `transform` is the identity, kept beside the position so that placing an
    /// untransformed layer reads no matrix.
    public private(set) var transformIsIdentity = true
    /// The colour that fills the bounds behind the contents; nil for none.
    public var backgroundColor: Color?
    /// The colour of the border; nil for none (opaque black by default, as Core Animation's).
    public var borderColor: Color? = .black
    /// The radius of the rounded corners of the background, border and clip, in points.
    public var cornerRadius = 0.0
    /// Which corners `cornerRadius` rounds, as Core Animation's `CACornerMask` bits (1 min-x
    /// min-y, 2 max-x min-y, 4 min-x max-y, 8 max-x max-y; 15, all four, by default).
    public var maskedCorners = 15.0
    /// The width of the border drawn inside the bounds, above contents and sublayers, in points.
    public var borderWidth = 0.0
    /// How the contents are placed in the bounds when their sizes differ.
    public var contentsGravity = ContentsGravity.resize
    /// Pixels of contents per point, for the gravities that do not scale (`CALayer.contentsScale`).
    public var contentsScale = 1.0
    /// The part of the contents shown, in unit coordinates of the contents (default 0, 0, 1, 1).
    public var contentsRect = Rect.unit
    /// The stretchable part of the contents, in unit coordinates; outside it the contents keep their
    /// size when the layer is resized (nine-part scaling; default 0, 0, 1, 1).
    public var contentsCenter = Rect.unit
    /// The colour of the shadow (opaque black by default, as Core Animation's); nil for none.
    public var shadowColor: Color? = .black
    /// How far the shadow is moved from the layer, in points: x is its width, y its height
    /// (Core Animation's `CGSize` default (0, −3)).
    public var shadowOffset = Point(x: 0, y: -3)
    /// The shadow's blur radius in points (3 by default): the Gaussian's standard deviation.
    public var shadowRadius = 3.0
    /// The shadow's shape in bounds space when a shadow path gives it (its bounding box, with the
    /// corner radius); a negative width (the default) means the layer's own rounded bounds.
    public var shadowShape = Rect(x: 0, y: 0, width: -1, height: -1)
    /// Where the contents land in bounds space when Strata places them itself (a shape layer's
    /// drawing reaches past its bounds): a negative width (the default) means where
    /// `contentsGravity`, `contentsScale` and `contentsRect` put them.
    public var contentsBox = Rect(x: 0, y: 0, width: -1, height: -1)
    /// The layer's transform, applied about its anchor point.
    public var transform = Transform3D.identity {
        didSet { transformIsIdentity = transform.isIdentity }
    }
    /// A transform applied to the sublayers about this layer's anchor point (perspective goes here).
    public var sublayerTransform = Transform3D.identity
    /// Where the layer's time starts, in its superlayer's time, in seconds (Core Animation's
    /// `CAMediaTiming.beginTime` of a layer; see `localTime(fromParent:)`).
    public var beginTime = 0.0
    /// How fast the layer's time runs against its superlayer's (1 normal, 0 paused, negative
    /// backwards); its animations, and its sublayers', run on it.
    public var speed: Float = 1
    /// Where the layer's time stands when its superlayer's reaches `beginTime`, in seconds.
    public var timeOffset = 0.0

    /// A layer's state with Core Animation's defaults.
    public init() {}

    /// Core Animation's defaults, for comparisons.
    public static let defaults = LayerState()

    /// One property's value, by key. Setting a value of another type than the key's traps
    /// (values built through `LayerProperty`'s typed constructors always fit; commits are checked
    /// with `LayerProperty.problem` before they are applied).
    @inlinable public subscript(key: LayerKey) -> LayerValue {
        // Switches, not tables of closures: every changed property of every commit is read on the
        // main thread and written on the render thread here. Always inlined, so that reading one
        // property of a class's stored state reads that field, not a copy of the whole state.
        @inline(__always) get {
            switch key {
            case .bounds: .rect(bounds)
            case .position: .point(position)
            case .anchorPoint: .point(anchorPoint)
            case .zPosition: .number(zPosition)
            case .transform: .transform(transform)
            case .sublayerTransform: .transform(sublayerTransform)
            case .opacity: .float(opacity)
            case .isHidden: .bool(isHidden)
            case .backgroundColor: .color(backgroundColor)
            case .masksToBounds: .bool(masksToBounds)
            case .isDoubleSided: .bool(isDoubleSided)
            case .cornerRadius: .number(cornerRadius)
            case .borderWidth: .number(borderWidth)
            case .borderColor: .color(borderColor)
            case .contentsGravity: .gravity(contentsGravity)
            case .contentsScale: .number(contentsScale)
            case .contentsRect: .rect(contentsRect)
            case .contentsCenter: .rect(contentsCenter)
            case .shadowColor: .color(shadowColor)
            case .shadowOpacity: .float(shadowOpacity)
            case .shadowOffset: .point(shadowOffset)
            case .shadowRadius: .number(shadowRadius)
            case .shadowShape: .rect(shadowShape)
            case .maskedCorners: .number(maskedCorners)
            case .beginTime: .number(beginTime)
            case .speed: .float(speed)
            case .timeOffset: .number(timeOffset)
            case .contentsBox: .rect(contentsBox)
            }
        }
        set {
            switch (key, newValue) {
            case (.bounds, .rect(let v)): bounds = v
            case (.position, .point(let v)): position = v
            case (.anchorPoint, .point(let v)): anchorPoint = v
            case (.zPosition, .number(let v)): zPosition = v
            case (.transform, .transform(let v)): transform = v
            case (.sublayerTransform, .transform(let v)): sublayerTransform = v
            case (.opacity, .float(let v)): opacity = v
            case (.isHidden, .bool(let v)): isHidden = v
            case (.backgroundColor, .color(let v)): backgroundColor = v
            case (.masksToBounds, .bool(let v)): masksToBounds = v
            case (.isDoubleSided, .bool(let v)): isDoubleSided = v
            case (.cornerRadius, .number(let v)): cornerRadius = v
            case (.borderWidth, .number(let v)): borderWidth = v
            case (.borderColor, .color(let v)): borderColor = v
            case (.contentsGravity, .gravity(let v)): contentsGravity = v
            case (.contentsScale, .number(let v)): contentsScale = v
            case (.contentsRect, .rect(let v)): contentsRect = v
            case (.contentsCenter, .rect(let v)): contentsCenter = v
            case (.shadowColor, .color(let v)): shadowColor = v
            case (.shadowOpacity, .float(let v)): shadowOpacity = v
            case (.shadowOffset, .point(let v)): shadowOffset = v
            case (.shadowRadius, .number(let v)): shadowRadius = v
            case (.shadowShape, .rect(let v)): shadowShape = v
            case (.maskedCorners, .number(let v)): maskedCorners = v
            case (.beginTime, .number(let v)): beginTime = v
            case (.speed, .float(let v)): speed = v
            case (.timeOffset, .number(let v)): timeOffset = v
            case (.contentsBox, .rect(let v)): contentsBox = v
            default: preconditionFailure("LayerState: \(newValue) is not a value of \(key.name)")
            }
        }
    }

    /// Sets one property (see the subscript).
    @inlinable public mutating func apply(_ property: LayerProperty) {
        self[property.key] = property.value
    }

    /// The properties whose values differ from `other`'s, in key order.
    public func properties(differingFrom other: LayerState) -> [LayerProperty] {
        LayerKey.allCases.compactMap { key in
            let value = self[key]
            return value == other[key] ? nil : LayerProperty(key, value)
        }
    }
}

/// Names one layer property. Its `spec` carries everything else about it; printed, it is the
/// property's `CALayer` name (the case name, which `name` is made from).
public enum LayerKey: UInt8, CaseIterable, Hashable, Sendable {
    case bounds, position, anchorPoint, zPosition, transform, sublayerTransform, opacity, isHidden,
        backgroundColor, masksToBounds, isDoubleSided, cornerRadius, borderWidth, borderColor,
        contentsGravity, contentsScale, contentsRect, contentsCenter, shadowColor, shadowOpacity,
        shadowOffset, shadowRadius, shadowShape, maskedCorners, beginTime, speed, timeOffset,
        contentsBox

    /// The property's one entry: the rule its values follow and how it animates. Exhaustive, so a
    /// new key cannot be left without one.
    fileprivate var entry: (rule: LayerValueRule, animation: LayerAnimationStyle) {
        switch self {
        case .bounds: (.nonNegativeSize, .additive)
        case .position: (.finite, .additive)
        case .anchorPoint: (.finite, .none)
        case .zPosition: (.finite, .additive)
        case .transform: (.finite, .interpolated)
        case .sublayerTransform: (.finite, .none)
        case .opacity: (.unitInterval, .additive)
        case .isHidden: (.finite, .none)
        case .backgroundColor: (.colorComponents, .additive)
        case .masksToBounds: (.finite, .none)
        case .isDoubleSided: (.finite, .none)
        case .cornerRadius: (.nonNegative, .additive)
        case .borderWidth: (.nonNegative, .additive)
        case .borderColor: (.colorComponents, .additive)
        case .contentsGravity: (.finite, .none)
        case .contentsScale: (.positive, .none)
        case .contentsRect: (.nonNegativeSize, .additive)
        case .contentsCenter: (.nonNegativeSize, .additive)
        case .shadowColor: (.colorComponents, .additive)
        case .shadowOpacity: (.unitInterval, .additive)
        case .shadowOffset: (.finite, .additive)
        case .shadowRadius: (.nonNegative, .additive)
        case .shadowShape: (.finite, .none)
        case .maskedCorners: (.finite, .none)
        case .beginTime: (.finite, .none)
        case .speed: (.finite, .none)
        case .timeOffset: (.finite, .none)
        case .contentsBox: (.finite, .none)
        }
    }

    /// Everything known about the property.
    public var spec: LayerKeySpec { LayerKeySpec.table[Int(rawValue)] }

    /// The property's `CALayer` name, for messages.
    public var name: String { LayerKeySpec.table[Int(rawValue)].name }

    /// The range its values must lie in (from a table of plain values: setters ask on every change).
    public var rule: LayerValueRule { LayerKeySpec.rules[Int(rawValue)] }

    /// How the property animates (from a table of plain values: setters ask on every change).
    public var animationStyle: LayerAnimationStyle { LayerKeySpec.styles[Int(rawValue)] }

    /// Whether Core Animation animates the property (UIKit's animation blocks, implicit
    /// animations, property animators and the C interface's animations).
    public var isAnimatable: Bool { animationStyle != .none }

    /// The keys of the animatable properties, in key order.
    public static let animatable: [LayerKey] = allCases.filter(\.isAnimatable)
}

/// How a property animates.
public enum LayerAnimationStyle: Sendable {
    /// Not animated: changes show at once.
    case none
    /// Animated by adding a fading difference to the model value (UIKit's additive animations):
    /// numbers, points, rectangles and colours.
    case additive
    /// Animated from one value to another by interpolation only (transforms, by decomposition).
    case interpolated
}

/// The range a property's values must lie in, beyond being finite: what `LayerProperty.problem`
/// refuses and what `clampedForDisplay` pulls values back into after a spring overshoots.
public enum LayerValueRule: Sendable {
    /// Any finite value.
    case finite
    /// A number of at least 0.
    case nonNegative
    /// A number above 0.
    case positive
    /// A number in 0...1.
    case unitInterval
    /// A rectangle whose size is at least 0 in each dimension.
    case nonNegativeSize
    /// A colour (or none) whose components lie in 0...1.
    case colorComponents
}

/// Everything known about one layer property: its key, name, rule, animation style and default.
/// One per `LayerKey`, made once and never changed (a class: looking one up copies nothing).
public final class LayerKeySpec: Sendable {
    /// The property.
    public let key: LayerKey
    /// Its `CALayer` name.
    public let name: String
    /// The range its values must lie in.
    public let rule: LayerValueRule
    /// How it animates.
    public let animation: LayerAnimationStyle
    /// Core Animation's default value of the property (which also gives its type).
    public let defaultValue: LayerValue

    private init(_ key: LayerKey) {
        self.key = key
        name = String(describing: key)
        (rule, animation) = key.entry
        defaultValue = LayerState.defaults[key]
    }

    /// Every key's entry, by raw value.
    public static let table: [LayerKeySpec] = LayerKey.allCases.map(LayerKeySpec.init)
    /// Every key's rule, animation style and value type, by raw value, as plain values (setters
    /// and commit validation ask for every value).
    static let rules: [LayerValueRule] = table.map(\.rule)
    static let styles: [LayerAnimationStyle] = table.map(\.animation)
    static let kinds: [LayerValue.Kind] = table.map(\.defaultValue.kind)

    /// Why `value` cannot be shown as this property, or nil when it can: a value of another type,
    /// non-finite numbers, or a value outside the rule's range.
    public func problem(_ value: LayerValue) -> String? { Self.problem(value, key) }

    /// Why `value` cannot be shown as `key`'s property (see `problem(_:)`), from plain tables:
    /// every value of every commit is checked here.
    static func problem(_ value: LayerValue, _ key: LayerKey) -> String? {
        let i = Int(key.rawValue)
        guard value.kind == kinds[i] else { return "cannot hold \(value)" }
        return value.problem(under: rules[i])
    }

    /// `value` pulled into the rule's range (a spring may overshoot past it): numbers to at least
    /// 0 or into 0...1, sizes to at least 0, colour components into 0...1.
    public func clamped(_ value: LayerValue) -> LayerValue { Self.clamp(value, to: rule) }

    /// `value` pulled into `rule`'s range (see `clamped`).
    static func clamp(_ value: LayerValue, to rule: LayerValueRule) -> LayerValue {
        switch (rule, value) {
        case (.unitInterval, .float(let v)): .float(min(max(v, 0), 1))
        case (.nonNegative, .number(let v)): .number(max(v, 0))
        case (.nonNegativeSize, .rect(let r)): .rect(Rect(x: r.minX, y: r.minY, width: max(r.width, 0), height: max(r.height, 0)))
        case (.colorComponents, .color(let c)): .color(c?.clamped)
        default: value
        }
    }
}

/// One property of a layer with its value, as the main thread sends it to the render tree and
/// animations carry it. A plain value.
public struct LayerProperty: Hashable, Sendable, CustomStringConvertible {
    // The value comes first: with the one-byte key after it, the property packs into 40 bytes
    // (a commit operation into 48) instead of 48 (56).
    /// Its value, of the type the key's field has.
    public var value: LayerValue
    /// Which property.
    public var key: LayerKey

    /// A property and its value; `value` must have the key's type (see `problem`).
    public init(_ key: LayerKey, _ value: LayerValue) {
        self.key = key
        self.value = value
    }

    /// The property's `CALayer` name, for messages.
    public var name: String { key.name }

    /// Why this value cannot be shown, or nil when it is acceptable: non-finite numbers,
    /// negative sizes, opacity or colour components outside 0...1, a value of another type.
    public var problem: String? { LayerKeySpec.problem(value, key) }

    /// Whether the property can be animated.
    public var isAnimatable: Bool { key.isAnimatable }

    /// Whether every number in the value is finite (deltas may be negative, so `problem` is too strict).
    public var isFiniteValue: Bool { value.isFinite }

    /// `self + other × k` for the same additive property, or nil.
    public func adding(_ other: LayerProperty, scaledBy k: Double) -> LayerProperty? {
        guard key == other.key, key.animationStyle == .additive, let sum = value.adding(other.value, scaledBy: k) else { return nil }
        return LayerProperty(key, sum)
    }

    /// `self − other` for the same additive property, or nil.
    public func subtracting(_ other: LayerProperty) -> LayerProperty? {
        adding(other, scaledBy: -1)
    }

    /// The value `p` of the way from `a` to `b` (the same animatable property), or nil.
    public static func interpolate(_ a: LayerProperty, _ b: LayerProperty, _ p: Double) -> LayerProperty? {
        guard a.key == b.key, a.key.isAnimatable, let value = LayerValue.interpolate(a.value, b.value, p) else { return nil }
        return LayerProperty(a.key, value)
    }

    /// The value made showable (see `LayerKeySpec.clamped`).
    public var clampedForDisplay: LayerProperty { LayerProperty(key, LayerKeySpec.clamp(value, to: key.rule)) }

    public var description: String { "\(key.name) = \(value)" }

    // Typed constructors, one per key: a value of the wrong type does not compile.
    public static func bounds(_ v: Rect) -> Self { Self(.bounds, .rect(v)) }
    public static func position(_ v: Point) -> Self { Self(.position, .point(v)) }
    public static func anchorPoint(_ v: Point) -> Self { Self(.anchorPoint, .point(v)) }
    public static func zPosition(_ v: Double) -> Self { Self(.zPosition, .number(v)) }
    public static func transform(_ v: Transform3D) -> Self { Self(.transform, .transform(v)) }
    public static func sublayerTransform(_ v: Transform3D) -> Self { Self(.sublayerTransform, .transform(v)) }
    public static func opacity(_ v: Float) -> Self { Self(.opacity, .float(v)) }
    public static func isHidden(_ v: Bool) -> Self { Self(.isHidden, .bool(v)) }
    public static func backgroundColor(_ v: Color?) -> Self { Self(.backgroundColor, .color(v)) }
    public static func masksToBounds(_ v: Bool) -> Self { Self(.masksToBounds, .bool(v)) }
    public static func isDoubleSided(_ v: Bool) -> Self { Self(.isDoubleSided, .bool(v)) }
    public static func cornerRadius(_ v: Double) -> Self { Self(.cornerRadius, .number(v)) }
    public static func borderWidth(_ v: Double) -> Self { Self(.borderWidth, .number(v)) }
    public static func borderColor(_ v: Color?) -> Self { Self(.borderColor, .color(v)) }
    public static func contentsGravity(_ v: ContentsGravity) -> Self { Self(.contentsGravity, .gravity(v)) }
    public static func contentsScale(_ v: Double) -> Self { Self(.contentsScale, .number(v)) }
    public static func contentsRect(_ v: Rect) -> Self { Self(.contentsRect, .rect(v)) }
    public static func contentsCenter(_ v: Rect) -> Self { Self(.contentsCenter, .rect(v)) }
    public static func shadowColor(_ v: Color?) -> Self { Self(.shadowColor, .color(v)) }
    public static func shadowOpacity(_ v: Float) -> Self { Self(.shadowOpacity, .float(v)) }
    public static func shadowOffset(_ v: Point) -> Self { Self(.shadowOffset, .point(v)) }
    public static func shadowRadius(_ v: Double) -> Self { Self(.shadowRadius, .number(v)) }
    public static func shadowShape(_ v: Rect) -> Self { Self(.shadowShape, .rect(v)) }
    public static func maskedCorners(_ v: Double) -> Self { Self(.maskedCorners, .number(v)) }
    public static func beginTime(_ v: Double) -> Self { Self(.beginTime, .number(v)) }
    public static func speed(_ v: Float) -> Self { Self(.speed, .float(v)) }
    public static func timeOffset(_ v: Double) -> Self { Self(.timeOffset, .number(v)) }
    public static func contentsBox(_ v: Rect) -> Self { Self(.contentsBox, .rect(v)) }
}

extension Rect {
    /// The unit square (0, 0, 1, 1): the whole of a picture in unit coordinates.
    public static let unit = Rect(x: 0, y: 0, width: 1, height: 1)
}

extension Color {
    /// Each component pulled into 0...1.
    public var clamped: Color {
        func c(_ v: Float) -> Float { min(max(v, 0), 1) }
        return Color(red: c(red), green: c(green), blue: c(blue), alpha: c(alpha))
    }
}
