// GLX framebuffer configurations (GLX 1.4 section 3.3.3): what glvk renders on each screen, their
// attributes, and the selection and sorting rules of glXChooseFBConfig and glXChooseVisual.
#include <algorithm>
#include <cstdio>
#include <deque>
#include <iterator>
#include <map>
#include <tuple>

#include "glx_objects.h"

extern "C" void glvk_glx_on_close_display(Display* dpy, int (*hook)(Display*, XExtCodes*));

namespace glvk::gl::glx {
namespace {

constexpr int kMaxPbufferSize = 16384;

// Configs of every screen seen, in a deque so handles stay valid as screens are added.
struct ScreenKey {
  Display* dpy;
  int screen;
  bool operator<(const ScreenKey& o) const { return std::tie(dpy, screen) < std::tie(o.dpy, o.screen); }
};
std::deque<FBConfig>& all_configs() {
  static auto* configs = new std::deque<FBConfig>();  // never destroyed: handles outlive exit handlers
  return *configs;
}
std::map<ScreenKey, std::vector<const FBConfig*>>& screens() {
  static auto* map = new std::map<ScreenKey, std::vector<const FBConfig*>>();
  return *map;
}

// The TrueColor visuals of depth 24 with 8-bit red, green and blue in the X byte layout glvk's
// presentation writes (any order of masks works: glx_present.cpp converts); the default visual first.
std::vector<VisualID> rgb8_visuals(Display* dpy, int screen) {
  XVisualInfo want{};
  want.screen = screen;
  want.depth = 24;
  want.c_class = TrueColor;
  int count = 0;
  XVisualInfo* infos = XGetVisualInfo(dpy, VisualScreenMask | VisualDepthMask | VisualClassMask, &want, &count);
  std::vector<VisualID> out;
  const VisualID default_visual = XVisualIDFromVisual(DefaultVisual(dpy, screen));
  for (int i = 0; i < count; ++i) {
    const XVisualInfo& v = infos[i];
    const bool eight_bits = v.bits_per_rgb >= 8 && __builtin_popcountl(v.red_mask) == 8 &&
                            __builtin_popcountl(v.green_mask) == 8 && __builtin_popcountl(v.blue_mask) == 8;
    if (!eight_bits) continue;
    if (v.visualid == default_visual)
      out.insert(out.begin(), v.visualid);
    else
      out.push_back(v.visualid);
  }
  if (infos) XFree(infos);
  return out;
}

// XCloseDisplay's hook: the display's drawables and configs go with it, so a later connection at
// the same address starts afresh (old config handles stay valid, describing the old screen).
int close_display(Display* dpy, XExtCodes*) {
  Lock lock(glx_mutex());
  forget_display_drawables(dpy);
  for (auto it = screens().begin(); it != screens().end();) it = it->first.dpy == dpy ? screens().erase(it) : std::next(it);
  return 0;
}

}  // namespace

const std::vector<const FBConfig*>& screen_configs(Display* dpy, int screen) {
  auto [it, inserted] = screens().try_emplace(ScreenKey{dpy, screen});
  if (!inserted) return it->second;
  const bool display_known = std::any_of(screens().begin(), screens().end(),
                                         [&](const auto& entry) { return entry.first.dpy == dpy && &entry.second != &it->second; });
  if (!display_known) glvk_glx_on_close_display(dpy, close_display);
  const std::vector<VisualID> visuals = rgb8_visuals(dpy, screen);
  if (visuals.empty()) {
    // libGLX uses the vendor __GLX_VENDOR_LIBRARY_NAME names without asking whether it can serve
    // the screen: say why every config query will come back empty.
    std::fprintf(stderr,
                 "glvk: GLX: screen %d of display %s has no TrueColor visual of depth 24 with 8-bit channels; "
                 "glvk cannot render to it\n",
                 screen, DisplayString(dpy));
    return it->second;
  }
  // Richest first, so a visual several configs share stands for the richest (glXGetConfig):
  // double-buffered, then single-buffered (front-buffer drawing shows at glFlush/glFinish).
  // alpha, depth, stencil
  const int shapes[][3] = {{8, 24, 8}, {0, 24, 8}, {8, 0, 0}, {0, 0, 0}};
  int id = 1;
  for (bool double_buffered : {true, false})
    for (const auto& s : shapes) {
      const VisualID visual = visuals[std::min(std::size_t(id - 1), visuals.size() - 1)];
      all_configs().push_back(FBConfig{id++, s[0], s[1], s[2], double_buffered, screen, visual});
      it->second.push_back(&all_configs().back());
    }
  return it->second;
}

const FBConfig* find_config(GLXFBConfig handle) {
  for (const FBConfig& c : all_configs())
    if (reinterpret_cast<const void*>(&c) == reinterpret_cast<const void*>(handle)) return &c;
  return nullptr;
}

const FBConfig* config_for_visual(Display* dpy, int screen, VisualID visual) {
  for (const FBConfig* c : screen_configs(dpy, screen))
    if (c->visual == visual) return c;
  return nullptr;
}

bool config_attribute(const FBConfig& c, int attribute, int& value) {
  switch (attribute) {
    case GLX_USE_GL: case GLX_RGBA: case GLX_X_RENDERABLE: value = True; return true;
    case GLX_BUFFER_SIZE: value = 24 + c.alpha; return true;
    case GLX_LEVEL: case GLX_STEREO: case GLX_AUX_BUFFERS: case GLX_ACCUM_RED_SIZE: case GLX_ACCUM_GREEN_SIZE:
    case GLX_ACCUM_BLUE_SIZE: case GLX_ACCUM_ALPHA_SIZE: case GLX_SAMPLE_BUFFERS: case GLX_SAMPLES:
    case GLX_TRANSPARENT_INDEX_VALUE: case GLX_TRANSPARENT_RED_VALUE: case GLX_TRANSPARENT_GREEN_VALUE:
    case GLX_TRANSPARENT_BLUE_VALUE: case GLX_TRANSPARENT_ALPHA_VALUE:
      value = 0; return true;
    case GLX_DOUBLEBUFFER: value = c.double_buffered; return true;
    case GLX_RED_SIZE: case GLX_GREEN_SIZE: case GLX_BLUE_SIZE: value = 8; return true;
    case GLX_ALPHA_SIZE: value = c.alpha; return true;
    case GLX_DEPTH_SIZE: value = c.depth; return true;
    case GLX_STENCIL_SIZE: value = c.stencil; return true;
    case GLX_CONFIG_CAVEAT: case GLX_TRANSPARENT_TYPE: value = GLX_NONE; return true;
    case GLX_X_VISUAL_TYPE: value = GLX_TRUE_COLOR; return true;
    case GLX_VISUAL_ID: value = int(c.visual); return true;
    case GLX_DRAWABLE_TYPE: value = GLX_WINDOW_BIT | GLX_PBUFFER_BIT | GLX_PIXMAP_BIT; return true;
    case GLX_RENDER_TYPE: value = GLX_RGBA_BIT; return true;
    case GLX_FBCONFIG_ID: value = c.id; return true;
    case GLX_SCREEN: value = c.screen; return true;
    case GLX_MAX_PBUFFER_WIDTH: case GLX_MAX_PBUFFER_HEIGHT: value = kMaxPbufferSize; return true;
    case GLX_MAX_PBUFFER_PIXELS: value = kMaxPbufferSize * kMaxPbufferSize; return true;
    case GLX_FRAMEBUFFER_SRGB_CAPABLE_ARB: value = False; return true;
    default: return false;
  }
}

namespace {

enum class Rule { AT_LEAST, EXACT, MASK, IGNORED };

Rule rule_of(int attribute) {
  switch (attribute) {
    case GLX_BUFFER_SIZE: case GLX_AUX_BUFFERS: case GLX_RED_SIZE: case GLX_GREEN_SIZE: case GLX_BLUE_SIZE:
    case GLX_ALPHA_SIZE: case GLX_DEPTH_SIZE: case GLX_STENCIL_SIZE: case GLX_ACCUM_RED_SIZE:
    case GLX_ACCUM_GREEN_SIZE: case GLX_ACCUM_BLUE_SIZE: case GLX_ACCUM_ALPHA_SIZE: case GLX_SAMPLE_BUFFERS:
    case GLX_SAMPLES:
      return Rule::AT_LEAST;
    case GLX_RENDER_TYPE: case GLX_DRAWABLE_TYPE: return Rule::MASK;
    case GLX_MAX_PBUFFER_WIDTH: case GLX_MAX_PBUFFER_HEIGHT: case GLX_MAX_PBUFFER_PIXELS: case GLX_USE_GL:
      return Rule::IGNORED;
    default: return Rule::EXACT;
  }
}

}  // namespace

bool choose_configs(Display* dpy, int screen, const int* attributes, bool visual_rules,
                    std::vector<const FBConfig*>& out) {
  out.clear();
  // Defaults (GLX 1.4 table 3.4); glXChooseVisual's differ for the buffer mode and render type.
  std::map<int, int> wanted = {{GLX_LEVEL, 0},
                               {GLX_STEREO, False},
                               {GLX_RENDER_TYPE, GLX_RGBA_BIT},
                               {GLX_DRAWABLE_TYPE, GLX_WINDOW_BIT},
                               {GLX_TRANSPARENT_TYPE, GLX_NONE}};
  if (visual_rules) {
    // glXChooseVisual: GLX_RGBA and GLX_DOUBLEBUFFER are present-or-absent booleans; absent
    // means colour index and single buffering.
    wanted[GLX_RENDER_TYPE] = GLX_COLOR_INDEX_BIT;
    wanted[GLX_DOUBLEBUFFER] = False;
  }
  bool red = false, green = false, blue = false, alpha = false;  // requested channels, for sorting
  int probe = 0;
  for (const int* a = attributes; a && a[0] != None;) {
    const int name = a[0];
    if (visual_rules && (name == GLX_USE_GL || name == GLX_RGBA || name == GLX_DOUBLEBUFFER || name == GLX_STEREO)) {
      if (name == GLX_RGBA) wanted[GLX_RENDER_TYPE] = GLX_RGBA_BIT;
      if (name == GLX_DOUBLEBUFFER || name == GLX_STEREO) wanted[name] = True;
      a += 1;
      continue;
    }
    if (!config_attribute(FBConfig{}, name, probe) || name == GLX_SCREEN) return false;
    const int value = a[1];
    if (name == GLX_RED_SIZE) red = value > 0 && value != int(GLX_DONT_CARE);
    if (name == GLX_GREEN_SIZE) green = value > 0 && value != int(GLX_DONT_CARE);
    if (name == GLX_BLUE_SIZE) blue = value > 0 && value != int(GLX_DONT_CARE);
    if (name == GLX_ALPHA_SIZE) alpha = value > 0 && value != int(GLX_DONT_CARE);
    wanted[name] = value;
    a += 2;
  }
  for (const FBConfig* config : screen_configs(dpy, screen)) {
    const FBConfig& c = *config;
    bool ok = true;
    if (auto id = wanted.find(GLX_FBCONFIG_ID); id != wanted.end() && id->second != int(GLX_DONT_CARE)) {
      ok = c.id == id->second;  // the one attribute that overrides all others
    } else {
      for (const auto& [name, value] : wanted) {
        if (value == int(GLX_DONT_CARE) && !visual_rules) continue;
        int have = 0;
        config_attribute(c, name, have);
        switch (rule_of(name)) {
          case Rule::AT_LEAST: ok &= have >= value; break;
          case Rule::EXACT: ok &= have == value; break;
          case Rule::MASK: ok &= (have & value) == value; break;
          case Rule::IGNORED: break;
        }
      }
    }
    if (ok) out.push_back(config);
  }
  // Section 3.3.3's order: more bits in the requested colour channels, smaller buffers, single
  // buffering, then smaller depth and stencil; the config id last.
  auto key = [&](const FBConfig* c) {
    const int colour = (red ? 8 : 0) + (green ? 8 : 0) + (blue ? 8 : 0) + (alpha ? c->alpha : 0);
    return std::make_tuple(-colour, 24 + c->alpha, c->double_buffered, c->depth, c->stencil, c->id);
  };
  std::stable_sort(out.begin(), out.end(), [&](auto* a, auto* b) { return key(a) < key(b); });
  return true;
}

}  // namespace glvk::gl::glx
