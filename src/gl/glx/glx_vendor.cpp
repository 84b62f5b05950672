// The glvnd GLX vendor entry point: libglvnd's libGLX loads libGLX_glvk.so.0 (named by
// __GLX_VENDOR_LIBRARY_NAME=glvk) and calls __glx_Main, the only symbol the library exports.
// libGLX dispatches the GLX 1.4 functions itself (by screen, context, config or drawable) and
// records which vendor owns each handle they return; the extension functions below need the
// vendor's own dispatch functions (libglxabi.h), which find the owning vendor the same way.
// glx_objects.h first: glvk's headers before Xlib's macros (None, Bool).
#include "glx_objects.h"

#include <glvnd/libglxabi.h>

#include <cstdio>
#include <cstring>
#include <exception>

#include "glvk/gl/dispatch.h"
#include "glx_api.h"
#include "glx_protocol.h"

namespace glvk::gl::glx {
namespace {

const __GLXapiExports* exports = nullptr;

template <typename F>
void* address(F* function) {
  return reinterpret_cast<void*>(function);
}

struct NamedFunction {
  const char* name;
  void* address;
};

const NamedFunction kGlxFunctions[] = {
    {"glXChooseFBConfig", address(&api::ChooseFBConfig)},
    {"glXChooseVisual", address(&api::ChooseVisual)},
    {"glXCopyContext", address(&api::CopyContext)},
    {"glXCreateContext", address(&api::CreateContext)},
    {"glXCreateContextAttribsARB", address(&api::CreateContextAttribsARB)},
    {"glXCreateGLXPixmap", address(&api::CreateGLXPixmap)},
    {"glXCreateNewContext", address(&api::CreateNewContext)},
    {"glXCreatePbuffer", address(&api::CreatePbuffer)},
    {"glXCreatePixmap", address(&api::CreatePixmap)},
    {"glXCreateWindow", address(&api::CreateWindow)},
    {"glXDestroyContext", address(&api::DestroyContext)},
    {"glXDestroyGLXPixmap", address(&api::DestroyGLXPixmap)},
    {"glXDestroyPbuffer", address(&api::DestroyPbuffer)},
    {"glXDestroyPixmap", address(&api::DestroyPixmap)},
    {"glXDestroyWindow", address(&api::DestroyWindow)},
    {"glXGetClientString", address(&api::GetClientString)},
    {"glXGetConfig", address(&api::GetConfig)},
    {"glXGetFBConfigAttrib", address(&api::GetFBConfigAttrib)},
    {"glXGetFBConfigs", address(&api::GetFBConfigs)},
    {"glXGetSelectedEvent", address(&api::GetSelectedEvent)},
    {"glXGetSwapIntervalMESA", address(&api::GetSwapIntervalMESA)},
    {"glXGetVisualFromFBConfig", address(&api::GetVisualFromFBConfig)},
    {"glXIsDirect", address(&api::IsDirect)},
    {"glXMakeContextCurrent", address(&api::MakeContextCurrent)},
    {"glXMakeCurrent", address(&api::MakeCurrent)},
    {"glXQueryContext", address(&api::QueryContext)},
    {"glXQueryDrawable", address(&api::QueryDrawable)},
    {"glXQueryCurrentRendererIntegerMESA", address(&api::QueryCurrentRendererIntegerMESA)},
    {"glXQueryCurrentRendererStringMESA", address(&api::QueryCurrentRendererStringMESA)},
    {"glXQueryExtensionsString", address(&api::QueryExtensionsString)},
    {"glXQueryRendererIntegerMESA", address(&api::QueryRendererIntegerMESA)},
    {"glXQueryRendererStringMESA", address(&api::QueryRendererStringMESA)},
    {"glXQueryServerString", address(&api::QueryServerString)},
    {"glXSelectEvent", address(&api::SelectEvent)},
    {"glXSwapBuffers", address(&api::SwapBuffers)},
    {"glXSwapIntervalEXT", address(&api::SwapIntervalEXT)},
    {"glXSwapIntervalMESA", address(&api::SwapIntervalMESA)},
    {"glXSwapIntervalSGI", address(&api::SwapIntervalSGI)},
    {"glXUseXFont", address(&api::UseXFont)},
    {"glXWaitGL", address(&api::WaitGL)},
    {"glXWaitX", address(&api::WaitX)},
};

// The extension functions' dispatch functions and the indices libGLX gives them.
enum Extension {
  CREATE_CONTEXT_ATTRIBS,
  SWAP_INTERVAL_EXT,
  SWAP_INTERVAL_MESA,
  GET_SWAP_INTERVAL_MESA,
  SWAP_INTERVAL_SGI,
  QUERY_RENDERER_INTEGER,
  QUERY_CURRENT_RENDERER_INTEGER,
  QUERY_RENDERER_STRING,
  QUERY_CURRENT_RENDERER_STRING,
  COUNT
};
int dispatch_index[COUNT] = {-1, -1, -1, -1, -1, -1, -1, -1, -1};

template <typename F>
F* entry(__GLXvendorInfo* vendor, Extension which) {
  if (!vendor || dispatch_index[which] < 0) return nullptr;
  return reinterpret_cast<F*>(exports->fetchDispatchEntry(vendor, dispatch_index[which]));
}

GLXContext dispatch_create_context_attribs(Display* dpy, GLXFBConfig config, GLXContext share, Bool direct,
                                           const int* attributes) {
  __GLXvendorInfo* vendor = nullptr;
  if (config) {
    vendor = exports->vendorFromFBConfig(dpy, config);
  } else {
    // GLX_EXT_no_config_context: the screen of GLX_SCREEN chooses the vendor.
    for (const int* a = attributes; a && a[0] != None; a += 2)
      if (a[0] == GLX_SCREEN && a[1] >= 0 && a[1] < ScreenCount(dpy)) vendor = exports->getDynDispatch(dpy, a[1]);
  }
  auto* function = entry<decltype(api::CreateContextAttribsARB)>(vendor, CREATE_CONTEXT_ATTRIBS);
  if (!function) {
    raise_glx_error(dpy, GLXBadFBConfig, 0, X_GLXCreateContextAttribsARB);
    return nullptr;
  }
  GLXContext context = function(dpy, config, share, direct, attributes);
  if (context && exports->addVendorContextMapping(dpy, context, vendor) != 0) {
    raise_x_error(dpy, BadAlloc, 0, X_GLXCreateContextAttribsARB);
    return nullptr;
  }
  return context;
}

void dispatch_swap_interval_ext(Display* dpy, GLXDrawable drawable, int interval) {
  if (auto* function = entry<decltype(api::SwapIntervalEXT)>(exports->vendorFromDrawable(dpy, drawable), SWAP_INTERVAL_EXT))
    function(dpy, drawable, interval);
  else
    raise_x_error(dpy, BadWindow, drawable, X_GLXVendorPrivate);
}

int dispatch_swap_interval_mesa(unsigned interval) {
  auto* function = entry<decltype(api::SwapIntervalMESA)>(exports->getCurrentDynDispatch(), SWAP_INTERVAL_MESA);
  return function ? function(interval) : GLX_BAD_CONTEXT;
}

int dispatch_get_swap_interval_mesa() {
  auto* function = entry<decltype(api::GetSwapIntervalMESA)>(exports->getCurrentDynDispatch(), GET_SWAP_INTERVAL_MESA);
  return function ? function() : 0;
}

int dispatch_swap_interval_sgi(int interval) {
  auto* function = entry<decltype(api::SwapIntervalSGI)>(exports->getCurrentDynDispatch(), SWAP_INTERVAL_SGI);
  return function ? function(interval) : GLX_BAD_CONTEXT;
}

// GLX_MESA_query_renderer: by screen, or by the current context's vendor.
Bool dispatch_query_renderer_integer(Display* dpy, int screen, int renderer, int attribute, unsigned* value) {
  auto* function = entry<decltype(api::QueryRendererIntegerMESA)>(exports->getDynDispatch(dpy, screen), QUERY_RENDERER_INTEGER);
  return function ? function(dpy, screen, renderer, attribute, value) : False;
}

Bool dispatch_query_current_renderer_integer(int attribute, unsigned* value) {
  auto* function =
      entry<decltype(api::QueryCurrentRendererIntegerMESA)>(exports->getCurrentDynDispatch(), QUERY_CURRENT_RENDERER_INTEGER);
  return function ? function(attribute, value) : False;
}

const char* dispatch_query_renderer_string(Display* dpy, int screen, int renderer, int attribute) {
  auto* function = entry<decltype(api::QueryRendererStringMESA)>(exports->getDynDispatch(dpy, screen), QUERY_RENDERER_STRING);
  return function ? function(dpy, screen, renderer, attribute) : nullptr;
}

const char* dispatch_query_current_renderer_string(int attribute) {
  auto* function =
      entry<decltype(api::QueryCurrentRendererStringMESA)>(exports->getCurrentDynDispatch(), QUERY_CURRENT_RENDERER_STRING);
  return function ? function(attribute) : nullptr;
}

const struct {
  const char* name;
  void* dispatch;
} kExtensionDispatch[COUNT] = {
    {"glXCreateContextAttribsARB", address(&dispatch_create_context_attribs)},
    {"glXSwapIntervalEXT", address(&dispatch_swap_interval_ext)},
    {"glXSwapIntervalMESA", address(&dispatch_swap_interval_mesa)},
    {"glXGetSwapIntervalMESA", address(&dispatch_get_swap_interval_mesa)},
    {"glXSwapIntervalSGI", address(&dispatch_swap_interval_sgi)},
    {"glXQueryRendererIntegerMESA", address(&dispatch_query_renderer_integer)},
    {"glXQueryCurrentRendererIntegerMESA", address(&dispatch_query_current_renderer_integer)},
    {"glXQueryRendererStringMESA", address(&dispatch_query_renderer_string)},
    {"glXQueryCurrentRendererStringMESA", address(&dispatch_query_current_renderer_string)},
};

// Whether glvk renders on this screen; says why not on stderr, since libGLX then hands the
// screen to another vendor without a word (when the X server named the vendor).
Bool vendor_is_screen_supported(Display* dpy, int screen) {
  Lock lock(glx_mutex());
  if (screen_configs(dpy, screen).empty()) return False;  // which says why on stderr
  try {
    glx_screen();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "glvk: GLX: no Vulkan device for screen %d: %s; glvk cannot serve it\n", screen, e.what());
    return False;
  }
  return True;
}

void* vendor_get_proc_address(const GLubyte* procedure) {
  const char* name = reinterpret_cast<const char*>(procedure);
  if (!name) return nullptr;
  if (std::strncmp(name, "glX", 3) == 0) {
    for (const NamedFunction& f : kGlxFunctions)
      if (std::strcmp(f.name, name) == 0) return f.address;
    return nullptr;
  }
  return get_proc_address(name);
}

void* vendor_get_dispatch_address(const GLubyte* procedure) {
  for (const auto& e : kExtensionDispatch)
    if (std::strcmp(e.name, reinterpret_cast<const char*>(procedure)) == 0) return e.dispatch;
  return nullptr;
}

void vendor_set_dispatch_index(const GLubyte* procedure, int index) {
  for (int i = 0; i < COUNT; ++i)
    if (std::strcmp(kExtensionDispatch[i].name, reinterpret_cast<const char*>(procedure)) == 0) dispatch_index[i] = index;
}

}  // namespace
}  // namespace glvk::gl::glx

extern "C" __attribute__((visibility("default"))) Bool __glx_Main(uint32_t version, const __GLXapiExports* exports,
                                                                  __GLXvendorInfo*, __GLXapiImports* imports) {
  using namespace glvk::gl::glx;
  // A newer minor version only adds to the structures; the major one must match.
  if (GLX_VENDOR_ABI_GET_MAJOR_VERSION(version) != GLX_VENDOR_ABI_MAJOR_VERSION) {
    std::fprintf(stderr, "glvk: GLX: libGLX's vendor ABI %u.%u is not the %u.%u glvk was built for\n",
                 GLX_VENDOR_ABI_GET_MAJOR_VERSION(version), GLX_VENDOR_ABI_GET_MINOR_VERSION(version),
                 GLX_VENDOR_ABI_MAJOR_VERSION, GLX_VENDOR_ABI_MINOR_VERSION);
    return False;
  }
  glvk::gl::glx::exports = exports;
  imports->isScreenSupported = vendor_is_screen_supported;
  imports->getProcAddress = vendor_get_proc_address;
  imports->getDispatchAddress = vendor_get_dispatch_address;
  imports->setDispatchIndex = vendor_set_dispatch_index;
  return True;
}
