import Foundation
import StrataCore
import StrataGraphics

// The default hit test's pieces: the call depth it recurses to, the point mapped into a layer,
// sublayers in the order they are asked, and the loop it continues in below the call depth.
// (`contains(_:)` and `hitTest(_:)` themselves stay in the class: subclasses override them.)

extension CALayer {
    /// How many `hitTest(_:)` calls of the default implementation nest before the search goes on
    /// in a loop (see `hitTest(_:)`): 512 levels.
    public static let hitTestCallDepth = 512
    /// The default `hitTest(_:)` calls now nested on the main thread.
    static var hitTestNesting = 0

    /// `p` (superlayer space) in this layer's bounds space, when the layer is shown and contains it.
    func pointIfHit(_ p: CGPoint) -> CGPoint? {
        guard !isHidden, let local = planeTransformToSuperlayer.inverted?.apply(p), contains(local) else { return nil }
        return local
    }

    /// The sublayers in the order hit testing asks them: by `zPosition`, then order, topmost first.
    var sublayersFrontToBack: [CALayer] {
        _sublayers.enumerated().sorted {
            let (a, b) = ($0.element.zPosition, $1.element.zPosition)
            return a != b ? a > b : $0.offset > $1.offset
        }.map(\.element)
    }

    /// The default hit test's search below `hitTestCallDepth`, in a layer that contains `local`
    /// (its bounds space): a loop down the tree into the topmost sublayer containing the point.
    func deepestHit(_ local: CGPoint) -> CALayer {
        var layer = self, point = local
        descending: while true {
            for sublayer in layer.sublayersFrontToBack {
                guard let inner = sublayer.pointIfHit(point) else { continue }
                layer = sublayer
                point = inner
                continue descending
            }
            return layer
        }
    }
}
