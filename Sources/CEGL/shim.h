// EGL with the platform extensions Strata uses. No logic here.
#define EGL_NO_X11
#define MESA_EGL_NO_X11_HEADERS
#include <EGL/egl.h>
#include <EGL/eglext.h>

// Casts and macros that do not import into Swift.
static const EGLint CEGL_DONT_CARE = EGL_DONT_CARE;
