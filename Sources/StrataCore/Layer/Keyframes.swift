import Foundation

/// The part of a layer property an explicit animation drives: the whole value, or one field of
/// it named by a Core Animation key path (`position.x`, `bounds.size.width`, `transform.scale`,
/// `transform.rotation.z`, …).
///
/// A point or rectangle field is replaced in the model value (the other fields follow the model).
/// A transform field is turned into a transform by Core Animation's value functions (a scale,
/// a rotation, a translation), which stands for the whole transform, or, in an additive
/// animation, is applied before the model transform. Scalar fields take `.number` values, the
/// pair fields (`bounds.size`, `bounds.origin`, `transform.translation`) `.point` values.
public enum LayerValuePart: UInt8, Hashable, Sendable, CaseIterable {
    /// The whole value (a key path that is just the property's name).
    case whole
    /// Of a point: `position.x`, `position.y`, `anchorPoint.x`, …
    case x, y
    /// Of a rectangle: `bounds.origin` and `bounds.size` (a pair, as a point: width in `x`).
    case origin, size
    /// Of a rectangle: `bounds.origin.x`, `bounds.origin.y`, `bounds.size.width`, `bounds.size.height`.
    case originX, originY, width, height
    /// Of a transform: `transform.scale` (all three axes), `transform.scale.x` / `.y` / `.z`.
    case scale, scaleX, scaleY, scaleZ
    /// Of a transform: `transform.rotation.x` / `.y` / `.z` (`transform.rotation` is `.z`), in radians.
    case rotationX, rotationY, rotationZ
    /// Of a transform: `transform.translation` (x and y, as a point), `.x`, `.y`, `.z`.
    case translation, translationX, translationY, translationZ

    /// The part a key path's tail names for a value of `kind` (the tail after the property's
    /// name, without the dot: "" for the whole value), or nil when there is no such part.
    public static func named(_ tail: String, of kind: LayerValue.Kind) -> LayerValuePart? {
        switch (kind, tail) {
        case (_, ""): .whole
        case (.point, "x"): .x
        case (.point, "y"): .y
        case (.rect, "origin"): .origin
        case (.rect, "size"): .size
        case (.rect, "origin.x"): .originX
        case (.rect, "origin.y"): .originY
        case (.rect, "size.width"): .width
        case (.rect, "size.height"): .height
        case (.transform, "scale"): .scale
        case (.transform, "scale.x"): .scaleX
        case (.transform, "scale.y"): .scaleY
        case (.transform, "scale.z"): .scaleZ
        case (.transform, "rotation"), (.transform, "rotation.z"): .rotationZ
        case (.transform, "rotation.x"): .rotationX
        case (.transform, "rotation.y"): .rotationY
        case (.transform, "translation"): .translation
        case (.transform, "translation.x"): .translationX
        case (.transform, "translation.y"): .translationY
        case (.transform, "translation.z"): .translationZ
        default: nil
        }
    }

    /// The kind of value a part of a value of `kind` takes: the value's own for `.whole`, a point
    /// for the pairs, a number for the rest.
    public func valueKind(in kind: LayerValue.Kind) -> LayerValue.Kind {
        switch self {
        case .whole: kind
        case .origin, .size, .translation: .point
        default: .number
        }
    }

    /// The part's value in `whole` (a transform's scale is the average of its axes' lengths,
    /// its rotation read as Core Animation's key-value coding reads it), or nil when `whole` has
    /// no such part.
    public func read(from whole: LayerValue) -> LayerValue? {
        switch (self, whole) {
        case (.whole, _): return whole
        case (.x, .point(let p)): return .number(p.x)
        case (.y, .point(let p)): return .number(p.y)
        case (.origin, .rect(let r)): return .point(r.origin)
        case (.size, .rect(let r)): return .point(Point(x: r.width, y: r.height))
        case (.originX, .rect(let r)): return .number(r.minX)
        case (.originY, .rect(let r)): return .number(r.minY)
        case (.width, .rect(let r)): return .number(r.width)
        case (.height, .rect(let r)): return .number(r.height)
        case (_, .transform(let m)):
            let sx = (m.m11 * m.m11 + m.m12 * m.m12 + m.m13 * m.m13).squareRoot()
            let sy = (m.m21 * m.m21 + m.m22 * m.m22 + m.m23 * m.m23).squareRoot()
            let sz = (m.m31 * m.m31 + m.m32 * m.m32 + m.m33 * m.m33).squareRoot()
            switch self {
            case .scale: return .number((sx + sy + sz) / 3)
            case .scaleX: return .number(sx)
            case .scaleY: return .number(sy)
            case .scaleZ: return .number(sz)
            case .rotationZ: return .number(atan2(m.m12, m.m11))
            case .rotationX: return .number(atan2(m.m23, m.m33))
            case .rotationY: return .number(atan2(-m.m13, (m.m23 * m.m23 + m.m33 * m.m33).squareRoot()))
            case .translation: return .point(Point(x: m.m41, y: m.m42))
            case .translationX: return .number(m.m41)
            case .translationY: return .number(m.m42)
            case .translationZ: return .number(m.m43)
            default: return nil
            }
        default: return nil
        }
    }

    /// `model` with this part shown as `value`: the field replaced, or (additive) `value` added
    /// to it; for a transform's part, its value function's transform, or that transform applied
    /// before the model's (additive). Nil when the types do not fit.
    public func apply(_ value: LayerValue, to model: LayerValue, additive: Bool) -> LayerValue? {
        if self == .whole {
            if additive {
                if case .transform(let v) = value, case .transform(let m) = model { return .transform(v.concatenating(m)) }
                return model.adding(value, scaledBy: 1)
            }
            return value
        }
        if case .transform(let m) = model {
            guard let t = transform(for: value) else { return nil }
            return .transform(additive ? t.concatenating(m) : t)
        }
        guard let current = read(from: model) else { return nil }
        let shown = additive ? current.adding(value, scaledBy: 1) : value
        switch (self, model, shown) {
        case (.x, .point(var p), .number(let v)?): p.x = v; return .point(p)
        case (.y, .point(var p), .number(let v)?): p.y = v; return .point(p)
        case (.origin, .rect(var r), .point(let v)?): r.origin = v; return .rect(r)
        case (.size, .rect(var r), .point(let v)?): r.size = Size(width: v.x, height: v.y); return .rect(r)
        case (.originX, .rect(var r), .number(let v)?): r.origin.x = v; return .rect(r)
        case (.originY, .rect(var r), .number(let v)?): r.origin.y = v; return .rect(r)
        case (.width, .rect(var r), .number(let v)?): r.size.width = v; return .rect(r)
        case (.height, .rect(var r), .number(let v)?): r.size.height = v; return .rect(r)
        default: return nil
        }
    }

    /// The transform a transform part's value stands for (Core Animation's value functions).
    private func transform(for value: LayerValue) -> Transform3D? {
        switch (self, value) {
        case (.scale, .number(let s)): Transform3D(scaleX: s, y: s, z: s)
        case (.scaleX, .number(let s)): Transform3D(scaleX: s, y: 1)
        case (.scaleY, .number(let s)): Transform3D(scaleX: 1, y: s)
        case (.scaleZ, .number(let s)): Transform3D(scaleX: 1, y: 1, z: s)
        case (.rotationX, .number(let a)): Transform3D(rotationAngle: a, x: 1, y: 0, z: 0)
        case (.rotationY, .number(let a)): Transform3D(rotationAngle: a, x: 0, y: 1, z: 0)
        case (.rotationZ, .number(let a)): Transform3D(rotationAngle: a, x: 0, y: 0, z: 1)
        case (.translation, .point(let p)): Transform3D(translationX: p.x, y: p.y)
        case (.translationX, .number(let v)): Transform3D(translationX: v, y: 0)
        case (.translationY, .number(let v)): Transform3D(translationX: 0, y: v)
        case (.translationZ, .number(let v)): Transform3D(translationX: 0, y: 0, z: v)
        default: nil
        }
    }
}

/// An explicit animation's values (Core Animation's `CABasicAnimation` and
/// `CAKeyframeAnimation`): a property, or a part of one, shown at `values[i]` at `keyTimes[i]`
/// of the animation's progress, between them interpolated (each segment through its own timing
/// curve) or, when `isDiscrete`, held until the next key time. A plain value.
public struct Keyframes: Hashable, Sendable {
    /// The animated property.
    public var key: LayerKey
    /// Which part of it.
    public var part: LayerValuePart
    /// The values, each of the part's kind (`LayerValuePart.valueKind`); at least one.
    public var values: [LayerValue]
    /// When each value is reached, as fractions of the progress: as many as `values`, from 0
    /// rising to 1 (not falling).
    public var keyTimes: [Double]
    /// Each segment's timing curve (`values.count − 1` of them), or empty for linear segments.
    public var curves: [TimingCurve]
    /// Whether each value holds until the next key time (`kCAAnimationDiscrete`).
    public var isDiscrete: Bool
    /// Whether the values add onto the model value (`isAdditive`) instead of replacing it.
    public var isAdditive: Bool
    /// For a path (`CAKeyframeAnimation.path`): each segment's two cubic Bézier control points
    /// between its end values (empty for a straight segment), one entry per segment; or empty
    /// when every segment is straight.
    public var controlPoints: [[Point]] = []
    /// Non-nil for a path's rotation (`CAKeyframeAnimation.rotationMode`): the point values
    /// stand for the path, and the keyframes show the angle of its tangent where the progress
    /// is, plus this many radians (0 for `rotateAuto`, π for `rotateAutoReverse`), as a number.
    public var tangentAngleOffset: Double?

    /// Keyframes; key times default to evenly spaced.
    public init(
        key: LayerKey, part: LayerValuePart = .whole, values: [LayerValue], keyTimes: [Double]? = nil,
        curves: [TimingCurve] = [], isDiscrete: Bool = false, isAdditive: Bool = false
    ) {
        self.key = key
        self.part = part
        self.values = values
        self.keyTimes = keyTimes ?? Self.evenKeyTimes(count: values.count)
        self.curves = curves
        self.isDiscrete = isDiscrete
        self.isAdditive = isAdditive
    }

    /// `count` key times evenly spaced from 0 to 1 (one value: 0).
    public static func evenKeyTimes(count: Int) -> [Double] {
        count <= 1 ? [0] : (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// Why these keyframes cannot run, or nil.
    public var problem: String? {
        guard key.isAnimatable else { return "\(key.name) is not animatable" }
        let kind = tangentAngleOffset == nil ? part.valueKind(in: key.spec.defaultValue.kind) : .point
        if tangentAngleOffset != nil, part.valueKind(in: key.spec.defaultValue.kind) != .number {
            return "\(key.name) follows a path's tangent only through a number part"
        }
        guard !values.isEmpty else { return "\(key.name) keyframes need at least one value" }
        guard values.allSatisfy({ $0.kind == kind && $0.isFinite }) else {
            return "\(key.name) keyframe values must be finite values of kind \(kind), got \(values)"
        }
        guard part == .whole || part.read(from: key.spec.defaultValue) != nil else { return "\(key.name) has no part \(part)" }
        guard keyTimes.count == values.count, keyTimes.allSatisfy({ $0.isFinite && (0...1).contains($0) }),
            zip(keyTimes, keyTimes.dropFirst()).allSatisfy({ $0 <= $1 })
        else {
            return "\(key.name) key times \(keyTimes) must be \(values.count) rising fractions in 0...1"
        }
        guard curves.isEmpty || curves.count == values.count - 1 else {
            return "\(key.name) has \(curves.count) segment curves for \(values.count) values"
        }
        guard controlPoints.isEmpty || (controlPoints.count == values.count - 1 && controlPoints.allSatisfy { $0.isEmpty || $0.count == 2 }) else {
            return "\(key.name) has control points for \(controlPoints.count) segments, not \(values.count - 1)"
        }
        if !isDiscrete, kind == .bool || kind == .gravity {
            return "\(key.name) values do not interpolate: animate them discretely"
        }
        return nil
    }

    /// The part's value at `progress` (0...1 of the animation; a spring's progress may pass 1,
    /// and then the last segment carries on past its end value).
    public func value(at progress: Double) -> LayerValue {
        let last = values.count - 1
        guard last > 0 else { return tangentAngleOffset.map { .number($0) } ?? values[0] }
        if isDiscrete {
            // The value of the last key time at or before `progress`.
            var j = 0
            while j < last, keyTimes[j + 1] <= progress { j += 1 }
            if tangentAngleOffset != nil { return .number(tangentAngle(segment: min(j, last - 1), at: j < last ? 0 : 1)) }
            return values[j]
        }
        // The segment `progress` lies in (the first or last one beyond the ends).
        var i = 0
        while i < last - 1, keyTimes[i + 1] <= progress { i += 1 }
        let span = keyTimes[i + 1] - keyTimes[i]
        var local = span > 0 ? (progress - keyTimes[i]) / span : (progress < keyTimes[i] ? 0 : 1)
        if span > 0, !curves.isEmpty, (0...1).contains(local) { local = curves[i].progress(elapsed: local, duration: 1) }
        if tangentAngleOffset != nil { return .number(tangentAngle(segment: i, at: min(max(local, 0), 1))) }
        if let controls = bezierControls(of: i), case .point(let a) = values[i], case .point(let b) = values[i + 1] {
            return .point(Self.bezier(a, controls.0, controls.1, b, local))
        }
        guard span > 0 else { return local < 1 ? values[i] : values[i + 1] }
        return LayerValue.interpolate(values[i], values[i + 1], local) ?? values[i]
    }

    /// Segment `i`'s Bézier control points, or nil for a straight segment.
    private func bezierControls(of i: Int) -> (Point, Point)? {
        guard i < controlPoints.count, controlPoints[i].count == 2 else { return nil }
        return (controlPoints[i][0], controlPoints[i][1])
    }

    /// The point `t` (0...1) of the way along the cubic Bézier curve a, c1, c2, b.
    public static func bezier(_ a: Point, _ c1: Point, _ c2: Point, _ b: Point, _ t: Double) -> Point {
        let u = 1 - t
        let (ka, k1, k2, kb) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return Point(x: ka * a.x + k1 * c1.x + k2 * c2.x + kb * b.x, y: ka * a.y + k1 * c1.y + k2 * c2.y + kb * b.y)
    }

    /// The direction of the path at `t` (0...1) along segment `i`, in radians from the x axis
    /// towards y, plus `tangentAngleOffset`: the curve's derivative (its chord where the
    /// derivative vanishes), or the line's direction; a segment of no length takes the nearest
    /// earlier one's direction (0 when none has a length).
    func tangentAngle(segment i: Int, at t: Double) -> Double {
        let offset = tangentAngleOffset ?? 0
        var j = i
        while j >= 0 {
            guard case .point(let a) = values[j], case .point(let b) = values[j + 1] else { return offset }
            var d = Point(x: b.x - a.x, y: b.y - a.y)
            if let (c1, c2) = bezierControls(of: j) {
                let s = j == i ? t : 1, u = 1 - s
                let derivative = Point(
                    x: 3 * u * u * (c1.x - a.x) + 6 * u * s * (c2.x - c1.x) + 3 * s * s * (b.x - c2.x),
                    y: 3 * u * u * (c1.y - a.y) + 6 * u * s * (c2.y - c1.y) + 3 * s * s * (b.y - c2.y))
                if abs(derivative.x) + abs(derivative.y) > 1e-12 { d = derivative }
            }
            if abs(d.x) + abs(d.y) > 1e-12 { return atan2(d.y, d.x) + offset }
            j -= 1
        }
        return offset
    }

    /// The property shown at `progress` over the model value `model`.
    public func shown(over model: LayerProperty, at progress: Double) -> LayerProperty {
        guard let value = part.apply(value(at: progress), to: model.value, additive: isAdditive) else { return model }
        return LayerProperty(key, value)
    }
}
