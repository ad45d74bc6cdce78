import Foundation
import StrataGraphics

/// How a layer's rounded corners curve (`CALayerCornerCurve`).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    /// A curve from its name (Core Animation's constant values).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Quarter circles (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Apple's continuous ("squircle") corners; Strata draws them as quarter circles.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

// Settings UIKit programs give layers that change how Core Animation works rather than what it
// shows; Strata keeps and reads them back. Rasterizing caches a subtree as a bitmap (Strata's
// renderer keeps unchanged layers' work anyway); drawing asynchronously moves `draw(in:)` off the
// main thread on Apple's platforms.

extension CALayer {
    /// Whether Core Animation should cache the layer and its sublayers as one bitmap (false by
    /// default). Kept; Strata's renderer already reuses unchanged layers' work, so nothing shows
    /// differently.
    public var shouldRasterize: Bool {
        get { hints.shouldRasterize }
        set { hints.shouldRasterize = newValue }
    }

    /// The scale a rasterized layer is cached at (1 by default). Kept (see `shouldRasterize`).
    /// - Precondition: finite and above 0, as Core Animation requires.
    public var rasterizationScale: CGFloat {
        get { hints.rasterizationScale }
        set {
            precondition(newValue.isFinite && newValue > 0, "CALayer.rasterizationScale must be finite and above 0, got \(newValue)")
            hints.rasterizationScale = newValue
        }
    }

    /// Whether `draw(in:)` may run on a background thread (false by default). Kept; Strata draws on
    /// the main actor.
    public var drawsAsynchronously: Bool {
        get { hints.drawsAsynchronously }
        set { hints.drawsAsynchronously = newValue }
    }

    /// Whether edges are antialiased when the layer is transformed (false by default, as Core
    /// Animation's). Kept; Strata antialiases rounded edges and leaves square edges to the
    /// rasteriser either way.
    public var allowsEdgeAntialiasing: Bool {
        get { hints.allowsEdgeAntialiasing }
        set { hints.allowsEdgeAntialiasing = newValue }
    }

    /// How the rounded corners curve (`.circular` by default). Kept; `.continuous` corners are
    /// drawn as quarter circles.
    public var cornerCurve: CALayerCornerCurve {
        get { hints.cornerCurve }
        set { hints.cornerCurve = newValue }
    }
}

/// The settings of `CALayer+Hints.swift`, kept together on the layer.
struct LayerHints {
    var shouldRasterize = false
    var rasterizationScale: CGFloat = 1
    var drawsAsynchronously = false
    var allowsEdgeAntialiasing = false
    var cornerCurve = CALayerCornerCurve.circular
    var timing = LayerTimingHints()
}

/// Which corners of a layer `cornerRadius` rounds (Core Animation's `CACornerMask`), in UIKit's
/// y-down coordinates: min-y is the top.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    /// A mask from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top-left corner.
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    /// The top-right corner.
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    /// The bottom-left corner.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    /// The bottom-right corner.
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

extension CALayer {
    /// Which corners `cornerRadius` rounds (all four by default): the background, the border, the
    /// clip of `masksToBounds` and the shadow are square at the others.
    public var maskedCorners: CACornerMask {
        get { CACornerMask(rawValue: UInt(state.maskedCorners)) }
        set { set(.maskedCorners, \.maskedCorners, Double(newValue.rawValue & 15)) }
    }
}
