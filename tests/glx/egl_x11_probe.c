/* An EGL program on X11 windows through the system libEGL (libglvnd), so on whichever vendor
 * __EGL_VENDOR_LIBRARY_FILENAMES selects: EGL_KHR_platform_x11 displays, window surfaces, swaps.
 *
 *   egl_x11_probe pictures   one line per case, "name tolerance r g b a ...", the window read back
 *                            with XGetImage after eglSwapBuffers (probe_scenes.h): the fixed-function
 *                            scene on an eglCreateWindowSurface surface (compatibility context),
 *                            GL_FRONT after the swap, the GLSL scene on an
 *                            eglCreatePlatformWindowSurface surface (core 3.3), and the GLSL scene
 *                            after the window was resized, with the size eglQuerySurface reports.
 *   egl_x11_probe errors     the EGL errors of bad window-surface input, each "ok NAME" or
 *                            "FAIL NAME: why" (expectations from EGL 1.5 and EGL_KHR_platform_x11);
 *                            exits 1 on a failure.
 *   egl_x11_probe pixmaps    pixmap surfaces and eglCopyBuffers (EGL 1.5 3.5.4, 3.10.5), checked the
 *                            same way: what GL cleared is in the X pixmap (XGetImage) once GL
 *                            rendering completes (glFinish, eglWaitClient, release), and the errors.
 * On stderr: the GL_RENDERER string. */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe_scenes.h"

static Display *xdpy;
static EGLDisplay dpy;
static int failures;

static probe_function get_proc(const char *name) { return (probe_function)eglGetProcAddress(name); }

static EGLConfig choose_config(void) {
  static const EGLint attributes[] = {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_DEPTH_SIZE, 24,
                                      EGL_NONE};
  EGLConfig config;
  EGLint count = 0;
  if (!eglChooseConfig(dpy, attributes, &config, 1, &count) || count < 1) probe_die("no RGB8/depth 24 window config");
  return config;
}

/* A mapped window of the config's native visual. */
static Window config_window(EGLConfig config, int width, int height) {
  EGLint visual_id = 0;
  if (!eglGetConfigAttrib(dpy, config, EGL_NATIVE_VISUAL_ID, &visual_id) || !visual_id)
    probe_die("the window config has no native visual");
  XVisualInfo wanted;
  memset(&wanted, 0, sizeof wanted);
  wanted.visualid = (VisualID)visual_id;
  int count = 0;
  XVisualInfo *vi = XGetVisualInfo(xdpy, VisualIDMask, &wanted, &count);
  if (!vi || count < 1) probe_die("EGL_NATIVE_VISUAL_ID is not a visual of the display");
  Window win = probe_make_window(xdpy, vi, width, height);
  XFree(vi);
  return win;
}

static EGLContext make_context(EGLConfig config, const EGLint *attributes) {
  eglBindAPI(EGL_OPENGL_API);
  EGLContext context = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attributes);
  if (context == EGL_NO_CONTEXT) probe_die("eglCreateContext failed");
  return context;
}

static int pictures(void) {
  EGLConfig config = choose_config();
  Window win = config_window(config, PROBE_WIDTH, PROBE_HEIGHT);
  EGLSurface surface = eglCreateWindowSurface(dpy, config, (EGLNativeWindowType)win, NULL);
  if (surface == EGL_NO_SURFACE) probe_die("eglCreateWindowSurface failed");
  static const EGLint compat_attributes[] = {EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                             EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT, EGL_NONE};
  EGLContext compat = make_context(config, compat_attributes);
  if (!eglMakeCurrent(dpy, surface, surface, compat)) probe_die("eglMakeCurrent (compatibility) failed");
  fprintf(stderr, "GL_RENDERER: %s\n", (const char *)glGetString(GL_RENDERER));
  probe_fixed_function_scene();
  if (!eglSwapBuffers(dpy, surface)) probe_die("eglSwapBuffers failed");
  glFinish();
  probe_print_window(xdpy, "fixed_function_window", win, PROBE_WIDTH, PROBE_HEIGHT);
  probe_print_front("fixed_function_front", PROBE_WIDTH, PROBE_HEIGHT);
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroySurface(dpy, surface);
  eglDestroyContext(dpy, compat);
  XDestroyWindow(xdpy, win);

  /* EGL 1.5's platform entry point: the native window is passed by address. */
  Window win2 = config_window(config, PROBE_WIDTH, PROBE_HEIGHT);
  EGLSurface surface2 = eglCreatePlatformWindowSurface(dpy, config, &win2, NULL);
  if (surface2 == EGL_NO_SURFACE) probe_die("eglCreatePlatformWindowSurface failed");
  static const EGLint core_attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                           EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                           EGL_NONE};
  EGLContext core = make_context(config, core_attributes);
  if (!eglMakeCurrent(dpy, surface2, surface2, core)) probe_die("eglMakeCurrent (core) failed");
  /* Interval 0 (no wait for a vertical blank) and back to 1: both swap. */
  if (!eglSwapInterval(dpy, 0)) probe_die("eglSwapInterval(0) failed");
  probe_glsl_scene(PROBE_WIDTH, PROBE_HEIGHT);
  if (!eglSwapBuffers(dpy, surface2)) probe_die("eglSwapBuffers failed");
  if (!eglSwapInterval(dpy, 1)) probe_die("eglSwapInterval(1) failed");
  probe_print_window(xdpy, "glsl_window", win2, PROBE_WIDTH, PROBE_HEIGHT);

  /* A resize: the next make-current sees the new size (both drivers revalidate there). */
  const int w2 = 40, h2 = 56;
  XResizeWindow(xdpy, win2, w2, h2);
  XSync(xdpy, False);
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglMakeCurrent(dpy, surface2, surface2, core);
  EGLint qw = 0, qh = 0;
  eglQuerySurface(dpy, surface2, EGL_WIDTH, &qw);
  eglQuerySurface(dpy, surface2, EGL_HEIGHT, &qh);
  printf("resized_size 0 %d %d\n", qw, qh);
  probe_glsl_scene(w2, h2);
  eglSwapBuffers(dpy, surface2);
  probe_print_window(xdpy, "glsl_resized_window", win2, w2, h2);
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroySurface(dpy, surface2);
  eglDestroyContext(dpy, core);
  XDestroyWindow(xdpy, win2);
  return 0;
}

/* ---- errors ---- */

static void expect_error(const char *name, int succeeded, EGLint expected, const char *expected_name) {
  const EGLint error = eglGetError();
  if (!succeeded && error == expected) {
    printf("ok %s (%s)\n", name, expected_name);
  } else {
    printf("FAIL %s: %s, error 0x%x, expected %s (0x%x)\n", name, succeeded ? "succeeded" : "failed", error,
           expected_name, expected);
    ++failures;
  }
}
#define EXPECT_ERROR(name, call, expected) expect_error(name, (call), expected, #expected)

static void expect(const char *name, int condition) {
  const EGLint error = eglGetError();
  if (condition && error == EGL_SUCCESS) {
    printf("ok %s\n", name);
  } else {
    printf("FAIL %s (error 0x%x)\n", name, error);
    ++failures;
  }
}

static int trapped_x_errors;
static int trap_x_error(Display *d, XErrorEvent *e) {
  (void)d;
  (void)e;
  ++trapped_x_errors;
  return 0;
}

static int errors(void) {
  XSetErrorHandler(trap_x_error);
  EGLConfig config = choose_config();
  EGLint surface_type = 0;
  eglGetConfigAttrib(dpy, config, EGL_SURFACE_TYPE, &surface_type);
  expect("window_config_has_window_bit", (surface_type & EGL_WINDOW_BIT) != 0);

  static const EGLAttrib bad_display_attributes[] = {0x7fff, 0, EGL_NONE};
  EXPECT_ERROR("platform_display_unknown_attribute",
               eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, xdpy, bad_display_attributes) != EGL_NO_DISPLAY,
               EGL_BAD_ATTRIBUTE);

  Window win = config_window(config, 32, 32);
  /* A window that does not exist. */
  EXPECT_ERROR("window_surface_bad_window",
               eglCreateWindowSurface(dpy, config, (EGLNativeWindowType)0x7ffffff, NULL) != EGL_NO_SURFACE,
               EGL_BAD_NATIVE_WINDOW);
  EXPECT_ERROR("platform_window_surface_null", eglCreatePlatformWindowSurface(dpy, config, NULL, NULL) != EGL_NO_SURFACE,
               EGL_BAD_NATIVE_WINDOW);
  static const EGLint bad_attributes[] = {0x7fff, 0, EGL_NONE};
  EXPECT_ERROR("window_surface_unknown_attribute",
               eglCreateWindowSurface(dpy, config, (EGLNativeWindowType)win, bad_attributes) != EGL_NO_SURFACE,
               EGL_BAD_ATTRIBUTE);
  EXPECT_ERROR("window_surface_bad_config",
               eglCreateWindowSurface(dpy, (EGLConfig)0x1234, (EGLNativeWindowType)win, NULL) != EGL_NO_SURFACE,
               EGL_BAD_CONFIG);
  /* EGL_RENDER_BUFFER is a hint: EGL_SINGLE_BUFFER is accepted (the window renders to what it can). */
  static const EGLint back[] = {EGL_RENDER_BUFFER, EGL_BACK_BUFFER, EGL_NONE};
  EGLSurface surface = eglCreateWindowSurface(dpy, config, (EGLNativeWindowType)win, back);
  expect("window_surface_created", surface != EGL_NO_SURFACE);
  /* One EGLSurface per native window (EGL 1.5 section 3.5.1). */
  EXPECT_ERROR("second_surface_on_window_is_bad_alloc",
               eglCreateWindowSurface(dpy, config, (EGLNativeWindowType)win, NULL) != EGL_NO_SURFACE, EGL_BAD_ALLOC);
  EGLint value = 0;
  expect("query_render_buffer_back", eglQuerySurface(dpy, surface, EGL_RENDER_BUFFER, &value) && value == EGL_BACK_BUFFER);
  expect("query_width", eglQuerySurface(dpy, surface, EGL_WIDTH, &value) && value == 32);
  /* Swapping a surface that is not current on the thread. */
  EXPECT_ERROR("swap_not_current_is_bad_surface", eglSwapBuffers(dpy, surface), EGL_BAD_SURFACE);
  EXPECT_ERROR("swap_interval_without_context_is_bad_context", eglSwapInterval(dpy, 1), EGL_BAD_CONTEXT);

  static const EGLint compat[] = {EGL_NONE};
  EGLContext context = make_context(config, compat);
  expect("make_current_window", eglMakeCurrent(dpy, surface, surface, context));
  EXPECT_ERROR("swap_destroyed_surface_is_bad_surface", eglSwapBuffers(dpy, (EGLSurface)0x1234), EGL_BAD_SURFACE);
  /* Swaps of a window surface show the back buffer: cleared green, read back from the window. */
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  expect("swap", eglSwapBuffers(dpy, surface));
  XSync(xdpy, False);
  XImage *image = XGetImage(xdpy, win, 5, 5, 1, 1, AllPlanes, ZPixmap);
  expect("swap_shows_green", image && XGetPixel(image, 0, 0) == image->green_mask);
  if (image) XDestroyImage(image);
  /* EGL_EXT_buffer_age: swaps exchange the buffers, so from the second swap on the back buffer
   * holds the frame before the last (age 2); after the first its contents are undefined (0). */
  EGLint age = -1;
  expect("buffer_age_after_one_swap_is_0", eglQuerySurface(dpy, surface, EGL_BUFFER_AGE_EXT, &age) && age == 0);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  expect("swap_red", eglSwapBuffers(dpy, surface));
  expect("buffer_age_after_two_swaps_is_2", eglQuerySurface(dpy, surface, EGL_BUFFER_AGE_EXT, &age) && age == 2);
  unsigned char back_pixel[4] = {0, 0, 0, 0};
  glReadBuffer(GL_BACK);
  glReadPixels(2, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, back_pixel);
  expect("back_buffer_holds_the_frame_before_last", back_pixel[0] == 0 && back_pixel[1] == 255 && back_pixel[2] == 0);
  expect("swap_interval_0", eglSwapInterval(dpy, 0));
  expect("swap_interval_large_is_clamped", eglSwapInterval(dpy, 1000));

  /* A pbuffer of the same config is not a window: destroying it while unrelated works. */
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  EXPECT_ERROR("buffer_age_of_a_surface_not_current", eglQuerySurface(dpy, surface, EGL_BUFFER_AGE_EXT, &age),
               EGL_BAD_SURFACE);
  expect("destroy_surface", eglDestroySurface(dpy, surface));
  EXPECT_ERROR("destroy_surface_twice_is_bad_surface", eglDestroySurface(dpy, surface), EGL_BAD_SURFACE);
  /* The window is free again once its surface is gone; EGL_EXT_platform_base's entry point takes
   * the window by address too. */
  PFNEGLCREATEPLATFORMWINDOWSURFACEEXTPROC create_ext =
      (PFNEGLCREATEPLATFORMWINDOWSURFACEEXTPROC)eglGetProcAddress("eglCreatePlatformWindowSurfaceEXT");
  EGLSurface again = create_ext ? create_ext(dpy, config, &win, NULL) : EGL_NO_SURFACE;
  expect("ext_platform_surface_after_destroy", again != EGL_NO_SURFACE);
  eglDestroySurface(dpy, again);
  /* EGL_GL_COLORSPACE_SRGB (EGL 1.5 3.5.1): the window's buffers are sRGB-encoded, GL_FRAMEBUFFER_SRGB
   * encodes what GL writes, and the window shows the encoded values: linear 0.3 green as 149. */
  static const EGLint srgb[] = {EGL_GL_COLORSPACE, EGL_GL_COLORSPACE_SRGB, EGL_NONE};
  EGLSurface srgb_surface = eglCreateWindowSurface(dpy, config, (EGLNativeWindowType)win, srgb);
  expect("srgb_window_surface_created", srgb_surface != EGL_NO_SURFACE);
  expect("srgb_window_make_current", eglMakeCurrent(dpy, srgb_surface, srgb_surface, context));
  glEnable(0x8DB9 /* GL_FRAMEBUFFER_SRGB */);
  glClearColor(0, 0.3f, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  expect("srgb_window_swap", eglSwapBuffers(dpy, srgb_surface));
  XSync(xdpy, False);
  XImage *srgb_image = XGetImage(xdpy, win, 5, 5, 1, 1, AllPlanes, ZPixmap);
  const long srgb_green =
      srgb_image ? (long)((XGetPixel(srgb_image, 0, 0) & srgb_image->green_mask) >> __builtin_ctzl(srgb_image->green_mask)) : -1;
  expect("srgb_window_shows_encoded_green", srgb_green >= 148 && srgb_green <= 150);
  if (srgb_image) XDestroyImage(srgb_image);
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroySurface(dpy, srgb_surface);
  /* eglGetDisplay of the same connection is the same display (EGL_PLATFORM_X11 as the default). */
  expect("get_display_of_connection", eglGetDisplay((EGLNativeDisplayType)xdpy) == dpy);
  eglDestroyContext(dpy, context);
  XDestroyWindow(xdpy, win);
  XSync(xdpy, False);
  expect("no_x_errors", trapped_x_errors == 0);
  return failures ? 1 : 0;
}

/* The pixel at (5, 5) of an X drawable, or ~0 when it cannot be read. */
static unsigned long drawable_pixel(Drawable d) {
  XSync(xdpy, False);
  XImage *image = XGetImage(xdpy, d, 5, 5, 1, 1, AllPlanes, ZPixmap);
  const unsigned long pixel = image ? XGetPixel(image, 0, 0) : ~0ul;
  if (image) XDestroyImage(image);
  return pixel & 0xffffff;
}

static int pixmaps(void) {
  XSetErrorHandler(trap_x_error);
  static const EGLint wanted[] = {EGL_SURFACE_TYPE, EGL_PIXMAP_BIT | EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                  EGL_OPENGL_BIT, EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_NONE};
  EGLConfig config;
  EGLint count = 0;
  expect("pixmap_config", eglChooseConfig(dpy, wanted, &config, 1, &count) && count == 1);
  if (count != 1) return 1;
  const Window root = DefaultRootWindow(xdpy);
  Pixmap pixmap = XCreatePixmap(xdpy, root, 16, 16, 24);
  EGLSurface surface = eglCreatePixmapSurface(dpy, config, (EGLNativePixmapType)pixmap, NULL);
  expect("pixmap_surface_created", surface != EGL_NO_SURFACE);
  EGLint value = 0;
  expect("pixmap_width", eglQuerySurface(dpy, surface, EGL_WIDTH, &value) && value == 16);
  /* One EGLSurface per native pixmap; a window is not a pixmap; a pixmap of another depth. */
  EXPECT_ERROR("second_surface_on_pixmap_is_bad_alloc",
               eglCreatePixmapSurface(dpy, config, (EGLNativePixmapType)pixmap, NULL) != EGL_NO_SURFACE, EGL_BAD_ALLOC);
  Window win = config_window(choose_config(), 16, 16);
  EXPECT_ERROR("window_is_not_a_pixmap",
               eglCreatePixmapSurface(dpy, config, (EGLNativePixmapType)win, NULL) != EGL_NO_SURFACE,
               EGL_BAD_NATIVE_PIXMAP);
  Pixmap shallow = XCreatePixmap(xdpy, root, 16, 16, 8);
  EXPECT_ERROR("pixmap_of_depth_8_is_bad_match",
               eglCreatePixmapSurface(dpy, config, (EGLNativePixmapType)shallow, NULL) != EGL_NO_SURFACE, EGL_BAD_MATCH);

  static const EGLint compat[] = {EGL_NONE};
  EGLContext context = make_context(config, compat);
  expect("make_current_pixmap", eglMakeCurrent(dpy, surface, surface, context));
  GLint double_buffered = -1;
  glGetIntegerv(GL_DOUBLEBUFFER, &double_buffered);
  expect("pixmap_single_buffered", double_buffered == GL_FALSE);
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glFinish();
  expect("finish_puts_green_in_pixmap", drawable_pixel(pixmap) == 0x00ff00);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  expect("wait_client", eglWaitClient());
  expect("wait_client_puts_blue_in_pixmap", drawable_pixel(pixmap) == 0x0000ff);
  /* eglSwapBuffers has no effect on a pixmap (EGL 1.5 3.10.1). */
  expect("swap_pixmap_succeeds", eglSwapBuffers(dpy, surface));
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  expect("release", eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
  expect("release_puts_red_in_pixmap", drawable_pixel(pixmap) == 0xff0000);

  /* eglCopyBuffers: a pbuffer's colour buffer into another pixmap of its size. */
  static const EGLint size[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE};
  EGLSurface pbuffer = eglCreatePbufferSurface(dpy, config, size);
  expect("make_current_pbuffer", eglMakeCurrent(dpy, pbuffer, pbuffer, context));
  glClearColor(1, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  Pixmap copy = XCreatePixmap(xdpy, root, 16, 16, 24);
  expect("copy_buffers", eglCopyBuffers(dpy, pbuffer, (EGLNativePixmapType)copy));
  expect("copy_buffers_puts_yellow_in_pixmap", drawable_pixel(copy) == 0xffff00);
  Pixmap small = XCreatePixmap(xdpy, root, 8, 8, 24);
  EXPECT_ERROR("copy_buffers_to_smaller_pixmap_is_bad_match",
               eglCopyBuffers(dpy, pbuffer, (EGLNativePixmapType)small), EGL_BAD_MATCH);
  EXPECT_ERROR("copy_buffers_to_window_is_bad_native_pixmap",
               eglCopyBuffers(dpy, pbuffer, (EGLNativePixmapType)win), EGL_BAD_NATIVE_PIXMAP);
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroySurface(dpy, pbuffer);
  expect("destroy_pixmap_surface", eglDestroySurface(dpy, surface));
  eglDestroyContext(dpy, context);
  XFreePixmap(xdpy, pixmap);
  XFreePixmap(xdpy, shallow);
  XFreePixmap(xdpy, copy);
  XFreePixmap(xdpy, small);
  XDestroyWindow(xdpy, win);
  XSync(xdpy, False);
  expect("no_x_errors", trapped_x_errors == 0);
  return failures ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2) probe_die("usage: egl_x11_probe pictures|errors|pixmaps");
  xdpy = XOpenDisplay(NULL);
  if (!xdpy) probe_die("cannot open the X display (DISPLAY)");
  probe_set_get_proc(get_proc);
  dpy = eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, xdpy, NULL);
  EGLint major = 0, minor = 0;
  if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor)) probe_die("no EGL display on the X display");
  const char *extensions = eglQueryString(dpy, EGL_EXTENSIONS);
  fprintf(stderr, "EGL_VENDOR: %s\n", eglQueryString(dpy, EGL_VENDOR));
  int result = 2;
  if (strcmp(argv[1], "pictures") == 0) result = pictures();
  if (strcmp(argv[1], "pixmaps") == 0) result = pixmaps();
  if (strcmp(argv[1], "errors") == 0) {
    const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    printf("%s platform_x11_client_extension\n", client && strstr(client, "EGL_KHR_platform_x11") ? "ok" : "FAIL");
    printf("%s display_extensions_listed\n", extensions ? "ok" : "FAIL");
    result = errors();
    if (!(client && strstr(client, "EGL_KHR_platform_x11"))) result = 1;
  }
  eglTerminate(dpy);
  XCloseDisplay(xdpy);
  return result;
}
