// Overall design: a layer's properties are declared once, here. `LayerState` stores them with Core
// Animation's defaults; `LayerKey` names each one, and its `spec` (one entry per key, in an
// exhaustive switch, so a new key cannot be forgotten) says how its value is checked, clamped and
// animated. Values travel between threads as `LayerProperty` (a key and a `LayerValue`). The model
// `CALayer`, the render thread's layer and the C interface's layer each store a `LayerState`, and
// read and write it by key where they handle properties generically (commits, animations).
//
// Adding a property: a stored field in `LayerState`, a case in `LayerKey` with its entry in
// `LayerKey.entry`, and a typed constructor on `LayerProperty` (all in this file); then the public
// setter and the drawing code that uses it.

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
    /// The layer's transform, applied about its anchor point.
    public var transform = Transform3D.identity {
        didSet { transformIsIdentity = transform.isIdentity }
    }
    /// A transform applied to the sublayers about this layer's anchor point (perspective goes here).
    public var sublayerTransform = Transform3D.identity

    /// A layer's state with Core Animation's defaults.
    public init() {}

    /// Core Animation's defaults, for comparisons.
    public static let defaults = LayerState()

    /// One property's value, by key. Setting a value of another type than the key's traps
    /// (values built through `LayerProperty`'s typed constructors always fit).
    public subscript(key: LayerKey) -> LayerValue {
        // A switch, not the entry's closure: every changed property of every commit is read here.
        // Exhaustive, so a new key cannot be missed.
        get {
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
            }
        }
        set {
            guard LayerKeySpec.table[Int(key.rawValue)].write(&self, newValue) else {
                preconditionFailure("LayerState: \(newValue) is not a value of \(key.name)")
            }
        }
    }

    /// Sets one property (see the subscript).
    public mutating func apply(_ property: LayerProperty) {
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
         contentsGravity, contentsScale, contentsRect, contentsCenter

    /// The property's one entry: how to read and write its field, the rule its values follow and
    /// how it animates. Exhaustive, so a new key cannot be left without one. (Closures rather than
    /// key paths: commits read and write properties by key, and a stored key path is slow to apply.)
    fileprivate var entry: LayerKeySpec {
        switch self {
        case .bounds: .field(self, { $0.bounds }, { $0.bounds = $1 }, .nonNegativeSize, animation: .additive)
        case .position: .field(self, { $0.position }, { $0.position = $1 }, animation: .additive)
        case .anchorPoint: .field(self, { $0.anchorPoint }, { $0.anchorPoint = $1 })
        case .zPosition: .field(self, { $0.zPosition }, { $0.zPosition = $1 }, animation: .additive)
        case .transform: .field(self, { $0.transform }, { $0.transform = $1 }, animation: .interpolated)
        case .sublayerTransform: .field(self, { $0.sublayerTransform }, { $0.sublayerTransform = $1 })
        case .opacity: .field(self, { $0.opacity }, { $0.opacity = $1 }, .unitInterval, animation: .additive)
        case .isHidden: .field(self, { $0.isHidden }, { $0.isHidden = $1 })
        case .backgroundColor: .field(self, { $0.backgroundColor }, { $0.backgroundColor = $1 }, .colorComponents, animation: .additive)
        case .masksToBounds: .field(self, { $0.masksToBounds }, { $0.masksToBounds = $1 })
        case .isDoubleSided: .field(self, { $0.isDoubleSided }, { $0.isDoubleSided = $1 })
        case .cornerRadius: .field(self, { $0.cornerRadius }, { $0.cornerRadius = $1 }, .nonNegative, animation: .additive)
        case .borderWidth: .field(self, { $0.borderWidth }, { $0.borderWidth = $1 }, .nonNegative, animation: .additive)
        case .borderColor: .field(self, { $0.borderColor }, { $0.borderColor = $1 }, .colorComponents, animation: .additive)
        case .contentsGravity: .field(self, { $0.contentsGravity }, { $0.contentsGravity = $1 })
        case .contentsScale: .field(self, { $0.contentsScale }, { $0.contentsScale = $1 }, .positive)
        case .contentsRect: .field(self, { $0.contentsRect }, { $0.contentsRect = $1 }, .nonNegativeSize)
        case .contentsCenter: .field(self, { $0.contentsCenter }, { $0.contentsCenter = $1 }, .nonNegativeSize)
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

/// Everything known about one layer property: its key, name, rule and animation style, and how
/// to read and write it in a `LayerState`. One per `LayerKey`, made once and never changed (a
/// class, so that looking one up copies no closures).
public final class LayerKeySpec: Sendable {
    /// The property.
    public let key: LayerKey
    /// Its `CALayer` name.
    public let name: String
    /// The range its values must lie in.
    public let rule: LayerValueRule
    /// How it animates.
    public let animation: LayerAnimationStyle
    /// Its value in a state.
    let read: @Sendable (LayerState) -> LayerValue
    /// Stores a value in a state; false (nothing stored) when the value has another type.
    let write: @Sendable (inout LayerState, LayerValue) -> Bool

    private init(key: LayerKey, name: String, rule: LayerValueRule, animation: LayerAnimationStyle,
                 read: @escaping @Sendable (LayerState) -> LayerValue, write: @escaping @Sendable (inout LayerState, LayerValue) -> Bool) {
        (self.key, self.name, self.rule, self.animation) = (key, name, rule, animation)
        (self.read, self.write) = (read, write)
    }

    /// The entry for a stored field of `LayerState`, read by `get` and written by `set`.
    fileprivate static func field<V: LayerValueRepresentable>(
        _ key: LayerKey, _ get: @escaping @Sendable (LayerState) -> V, _ set: @escaping @Sendable (inout LayerState, V) -> Void,
        _ rule: LayerValueRule = .finite, animation: LayerAnimationStyle = .none
    ) -> LayerKeySpec {
        LayerKeySpec(key: key, name: String(describing: key), rule: rule, animation: animation,
                     read: { get($0).layerValue },
                     write: { state, value in
                         guard let v = V(layerValue: value) else { return false }
                         set(&state, v)
                         return true
                     })
    }

    /// Every key's entry, by raw value.
    public static let table: [LayerKeySpec] = LayerKey.allCases.map(\.entry)
    /// Every key's rule and animation style, by raw value, as plain values.
    static let rules: [LayerValueRule] = table.map(\.rule)
    static let styles: [LayerAnimationStyle] = table.map(\.animation)
    /// Every key's value type, by raw value.
    static let kinds: [LayerValue.Kind] = table.map(\.defaultValue.kind)

    /// Core Animation's default value of the property.
    public var defaultValue: LayerValue { read(.defaults) }

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
