// Pixel maps (GL 4.6 compatibility 8.4.1.?, "Pixel Map"; table 23.?): glPixelMapfv/uiv/usv and
// glGetPixelMapfv/uiv/usv (client memory or the pixel unpack/pack buffer), the map sizes for glGet,
// and the lookups the pixel transfer applies with MAP_COLOR and MAP_STENCIL (`map_index`,
// `map_color`). glPixelMap is compiled into display lists with its values read at compile time.
#include <bit>
#include <cmath>
#include <cstring>

#include "api_common.h"
#include "glvk/gl/dispatch.h"
#include "glvk/st/context.h"
#include "legacy_internal.h"
#include "legacy_params.h"
#include "state_query.h"
#include "texture_internal.h"
#include "vertex_array_state.h"

namespace glvk::gl {

namespace {

constexpr GLint kMaxPixelMapTable = 32;  // MAX_PIXEL_MAP_TABLE (api_fog_texenv.cpp answers it)

// The map's slot in LegacyState::pixel_maps (I_TO_I .. A_TO_A are consecutive enums), or -1.
int map_slot(GLenum map) {
  return map >= GL_PIXEL_MAP_I_TO_I && map <= GL_PIXEL_MAP_A_TO_A ? int(map - GL_PIXEL_MAP_I_TO_I) : -1;
}
// I_TO_I and S_TO_S hold indices; the other eight colour components in [0, 1].
bool index_valued(GLenum map) { return map == GL_PIXEL_MAP_I_TO_I || map == GL_PIXEL_MAP_S_TO_S; }
// The maps looked up by an index have a power-of-two size (the index is masked by size - 1).
bool index_addressed(GLenum map) { return map <= GL_PIXEL_MAP_I_TO_A; }

enum class MapType { Float, Uint, Ushort };
std::size_t type_size(MapType t) { return t == MapType::Ushort ? 2 : 4; }

GLfloat from_client(GLenum map, MapType type, const std::byte* p) {
  if (type == MapType::Float) {
    GLfloat f;
    std::memcpy(&f, p, 4);
    return index_valued(map) ? f : std::clamp(f, 0.0f, 1.0f);  // colours clamp to [0, 1]
  }
  std::uint32_t u = 0;
  if (type == MapType::Uint) std::memcpy(&u, p, 4);
  else {
    std::uint16_t s;
    std::memcpy(&s, p, 2);
    u = s;
  }
  // Integer colour entries are normalized (table 18.2's unsigned conversion); indices are kept.
  if (index_valued(map)) return GLfloat(u);
  return GLfloat(normalize_unsigned(u, type == MapType::Uint ? 32 : 16));
}

void to_client(GLenum map, MapType type, GLfloat v, std::byte* p) {
  if (type == MapType::Float) return void(std::memcpy(p, &v, 4));
  const double max = type == MapType::Uint ? 4294967295.0 : 65535.0;
  const double d = index_valued(map) ? std::clamp(std::floor(double(v)), 0.0, max) : std::round(double(v) * max);
  if (type == MapType::Uint) {
    const auto u = std::uint32_t(d);
    std::memcpy(p, &u, 4);
  } else {
    const auto s = std::uint16_t(d);
    std::memcpy(p, &s, 2);
  }
}

void pixel_map(Context& ctx, const char* fn, GLenum map, GLsizei size, const void* values, MapType type) {
  if (!compatibility_context(ctx, fn)) return;
  const int slot = map_slot(map);
  if (slot < 0) return ctx.error(GL_INVALID_ENUM, "%s(map = 0x%04x): not a pixel map", fn, map);
  if (size < 1 || size > kMaxPixelMapTable)
    return ctx.error(GL_INVALID_VALUE, "%s(mapsize = %d): not in [1, MAX_PIXEL_MAP_TABLE]", fn, size);
  if (index_addressed(map) && !std::has_single_bit(unsigned(size)))
    return ctx.error(GL_INVALID_VALUE, "%s(mapsize = %d): this map's size is a power of two", fn, size);
  const bool pbo = bound_buffer(ctx, GL_PIXEL_UNPACK_BUFFER) != nullptr;
  if (!pbo && !check_values(ctx, fn, values)) return;
  std::vector<std::byte> bytes;
  if (!unpack_source(ctx, fn, values, std::size_t(size) * type_size(type), bytes)) return;
  std::vector<GLfloat> table(static_cast<std::size_t>(size));
  for (std::size_t i = 0; i < table.size(); ++i) table[i] = from_client(map, type, bytes.data() + i * type_size(type));
  // Compiled into a list with the values read now (21.4.1 reads client data at compile time).
  if (ctx.legacy.compiling()) {
    record_list_command(ctx, [slot, table](Context& c) {
      if (c.legacy.inside_begin_end()) return between_begin_end(c, "glPixelMap");
      c.legacy.pixel_maps[std::size_t(slot)] = table;
    });
    if (ctx.legacy.list_mode == GL_COMPILE) return;
  }
  ctx.legacy.pixel_maps[std::size_t(slot)] = std::move(table);
}

void get_pixel_map(Context& ctx, const char* fn, GLenum map, void* values, MapType type) {
  if (!compatibility_context(ctx, fn)) return;
  const int slot = map_slot(map);
  if (slot < 0) return ctx.error(GL_INVALID_ENUM, "%s(map = 0x%04x): not a pixel map", fn, map);
  const std::vector<GLfloat>& table = ctx.legacy.pixel_maps[std::size_t(slot)];
  std::vector<std::byte> bytes(table.size() * type_size(type));
  for (std::size_t i = 0; i < table.size(); ++i) to_client(map, type, table[i], bytes.data() + i * type_size(type));
  if (const std::shared_ptr<BufferObject>& pbo = bound_buffer(ctx, GL_PIXEL_PACK_BUFFER)) {
    const auto offset = std::uint64_t(reinterpret_cast<std::uintptr_t>(values));
    if (offset > std::uint64_t(pbo->size) || bytes.size() > std::uint64_t(pbo->size) - offset || !pbo->resource)
      return ctx.error(GL_INVALID_OPERATION, "%s: the map reaches beyond the pixel pack buffer", fn);
    if (pbo->mapped) return ctx.error(GL_INVALID_OPERATION, "%s: the pixel pack buffer is mapped", fn);
    ctx.st().buffer_subdata(*pbo->resource, st::PIPE_TRANSFER_WRITE | st::PIPE_TRANSFER_DISCARD_RANGE, offset,
                            bytes.size(), bytes.data());
    return;
  }
  if (!check_values(ctx, fn, values)) return;
  std::memcpy(values, bytes.data(), bytes.size());
}

}  // namespace

GLfloat map_index(const Context& ctx, GLenum map, std::int64_t index) {
  const std::vector<GLfloat>& table = ctx.legacy.pixel_maps[std::size_t(map_slot(map))];
  return table[std::size_t(index & std::int64_t(table.size() - 1))];
}

GLfloat map_color(const Context& ctx, GLenum map, GLfloat c) {
  // 8.4.1.?: the component, clamped to [0, 1], times the map's size - 1, rounded to the nearest
  // integer, indexes the map.
  const std::vector<GLfloat>& table = ctx.legacy.pixel_maps[std::size_t(map_slot(map))];
  const double i = std::round(double(std::clamp(c, 0.0f, 1.0f)) * double(table.size() - 1));
  return table[std::size_t(i)];
}

bool query_pixel_map_state(Context& ctx, GLenum pname, StateValue& value) {
  if (pname < GL_PIXEL_MAP_I_TO_I_SIZE || pname > GL_PIXEL_MAP_A_TO_A_SIZE) return false;
  value.set_integers({GLint64(ctx.legacy.pixel_maps[pname - GL_PIXEL_MAP_I_TO_I_SIZE].size())});
  return true;
}

namespace api {

void PixelMapfv(Context& ctx, const char* fn, GLenum map, GLsizei mapsize, const GLfloat* values) {
  pixel_map(ctx, fn, map, mapsize, values, MapType::Float);
}
void PixelMapuiv(Context& ctx, const char* fn, GLenum map, GLsizei mapsize, const GLuint* values) {
  pixel_map(ctx, fn, map, mapsize, values, MapType::Uint);
}
void PixelMapusv(Context& ctx, const char* fn, GLenum map, GLsizei mapsize, const GLushort* values) {
  pixel_map(ctx, fn, map, mapsize, values, MapType::Ushort);
}
void GetPixelMapfv(Context& ctx, const char* fn, GLenum map, GLfloat* values) {
  get_pixel_map(ctx, fn, map, values, MapType::Float);
}
void GetPixelMapuiv(Context& ctx, const char* fn, GLenum map, GLuint* values) {
  get_pixel_map(ctx, fn, map, values, MapType::Uint);
}
void GetPixelMapusv(Context& ctx, const char* fn, GLenum map, GLushort* values) {
  get_pixel_map(ctx, fn, map, values, MapType::Ushort);
}

}  // namespace api
}  // namespace glvk::gl
