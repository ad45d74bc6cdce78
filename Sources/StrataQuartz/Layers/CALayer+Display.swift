import Foundation
import StrataCore
import StrataGraphics

extension CALayer {
    // MARK: Layout

    /// Marks the layer as needing layout; `layoutSublayers()` runs before the next commit, or at
    /// the next `layoutIfNeeded()`. Calls within one turn coalesce.
    public func setNeedsLayout() {
        guard !needsLayoutFlag else { return }
        needsLayoutFlag = true
        markAncestorsNeedLayout(from: self)
        CommitScheduler.shared.layoutRequested(self)
    }

    /// Marks the superlayers of `layer` as having a sublayer that needs layout, so a layout pass
    /// from any of them reaches it.
    func markAncestorsNeedLayout(from layer: CALayer) {
        var ancestor = layer._superlayer
        while let a = ancestor, !a.descendantNeedsLayout {
            a.descendantNeedsLayout = true
            ancestor = a._superlayer
        }
    }

    /// Whether `setNeedsLayout()` was called since the last layout.
    public func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out now whatever needs it: from the highest superlayer that needs layout, down through
    /// every sublayer that needs it, superlayers before sublayers.
    public func layoutIfNeeded() {
        var top = self
        while let parent = top._superlayer, parent.needsLayoutFlag { top = parent }
        top.layoutSubtree()
    }

    /// Lays out this layer when it needs it, then the sublayers that need it or lead to one that
    /// does, superlayers first, siblings in order; whether a sublayer needs layout is read when
    /// the walk reaches it (an earlier sibling's layout may have asked). An explicit stack: a deep
    /// tree must not run out of stack.
    private func layoutSubtree() {
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            if layer.needsLayoutFlag {
                layer.needsLayoutFlag = false
                layer.isLayingOutSublayers = true
                layer.layoutSublayers()
                layer.isLayingOutSublayers = false
            }
            guard layer.descendantNeedsLayout else { continue }
            layer.descendantNeedsLayout = false
            pending.append(contentsOf: layer._sublayers.reversed())
        }
    }

    // MARK: Display

    /// Marks the whole contents as needing to be redrawn before the next commit.
    public func setNeedsDisplay() {
        dirtyRect = nil
        needsDisplayFlag = true
        markChanged(.display)
    }

    /// Marks `rect` (bounds space, points) as needing to be redrawn; rectangles marked in one
    /// turn are drawn together, as their union.
    public func setNeedsDisplay(_ rect: CGRect) {
        let r = rect.standardized
        guard r.isFinite, !r.isEmpty else { return }
        if needsDisplayFlag {
            dirtyRect = dirtyRect.map { $0.union(r) }
        } else {
            dirtyRect = r
        }
        needsDisplayFlag = true
        markChanged(.display)
    }

    /// Whether a redraw is pending.
    public func needsDisplay() -> Bool { needsDisplayFlag }

    /// Redraws now when a redraw is pending.
    public func displayIfNeeded() {
        guard needsDisplayFlag else { return }
        display()
    }

    /// The texture side every OpenGL ES 3.0 GPU supports (`GL_MAX_TEXTURE_SIZE` is at least 2048).
    static let texturesAlwaysTaken = 2048

    /// The default `display()`: see there. Drawing goes first into a Cairo recording (no pixels),
    /// so a draw that paints nothing costs no bitmap; what was painted then replaces the dirty
    /// region of the backing store.
    func displayIntoBackingStore() {
        let scale = backingStoreScale, box = backingStoreBox
        let pixelWidth = (box.width * scale).rounded(.up), pixelHeight = (box.height * scale).rounded(.up)
        // Zero-sized layers draw when they get a size: the request stays pending.
        guard pixelWidth >= 1, pixelHeight >= 1, box.isFinite else {
            // A layer placing its own contents (a shape layer) with nothing to draw shows none.
            if placesContentsItself {
                needsDisplayFlag = false
                if case .backingStore = contentsSource { contents = nil }
            }
            return
        }
        needsDisplayFlag = false
        let dirty = dirtyRect
        dirtyRect = nil

        // The screen (a walk up the superlayers) is looked up only when needed: for a size beyond
        // what every OpenGL ES 3 GPU takes, or to report a failure.
        var screen: CAContext? { currentContext }
        let limit = max(pixelWidth, pixelHeight) <= CGFloat(Self.texturesAlwaysTaken) ? Self.texturesAlwaysTaken : CommitScheduler.shared.maxTextureSize(for: screen)
        guard pixelWidth <= CGFloat(limit), pixelHeight <= CGFloat(limit) else {
            // Too large for a texture: an error only for a layer that paints. A plain view with a
            // background colour needs no backing store at any size.
            if paintsAnything(box: box, scale: scale) {
                screen?.record(.backingStoreTooLarge(layer: debugName, size: CGSize(width: pixelWidth, height: pixelHeight), limit: limit))
            } else if case .backingStore = contentsSource {
                contents = nil
            }
            return
        }
        let size = PixelSize(width: Int(pixelWidth), height: Int(pixelHeight))
        let whole = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        var existing: CairoBitmap?
        if case .backingStore(let bitmap) = contentsSource, bitmap.size == size { existing = bitmap }
        var region = whole
        if existing != nil, let dirty {
            region = whole.intersection(Self.pixelRect(covering: dirty, in: box, scale: scale))
            guard !region.isEmpty else { return }
        }

        guard let recording = CairoRecording(size: size) else {
            screen?.record(.backingStoreTooLarge(layer: debugName, size: CGSize(width: pixelWidth, height: pixelHeight), limit: limit))
            return
        }
        placeContents(on: box)
        let painted = drawRecording(into: recording, region: region, box: box, scale: scale)
        guard painted || (existing != nil && region != whole) else {
            // Nothing painted over the whole: no backing store (an old one goes).
            if case .backingStore = contentsSource { contents = nil }
            return
        }
        guard let bitmap = existing ?? CairoBitmap(size: size) else {
            screen?.record(.backingStoreTooLarge(layer: debugName, size: CGSize(width: pixelWidth, height: pixelHeight), limit: limit))
            return
        }
        bitmap.replace(region, with: painted ? recording : nil)
        if existing != nil {
            pendingContentsRegion = pendingContentsRegion.map { $0.union(region) } ?? region
        } else {
            contentsSource = .backingStore(bitmap)
            pendingContentsRegion = whole  // a new bitmap goes up whole
        }
        markChanged(.contents)
    }

    /// Sends where the contents land: on `box` for a layer that places them itself, else where
    /// its gravity puts them.
    private func placeContents(on box: CGRect) {
        let placed = placesContentsItself ? box.core : LayerState.defaults.contentsBox
        set(.contentsBox, \.contentsBox, placed)
    }

    /// Runs `draw(in:)` into `recording`, clipped to `region` (pixels), with user space in points
    /// of bounds space, the recording's origin at `box`'s. Returns whether anything was painted.
    /// `dirtyRect` is what `draw(_:)` is told to redraw: by default the region, in points.
    private func drawRecording(into recording: CairoRecording, region: PixelRect, box: CGRect, scale: CGFloat, dirtyRect: CGRect? = nil) -> Bool {
        let ctx = CGContext(surface: recording.surface)
        let clip = CGRect(x: CGFloat(region.x), y: CGFloat(region.y), width: CGFloat(region.width), height: CGFloat(region.height))
        ctx.clip(to: clip)
        ctx.scaleBy(x: scale, y: scale)
        ctx.translateBy(x: -box.minX, y: -box.minY)
        ctx.startDrawing(
            dirtyRect: dirtyRect
                ?? CGRect(
                    x: box.minX + clip.minX / scale, y: box.minY + clip.minY / scale,
                    width: clip.width / scale, height: clip.height / scale))
        draw(in: ctx)
        return ctx.didPaint
    }

    /// Whether `draw(in:)` paints anything, found by drawing the whole bounds into a one-pixel
    /// recording (what is painted is clipped away): for a layer too large for a texture, which
    /// needs one only when it paints.
    private func paintsAnything(box: CGRect, scale: CGFloat) -> Bool {
        guard let recording = CairoRecording(size: PixelSize(width: 1, height: 1)) else { return true }
        return drawRecording(into: recording, region: PixelRect(x: 0, y: 0, width: 1, height: 1), box: box, scale: scale, dirtyRect: box)
    }

    /// The pixels of a backing store of `scale` covering `rect` (bounds space), rounded outwards.
    static func pixelRect(covering rect: CGRect, in bounds: CGRect, scale: CGFloat) -> PixelRect {
        let x0 = ((rect.minX - bounds.minX) * scale).rounded(.down), y0 = ((rect.minY - bounds.minY) * scale).rounded(.down)
        let x1 = ((rect.maxX - bounds.minX) * scale).rounded(.up), y1 = ((rect.maxY - bounds.minY) * scale).rounded(.up)
        let bound = CGFloat(1 << 24)
        func clamp(_ v: CGFloat) -> Int { Int(min(max(v, -bound), bound)) }
        return PixelRect(x: clamp(x0), y: clamp(y0), width: clamp(x1) - clamp(x0), height: clamp(y1) - clamp(y0))
    }
}

extension PixelRect {
    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        let x0 = Swift.min(x, other.x), y0 = Swift.min(y, other.y)
        let x1 = Swift.max(x + width, other.x + other.width), y1 = Swift.max(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
