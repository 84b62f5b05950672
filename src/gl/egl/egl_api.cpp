// The EGL 1.5 entry points of the glvk vendor (reached through libglvnd's libEGL).
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string_view>

#include "glvk/gl/dispatch.h"
#include "egl_api.h"
#include "egl_image.h"
#include "egl_objects.h"
#include "glvk/st/screen.h"
#include "glvk/st/context.h"
#include "glvk/gl/window_system.h"

namespace glvk::gl::egl {

const std::vector<Config>& configs() {
  // id, red, green, blue, alpha, depth, stencil, samples (0: single-sampled)
  static const std::vector<Config> list = {
      {1, 8, 8, 8, 8, 24, 8},
      {2, 8, 8, 8, 8, 0, 0},
      {3, 8, 8, 8, 0, 24, 8},
      {4, 8, 8, 8, 0, 0, 0},
      {5, 8, 8, 8, 8, 24, 8, 4},
  };
  return list;
}

std::mutex& egl_mutex() {
  static auto* mutex = new std::mutex();  // never destroyed: EGL calls may come during exit
  return *mutex;
}

namespace {

thread_local EGLint last_error = EGL_SUCCESS;
thread_local ContextObject* current_context_object = nullptr;

// Never destroyed: tearing the device down during static destruction races libglvnd's and the
// Vulkan loader's own exit handlers. eglTerminate releases the device.
Display& default_display = *new Display{EGL_NONE};
Display& surfaceless_display = *new Display{EGL_PLATFORM_SURFACELESS_MESA};
// EGL_EXT_platform_device: the display of glvk's one device (egl_devices.cpp), surfaceless like the
// one above.
Display& device_display = *new Display{EGL_PLATFORM_DEVICE_EXT};

constexpr EGLint kMaxPbufferSize = 16384;
constexpr EGLint kRenderableTypes = EGL_OPENGL_BIT | EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT_KHR;

EGLBoolean succeed() {
  set_error(EGL_SUCCESS);
  return EGL_TRUE;
}

const Config* checked_config(EGLConfig config) {
  for (const Config& c : configs())
    if (&c == config) return &c;
  return fail<const Config*>(EGL_BAD_CONFIG, nullptr);
}

Surface* find_surface(Display& display, EGLSurface surface) {
  auto* s = static_cast<Surface*>(surface);
  return display.surfaces.count(s) && !s->destroy_pending ? s : nullptr;
}

// A config's attribute on `display` (the surface types and native visual depend on the platform).
bool config_attribute(const Display& display, const Config& c, EGLint attribute, EGLint& value) {
  const bool window = surface_types(display, c) & EGL_WINDOW_BIT;
  switch (attribute) {
    case EGL_BUFFER_SIZE: value = c.red + c.green + c.blue + c.alpha; return true;
    case EGL_RED_SIZE: value = c.red; return true;
    case EGL_GREEN_SIZE: value = c.green; return true;
    case EGL_BLUE_SIZE: value = c.blue; return true;
    case EGL_ALPHA_SIZE: value = c.alpha; return true;
    case EGL_DEPTH_SIZE: value = c.depth; return true;
    case EGL_STENCIL_SIZE: value = c.stencil; return true;
    case EGL_CONFIG_ID: value = c.id; return true;
    case EGL_SURFACE_TYPE: value = surface_types(display, c); return true;
    case EGL_NATIVE_VISUAL_ID: value = window ? EGLint(display.visual) : 0; return true;
    case EGL_NATIVE_VISUAL_TYPE: value = window ? TrueColor : EGL_NONE; return true;
    // Intervals are recorded, not waited for: presentation by copy has no vertical blank.
    case EGL_MAX_SWAP_INTERVAL: value = window ? 1 : 0; return true;
    // OpenGL and OpenGL ES 2.0/3.x (an ES 3.2 context serves both); not ES 1.x (EGL_OPENGL_ES_BIT):
    // glvk has no ES 1.x context.
    case EGL_RENDERABLE_TYPE: case EGL_CONFORMANT: value = kRenderableTypes; return true;
    case EGL_COLOR_BUFFER_TYPE: value = EGL_RGB_BUFFER; return true;
    case EGL_CONFIG_CAVEAT: value = EGL_NONE; return true;
    case EGL_SAMPLES: value = c.samples; return true;
    case EGL_SAMPLE_BUFFERS: value = c.samples > 0; return true;
    case EGL_LEVEL: case EGL_LUMINANCE_SIZE: case EGL_ALPHA_MASK_SIZE:
    case EGL_TRANSPARENT_RED_VALUE: case EGL_TRANSPARENT_GREEN_VALUE:
    case EGL_TRANSPARENT_BLUE_VALUE: case EGL_MIN_SWAP_INTERVAL:
      value = 0; return true;
    case EGL_NATIVE_RENDERABLE: case EGL_BIND_TO_TEXTURE_RGB: case EGL_BIND_TO_TEXTURE_RGBA: value = EGL_FALSE; return true;
    case EGL_TRANSPARENT_TYPE: value = EGL_NONE; return true;
    case EGL_MAX_PBUFFER_WIDTH: case EGL_MAX_PBUFFER_HEIGHT: value = kMaxPbufferSize; return true;
    case EGL_MAX_PBUFFER_PIXELS: value = kMaxPbufferSize * kMaxPbufferSize; return true;
    default: return false;
  }
}

// How eglChooseConfig compares an attribute: at least, exact, or mask.
enum class Match { AtLeast, Exact, Mask, Ignored };

Match match_rule(EGLint attribute) {
  switch (attribute) {
    case EGL_BUFFER_SIZE: case EGL_RED_SIZE: case EGL_GREEN_SIZE: case EGL_BLUE_SIZE: case EGL_ALPHA_SIZE:
    case EGL_DEPTH_SIZE: case EGL_STENCIL_SIZE: case EGL_SAMPLES: case EGL_SAMPLE_BUFFERS: case EGL_LUMINANCE_SIZE:
    case EGL_ALPHA_MASK_SIZE:
      return Match::AtLeast;
    case EGL_SURFACE_TYPE: case EGL_RENDERABLE_TYPE: case EGL_CONFORMANT: return Match::Mask;
    case EGL_MAX_PBUFFER_WIDTH: case EGL_MAX_PBUFFER_HEIGHT: case EGL_MAX_PBUFFER_PIXELS: case EGL_NATIVE_VISUAL_ID:
      return Match::Ignored;
    default: return Match::Exact;
  }
}

// Frees objects whose destruction waited for them to stop being current.
void collect(Display& display) {
  for (auto it = display.contexts.begin(); it != display.contexts.end();) {
    ContextObject* c = *it;
    if (c->destroy_pending && !c->current) {
      it = display.contexts.erase(it);
      delete c;
    } else {
      ++it;
    }
  }
  for (auto it = display.surfaces.begin(); it != display.surfaces.end();) {
    Surface* s = *it;
    if (s->destroy_pending && s->current_count == 0) {
      it = display.surfaces.erase(it);
      release_window(*s);
      delete s;
    } else {
      ++it;
    }
  }
}

}  // namespace

ContextObject* thread_context() { return current_context_object; }

Display* checked_display(EGLDisplay dpy) {
  if (!is_display(dpy)) return fail<Display*>(EGL_BAD_DISPLAY, nullptr);
  Display* display = static_cast<Display*>(dpy);
  if (!display->initialized) return fail<Display*>(EGL_NOT_INITIALIZED, nullptr);
  return display;
}

ContextObject* find_context(Display& display, EGLContext context) {
  auto* c = static_cast<ContextObject*>(context);
  return display.contexts.count(c) && !c->destroy_pending ? c : nullptr;
}

namespace {

// The calling thread's context stops being current: a pixmap it drew gets the picture first (GL
// rendering completes for it, as at glFinish).
void leave_current_context() {
  ContextObject* c = current_context_object;
  if (c && c->draw) present_pixmap(*c->draw, *c->gl);
  release_context_object(c);
}

}  // namespace

Display* display_for(EGLenum platform) {
  if (platform == EGL_PLATFORM_DEVICE_EXT) return &device_display;
  return platform == EGL_PLATFORM_SURFACELESS_MESA ? &surfaceless_display : &default_display;
}

bool is_display(EGLDisplay dpy) {
  return dpy == &default_display || dpy == &surfaceless_display || dpy == &device_display ||
         is_x11_display(static_cast<const Display*>(dpy));
}

void set_error(EGLint error) { last_error = error; }

bool supports_api(EGLenum api) { return api == EGL_OPENGL_API || api == EGL_OPENGL_ES_API; }

EGLint take_error() {
  const EGLint e = last_error;
  last_error = EGL_SUCCESS;
  return e;
}

EGLDisplay get_platform_display(EGLenum platform, void* native_display, const EGLAttrib* attrib_list) {
  // eglGetDisplay(native) reaches vendors as EGL_NONE with the native display: an Xlib Display*
  // (libglvnd recognises Wayland and GBM displays and names their platforms), as for Mesa.
  if (platform == EGL_PLATFORM_X11_KHR || (platform == EGL_NONE && native_display != EGL_DEFAULT_DISPLAY))
    return x11_platform_display(native_display, attrib_list);
  // EGL_EXT_platform_device: the native display is an EGLDeviceEXT of eglQueryDevicesEXT.
  if (platform == EGL_PLATFORM_DEVICE_EXT) {
    if (!is_device(native_display)) return fail(EGL_BAD_PARAMETER, EGL_NO_DISPLAY);
    if (attrib_list && attrib_list[0] != EGL_NONE) return fail(EGL_BAD_ATTRIBUTE, EGL_NO_DISPLAY);
    set_error(EGL_SUCCESS);
    return &device_display;
  }
  if (platform != EGL_NONE && platform != EGL_PLATFORM_SURFACELESS_MESA) return EGL_NO_DISPLAY;  // not ours
  if (native_display != EGL_DEFAULT_DISPLAY)
    return platform == EGL_NONE ? EGL_NO_DISPLAY : fail(EGL_BAD_PARAMETER, EGL_NO_DISPLAY);
  if (attrib_list && attrib_list[0] != EGL_NONE) return fail(EGL_BAD_ATTRIBUTE, EGL_NO_DISPLAY);
  // eglGetDisplay(EGL_DEFAULT_DISPLAY) is the default X server's display when there is one (as
  // Mesa's X11 platform, its default): unless EGL_PLATFORM names another platform, with $DISPLAY
  // set and the server reachable. Otherwise the surfaceless-like default display.
  if (platform == EGL_NONE) {
    const char* chosen = std::getenv("EGL_PLATFORM");
    const bool x11 = chosen ? std::string_view(chosen) == "x11" : std::getenv("DISPLAY") != nullptr;
    if (x11)
      if (EGLDisplay display = x11_platform_display(EGL_DEFAULT_DISPLAY, nullptr); display != EGL_NO_DISPLAY)
        return display;
  }
  set_error(EGL_SUCCESS);
  return display_for(platform);
}

namespace api {

EGLint GetError() { return take_error(); }

EGLBoolean Initialize(EGLDisplay dpy, EGLint* major, EGLint* minor) {
  std::lock_guard lock(egl_mutex());
  if (!is_display(dpy)) return fail(EGL_BAD_DISPLAY, EGL_FALSE);
  Display* display = static_cast<Display*>(dpy);
  if (!display->initialized) {
    try {
      display->screen = st::Screen::shared();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "glvk: eglInitialize: %s\n", e.what());
      return fail(EGL_NOT_INITIALIZED, EGL_FALSE);
    }
    display->initialized = true;
  }
  if (major) *major = 1;
  if (minor) *minor = 5;
  return succeed();
}

EGLBoolean Terminate(EGLDisplay dpy) {
  std::lock_guard lock(egl_mutex());
  if (!is_display(dpy)) return fail(EGL_BAD_DISPLAY, EGL_FALSE);
  Display* display = static_cast<Display*>(dpy);
  if (!display->initialized) return succeed();
  for (ContextObject* c : display->contexts) c->destroy_pending = true;
  for (Surface* s : display->surfaces) s->destroy_pending = true;
  collect(*display);
  // Images and syncs are gone with the display (EGL 1.5 3.2: their handles become invalid); the
  // textures and renderbuffers an image was given to keep their texels.
  for (void* image : display->images) unregister_egl_image(image);
  display->images.clear();
  display->syncs.clear();
  display->initialized = false;
  display->screen.reset();  // contexts still current keep the device alive
  return succeed();
}

const char* QueryString(EGLDisplay dpy, EGLint name) {
  std::lock_guard lock(egl_mutex());
  // The client extensions (EGL_EXT_client_extensions): libglvnd asks each vendor and keeps those it
  // can dispatch (the device ones decide whether it enumerates this vendor's devices).
  if (dpy == EGL_NO_DISPLAY && name == EGL_EXTENSIONS) {
    set_error(EGL_SUCCESS);
    return "EGL_EXT_client_extensions EGL_EXT_device_base EGL_EXT_device_enumeration EGL_EXT_device_query "
           "EGL_EXT_platform_base EGL_EXT_platform_device EGL_EXT_platform_x11 EGL_KHR_platform_x11 "
           "EGL_MESA_platform_surfaceless";
  }
  if (!checked_display(dpy)) return nullptr;
  set_error(EGL_SUCCESS);
  switch (name) {
    case EGL_VENDOR: return "glvk";
    case EGL_VERSION: return "1.5 glvk";
    case EGL_CLIENT_APIS: return "OpenGL OpenGL_ES";
    case EGL_EXTENSIONS:
      return "EGL_EXT_buffer_age EGL_EXT_create_context_robustness EGL_EXT_image_dma_buf_import EGL_KHR_context_flush_control "
             "EGL_KHR_create_context "
             "EGL_KHR_create_context_no_error EGL_KHR_gl_colorspace EGL_KHR_gl_renderbuffer_image EGL_KHR_gl_texture_2D_image "
             "EGL_KHR_fence_sync EGL_KHR_get_all_proc_addresses EGL_KHR_image_base EGL_KHR_no_config_context "
             "EGL_KHR_surfaceless_context EGL_KHR_wait_sync EGL_MESA_configless_context EGL_MESA_query_driver";
    default: return fail<const char*>(EGL_BAD_PARAMETER, nullptr);
  }
}

EGLBoolean GetConfigs(EGLDisplay dpy, EGLConfig* out, EGLint size, EGLint* count) {
  std::lock_guard lock(egl_mutex());
  if (!checked_display(dpy)) return EGL_FALSE;
  if (!count) return fail(EGL_BAD_PARAMETER, EGL_FALSE);
  const auto& list = configs();
  if (!out) {
    *count = EGLint(list.size());
    return succeed();
  }
  EGLint n = 0;
  for (; n < size && std::size_t(n) < list.size(); ++n) out[n] = const_cast<Config*>(&list[std::size_t(n)]);
  *count = n;
  return succeed();
}

EGLBoolean ChooseConfig(EGLDisplay dpy, const EGLint* attrib_list, EGLConfig* out, EGLint size, EGLint* count) {
  std::lock_guard lock(egl_mutex());
  const Display* display = checked_display(dpy);
  if (!display) return EGL_FALSE;
  if (!count) return fail(EGL_BAD_PARAMETER, EGL_FALSE);
  std::vector<std::pair<EGLint, EGLint>> wanted;
  bool color_requested[4] = {false, false, false, false};  // r g b a: for the sort rule
  for (const EGLint* a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
    EGLint probe;
    if (!config_attribute(*display, configs()[0], a[0], probe)) return fail(EGL_BAD_ATTRIBUTE, EGL_FALSE);
    if (a[0] == EGL_RED_SIZE) color_requested[0] = a[1] > 0;
    if (a[0] == EGL_GREEN_SIZE) color_requested[1] = a[1] > 0;
    if (a[0] == EGL_BLUE_SIZE) color_requested[2] = a[1] > 0;
    if (a[0] == EGL_ALPHA_SIZE) color_requested[3] = a[1] > 0;
    wanted.erase(std::remove_if(wanted.begin(), wanted.end(), [&](auto& w) { return w.first == a[0]; }),
                 wanted.end());
    wanted.emplace_back(a[0], a[1]);
  }
  // EGL_SURFACE_TYPE defaults to EGL_WINDOW_BIT (only X11 displays have window configs).
  if (std::none_of(wanted.begin(), wanted.end(), [](auto& w) { return w.first == EGL_SURFACE_TYPE; }))
    wanted.emplace_back(EGL_SURFACE_TYPE, EGL_WINDOW_BIT);
  std::vector<const Config*> matches;
  for (const Config& c : configs()) {
    bool ok = true;
    for (const auto& [attribute, value] : wanted) {
      if (value == EGL_DONT_CARE) continue;
      EGLint have = 0;
      config_attribute(*display, c, attribute, have);
      switch (match_rule(attribute)) {
        case Match::AtLeast: ok &= have >= value; break;
        case Match::Exact: ok &= have == value; break;
        case Match::Mask: ok &= (have & value) == value; break;
        case Match::Ignored: break;
      }
    }
    if (ok) matches.push_back(&c);
  }
  // The spec's order: more bits in the requested colour channels first, then smaller buffers,
  // fewer samples, smaller depth and stencil, then the config id.
  auto key = [&](const Config* c) {
    const EGLint color = (color_requested[0] ? c->red : 0) + (color_requested[1] ? c->green : 0) +
                         (color_requested[2] ? c->blue : 0) + (color_requested[3] ? c->alpha : 0);
    return std::make_tuple(-color, c->red + c->green + c->blue + c->alpha, c->samples, c->depth, c->stencil, c->id);
  };
  std::stable_sort(matches.begin(), matches.end(), [&](auto* a, auto* b) { return key(a) < key(b); });
  if (!out) {
    *count = EGLint(matches.size());
    return succeed();
  }
  EGLint n = 0;
  for (; n < size && std::size_t(n) < matches.size(); ++n) out[n] = const_cast<Config*>(matches[std::size_t(n)]);
  *count = n;
  return succeed();
}

EGLBoolean GetConfigAttrib(EGLDisplay dpy, EGLConfig config, EGLint attribute, EGLint* value) {
  std::lock_guard lock(egl_mutex());
  const Display* display = checked_display(dpy);
  if (!display) return EGL_FALSE;
  const Config* c = checked_config(config);
  if (!c) return EGL_FALSE;
  EGLint v = 0;
  if (!config_attribute(*display, *c, attribute, v)) return fail(EGL_BAD_ATTRIBUTE, EGL_FALSE);
  if (value) *value = v;
  return succeed();
}

EGLSurface CreatePbufferSurface(EGLDisplay dpy, EGLConfig config, const EGLint* attrib_list) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_NO_SURFACE;
  const Config* c = checked_config(config);
  if (!c) return EGL_NO_SURFACE;
  EGLint width = 0, height = 0, colorspace = EGL_GL_COLORSPACE_LINEAR;
  bool largest = false;
  for (const EGLint* a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
    switch (a[0]) {
      case EGL_WIDTH: width = a[1]; break;
      case EGL_HEIGHT: height = a[1]; break;
      case EGL_LARGEST_PBUFFER: largest = a[1] != EGL_FALSE; break;
      case EGL_TEXTURE_FORMAT: case EGL_TEXTURE_TARGET:
        // No config binds to textures: only EGL_NO_TEXTURE is acceptable.
        if (a[1] != EGL_NO_TEXTURE) return fail(EGL_BAD_MATCH, EGL_NO_SURFACE);
        break;
      case EGL_MIPMAP_TEXTURE: break;
      default:
        if (!common_surface_attribute(a[0], a[1], colorspace)) return fail(EGL_BAD_ATTRIBUTE, EGL_NO_SURFACE);
    }
  }
  if (width < 0 || height < 0) return fail(EGL_BAD_PARAMETER, EGL_NO_SURFACE);
  if (width > kMaxPbufferSize || height > kMaxPbufferSize) {
    if (!largest) return fail(EGL_BAD_ALLOC, EGL_NO_SURFACE);
    width = std::min(width, kMaxPbufferSize);
    height = std::min(height, kMaxPbufferSize);
  }
  // A pbuffer renders to its back buffer (EGL_RENDER_BUFFER is always EGL_BACK_BUFFER).
  const gl::WindowFramebufferConfig buffers = surface_framebuffer(*c, width, height, colorspace, c->samples, true);
  std::shared_ptr<gl::FramebufferObject> framebuffer;
  try {
    framebuffer = gl::create_window_framebuffer(display->screen, buffers);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "glvk: eglCreatePbufferSurface: %s\n", e.what());
  }
  if (!framebuffer) return fail(EGL_BAD_ALLOC, EGL_NO_SURFACE);
  auto* surface = new Surface{c, width, height, largest, std::move(framebuffer)};
  surface->colorspace = colorspace;
  display->surfaces.insert(surface);
  set_error(EGL_SUCCESS);
  return surface;
}

// Windows on X11 displays (egl_x11.cpp); other displays' configs have no EGL_WINDOW_BIT.
EGLSurface CreateWindowSurface(EGLDisplay dpy, EGLConfig config, EGLNativeWindowType window, const EGLint* attrib_list) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_NO_SURFACE;
  const Config* c = checked_config(config);
  if (!c) return EGL_NO_SURFACE;
  if (!display->x11) return fail(EGL_BAD_MATCH, EGL_NO_SURFACE);
  return create_window_surface(*display, *c, ::Window(window), attrib_list);
}

// EGL_KHR_platform_x11: the native window is passed by address (a Window*).
EGLSurface CreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config, void* native_window,
                                       const EGLAttrib* attrib_list) {
  const std::vector<EGLint> attributes = converted_attributes<EGLint>(attrib_list);
  return CreatePlatformWindowSurfaceEXT(dpy, config, native_window, attributes.data());
}

EGLSurface CreatePlatformWindowSurfaceEXT(EGLDisplay dpy, EGLConfig config, void* native_window,
                                          const EGLint* attrib_list) {
  {
    std::lock_guard lock(egl_mutex());
    Display* display = checked_display(dpy);
    if (!display) return EGL_NO_SURFACE;
    // EGL_MESA_platform_surfaceless: no native windows there, whatever the config.
    if (!display->x11 || !native_window) return fail(EGL_BAD_NATIVE_WINDOW, EGL_NO_SURFACE);
    if (!checked_config(config)) return EGL_NO_SURFACE;
  }
  const ::Window window = native_window ? *static_cast<const ::Window*>(native_window) : 0;
  return CreateWindowSurface(dpy, config, EGLNativeWindowType(window), attrib_list);
}

EGLSurface CreatePixmapSurface(EGLDisplay dpy, EGLConfig config, EGLNativePixmapType pixmap, const EGLint* attrib_list) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_NO_SURFACE;
  const Config* c = checked_config(config);
  if (!c) return EGL_NO_SURFACE;
  return create_pixmap_surface(*display, *c, ::Pixmap(pixmap), attrib_list);
}

// EGL_KHR_platform_x11: the native pixmap is passed by address (a Pixmap*); other platforms have
// no native pixmaps (EGL_MESA_platform_surfaceless: EGL_BAD_NATIVE_PIXMAP).
EGLSurface CreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config, void* native_pixmap,
                                       const EGLAttrib* attrib_list) {
  const std::vector<EGLint> attributes = converted_attributes<EGLint>(attrib_list);
  return CreatePlatformPixmapSurfaceEXT(dpy, config, native_pixmap, attributes.data());
}

EGLSurface CreatePlatformPixmapSurfaceEXT(EGLDisplay dpy, EGLConfig config, void* native_pixmap,
                                          const EGLint* attrib_list) {
  {
    std::lock_guard lock(egl_mutex());
    Display* display = checked_display(dpy);
    if (!display) return EGL_NO_SURFACE;
    if (!display->x11 || !native_pixmap) return fail(EGL_BAD_NATIVE_PIXMAP, EGL_NO_SURFACE);
    if (!checked_config(config)) return EGL_NO_SURFACE;
  }
  const ::Pixmap pixmap = *static_cast<const ::Pixmap*>(native_pixmap);
  return CreatePixmapSurface(dpy, config, EGLNativePixmapType(pixmap), attrib_list);
}

EGLSurface CreatePbufferFromClientBuffer(EGLDisplay dpy, EGLenum, EGLClientBuffer, EGLConfig config, const EGLint*) {
  std::lock_guard lock(egl_mutex());
  if (!checked_display(dpy) || !checked_config(config)) return EGL_NO_SURFACE;
  return fail(EGL_BAD_PARAMETER, EGL_NO_SURFACE);  // no client buffer type is supported
}

EGLBoolean DestroySurface(EGLDisplay dpy, EGLSurface surface) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_FALSE;
  Surface* s = find_surface(*display, surface);
  if (!s) return fail(EGL_BAD_SURFACE, EGL_FALSE);
  s->destroy_pending = true;
  collect(*display);
  return succeed();
}

EGLBoolean QuerySurface(EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint* value) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_FALSE;
  Surface* s = find_surface(*display, surface);
  if (!s) return fail(EGL_BAD_SURFACE, EGL_FALSE);
  EGLint v = 0;
  if (s->window) {
    follow_window(*display, *s);
    s->width = s->framebuffer->window->width;
    s->height = s->framebuffer->window->height;
  }
  switch (attribute) {
    case EGL_WIDTH: v = s->width; break;
    case EGL_HEIGHT: v = s->height; break;
    case EGL_CONFIG_ID: v = s->config->id; break;
    case EGL_LARGEST_PBUFFER: v = s->largest_pbuffer; break;
    case EGL_TEXTURE_FORMAT: case EGL_TEXTURE_TARGET: v = EGL_NO_TEXTURE; break;
    case EGL_MIPMAP_TEXTURE: case EGL_MIPMAP_LEVEL: v = 0; break;
    case EGL_RENDER_BUFFER: v = s->pixmap ? EGL_SINGLE_BUFFER : EGL_BACK_BUFFER; break;
    // EGL_EXT_buffer_age: of the calling thread's draw surface only.
    case EGL_BUFFER_AGE_EXT:
      if (!thread_context() || thread_context()->draw != s) return fail(EGL_BAD_SURFACE, EGL_FALSE);
      v = EGLint(s->framebuffer->window->back_buffer_age());
      break;
    case EGL_SWAP_BEHAVIOR: v = EGL_BUFFER_DESTROYED; break;
    case EGL_MULTISAMPLE_RESOLVE: v = EGL_MULTISAMPLE_RESOLVE_DEFAULT; break;
    case EGL_GL_COLORSPACE: v = s->colorspace; break;
    case EGL_HORIZONTAL_RESOLUTION: case EGL_VERTICAL_RESOLUTION: case EGL_PIXEL_ASPECT_RATIO: v = EGL_UNKNOWN; break;
    case EGL_VG_ALPHA_FORMAT: v = EGL_VG_ALPHA_FORMAT_NONPRE; break;
    case EGL_VG_COLORSPACE: v = EGL_VG_COLORSPACE_sRGB; break;
    default: return fail(EGL_BAD_ATTRIBUTE, EGL_FALSE);
  }
  if (value) *value = v;
  return succeed();
}

EGLBoolean SurfaceAttrib(EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint value) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_FALSE;
  if (!find_surface(*display, surface)) return fail(EGL_BAD_SURFACE, EGL_FALSE);
  switch (attribute) {
    case EGL_MIPMAP_LEVEL: return succeed();
    case EGL_SWAP_BEHAVIOR:
      // Preserving the colour buffer would need EGL_SWAP_BEHAVIOR_PRESERVED_BIT in the config.
      return value == EGL_BUFFER_DESTROYED ? succeed() : fail(EGL_BAD_MATCH, EGL_FALSE);
    case EGL_MULTISAMPLE_RESOLVE:
      return value == EGL_MULTISAMPLE_RESOLVE_DEFAULT ? succeed() : fail(EGL_BAD_MATCH, EGL_FALSE);
    default: return fail(EGL_BAD_ATTRIBUTE, EGL_FALSE);
  }
}

EGLBoolean BindTexImage(EGLDisplay dpy, EGLSurface surface, EGLint) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_FALSE;
  if (!find_surface(*display, surface)) return fail(EGL_BAD_SURFACE, EGL_FALSE);
  return fail(EGL_BAD_MATCH, EGL_FALSE);  // EGL_TEXTURE_FORMAT is always EGL_NO_TEXTURE
}

EGLBoolean ReleaseTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer) {
  return BindTexImage(dpy, surface, buffer);
}

// libglvnd's libEGL answers eglBindAPI/eglQueryAPI itself (per thread, asking each vendor's
// getSupportsAPI) and hands the bound API to vendors through getCurrentApi (current_api()); these
// are what a caller reaching the vendor directly gets.
EGLBoolean BindAPI(EGLenum api) {
  return supports_api(api) ? succeed() : fail(EGL_BAD_PARAMETER, EGL_FALSE);
}

EGLenum QueryAPI() { return current_api(); }

EGLContext CreateContext(EGLDisplay dpy, EGLConfig config, EGLContext share_context, const EGLint* attrib_list) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_NO_CONTEXT;
  const Config* c = nullptr;
  if (config != EGL_NO_CONFIG_KHR && !(c = checked_config(config))) return EGL_NO_CONTEXT;
  const EGLenum client_api = current_api();
  if (!supports_api(client_api))
    return fail(config == EGL_NO_CONFIG_KHR ? EGL_BAD_MATCH : EGL_BAD_CONFIG, EGL_NO_CONTEXT);
  const bool es = client_api == EGL_OPENGL_ES_API;
  ContextObject* share = nullptr;
  if (share_context != EGL_NO_CONTEXT && !(share = find_context(*display, share_context)))
    return fail(EGL_BAD_CONTEXT, EGL_NO_CONTEXT);

  ContextRequest request;
  request.api = es ? Api::OpenGLES : Api::OpenGL;
  EGLint profile = EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, flags = 0;
  for (const EGLint* a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
    // EGL_KHR_create_context: the profile mask and forward compatibility are OpenGL's only; ES
    // contexts take EGL_CONTEXT_CLIENT_VERSION (the same attribute as MAJOR_VERSION).
    // Robust access reaches ES contexts through EGL_EXT_create_context_robustness's attribute, not
    // the flags (which EGL_KHR_create_context defines for OpenGL; Mesa refuses it there too).
    const bool gl_only = a[0] == EGL_CONTEXT_OPENGL_PROFILE_MASK || a[0] == EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE ||
                         (a[0] == EGL_CONTEXT_FLAGS_KHR &&
                          (a[1] & (EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR | EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR)));
    if (es && gl_only) return fail(EGL_BAD_ATTRIBUTE, EGL_NO_CONTEXT);
    switch (a[0]) {
      case EGL_CONTEXT_MAJOR_VERSION: request.major = a[1]; break;
      case EGL_CONTEXT_MINOR_VERSION: request.minor = a[1]; break;
      case EGL_CONTEXT_OPENGL_PROFILE_MASK: profile = a[1]; break;
      case EGL_CONTEXT_FLAGS_KHR:
        if (a[1] & ~(EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR | EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR |
                     EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR))
          return fail(EGL_BAD_ATTRIBUTE, EGL_NO_CONTEXT);
        flags = a[1];
        break;
      case EGL_CONTEXT_OPENGL_DEBUG:
        flags = a[1] ? flags | EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR : flags & ~EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR;
        break;
      case EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE:
        flags = a[1] ? flags | EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR
                     : flags & ~EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR;
        break;
      // EGL_EXT_create_context_robustness names the EGL 1.5 attributes with other values.
      case EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT:
      case EGL_CONTEXT_OPENGL_ROBUST_ACCESS:
        flags = a[1] ? flags | EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR
                     : flags & ~EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR;
        break;
      case EGL_CONTEXT_OPENGL_NO_ERROR_KHR: request.no_error = a[1] != EGL_FALSE; break;
      case EGL_CONTEXT_RELEASE_BEHAVIOR_KHR:
        if (a[1] != EGL_CONTEXT_RELEASE_BEHAVIOR_NONE_KHR && a[1] != EGL_CONTEXT_RELEASE_BEHAVIOR_FLUSH_KHR)
          return fail(EGL_BAD_ATTRIBUTE, EGL_NO_CONTEXT);
        request.release_flush = a[1] == EGL_CONTEXT_RELEASE_BEHAVIOR_FLUSH_KHR;
        break;
      case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT:
      case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY:
        if (a[1] != EGL_NO_RESET_NOTIFICATION && a[1] != EGL_LOSE_CONTEXT_ON_RESET)
          return fail(EGL_BAD_ATTRIBUTE, EGL_NO_CONTEXT);
        request.lose_context_on_reset = a[1] == EGL_LOSE_CONTEXT_ON_RESET;
        break;
      default: return fail(EGL_BAD_ATTRIBUTE, EGL_NO_CONTEXT);
    }
  }
  // EGL_KHR_create_context: from GL 3.2 on, a mask without exactly one of the two profiles is
  // EGL_BAD_MATCH (check_context_request); below 3.2 the mask is not looked at.
  request.core_profile_bit = profile & EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT;
  request.compat_profile_bit = profile & EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT;
  request.other_profile_bits = profile & ~(EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT | EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT);
  request.debug = flags & EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR;
  request.forward_compatible = flags & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR;
  request.robust_access = flags & EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR;
  // Every reason a request cannot be served is EGL_BAD_MATCH (EGL_KHR_create_context).
  if (check_context_request(request, share ? share->gl.get() : nullptr) != ContextRequestError::NONE) return fail(EGL_BAD_MATCH, EGL_NO_CONTEXT);

  auto* context = new ContextObject{c, nullptr};
  try {
    context->gl = create_context(request, share ? share->gl.get() : nullptr, display->screen);
  } catch (const std::exception& e) {
    delete context;
    std::fprintf(stderr, "glvk: eglCreateContext: %s\n", e.what());
    return fail(EGL_BAD_ALLOC, EGL_NO_CONTEXT);
  }
  display->contexts.insert(context);
  set_error(EGL_SUCCESS);
  return context;
}

EGLBoolean DestroyContext(EGLDisplay dpy, EGLContext ctx) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_FALSE;
  ContextObject* c = find_context(*display, ctx);
  if (!c) return fail(EGL_BAD_CONTEXT, EGL_FALSE);
  c->destroy_pending = true;
  collect(*display);
  return succeed();
}

EGLBoolean MakeCurrent(EGLDisplay dpy, EGLSurface draw, EGLSurface read, EGLContext ctx) {
  std::lock_guard lock(egl_mutex());
  if (!is_display(dpy)) return fail(EGL_BAD_DISPLAY, EGL_FALSE);
  Display* display = static_cast<Display*>(dpy);
  if (ctx == EGL_NO_CONTEXT) {
    if (draw != EGL_NO_SURFACE || read != EGL_NO_SURFACE) return fail(EGL_BAD_MATCH, EGL_FALSE);
    // Releasing is allowed even on a terminated display.
    leave_current_context();
    current_context_object = nullptr;
    gl::set_current_context(nullptr);
    collect(*display);
    return succeed();
  }
  if (!display->initialized) return fail(EGL_NOT_INITIALIZED, EGL_FALSE);
  ContextObject* c = find_context(*display, ctx);
  if (!c) return fail(EGL_BAD_CONTEXT, EGL_FALSE);
  if ((draw == EGL_NO_SURFACE) != (read == EGL_NO_SURFACE)) return fail(EGL_BAD_MATCH, EGL_FALSE);
  Surface* d = nullptr;
  Surface* r = nullptr;
  if (draw != EGL_NO_SURFACE) {
    d = find_surface(*display, draw);
    r = find_surface(*display, read);
    if (!d || !r) return fail(EGL_BAD_SURFACE, EGL_FALSE);
    // A context with a config renders only to surfaces of that config; one without, to a draw and
    // read surface of one config (EGL_KHR_no_config_context: compatible surfaces).
    if (c->config && (d->config != c->config || r->config != c->config)) return fail(EGL_BAD_MATCH, EGL_FALSE);
    if (d->config != r->config) return fail(EGL_BAD_MATCH, EGL_FALSE);
  }
  if (c->current && c != current_context_object) return fail(EGL_BAD_ACCESS, EGL_FALSE);  // another thread's
  leave_current_context();
  c->current = true;
  c->draw = d;
  c->read = r;
  for (Surface* s : {d, r})
    if (s) {
      ++s->current_count;
      follow_window(*display, *s);
    }
  bind_surfaces(*c->gl, d ? d->framebuffer : nullptr, r ? r->framebuffer : nullptr);
  if (d) set_window_front_flush(*d, *c->gl);
  current_context_object = c;
  gl::set_current_context(c->gl.get());
  collect(*display);
  return succeed();
}

EGLBoolean QueryContext(EGLDisplay dpy, EGLContext ctx, EGLint attribute, EGLint* value) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_FALSE;
  ContextObject* c = find_context(*display, ctx);
  if (!c) return fail(EGL_BAD_CONTEXT, EGL_FALSE);
  EGLint v = 0;
  switch (attribute) {
    case EGL_CONFIG_ID: v = c->config ? c->config->id : 0; break;
    case EGL_CONTEXT_CLIENT_TYPE: v = c->gl->config().es() ? EGL_OPENGL_ES_API : EGL_OPENGL_API; break;
    case EGL_CONTEXT_CLIENT_VERSION: v = c->gl->config().major; break;
    case EGL_RENDER_BUFFER: v = c->draw ? EGL_BACK_BUFFER : EGL_NONE; break;
    default: return fail(EGL_BAD_ATTRIBUTE, EGL_FALSE);
  }
  if (value) *value = v;
  return succeed();
}

EGLBoolean SwapBuffers(EGLDisplay dpy, EGLSurface surface) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_FALSE;
  Surface* s = find_surface(*display, surface);
  if (!s) return fail(EGL_BAD_SURFACE, EGL_FALSE);
  ContextObject* c = current_context_object;
  if (!c || c->draw != s) return fail(EGL_BAD_SURFACE, EGL_FALSE);
  // Swapping a pbuffer has no effect (EGL 1.5 section 3.10.1) beyond the implicit flush.
  draw_immediate_batch(*c->gl);
  c->gl->st().flush();
  if (s->window) swap_window(*display, *s, *c->gl);
  return succeed();
}

// EGL 1.5 section 3.10.5: the surface's colour buffer into the pixmap, after an implicit glFlush
// of the current context (the surface must be current: the copy reads through its context).
EGLBoolean CopyBuffers(EGLDisplay dpy, EGLSurface surface, EGLNativePixmapType target) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_FALSE;
  Surface* s = find_surface(*display, surface);
  if (!s) return fail(EGL_BAD_SURFACE, EGL_FALSE);
  ContextObject* c = current_context_object;
  if (!c || (c->draw != s && c->read != s)) return fail(EGL_BAD_CONTEXT, EGL_FALSE);
  draw_immediate_batch(*c->gl);
  c->gl->st().flush();
  if (!copy_buffers(*display, *s, *c->gl, ::Pixmap(target))) return EGL_FALSE;
  return succeed();
}

// Recorded on the current draw surface, clamped to the config's range (EGL 1.5 section 3.10.3).
EGLBoolean SwapInterval(EGLDisplay dpy, EGLint interval) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_FALSE;
  ContextObject* c = current_context_object;
  if (!c) return fail(EGL_BAD_CONTEXT, EGL_FALSE);
  if (!c->draw) return fail(EGL_BAD_SURFACE, EGL_FALSE);
  EGLint low = 0, high = 0;
  config_attribute(*display, *c->draw->config, EGL_MIN_SWAP_INTERVAL, low);
  config_attribute(*display, *c->draw->config, EGL_MAX_SWAP_INTERVAL, high);
  c->draw->swap_interval = std::clamp(interval, low, high);
  return succeed();
}

EGLBoolean WaitClient() {
  if (ContextObject* c = current_context_object) {
    c->gl->st().finish();
    if (c->draw) present_pixmap(*c->draw, *c->gl);  // native rendering to a pixmap sees GL's
  }
  return succeed();
}

EGLBoolean WaitGL() { return WaitClient(); }
EGLBoolean WaitNative(EGLint) { return succeed(); }

EGLBoolean ReleaseThread() {
  std::lock_guard lock(egl_mutex());
  leave_current_context();
  current_context_object = nullptr;
  gl::set_current_context(nullptr);
  collect(default_display);
  collect(surfaceless_display);
  collect(device_display);
  return succeed();
}

EGLContext GetCurrentContext() { return current_context_object ? current_context_object : EGL_NO_CONTEXT; }

}  // namespace api
}  // namespace glvk::gl::egl
