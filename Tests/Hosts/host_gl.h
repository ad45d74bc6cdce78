/* host_gl.h — what the small C hosts share: a surfaceless GLES 3 context of their own, made
 * current, and a colour texture with a framebuffer to draw into. (c_host.c makes its own, checking
 * each step, since it also tests what Strata does to a host's state.) */
#ifndef STRATA_TEST_HOST_GL_H
#define STRATA_TEST_HOST_GL_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>

/* A configless GLES 3 context on Mesa's surfaceless platform, current on this thread. */
static inline EGLDisplay host_make_current_context(EGLContext *context) {
    EGLDisplay display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    eglInitialize(display, NULL, NULL);
    eglBindAPI(EGL_OPENGL_ES_API);
    const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
    *context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, *context);
    return display;
}

/* A `side × side` RGBA8 texture attached to a new framebuffer, which is left bound. */
static inline GLuint host_make_target(GLsizei side, GLuint *texture) {
    GLuint fbo;
    glGenTextures(1, texture);
    glBindTexture(GL_TEXTURE_2D, *texture);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, side, side);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *texture, 0);
    return fbo;
}

#endif
