// Vertex-array draws in display lists (GL 4.6 compatibility 21.4.1): glDrawArrays, glDrawElements
// and their forms are compiled with their vertex data, because "vertex array pointers are
// dereferenced when the commands are accumulated into a display list" — buffer objects included.
// A compiled draw keeps, per enabled array, the elements it read, packed in the order it read them
// (indices are resolved and primitive restart applied at compile time), and a vertex array object
// whose arrays point at those copies. Replaying binds that object for a moment and draws the
// pieces as glDrawArrays; everything else (program, current values of disabled arrays, render
// state) is read at replay time, as for any other command of the list. gl_VertexID counts the
// packed vertices.
#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "api_common.h"
#include "glvk/gl/dispatch.h"
#include "glvk/st/context.h"
#include "legacy_internal.h"
#include "vertex_array_state.h"

namespace glvk::gl {

namespace {


// One glDrawArrays of the replay: `count` packed vertices from `first`.
struct Piece {
  GLenum mode;
  GLsizei first, count;
};

struct CompiledDraw {
  std::shared_ptr<VertexArrayObject> arrays;  // formats as compiled; pointers into `data`
  std::vector<std::unique_ptr<std::byte[]>> data;
  std::vector<Piece> pieces;
  GLsizei instance_count = 1;
};

// Reads `bytes` bytes of an array at `address` (a buffer offset or a client pointer); buffer bytes
// beyond the buffer's end read as zero (robust access) rather than failing the whole list.
class ArrayReader {
 public:
  ArrayReader(Context& ctx, const std::shared_ptr<BufferObject>& buffer) : ctx_(ctx), buffer_(buffer) {}

  // Fetches the buffer bytes [begin, end) once, so the elements are copied from host memory.
  void prefetch(std::uint64_t begin, std::uint64_t end) {
    if (!buffer_ || !buffer_->resource || begin >= end) return;
    const std::uint64_t size = std::uint64_t(buffer_->size);
    begin_ = std::min(begin, size);
    bytes_.assign(std::size_t(std::min(end, size) - begin_), std::byte{0});
    if (!bytes_.empty()) ctx_.st().buffer_read(*buffer_->resource, begin_, bytes_.size(), bytes_.data());
  }

  void read(std::uint64_t address, std::size_t bytes, std::byte* out) const {
    if (!buffer_) {
      std::memcpy(out, reinterpret_cast<const void*>(std::uintptr_t(address)), bytes);
      return;
    }
    std::memset(out, 0, bytes);
    if (address < begin_ || address - begin_ >= bytes_.size()) return;
    const std::size_t at = std::size_t(address - begin_);
    std::memcpy(out, bytes_.data() + at, std::min(bytes, bytes_.size() - at));
  }

 private:
  Context& ctx_;
  std::shared_ptr<BufferObject> buffer_;
  std::uint64_t begin_ = 0;
  std::vector<std::byte> bytes_;
};

// Copies `element` bytes every `stride` from `base` for each source element in `elements` into a
// new packed array owned by `draw`; returns its address.
std::uintptr_t copy_elements(Context& ctx, CompiledDraw& draw, const std::shared_ptr<BufferObject>& buffer,
                             std::uint64_t base, std::uint64_t stride, std::size_t element,
                             const std::vector<GLuint>& elements) {
  ArrayReader reader(ctx, buffer);
  if (!elements.empty()) {
    const auto [lo, hi] = std::minmax_element(elements.begin(), elements.end());
    reader.prefetch(base + stride * *lo, base + stride * *hi + element);
  }
  // One spare element so an empty array still has a non-null address (null means "no data").
  auto bytes = std::make_unique<std::byte[]>(element * (elements.size() + 1));
  for (std::size_t i = 0; i < elements.size(); ++i)
    reader.read(base + stride * elements[i], element, bytes.get() + element * i);
  const auto address = reinterpret_cast<std::uintptr_t>(bytes.get());
  draw.data.push_back(std::move(bytes));
  return address;
}

// The source elements an array with `divisor` reads: the packed vertices' indices, or the
// instances' elements from base_instance.
std::vector<GLuint> instance_elements(GLsizei instances, GLuint divisor, GLuint base_instance) {
  std::vector<GLuint> e;
  if (instances > 0) {
    const GLuint n = GLuint(instances - 1) / divisor + 1;
    for (GLuint i = 0; i < n; ++i) e.push_back(base_instance + i);
  }
  return e;
}

// The vertex indices of the draw in the order it reads them, and where primitive restart cuts them.
bool gather_vertices(Context& ctx, const char* fn, const DrawParams& d, std::vector<GLuint>& vertices,
                     std::vector<Piece>& pieces) {
  if (!d.index_type) {
    for (GLsizei i = 0; i < d.count; ++i) vertices.push_back(GLuint(d.first + i));
    pieces.push_back({d.mode, 0, d.count});
    return true;
  }
  const std::size_t size = index_size(d.index_type);
  const std::shared_ptr<BufferObject>& elements = ctx.bound_buffers[kElementArrayTarget];
  const auto offset = std::uint64_t(reinterpret_cast<std::uintptr_t>(d.indices));
  if (elements ? offset + size * std::uint64_t(d.count) > std::uint64_t(elements->size) || !elements->resource
               : d.indices == nullptr) {
    ctx.error(GL_INVALID_OPERATION, "%s: the indices are not in the element array buffer or client memory", fn);
    return false;
  }
  std::vector<std::byte> raw(size * std::size_t(d.count));
  ArrayReader reader(ctx, elements);
  reader.prefetch(offset, offset + raw.size());
  reader.read(offset, raw.size(), raw.data());
  const st::RenderState& r = ctx.render;
  const bool restart = r.primitive_restart || r.primitive_restart_fixed_index;
  const GLuint restart_index = r.primitive_restart_fixed_index ? GLuint(~0ull >> (64 - 8 * size))
                                                               : r.primitive_restart_index;
  GLsizei start = 0;
  for (GLsizei i = 0; i < d.count; ++i) {
    GLuint index = 0;
    std::memcpy(&index, raw.data() + size * std::size_t(i), size);  // little-endian hosts
    if (restart && index == restart_index) {
      pieces.push_back({d.mode, start, GLsizei(vertices.size()) - start});
      start = GLsizei(vertices.size());
      continue;
    }
    vertices.push_back(GLuint(GLint(index) + d.base_vertex));
  }
  pieces.push_back({d.mode, start, GLsizei(vertices.size()) - start});
  return true;
}

std::shared_ptr<CompiledDraw> compile(Context& ctx, const char* fn, const DrawParams& d) {
  auto draw = std::make_shared<CompiledDraw>();
  std::vector<GLuint> vertices;
  if (!gather_vertices(ctx, fn, d, vertices, draw->pieces)) return nullptr;
  draw->instance_count = d.instance_count;
  const VertexArrayObject& vao = *ctx.current_vertex_array();
  draw->arrays = std::make_shared<VertexArrayObject>(vao);
  VertexArrayObject& copy = *draw->arrays;
  copy.element_buffer = nullptr;
  // An enabled array without data (no pointer, or an empty buffer) feeds the current value, as in
  // the draw path; the copy says so by disabling it.
  const auto has_data = [](const std::shared_ptr<BufferObject>& buffer, GLintptr pointer) {
    return buffer ? buffer->resource != nullptr : pointer != 0;
  };
  for (unsigned slot = 0; slot < kLegacyAttribCount; ++slot) {
    LegacyArray& a = copy.legacy_arrays[slot];
    if (a.enabled && !has_data(a.buffer, a.pointer)) a.enabled = false;
    if (!a.enabled) continue;
    const std::size_t element = vertex_element_size(a.size, a.type);
    const std::uint64_t stride = a.stride ? std::uint64_t(a.stride) : element;
    a.pointer = GLintptr(copy_elements(ctx, *draw, a.buffer, std::uint64_t(a.pointer), stride, element, vertices));
    a.buffer = nullptr;
    a.stride = 0;
  }
  // Generic attributes: each binding an enabled attribute reads is copied whole up to the last
  // byte its attributes read, so relative offsets stay valid.
  std::array<std::size_t, kMaxVertexAttribBindings> extent{};
  for (VertexAttribState& a : copy.attribs) {
    const VertexBindingState& b = vao.bindings[a.binding];
    if (a.enabled && !has_data(b.buffer, b.offset)) a.enabled = false;
    if (a.enabled)
      extent[a.binding] = std::max<std::size_t>(extent[a.binding], a.relative_offset + vertex_element_size(a.size, a.type));
  }
  for (GLuint b = 0; b < kMaxVertexAttribBindings; ++b) {
    if (!extent[b]) continue;
    VertexBindingState& binding = copy.bindings[b];
    const std::vector<GLuint> instances =
        binding.divisor ? instance_elements(d.instance_count, binding.divisor, d.base_instance) : std::vector<GLuint>{};
    binding.offset = GLintptr(copy_elements(ctx, *draw, binding.buffer, std::uint64_t(binding.offset),
                                            std::uint64_t(binding.stride), extent[b],
                                            binding.divisor ? instances : vertices));
    binding.buffer = nullptr;
    binding.stride = GLsizei(extent[b]);
  }
  return draw;
}

void replay(Context& ctx, const CompiledDraw& draw) {
  if (ctx.legacy.inside_begin_end()) return between_begin_end(ctx, "glDrawArrays");  // a list called in glBegin
  // The compiled arrays stand in for the bound vertex array object during the draws only.
  std::shared_ptr<VertexArrayObject> bound = ctx.bound_vertex_array;
  ctx.bound_vertex_array = draw.arrays;
  struct Restore {
    Context& ctx;
    std::shared_ptr<VertexArrayObject> bound;
    ~Restore() { ctx.bound_vertex_array = std::move(bound); }
  } restore{ctx, std::move(bound)};
  for (const Piece& p : draw.pieces)
    if (p.count > 0) execute_draw(ctx, "glCallList", {p.mode, p.first, p.count, draw.instance_count});
}

}  // namespace

bool compile_draw(Context& ctx, const char* fn, const DrawParams& d) {
  if (!valid_draw_mode(ctx, d.mode)) {
    ctx.error(GL_INVALID_ENUM, "%s(mode = 0x%04x): not a primitive mode", fn, d.mode);
    return false;
  }
  if (d.count < 0 || d.instance_count < 0 || d.first < 0) {
    ctx.error(GL_INVALID_VALUE, "%s(first = %d, count = %d, instancecount = %d): negative", fn, d.first, d.count,
              d.instance_count);
    return false;
  }
  if (!ctx.current_vertex_array()) {
    ctx.error(GL_INVALID_OPERATION, "%s: no vertex array object is bound", fn);
    return false;
  }
  std::shared_ptr<const CompiledDraw> draw = compile(ctx, fn, d);
  if (!draw) return false;
  record_list_command(ctx, [draw](Context& c) { replay(c, *draw); });
  return ctx.legacy.list_mode == GL_COMPILE_AND_EXECUTE;
}

}  // namespace glvk::gl
