import Foundation
import StrataCore
import StrataGraphics

/// Which parts of a layer changed since its last commit: one bit per layer property (its
/// `LayerKey`), plus its contents, its list of sublayers, its superlayer, pending drawing and
/// pending animations. Main actor (kept on the layer).
package struct LayerChanges: OptionSet, Sendable {
    package let rawValue: UInt64

    package init(rawValue: UInt64) { self.rawValue = rawValue }

    /// The bit of one property (room for `propertyBits` of them; `LayerStateTests` checks the
    /// keys fit).
    package init(_ key: LayerKey) { rawValue = 1 << UInt64(key.rawValue) }

    /// How many property bits there are: the flags below start after them.
    package static let propertyBits = 48

    /// The pixels (a new image, or a redrawn region of the backing store).
    package static let contents = LayerChanges(rawValue: 1 << UInt64(propertyBits))
    /// The order or membership of the sublayers.
    package static let sublayers = LayerChanges(rawValue: 1 << UInt64(propertyBits + 1))
    /// The layer moved to another superlayer or out of the tree.
    package static let superlayer = LayerChanges(rawValue: 1 << UInt64(propertyBits + 2))
    /// `setNeedsDisplay` was called: drawing is due before the commit.
    package static let display = LayerChanges(rawValue: 1 << UInt64(propertyBits + 3))
    /// Animations were started in an animation block and wait to be sent.
    package static let animations = LayerChanges(rawValue: 1 << UInt64(propertyBits + 4))
    /// The layer's mask was set or removed.
    package static let mask = LayerChanges(rawValue: 1 << UInt64(propertyBits + 5))
    /// What of its bounds space the layer's owner has laid out (`CALayer.preparedContentRect`).
    package static let preparedContent = LayerChanges(rawValue: 1 << UInt64(propertyBits + 6))

    /// Every property bit.
    package static let properties = LayerChanges(rawValue: (1 << UInt64(propertyBits)) - 1)

    /// Whether `key`'s property changed.
    package func contains(_ key: LayerKey) -> Bool { rawValue & (1 << UInt64(key.rawValue)) != 0 }

    /// The keys of the changed properties, in key order.
    package var keys: Keys { Keys(bits: rawValue & LayerChanges.properties.rawValue) }

    /// The keys of a set of changes: one step per set property bit.
    package struct Keys: Sequence, IteratorProtocol {
        package var bits: UInt64
        package mutating func next() -> LayerKey? {
            guard bits != 0 else { return nil }
            let key = LayerKey(rawValue: UInt8(bits.trailingZeroBitCount))
            bits &= bits - 1
            return key
        }
    }
}

/// Where a layer's pixels come from.
package enum LayerContentsSource {
    /// No contents.
    case none
    /// An image the program set as `contents`.
    case image(CGImage)
    /// The backing store `display()` draws into; `pending` is the part not yet sent.
    case backingStore(CairoBitmap)
    /// A value the program set as `contents` that is not an image: read back as set, and shown
    /// as nothing (Core Animation's rule for an object it cannot draw).
    case unshown(AnyObject)

    /// Whether there is something to draw.
    var isShown: Bool {
        switch self {
        case .none, .unshown: false
        case .image, .backingStore: true
        }
    }
}

extension CGRect {
    /// The same rectangle as the compositor's value type.
    @inlinable package var core: Rect { Rect(x: origin.x, y: origin.y, width: size.width, height: size.height) }

    /// The compositor's rectangle as a `CGRect`.
    @inlinable package init(_ r: Rect) { self.init(x: r.minX, y: r.minY, width: r.width, height: r.height) }
}

extension CGPoint {
    /// The same point as the compositor's value type.
    @inlinable package var core: Point { Point(x: x, y: y) }

    /// The compositor's point as a `CGPoint`.
    @inlinable package init(_ p: Point) { self.init(x: p.x, y: p.y) }
}

extension CGSize {
    /// The compositor's size as a `CGSize`.
    @inlinable package init(_ s: Size) { self.init(width: s.width, height: s.height) }
}

extension PlaneTransform {
    /// Maps a point; the perspective divide is applied.
    @inlinable package func apply(_ p: CGPoint) -> CGPoint { CGPoint(apply(p.core)) }

    /// The bounding box of a rectangle's mapped corners.
    @inlinable package func apply(_ r: CGRect) -> CGRect { CGRect(apply(r.standardized.core)) }
}

extension CGColor {
    /// The compositor's colour for an optional `CGColor`.
    @inlinable package static func core(_ color: CGColor?) -> Color? { color?.value }
}
