import StrataCore
import StrataGL

// The drawing walk's own arithmetic: target pixels to clip space.

extension Renderer {
    /// Target pixels (origin top-left, y down) to clip space, z forced to 0 (no depth clipping).
    /// Pixel row y lands in framebuffer row y, so read-back rows come top row first; with `yUp`
    /// (a host's framebuffer, shown bottom row first) row 0 is the bottom, so the picture is upright.
    static func projection(width: Int, height: Int, yUp: Bool = false) -> Transform3D {
        Transform3D(
            m11: 2 / Double(width), m12: 0, m13: 0, m14: 0,
            m21: 0, m22: (yUp ? -2 : 2) / Double(height), m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 0, m34: 0,
            m41: -1, m42: yUp ? 1 : -1, m43: 0, m44: 1)
    }
}
