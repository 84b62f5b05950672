/* GLX pixmaps on the system libGL/libGLX (so on whichever vendor libglvnd picks): GL draws into a
 * GLX pixmap, and the X pixmap is read back with XGetImage.
 *
 *   glx_pixmap_probe pictures  prints one line per case, "name tolerance r g b a ...", the pixmap
 *                              read back top row first:
 *     scissor_clear      glXCreatePixmap (GLX 1.3) on a depth-24 pixmap, single-buffered RGB8 config:
 *                        a clear to (51, 102, 204), then a scissored clear of x 8..23, y 4..15
 *                        (GL's origin: bottom left) to (255, 0, 153); shown by glFinish. 32x24.
 *     fixed_function     glXCreateGLXPixmap (GLX 1.2) with glXChooseVisual's single-buffered visual
 *                        and glXCreateContext: probe_scenes.c's fixed-function scene, shown by glFinish
 *                        (Mesa llvmpipe draws a double-buffered visual's pixmap into a back buffer
 *                        glFinish does not show; glvk's pixmaps have only a front buffer).
 *     after_flush, after_wait_gl, after_release
 *                        one pixel (5, 5) after a clear to (0, 255, 0), (0, 0, 255), (255, 255, 0)
 *                        followed by glFlush, glXWaitGL, glXMakeCurrent(None) respectively.
 *     alpha_pixmap       a depth-32 pixmap with an RGBA8 config cleared to (51, 102, 204, 153): one
 *                        pixel, its alpha the top byte of the X pixel (printed as a).
 *   Alpha is printed as 255 for depth-24 pixmaps (they have none).
 *   glx_pixmap_probe scene     the fixed_function case alone (Mesa's single-buffered pixmap configs
 *                              have no X visual, so the peer runs only this one).
 *   glx_pixmap_probe errors    the GLX errors of bad pixmap input, "ok NAME" or "FAIL NAME: why";
 *                              exits 1 on a failure.
 * On stderr: the GL_RENDERER string. */
#include <GL/gl.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe_scenes.h"
#include "x_error_checks.h"

#define GLXBadDrawable 2
#define GLXBadPixmap 3
#define GLXBadFBConfig 9

static Display *dpy;

static probe_function get_proc(const char *name) { return glXGetProcAddressARB((const GLubyte *)name); }

static GLXFBConfig pixmap_config(int alpha, Bool double_buffered) {
  const int attributes[] = {GLX_RENDER_TYPE, GLX_RGBA_BIT, GLX_DRAWABLE_TYPE, GLX_PIXMAP_BIT, GLX_RED_SIZE, 8,
                            GLX_GREEN_SIZE, 8, GLX_BLUE_SIZE, 8, GLX_ALPHA_SIZE, alpha,
                            GLX_DOUBLEBUFFER, double_buffered, GLX_X_RENDERABLE, True,
                            GLX_X_VISUAL_TYPE, GLX_TRUE_COLOR, None};
  int count = 0;
  GLXFBConfig *configs = glXChooseFBConfig(dpy, DefaultScreen(dpy), attributes, &count);
  if (!configs || count == 0) probe_die("no RGB(A)8 TrueColor FBConfig with GLX_PIXMAP_BIT");
  GLXFBConfig config = configs[0];
  XFree(configs);
  return config;
}

static Pixmap x_pixmap(int width, int height, int depth) {
  return XCreatePixmap(dpy, DefaultRootWindow(dpy), (unsigned)width, (unsigned)height, (unsigned)depth);
}

/* A rectangle of the X pixmap as "name tolerance r g b a ...", top row first (a: the top byte on
 * depth 32, else 255). XGetImage gives a pixmap's image no channel masks (a pixmap has no
 * visual): the pixels are read in the default visual's layout, a TrueColor one on the test's server. */
static void print_pixmap(const char *name, int tolerance, Pixmap d, int x0, int y0, int width, int height,
                         int depth) {
  XSync(dpy, False);
  XImage *image = XGetImage(dpy, d, x0, y0, (unsigned)width, (unsigned)height, AllPlanes, ZPixmap);
  if (!image) probe_die("XGetImage failed");
  const Visual *visual = DefaultVisual(dpy, DefaultScreen(dpy));
  printf("%s %d", name, tolerance);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const unsigned long p = XGetPixel(image, x, y);
      const unsigned a = depth == 32 ? (unsigned)(p >> 24) & 0xff : 255;
      printf(" %lu %lu %lu %u", (p & visual->red_mask) >> __builtin_ctzl(visual->red_mask),
             (p & visual->green_mask) >> __builtin_ctzl(visual->green_mask),
             (p & visual->blue_mask) >> __builtin_ctzl(visual->blue_mask), a);
    }
  printf("\n");
  XDestroyImage(image);
}

static void print_pixel(const char *name, Pixmap d, int x, int y, int depth) {
  print_pixmap(name, 0, d, x, y, 1, 1, depth);
}

/* glXCreateGLXPixmap with glXChooseVisual's single-buffered visual and glXCreateContext:
 * probe_scenes.c's fixed-function scene. */
static void fixed_function_scene(void) {
  static int attributes[] = {GLX_RGBA, GLX_RED_SIZE, 8, GLX_GREEN_SIZE, 8, GLX_BLUE_SIZE, 8, GLX_DEPTH_SIZE, 24, None};
  XVisualInfo *vi = glXChooseVisual(dpy, DefaultScreen(dpy), attributes);
  if (!vi) probe_die("no double-buffered RGB8/depth-24 visual");
  Pixmap pixmap = x_pixmap(PROBE_WIDTH, PROBE_HEIGHT, vi->depth);
  GLXPixmap glx_pixmap = glXCreateGLXPixmap(dpy, vi, pixmap);
  GLXContext context = glXCreateContext(dpy, vi, NULL, True);
  XFree(vi);
  if (!glx_pixmap || !context || !glXMakeCurrent(dpy, glx_pixmap, context))
    probe_die("cannot make a context current on a GLX 1.2 pixmap");
  fprintf(stderr, "GL_RENDERER: %s\n", (const char *)glGetString(GL_RENDERER));
  probe_fixed_function_scene();
  glFinish();
  print_pixmap("fixed_function", PROBE_TOLERANCE, pixmap, 0, 0, PROBE_WIDTH, PROBE_HEIGHT, 24);
  glXMakeCurrent(dpy, None, NULL);
  glXDestroyGLXPixmap(dpy, glx_pixmap);
  glXDestroyContext(dpy, context);
  XFreePixmap(dpy, pixmap);
}

static int pictures(void) {
  /* glXCreatePixmap, single-buffered RGB8. */
  GLXFBConfig config = pixmap_config(0, False);
  XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, config);
  if (!vi) probe_die("the pixmap config has no visual");
  const int depth = vi->depth;
  XFree(vi);
  Pixmap pixmap = x_pixmap(32, 24, depth);
  GLXPixmap glx_pixmap = glXCreatePixmap(dpy, config, pixmap, NULL);
  GLXContext context = glXCreateNewContext(dpy, config, GLX_RGBA_TYPE, NULL, True);
  if (!glx_pixmap || !context || !glXMakeContextCurrent(dpy, glx_pixmap, glx_pixmap, context))
    probe_die("cannot make a context current on a GLX pixmap");
  fprintf(stderr, "GL_RENDERER: %s\n", (const char *)glGetString(GL_RENDERER));
  glClearColor(0.2f, 0.4f, 0.8f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glScissor(8, 4, 16, 12);
  glClearColor(1.0f, 0.0f, 0.6f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  glFinish();
  print_pixmap("scissor_clear", 0, pixmap, 0, 0, 32, 24, depth);

  /* The moments a pixmap's picture follows GL (single-buffered: what is drawn is the picture). */
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glFlush();
  XSync(dpy, False);
  print_pixel("after_flush", pixmap, 5, 5, depth);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glXWaitGL();
  print_pixel("after_wait_gl", pixmap, 5, 5, depth);
  glClearColor(1, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glXMakeContextCurrent(dpy, None, None, NULL);
  XSync(dpy, False);
  print_pixel("after_release", pixmap, 5, 5, depth);
  glXDestroyPixmap(dpy, glx_pixmap);
  glXDestroyContext(dpy, context);
  XFreePixmap(dpy, pixmap);

  fixed_function_scene();

  /* A depth-32 pixmap with an RGBA8 config: the alpha lands in the pixel's top byte. */
  config = pixmap_config(8, False);
  pixmap = x_pixmap(16, 16, 32);
  glx_pixmap = glXCreatePixmap(dpy, config, pixmap, NULL);
  context = glXCreateNewContext(dpy, config, GLX_RGBA_TYPE, NULL, True);
  if (!glx_pixmap || !context || !glXMakeContextCurrent(dpy, glx_pixmap, glx_pixmap, context))
    probe_die("cannot make a context current on a depth-32 GLX pixmap");
  glClearColor(0.2f, 0.4f, 0.8f, 0.6f);
  glClear(GL_COLOR_BUFFER_BIT);
  glFinish();
  print_pixel("alpha_pixmap", pixmap, 3, 3, 32);
  glXMakeContextCurrent(dpy, None, None, NULL);
  glXDestroyPixmap(dpy, glx_pixmap);
  glXDestroyContext(dpy, context);
  XFreePixmap(dpy, pixmap);
  return 0;
}

/* ---- errors ---- */

static int errors(void) {
  int error_base = 0, event_base = 0;
  if (!glXQueryExtension(dpy, &error_base, &event_base)) probe_die("no GLX extension on the display");
  x_checks_begin(dpy);
  GLXFBConfig config = pixmap_config(0, True);
  int drawable_type = 0;
  glXGetFBConfigAttrib(dpy, config, GLX_DRAWABLE_TYPE, &drawable_type);
  x_expect("config_has_pixmap_bit", (drawable_type & GLX_PIXMAP_BIT) != 0);

  /* Bad input to the constructors. */
  Pixmap depth16 = x_pixmap(8, 8, 16);
  GLXPixmap g = glXCreatePixmap(dpy, config, depth16, NULL);
  x_expect_error(g ? "create_pixmap_depth_16 (made one)" : "create_pixmap_depth_16", BadMatch, "BadMatch");
  XFreePixmap(dpy, depth16);
  g = glXCreatePixmap(dpy, config, (Pixmap)0x7ffffff, NULL);
  x_expect_error(g ? "create_pixmap_bad_xid (made one)" : "create_pixmap_bad_xid", BadPixmap, "BadPixmap");
  XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, config);
  if (!vi) probe_die("the config has no visual");
  Window win = probe_make_window(dpy, vi, 16, 16);
  g = glXCreatePixmap(dpy, config, win, NULL);
  x_expect_error(g ? "create_pixmap_on_a_window (made one)" : "create_pixmap_on_a_window", BadPixmap, "BadPixmap");
  Pixmap depth32 = x_pixmap(8, 8, 32);
  g = glXCreateGLXPixmap(dpy, vi, depth32);
  x_expect_error(g ? "create_glx_pixmap_depth_mismatch (made one)" : "create_glx_pixmap_depth_mismatch", BadMatch,
               "BadMatch");
  XFreePixmap(dpy, depth32);
  const int unknown[] = {0x7fff, 1, None};
  Pixmap pixmap = x_pixmap(20, 10, vi->depth);
  g = glXCreatePixmap(dpy, config, pixmap, unknown);
  x_expect_error(g ? "create_pixmap_unknown_attribute (made one)" : "create_pixmap_unknown_attribute", BadValue,
               "BadValue");

  /* Destructors: either takes either constructor's pixmap; anything else is GLXBadPixmap. */
  glXDestroyPixmap(dpy, (GLXPixmap)0x7ffffff);
  x_expect_error("destroy_pixmap_bad", error_base + GLXBadPixmap, "GLXBadPixmap");
  /* (libGLX forgets the GLXWindow's vendor after this call, so it is not destroyed afterwards.) */
  GLXWindow glx_window = glXCreateWindow(dpy, config, win, NULL);
  glXDestroyGLXPixmap(dpy, glx_window);
  x_expect_error("destroy_glx_pixmap_on_a_glx_window", error_base + GLXBadPixmap, "GLXBadPixmap");
  g = glXCreateGLXPixmap(dpy, vi, pixmap);
  glXDestroyPixmap(dpy, g);
  x_expect("glx_1_2_pixmap_destroyed_by_glx_1_3", g != None);
  glXDestroyPixmap(dpy, g);
  x_expect_error("destroy_pixmap_twice", error_base + GLXBadPixmap, "GLXBadPixmap");
  g = glXCreatePixmap(dpy, config, pixmap, NULL);
  GLXPixmap g2 = glXCreatePixmap(dpy, config, pixmap, NULL);
  x_expect("two_glx_pixmaps_on_one_pixmap", g && g2 && g != g2);
  glXDestroyGLXPixmap(dpy, g2);

  /* Queries and the pixmap's default framebuffer: single-buffered, front only, even with a
   * double-buffered config; swaps are no-ops on it (GLX 1.4 3.3.10). */
  unsigned width = 0, height = 0, id = 0;
  int config_id = 0;
  glXQueryDrawable(dpy, g, GLX_WIDTH, &width);
  glXQueryDrawable(dpy, g, GLX_HEIGHT, &height);
  glXQueryDrawable(dpy, g, GLX_FBCONFIG_ID, &id);
  glXGetFBConfigAttrib(dpy, config, GLX_FBCONFIG_ID, &config_id);
  x_expect("query_drawable_size_and_config", width == 20 && height == 10 && id == (unsigned)config_id);
  GLXContext context = glXCreateNewContext(dpy, config, GLX_RGBA_TYPE, NULL, True);
  x_expect("make_current_on_pixmap", context && glXMakeContextCurrent(dpy, g, g, context));
  GLint draw_buffer = 0;
  glGetIntegerv(GL_DRAW_BUFFER, &draw_buffer);
  x_expect("pixmap_draw_buffer_is_front", draw_buffer == GL_FRONT);
  while (glGetError() != GL_NO_ERROR) {
  }
  glDrawBuffer(GL_BACK_LEFT);  /* GL_BACK names the front of a single-buffered framebuffer (GL 4.6 17.4.1) */
  x_expect("pixmap_has_no_back_buffer", glGetError() == GL_INVALID_OPERATION);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glXSwapBuffers(dpy, g);
  XSync(dpy, False);
  unsigned char pixel[4] = {0, 0, 0, 0};
  glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
  x_expect("swap_on_pixmap_keeps_the_picture", pixel[0] == 255 && pixel[1] == 0 && pixel[2] == 0);
  glXSwapBuffers(dpy, pixmap);
  x_expect_error("swap_on_an_x_pixmap", error_base + GLXBadDrawable, "GLXBadDrawable");

  /* The X pixmap freed under a current GLX pixmap: drawing, finishing and letting go raise nothing. */
  XFreePixmap(dpy, pixmap);
  XSync(dpy, False);
  glClear(GL_COLOR_BUFFER_BIT);
  glFinish();
  glXMakeContextCurrent(dpy, None, None, NULL);
  glXDestroyPixmap(dpy, g);
  x_expect("x_pixmap_freed_first", 1);
  glXDestroyContext(dpy, context);
  XDestroyWindow(dpy, win);
  XFree(vi);
  return x_check_failures() ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2) probe_die("usage: glx_pixmap_probe pictures|scene|errors");
  dpy = XOpenDisplay(NULL);
  if (!dpy) probe_die("cannot open the X display (DISPLAY)");
  probe_set_get_proc(get_proc);
  int result = 2;
  if (strcmp(argv[1], "pictures") == 0) result = pictures();
  if (strcmp(argv[1], "scene") == 0) {
    fixed_function_scene();
    result = 0;
  }
  if (strcmp(argv[1], "errors") == 0) result = errors();
  XCloseDisplay(dpy);
  return result;
}
