/* A GLX program on the system libGL/libGLX (so on whichever vendor libglvnd picks): it opens a
 * window, draws known scenes, swaps, and reads the window back with XGetImage.
 *
 *   glx_probe pictures   prints one line per case, "name tolerance r g b a r g b a ...", the window
 *                        read back top row first (alpha printed as 255: X windows have none):
 *                        a fixed-function scene (compatibility context from glXCreateNewContext),
 *                        GL_FRONT read with glReadPixels after the swap (what is shown), a GLSL
 *                        scene (core 3.3 context from glXCreateContextAttribsARB), and the GLSL
 *                        scene after the window was resized. The test compares them with the same
 *                        program's lines on Mesa llvmpipe. PROBE_TOLERANCE: 2 per channel, for the
 *                        rounding of interpolated colours between two rasterizers.
 *   glx_probe errors     GLX error paths, each printed "ok NAME" or "FAIL NAME: why"; exits 1 on a
 *                        failure. Expectations are the GLX 1.4 / GLX_ARB_create_context specs'.
 *   glx_probe renderer   GLX_MESA_query_renderer's answers, one "name values..." line each, for the
 *                        test to compare with the values it expects and with Mesa llvmpipe's.
 * On stderr: the GL_RENDERER string. */
#include <GL/gl.h>
#include <GL/glext.h>
#include <GL/glx.h>
#include <GL/glxext.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe_scenes.h"
#include "x_error_checks.h"

/* GLX error codes (GLX 1.4, GLX_ARB_create_context_profile), added to the extension's error base. */
#define GLXBadContext 0
#define GLXBadWindow 12
#define GLXBadProfileARB 13

static Display *dpy;

#define die probe_die

static probe_function get_proc(const char *name) { return glXGetProcAddressARB((const GLubyte *)name); }

static GLXFBConfig choose_config_buffered(Bool double_buffered) {
  const int attributes[] = {GLX_RENDER_TYPE, GLX_RGBA_BIT, GLX_DRAWABLE_TYPE, GLX_WINDOW_BIT,
                            GLX_RED_SIZE, 8, GLX_GREEN_SIZE, 8, GLX_BLUE_SIZE, 8, GLX_DEPTH_SIZE, 24,
                            GLX_DOUBLEBUFFER, double_buffered, None};
  int count = 0;
  GLXFBConfig *configs = glXChooseFBConfig(dpy, DefaultScreen(dpy), attributes, &count);
  if (!configs || count == 0) die("no RGB8/depth 24 FBConfig of the buffering asked for");
  GLXFBConfig config = configs[0];
  XFree(configs);
  return config;
}

static GLXFBConfig choose_config(void) { return choose_config_buffered(True); }

static Window make_window(GLXFBConfig config, int width, int height) {
  XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, config);
  if (!vi) die("the FBConfig has no visual");
  Window win = probe_make_window(dpy, vi, width, height);
  XFree(vi);
  return win;
}

static int pictures(void) {
  GLXFBConfig config = choose_config();
  Window win = make_window(config, PROBE_WIDTH, PROBE_HEIGHT);
  GLXWindow glx_window = glXCreateWindow(dpy, config, win, NULL);
  GLXContext compat = glXCreateNewContext(dpy, config, GLX_RGBA_TYPE, NULL, True);
  if (!compat || !glXMakeContextCurrent(dpy, glx_window, glx_window, compat)) die("no compatibility context");
  fprintf(stderr, "GL_RENDERER: %s\n", (const char *)glGetString(GL_RENDERER));
  probe_fixed_function_scene();
  glXSwapBuffers(dpy, glx_window);
  glFinish();
  probe_print_window(dpy, "fixed_function_window", win, PROBE_WIDTH, PROBE_HEIGHT);
  probe_print_front("fixed_function_front", PROBE_WIDTH, PROBE_HEIGHT);

  PFNGLXCREATECONTEXTATTRIBSARBPROC create_attribs =
      (PFNGLXCREATECONTEXTATTRIBSARBPROC)glXGetProcAddressARB((const GLubyte *)"glXCreateContextAttribsARB");
  static const int core33[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 3,
                               GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_CORE_PROFILE_BIT_ARB, None};
  GLXContext core = create_attribs ? create_attribs(dpy, config, NULL, True, core33) : NULL;
  if (!core || !glXMakeContextCurrent(dpy, glx_window, glx_window, core)) die("no core 3.3 context");
  probe_glsl_scene(PROBE_WIDTH, PROBE_HEIGHT);
  glXSwapBuffers(dpy, glx_window);
  probe_print_window(dpy, "glsl_window", win, PROBE_WIDTH, PROBE_HEIGHT);

  /* A resize: the next make-current sees the new size (both drivers revalidate there). */
  const int w2 = 40, h2 = 56;
  XResizeWindow(dpy, win, w2, h2);
  XSync(dpy, False);
  glXMakeContextCurrent(dpy, None, None, NULL);
  glXMakeContextCurrent(dpy, glx_window, glx_window, core);
  unsigned int qw = 0, qh = 0;
  glXQueryDrawable(dpy, glx_window, GLX_WIDTH, &qw);
  glXQueryDrawable(dpy, glx_window, GLX_HEIGHT, &qh);
  printf("resized_size 0 %u %u\n", qw, qh);
  probe_glsl_scene(w2, h2);
  glXSwapBuffers(dpy, glx_window);
  probe_print_window(dpy, "glsl_resized_window", win, w2, h2);

  glXMakeContextCurrent(dpy, None, None, NULL);
  glXDestroyContext(dpy, core);
  glXDestroyContext(dpy, compat);
  glXDestroyWindow(dpy, glx_window);
  XDestroyWindow(dpy, win);

  /* A single-buffered window through glXChooseVisual (GLX 1.2 style): the front buffer shows at
   * glFlush, without a swap. */
  static int single[] = {GLX_RGBA, GLX_RED_SIZE, 8, GLX_GREEN_SIZE, 8, GLX_BLUE_SIZE, 8, GLX_DEPTH_SIZE, 24, None};
  XVisualInfo *vi = glXChooseVisual(dpy, DefaultScreen(dpy), single);
  if (!vi) die("no single-buffered visual");
  int double_buffered = 1;
  glXGetConfig(dpy, vi, GLX_DOUBLEBUFFER, &double_buffered);
  printf("single_buffered_visual 0 %d\n", double_buffered);
  GLXContext legacy = glXCreateContext(dpy, vi, NULL, True);
  XFree(vi);
  Window single_win = make_window(choose_config_buffered(False), PROBE_WIDTH, PROBE_HEIGHT);
  if (!legacy || !glXMakeCurrent(dpy, single_win, legacy)) die("no single-buffered context");
  probe_fixed_function_scene();
  glFlush();
  probe_print_window(dpy, "single_buffered_window", single_win, PROBE_WIDTH, PROBE_HEIGHT);
  glXMakeCurrent(dpy, None, NULL);
  glXDestroyContext(dpy, legacy);
  XDestroyWindow(dpy, single_win);
  return 0;
}

/* ---- errors ---- */

static int errors(void) {
  int error_base = 0, event_base = 0;
  if (!glXQueryExtension(dpy, &error_base, &event_base)) die("no GLX extension on the display");
  x_checks_begin(dpy);
  const int bogus[] = {0x7fff, 1, None};
  int count = -1;
  x_expect("choose_fbconfig_unknown_attribute_is_null", glXChooseFBConfig(dpy, DefaultScreen(dpy), bogus, &count) == NULL);
  GLXFBConfig config = choose_config();
  int value = 0;
  x_expect("get_fbconfig_attrib_unknown_is_bad_attribute", glXGetFBConfigAttrib(dpy, config, 0x7fff, &value) == GLX_BAD_ATTRIBUTE);
  x_expect("get_fbconfig_attrib_depth", glXGetFBConfigAttrib(dpy, config, GLX_DEPTH_SIZE, &value) == Success && value >= 24);
  Window win = make_window(config, 32, 32);
  GLXContext context = glXCreateNewContext(dpy, config, GLX_RGBA_TYPE, NULL, True);
  x_expect("create_new_context", context != NULL);
  x_expect("is_direct", glXIsDirect(dpy, context));

  /* A pointer glvk never returned: libGLX or the vendor raises GLXBadContext. */
  static int not_a_context;
  Bool made = glXMakeCurrent(dpy, win, (GLXContext)&not_a_context);
  x_expect_error(made ? "make_current_bad_context (returned True)" : "make_current_bad_context",
               error_base + GLXBadContext, "GLXBadContext");
  made = glXMakeContextCurrent(dpy, win, None, context);
  x_expect_error(made ? "make_context_current_draw_without_read (returned True)"
                    : "make_context_current_draw_without_read", BadMatch, "BadMatch");

  PFNGLXCREATECONTEXTATTRIBSARBPROC create_attribs =
      (PFNGLXCREATECONTEXTATTRIBSARBPROC)glXGetProcAddressARB((const GLubyte *)"glXCreateContextAttribsARB");
  if (!create_attribs) die("no glXCreateContextAttribsARB");
  const int version34[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 4, None};
  GLXContext c = create_attribs(dpy, config, NULL, True, version34);
  x_expect_error(c ? "create_context_3_4 (made a context)" : "create_context_3_4", BadMatch, "BadMatch");
  const int bad_profile[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 2,
                             GLX_CONTEXT_PROFILE_MASK_ARB, 0x8, None};
  c = create_attribs(dpy, config, NULL, True, bad_profile);
  x_expect_error(c ? "create_context_bad_profile (made a context)" : "create_context_bad_profile",
               error_base + GLXBadProfileARB, "GLXBadProfileARB");
  const int unknown[] = {0x7fff, 1, None};
  c = create_attribs(dpy, config, NULL, True, unknown);
  x_expect_error(c ? "create_context_unknown_attribute (made a context)" : "create_context_unknown_attribute", BadValue,
               "BadValue");
  const int forward_21[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 2, GLX_CONTEXT_MINOR_VERSION_ARB, 1,
                            GLX_CONTEXT_FLAGS_ARB, GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB, None};
  c = create_attribs(dpy, config, NULL, True, forward_21);
  x_expect_error(c ? "create_context_forward_compatible_2_1 (made a context)" : "create_context_forward_compatible_2_1",
               BadMatch, "BadMatch");
  const int core46[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 4, GLX_CONTEXT_MINOR_VERSION_ARB, 6,
                        GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_CORE_PROFILE_BIT_ARB,
                        GLX_CONTEXT_FLAGS_ARB, GLX_CONTEXT_DEBUG_BIT_ARB, None};
  c = create_attribs(dpy, config, NULL, True, core46);
  x_expect("create_context_core_4_6_debug", c != NULL);
  if (c) {
    x_expect("make_current_core_4_6", glXMakeCurrent(dpy, win, c));
    GLint flags = 0, mask = 0;
    glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
    glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
    x_expect("core_4_6_is_debug_core", (flags & GL_CONTEXT_FLAG_DEBUG_BIT) && (mask & GL_CONTEXT_CORE_PROFILE_BIT));
    glXMakeCurrent(dpy, None, NULL);
    glXDestroyContext(dpy, c);
  }
  c = glXCreateNewContext(dpy, config, GLX_COLOR_INDEX_TYPE, NULL, True);
  x_expect_error(c ? "create_new_context_color_index (made a context)" : "create_new_context_color_index", BadMatch,
               "BadMatch");
  glXDestroyWindow(dpy, (GLXWindow)0x7ffffff);
  x_expect_error("destroy_window_bad", error_base + GLXBadWindow, "GLXBadWindow");
  /* Destroying the X window destroys its GLXWindow (GLX 1.4 3.3.5). */
  Window doomed = make_window(config, 16, 16);
  GLXWindow doomed_glx = glXCreateWindow(dpy, config, doomed, NULL);
  XDestroyWindow(dpy, doomed);
  glXDestroyWindow(dpy, doomed_glx);
  x_expect_error("destroy_window_after_x_window", error_base + GLXBadWindow, "GLXBadWindow");
  glXDestroyContext(dpy, (GLXContext)&not_a_context);
  x_expect_error("destroy_context_bad", error_base + GLXBadContext, "GLXBadContext");

  /* The default framebuffer's draw buffer is context state: another context on the same window
   * starts with GL_BACK and leaves the first one's GL_FRONT alone. */
  GLXContext other = glXCreateNewContext(dpy, config, GLX_RGBA_TYPE, NULL, True);
  GLint draw_buffer = 0;
  glXMakeCurrent(dpy, win, context);
  glDrawBuffer(GL_FRONT);
  glXMakeCurrent(dpy, win, other);
  glGetIntegerv(GL_DRAW_BUFFER, &draw_buffer);
  x_expect("draw_buffer_of_another_context_is_back", draw_buffer == GL_BACK);
  glXMakeCurrent(dpy, win, context);
  glGetIntegerv(GL_DRAW_BUFFER, &draw_buffer);
  x_expect("draw_buffer_kept_by_its_context", draw_buffer == GL_FRONT);
  glDrawBuffer(GL_BACK);
  glXMakeCurrent(dpy, None, NULL);
  glXDestroyContext(dpy, other);

  /* A context destroyed while current lives until it is released (GLX 1.4 3.3.7): making it
   * current again and destroying it again raise nothing, and it still draws. */
  GLXContext doomed_context = glXCreateNewContext(dpy, config, GLX_RGBA_TYPE, NULL, True);
  glXMakeCurrent(dpy, win, doomed_context);
  glXDestroyContext(dpy, doomed_context);
  x_expect("make_current_destroyed_current_context", glXMakeCurrent(dpy, win, doomed_context));
  unsigned char pixel[4] = {0, 0, 0, 0};
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
  x_expect("destroyed_current_context_draws", pixel[0] == 0 && pixel[1] == 0 && pixel[2] == 255);
  glXDestroyContext(dpy, doomed_context);
  x_expect("destroy_destroyed_current_context_again", 1);
  glXMakeCurrent(dpy, None, NULL);
  glXDestroyContext(dpy, doomed_context);
  x_expect_error("destroy_released_destroyed_context", error_base + GLXBadContext, "GLXBadContext");

  /* Swap control and a working frame after all of that. */
  x_expect("make_current_after_errors", glXMakeCurrent(dpy, win, context));
  PFNGLXSWAPINTERVALEXTPROC swap_interval =
      (PFNGLXSWAPINTERVALEXTPROC)glXGetProcAddressARB((const GLubyte *)"glXSwapIntervalEXT");
  if (swap_interval) {
    swap_interval(dpy, win, 0);
    unsigned interval = 7;
    glXQueryDrawable(dpy, win, GLX_SWAP_INTERVAL_EXT, &interval);
    x_expect("swap_interval_ext_0", interval == 0);
  } else {
    x_expect("swap_interval_ext_present", 0);
  }
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glXSwapBuffers(dpy, win);
  XSync(dpy, False);
  XImage *image = XGetImage(dpy, win, 16, 16, 1, 1, AllPlanes, ZPixmap);
  x_expect("swap_shows_green", image && XGetPixel(image, 0, 0) == image->green_mask);
  if (image) XDestroyImage(image);
  glXMakeCurrent(dpy, None, NULL);
  glXDestroyContext(dpy, context);
  XDestroyWindow(dpy, win);
  return x_check_failures() ? 1 : 0;
}

/* ---- renderer (GLX_MESA_query_renderer) ---- */

typedef Bool (*query_integer_fn)(Display *, int, int, int, unsigned *);
typedef Bool (*query_current_integer_fn)(int, unsigned *);
typedef const char *(*query_string_fn)(Display *, int, int, int);
typedef const char *(*query_current_string_fn)(int);

static int renderer(void) {
  const int screen = DefaultScreen(dpy);
  printf("extension %d\n", strstr(glXQueryExtensionsString(dpy, screen), "GLX_MESA_query_renderer") != NULL);
  query_integer_fn integer = (query_integer_fn)get_proc("glXQueryRendererIntegerMESA");
  query_current_integer_fn current_integer = (query_current_integer_fn)get_proc("glXQueryCurrentRendererIntegerMESA");
  query_string_fn string = (query_string_fn)get_proc("glXQueryRendererStringMESA");
  query_current_string_fn current_string = (query_current_string_fn)get_proc("glXQueryCurrentRendererStringMESA");
  if (!integer || !current_integer || !string || !current_string) die("no GLX_MESA_query_renderer functions");
  static const struct {
    const char *name;
    int attribute, count;
  } attributes[] = {
      {"vendor_id", GLX_RENDERER_VENDOR_ID_MESA, 1},
      {"device_id", GLX_RENDERER_DEVICE_ID_MESA, 1},
      {"version", GLX_RENDERER_VERSION_MESA, 3},
      {"accelerated", GLX_RENDERER_ACCELERATED_MESA, 1},
      {"video_memory", GLX_RENDERER_VIDEO_MEMORY_MESA, 1},
      {"unified_memory", GLX_RENDERER_UNIFIED_MEMORY_ARCHITECTURE_MESA, 1},
      {"preferred_profile", GLX_RENDERER_PREFERRED_PROFILE_MESA, 1},
      {"core_version", GLX_RENDERER_OPENGL_CORE_PROFILE_VERSION_MESA, 2},
      {"compatibility_version", GLX_RENDERER_OPENGL_COMPATIBILITY_PROFILE_VERSION_MESA, 2},
      {"es_version", GLX_RENDERER_OPENGL_ES_PROFILE_VERSION_MESA, 2},
      {"es2_version", GLX_RENDERER_OPENGL_ES2_PROFILE_VERSION_MESA, 2},
  };
  const unsigned untouched = 0xdeadbeefu;
  unsigned values[11][4];
  /* "name returned v0 v1 ... untouched": the value after the attribute's count must stay as it was. */
  for (int i = 0; i < 11; ++i) {
    for (int j = 0; j < 4; ++j) values[i][j] = untouched;
    const Bool ok = integer(dpy, screen, 0, attributes[i].attribute, values[i]);
    printf("%s %d", attributes[i].name, ok);
    for (int j = 0; j <= attributes[i].count; ++j) printf(" %u", values[i][j]);
    printf("\n");
  }
  unsigned value[4] = {0, 0, 0, 0};
  printf("unknown_attribute %d\n", integer(dpy, screen, 0, 0x7fff, value));
  printf("renderer_1 %d\n", integer(dpy, screen, 1, GLX_RENDERER_VENDOR_ID_MESA, value));
  printf("current_without_context %d\n", current_integer(GLX_RENDERER_VENDOR_ID_MESA, value));
  const char *vendor = string(dpy, screen, 0, GLX_RENDERER_VENDOR_ID_MESA);
  const char *device = string(dpy, screen, 0, GLX_RENDERER_DEVICE_ID_MESA);
  printf("vendor_string %s\n", vendor ? vendor : "(null)");
  printf("unknown_string %d\n", string(dpy, screen, 0, 0x7fff) != NULL);

  /* The current renderer's answers are the screen's, and the device string is GL_RENDERER. */
  GLXFBConfig config = choose_config();
  Window win = make_window(config, 16, 16);
  GLXContext context = glXCreateNewContext(dpy, config, GLX_RGBA_TYPE, NULL, True);
  if (!context || !glXMakeCurrent(dpy, win, context)) die("no context for the current-renderer queries");
  int agree = 1;
  for (int i = 0; i < 11; ++i) {
    unsigned current[4] = {untouched, untouched, untouched, untouched};
    agree &= current_integer(attributes[i].attribute, current) && memcmp(current, values[i], sizeof current) == 0;
  }
  printf("current_agrees %d\n", agree);
  const char *renderer_string = (const char *)glGetString(GL_RENDERER);
  printf("device_string_is_renderer %d\n", device && renderer_string && strcmp(device, renderer_string) == 0);
  const char *current_device = current_string(GLX_RENDERER_DEVICE_ID_MESA);
  printf("current_device_string_agrees %d\n", current_device && device && strcmp(current_device, device) == 0);
  fprintf(stderr, "GL_RENDERER: %s\n", renderer_string);
  glXMakeCurrent(dpy, None, NULL);
  glXDestroyContext(dpy, context);
  XDestroyWindow(dpy, win);
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2) die("usage: glx_probe pictures|errors|renderer");
  dpy = XOpenDisplay(NULL);
  if (!dpy) die("cannot open the X display (DISPLAY)");
  probe_set_get_proc(get_proc);
  int result = 2;
  if (strcmp(argv[1], "pictures") == 0) result = pictures();
  if (strcmp(argv[1], "errors") == 0) result = errors();
  if (strcmp(argv[1], "renderer") == 0) result = renderer();
  XCloseDisplay(dpy);
  return result;
}
