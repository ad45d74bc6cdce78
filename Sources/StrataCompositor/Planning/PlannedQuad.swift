import StrataCore

// The quads of a frame plan, as values: what the drawing walk sends to the GPU for each fill,
// border, shadow and clip mask, built by the planner (no GL) from the layer's state and place.

/// One quad's instance attributes, in the order of `layer.vert`'s locations 1...12.
struct QuadInstance {
    static let floatCount = 48
    var matrix: Transform3D
    var rect: Rect
    var bounds: Rect
    var contentsFrame = Rect(x: 0, y: 0, width: 1, height: 1)
    var uvRect = Rect(x: 0, y: 0, width: 1, height: 1)
    var center = (0.0, 0.0, 1.0, 1.0)
    var slice = (1.0, 1.0, 1.0, 1.0)
    var color = SIMD4<Float>.zero
    /// Opacity, corner radius, clips contents (0/1), border width.
    var params: (Float, Float, Float, Float) = (1, 0, 0, 0)

    init(matrix: Transform3D, rect: Rect, bounds: Rect) {
        (self.matrix, self.rect, self.bounds) = (matrix, rect, bounds)
    }

    /// Where a texture lands (`frame`, bounds space), which part of it shows (`shown`, texture
    /// unit coordinates), its stretchable centre (unit coordinates of the shown part) and the
    /// shown part's own size in points (the size nine-part caps keep).
    mutating func setContents(frame: Rect, shown: Rect, center: Rect, shownSize: Size) {
        contentsFrame = frame
        uvRect = shown
        self.center = (center.minX, center.minY, center.maxX, center.maxY)
        slice = (frame.width, frame.height, shownSize.width, shownSize.height)
    }

    /// The 48 floats, converted on the stack (this runs once per changed quad).
    var floats: InstanceFloats {
        let m = matrix
        func v(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> SIMD4<Float> {
            SIMD4<Float>(SIMD4<Double>(a, b, c, d))
        }
        return InstanceFloats(
            vectors: (
                v(m.m11, m.m12, m.m13, m.m14), v(m.m21, m.m22, m.m23, m.m24),
                v(m.m31, m.m32, m.m33, m.m34), v(m.m41, m.m42, m.m43, m.m44),
                v(rect.minX, rect.minY, rect.width, rect.height),
                v(bounds.minX, bounds.minY, bounds.width, bounds.height),
                v(contentsFrame.minX, contentsFrame.minY, contentsFrame.width, contentsFrame.height),
                v(uvRect.minX, uvRect.minY, uvRect.width, uvRect.height),
                v(center.0, center.1, center.2, center.3),
                v(slice.0, slice.1, slice.2, slice.3),
                color, SIMD4<Float>(params.0, params.1, params.2, params.3)
            ))
    }
}

/// One quad's instance attributes as the GPU reads them: 12 vectors of 4 floats, inline (no
/// array of their own to reach).
struct InstanceFloats {
    typealias Vector = SIMD4<Float>
    var vectors: (Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector)

    /// All zeros.
    init() {
        vectors = (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)
    }

    init(vectors: (Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector, Vector)) {
        self.vectors = vectors
    }

    /// Appends the 48 floats to `batch` in one append (48 single appends each checked the
    /// array's capacity).
    func append(to batch: inout [Float]) {
        var copy = vectors
        withUnsafeBytes(of: &copy) { batch.append(contentsOf: $0.bindMemory(to: Float.self)) }
    }
}

/// One quad of a frame plan: everything the drawing walk needs to draw it (its instance floats,
/// the program, the texture), and whose quad it is. A plain value: it names its layer by id, and
/// a texture by its GL name, and holds no reference into the render tree.
struct PlannedQuad {
    /// What the quad draws of its layer.
    enum Kind: UInt8 { case fill, border, shadow, clipMask }

    var floats: InstanceFloats
    var variant: LayerShaderVariant
    /// The texture sampled (0: none).
    var texture: UInt32
    /// Whether `texture` is a host's (sampled through Strata's own sampler).
    var isHostTexture: Bool
    var kind: Kind
    /// The opacity it was listed with (its own and that of translucent ancestors drawn without an
    /// offscreen pass).
    var opacity: Float
    /// The target space it was built for (`FramePlanner.quadSpace`): a kept fill holds only
    /// while the target's size and orientation are the same.
    var space: Int
    /// The layer it draws.
    var layer: LayerID

    /// A quad that draws nothing (an unused slot of the planner's kept fills).
    static let none = PlannedQuad(
        floats: InstanceFloats(), variant: LayerShaderVariant(mode: .fill), texture: 0, isHostTexture: false, kind: .fill, opacity: 0,
        space: -1, layer: LayerID(rawValue: 0))
}

/// The shadow a layer casts of its picture (see `DrawOperation.endShadowGroup`), in target
/// pixels: its offset, the blur's σ and how many texels it sums each side, and its tint.
struct PictureShadow: Equatable {
    var dx: Int, dy: Int
    var sigma: Double
    var radius: Int
    /// The shadow's colour (not premultiplied) and opacity.
    var color: Color
    var opacity: Float

    /// Where the shadow of `picture` (target pixels) can reach.
    func reach(of picture: PixelRect) -> PixelRect {
        let grow = radius + 1
        return PixelRect(x: picture.x + dx - grow, y: picture.y + dy - grow, width: picture.width + 2 * grow, height: picture.height + 2 * grow)
    }
}
