// Display lists (GL 4.6 compatibility 21.4): glNewList/glEndList (COMPILE, COMPILE_AND_EXECUTE),
// glCallList(s) with glListBase and nesting up to MAX_LIST_NESTING, glGenLists/glDeleteLists/
// glIsList and their queries. The generated dispatch records the commands listed as compiled
// (`COMPILED_INTO_LISTS` in gen_gl_dispatch.py) with copies of their array arguments while a list
// is being compiled; every other command executes at once, as section 21.4.1 says for the commands
// it lists. Replay calls the same implementations, so a list replays as ordinary commands, except
// its glBegin/glEnd primitives, which list_geometry.cpp keeps as vertices in a buffer of the list.
// List names and lists belong to the share group (GLX/EGL share them like buffers); what is being
// compiled, and the nesting depth, to the context.
#include <map>
#include <mutex>

#include "api_common.h"
#include "glvk/gl/dispatch.h"
#include "legacy_internal.h"
#include "legacy_params.h"
#include "list_geometry.h"

namespace glvk::gl {

using ListCommands = std::vector<ListCommand>;

// The share group's lists (ShareGroup::mutex guards it): names in use, each with its commands,
// never changed once made (a replay holds them while another context may replace the list).
class DisplayListNames {
 public:
  std::map<GLuint, std::shared_ptr<const ListCommands>> lists;  // null: a name reserved, empty
};

class DisplayLists {
 public:
  ListCommands compiling;
  ListGeometry geometry;  // the primitives of the list being compiled
  unsigned depth = 0;  // glCallList nesting
};

namespace {

constexpr unsigned kMaxListNesting = 64;

DisplayLists& lists_of(Context& ctx) {
  if (!ctx.legacy.lists) ctx.legacy.lists = std::make_shared<DisplayLists>();
  return *ctx.legacy.lists;
}

// The share group's names; the caller holds its mutex.
DisplayListNames& names_of(ShareGroup& group) {
  if (!group.display_lists) group.display_lists = std::make_shared<DisplayListNames>();
  return *group.display_lists;
}

void call_list(Context& ctx, GLuint name) {
  DisplayLists& d = lists_of(ctx);
  if (d.depth >= kMaxListNesting) return;  // deeper calls are ignored (21.4)
  // A list may delete or redefine itself while it runs: the replay holds its commands.
  std::shared_ptr<const ListCommands> commands;
  {
    std::lock_guard lock(ctx.share_group().mutex);
    const DisplayListNames& names = names_of(ctx.share_group());
    const auto it = names.lists.find(name);
    if (it == names.lists.end() || !it->second) return;
    commands = it->second;
  }
  ++d.depth;
  struct Depth {
    unsigned& depth;
    ~Depth() { --depth; }
  } unnest{d.depth};
  for (const ListCommand& command : *commands) command(ctx);
}

}  // namespace

bool replaying_list(const Context& ctx) { return ctx.legacy.lists && ctx.legacy.lists->depth > 0; }

namespace {

// The n names of glCallLists as `type` says (21.4: 2_BYTES .. 4_BYTES are big-endian byte groups).
bool list_names(GLenum type, GLsizei n, const void* lists, std::vector<GLuint>& out) {
  const auto* b = static_cast<const GLubyte*>(lists);
  for (GLsizei i = 0; i < n; ++i) {
    GLuint v = 0;
    switch (type) {
      case GL_BYTE: v = GLuint(GLint(static_cast<const GLbyte*>(lists)[i])); break;
      case GL_UNSIGNED_BYTE: v = b[i]; break;
      case GL_SHORT: v = GLuint(GLint(static_cast<const GLshort*>(lists)[i])); break;
      case GL_UNSIGNED_SHORT: v = static_cast<const GLushort*>(lists)[i]; break;
      case GL_INT: v = GLuint(static_cast<const GLint*>(lists)[i]); break;
      case GL_UNSIGNED_INT: v = static_cast<const GLuint*>(lists)[i]; break;
      case GL_FLOAT: v = GLuint(static_cast<const GLfloat*>(lists)[i]); break;
      case GL_2_BYTES: v = GLuint(b[2 * i] << 8 | b[2 * i + 1]); break;
      case GL_3_BYTES: v = GLuint(b[3 * i] << 16 | b[3 * i + 1] << 8 | b[3 * i + 2]); break;
      case GL_4_BYTES: v = GLuint(b[4 * i] << 24 | b[4 * i + 1] << 16 | b[4 * i + 2] << 8 | b[4 * i + 3]); break;
      default: return false;
    }
    out.push_back(v);
  }
  return true;
}

}  // namespace

std::size_t legacy_param_count(GLenum pname) {
  switch (pname) {
    case GL_AMBIENT: case GL_DIFFUSE: case GL_SPECULAR: case GL_POSITION: case GL_EMISSION:
    case GL_AMBIENT_AND_DIFFUSE: case GL_LIGHT_MODEL_AMBIENT: case GL_FOG_COLOR: case GL_TEXTURE_ENV_COLOR:
    case GL_TEXTURE_BORDER_COLOR: case GL_TEXTURE_SWIZZLE_RGBA: case GL_OBJECT_PLANE: case GL_EYE_PLANE:
      return 4;
    case GL_PATCH_DEFAULT_OUTER_LEVEL: return 4;
    case GL_SPOT_DIRECTION: case GL_COLOR_INDEXES: case GL_POINT_DISTANCE_ATTENUATION: return 3;
    case GL_PATCH_DEFAULT_INNER_LEVEL: return 2;
    default: return 1;
  }
}

std::size_t call_lists_size(GLsizei n, GLenum type) {
  if (n <= 0) return 0;
  switch (type) {
    case GL_BYTE: case GL_UNSIGNED_BYTE: return std::size_t(n);
    case GL_SHORT: case GL_UNSIGNED_SHORT: case GL_2_BYTES: return 2 * std::size_t(n);
    case GL_3_BYTES: return 3 * std::size_t(n);
    case GL_INT: case GL_UNSIGNED_INT: case GL_FLOAT: case GL_4_BYTES: return 4 * std::size_t(n);
    default: return 0;
  }
}

void refused_in_list(Context& ctx, const char* name) {
  ctx.error(GL_INVALID_OPERATION, "%s: not allowed while display list %u is compiled", name, ctx.legacy.compiling_list);
}

// The values glClearBuffer*v reads (GL 4.6 17.4.3.1): a colour, or one depth or stencil value.
std::size_t clear_buffer_size(GLenum buffer) {
  switch (buffer) {
    case GL_COLOR: return 4;
    case GL_DEPTH: case GL_STENCIL: return 1;
    default: return 0;
  }
}

void record_list_command(Context& ctx, ListCommand command, ListCommandEffect effect) {
  DisplayLists& d = lists_of(ctx);
  d.compiling.push_back(std::move(command));
  d.geometry.observe(ctx, d.compiling, effect);
}

bool query_display_list_state(Context& ctx, GLenum pname, StateValue& value) {
  const LegacyState& l = ctx.legacy;
  switch (pname) {
    case GL_LIST_BASE: value.set_integers({l.list_base}); return true;
    case GL_LIST_INDEX: value.set_integers({l.compiling_list}); return true;
    case GL_LIST_MODE: value.set_integers({l.compiling_list ? l.list_mode : 0}); return true;
    case GL_MAX_LIST_NESTING: value.set_integers({kMaxListNesting}); return true;
    default: return false;
  }
}

namespace api {

void NewList(Context& ctx, const char* fn, GLuint list, GLenum mode) {
  if (!compatibility_context(ctx, fn)) return;
  if (list == 0) return ctx.error(GL_INVALID_VALUE, "%s(list = 0)", fn);
  if (mode != GL_COMPILE && mode != GL_COMPILE_AND_EXECUTE)
    return ctx.error(GL_INVALID_ENUM, "%s(mode = 0x%04x): not a list mode", fn, mode);
  if (ctx.legacy.compiling()) return ctx.error(GL_INVALID_OPERATION, "%s: list %u is being compiled", fn,
                                               ctx.legacy.compiling_list);
  lists_of(ctx).compiling.clear();
  lists_of(ctx).geometry.reset();
  ctx.legacy.compiling_list = list;
  ctx.legacy.list_mode = mode;
}

void EndList(Context& ctx, const char* fn) {
  if (!compatibility_context(ctx, fn)) return;
  if (!ctx.legacy.compiling()) return ctx.error(GL_INVALID_OPERATION, "%s: no glNewList", fn);
  DisplayLists& d = lists_of(ctx);
  auto commands = std::make_shared<const ListCommands>(std::move(d.compiling));
  d.compiling.clear();
  {
    std::lock_guard lock(ctx.share_group().mutex);
    names_of(ctx.share_group()).lists[ctx.legacy.compiling_list].swap(commands);  // replaced now (21.4)
  }
  commands.reset();  // the list replaced, outside the lock (its buffers go back to st)
  const GLuint list = ctx.legacy.compiling_list;
  ctx.legacy.compiling_list = 0;
  // Last: should the buffer fail, the list is complete, its primitives replayed as calls.
  d.geometry.finish(ctx, list);
}

void CallList(Context& ctx, const char* fn, GLuint list) {
  if (compatibility_context(ctx, fn)) call_list(ctx, list);
}

void CallLists(Context& ctx, const char* fn, GLsizei n, GLenum type, const void* lists) {
  if (!compatibility_context(ctx, fn)) return;
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  std::vector<GLuint> names;
  if (!list_names(type, n, lists, names))
    return ctx.error(GL_INVALID_ENUM, "%s(type = 0x%04x): not a list name type", fn, type);
  if (n > 0 && !lists) return ctx.error(GL_INVALID_VALUE, "%s: no names", fn);
  for (GLuint name : names) call_list(ctx, name + ctx.legacy.list_base);
}

void ListBase(Context& ctx, const char* fn, GLuint base) {
  if (compatibility_context(ctx, fn)) ctx.legacy.list_base = base;
}

GLuint GenLists(Context& ctx, const char* fn, GLsizei range) {
  if (!compatibility_context(ctx, fn)) return 0;
  if (range < 0) {
    ctx.error(GL_INVALID_VALUE, "%s(range = %d): negative", fn, range);
    return 0;
  }
  if (range == 0) return 0;
  std::lock_guard lock(ctx.share_group().mutex);
  DisplayListNames& names = names_of(ctx.share_group());
  // The first run of `range` unused names above every name in use or below the first in use.
  GLuint first = 1;
  for (const auto& [name, commands] : names.lists) {
    if (name >= first && name - first >= GLuint(range)) break;
    if (name >= first) first = name + 1;
  }
  if (first > ~0u - GLuint(range)) return 0;
  for (GLuint i = 0; i < GLuint(range); ++i) names.lists[first + i];  // reserved: empty lists
  return first;
}

void DeleteLists(Context& ctx, const char* fn, GLuint list, GLsizei range) {
  if (!compatibility_context(ctx, fn)) return;
  if (range < 0) return ctx.error(GL_INVALID_VALUE, "%s(range = %d): negative", fn, range);
  if (range == 0) return;
  std::map<GLuint, std::shared_ptr<const ListCommands>> deleted;  // freed outside the lock
  std::lock_guard lock(ctx.share_group().mutex);
  auto& lists = names_of(ctx.share_group()).lists;
  const auto begin = lists.lower_bound(list);
  // Names list .. list + range - 1, not wrapping past the largest name.
  const std::uint64_t end = std::uint64_t(list) + std::uint64_t(range);
  const auto stop = end > ~0u ? lists.end() : lists.lower_bound(GLuint(end));
  deleted.insert(std::make_move_iterator(begin), std::make_move_iterator(stop));
  lists.erase(begin, stop);
}

GLboolean IsList(Context& ctx, const char* fn, GLuint list) {
  if (!compatibility_context(ctx, fn) || list == 0) return GL_FALSE;
  std::lock_guard lock(ctx.share_group().mutex);
  return names_of(ctx.share_group()).lists.count(list) ? GL_TRUE : GL_FALSE;
}

}  // namespace api
}  // namespace glvk::gl
