/*
 * strata.h — Strata's C interface: a GPU layer compositor embedded in your OpenGL (ES) context.
 *
 * Link with libStrataC.so (built by `swift build --product StrataC`, at .build/<config>/libStrataC.so).
 *
 * The model is Core Animation's: a tree of layers, each with bounds, a position (where its anchor
 * point sits in its superlayer's bounds), a transform about the anchor point, opacity, a background
 * colour, rounded corners, a border, and contents (pixels, a texture of yours, or an EGLImage).
 * Geometry is in points; `strata_render` maps the root's points to framebuffer pixels with the
 * scale you give. The first sublayer is drawn first; later ones (and higher z positions) on top.
 *
 * THREAD RULE. A compositor belongs to the thread that created it. Every call taking a
 * `strata_compositor *` must come from that thread; a call from another thread does nothing and
 * returns STRATA_ERROR_WRONG_THREAD. `strata_compositor_create`, `strata_render` and
 * `strata_compositor_destroy` also need the EGL context that was current at creation to be current
 * (STRATA_ERROR_CONTEXT otherwise). Property changes are recorded at once and reach the GPU at the
 * next `strata_render`.
 *
 * GL STATE. `strata_render` restores every piece of GL state it changes before it returns (bound
 * program, buffers, vertex array, textures and samplers of unit 0, active unit, framebuffer
 * bindings, viewport, scissor, blend, depth, stencil, cull, colour mask, clear values, pixel
 * store, and the rest listed in the README). The stencil buffer's *contents* inside the viewport
 * are used for rotated or rounded clips and are undefined afterwards.
 *
 * ERRORS. Functions return a strata_status; those returning a handle, a layer or a time return
 * NULL / 0 / 0.0 on failure (a wrong thread included). Either way `strata_last_error()` gives a
 * message naming the value and what to do. Nothing is changed by a call that fails. Changes are
 * checked when they are made, so a render does not fail for a value set earlier; the exception is
 * an EGLImage the driver refuses, which `strata_render` reports (STRATA_ERROR_GL) while the layer
 * shows no contents and every other change still applies.
 */
#ifndef STRATA_H
#define STRATA_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A compositor embedded in the current EGL context. Opaque. */
typedef struct strata_compositor strata_compositor;

/** A layer of one compositor; 0 is "no layer". */
typedef uint64_t strata_layer;

/** What a call did. */
typedef enum strata_status {
    STRATA_OK = 0,
    STRATA_ERROR_INVALID_ARGUMENT = 1, /**< a NULL pointer, a non-finite or out-of-range value */
    STRATA_ERROR_UNKNOWN_LAYER = 2,    /**< a layer this compositor does not have (never made, or released) */
    STRATA_ERROR_CYCLE = 3,            /**< a layer added under itself or its own sublayer */
    STRATA_ERROR_WRONG_THREAD = 4,     /**< called from a thread other than the compositor's */
    STRATA_ERROR_CONTEXT = 5,          /**< no EGL context current, or not the compositor's */
    STRATA_ERROR_GL = 6,               /**< the GPU failed (shader, framebuffer, lost context) */
    STRATA_ERROR_DESTROYED = 7         /**< the compositor was destroyed */
} strata_status;

/** The message of the last failed call on this thread ("" when none). Valid until the next
 *  Strata call on this thread. Any thread. */
const char *strata_last_error(void);

/** Strata's version, such as "0.8.0" (the same as `strata --version`). Any thread. */
const char *strata_version(void);

/* ---- Compositor ---------------------------------------------------------------------------- */

/** Embeds Strata in the EGL context current on this thread (OpenGL ES 3.0+, or desktop OpenGL
 *  3.3+ with ARB_ES3_compatibility) and creates its GL objects there. The calling thread becomes
 *  the compositor's thread. Returns NULL on failure (no current context, unsupported context). */
strata_compositor *strata_compositor_create(void);

/** Like strata_compositor_create, but Strata's GL objects live in a context of its own that shares
 *  objects with yours (same EGL display and client API), made current only inside Strata's calls:
 *  your context's state is never touched. Framebuffer objects are not shared between contexts, so
 *  render with strata_render_to_texture / strata_render_to_renderbuffer. Needs
 *  EGL_KHR_surfaceless_context. Returns NULL on failure. */
strata_compositor *strata_compositor_create_shared(void);

/** Frees every GL object Strata made in your context, and the layers. The handle stays valid as
 *  a tombstone of a few hundred bytes: later calls with it return STRATA_ERROR_DESTROYED.
 *  Compositor thread, context current. NULL is ignored. */
strata_status strata_compositor_destroy(strata_compositor *compositor);

/** Makes `layer` the root of the picture (0: nothing is drawn). */
strata_status strata_set_root(strata_compositor *compositor, strata_layer layer);

/** Draws the layer tree into `framebuffer` (0: the default framebuffer), inside the viewport
 *  (`x`, `y` = lower-left corner, GL window coordinates, in pixels), over what it holds, with
 *  `scale` pixels per point. `time` is the frame's time in seconds for animations; pass a
 *  negative value to use Strata's clock (1/60 s per frame). Compositor thread, context current. */
strata_status strata_render(strata_compositor *compositor, uint32_t framebuffer,
                            int32_t x, int32_t y, int32_t width, int32_t height,
                            double scale, double time);

/** As strata_render, into a GL_TEXTURE_2D of yours (level 0, colour-renderable, such as RGBA8)
 *  through a framebuffer of Strata's with its own stencil. The texture's row 0 is the picture's
 *  bottom (GL's convention). Works in both context modes. */
strata_status strata_render_to_texture(strata_compositor *compositor, uint32_t texture,
                                       int32_t x, int32_t y, int32_t width, int32_t height,
                                       double scale, double time);

/** As strata_render_to_texture, into a renderbuffer of yours. */
strata_status strata_render_to_renderbuffer(strata_compositor *compositor, uint32_t renderbuffer,
                                            int32_t x, int32_t y, int32_t width, int32_t height,
                                            double scale, double time);

/** The time the next frame will have on Strata's clock, in seconds (animations begin then). */
double strata_next_frame_time(strata_compositor *compositor);

/* ---- Layers -------------------------------------------------------------------------------- */

/** A new layer with Core Animation's defaults: empty bounds at (0, 0), anchor point (0.5, 0.5),
 *  opacity 1, no colour, no superlayer. Returns 0 on failure. */
strata_layer strata_layer_create(strata_compositor *compositor);

/** Removes `layer` from the tree and frees it (its sublayers are detached, not freed). */
strata_status strata_layer_release(strata_compositor *compositor, strata_layer layer);

/** Adds `child` as the topmost sublayer of `parent`, out of any superlayer it had. */
strata_status strata_layer_add_sublayer(strata_compositor *compositor, strata_layer parent, strata_layer child);

/** Inserts `child` into `parent`'s sublayers at `index` (0 = bottom; past the end = top). */
strata_status strata_layer_insert_sublayer(strata_compositor *compositor, strata_layer parent, strata_layer child, int32_t index);

/** Detaches `layer` from its superlayer. */
strata_status strata_layer_remove_from_superlayer(strata_compositor *compositor, strata_layer layer);

/** The layer's own coordinate space: origin and size in points (size ≥ 0). */
strata_status strata_layer_set_bounds(strata_compositor *compositor, strata_layer layer, double x, double y, double width, double height);

/** Where the anchor point sits in the superlayer's bounds space, in points. */
strata_status strata_layer_set_position(strata_compositor *compositor, strata_layer layer, double x, double y);

/** The anchor point in unit coordinates of the bounds (0.5, 0.5 = centre). */
strata_status strata_layer_set_anchor_point(strata_compositor *compositor, strata_layer layer, double x, double y);

/** The z position: higher draws above its siblings. */
strata_status strata_layer_set_z_position(strata_compositor *compositor, strata_layer layer, double z);

/** The transform about the anchor point: 16 values in CATransform3D order (m11, m12, …, m44;
 *  row vectors, translation in m41, m42, m43). */
strata_status strata_layer_set_transform(strata_compositor *compositor, strata_layer layer, const double matrix[16]);

/** A transform applied to the sublayers about this layer's anchor point (perspective goes here:
 *  m34 = -1 / distance), 16 values as strata_layer_set_transform. */
strata_status strata_layer_set_sublayer_transform(strata_compositor *compositor, strata_layer layer, const double matrix[16]);

/** Whether the layer is drawn when it faces away from the viewer (true by default). */
strata_status strata_layer_set_double_sided(strata_compositor *compositor, strata_layer layer, bool double_sided);

/** How contents are placed in the bounds when their sizes differ (CALayer.contentsGravity). */
typedef enum strata_contents_gravity {
    STRATA_GRAVITY_RESIZE = 0, STRATA_GRAVITY_RESIZE_ASPECT = 1, STRATA_GRAVITY_RESIZE_ASPECT_FILL = 2,
    STRATA_GRAVITY_CENTER = 3, STRATA_GRAVITY_TOP = 4, STRATA_GRAVITY_BOTTOM = 5, STRATA_GRAVITY_LEFT = 6,
    STRATA_GRAVITY_RIGHT = 7, STRATA_GRAVITY_TOP_LEFT = 8, STRATA_GRAVITY_TOP_RIGHT = 9,
    STRATA_GRAVITY_BOTTOM_LEFT = 10, STRATA_GRAVITY_BOTTOM_RIGHT = 11
} strata_contents_gravity;

/** The contents' gravity (STRATA_GRAVITY_RESIZE by default). */
strata_status strata_layer_set_contents_gravity(strata_compositor *compositor, strata_layer layer, strata_contents_gravity gravity);

/** The part of the contents shown, in unit coordinates of the contents (0, 0, 1, 1 by default). */
strata_status strata_layer_set_contents_rect(strata_compositor *compositor, strata_layer layer, double x, double y, double width, double height);

/** Opacity in 0…1; a layer below 1 with sublayers is composited as one picture. */
strata_status strata_layer_set_opacity(strata_compositor *compositor, strata_layer layer, float opacity);

/** Hides the layer and its sublayers (hidden layers take no pointer input either). */
strata_status strata_layer_set_hidden(strata_compositor *compositor, strata_layer layer, bool hidden);

/** The background colour, sRGB components in 0…1, not premultiplied; alpha 0 for none. */
strata_status strata_layer_set_background_color(strata_compositor *compositor, strata_layer layer, float r, float g, float b, float a);

/** The radius of the rounded corners (background, border, clip), in points. */
strata_status strata_layer_set_corner_radius(strata_compositor *compositor, strata_layer layer, double radius);

/** A border drawn inside the bounds: width in points, colour as for the background. */
strata_status strata_layer_set_border(strata_compositor *compositor, strata_layer layer, double width, float r, float g, float b, float a);

/** Whether sublayers are clipped to the bounds (and rounded corners). */
strata_status strata_layer_set_masks_to_bounds(strata_compositor *compositor, strata_layer layer, bool masks);

/** Contents from memory: `width × height` RGBA8 pixels, premultiplied alpha, top row first,
 *  rows `stride` bytes apart (≥ width × 4). Copied: the memory is yours again on return. */
strata_status strata_layer_set_contents_rgba(strata_compositor *compositor, strata_layer layer,
                                             int32_t width, int32_t height, const uint8_t *pixels, int32_t stride);

/** Contents from a GL_TEXTURE_2D of yours in the compositor's context, shown without a copy
 *  (the context must be current: the name is checked with glIsTexture):
 *  whatever the texture holds when `strata_render` runs is drawn. `premultiplied` says whether
 *  its colours are premultiplied by alpha; `top_row_first` whether its row 0 is the picture's
 *  top (false for a texture you rendered into with GL, whose row 0 is the bottom). The texture
 *  stays yours: delete it only after clearing the contents or releasing the layer. Strata samples
 *  it through a sampler object of its own (linear, clamped) and never changes its parameters. */
strata_status strata_layer_set_contents_texture(strata_compositor *compositor, strata_layer layer, uint32_t texture,
                                                int32_t width, int32_t height, bool premultiplied, bool top_row_first);

/** Contents from an EGLImage (an `EGLImageKHR`, for instance imported from a dma-buf with
 *  EGL_EXT_image_dma_buf_import): Strata binds it to a texture of its own
 *  (glEGLImageTargetTexture2DOES) and draws what the image holds at each render, without a copy.
 *  The image stays yours; destroy it only after clearing the contents or releasing the layer.
 *
 *  What is checked: NULL and sizes (STRATA_ERROR_INVALID_ARGUMENT); where the display offers
 *  EGL_MESA_image_dma_buf_export (Mesa's GPU drivers), that the handle is an image of the
 *  compositor's display (STRATA_ERROR_INVALID_ARGUMENT if EGL does not know it); a driver that
 *  refuses the image at binding is reported by strata_render (STRATA_ERROR_GL).
 *  What stays yours: EGL has no other way to ask whether a pointer is an image, so elsewhere
 *  (Mesa's llvmpipe, for one) a pointer that is not a live EGLImage of this display — a stale,
 *  destroyed or made-up one — is undefined behaviour, as it is for EGL's own calls: the driver
 *  may crash in the next strata_render. */
strata_status strata_layer_set_contents_egl_image(strata_compositor *compositor, strata_layer layer, void *egl_image,
                                                  int32_t width, int32_t height, bool premultiplied, bool top_row_first);

/** Removes the layer's contents. */
strata_status strata_layer_clear_contents(strata_compositor *compositor, strata_layer layer);

/* ---- Animations ---------------------------------------------------------------------------- */

/** The properties `strata_layer_animate` can animate, with their number of values. */
typedef enum strata_property {
    STRATA_PROPERTY_OPACITY = 0,          /**< 1 value */
    STRATA_PROPERTY_POSITION = 1,         /**< 2 values: x, y */
    STRATA_PROPERTY_BOUNDS = 2,           /**< 4 values: x, y, width, height */
    STRATA_PROPERTY_TRANSFORM = 3,        /**< 16 values, as strata_layer_set_transform */
    STRATA_PROPERTY_BACKGROUND_COLOR = 4, /**< 4 values: r, g, b, a (not premultiplied) */
    STRATA_PROPERTY_CORNER_RADIUS = 5,    /**< 1 value */
    STRATA_PROPERTY_Z_POSITION = 6        /**< 1 value */
} strata_property;

/** How an animation's progress follows time (Core Animation's named timing functions). */
typedef enum strata_timing {
    STRATA_TIMING_LINEAR = 0,
    STRATA_TIMING_EASE_IN = 1,
    STRATA_TIMING_EASE_OUT = 2,
    STRATA_TIMING_EASE_IN_OUT = 3,
    STRATA_TIMING_DEFAULT = 4
} strata_timing;

/** A basic animation (CABasicAnimation): the layer shows `from` → `to` over `duration` seconds
 *  from `begin_time` (negative: the next frame), `repeat_count` times (≥ 1; INFINITY repeats for
 *  ever), each pass back again when `autoreverses`. `from` or `to` NULL means the layer's value.
 *  Like Core Animation, the layer's own value does not change: set it to `to` as well if the
 *  layer should stay there when the animation ends. `count` must match the property. */
strata_status strata_layer_animate(strata_compositor *compositor, strata_layer layer, strata_property property,
                                   const double *from, const double *to, int32_t count,
                                   double duration, strata_timing timing, double begin_time,
                                   double repeat_count, bool autoreverses);

/** Stops every animation of the layer: it shows its own values from the next frame. */
strata_status strata_layer_remove_all_animations(strata_compositor *compositor, strata_layer layer);

/* ---- Pointer input ------------------------------------------------------------------------- */

/** A pointer's phase. */
typedef enum strata_pointer_phase {
    STRATA_POINTER_DOWN = 0,
    STRATA_POINTER_MOVE = 1,
    STRATA_POINTER_UP = 2,
    STRATA_POINTER_CANCEL = 3
} strata_pointer_phase;

/** Receives pointer input: the layer hit, the phase, and the point in that layer's bounds space
 *  (points). Called on the compositor's thread, inside `strata_pointer_event`. */
typedef void (*strata_pointer_callback)(void *user_data, strata_layer layer, strata_pointer_phase phase, double x, double y);

/** Sets the function that receives pointer input (NULL: none). */
strata_status strata_set_pointer_callback(strata_compositor *compositor, strata_pointer_callback callback, void *user_data);

/** The topmost visible layer under (`x`, `y`), in points of the viewport with the origin at its
 *  top-left corner (the root layer's superlayer space; pixels / scale), through every transform
 *  (the layers' own values, not an animation's), or 0. Hidden layers and layers with opacity below 0.01 are skipped, as are points
 *  outside a clipping superlayer. */
strata_layer strata_hit_test(strata_compositor *compositor, double x, double y);

/** Delivers one pointer event at (`x`, `y`), in points of the viewport as for `strata_hit_test`. A DOWN goes to the layer under
 *  the point; MOVE, UP and CANCEL go to the layer that took the DOWN (even outside it). Writes
 *  the layer that received it (0: none) to `*received` when `received` is not NULL. */
strata_status strata_pointer_event(strata_compositor *compositor, strata_pointer_phase phase, double x, double y,
                                   strata_layer *received);

/* ---- Key and text input ------------------------------------------------------------------- */

/* Keys and text from the host's keyboard and input method go to one focused layer (none at
 * first), through the callbacks below, on the compositor's thread inside the event call. Each
 * event is checked whole first and refused (STRATA_ERROR_INVALID_ARGUMENT, nothing changed,
 * the callback not called) for: a phase that is not one of the enum's; a HID usage UIKit's
 * UIKeyboardHIDUsage does not name (the USB HID keyboard page: 4...164, 224...231, 65535);
 * modifier bits outside STRATA_MODIFIER_*; text that is not UTF-8; a marked range outside the
 * marked text; a timestamp that is not finite or is before the last key or text event's; a key
 * UP or REPEAT for a key that is not down, or a DOWN for one that is. The rules are those of
 * Strata's UIKit model (KeyInput, TextInput), written once. A host whose window system delivers
 * text separately (GLFW's character callback, an input method) sends its keys with empty
 * characters and the text with strata_text_event, so text is typed once. */

/** A key's phase. REPEAT: the host's key repeat fired while the key is held. */
typedef enum strata_key_phase {
    STRATA_KEY_DOWN = 0,
    STRATA_KEY_REPEAT = 1,
    STRATA_KEY_UP = 2
} strata_key_phase;

/** Modifier bits, UIKit's UIKeyModifierFlags values. */
enum {
    STRATA_MODIFIER_CAPS_LOCK = 1 << 16,
    STRATA_MODIFIER_SHIFT = 1 << 17,
    STRATA_MODIFIER_CONTROL = 1 << 18,
    STRATA_MODIFIER_ALTERNATE = 1 << 19,
    STRATA_MODIFIER_COMMAND = 1 << 20,
    STRATA_MODIFIER_NUMERIC_PAD = 1 << 21
};

/** What the host's input method did: text committed (typed, replacing any marked text), marked
 *  text being composed (replacing the last, with a selected range), or the composition cancelled. */
typedef enum strata_text_phase {
    STRATA_TEXT_COMMIT = 0,
    STRATA_TEXT_COMPOSE = 1,
    STRATA_TEXT_CANCEL = 2
} strata_text_phase;

/** Receives a key event delivered to the focused `layer`: its phase, HID usage, modifier bits,
 *  characters with and without modifiers (UTF-8, valid during the call only) and timestamp. */
typedef void (*strata_key_callback)(void *user_data, strata_layer layer, strata_key_phase phase, uint32_t hid_usage,
                                    uint32_t modifier_flags, const char *characters,
                                    const char *characters_ignoring_modifiers, double timestamp);

/** Receives a text event delivered to the focused `layer`: the committed or marked text (UTF-8,
 *  "" for CANCEL, valid during the call only), the selected range in UTF-16 units (for COMMIT the
 *  caret after the text: its length and 0; for CANCEL 0 and 0), and the timestamp. */
typedef void (*strata_text_callback)(void *user_data, strata_layer layer, strata_text_phase phase, const char *text,
                                     int32_t selected_location, int32_t selected_length, double timestamp);

/** Sets the layer keys and text go to (0: none; released layers lose the focus). */
strata_status strata_set_key_focus(strata_compositor *compositor, strata_layer layer);

/** The layer keys and text go to, or 0 (also on failure). */
strata_layer strata_key_focus(strata_compositor *compositor);

/** Sets the function that receives key events (NULL: none). */
strata_status strata_set_key_callback(strata_compositor *compositor, strata_key_callback callback, void *user_data);

/** Sets the function that receives text events (NULL: none). */
strata_status strata_set_text_callback(strata_compositor *compositor, strata_text_callback callback, void *user_data);

/** Delivers one key event: `hid_usage` is the key's USB HID keyboard usage (4 = A, 40 = Return,
 *  41 = Escape, 42 = Backspace, 43 = Tab, 79...82 = arrows right, left, down, up, 224...231 the
 *  modifier keys), `modifier_flags` the STRATA_MODIFIER_* bits held, `characters` what the key
 *  types with them and `characters_ignoring_modifiers` without (UTF-8; NULL means "" and the
 *  characters lowercased), `timestamp` seconds on your clock. Writes the focused layer (0: none)
 *  to `*received` when `received` is not NULL. */
strata_status strata_key_event(strata_compositor *compositor, strata_key_phase phase, uint32_t hid_usage,
                               uint32_t modifier_flags, const char *characters,
                               const char *characters_ignoring_modifiers, double timestamp, strata_layer *received);

/** Delivers one text event: `text` (UTF-8; not NULL for COMMIT and COMPOSE, ignored for CANCEL),
 *  for COMPOSE the selected range within it in UTF-16 units (location and length ≥ 0, ending
 *  inside the text; ignored otherwise), `timestamp` as for strata_key_event. Writes the focused
 *  layer (0: none) to `*received` when `received` is not NULL. */
strata_status strata_text_event(strata_compositor *compositor, strata_text_phase phase, const char *text,
                                int32_t selected_location, int32_t selected_length, double timestamp,
                                strata_layer *received);

#ifdef __cplusplus
}
#endif

#endif /* STRATA_H */
