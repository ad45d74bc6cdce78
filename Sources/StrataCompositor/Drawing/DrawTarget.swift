import StrataCore
import StrataGL

/// Where a frame is drawn: a framebuffer, the rectangle of it drawn in, which way its rows run,
/// and the scale from the layers' points to its pixels. Render thread (or host GL thread) only.
struct DrawTarget {
    /// The GL framebuffer name (0: the context's default framebuffer).
    var framebuffer: UInt32
    /// The drawn area's size in pixels.
    var width: Int, height: Int
    /// The drawn area's lower-left corner in the framebuffer, in GL window coordinates.
    var origin: (x: Int, y: Int) = (0, 0)
    /// Whether row 0 of the framebuffer is the picture's bottom (GL's convention, a host's
    /// framebuffer); Strata's own targets store the top row first.
    var yUp = false
    /// Pixels per point of the layer tree's root space.
    var scale = 1.0
    /// Whether the framebuffer has a stencil buffer for clip masks.
    var hasStencil = true

    /// Strata's own framebuffer, top row first.
    init(_ framebuffer: GLFramebuffer) {
        self.framebuffer = framebuffer.rawValue
        width = framebuffer.width
        height = framebuffer.height
    }

    init(framebuffer: UInt32, width: Int, height: Int) {
        self.framebuffer = framebuffer
        self.width = width
        self.height = height
    }

    /// The same drawn area, orientation and scale in an offscreen framebuffer of Strata's own (at
    /// its origin, with stencil): a projection made for this target, and every cached quad, fit it.
    func offscreen(in framebuffer: GLFramebuffer) -> DrawTarget {
        var target = self
        (target.framebuffer, target.origin, target.hasStencil) = (framebuffer.rawValue, (0, 0), true)
        return target
    }

    /// What a target's frames depend on besides the tree: its size, orientation and scale (a new
    /// key walks every layer again and drops the replay; the planner rebuilds kept fills when the
    /// size or orientation changes).
    struct Key: Equatable {
        var width: Int, height: Int, yUp: Bool, scale: Double
    }

    var key: Key { Key(width: width, height: height, yUp: yUp, scale: scale) }
}
