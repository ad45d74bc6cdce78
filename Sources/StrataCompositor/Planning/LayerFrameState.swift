import StrataCore

/// One render layer's frame state: where the frame planner placed it, what it paints, its place
/// in drawing order and what was decided about covering it. Render thread only; written by the
/// planner (and cleared by the render tree when the layer leaves or moves), read by the listing
/// walk. Field order is layout: the flags and boxes the walk reads for every layer, then the
/// world matrix it writes for every changed layer, all adjacent; what few layers need comes last.
struct LayerFrameState {
    /// The planner's walk that last visited the layer (see `FramePlanner.walk`).
    var lastWalk = 0
    /// Whether `world` (and the boxes) hold for the current tree: false after a frame in which
    /// the layer was not visible.
    var worldValid = false
    /// Whether `childSpace` was computed for the current world (a layer that had no sublayers
    /// when it was placed has none yet).
    var childSpaceValid = false
    /// Whether it is single-sided and faces away this frame (it and its subtree are not drawn).
    var isBackFacing = false
    /// Whether the planner's kept fill quad for the layer (`FramePlanner.fills`, at its slot) was
    /// built since the layer was last placed.
    var fillQuadValid = false
    /// The target pixels the layer itself painted in the last frame drawn; nil when it painted nothing.
    var drawnBox: PixelRect?
    /// This frame: what the layer and its subtree paint (a picture shadow's reach included).
    var subtreeBox: PixelRect?
    /// Its fill's pixels a pixel inside the edges, when it could hide what lies under it (opaque
    /// colour, no contents, square corners, axis-aligned on whole pixels).
    var occluderRect: PixelRect?
    /// This frame: the places of its fill and its border in drawing order (for occlusion).
    var fillOrder = 0, borderOrder = 0
    /// For a layer casting its picture's shadow: where the shadow reaches (nil otherwise; read
    /// for every layer the walk finishes).
    var shadowReach: PixelRect?
    /// This frame: bounds space to target pixels.
    var world = Transform3D.identity
    // What only some layers need (shadow casters, covered leaves, layers with sublayers) after
    // what the walk reads or writes for every changed leaf.
    /// For a layer casting its picture's shadow: what it and its subtree paint without the
    /// shadow (nil otherwise).
    var pictureBox: PixelRect?
    /// The occluder a leaf was listed under in the planner's index when it came to rest covered
    /// (nil: not listed). A leaf woken otherwise keeps it until the planner next reads the listing.
    var coveredListing: OccluderKey?
    /// This frame: the parent space of its sublayers.
    var childSpace = Transform3D.identity
}
