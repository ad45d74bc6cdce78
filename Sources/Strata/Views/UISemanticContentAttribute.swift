/// How a view's contents flip between left-to-right and right-to-left layouts (UIKit's values).
public enum UISemanticContentAttribute: Int, Sendable {
    /// The default: follows the layout direction.
    case unspecified = 0
    /// Playback controls (play, rewind, a playhead): never flipped.
    case playback = 1
    /// Directional controls (a text-alignment segment, a D-pad): never flipped.
    case spatial = 2
    /// Always laid out left to right.
    case forceLeftToRight = 3
    /// Always laid out right to left.
    case forceRightToLeft = 4
}

/// The direction a user interface is laid out in (UIKit's values).
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight = 0
    case rightToLeft = 1
}
