// GLX 1.4 entry points of the glvk vendor, reached through libglvnd's libGLX: visuals and
// FBConfigs, contexts (GLX_ARB_create_context(_profile)), make-current. Drawables, swaps and the
// strings are in glx_drawables.cpp. Errors are the X and GLX errors GLX 1.4 and the extensions name.
#include "glx_protocol.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <map>
#include <set>

#include "glvk/gl/window_system.h"
#include "glvk/st/screen.h"
#include "glx_api.h"
#include "glx_objects.h"

namespace glvk::gl::glx {
namespace {

thread_local ContextObject* current_object = nullptr;

std::set<ContextObject*>& contexts() {
  static auto* set = new std::set<ContextObject*>();  // never destroyed: GLX calls may come during exit
  return *set;
}
std::map<std::pair<Display*, GLXDrawable>, Drawable*>& drawables() {
  static auto* map = new std::map<std::pair<Display*, GLXDrawable>, Drawable*>();
  return *map;
}

// Copies of configs into malloc'd arrays the application frees with XFree.
GLXFBConfig* config_array(const std::vector<const FBConfig*>& list, int* count) {
  *count = int(list.size());
  if (list.empty()) return nullptr;
  auto* out = static_cast<GLXFBConfig*>(std::malloc(sizeof(GLXFBConfig) * list.size()));
  for (std::size_t i = 0; i < list.size(); ++i) out[i] = reinterpret_cast<GLXFBConfig>(const_cast<FBConfig*>(list[i]));
  return out;
}

XVisualInfo* visual_info(Display* dpy, const FBConfig& c) {
  if (c.visual == None) return nullptr;
  XVisualInfo want{};
  want.visualid = c.visual;
  want.screen = c.screen;
  int count = 0;
  return XGetVisualInfo(dpy, VisualIDMask | VisualScreenMask, &want, &count);
}

// `config` is null for a no-config context (GLX_EXT_no_config_context), `screen` its screen.
GLXContext new_context(Lock& lock, Display* dpy, const FBConfig* config, int screen, int render_type,
                       GLXContext share_list, const ContextRequest& request, unsigned char minor_opcode) {
  ContextObject* share = nullptr;
  if (share_list && !(share = find_context(share_list)))
    return fail_glx(lock, dpy, GLXBadContext, 0, minor_opcode, GLXContext(nullptr));
  auto* context = new ContextObject{dpy, config, screen, render_type, nullptr};
  try {
    context->gl = create_context(request, share ? share->gl.get() : nullptr, glx_screen());
  } catch (const std::exception& e) {
    delete context;
    std::fprintf(stderr, "glvk: GLX: cannot create a context: %s\n", e.what());
    return fail_x(lock, dpy, BadAlloc, 0, minor_opcode, GLXContext(nullptr));
  }
  contexts().insert(context);
  return reinterpret_cast<GLXContext>(context);
}

}  // namespace

std::mutex& glx_mutex() {
  static auto* mutex = new std::mutex();
  return *mutex;
}

std::shared_ptr<st::Screen> glx_screen() {
  static std::shared_ptr<st::Screen> screen;  // kept for the process: contexts may outlive displays
  if (!screen) screen = st::Screen::shared();
  return screen;
}

ContextObject* find_context(GLXContext handle) {
  auto* c = reinterpret_cast<ContextObject*>(handle);
  return contexts().count(c) && !c->destroy_pending ? c : nullptr;
}

namespace {

// A context glXDestroyContext named while it was current still exists until it stops being
// current (GLX 1.4 3.3.7): the calling thread may make it current again or destroy it again.
ContextObject* find_context_or_own_destroyed(GLXContext handle) {
  if (ContextObject* c = find_context(handle)) return c;
  auto* c = reinterpret_cast<ContextObject*>(handle);
  return contexts().count(c) && c == current_object ? c : nullptr;
}

}  // namespace

Drawable* find_drawable(Display* dpy, GLXDrawable id) {
  auto it = drawables().find({dpy, id});
  return it != drawables().end() && !it->second->destroy_pending ? it->second : nullptr;
}

std::vector<Drawable*> window_drawables(Display* dpy, Window window) {
  std::vector<Drawable*> out;
  for (const auto& [key, d] : drawables())
    if (key.first == dpy && d->window == window && !d->destroy_pending) out.push_back(d);
  return out;
}

ContextObject*& current_context() { return current_object; }

void register_drawable(Drawable* d) { drawables()[{d->dpy, d->id}] = d; }

void forget_display_drawables(Display* dpy) {
  for (const auto& [key, d] : drawables())
    if (key.first == dpy) d->destroy_pending = true;
  collect();
}

void destroy_drawable(Drawable* d) {
  d->destroy_pending = true;
  collect();
}

void collect() {
  for (auto it = contexts().begin(); it != contexts().end();) {
    ContextObject* c = *it;
    if (c->destroy_pending && !c->current) {
      it = contexts().erase(it);
      delete c;
    } else {
      ++it;
    }
  }
  for (auto it = drawables().begin(); it != drawables().end();) {
    Drawable* d = it->second;
    if (d->destroy_pending && d->current_count == 0) {
      x11::release_presenter(d->presenter);
      it = drawables().erase(it);
      delete d;
    } else {
      ++it;
    }
  }
}

void follow_window_size(Drawable& d) {
  if (d.framebuffer) x11::follow_window_size(glx_screen(), d.dpy, d.window, *d.framebuffer, "GLX");
}

void present(gl::Context& ctx, Drawable& d) {
  if ((d.window || d.pixmap) && d.framebuffer) x11::present(d.presenter, ctx, *d.framebuffer);
}

void leave_drawables(ContextObject* c) {
  if (!c) return;
  if (c->draw && c->draw->pixmap) present(*c->gl, *c->draw);
  release_context_object(c);
}

namespace api {

XVisualInfo* ChooseVisual(Display* dpy, int screen, int* attributes) {
  Lock lock(glx_mutex());
  std::vector<const FBConfig*> matches;
  if (screen < 0 || screen >= ScreenCount(dpy) || !choose_configs(dpy, screen, attributes, true, matches) ||
      matches.empty())
    return nullptr;
  return visual_info(dpy, *matches[0]);
}

int GetConfig(Display* dpy, XVisualInfo* visual, int attribute, int* value) {
  Lock lock(glx_mutex());
  const FBConfig* c = visual ? config_for_visual(dpy, visual->screen, visual->visualid) : nullptr;
  if (!c) {
    if (attribute != GLX_USE_GL) return GLX_BAD_VISUAL;
    *value = False;  // a visual glvk does not render to
    return Success;
  }
  int v = 0;
  if (!config_attribute(*c, attribute, v)) return GLX_BAD_ATTRIBUTE;
  *value = v;
  return Success;
}

GLXFBConfig* ChooseFBConfig(Display* dpy, int screen, const int* attributes, int* count) {
  Lock lock(glx_mutex());
  int ignored = 0;
  if (!count) count = &ignored;
  *count = 0;
  std::vector<const FBConfig*> matches;
  if (screen < 0 || screen >= ScreenCount(dpy) || !choose_configs(dpy, screen, attributes, false, matches))
    return nullptr;
  return config_array(matches, count);
}

GLXFBConfig* GetFBConfigs(Display* dpy, int screen, int* count) {
  Lock lock(glx_mutex());
  int ignored = 0;
  if (!count) count = &ignored;
  *count = 0;
  if (screen < 0 || screen >= ScreenCount(dpy)) return nullptr;
  return config_array(screen_configs(dpy, screen), count);
}

int GetFBConfigAttrib(Display*, GLXFBConfig config, int attribute, int* value) {
  Lock lock(glx_mutex());
  const FBConfig* c = find_config(config);
  if (!c) return GLXBadFBConfig;
  int v = 0;
  if (!config_attribute(*c, attribute, v)) return GLX_BAD_ATTRIBUTE;
  if (value) *value = v;
  return Success;
}

XVisualInfo* GetVisualFromFBConfig(Display* dpy, GLXFBConfig config) {
  Lock lock(glx_mutex());
  const FBConfig* c = find_config(config);
  return c ? visual_info(dpy, *c) : nullptr;
}

GLXContext CreateContext(Display* dpy, XVisualInfo* visual, GLXContext share_list, Bool) {
  Lock lock(glx_mutex());
  const FBConfig* c = visual ? config_for_visual(dpy, visual->screen, visual->visualid) : nullptr;
  if (!c) return fail_x(lock, dpy, BadValue, visual ? visual->visualid : 0, X_GLXCreateContext, GLXContext(nullptr));
  // Direct or not, glvk renders directly (glXIsDirect says so).
  return new_context(lock, dpy, c, c->screen, GLX_RGBA_TYPE, share_list, ContextRequest{}, X_GLXCreateContext);
}

GLXContext CreateNewContext(Display* dpy, GLXFBConfig config, int render_type, GLXContext share_list, Bool) {
  Lock lock(glx_mutex());
  const FBConfig* c = find_config(config);
  if (!c) return fail_glx(lock, dpy, GLXBadFBConfig, 0, X_GLXCreateNewContext, GLXContext(nullptr));
  if (render_type == GLX_COLOR_INDEX_TYPE) return fail_x(lock, dpy, BadMatch, 0, X_GLXCreateNewContext, GLXContext(nullptr));
  if (render_type != GLX_RGBA_TYPE) return fail_x(lock, dpy, BadValue, XID(render_type), X_GLXCreateNewContext, GLXContext(nullptr));
  return new_context(lock, dpy, c, c->screen, render_type, share_list, ContextRequest{}, X_GLXCreateNewContext);
}

GLXContext CreateContextAttribsARB(Display* dpy, GLXFBConfig config, GLXContext share_list, Bool,
                                   const int* attributes) {
  Lock lock(glx_mutex());
  const unsigned char op = X_GLXCreateContextAttribsARB;
  // GLX_EXT_no_config_context: without a config, GLX_SCREEN names the screen; the context then
  // renders to a drawable of any of the screen's configs.
  const FBConfig* c = nullptr;
  if (config && !(c = find_config(config))) return fail_glx(lock, dpy, GLXBadFBConfig, 0, op, GLXContext(nullptr));
  ContextRequest request;
  int profile = GLX_CONTEXT_CORE_PROFILE_BIT_ARB, render_type = GLX_RGBA_TYPE, screen = -1;
  for (const int* a = attributes; a && a[0] != None; a += 2) {
    switch (a[0]) {
      case GLX_CONTEXT_MAJOR_VERSION_ARB: request.major = a[1]; break;
      case GLX_CONTEXT_MINOR_VERSION_ARB: request.minor = a[1]; break;
      case GLX_CONTEXT_PROFILE_MASK_ARB: profile = a[1]; break;
      case GLX_RENDER_TYPE: render_type = a[1]; break;
      case GLX_SCREEN: screen = a[1]; break;
      case GLX_CONTEXT_OPENGL_NO_ERROR_ARB: request.no_error = a[1] != 0; break;
      case GLX_CONTEXT_RELEASE_BEHAVIOR_ARB:
        if (a[1] != GLX_CONTEXT_RELEASE_BEHAVIOR_NONE_ARB && a[1] != GLX_CONTEXT_RELEASE_BEHAVIOR_FLUSH_ARB)
          return fail_x(lock, dpy, BadValue, XID(a[1]), op, GLXContext(nullptr));
        request.release_flush = a[1] == GLX_CONTEXT_RELEASE_BEHAVIOR_FLUSH_ARB;
        break;
      case GLX_CONTEXT_FLAGS_ARB:
        // Robust access (GLX_ARB_create_context_robustness) is not advertised: its bit is unknown.
        if (a[1] & ~(GLX_CONTEXT_DEBUG_BIT_ARB | GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB))
          return fail_x(lock, dpy, BadValue, XID(a[1]), op, GLXContext(nullptr));
        request.debug = a[1] & GLX_CONTEXT_DEBUG_BIT_ARB;
        request.forward_compatible = a[1] & GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB;
        break;
      default: return fail_x(lock, dpy, BadValue, XID(a[0]), op, GLXContext(nullptr));
    }
  }
  // Neither config nor screen: GLXBadFBConfig, as libglvnd's libGLX answers before any vendor.
  if (!c && (screen < 0 || screen >= ScreenCount(dpy))) return fail_glx(lock, dpy, GLXBadFBConfig, 0, op, GLXContext(nullptr));
  if (c && screen >= 0 && screen != c->screen) return fail_x(lock, dpy, BadMatch, XID(screen), op, GLXContext(nullptr));
  if (render_type == GLX_COLOR_INDEX_TYPE) return fail_x(lock, dpy, BadMatch, 0, op, GLXContext(nullptr));
  if (render_type != GLX_RGBA_TYPE) return fail_x(lock, dpy, BadValue, XID(render_type), op, GLXContext(nullptr));
  ContextObject* share = nullptr;
  if (share_list && !(share = find_context(share_list))) return fail_glx(lock, dpy, GLXBadContext, 0, op, GLXContext(nullptr));
  // GLX_EXT_create_context_es(2)_profile: the ES bit alone asks for OpenGL ES, whose versions
  // 2.0 and 3.0-3.2 glvk serves (with ES 3.2, as EGL does); any other version is a profile glvk
  // does not have. Forward compatibility is a desktop GL notion (ES has no deprecation).
  const bool es = profile == GLX_CONTEXT_ES_PROFILE_BIT_EXT;
  if (es) {
    request.api = Api::OpenGLES;
    request.forward_compatible = false;
  }
  request.core_profile_bit = profile & GLX_CONTEXT_CORE_PROFILE_BIT_ARB;
  request.compat_profile_bit = profile & GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB;
  // A mask naming other than exactly one of glvk's profiles (none, several, unknown bits) is
  // GLXBadProfileARB at any version, as Mesa and piglit's glx-create-context-invalid-profile have it.
  if (!es && profile != GLX_CONTEXT_CORE_PROFILE_BIT_ARB && profile != GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB)
    return fail_glx(lock, dpy, GLXBadProfileARB, 0, op, GLXContext(nullptr));
  switch (check_context_request(request, share ? share->gl.get() : nullptr)) {
    case ContextRequestError::NONE: break;
    case ContextRequestError::BAD_PROFILE: return fail_glx(lock, dpy, GLXBadProfileARB, 0, op, GLXContext(nullptr));
    case ContextRequestError::BAD_VERSION:
      if (es) return fail_glx(lock, dpy, GLXBadProfileARB, 0, op, GLXContext(nullptr));
      return fail_x(lock, dpy, BadMatch, 0, op, GLXContext(nullptr));
    case ContextRequestError::FORWARD_COMPATIBLE_PRE_30: return fail_x(lock, dpy, BadMatch, 0, op, GLXContext(nullptr));
    case ContextRequestError::UNSUPPORTED_ROBUSTNESS: return fail_glx(lock, dpy, GLXBadFBConfig, 0, op, GLXContext(nullptr));
    case ContextRequestError::SHARE_RESET_STRATEGY:
    case ContextRequestError::NO_ERROR_CONFLICT: return fail_x(lock, dpy, BadMatch, 0, op, GLXContext(nullptr));
  }
  return new_context(lock, dpy, c, c ? c->screen : screen, render_type, share_list, request, op);
}

void DestroyContext(Display* dpy, GLXContext context) {
  Lock lock(glx_mutex());
  ContextObject* c = find_context_or_own_destroyed(context);
  if (!c) {
    fail_glx(lock, dpy, GLXBadContext, 0, X_GLXDestroyContext, 0);
    return;
  }
  c->destroy_pending = true;  // freed once no thread has it current
  collect();
}

Bool IsDirect(Display* dpy, GLXContext context) {
  Lock lock(glx_mutex());
  if (!find_context(context)) return fail_glx(lock, dpy, GLXBadContext, 0, X_GLXIsDirect, Bool(False));
  return True;
}

int QueryContext(Display* dpy, GLXContext context, int attribute, int* value) {
  Lock lock(glx_mutex());
  ContextObject* c = find_context(context);
  if (!c) return fail_glx(lock, dpy, GLXBadContext, 0, X_GLXQueryContext, int(GLX_BAD_CONTEXT));
  switch (attribute) {
    // A no-config context has neither config nor visual, and any render type (GLX_EXT_no_config_context).
    case GLX_FBCONFIG_ID: *value = c->config ? c->config->id : None; return Success;
    case GLX_RENDER_TYPE: *value = c->config ? c->render_type : GLX_DONT_CARE; return Success;
    case GLX_SCREEN: *value = c->screen; return Success;
    case GLX_VISUAL_ID_EXT: *value = c->config ? int(c->config->visual) : None; return Success;
    default: return GLX_BAD_ATTRIBUTE;
  }
}

void CopyContext(Display* dpy, GLXContext source, GLXContext destination, unsigned long) {
  Lock lock(glx_mutex());
  if (!find_context(source) || !find_context(destination)) {
    fail_glx(lock, dpy, GLXBadContext, 0, X_GLXCopyContext, 0);
    return;
  }
  std::fprintf(stderr, "glvk: GLX: glXCopyContext is not implemented\n");
  fail_x(lock, dpy, BadImplementation, 0, X_GLXCopyContext, 0);
}

Bool MakeContextCurrent(Display* dpy, GLXDrawable draw, GLXDrawable read, GLXContext context) {
  Lock lock(glx_mutex());
  const unsigned char op = X_GLXMakeContextCurrent;
  if (!context) {
    if (draw != None || read != None) return fail_x(lock, dpy, BadMatch, draw, op, Bool(False));
    leave_drawables(current_object);
    current_object = nullptr;
    set_current_context(nullptr);
    collect();
    return True;
  }
  ContextObject* c = find_context_or_own_destroyed(context);
  if (!c) return fail_glx(lock, dpy, GLXBadContext, 0, op, Bool(False));
  if (c->current && c != current_object) return fail_x(lock, dpy, BadAccess, 0, op, Bool(False));  // another thread's
  // No drawable: GL 3.0+ contexts only (GLX_ARB_create_context).
  if ((draw == None) != (read == None) || (draw == None && c->gl->config().major < 3))
    return fail_x(lock, dpy, BadMatch, draw, op, Bool(False));
  Drawable* surfaces[2] = {nullptr, nullptr};
  const GLXDrawable ids[2] = {draw, read};
  for (int i = 0; i < 2 && ids[0] != None; ++i) {
    Drawable* d = find_drawable(dpy, ids[i]);
    if (!d) {
      // A plain X window (GLX 1.2): its drawable takes the context's config, as GLX 1.4 3.3.7 allows.
      XWindowAttributes attributes;
      if (!x11::window_attributes(dpy, ids[i], attributes)) return fail_glx(lock, dpy, GLXBadDrawable, ids[i], op, Bool(False));
      if (attributes.depth != 24 && attributes.depth != 32) return fail_x(lock, dpy, BadMatch, ids[i], op, Bool(False));
      // A no-config context takes the config the window's visual stands for.
      const FBConfig* config =
          c->config ? c->config : config_for_visual(dpy, XScreenNumberOfScreen(attributes.screen), XVisualIDFromVisual(attributes.visual));
      if (!config) return fail_x(lock, dpy, BadMatch, ids[i], op, Bool(False));
      d = make_window_drawable(dpy, config, ids[i], ids[i], attributes.width, attributes.height);
      if (!d) return fail_x(lock, dpy, BadAlloc, ids[i], op, Bool(False));
      d->implicit = true;
    }
    if (d->config->screen != c->screen) return fail_x(lock, dpy, BadMatch, ids[i], op, Bool(False));
    surfaces[i] = d;
  }
  leave_drawables(current_object);
  c->current = true;
  c->draw = surfaces[0];
  c->read = surfaces[1];
  for (Drawable* d : surfaces)
    if (d) {
      ++d->current_count;
      follow_window_size(*d);
    }
  bind_surfaces(*c->gl, surfaces[0] ? surfaces[0]->framebuffer : nullptr, surfaces[1] ? surfaces[1]->framebuffer : nullptr);
  if (Drawable* d = surfaces[0]; d && (d->window || d->pixmap)) {
    gl::Context* gl = c->gl.get();
    set_front_flush([gl, d] {  // d lives while it is current (a pixmap draws to its front only)
      present(*gl, *d);
      follow_window_size(*d);
    });
  }
  current_object = c;
  set_current_context(c->gl.get());
  collect();
  return True;
}

Bool MakeCurrent(Display* dpy, GLXDrawable drawable, GLXContext context) {
  return MakeContextCurrent(dpy, drawable, drawable, context);
}

}  // namespace api
}  // namespace glvk::gl::glx
