/* The scenes and window read-backs the X11 probes share (glx_probe.c on GLX, egl_x11_probe.c on
 * EGL), so the two window systems draw and print the same pictures. */
#pragma once

#include <GL/gl.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#define PROBE_TOLERANCE 2 /* per channel: the rounding of interpolated colours between rasterizers */
#define PROBE_WIDTH 64
#define PROBE_HEIGHT 48

typedef void (*probe_function)(void);
/* The window system's GL function lookup (glXGetProcAddressARB, eglGetProcAddress). */
void probe_set_get_proc(probe_function (*get_proc)(const char *name));
void probe_die(const char *what);

/* A depth-tested fixed-function triangle and quad (compatibility context), PROBE_WIDTH x PROBE_HEIGHT. */
void probe_fixed_function_scene(void);
/* A GLSL 3.30 core triangle over a grey clear, `width` x `height`. */
void probe_glsl_scene(int width, int height);

/* The window's pixels (XGetImage), top row first, as "name tolerance r g b 255 ..." (X windows
 * have no alpha). */
void probe_print_window(Display *dpy, const char *name, Window win, int width, int height);
/* GL_FRONT read with glReadPixels, in the same format (what is shown, after a swap). */
void probe_print_front(const char *name, int width, int height);
/* Maps a window of `visual`, waiting for its first Expose. */
Window probe_make_window(Display *dpy, XVisualInfo *visual, int width, int height);
