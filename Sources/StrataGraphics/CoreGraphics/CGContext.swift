import CCairo
import Foundation
import StrataCore

/// How a path's inside is decided when it crosses itself.
public enum CGPathFillRule: Sendable { case winding, evenOdd }

/// What `drawPath(using:)` paints.
public enum CGPathDrawingMode: Sendable { case fill, eoFill, stroke, fillStroke, eoFillStroke }

/// The shape at the ends of stroked lines.
public enum CGLineCap: Sendable { case butt, round, square }

/// The shape where stroked lines meet.
public enum CGLineJoin: Sendable { case miter, round, bevel }

/// How painted pixels combine with what is already there (the Porter–Duff and separable modes Cairo has).
public enum CGBlendMode: Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight,
        difference, exclusion, clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver,
        destinationIn, destinationOut, destinationAtop, xor, plusLighter
}

/// A 2D drawing context with Core Graphics' API, drawing into a bitmap through Cairo.
///
/// One thread at a time, as a Core Graphics context: any thread may make and draw into one
/// (image renderers and image contexts make them wherever they are called), but one context is
/// not shared between threads while in use, so it is not `Sendable`; send the `UIImage` made
/// from it instead. Strata makes one for each view `draw(_:)` call (on the main actor) and hands
/// it out through `UIGraphicsGetCurrentContext()`; it is valid only during that call. User space
/// is y-down with the origin at the top-left, as UIKit's drawing contexts are, in points (the
/// bitmap's scale factor is already in the current transformation matrix).
public final class CGContext {
    let cairo: OpaquePointer
    /// The memory of a bitmap context (`init(data:width:height:...)`, image renderers and image
    /// contexts); nil for the contexts views draw into (Cairo recordings).
    var bitmap: BitmapMemory?
    /// Fill and stroke colours are separate in Core Graphics but one "source" in Cairo: kept here,
    /// saved and restored with the rest of the graphics state.
    private var state = GState()
    private var saved: [GState] = []
    /// Whether anything was painted; a `draw(_:)` that paints nothing leaves no backing store.
    package private(set) var didPaint = false
    /// The part of the layer being redrawn, in its bounds space: what `draw(_:)` receives.
    package private(set) var dirtyRect = CGRect.zero

    /// The current graphics state's alpha, which painting multiplies colours by.
    package var currentAlpha: CGFloat { state.alpha }

    /// Records that something was painted outside the path methods (text).
    package func markPainted() { painted() }

    /// Records that something was painted, and brings a bitmap context's memory up to date.
    func painted() {
        didPaint = true
        bitmap?.store()
    }

    /// Forgets the painting Strata did to prepare the bitmap, before the layer's own drawing.
    package func startDrawing(dirtyRect: CGRect) {
        self.dirtyRect = dirtyRect
        didPaint = false
    }

    private struct GState {
        var fill = Color.black
        var stroke = Color.black
        var alpha: CGFloat = 1
        /// The shadow under everything drawn, in device pixels; nil for none.
        var shadow: Shadow?
    }

    /// A shadow as `setShadow` sets it, in device pixels (the scale of the transform then in force).
    struct Shadow {
        var offset: CGSize
        var blur: CGFloat
        var color: Color
    }

    /// A context drawing into a Cairo surface (which it keeps alive), with Core Graphics' defaults.
    package init(surface: OpaquePointer) {
        cairo = cairo_create(surface)
        cairo_set_line_width(cairo, 1)  // Cairo's default is 2
    }

    deinit { cairo_destroy(cairo) }

    // MARK: Graphics state

    /// Pushes a copy of the graphics state (transform, clip, colours, line style, alpha).
    public func saveGState() { saved.append(state); cairo_save(cairo) }

    /// Pops the graphics state saved last; unbalanced calls (and, inside a transparency layer,
    /// calls below the state it saved) are ignored.
    public func restoreGState() {
        guard saved.count > (transparencyLayers.last?.depth ?? 0), let last = saved.popLast() else { return }
        state = last
        cairo_restore(cairo)
    }

    /// Open transparency layers, innermost last: the alpha each composites with, and how many
    /// graphics states were saved inside it begins (`restoreGState` stops there).
    private var transparencyLayers: [(alpha: CGFloat, depth: Int)] = []

    /// Starts a transparency layer: what is painted until `endTransparencyLayer()` is composited
    /// as one picture, with the alpha and the shadow in force now (Core Graphics' transparency
    /// layers: inside, the alpha is 1 and there is no shadow).
    public func beginTransparencyLayer(auxiliaryInfo: [String: Any]? = nil) {
        let alpha = state.alpha
        saveGState()
        transparencyLayers.append((alpha, saved.count))
        state.alpha = 1
        state.shadow = nil
        cairo_push_group(cairo)
    }

    /// Composites the innermost transparency layer onto what lay under it, with its shadow;
    /// unbalanced calls are ignored.
    public func endTransparencyLayer() {
        guard let layer = transparencyLayers.last else { return }
        while saved.count > layer.depth { restoreGState() }  // states left saved inside it
        transparencyLayers.removeLast()
        let picture = cairo_pop_group(cairo)
        restoreGState()  // the one `beginTransparencyLayer` saved
        withShadow { c in
            cairo_set_source(c, picture)
            cairo_paint_with_alpha(c, layer.alpha)
        }
        cairo_pattern_destroy(picture)
        painted()
    }

    /// Sets the fill colour.
    public func setFillColor(_ color: CGColor) { state.fill = color.value }
    /// Sets the fill colour from sRGB components.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }
    /// Sets the stroke colour.
    public func setStrokeColor(_ color: CGColor) { state.stroke = color.value }
    /// Sets the stroke colour from sRGB components.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }
    /// Sets a global opacity multiplied into everything painted, 0...1.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = min(max(alpha, 0), 1) }
    /// Sets the stroke width in user-space points.
    public func setLineWidth(_ width: CGFloat) { cairo_set_line_width(cairo, width) }
    /// Sets how stroked line ends look.
    public func setLineCap(_ cap: CGLineCap) {
        cairo_set_line_cap(cairo, cap == .butt ? CAIRO_LINE_CAP_BUTT : cap == .round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_SQUARE)
    }
    /// Sets how stroked lines join.
    public func setLineJoin(_ join: CGLineJoin) {
        cairo_set_line_join(cairo, join == .miter ? CAIRO_LINE_JOIN_MITER : join == .round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_BEVEL)
    }
    /// Sets the miter limit for mitered joins.
    public func setMiterLimit(_ limit: CGFloat) { cairo_set_miter_limit(cairo, limit) }
    /// Sets a dash pattern; empty `lengths` draws solid lines.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        lengths.map(Double.init).withUnsafeBufferPointer { cairo_set_dash(cairo, $0.baseAddress, Int32($0.count), phase) }
    }
    /// Turns antialiasing of paths on or off.
    public func setShouldAntialias(_ on: Bool) { cairo_set_antialias(cairo, on ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE) }
    /// Sets how painted pixels combine with the bitmap.
    public func setBlendMode(_ mode: CGBlendMode) { cairo_set_operator(cairo, mode.cairo) }

    /// Draws a shadow under everything painted from now on (until the graphics state is
    /// restored): what is painted, moved by `offset` (points, y down, as in UIKit's contexts),
    /// blurred by `blur` (a Gaussian of standard deviation blur ÷ 2, as Core Graphics' blur
    /// amount), in `color` (nil, or a clear colour, turns shadows off). The offset and blur are
    /// not changed by transforms applied later, as Core Graphics documents.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.value.alpha > 0, offset.width.isFinite, offset.height.isFinite, blur.isFinite else {
            state.shadow = nil
            return
        }
        var m = cairo_matrix_t()
        cairo_get_matrix(cairo, &m)
        let scale = abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
        state.shadow = Shadow(
            offset: CGSize(width: offset.width * scale, height: offset.height * scale), blur: max(blur, 0) * scale, color: color.value)
    }

    /// Draws a shadow as `setShadow(offset:blur:color:)` does, in black at one third opacity.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1.0 / 3))
    }

    /// Runs `paint` on this context, first painting the shadow in force (if any) under what it
    /// paints: `paint` runs once more on a context that records only coverage, with the same
    /// transform, path and line style; that coverage is rasterised, blurred, moved and filled
    /// with the shadow's colour.
    package func withShadow(_ paint: (OpaquePointer) -> Void) {
        guard let shadow = state.shadow else { return paint(cairo) }
        let recording = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, nil)!
        defer { cairo_surface_destroy(recording) }
        let shape = cairo_create(recording)!
        var m = cairo_matrix_t()
        cairo_get_matrix(cairo, &m)
        cairo_set_matrix(shape, &m)
        if let path = cairo_copy_path(cairo) {
            cairo_append_path(shape, path)
            cairo_path_destroy(path)
        }
        cairo_set_line_width(shape, cairo_get_line_width(cairo))
        cairo_set_line_cap(shape, cairo_get_line_cap(cairo))
        cairo_set_line_join(shape, cairo_get_line_join(cairo))
        cairo_set_miter_limit(shape, cairo_get_miter_limit(cairo))
        cairo_set_fill_rule(shape, cairo_get_fill_rule(cairo))
        let dashes = Int(cairo_get_dash_count(cairo))
        if dashes > 0 {
            var lengths = [Double](repeating: 0, count: dashes)
            var phase = 0.0
            cairo_get_dash(cairo, &lengths, &phase)
            cairo_set_dash(shape, lengths, Int32(dashes), phase)
        }
        paint(shape)
        cairo_destroy(shape)
        var x = 0.0, y = 0.0, w = 0.0, h = 0.0
        cairo_recording_surface_ink_extents(recording, &x, &y, &w, &h)
        if w > 0, h > 0, w * h < 64_000_000, let mask = BlurredCoverage(of: recording, x: x, y: y, width: w, height: h, sigma: shadow.blur / 2) {
            cairo_save(cairo)
            cairo_identity_matrix(cairo)
            let c = shadow.color
            cairo_set_source_rgba(cairo, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha) * state.alpha)
            cairo_mask_surface(cairo, mask.surface, mask.origin.x + shadow.offset.width, mask.origin.y + shadow.offset.height)
            cairo_restore(cairo)
        }
        paint(cairo)
    }

    // MARK: Transformation

    /// Moves the origin of user space.
    public func translateBy(x: CGFloat, y: CGFloat) { cairo_translate(cairo, x, y) }
    /// Scales user space.
    public func scaleBy(x: CGFloat, y: CGFloat) { cairo_scale(cairo, x, y) }
    /// Rotates user space by `angle` radians (clockwise on screen for positive angles).
    public func rotate(by angle: CGFloat) { cairo_rotate(cairo, angle) }
    /// Applies `transform` to user space, before the current transformation.
    public func concatenate(_ transform: CGAffineTransform) {
        var m = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
        cairo_transform(cairo, &m)
    }
    /// The current transformation matrix: user space to bitmap pixels (for a bitmap context,
    /// to its pixels counted from the bottom-left corner, y up, as Core Graphics counts them: a
    /// new one's is the identity).
    public var ctm: CGAffineTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(cairo, &m)
        let toPixels = CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        guard let bitmap else { return toPixels }
        return toPixels.concatenating(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(bitmap.height)))
    }

    // MARK: Paths

    /// Discards the current path.
    public func beginPath() { cairo_new_path(cairo) }
    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { cairo_move_to(cairo, point.x, point.y) }
    /// Adds a straight line from the current point to `point`.
    public func addLine(to point: CGPoint) { cairo_line_to(cairo, point.x, point.y) }
    /// Adds a polyline through `points`.
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        points.dropFirst().forEach(addLine(to:))
    }
    /// Adds a closed rectangle.
    public func addRect(_ rect: CGRect) {
        let r = rect.standardized
        cairo_rectangle(cairo, r.minX, r.minY, r.width, r.height)
    }
    /// Adds closed rectangles.
    public func addRects(_ rects: [CGRect]) { rects.forEach(addRect) }
    /// Adds an ellipse inscribed in `rect`.
    public func addEllipse(in rect: CGRect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        cairo_save(cairo)
        cairo_translate(cairo, r.midX, r.midY)
        cairo_scale(cairo, r.width / 2, r.height / 2)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, 0, 0, 1, 0, 2 * .pi)
        cairo_close_path(cairo)
        cairo_restore(cairo)
    }
    /// Adds an arc of a circle; angles in radians from the positive x axis.
    ///
    /// As Core Graphics documents for UIKit's flipped (y-down) contexts, `clockwise: true` is
    /// Core Graphics' y-up sense, so it appears counter-clockwise on screen.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        let path = CGMutablePath()
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        addPath(path)
    }
    /// Adds a cubic Bézier curve from the current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        cairo_curve_to(cairo, control1.x, control1.y, control2.x, control2.y, end.x, end.y)
    }
    /// Adds a quadratic Bézier curve from the current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        var x = 0.0, y = 0.0
        cairo_get_current_point(cairo, &x, &y)
        let c1 = CGPoint(x: x + 2 / 3 * (control.x - x), y: y + 2 / 3 * (control.y - y))
        let c2 = CGPoint(x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y))
        addCurve(to: end, control1: c1, control2: c2)
    }
    /// Adds `path`'s elements to the current path.
    public func addPath(_ path: CGPath) { path.replay(into: cairo) }
    /// Closes the current subpath with a line to its start.
    public func closePath() { cairo_close_path(cairo) }
    /// Whether the current path is empty.
    public var isPathEmpty: Bool {
        guard let path = cairo_copy_path(cairo) else { return true }
        defer { cairo_path_destroy(path) }
        return path.pointee.num_data == 0
    }

    // MARK: Painting

    /// Fills the current path with the fill colour and clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        cairo_set_fill_rule(cairo, rule == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD)
        withShadow { c in
            setSource(state.fill, on: c)
            cairo_fill(c)
        }
        painted()
    }
    /// Strokes the current path with the stroke colour and line style and clears the path.
    public func strokePath() {
        withShadow { c in
            setSource(state.stroke, on: c)
            cairo_stroke(c)
        }
        painted()
    }
    /// Fills and/or strokes the current path, then clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        let rule = mode == .eoFill || mode == .eoFillStroke ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING
        cairo_set_fill_rule(cairo, rule)
        withShadow { c in
            if mode != .stroke {
                setSource(state.fill, on: c)
                if mode == .fill || mode == .eoFill { cairo_fill(c) } else { cairo_fill_preserve(c) }
            }
            if mode == .stroke || mode == .fillStroke || mode == .eoFillStroke {
                setSource(state.stroke, on: c)
                cairo_stroke(c)
            }
        }
        painted()
    }
    /// Fills `rect` with the fill colour (the current path is replaced).
    public func fill(_ rect: CGRect) { beginPath(); addRect(rect); fillPath() }
    /// Fills each rectangle with the fill colour.
    public func fill(_ rects: [CGRect]) { beginPath(); addRects(rects); fillPath() }
    /// Strokes the outline of `rect`.
    public func stroke(_ rect: CGRect) { beginPath(); addRect(rect); strokePath() }
    /// Strokes the outline of `rect` with a line `width` points wide.
    public func stroke(_ rect: CGRect, width: CGFloat) { saveGState(); setLineWidth(width); stroke(rect); restoreGState() }
    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: CGRect) { beginPath(); addEllipse(in: rect); fillPath() }
    /// Strokes the ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: CGRect) { beginPath(); addEllipse(in: rect); strokePath() }
    /// Strokes separate line segments: points pair up as (start, end).
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var i = 0
        while i + 1 < points.count { move(to: points[i]); addLine(to: points[i + 1]); i += 2 }
        strokePath()
    }
    /// Makes `rect` fully transparent.
    public func clear(_ rect: CGRect) {
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_new_path(cairo)
        addRect(rect)
        cairo_fill(cairo)
        cairo_restore(cairo)
        painted()
    }
    /// Paints `image` scaled into `rect` as Core Graphics does in UIKit's flipped contexts: the
    /// image's top row lands at the rectangle's bottom (upside down). `UIImage.draw(in:)` draws
    /// upright.
    public func draw(_ image: CGImage, in rect: CGRect) {
        paint(image, in: rect, upright: false)
    }

    /// Paints `image` scaled into `rect`, top row at the top when `upright`, else at the bottom.
    package func paint(_ image: CGImage, in rect: CGRect, upright: Bool) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, let source = CairoBitmap(image: image.image) else { return }
        // The source surface lives only inside `withSurface`: everything that uses it happens there.
        source.withSurface { surface in
            withShadow { c in
                cairo_save(c)
                if upright {
                    cairo_translate(c, r.minX, r.minY)
                    cairo_scale(c, r.width / CGFloat(image.width), r.height / CGFloat(image.height))
                } else {
                    cairo_translate(c, r.minX, r.maxY)
                    cairo_scale(c, r.width / CGFloat(image.width), -r.height / CGFloat(image.height))
                }
                cairo_set_source_surface(c, surface, 0, 0)
                // Edge pixels extend outwards (as Core Graphics samples them) instead of fading to
                // clear; the clip below keeps the image inside its rectangle.
                cairo_pattern_set_extend(cairo_get_source(c), CAIRO_EXTEND_PAD)
                cairo_pattern_set_filter(cairo_get_source(c), CAIRO_FILTER_GOOD)
                cairo_new_path(c)
                cairo_rectangle(c, 0, 0, CGFloat(image.width), CGFloat(image.height))
                cairo_clip(c)
                cairo_paint_with_alpha(c, state.alpha)
                cairo_restore(c)
            }
        }
        painted()
    }

    /// Paints `image` (`scale` pixels a point) upright into `rect` in nine parts: the corners at
    /// their size, the edges and the interior between them tiled at their size or stretched
    /// (`tiled`), as UIKit draws a resizable image. Caps wider or taller than `rect` together
    /// shrink in proportion. The caps are in points from each edge.
    package func paintNinePart(
        _ image: CGImage, scale: CGFloat, caps: (top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat), tiled: Bool,
        in rect: CGRect
    ) {
        let r = rect.standardized
        let w = CGFloat(image.width), h = CGFloat(image.height)
        guard r.width > 0, r.height > 0, let source = CairoBitmap(image: image.image) else { return }
        // Caps in source pixels (within the image) and in points at the destination.
        let sl = min(max(caps.left * scale, 0), w), sr = min(max(caps.right * scale, 0), w - sl)
        let st = min(max(caps.top * scale, 0), h), sb = min(max(caps.bottom * scale, 0), h - st)
        let fx = min(1, r.width / max((sl + sr) / scale, .leastNonzeroMagnitude))
        let fy = min(1, r.height / max((st + sb) / scale, .leastNonzeroMagnitude))
        let dl = sl / scale * fx, dr = sr / scale * fx, dt = st / scale * fy, db = sb / scale * fy
        let sourceColumns = [(0, sl), (sl, w - sl - sr), (w - sr, sr)]
        let sourceRows = [(0, st), (st, h - st - sb), (h - sb, sb)]
        let targetColumns = [(r.minX, dl), (r.minX + dl, r.width - dl - dr), (r.maxX - dr, dr)]
        let targetRows = [(r.minY, dt), (r.minY + dt, r.height - dt - db), (r.maxY - db, db)]
        source.withSurface { surface in
            withShadow { c in
                for row in 0..<3 {
                    for column in 0..<3 {
                        let (sx, sw) = sourceColumns[column], (sy, sh) = sourceRows[row]
                        let (tx, tw) = targetColumns[column], (ty, th) = targetRows[row]
                        guard sw > 0, sh > 0, tw > 0, th > 0 else { continue }
                        let piece = cairo_surface_create_for_rectangle(surface, sx, sy, sw, sh)!
                        defer { cairo_surface_destroy(piece) }
                        cairo_save(c)
                        cairo_new_path(c)
                        cairo_rectangle(c, tx, ty, tw, th)
                        cairo_clip(c)
                        cairo_translate(c, tx, ty)
                        // Corners and the capped direction of edges keep their size; the rest tiles
                        // at its own size or stretches.
                        let tileAcross = tiled && column == 1, tileDown = tiled && row == 1
                        cairo_scale(c, tileAcross ? 1 / scale : tw / sw, tileDown ? 1 / scale : th / sh)
                        cairo_set_source_surface(c, piece, 0, 0)
                        cairo_pattern_set_extend(cairo_get_source(c), tileAcross || tileDown ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD)
                        cairo_pattern_set_filter(cairo_get_source(c), CAIRO_FILTER_GOOD)
                        cairo_paint_with_alpha(c, state.alpha)
                        cairo_restore(c)
                    }
                }
            }
        }
        painted()
    }

    // MARK: Clipping

    /// Intersects the clip with the current path, then clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        cairo_set_fill_rule(cairo, rule == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(cairo)
    }
    /// Intersects the clip with `rect`; the current path is kept, as in Core Graphics.
    public func clip(to rect: CGRect) { clip(to: [rect]) }
    /// Intersects the clip with the union of `rects`; the current path is kept.
    public func clip(to rects: [CGRect]) {
        let path = cairo_copy_path(cairo)
        defer { cairo_path_destroy(path) }
        cairo_new_path(cairo)
        rects.forEach(addRect)
        cairo_clip(cairo)
        if let path { cairo_append_path(cairo, path) }
    }
    /// The bounding box of the clip, in user space.
    public var boundingBoxOfClipPath: CGRect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cairo, &x0, &y0, &x1, &y1)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Starts drawing what a mask will cut (`endMaskedGroup`): drawing goes to a group of its own.
    package func beginMaskedGroup() {
        saveGState()
        cairo_push_group(cairo)
    }

    /// Ends `beginMaskedGroup`: `drawMask` draws the mask (in the same user space) into another
    /// group, and the first is painted where the mask is, times its alpha.
    package func endMaskedGroup(drawMask: () -> Void) {
        let content = cairo_pop_group(cairo)
        cairo_push_group(cairo)
        drawMask()
        let mask = cairo_pop_group(cairo)
        restoreGState()  // the transform both groups were drawn and popped with
        cairo_save(cairo)
        cairo_set_source(cairo, content)
        cairo_mask(cairo, mask)
        cairo_restore(cairo)
        cairo_pattern_destroy(content)
        cairo_pattern_destroy(mask)
        painted()
    }

    /// Paints a pattern over the clip at the state's alpha: `make` may narrow the clip (its
    /// changes are undone after) and returns the pattern, or nil to paint nothing. The current
    /// path is kept, as Core Graphics' gradient drawing keeps it.
    func paintGradient(_ make: (OpaquePointer) -> OpaquePointer?) {
        let path = cairo_copy_path(cairo)
        defer {
            cairo_new_path(cairo)
            if let path {
                cairo_append_path(cairo, path)
                cairo_path_destroy(path)
            }
        }
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        cairo_new_path(cairo)
        guard let pattern = make(cairo) else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_new_path(cairo)
        cairo_set_source(cairo, pattern)
        cairo_paint_with_alpha(cairo, state.alpha)
        painted()
    }

    private func setSource(_ c: Color, on context: OpaquePointer? = nil) {
        cairo_set_source_rgba(context ?? cairo, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha) * state.alpha)
    }
}

extension CGBlendMode {
    var cairo: cairo_operator_t {
        switch self {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .clear: CAIRO_OPERATOR_CLEAR
        case .copy: CAIRO_OPERATOR_SOURCE
        case .sourceIn: CAIRO_OPERATOR_IN
        case .sourceOut: CAIRO_OPERATOR_OUT
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
        case .xor: CAIRO_OPERATOR_XOR
        case .plusLighter: CAIRO_OPERATOR_ADD
        }
    }
}
