import StrataCore
import Testing

/// The one declaration of layer properties: defaults, access by key, checks, clamping and
/// animation styles, with no GPU.
@Suite struct LayerStateTests {
    @Test func defaultsAreCoreAnimations() {
        // CALayer's documented defaults.
        let s = LayerState()
        #expect(s.bounds == .zero && s.position == .zero && s.zPosition == 0)
        #expect(s.anchorPoint == Point(x: 0.5, y: 0.5), "anchor point in the middle")
        #expect(s.opacity == 1 && !s.isHidden && !s.masksToBounds && s.isDoubleSided)
        #expect(s.backgroundColor == nil, "no background")
        #expect(s.borderColor == .black && s.borderWidth == 0 && s.cornerRadius == 0, "opaque black border of width 0")
        #expect(s.contentsGravity == .resize && s.contentsScale == 1)
        #expect(s.contentsRect == Rect(x: 0, y: 0, width: 1, height: 1) && s.contentsCenter == Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(s.transform == .identity && s.sublayerTransform == .identity && s.transformIsIdentity)
        #expect(s.properties(differingFrom: .defaults).isEmpty)
    }

    @Test func everyKeyHasOneEntryNamedAsCALayersProperty() {
        #expect(LayerKeySpec.table.count == LayerKey.allCases.count)
        for key in LayerKey.allCases {
            #expect(key.spec.key == key, "\(key.name)'s entry sits at its raw value")
        }
        let names = LayerKey.allCases.map(\.name)
        #expect(
            names == [
                "bounds", "position", "anchorPoint", "zPosition", "transform", "sublayerTransform", "opacity", "isHidden",
                "backgroundColor", "masksToBounds", "isDoubleSided", "cornerRadius", "borderWidth", "borderColor",
                "contentsGravity", "contentsScale", "contentsRect", "contentsCenter", "shadowColor", "shadowOpacity",
                "shadowOffset", "shadowRadius", "shadowShape", "maskedCorners", "beginTime", "speed", "timeOffset",
                "contentsBox",
            ])
        #expect(
            LayerKey.animatable.map(\.name) == [
                "bounds", "position", "zPosition", "transform", "opacity", "backgroundColor",
                "cornerRadius", "borderWidth", "borderColor", "contentsRect", "contentsCenter", "shadowColor",
                "shadowOpacity", "shadowOffset", "shadowRadius",
            ],
            "Core Animation's animatable properties that Strata interpolates")
    }

    @Test func everyKeyReadsAndWritesItsOwnField() {
        // A distinct non-default value per key, set by key, must land in that field alone.
        let samples: [LayerProperty] = [
            .bounds(Rect(x: 1, y: 2, width: 30, height: 40)), .position(Point(x: 5, y: 6)), .anchorPoint(Point(x: 0, y: 1)),
            .zPosition(7), .transform(Transform3D(scaleX: 2, y: 3)), .sublayerTransform(Transform3D(translationX: 4, y: 5)),
            .opacity(0.25), .isHidden(true), .backgroundColor(.red), .masksToBounds(true), .isDoubleSided(false),
            .cornerRadius(8), .borderWidth(2), .borderColor(.blue), .contentsGravity(.topLeft), .contentsScale(3),
            .contentsRect(Rect(x: 0.5, y: 0, width: 0.5, height: 1)), .contentsCenter(Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)),
            .shadowColor(.green), .shadowOpacity(0.5), .shadowOffset(Point(x: 2, y: 4)), .shadowRadius(6),
            .shadowShape(Rect(x: 0, y: 0, width: 10, height: 10)), .maskedCorners(3), .beginTime(2), .speed(0.5),
            .timeOffset(1.5), .contentsBox(Rect(x: -5, y: -5, width: 20, height: 20)),
        ]
        #expect(Set(samples.map(\.key)) == Set(LayerKey.allCases))
        for property in samples {
            var s = LayerState()
            s.apply(property)
            #expect(s[property.key] == property.value, "\(property.name) reads back")
            #expect(s.properties(differingFrom: .defaults) == [property], "\(property.name) changed nothing else")
        }
        var s = LayerState()
        s.transform = Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1)
        #expect(!s.transformIsIdentity)
        s[.transform] = .transform(.identity)
        #expect(s.transformIsIdentity, "the identity flag follows the transform however it is set")
    }

    @Test func problemsNameTheValue() {
        #expect(LayerProperty.opacity(1.5).problem == "is 1.5, outside 0...1")
        #expect(LayerProperty.opacity(.nan).problem == "is nan, outside 0...1")
        #expect(LayerProperty.cornerRadius(-2).problem == "is negative (-2.0)")
        #expect(LayerProperty.borderWidth(.infinity).problem == "has a non-finite value inf")
        #expect(LayerProperty.bounds(Rect(x: 0, y: 0, width: -1, height: 4)).problem == "has a negative size -1.0×4.0")
        #expect(LayerProperty.contentsScale(0).problem == "is 0.0; it must be a finite number above 0")
        #expect(LayerProperty.backgroundColor(Color(red: 2, green: 0, blue: 0)).problem?.hasPrefix("has components outside 0...1") == true)
        #expect(LayerProperty.transform(Transform3D(translationX: .nan, y: 0)).problem?.hasPrefix("has a non-finite entry") == true)
        #expect(LayerProperty(.opacity, .number(0.5)).problem == "cannot hold 0.5", "a value of another type is refused")
        // Accepted: negative positions and z, zero sizes, no colour, any gravity.
        for ok: LayerProperty in [
            .position(Point(x: -5, y: -1e6)), .zPosition(-3), .bounds(.zero), .backgroundColor(nil),
            .borderColor(nil), .contentsGravity(.bottomRight), .opacity(0), .opacity(1),
        ] {
            #expect(ok.problem == nil, "\(ok)")
        }
    }

    @Test func clampingPullsOvershootBackIntoRange() {
        // What a spring may overshoot to, made showable.
        #expect(LayerProperty.opacity(1.2).clampedForDisplay == .opacity(1))
        #expect(LayerProperty.opacity(-0.1).clampedForDisplay == .opacity(0))
        #expect(LayerProperty.cornerRadius(-3).clampedForDisplay == .cornerRadius(0))
        #expect(LayerProperty.bounds(Rect(x: -2, y: 3, width: -4, height: 5)).clampedForDisplay == .bounds(Rect(x: -2, y: 3, width: 0, height: 5)))
        #expect(
            LayerProperty.backgroundColor(Color(red: 1.5, green: -0.5, blue: 0.5, alpha: 1.1)).clampedForDisplay
                == .backgroundColor(Color(red: 1, green: 0, blue: 0.5, alpha: 1)))
        #expect(LayerProperty.position(Point(x: -9, y: 1e9)).clampedForDisplay == .position(Point(x: -9, y: 1e9)), "positions are not clamped")
    }

    @Test func additiveAndInterpolatedProperties() {
        // Two different components catch swapped x and y.
        #expect(LayerProperty.position(Point(x: 10, y: 20)).adding(.position(Point(x: 2, y: 3)), scaledBy: 0.5) == .position(Point(x: 11, y: 21.5)))
        #expect(LayerProperty.position(Point(x: 10, y: 20)).subtracting(.position(Point(x: 4, y: 5))) == .position(Point(x: 6, y: 15)))
        #expect(
            LayerProperty.backgroundColor(nil).adding(.backgroundColor(.red), scaledBy: 0.5)
                == .backgroundColor(Color(red: 0.5, green: 0, blue: 0, alpha: 0.5)), "no colour adds as clear")
        #expect(LayerProperty.opacity(1).adding(.cornerRadius(1), scaledBy: 1) == nil, "different properties do not add")
        #expect(LayerProperty.transform(.identity).adding(.transform(.identity), scaledBy: 1) == nil, "transforms only interpolate")
        #expect(LayerProperty.isHidden(true).adding(.isHidden(true), scaledBy: 1) == nil, "flags do not animate")
        let half = LayerProperty.interpolate(.transform(.identity), .transform(Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)), 0.5)
        let expected = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
        if case .transform(let t)? = half?.value {
            for (a, b) in zip(t.entries, expected.entries) { #expect(abs(a - b) < 1e-12, "half of a quarter turn is an eighth turn") }
        } else {
            Issue.record("interpolating transforms gave \(String(describing: half))")
        }
        #expect(LayerProperty.interpolate(.zPosition(0), .zPosition(10), 0.3) == .zPosition(3))
    }

    @Test func animationsOfEveryAnimatableKeyAreAccepted() {
        for key in LayerKey.animatable {
            let model = LayerProperty(key, LayerState.defaults[key])
            let absolute = LayerAnimation(kind: .absolute(from: model, to: model), curve: .linear, beginTime: 0, duration: 1)
            #expect(absolute.problem == nil, "\(key.name) animates from one value to another")
            #expect(absolute.key == key)
        }
        let wrongType = LayerAnimation(
            kind: .absolute(from: LayerProperty(.opacity, .number(0)), to: LayerProperty(.opacity, .number(1))),
            curve: .linear, beginTime: 0, duration: 1)
        #expect(wrongType.problem != nil, "an opacity animation between numbers of another type is refused")
        let notAnimatable = LayerAnimation(kind: .absolute(from: .isHidden(false), to: .isHidden(true)), curve: .linear, beginTime: 0, duration: 1)
        #expect(notAnimatable.problem == "from isHidden to isHidden is not one animatable property")
        let transformAdditive = LayerAnimation(kind: .additive(delta: .transform(.identity)), curve: .linear, beginTime: 0, duration: 1)
        #expect(transformAdditive.problem == "transform cannot be animated additively")
    }
}
