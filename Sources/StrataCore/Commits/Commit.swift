/// New pixels for part or all of a layer's contents (its backing texture).
///
/// `pixels` hold RGBA8 (or BGRA8 with `isBGRA`) with premultiplied alpha, top row first, tightly packed, for `region` only;
/// `size` is the whole contents' size. When `size` differs from the texture the layer has, the
/// region must cover the whole contents. Safe to share between threads.
public struct ContentsUpdate: Hashable, Sendable {
    /// The size of the whole contents, in pixels.
    public var size: PixelSize
    /// The part of the contents these pixels replace, in pixels from the top-left corner.
    public var region: PixelRect
    /// `region.width × region.height × 4` bytes: premultiplied RGBA8 (BGRA8 with `isBGRA`), top row first.
    public var pixels: [UInt8]
    /// For whole contents from an immutable image: a number no other image ever has. Layers
    /// showing the same image share one texture (uploaded once) while any of them shows it.
    public var sharedImageID: UInt64?
    /// Whether `pixels` hold B, G, R, A bytes (Cairo's order, and most windowing systems') rather
    /// than R, G, B, A: they are uploaded as they are, into a texture that swaps red and blue
    /// when sampled, so no CPU conversion happens on either thread.
    public var isBGRA = false
    /// Whether the pixels have no alpha channel (a `CALayer.isOpaque` backing store): every pixel
    /// shows opaque, its colour as drawn over black, whatever its alpha byte holds. Such contents
    /// hide what lies under them. It takes effect with an update of the whole contents; a partial
    /// one goes into the contents as they are.
    public var isOpaque = false

    /// New contents covering the whole of `size`.
    public init(size: PixelSize, pixels: [UInt8]) {
        self.init(size: size, region: PixelRect(x: 0, y: 0, width: size.width, height: size.height), pixels: pixels)
    }

    /// New pixels for `region` of contents of `size`; `isBGRA` when they are in B, G, R, A order,
    /// `isOpaque` when their alpha is to be ignored.
    public init(size: PixelSize, region: PixelRect, pixels: [UInt8], isBGRA: Bool = false, isOpaque: Bool = false) {
        self.size = size
        self.region = region
        self.pixels = pixels
        self.isBGRA = isBGRA
        self.isOpaque = isOpaque
    }

    /// An update covering the whole of `image`; `sharedImageID` names the image when it is
    /// immutable and may be shown by several layers.
    public init(image: RGBAImage, sharedImageID: UInt64? = nil) {
        self.init(size: image.size, pixels: image.pixels)
        self.sharedImageID = sharedImageID
    }

    /// Why these pixels cannot be uploaded, or nil when they are consistent.
    public var problem: String? {
        let bound = 1 << 24  // far above any GPU's texture limit; keeps the arithmetic below from overflowing
        guard [size.width, size.height, region.x, region.y, region.width, region.height].allSatisfy({ (-bound...bound).contains($0) }) else {
            return "size \(size) or region \(region) is beyond ±\(bound) pixels"
        }
        if size.width <= 0 || size.height <= 0 { return "contents size \(size) is empty; each side must be at least 1" }
        if region.isEmpty { return "the region \(region) is empty" }
        if !PixelRect(x: 0, y: 0, width: size.width, height: size.height).contains(region) {
            return "the region \(region) is not inside contents of size \(size)"
        }
        let expected = region.width * region.height * 4
        if pixels.count != expected {
            return "the region \(region) needs \(expected) bytes of RGBA8, got \(pixels.count)"
        }
        return nil
    }
}

/// Contents an embedding application owns and updates itself, shown without a copy: a GL texture
/// of the compositor's context, or an EGLImage. Safe to share between threads (names and handles only).
public struct ExternalContents: Hashable, Sendable {
    /// Where the pixels are.
    public enum Source: Hashable, Sendable {
        /// A `GL_TEXTURE_2D` name in the compositor's (the host's) context.
        case texture(UInt32)
        /// An `EGLImageKHR` handle (its bit pattern) on the compositor's EGL display.
        case eglImage(UInt)
    }
    /// Where the pixels are.
    public var source: Source
    /// The picture's size in pixels.
    public var size: PixelSize
    /// Whether colours are premultiplied by alpha (Strata's own are); straight alpha is premultiplied when drawn.
    public var isPremultiplied: Bool
    /// Whether row 0 is the picture's top; false for a texture rendered into with GL (row 0 at the bottom).
    public var isTopRowFirst: Bool

    /// Describes external contents.
    public init(source: Source, size: PixelSize, isPremultiplied: Bool = true, isTopRowFirst: Bool = false) {
        self.source = source
        self.size = size
        self.isPremultiplied = isPremultiplied
        self.isTopRowFirst = isTopRowFirst
    }

    /// Why these contents cannot be shown, or nil.
    public func problem(maxTextureSize: Int) -> String? {
        switch source {
        case .texture(0): return "texture 0 is not a texture; pass a name from glGenTextures"
        case .eglImage(0): return "the EGLImage is EGL_NO_IMAGE_KHR; pass an image from eglCreateImageKHR"
        default: break
        }
        guard (1...maxTextureSize).contains(size.width), (1...maxTextureSize).contains(size.height) else {
            return "size \(size) is out of range: each side must be 1...\(maxTextureSize) pixels on this GPU"
        }
        return nil
    }
}

/// One change to the render tree, as recorded on the main thread.
public enum CommitOperation: Hashable, Sendable {
    /// A new layer with Core Animation's default property values and no superlayer.
    case createLayer(LayerID)
    /// Removes a layer; its sublayers lose their superlayer but stay alive until destroyed.
    case destroyLayer(LayerID)
    /// The layer drawn into the target as the root of the picture, or nil for none.
    case setRoot(LayerID?)
    /// Moves a layer into `parent`'s sublayers at `index` (nil: on top), out of any old superlayer.
    case insertSublayer(LayerID, parent: LayerID, index: Int?)
    /// Detaches a layer from its superlayer.
    case removeFromSuperlayer(LayerID)
    /// Sets one property of a layer.
    case set(LayerID, LayerProperty)
    /// Replaces pixels of a layer's contents; nil removes the contents.
    indirect case setContents(LayerID, ContentsUpdate?)
    /// Shows contents the embedding application owns (see `ExternalContents`) until replaced.
    indirect case setExternalContents(LayerID, ExternalContents)
    /// Starts an animation of one of the layer's properties (see `LayerAnimation`).
    indirect case addAnimation(LayerID, LayerAnimation)
    /// Stops every animation of the layer: it shows its model values again.
    case removeAllAnimations(LayerID)
    /// Stops the layer's animations of one group (an animator re-timing or finishing its own).
    case removeAnimations(LayerID, group: UInt64)
    /// Makes `mask` the layer's mask (`CALayer.mask`), or removes it (nil): the mask, a layer
    /// with no superlayer placed in the layer's bounds space, is drawn offscreen, and its alpha
    /// cuts everything the layer and its sublayers draw. A layer masks at most one layer.
    case setMask(LayerID, mask: LayerID?)
    /// Says which part of the layer's bounds space its owner has laid out (a list's rows, in its
    /// content's coordinates); nil: all of it (the default). While the render side shows the
    /// layer's bounds beyond it (a scroll view moving on while the main thread is busy), each
    /// frame counts the area it shows of what is not laid out (`FrameStatistics.checkerboardArea`).
    case setPreparedContent(LayerID, Rect?)
    /// Releases every layer and texture: the tree starts again empty, with no root. A model that
    /// lost step with the render tree (after a refused commit) resends itself after this.
    case removeAllLayers
}

/// Everything one transaction changed, sent from the main thread to the render thread.
///
/// Built on the main thread and not changed after it is sent: an immutable `Sendable` value,
/// so neither side can reach the other's state through it. Operations apply in order.
public struct Commit: Hashable, Sendable {
    /// The changes, in the order they were made.
    public private(set) var operations: [CommitOperation]

    /// An empty commit.
    public init() {
        operations = []
    }

    /// A commit holding `operations` in order.
    public init(_ operations: [CommitOperation]) {
        self.operations = operations
    }

    /// Appends one change.
    public mutating func append(_ operation: CommitOperation) {
        operations.append(operation)
    }

    /// Appends a property change.
    public mutating func set(_ layer: LayerID, _ property: LayerProperty) {
        operations.append(.set(layer, property))
    }

    /// Whether the commit changes nothing.
    public var isEmpty: Bool { operations.isEmpty }

    /// Checks every value in the commit and throws the first that cannot be shown.
    ///
    /// Checked on the sender's thread before anything is sent, so a bad commit changes nothing.
    public func validate(maxTextureSize: Int = .max) throws(CommitError) {
        for (index, operation) in operations.enumerated() {
            switch operation {
            case .set(let layer, let property):
                if let problem = property.problem {
                    throw CommitError.invalidProperty(layer: layer, property: property.name, problem: problem, operation: index)
                }
            case .setContents(let layer, let update?):
                if let problem = update.problem {
                    throw CommitError.invalidContents(layer: layer, problem: problem, operation: index)
                }
                if update.size.width > maxTextureSize || update.size.height > maxTextureSize {
                    throw CommitError.contentsTooLarge(layer: layer, size: update.size, limit: maxTextureSize)
                }
            case .setExternalContents(let layer, let contents):
                if let problem = contents.problem(maxTextureSize: maxTextureSize) {
                    throw CommitError.invalidContents(layer: layer, problem: problem, operation: index)
                }
            case .addAnimation(let layer, let animation):
                if let problem = animation.problem {
                    throw CommitError.invalidAnimation(layer: layer, property: animation.propertyName, problem: problem, operation: index)
                }
            case .setPreparedContent(let layer, let rect?):
                guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.size.width.isFinite, rect.size.height.isFinite,
                    rect.size.width >= 0, rect.size.height >= 0
                else {
                    throw CommitError.invalidProperty(
                        layer: layer, property: "prepared content", problem: "must be finite with a size of at least 0, got \(rect)", operation: index)
                }
            case .insertSublayer(let layer, let parent, let position):
                if layer == parent {
                    throw CommitError.cycle(layer: layer, parent: parent)
                }
                if let position, position < 0 {
                    throw CommitError.invalidIndex(layer: layer, index: position)
                }
            default:
                break
            }
        }
    }
}

/// Why a commit was refused. Nothing of a refused commit reaches the render tree.
public enum CommitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A property value that cannot be shown (non-finite, negative size, out of range).
    case invalidProperty(layer: LayerID, property: String, problem: String, operation: Int)
    /// An animation with a non-finite value or time, or of a property that cannot be animated.
    case invalidAnimation(layer: LayerID, property: String, problem: String, operation: Int)
    /// Contents whose pixels do not match their declared size and region.
    case invalidContents(layer: LayerID, problem: String, operation: Int)
    /// Contents larger than the GPU's largest texture.
    case contentsTooLarge(layer: LayerID, size: PixelSize, limit: Int)
    /// A layer made a sublayer of itself or of one of its own sublayers.
    case cycle(layer: LayerID, parent: LayerID)
    /// A negative sublayer index.
    case invalidIndex(layer: LayerID, index: Int)
    /// An operation on a layer the render tree does not have (never created, or destroyed).
    case unknownLayer(LayerID, operation: Int)
    /// A layer created twice.
    case duplicateLayer(LayerID)
    /// A mask that is the layer itself, above it, or in a tree (it must stand alone).
    case invalidMask(layer: LayerID, mask: LayerID, operation: Int)

    public var description: String {
        switch self {
        case .invalidProperty(let layer, let property, let problem, let op):
            "\(layer): \(property) \(problem) (operation \(op) of the commit); the whole commit was refused — pass finite values in range"
        case .invalidAnimation(let layer, let property, let problem, let op):
            "\(layer): animation of \(property) refused: \(problem) (operation \(op) of the commit); the whole commit was refused"
        case .invalidContents(let layer, let problem, let op):
            "\(layer): contents refused: \(problem) (operation \(op) of the commit)"
        case .contentsTooLarge(let layer, let size, let limit):
            "\(layer): contents of \(size) pixels exceed the GPU's maximum texture size \(limit); split or scale the image down"
        case .cycle(let layer, let parent):
            "\(layer) cannot become a sublayer of \(parent): that would put it inside its own subtree; the commit was refused"
        case .invalidIndex(let layer, let index):
            "\(layer): sublayer index \(index) is negative; pass 0 or more (past the end adds on top), or nil to add on top; the commit was refused"
        case .unknownLayer(let layer, let op):
            "\(layer) does not exist in the render tree (operation \(op)); create it before using it and do not use it after destroying it"
        case .duplicateLayer(let layer):
            "\(layer) was created twice; create each layer once (destroy it first to make it again); the commit was refused"
        case .invalidMask(let layer, let mask, let op):
            "\(layer): \(mask) cannot be its mask (operation \(op)): a mask has no superlayer and is neither the layer nor above it; remove it from its superlayer first; the commit was refused"
        }
    }
}
