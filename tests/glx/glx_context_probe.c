/* The context-creation extensions of GLX on the system libGL/libGLX: OpenGL ES contexts
 * (GLX_EXT_create_context_es2_profile / es_profile), no-error contexts
 * (GLX_ARB_create_context_no_error, GL_KHR_no_error) and contexts without a config
 * (GLX_EXT_no_config_context), the release behaviour (GLX_ARB_context_flush_control). Each check prints "ok NAME" or "FAIL NAME: why"; exits 1 on a
 * failure. Expectations are the extension specifications' (cited at each check); versions and
 * errors glvk chooses where a specification leaves the choice are named as such.
 *   glx_context_probe
 * On stderr: the GL_RENDERER string of the ES context. */
#include <GL/gl.h>
#include <GL/glext.h>
#include <GL/glx.h>
#include <GL/glxext.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include <stdio.h>
#include <string.h>

#include "probe_scenes.h"
#include "x_error_checks.h"

#define GLXBadFBConfig 9
#define GLXBadProfileARB 13

static Display *dpy;
static int error_base;
static PFNGLXCREATECONTEXTATTRIBSARBPROC create_attribs;

static probe_function get_proc(const char *name) { return glXGetProcAddressARB((const GLubyte *)name); }

static GLXFBConfig choose_config(Bool double_buffered) {
  const int attributes[] = {GLX_RENDER_TYPE, GLX_RGBA_BIT, GLX_DRAWABLE_TYPE, GLX_WINDOW_BIT,
                            GLX_DOUBLEBUFFER, double_buffered, None};
  int count = 0;
  GLXFBConfig *configs = glXChooseFBConfig(dpy, DefaultScreen(dpy), attributes, &count);
  if (!configs || count == 0) probe_die("no RGBA window FBConfig of the buffering asked for");
  GLXFBConfig config = configs[0];
  XFree(configs);
  return config;
}

static Window make_window(GLXFBConfig config) {
  XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, config);
  if (!vi) probe_die("the FBConfig has no visual");
  Window win = probe_make_window(dpy, vi, 16, 16);
  XFree(vi);
  return win;
}

static GLXContext create(GLXFBConfig config, GLXContext share, const int *attributes) {
  return create_attribs(dpy, config, share, True, attributes);
}

/* `context` made current on `win`, cleared to a colour and read back: it renders there. */
static int clears_and_reads(Window win, GLXContext context) {
  if (!glXMakeCurrent(dpy, win, context)) return 0;
  glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  unsigned char pixel[4] = {0, 0, 0, 0};
  glReadPixels(4, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
  return pixel[0] == 0 && pixel[1] == 255 && pixel[2] == 0;
}

static void es_profiles(GLXFBConfig config, Window win) {
  /* GLX_EXT_create_context_es2_profile: ES bit with 2.0 makes an OpenGL ES context; es_profile
   * (which supersedes it) also takes the ES versions the implementation has: glvk serves 2.0 and
   * 3.0-3.2 with ES 3.2, as its EGL does. */
  static const int versions[][2] = {{2, 0}, {3, 0}, {3, 1}, {3, 2}};
  for (int i = 0; i < 4; ++i) {
    const int attributes[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, versions[i][0], GLX_CONTEXT_MINOR_VERSION_ARB,
                              versions[i][1], GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_ES_PROFILE_BIT_EXT, None};
    GLXContext c = create(config, NULL, attributes);
    char name[64];
    snprintf(name, sizeof name, "es_%d_%d_created", versions[i][0], versions[i][1]);
    x_expect(name, c != NULL);
    if (!c) continue;
    snprintf(name, sizeof name, "es_%d_%d_is_opengl_es_3_2", versions[i][0], versions[i][1]);
    const int current = glXMakeCurrent(dpy, win, c);
    const char *version = current ? (const char *)glGetString(GL_VERSION) : NULL;
    x_expect(name, version && strncmp(version, "OpenGL ES 3.2", 13) == 0);
    if (i == 0 && current) {
      fprintf(stderr, "GL_RENDERER: %s\n", (const char *)glGetString(GL_RENDERER));
      /* An ES 2.0 command desktop GL 4.1 has too, through glXGetProcAddress: ES 2.0 table 6.20's
       * minimum for mediump float is a range of 14 and a precision of 10. */
      PFNGLGETSHADERPRECISIONFORMATPROC precision =
          (PFNGLGETSHADERPRECISIONFORMATPROC)get_proc("glGetShaderPrecisionFormat");
      GLint range[2] = {-1, -1}, bits = -1;
      if (precision) precision(GL_VERTEX_SHADER, GL_MEDIUM_FLOAT, range, &bits);
      x_expect("es_2_0_shader_precision", range[0] >= 14 && range[1] >= 14 && bits >= 10);
      x_expect("es_2_0_renders", clears_and_reads(win, c));
    }
    glXMakeCurrent(dpy, None, NULL);
    glXDestroyContext(dpy, c);
  }
  /* ES 1.x (glvk has no ES 1 API) and versions ES never had: GLX_ARB_create_context_profile's
   * "does not support the requested profile" is GLXBadProfileARB. */
  static const int refused[][2] = {{1, 0}, {1, 1}, {1, 2}, {2, 1}, {3, 3}};
  for (int i = 0; i < 5; ++i) {
    const int attributes[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, refused[i][0], GLX_CONTEXT_MINOR_VERSION_ARB,
                              refused[i][1], GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_ES2_PROFILE_BIT_EXT, None};
    GLXContext c = create(config, NULL, attributes);
    char name[64];
    snprintf(name, sizeof name, "es_%d_%d_refused", refused[i][0], refused[i][1]);
    x_expect_error(name, error_base + GLXBadProfileARB, "GLXBadProfileARB");
    if (c) glXDestroyContext(dpy, c);
  }
  /* The ES bit with a desktop profile bit is a mask of several profiles. */
  const int mixed[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 2, GLX_CONTEXT_PROFILE_MASK_ARB,
                       GLX_CONTEXT_ES_PROFILE_BIT_EXT | GLX_CONTEXT_CORE_PROFILE_BIT_ARB, None};
  GLXContext c = create(config, NULL, mixed);
  x_expect_error("es_and_core_bits_refused", error_base + GLXBadProfileARB, "GLXBadProfileARB");
  if (c) glXDestroyContext(dpy, c);
}

static void no_error(GLXFBConfig config, Window win) {
  /* GLX_ARB_create_context_no_error: the context has KHR_no_error's flag and extension. */
  const int quiet[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 4, GLX_CONTEXT_MINOR_VERSION_ARB, 6,
                       GLX_CONTEXT_OPENGL_NO_ERROR_ARB, True, None};
  GLXContext c = create(config, NULL, quiet);
  x_expect("no_error_created", c != NULL);
  if (!c) return;
  if (glXMakeCurrent(dpy, win, c)) {
    GLint flags = 0;
    glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
    x_expect("no_error_flag", flags == GL_CONTEXT_FLAG_NO_ERROR_BIT_KHR);
    PFNGLGETSTRINGIPROC string_i = (PFNGLGETSTRINGIPROC)get_proc("glGetStringi");
    GLint count = 0, found = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &count);
    for (GLint i = 0; string_i && i < count; ++i)
      found |= strcmp((const char *)string_i(GL_EXTENSIONS, (GLuint)i), "GL_KHR_no_error") == 0;
    x_expect("no_error_advertises_khr_no_error", found);
    x_expect("no_error_renders", clears_and_reads(win, c));
    glXMakeCurrent(dpy, None, NULL);
  } else {
    x_expect("no_error_make_current", 0);
  }
  /* Sharing needs the same no-error mode: BadMatch. */
  const int plain[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 4, GLX_CONTEXT_MINOR_VERSION_ARB, 6, None};
  GLXContext other = create(config, c, plain);
  x_expect_error("no_error_share_with_plain_refused", BadMatch, "BadMatch");
  if (other) glXDestroyContext(dpy, other);
  other = create(config, c, quiet);
  x_expect("no_error_share_with_no_error", other != NULL);
  if (other) glXDestroyContext(dpy, other);
  glXDestroyContext(dpy, c);
  /* No-error excludes a debug context: BadMatch. */
  const int debug[] = {GLX_CONTEXT_OPENGL_NO_ERROR_ARB, True, GLX_CONTEXT_FLAGS_ARB, GLX_CONTEXT_DEBUG_BIT_ARB, None};
  c = create(config, NULL, debug);
  x_expect_error("no_error_debug_refused", BadMatch, "BadMatch");
  if (c) glXDestroyContext(dpy, c);
}

/* GLX_ARB_context_flush_control: the behaviour asked for is GL_CONTEXT_RELEASE_BEHAVIOR; another
 * value is BadValue. */
static void release_behaviour(GLXFBConfig config, Window win) {
  const int none[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 4, GLX_CONTEXT_MINOR_VERSION_ARB, 6,
                      GLX_CONTEXT_RELEASE_BEHAVIOR_ARB, GLX_CONTEXT_RELEASE_BEHAVIOR_NONE_ARB, None};
  GLXContext c = create(config, NULL, none);
  x_expect("release_none_created", c != NULL);
  if (c && glXMakeCurrent(dpy, win, c)) {
    GLint behaviour = -1;
    glGetIntegerv(GL_CONTEXT_RELEASE_BEHAVIOR, &behaviour);
    x_expect("release_none_is_gl_none", behaviour == GL_NONE);
    glXMakeCurrent(dpy, None, NULL);
  }
  if (c) glXDestroyContext(dpy, c);
  const int bad[] = {GLX_CONTEXT_RELEASE_BEHAVIOR_ARB, 0x1234, None};
  c = create(config, NULL, bad);
  x_expect_error("release_unknown_value_refused", BadValue, "BadValue");
  if (c) glXDestroyContext(dpy, c);
}

static void no_config(void) {
  const int screen = DefaultScreen(dpy);
  const int attributes[] = {GLX_SCREEN, screen, None};
  GLXContext c = create(NULL, NULL, attributes);
  x_expect("no_config_created", c != NULL);
  if (!c) return;
  /* GLX_EXT_no_config_context: no config, no visual, any render type. */
  int value = -1;
  x_expect("no_config_render_type_dont_care",
           glXQueryContext(dpy, c, GLX_RENDER_TYPE, &value) == Success && value == (int)GLX_DONT_CARE);
  x_expect("no_config_fbconfig_id_none", glXQueryContext(dpy, c, GLX_FBCONFIG_ID, &value) == Success && value == None);
  x_expect("no_config_visual_id_none", glXQueryContext(dpy, c, GLX_VISUAL_ID_EXT, &value) == Success && value == None);
  x_expect("no_config_screen", glXQueryContext(dpy, c, GLX_SCREEN, &value) == Success && value == screen);
  /* It renders to windows of configs of either buffering. */
  for (int double_buffered = 0; double_buffered <= 1; ++double_buffered) {
    Window win = make_window(choose_config(double_buffered));
    x_expect(double_buffered ? "no_config_renders_double_buffered" : "no_config_renders_single_buffered",
             clears_and_reads(win, c));
    glXMakeCurrent(dpy, None, NULL);
    XDestroyWindow(dpy, win);
  }
  glXDestroyContext(dpy, c);
  /* Without a config the screen must be named: libglvnd's libGLX, which finds the vendor by the
   * config or GLX_SCREEN, answers GLXBadFBConfig. */
  const int none[] = {None};
  c = create(NULL, NULL, none);
  x_expect_error("no_config_without_screen_refused", error_base + GLXBadFBConfig, "GLXBadFBConfig");
  if (c) glXDestroyContext(dpy, c);
}

int main(void) {
  dpy = XOpenDisplay(NULL);
  if (!dpy) probe_die("cannot open the X display (DISPLAY)");
  probe_set_get_proc(get_proc);
  int event_base = 0;
  if (!glXQueryExtension(dpy, &error_base, &event_base)) probe_die("no GLX extension on the display");
  create_attribs = (PFNGLXCREATECONTEXTATTRIBSARBPROC)get_proc("glXCreateContextAttribsARB");
  if (!create_attribs) probe_die("no glXCreateContextAttribsARB");
  x_checks_begin(dpy);
  const char *extensions = glXQueryExtensionsString(dpy, DefaultScreen(dpy));
  static const char *const wanted[] = {"GLX_EXT_create_context_es2_profile", "GLX_EXT_create_context_es_profile",
                                       "GLX_ARB_create_context_no_error", "GLX_EXT_no_config_context",
                                       "GLX_ARB_context_flush_control"};
  for (int i = 0; i < 5; ++i) {
    char name[96];
    snprintf(name, sizeof name, "advertises_%s", wanted[i]);
    x_expect(name, extensions && strstr(extensions, wanted[i]) != NULL);
  }
  GLXFBConfig config = choose_config(True);
  Window win = make_window(config);
  es_profiles(config, win);
  no_error(config, win);
  release_behaviour(config, win);
  no_config();
  XDestroyWindow(dpy, win);
  XCloseDisplay(dpy);
  return x_check_failures() ? 1 : 0;
}
