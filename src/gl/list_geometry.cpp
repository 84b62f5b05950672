// Display-list geometry: glBegin/glEnd primitives compiled into a list are replayed as draws from a
// buffer the list owns, not as the calls that made them (the cost of replaying glxgears' gears).
//
// What a replay must do is what the calls would do (GL 4.6 compatibility 10.7, 21.4): each vertex
// takes the attribute values current when its glVertex runs. An attribute the list set before the
// primitive's first vertex (inside the pair, or earlier in the list with nothing in between that
// might change it: glCallList, glPopAttrib, ...) is stored per vertex; one it did not set is the
// current value at replay, which stays current through the primitive, so the draw reads it as a
// disabled array's current value. An attribute first set after some vertices were emitted would need
// both, and such a primitive is kept as calls, like one holding any command other than glVertex and
// the attribute commands (glEdgeFlag, glMaterial, glEvalCoord, glArrayElement, glCallList, errors).
// After the draw, the current values are what the primitive's last calls left (a glColor inside it
// changes the current colour, and COLOR_MATERIAL's materials follow). A replay inside glBegin/glEnd
// or in SELECT/FEEDBACK mode calls the kept commands instead.
#include "list_geometry.h"

#include <cstdio>
#include <cstring>

#include "glvk/st/bufferobj.h"
#include "glvk/st/context.h"
#include "legacy_internal.h"

namespace glvk::gl {

struct CapturedPrimitive {
  GLenum mode = GL_POINTS;
  GLsizei count = 0;
  std::uint32_t per_vertex = 0;  // LegacyAttrib bits stored for each vertex (the position always)
  std::size_t offset = 0, stride = 0;  // bytes into the list's buffer
  std::uint32_t sets = 0;              // the attributes its calls set, and the values they leave
  CurrentValues last;
  std::vector<ListCommand> calls;             // replayed when the draw cannot stand in for them
  std::shared_ptr<VertexArrayObject> arrays;  // the list's buffer as legacy arrays (glEndList)
};

namespace {

// A LegacyAttrib's floats in a vertex and in the current values (the position has none there).
struct Field {
  const GLfloat* data;
  int size;
};
Field vertex_field(const ImmediateVertex& v, unsigned slot) {
  switch (slot) {
    case kAttribVertex: return {v.position.data(), 4};
    case kAttribNormal: return {v.normal.data(), 3};
    case kAttribColor: return {v.color.data(), 4};
    case kAttribSecondaryColor: return {v.secondary_color.data(), 4};
    case kAttribFogCoord: return {&v.fog_coord, 1};
    default: return {v.texcoords[slot - kAttribTexCoord0].data(), 4};
  }
}
template <typename Values>  // CurrentValues, const or not
auto current_field(Values& c, unsigned slot) {
  switch (slot) {
    case kAttribNormal: return c.normal.data();
    case kAttribColor: return c.color.data();
    case kAttribSecondaryColor: return c.secondary_color.data();
    case kAttribFogCoord: return &c.fog_coord;
    default: return c.texcoords[slot - kAttribTexCoord0].data();
  }
}
int field_size(unsigned slot) { return vertex_field(ImmediateVertex{}, slot).size; }

void replay(Context& ctx, const CapturedPrimitive& p) {
  LegacyState& l = ctx.legacy;
  if (!p.arrays || l.inside_begin_end() || l.render_mode != GL_RENDER) {
    for (const ListCommand& call : p.calls) call(ctx);
    return;
  }
  if (p.count > 0) {  // glEnd draws nothing without vertices, and raises nothing either
    std::shared_ptr<VertexArrayObject> bound = ctx.bound_vertex_array;
    ctx.bound_vertex_array = p.arrays;
    struct Restore {
      Context& ctx;
      std::shared_ptr<VertexArrayObject> bound;
      ~Restore() { ctx.bound_vertex_array = std::move(bound); }
    } restore{ctx, std::move(bound)};
    execute_draw(ctx, "glEnd", {p.mode, 0, p.count});
  }
  for (unsigned slot = 1; slot < kLegacyAttribCount; ++slot)
    if (p.sets >> slot & 1u)
      std::memcpy(current_field(l.current, slot), current_field(p.last, slot),
                  sizeof(GLfloat) * std::size_t(field_size(slot)));
  if (p.sets >> kAttribColor & 1u) track_color_material(ctx);
}

}  // namespace

void ListGeometry::reset() { *this = ListGeometry{}; }

void ListGeometry::run(Context& ctx, const ListCommand& command) {
  // The command writes the capture's values and vertices, swapped in with its glBegin state; the
  // context's come back whatever happens (COMPILE_AND_EXECUTE runs the command on them after this).
  LegacyState& l = ctx.legacy;
  struct Swap {
    LegacyState& l;
    ListGeometry& g;
    std::array<Material, 2> materials;  // a glColor moves COLOR_MATERIAL's, at replay only
    std::optional<std::array<Material, 2>> begin_materials;  // a glMaterial sets it, at replay only
    GLenum mode;
    std::uint32_t generics;
    Swap(LegacyState& legacy, ListGeometry& geometry)
        : l(legacy), g(geometry), materials(legacy.materials), begin_materials(legacy.begin_materials),
          mode(legacy.begin_mode),
          generics(legacy.immediate_generic_mask) {
      exchange();
      l.begin_mode = g.inside_ ? g.mode_ : kOutsideBeginEnd;
      l.immediate_generic_mask = 0;
    }
    void exchange() {
      std::swap(l.current, g.current_);
      l.vertices.swap(g.vertices_);
    }
    ~Swap() {
      exchange();
      l.materials = materials;
      l.begin_materials = begin_materials;
      l.begin_mode = mode;
      l.immediate_generic_mask = generics;
    }
  } swap(l, *this);
  command(ctx);
}

void ListGeometry::observe(Context& ctx, std::vector<ListCommand>& commands, const ListCommandEffect& effect) {
  switch (effect.kind) {
    case ListCommandEffect::kBegin:
      if (inside_) break;  // an error when replayed: the primitive stays calls
      inside_ = true;
      // POINTS .. POLYGON; the adjacency modes and patches glBegin also takes stay calls.
      usable_ = effect.value <= GL_POLYGON;
      mode_ = effect.value;
      begin_index_ = commands.size() - 1;
      follows_primitive_ = !primitives_.empty() && replay_index_ + 1 == begin_index_;
      per_vertex_ = sets_ = 0;
      vertices_.clear();
      return;
    case ListCommandEffect::kEnd:
      if (!inside_) return;  // an error when replayed, which changes nothing
      if (usable_) end_primitive(commands);
      else ++kept_as_calls_;
      inside_ = false;
      vertices_.clear();
      return;
    case ListCommandEffect::kVertex:
      // Outside a primitive of this list it belongs to the caller's glBegin, if any.
      if (!inside_ || !usable_) return;
      if (vertices_.empty()) per_vertex_ = known_ | 1u << kAttribVertex;
      run(ctx, commands.back());
      return;
    case ListCommandEffect::kAttribute: {
      const unsigned slot = effect.value;
      if (slot == kAttribVertex || slot >= kLegacyAttribCount) break;  // glMultiTexCoord's error
      // The vertices before it read this attribute's value at replay time.
      if (inside_ && !vertices_.empty() && !(per_vertex_ >> slot & 1u)) usable_ = false;
      run(ctx, commands.back());
      known_ |= 1u << slot;
      if (inside_) sets_ |= 1u << slot;
      return;
    }
    case ListCommandEffect::kOther: break;
  }
  if (inside_) usable_ = false;
  if (effect.changes_current) known_ = 0;
}

void ListGeometry::end_primitive(std::vector<ListCommand>& commands) {
  ++captured_;
  const std::uint32_t per_vertex = per_vertex_ | 1u << kAttribVertex;
  const auto begin = commands.begin() + std::ptrdiff_t(begin_index_);
  // A glBegin right after the previous primitive's glEnd, of the same independent mode and layout,
  // continues its draw (glBegin(GL_QUADS) per quad is common): nothing ran in between, and the
  // previous one ended on a whole primitive.
  if (!primitives_.empty() && follows_primitive_) {
    CapturedPrimitive& previous = *primitives_.back();
    const GLsizei n = GLsizei(independent_primitive_vertices(mode_));
    if (previous.mode == mode_ && n && previous.count % n == 0 && previous.per_vertex == per_vertex &&
        !vertices_.empty()) {
      previous.count += GLsizei(vertices_.size());
      previous.sets |= sets_;
      previous.last = current_;
      previous.calls.insert(previous.calls.end(), std::make_move_iterator(begin),
                            std::make_move_iterator(commands.end()));
      commands.erase(begin, commands.end());
      pack_vertices(per_vertex);
      return;
    }
  }
  auto p = std::make_shared<CapturedPrimitive>();
  p->mode = mode_;
  p->count = GLsizei(vertices_.size());
  p->per_vertex = per_vertex;
  p->sets = sets_;
  p->last = current_;
  p->calls.assign(std::make_move_iterator(begin), std::make_move_iterator(commands.end()));
  commands.erase(begin, commands.end());
  p->offset = data_.size() * sizeof(float);
  pack_vertices(per_vertex);
  std::size_t floats = 0;
  for (unsigned slot = 0; slot < kLegacyAttribCount; ++slot)
    if (per_vertex >> slot & 1u) floats += std::size_t(field_size(slot));
  p->stride = floats * sizeof(float);
  primitives_.push_back(p);
  commands.push_back([p](Context& c) { replay(c, *p); });
  replay_index_ = commands.size() - 1;
}

// The vertices interleaved after the list's others, only the attributes stored per vertex.
void ListGeometry::pack_vertices(std::uint32_t per_vertex) {
  for (const ImmediateVertex& v : vertices_)
    for (unsigned slot = 0; slot < kLegacyAttribCount; ++slot)
      if (per_vertex >> slot & 1u) {
        const Field f = vertex_field(v, slot);
        data_.insert(data_.end(), f.data, f.data + f.size);
      }
}

void ListGeometry::finish(Context& ctx, GLuint list) {
  std::vector<std::shared_ptr<CapturedPrimitive>> primitives = std::move(primitives_);
  std::vector<float> data = std::move(data_);
  const std::size_t calls = kept_as_calls_, captured = captured_;
  reset();
  if (debug_enabled("lists"))
    std::fprintf(stderr, "glvk lists: list %u: %zu primitives in %zu draws from a %zu-byte buffer, %zu kept as calls\n",
                 list, captured, primitives.size(), data.size() * sizeof(float), calls);
  if (primitives.empty()) return;
  // Until the buffer exists the primitives replay as calls: a failure here (out of memory) leaves
  // a list that still works.
  auto buffer = std::make_shared<BufferObject>(0);  // nameless: the list is its only user
  const std::size_t bytes = std::max<std::size_t>(data.size() * sizeof(float), 4);
  data.resize(bytes / sizeof(float));
  buffer->resource = ctx.st().buffer_create(bytes, st::resource_usage_from_gl(GL_STATIC_DRAW), 0);
  ctx.st().buffer_subdata(*buffer->resource, st::PIPE_TRANSFER_WRITE | st::PIPE_TRANSFER_DISCARD_WHOLE_RESOURCE, 0,
                          bytes, data.data());
  buffer->size = GLsizeiptr(bytes);
  for (const std::shared_ptr<CapturedPrimitive>& p : primitives) {
    auto arrays = std::make_shared<VertexArrayObject>(0);
    std::size_t offset = p->offset;
    for (unsigned slot = 0; slot < kLegacyAttribCount; ++slot) {
      if (!(p->per_vertex >> slot & 1u)) continue;
      LegacyArray& a = arrays->legacy_arrays[slot];
      a.enabled = true;
      a.size = field_size(slot);
      a.type = GL_FLOAT;
      a.stride = GLsizei(p->stride);
      a.buffer = buffer;
      a.pointer = GLintptr(offset);
      offset += sizeof(float) * std::size_t(a.size);
    }
    // Generic attribute 0 is the position as well: glVertex sets it (it aliases the vertex in the
    // compatibility profile), so a GLSL program's attribute 0 reads the vertices.
    arrays->attribs[0] = {true, 4, GL_FLOAT, false, GL_FLOAT, 0, 0};
    arrays->bindings[0] = {buffer, GLintptr(p->offset), GLsizei(p->stride), 0};
    p->arrays = std::move(arrays);
  }
}

}  // namespace glvk::gl
