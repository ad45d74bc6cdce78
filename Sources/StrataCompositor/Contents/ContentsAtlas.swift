import StrataCore
import StrataGL

// Overall design: small contents (sprites, icons, text runs) share a few large atlas textures, so
// layers showing different pictures can still be drawn in one batch. There is an atlas per texture
// layout (images in R, G, B, A; drawn contents in Cairo's B, G, R, A, whose pages swap red and blue
// when sampled; opaque drawn contents, whose pages also read alpha as 1), so a batch holds
// pictures of one layout. Each picture gets a slot one
// pixel larger on every side, whose border repeats the picture's edge pixels: bilinear sampling at
// the picture's edge then reads what a texture of its own with clamped edges would give. Slots are
// packed on shelves; a freed slot is reused by a picture of the same size. Large pictures, or any
// that do not fit, get a texture of their own.

/// A layer's contents on the GPU: a texture of their own, or a region of a shared atlas page.
/// Render thread only; an atlas region goes back to its page when this is released.
final class LayerContents {
    /// The texture holding the pixels (shared when in an atlas); nil for a host's texture.
    let texture: GLTexture?
    /// The GL name of the texture drawn from.
    let textureName: UInt32
    /// The texture's size in pixels.
    let textureSize: PixelSize
    /// Where the contents' pixels are in the texture.
    let region: PixelRect
    private let slot: (atlas: ContentsAtlas, page: Int, rect: PixelRect)?
    /// Whether the texture is the host's: sampled through Strata's own sampler, never changed.
    private(set) var isHostTexture = false
    /// Whether the colours are premultiplied by alpha (false: the shader premultiplies them).
    private(set) var isPremultiplied = true
    /// Whether row 0 is the picture's top (Strata's uploads); false flips the picture when sampled.
    private(set) var isTopRowFirst = true

    /// The contents' size in pixels.
    var width: Int { region.width }
    var height: Int { region.height }
    var isInAtlas: Bool { slot != nil }
    /// Whether the texture holds B, G, R, A bytes (uploads in that order go in as they are).
    var isBGRA: Bool { texture?.isBGRA ?? false }
    /// How the texture holds pixels (a host's texture counts as R, G, B, A with alpha).
    var layout: ContentsAtlas.Layout { ContentsAtlas.Layout(isBGRA: isBGRA, isOpaque: texture?.isOpaque ?? false) }
    /// Whether every pixel is opaque: known for images (looked at once when uploaded) and for
    /// textures without alpha; false when unknown.
    var isOpaque = false
    /// Whether several layers may show these contents (an immutable image's): never drawn into.
    var isShared = false

    /// Contents in a texture of their own.
    init(own texture: GLTexture) {
        self.texture = texture
        textureName = texture.rawValue
        textureSize = PixelSize(width: texture.width, height: texture.height)
        region = PixelRect(x: 0, y: 0, width: texture.width, height: texture.height)
        slot = nil
    }

    /// Contents in `rect` (padding included) of an atlas page.
    init(atlas: ContentsAtlas, page: Int, texture: GLTexture, slot rect: PixelRect) {
        self.texture = texture
        textureName = texture.rawValue
        textureSize = PixelSize(width: texture.width, height: texture.height)
        region = PixelRect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2)
        slot = (atlas, page, rect)
    }

    /// Contents the host owns: its texture (drawn as is), or an EGLImage bound to a texture of ours.
    /// - Throws: `GLError` when the image cannot be bound (no `GL_OES_EGL_image`, a bad image).
    init(external: ExternalContents, context: GLContext) throws {
        switch external.source {
        case .texture(let name):
            texture = nil
            textureName = name
            isHostTexture = true
        case .eglImage(let image):
            let t = try GLTexture(context: context, eglImage: image, width: external.size.width, height: external.size.height)
            t.label("strata external image \(external.size.width)×\(external.size.height)")
            texture = t
            textureName = t.rawValue
        }
        textureSize = external.size
        region = PixelRect(x: 0, y: 0, width: external.size.width, height: external.size.height)
        slot = nil
        isShared = true
        isPremultiplied = external.isPremultiplied
        isTopRowFirst = external.isTopRowFirst
    }

    deinit {
        if let slot { slot.atlas.free(slot.rect, page: slot.page) }
    }

    /// Replaces the pixels of `r` (contents coordinates) with tightly packed RGBA8 rows; in an
    /// atlas, the padding next to any edge `r` touches repeats the new edge pixels.
    func upload(_ r: PixelRect, pixels: [UInt8]) {
        guard let texture else { preconditionFailure("uploading into a host's texture") }
        texture.upload(x: region.x + r.x, y: region.y + r.y, width: r.width, height: r.height, pixels: pixels)
        guard slot != nil else { return }
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { let i = (y * r.width + x) * 4; return Array(pixels[i..<(i + 4)]) }
        let left = r.x == 0, right = r.x + r.width == width, top = r.y == 0, bottom = r.y + r.height == height
        if left { texture.upload(x: region.x - 1, y: region.y + r.y, width: 1, height: r.height, pixels: (0..<r.height).flatMap { pixel(0, $0) }) }
        if right { texture.upload(x: region.x + width, y: region.y + r.y, width: 1, height: r.height, pixels: (0..<r.height).flatMap { pixel(r.width - 1, $0) }) }
        if top { texture.upload(x: region.x + r.x, y: region.y - 1, width: r.width, height: 1, pixels: Array(pixels[0..<(r.width * 4)])) }
        if bottom {
            texture.upload(
                x: region.x + r.x, y: region.y + height, width: r.width, height: 1,
                pixels: Array(pixels[((r.height - 1) * r.width * 4)..<(r.height * r.width * 4)]))
        }
        if left && top { texture.upload(x: region.x - 1, y: region.y - 1, width: 1, height: 1, pixels: pixel(0, 0)) }
        if right && top { texture.upload(x: region.x + width, y: region.y - 1, width: 1, height: 1, pixels: pixel(r.width - 1, 0)) }
        if left && bottom { texture.upload(x: region.x - 1, y: region.y + height, width: 1, height: 1, pixels: pixel(0, r.height - 1)) }
        if right && bottom { texture.upload(x: region.x + width, y: region.y + height, width: 1, height: 1, pixels: pixel(r.width - 1, r.height - 1)) }
    }

    /// `shown` (unit coordinates of the contents) in unit coordinates of `texture`.
    func textureRect(_ shown: Rect) -> Rect {
        guard slot != nil else {
            // A bottom-up picture: sample it upside down.
            return isTopRowFirst ? shown : Rect(x: shown.minX, y: 1 - shown.minY, width: shown.width, height: -shown.height)
        }
        let tw = Double(textureSize.width), th = Double(textureSize.height)
        return Rect(
            x: (Double(region.x) + shown.minX * Double(region.width)) / tw,
            y: (Double(region.y) + shown.minY * Double(region.height)) / th,
            width: shown.width * Double(region.width) / tw,
            height: shown.height * Double(region.height) / th)
    }
}

/// Shared textures for small contents. Render thread only.
final class ContentsAtlas {
    /// Contents up to this many pixels on a side go into the atlas.
    static let largestSide = 256
    /// At most this many pages (each `pageSide`² RGBA8) are made per atlas (there is one atlas per
    /// texture layout in use); beyond, contents get their own texture.
    static let maximumPages = 4

    private let context: GLContext
    let pageSide: Int
    /// How the pages hold pixels.
    let layout: Layout

    /// A texture layout: byte order, and whether alpha is ignored (sampled as 1).
    struct Layout: Hashable {
        /// B, G, R, A bytes (drawn contents) rather than R, G, B, A (images).
        var isBGRA: Bool
        /// No alpha channel (`ContentsUpdate.isOpaque`).
        var isOpaque: Bool

        init(isBGRA: Bool = false, isOpaque: Bool = false) {
            (self.isBGRA, self.isOpaque) = (isBGRA, isOpaque)
        }

        /// The layout `update`'s pixels arrive in.
        init(of update: ContentsUpdate) {
            self.init(isBGRA: update.isBGRA, isOpaque: update.isOpaque)
        }
    }

    private final class Page {
        let texture: GLTexture
        /// Shelves: rows of slots of at most `height` pixels, filled left to right up to `x`.
        var shelves: [(y: Int, height: Int, x: Int)] = []
        var nextY = 0
        /// Freed slots, reused by contents of the same padded size.
        var free: [PixelRect] = []
        init(texture: GLTexture) { self.texture = texture }
    }
    private var pages: [Page] = []

    init(context: GLContext, layout: Layout = Layout()) {
        self.context = context
        self.layout = layout
        pageSide = min(2048, context.info.maxTextureSize)
    }

    /// Contents of `size`: an atlas slot when small enough and one is free, else a texture of their own.
    /// - Throws: `GLError` when a texture cannot be created.
    func makeContents(size: PixelSize) throws -> LayerContents {
        let contents =
            if size.width <= Self.largestSide, size.height <= Self.largestSide,
                let (page, rect) = try allocate(width: size.width + 2, height: size.height + 2)
            {
                LayerContents(atlas: self, page: page, texture: pages[page].texture, slot: rect)
            } else {
                LayerContents(own: try makeTexture(width: size.width, height: size.height))
            }
        contents.isOpaque = layout.isOpaque
        return contents
    }

    /// A texture of this atlas's layout.
    private func makeTexture(width: Int, height: Int) throws -> GLTexture {
        let texture = try GLTexture(context: context, width: width, height: height, bgra: layout.isBGRA, opaque: layout.isOpaque)
        texture.label("strata contents \(width)×\(height)\(layout.isBGRA ? " BGRA" : "")\(layout.isOpaque ? " opaque" : "")")
        return texture
    }

    /// The number of atlas pages made.
    var pageCount: Int { pages.count }

    private func allocate(width w: Int, height h: Int) throws -> (Int, PixelRect)? {
        for (index, page) in pages.enumerated() {
            if let i = page.free.firstIndex(where: { $0.width == w && $0.height == h }) {
                return (index, page.free.remove(at: i))
            }
            if let rect = place(w, h, in: page) { return (index, rect) }
        }
        guard pages.count < Self.maximumPages else { return nil }
        pages.append(Page(texture: try makeTexture(width: pageSide, height: pageSide)))
        guard let rect = place(w, h, in: pages[pages.count - 1]) else { return nil }
        return (pages.count - 1, rect)
    }

    /// A slot on a shelf of `page` no more than a third taller than needed, or on a new shelf.
    private func place(_ w: Int, _ h: Int, in page: Page) -> PixelRect? {
        for i in page.shelves.indices
        where page.shelves[i].height >= h && page.shelves[i].height <= h + h / 3 + 1
            && page.shelves[i].x + w <= pageSide
        {
            let rect = PixelRect(x: page.shelves[i].x, y: page.shelves[i].y, width: w, height: h)
            page.shelves[i].x += w
            return rect
        }
        guard page.nextY + h <= pageSide, w <= pageSide else { return nil }
        page.shelves.append((y: page.nextY, height: h, x: w))
        defer { page.nextY += h }
        return PixelRect(x: 0, y: page.nextY, width: w, height: h)
    }

    /// Returns a slot to its page.
    func free(_ rect: PixelRect, page: Int) {
        guard pages.indices.contains(page) else { return }
        pages[page].free.append(rect)
    }

    /// Releases every page (contents still using one keep its texture alive until they go).
    func removeAll() { pages = [] }
}
