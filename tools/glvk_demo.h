/* What the parts of glvk_demo share: glvk_demo.c (context, round trips, main), glvk_demo_draw.c
 * (the drawn scene), glvk_demo_legacy.c (the fixed-function scene) and glvk_demo_png.c (the PNG
 * writer). */
#ifndef GLVK_DEMO_H
#define GLVK_DEMO_H

#include <EGL/egl.h>

enum { DEMO_PICTURE_SIZE = 256 }; /* the drawn picture is square, this many pixels a side */

extern int failures; /* checks failed so far; every part adds to it */

void expect_no_error(const char* what);

/* Draws the scene into a framebuffer object and into a pbuffer surface of `display` with the
 * current `context`, checks both pictures against the expected one, and leaves the framebuffer
 * object's picture in `rgba` (DEMO_PICTURE_SIZE squared RGBA8 pixels, bottom row first). */
void draw_scene(EGLDisplay display, EGLContext context, unsigned char* rgba);

/* Draws a lit, textured surface through the fixed-function pipeline (immediate mode and a display
 * list) in a compatibility context of its own and checks every pixel against the lighting
 * equation (glvk_demo_legacy.c); the caller's context is current again afterwards. */
void draw_fixed_function_scene(EGLDisplay display);

/* Writes `rgba` (RGBA8, bottom row first, as glReadPixels returns it) as an RGB PNG file.
 * Returns 0 on success. */
int write_png(const char* path, const unsigned char* rgba, int width, int height);

#endif
