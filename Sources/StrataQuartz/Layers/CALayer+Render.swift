import Foundation
import StrataCore
import StrataGraphics

// Overall design: `CALayer.render(in:)` draws a layer tree on the CPU, through the same
// `CGContext` (Cairo) that `draw(_:)` uses, from the model values (as Core Animation's, which
// ignores animations in flight): each layer's shadow, background, contents and border, its
// sublayers in drawing order placed by the shared layer geometry, group opacity as a
// transparency layer, `masksToBounds` as a clip. Transforms are drawn by their plane part (a 3D
// perspective is drawn flat); a shadow is cast by a layer's background shape or, for a layer with
// contents or sublayers, by its whole picture (a transparency layer casts it); `contentsCenter`
// stretches the whole picture. `UIView.drawHierarchy(in:afterScreenUpdates:)` and
// `snapshotView(afterScreenUpdates:)` draw through it what the screen shows (presentation values,
// animations in flight included), as UIKit documents them.

extension CALayer {
    /// Draws the layer and its sublayers into `ctx`, in the layer's bounds space (Core
    /// Animation's `render(in:)`): model values, not animations in flight; hidden layers and
    /// layers at opacity 0 are left out. Main actor.
    public func render(in ctx: CGContext) {
        displayIfNeeded()
        renderTree(in: ctx, shown: false, ownOpacity: true)
    }

    /// Draws this layer (in its bounds space, which `ctx` is in) and its sublayers: their model
    /// values, or (`shown`) what their screen shows now, animations included; the layer's own
    /// opacity left out unless `ownOpacity` (a picture of a view laid inside it).
    package func renderTree(in ctx: CGContext, shown: Bool, ownOpacity: Bool) {
        var s = shown ? presentation()?.state ?? state : state
        if !ownOpacity { s.opacity = 1 }
        guard !s.isHidden, s.opacity > 0 else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        let grouped = s.opacity < 1
        if grouped {
            ctx.setAlpha(CGFloat(s.opacity))
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        }
        // A mask cuts everything below: drawn into a group, then kept where the mask is.
        let mask = maskLayer
        if mask != nil { ctx.beginMaskedGroup() }
        // A shadow of the whole picture (contents and sublayers too, by alpha), as the compositor
        // casts one: the picture drawn as a transparency layer, which casts the context's shadow.
        let hasPicture = contentsSource.isShown || !_sublayers.isEmpty
        let shadowed = s.shadowOpacity > 0 && (s.shadowColor?.alpha ?? 0) > 0 && !s.masksToBounds && s.shadowShape.width < 0
        let pictureShadow = shadowed && hasPicture && mask == nil
        if pictureShadow, var color = s.shadowColor {
            ctx.saveGState()
            color.alpha *= s.shadowOpacity
            ctx.setShadow(offset: CGSize(width: s.shadowOffset.x, height: s.shadowOffset.y), blur: 2 * s.shadowRadius, color: CGColor(color))
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        }
        let shape = roundedShape(s.bounds, radius: s.cornerRadius, corners: s.maskedCorners)
        if let background = s.backgroundColor, background.alpha > 0 {
            ctx.saveGState()
            // The shadow cast by the background alone (the shape a shadow path gives is not followed here).
            if shadowed, !pictureShadow, let color = s.shadowColor {
                var shadow = color
                shadow.alpha *= s.shadowOpacity
                ctx.setShadow(offset: CGSize(width: s.shadowOffset.x, height: s.shadowOffset.y), blur: 2 * s.shadowRadius, color: CGColor(shadow))
            }
            ctx.setFillColor(CGColor(background))
            ctx.beginPath()
            ctx.addPath(shape)
            ctx.fillPath()
            ctx.restoreGState()
        }
        ctx.saveGState()
        if s.masksToBounds {
            ctx.beginPath()
            ctx.addPath(shape)
            ctx.clip()
        }
        renderContents(in: ctx)
        let sublayerTransform = s.sublayerTransformAboutAnchor
        for sublayer in sublayersInDrawingOrder {
            ctx.saveGState()
            ctx.concatenate(sublayer.state.planeTransform(superlayerSublayerTransform: sublayerTransform).affinePart)
            sublayer.displayIfNeeded()
            sublayer.renderTree(in: ctx, shown: shown, ownOpacity: true)
            ctx.restoreGState()
        }
        ctx.restoreGState()
        if s.borderWidth > 0, let border = s.borderColor, border.alpha > 0 {
            let w = s.borderWidth
            ctx.saveGState()
            ctx.setStrokeColor(CGColor(border))
            ctx.setLineWidth(w)
            ctx.beginPath()
            ctx.addPath(roundedShape(s.bounds.insetBy(w / 2), radius: max(s.cornerRadius - w / 2, 0), corners: s.maskedCorners))
            ctx.strokePath()
            ctx.restoreGState()
        }
        if pictureShadow {
            ctx.endTransparencyLayer()
            ctx.restoreGState()
        }
        if let mask {
            ctx.endMaskedGroup {
                ctx.saveGState()
                ctx.concatenate(mask.state.planeTransform(superlayerSublayerTransform: nil).affinePart)
                mask.displayIfNeeded()
                mask.renderTree(in: ctx, shown: shown, ownOpacity: true)
                ctx.restoreGState()
            }
        }
        if grouped { ctx.endTransparencyLayer() }
    }

    /// The sublayers bottom to top: by `zPosition`, equal ones in order.
    private var sublayersInDrawingOrder: [CALayer] {
        let layers = _sublayers
        guard layers.contains(where: { $0.state.zPosition != 0 }) else { return layers }
        return layers.enumerated().sorted { ($0.element.state.zPosition, $0.offset) < ($1.element.state.zPosition, $1.offset) }.map(\.element)
    }

    /// Paints the layer's picture (an image set as `contents`, or what `draw(in:)` drew) where its
    /// gravity, scale and `contentsRect` put it.
    private func renderContents(in ctx: CGContext) {
        let picture: RGBAImage
        switch contentsSource {
        case .none, .unshown: return
        case .image(let image): picture = image.image
        case .backingStore(let bitmap): picture = bitmap.image
        }
        let s = state
        guard picture.size.width > 0, picture.size.height > 0, s.contentsRect.width > 0, s.contentsRect.height > 0 else { return }
        let shown = Size(
            width: Double(picture.size.width) * s.contentsRect.width / s.contentsScale,
            height: Double(picture.size.height) * s.contentsRect.height / s.contentsScale)
        let frame = s.contentsFrame(forShownSize: shown)
        // The whole picture placed so that its `contentsRect` part lands on `frame`, clipped there.
        let whole = CGRect(
            x: frame.minX - s.contentsRect.minX * frame.width / s.contentsRect.width,
            y: frame.minY - s.contentsRect.minY * frame.height / s.contentsRect.height,
            width: frame.width / s.contentsRect.width, height: frame.height / s.contentsRect.height)
        ctx.saveGState()
        ctx.clip(to: CGRect(frame))
        ctx.paint(CGImage(image: picture), in: whole, upright: true)
        ctx.restoreGState()
    }

    /// The rounded rectangle of `rect` with `radius` at the corners `corners` names
    /// (`CACornerMask` bits), as the compositor draws it.
    private func roundedShape(_ rect: Rect, radius: Double, corners: Double) -> CGPath {
        let path = CGMutablePath()
        let r = min(max(radius, 0), min(rect.width, rect.height) / 2)
        let mask = Int(corners)
        func rounds(_ bit: Int) -> Bool { r > 0 && mask & bit != 0 }
        let (minX, minY, maxX, maxY) = (rect.minX, rect.minY, rect.minX + rect.width, rect.minY + rect.height)
        path.move(to: CGPoint(x: minX + (rounds(1) ? r : 0), y: minY))
        if rounds(2) {
            path.addArc(center: CGPoint(x: maxX - r, y: minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0, clockwise: false)
        } else {
            path.addLine(to: CGPoint(x: maxX, y: minY))
        }
        if rounds(8) {
            path.addArc(center: CGPoint(x: maxX - r, y: maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        } else {
            path.addLine(to: CGPoint(x: maxX, y: maxY))
        }
        if rounds(4) {
            path.addArc(center: CGPoint(x: minX + r, y: maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi, clockwise: false)
        } else {
            path.addLine(to: CGPoint(x: minX, y: maxY))
        }
        if rounds(1) {
            path.addArc(center: CGPoint(x: minX + r, y: minY + r), radius: r, startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: false)
        } else {
            path.addLine(to: CGPoint(x: minX, y: minY))
        }
        path.closeSubpath()
        return path
    }
}

extension PlaneTransform {
    /// The affine part of the map (its perspective dropped), as Core Graphics takes transforms.
    var affinePart: CGAffineTransform {
        CGAffineTransform(a: m.0, b: m.1, c: m.3, d: m.4, tx: m.6, ty: m.7)
    }
}

extension Rect {
    /// The rectangle moved inwards by `d` on every side.
    func insetBy(_ d: Double) -> Rect { Rect(x: minX + d, y: minY + d, width: max(width - 2 * d, 0), height: max(height - 2 * d, 0)) }
}
