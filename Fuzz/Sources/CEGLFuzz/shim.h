#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
