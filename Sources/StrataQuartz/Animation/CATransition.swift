import Foundation
import StrataCore
import StrataGraphics

/// Which transition a `CATransition` shows (Core Animation's `CATransitionType`). A plain value.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    /// The type's name (Core Animation's constant values).
    public let rawValue: String
    /// A type from its name; unknown names show as `.fade`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The layer's old content fades out over the new (the default).
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new content moves in over the old, from the subtype's side.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new content pushes the old out, coming in from the subtype's side.
    public static let push = CATransitionType(rawValue: "push")
    /// The old content moves away towards the side opposite the subtype's, revealing the new.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The side a moving `CATransition` starts from (Core Animation's `CATransitionSubtype`).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    /// The subtype's name (Core Animation's constant values).
    public let rawValue: String
    /// A subtype from its name; unknown names act as `.fromLeft`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// From the right edge (the new content comes in leftwards).
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// From the left edge (the default for the moving types).
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// From the top edge (the new content comes in downwards, y growing down).
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// From the bottom edge.
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// The key transitions are added under (`add(_:forKey:)` uses it for a transition added with
/// no key).
public let kCATransition = "transition"

/// An animated change from a layer's old look to its new one (Core Animation's `CATransition`):
/// added to a layer with `add(_:forKey:)`, it animates what changes in the layer and its
/// sublayers in that transaction (sublayers added, removed or hidden, contents changed).
/// Main actor.
///
/// As `UIView.transition(with:duration:options:animations:completion:)` does, a picture of the
/// layer as its screen shows it when the transition is added is laid beside it in its
/// superlayer (above it for `.fade` and `.reveal`, below it for `.moveIn` and `.push`), while the
/// changes apply to the layer itself at once: `.fade` fades the picture out (where the new
/// content is opaque, exactly Core Animation's cross-fade); `.moveIn` slides the layer in from
/// the subtype's side, a bounds width or height away, over the picture; `.push` does that and
/// slides the picture out the other way; `.reveal` slides the picture away. The picture goes
/// when the transition ends. Both run on the render thread, with the transition's duration,
/// timing function, begin time and speed. The picture shows the layer and its sublayers as the
/// last commit left them, as Core Animation's transition starts from the look on screen: changes
/// made in the same transaction before the transition was added (properties, sublayers added or
/// removed, image contents) are not in it, so the changes may come before or after `add`. What a
/// layer draws itself (`draw(in:)`) is in it as the layer draws now. A layer with no superlayer
/// shows the changes at once. The layer's own transform is not followed by the moves.
@MainActor
open class CATransition: CAAnimation {
    /// The kind of transition (`.fade` by default).
    public var type = CATransitionType.fade
    /// The side the moving types start from (nil by default: from the left).
    public var subtype: CATransitionSubtype?
    /// Where in its course the transition starts, 0...1 (0 by default).
    public var startProgress: Float = 0
    /// Where in its course the transition ends, 0...1 (1 by default).
    public var endProgress: Float = 1

    open override func copyProperties(into other: CAAnimation) {
        super.copyProperties(into: other)
        guard let other = other as? CATransition else { return }
        other.type = type
        other.subtype = subtype
        other.startProgress = startProgress
        other.endProgress = endProgress
    }

    /// The direction the new content comes in from, as an offset of the layer's bounds size.
    private func entry(width: Double, height: Double) -> Point {
        switch subtype {
        case .fromRight?: Point(x: width, y: 0)
        case .fromTop?: Point(x: 0, y: -height)
        case .fromBottom?: Point(x: 0, y: height)
        default: Point(x: -width, y: 0)
        }
    }

    override func layerAnimations(on layer: CALayer, timing: Timing) -> [LayerAnimation] {
        let from = min(max(startProgress, 0), 1)
        let start = Double(from), end = Double(min(max(endProgress, from), 1))
        let curve = timingFunction?.curve ?? .linear
        let size = layer.bounds.size
        let d = entry(width: Double(size.width), height: Double(size.height))
        func offset(_ scale: Double) -> LayerValue { .point(Point(x: d.x * scale, y: d.y * scale)) }
        // The layer's own part: moved in (moveIn, push), or held still for the transition's length
        // so that it ends (and tells its delegate) at its end.
        let moves = type == .moveIn || type == .push
        let own = Keyframes(key: .position, values: moves ? [offset(1 - start), offset(1 - end)] : [offset(0)], isAdditive: true)
        let result = [timing.animation(.keyframes(own), curve: curve)]
        guard let superlayer = layer.superlayer, size.width > 0, size.height > 0 else { return result }

        // The picture of the old look (as the last commit left the layer and the layers below
        // it, changes made since put aside), beside the layer.
        let picture = CALayer()
        let scale = layer.renderedContext?.scale ?? CAContext.first?.scale ?? 1
        let (image, old) = layer.withCommittedLook {
            let canvas = ImageCanvas(bounds: layer.bounds, scale: scale, opaque: false)
            layer.renderTree(in: canvas.context, shown: true, ownOpacity: true)
            return (canvas.cgImage(), layer.state)
        }
        // Set while the picture is in no tree, so no implicit animation runs. (No transaction of
        // its own: committing one here would send the commit before this animation is added.)
        picture.contents = image
        picture.contentsScale = scale
        picture.bounds = CGRect(origin: .zero, size: CGSize(old.bounds.size))
        picture.anchorPoint = CGPoint(old.anchorPoint)
        picture.position = CGPoint(old.position)
        picture.transform = CATransform3D(old.transform)
        picture.zPosition = old.zPosition
        if type == .moveIn || type == .push {
            superlayer.insertSublayer(picture, below: layer)
        } else {
            superlayer.insertSublayer(picture, above: layer)
        }

        // The picture's part, in the same animation group (the transition ends when both have).
        var shown: Keyframes
        switch type {
        case .push, .reveal:
            shown = Keyframes(key: .position, values: [offset(-start), offset(-end)], isAdditive: true)
        case .moveIn:
            shown = Keyframes(key: .position, values: [offset(0)], isAdditive: true)
        default:
            shown = Keyframes(key: .opacity, values: [.float(Float(1 - start)), .float(Float(1 - end))])
        }
        shown.keyTimes = Keyframes.evenKeyTimes(count: shown.values.count)
        picture.addAnimation(timing.animation(.keyframes(shown), curve: curve))
        // The picture goes when the transition ends; its delegate hears it after.
        delegate = PictureRemover(picture, then: delegate)
        return result
    }
}

/// Takes a transition's picture away when its animation ends. Main actor.
@MainActor
private final class PictureRemover: CAAnimationDelegate {
    let picture: CALayer
    /// The transition's own delegate, told after.
    let next: (any CAAnimationDelegate)?
    init(_ picture: CALayer, then next: (any CAAnimationDelegate)?) { (self.picture, self.next) = (picture, next) }
    func animationDidStart(_ anim: CAAnimation) { next?.animationDidStart(anim) }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        picture.removeFromSuperlayer()
        next?.animationDidStop(anim, finished: flag)
    }
}
