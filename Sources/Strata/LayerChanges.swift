import Foundation
import StrataCore

/// Which parts of a layer changed since its last commit: one bit per render-tree property, plus
/// its contents and its list of sublayers. Main actor (kept on the layer).
struct LayerChanges: OptionSet, Sendable {
    let rawValue: UInt32

    static let bounds = LayerChanges(rawValue: 1 << 0)
    static let position = LayerChanges(rawValue: 1 << 1)
    static let anchorPoint = LayerChanges(rawValue: 1 << 2)
    static let zPosition = LayerChanges(rawValue: 1 << 3)
    static let transform = LayerChanges(rawValue: 1 << 4)
    static let sublayerTransform = LayerChanges(rawValue: 1 << 5)
    static let opacity = LayerChanges(rawValue: 1 << 6)
    static let isHidden = LayerChanges(rawValue: 1 << 7)
    static let backgroundColor = LayerChanges(rawValue: 1 << 8)
    static let masksToBounds = LayerChanges(rawValue: 1 << 9)
    static let isDoubleSided = LayerChanges(rawValue: 1 << 10)
    static let cornerRadius = LayerChanges(rawValue: 1 << 11)
    static let borderWidth = LayerChanges(rawValue: 1 << 12)
    static let borderColor = LayerChanges(rawValue: 1 << 13)
    static let contentsGravity = LayerChanges(rawValue: 1 << 14)
    static let contentsScale = LayerChanges(rawValue: 1 << 15)
    static let contentsRect = LayerChanges(rawValue: 1 << 16)
    static let contentsCenter = LayerChanges(rawValue: 1 << 17)
    /// The pixels (a new image, or a redrawn region of the backing store).
    static let contents = LayerChanges(rawValue: 1 << 18)
    /// The order or membership of the sublayers.
    static let sublayers = LayerChanges(rawValue: 1 << 19)
    /// The layer moved to another superlayer or out of the tree.
    static let superlayer = LayerChanges(rawValue: 1 << 20)
    /// `setNeedsDisplay` was called: drawing is due before the commit.
    static let display = LayerChanges(rawValue: 1 << 21)
    /// Animations were started in an animation block and wait to be sent.
    static let animations = LayerChanges(rawValue: 1 << 22)

    /// The properties UIKit animates in animation blocks.
    static let animatable: LayerChanges = [.bounds, .position, .transform, .opacity, .backgroundColor, .cornerRadius, .borderWidth, .borderColor]

    /// Every bit that maps to one `LayerProperty`, in the order they are sent.
    static let properties: [LayerChanges] = [
        .bounds, .position, .anchorPoint, .zPosition, .transform, .sublayerTransform, .opacity, .isHidden,
        .backgroundColor, .masksToBounds, .isDoubleSided, .cornerRadius, .borderWidth, .borderColor,
        .contentsGravity, .contentsScale, .contentsRect, .contentsCenter,
    ]
}

/// Where a layer's pixels come from.
enum LayerContentsSource {
    /// No contents.
    case none
    /// An image the program set as `contents`.
    case image(CGImage)
    /// The backing store `display()` draws into; `pending` is the part not yet sent.
    case backingStore(CairoBitmap)
}

extension CGRect {
    /// The same rectangle as the compositor's value type.
    var core: Rect { Rect(x: origin.x, y: origin.y, width: size.width, height: size.height) }
}

extension CGPoint {
    /// The same point as the compositor's value type.
    var core: Point { Point(x: x, y: y) }
}

extension CGColor {
    /// The compositor's colour for an optional `CGColor`.
    static func core(_ color: CGColor?) -> Color? { color?.value }
}
