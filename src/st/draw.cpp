// st_draw_vbo: one GL draw to one recorded Vulkan draw. Work that reads application memory or
// buffer contents on the CPU (client arrays, converted formats, lowered primitives) happens
// first, without the screen's lock; then the draw is recorded under it.
#include "glvk/st/draw.h"

#include <algorithm>
#include <optional>
#include <array>
#include <cstring>
#include <limits>
#include <memory_resource>
#include <new>
#include <stdexcept>
#include <vector>

#include "draw_resources.h"
#include "draw_state.h"
#include "glvk/formats/checked_size.h"
#include "glvk/formats/format.h"
#include "glvk/st/program.h"
#include "glvk/st/texture.h"
#include "glvk/st/context.h"
#include "glvk/st/transfer.h"
#include "glvk/vk_backend/buffer.h"
#include "glvk/vk_backend/commands.h"
#include "glvk/vk_backend/device.h"
#include "primitive_lowering.h"
#include "program_descriptors.h"
#include "glvk/vk_backend/query_pool.h"
#include "query_impl.h"
#include "transform_feedback.h"
#include "program_impl.h"
#include "sampled_view.h"
#include "screen_impl.h"
#include "vertex_input.h"

namespace glvk::st {

namespace {

// One vertex input location and where its data comes from.
struct InputSlot {
  std::uint32_t location;
  const VertexAttribInput* attrib;
  ShaderInputType input;
  VkFormat format = VK_FORMAT_UNDEFINED;
  std::uint32_t element_offset = 0;     // double inputs: the byte of each element this location starts at
  bool streamed = false;                // data copied or converted into the streaming ring
  std::vector<std::byte> data;          // what is streamed (prepared without the lock)
  std::uint32_t stride = 0;
  std::uint64_t buffer_offset = 0;      // buffer-backed arrays: where vertex `vertex_base` starts
};

// The most bytes of vertex data one draw streams or converts (the range its indices span): past
// it the draw fails as GL_OUT_OF_MEMORY rather than allocating without bound.
constexpr std::uint64_t kMaxStreamedBytes = std::uint64_t(1) << 30;

std::uint32_t index_size(const DrawCall& call) {
  return call.index_type == GL_UNSIGNED_BYTE ? 1 : call.index_type == GL_UNSIGNED_SHORT ? 2 : 4;
}

// Reads [offset, offset + size) of a buffer; the part past its end (indices or vertices the
// application placed outside the buffer: undefined values in GL) reads as zeros, never past the
// mapping.
void read_buffer_clamped(Context& context, const Resource& buffer, std::uint64_t offset, std::uint64_t size,
                         std::byte* out) {
  const std::uint64_t inside = offset >= buffer.width0 ? 0 : std::min(size, buffer.width0 - offset);
  if (inside) context.buffer_read(const_cast<Resource&>(buffer), offset, inside, out);
  std::memset(out + inside, 0, std::size_t(size - inside));
}

// Whether the device can read the draw's indices from the element buffer itself: aligned, and
// every index inside the buffer (Vulkan requires both).
bool indices_in_buffer(const DrawCall& call) {
  const std::uint32_t size = index_size(call);
  return call.index_buffer && call.indices % size == 0 &&
         formats::range_inside(call.indices, formats::CheckedSize(call.count) * size, call.index_buffer->width0);
}

// The index values a draw reads (for client arrays, conversions and lowering).
std::vector<std::uint32_t> read_indices(Context& context, const DrawCall& call) {
  const std::uint32_t size = index_size(call);
  std::vector<std::byte> bytes(std::size_t(call.count) * size);
  if (call.index_buffer)
    read_buffer_clamped(context, *call.index_buffer, call.indices, bytes.size(), bytes.data());
  else if (!bytes.empty())
    std::memcpy(bytes.data(), reinterpret_cast<const void*>(call.indices), bytes.size());
  std::vector<std::uint32_t> out(std::size_t(call.count));
  for (std::size_t i = 0; i < out.size(); ++i) {
    std::uint32_t v = 0;
    std::memcpy(&v, bytes.data() + i * size, size);
    out[i] = v;
  }
  return out;
}

std::uint32_t restart_value(const DrawCall& call) {
  const RenderState& r = *call.render;
  if (r.primitive_restart_fixed_index)
    return call.index_type == GL_UNSIGNED_BYTE ? 0xffu : call.index_type == GL_UNSIGNED_SHORT ? 0xffffu : ~0u;
  return r.primitive_restart_index;
}

// The last stage before rasterization as GL's state needs it, where Vulkan has no state for it;
// one module per combination used (Program::Impl::last_stage_module):
// - GL's point size (GL 4.6 14.4): gl_PointSize when PROGRAM_POINT_SIZE is enabled and the stage
//   writes it, else glPointSize, clamped to the device's range. Vulkan takes a point's size only
//   from PointSize (undefined when unwritten): when points are rasterized (a point draw with no
//   later stage, a stage emitting points, or polygon mode POINT), the stage writes the GL size.
// - User clip distances (GL 4.6 13.7.2): only those whose CLIP_DISTANCEi is enabled clip; Vulkan
//   clips against every element declared, so the disabled ones are written as inside.
// - User clip planes against gl_Position (GLSL 1.30 7.1, compatibility): a stage that declares no
//   clip distance is clipped by the enabled planes (DrawCall::position_clip_planes), which the
//   draw pushes (`clip_planes`, filled here when the variant reads them: true).
bool lower_last_stage(const DrawCall& call, const glsl::Program& reflection, Program::Impl& prog,
                      const vk_backend::Device& device, VkPrimitiveTopology topology,
                      vk_backend::GraphicsPipelineKey& key, std::array<float, glsl::kMaxClipPlanes * 4>& clip_planes) {
  using glsl::Stage;
  const Stage last = reflection.stages & (1u << unsigned(Stage::Geometry))         ? Stage::Geometry
                     : reflection.stages & (1u << unsigned(Stage::TessEvaluation)) ? Stage::TessEvaluation
                                                                                    : Stage::Vertex;
  if (!key.modules[std::size_t(last)]) return false;
  glsl::LastStageLowering lowering;
  const bool points = key.polygon_mode == VK_POLYGON_MODE_POINT || reflection.emits_points ||
                      (last == Stage::Vertex && topology == VK_PRIMITIVE_TOPOLOGY_POINT_LIST);
  if (points && !(call.render->program_point_size && reflection.writes_point_size)) {
    const float* range = device.properties().limits.pointSizeRange;
    lowering.point_size = device.features().largePoints ? std::clamp(call.render->point_size, range[0], range[1]) : 1.0f;
  }
  const std::uint32_t declared = reflection.clip_distances >= 32 ? ~0u : (1u << reflection.clip_distances) - 1;
  lowering.disabled_clip_distances = declared & ~std::uint32_t(call.render->clip_distances);
  if (!reflection.clip_distances) {
    lowering.position_clip_planes = call.position_clip_planes;
    for (std::uint32_t i = 0; i < glsl::kMaxClipPlanes; ++i)
      if (call.position_clip_planes >> i & 1u)
        std::copy_n(call.clip_planes[i].begin(), 4, clip_planes.begin() + 4 * i);
  }
  if (lowering != glsl::LastStageLowering{})
    key.modules[std::size_t(last)] = prog.last_stage_module(reflection, last, lowering);
  return lowering.position_clip_planes != 0;
}

// Tessellation (GL 4.6 11.2): patches of GL_PATCH_VERTICES vertices (vk_backend's pipelines take
// GL's lower-left domain origin), and a program without a tessellation control shader drawn through a generated one
// that passes the patch on with the default levels (Vulkan needs the stage). The lowering of
// tessellation; one generated module per patch size and levels.
void lower_tessellation(const DrawCall& call, const glsl::Program& reflection, Program::Impl& prog,
                        const vk_backend::Device& device, vk_backend::GraphicsPipelineKey& key) {
  if (!device.features().tessellationShader) throw DrawError("the device has no tessellation shaders");
  key.patch_control_points = std::uint32_t(call.patch_vertices);
  const std::size_t control = std::size_t(glsl::Stage::TessControl);
  if (!key.modules[control] && key.modules[std::size_t(glsl::Stage::TessEvaluation)])
    key.modules[control] = prog.tess_control_module(reflection, std::uint32_t(call.patch_vertices),
                                                    call.render->patch_default_outer_level,
                                                    call.render->patch_default_inner_level);
}

// GL's alpha test (GL 4.6 compatibility 17.3.4) applies to fixed-function and GLSL fragment
// stages alike, on the colour for draw buffer zero; Vulkan has none, so the fragment module
// becomes a variant that discards the fragments failing it (glsl::AlphaTest). The lowering of
// alpha test; the core profile and ES never enable it.
glsl::AlphaTest lower_alpha_test(const RenderState& r) {
  if (!r.alpha_test || r.alpha_func < GL_NEVER || r.alpha_func > GL_ALWAYS) return {};
  return {glsl::AlphaFunc(r.alpha_func - GL_NEVER), std::clamp(r.alpha_ref, 0.0f, 1.0f)};
}

bool restart_enabled(const DrawCall& call) {
  return call.index_type && (call.render->primitive_restart || call.render->primitive_restart_fixed_index);
}

bool is_list(VkPrimitiveTopology t) {
  return t == VK_PRIMITIVE_TOPOLOGY_POINT_LIST || t == VK_PRIMITIVE_TOPOLOGY_LINE_LIST ||
         t == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST || t == VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY ||
         t == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY || t == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
}

VkPrimitiveTopology topology_class(VkPrimitiveTopology t) {
  switch (t) {
    case VK_PRIMITIVE_TOPOLOGY_POINT_LIST: return VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
    case VK_PRIMITIVE_TOPOLOGY_LINE_LIST: case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
    case VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY: case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
      return VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
    case VK_PRIMITIVE_TOPOLOGY_PATCH_LIST: return VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
    default: return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  }
}

// A colour attachment's view format: sRGB storage is written unencoded as its linear twin when
// GL_FRAMEBUFFER_SRGB is off (the image is MUTABLE_FORMAT for it).
VkFormat attachment_format(const Texture& t, bool srgb) {
  const formats::FormatDesc& d = formats::describe(t.layout().format);
  if (!srgb && d.colorspace == formats::Colorspace::SRGB && d.linear_equivalent != formats::Format::NONE)
    return static_cast<VkFormat>(formats::describe(d.linear_equivalent).vk_format);
  return static_cast<VkFormat>(d.vk_format);
}

// The number kind of a fragment output's GL type (GL 4.6 17.4.4.3), as color_output() gives an
// attachment format's.
vk_backend::ColorOutput output_kind(std::uint32_t gl_type) {
  switch (gl_type) {
    case GL_INT: case GL_INT_VEC2: case GL_INT_VEC3: case GL_INT_VEC4: return vk_backend::ColorOutput::SINT;
    case GL_UNSIGNED_INT: case GL_UNSIGNED_INT_VEC2: case GL_UNSIGNED_INT_VEC3: case GL_UNSIGNED_INT_VEC4:
      return vk_backend::ColorOutput::UINT;
    default: return vk_backend::ColorOutput::FLOAT;
  }
}

// Lowering "outputs without their colour buffer stay inside the fragment stage": GL drops what a
// fragment writes to a draw buffer that is NONE and leaves a buffer undefined when the output
// written to it is of another number kind (float into an integer buffer, ...) or when nothing is
// written to it; Vulkan's interface rules want every written location to have an attachment of
// its kind and every attachment written. So the draw uses a fragment module whose outputs at the
// unmatched locations go nowhere, leaves those buffers out, and masks the buffers nothing writes.
struct OutputMatch {
  std::uint32_t kept_inside = 0;  // locations written without a buffer of their kind
  std::uint32_t written = 0;      // draw buffers that receive an output of their kind
  std::uint32_t flipped = 0;      // integer outputs written to integer buffers of the other signedness
};

OutputMatch match_outputs(const glsl::Program& reflection, const DrawFramebufferInput& fb) {
  OutputMatch m;
  auto place = [&](std::uint32_t location, std::uint32_t gl_type) {
    const bool attached = location < fb.color_count && fb.color[location].texture;
    const vk_backend::ColorOutput buffer =
        attached ? color_output(formats::describe(fb.color[location].texture->layout().format)) : vk_backend::ColorOutput::FLOAT;
    const vk_backend::ColorOutput output = output_kind(gl_type);
    // An int output into a uint buffer (or the reverse) is stored bit for bit, as GL drivers do
    // (undefined in GL 4.6 17.4.4.3): glsl::fragment_without_outputs flips it.
    const bool other_signedness = output != buffer && output != vk_backend::ColorOutput::FLOAT &&
                                  buffer != vk_backend::ColorOutput::FLOAT;
    if (attached && other_signedness) m.flipped |= 1u << location;
    ((attached && (output == buffer || other_signedness)) ? m.written : m.kept_inside) |= 1u << location;
  };
  for (std::uint32_t l = 0; l < kMaxColorBuffers; ++l)  // gl_FragData's array may be longer than that
    if (reflection.builtin_color_locations >> l & 1u) place(l, GL_FLOAT_VEC4);
  for (const glsl::InterfaceVariable& out : reflection.outputs) {
    if (out.location < 0) continue;
    for (std::uint32_t l = std::uint32_t(out.location); l < std::uint32_t(out.location) + out.array_size && l < 32; ++l)
      place(l, out.gl_type);
  }
  return m;
}

// Vulkan's vertexOffset: the base vertex relative to the first streamed vertex. In 64 bits, since
// both range over 32; an offset Vulkan cannot express fails the draw.
std::int32_t vertex_offset(std::int64_t base_vertex, std::int64_t vertex_base) {
  const std::int64_t offset = base_vertex - vertex_base;
  if (offset < std::numeric_limits<std::int32_t>::min() || offset > std::numeric_limits<std::int32_t>::max())
    throw DrawError("the base vertex is out of the range the device can offset");
  return std::int32_t(offset);
}

// An array Vulkan cannot fetch where it is: its address or stride is not a multiple of its
// components' size, or its elements overlap (a stride below the element's size: Vulkan's strides
// are 0 or at least the attribute's extent). GL allows any; the array is then copied, repacked
// to an aligned stride.
bool misaligned(const VertexAttribInput& a) {
  const std::uint32_t align = attribute_alignment(a);
  const bool overlapping = a.stride != 0 && std::uint32_t(a.stride) < attribute_element_bytes(a);
  return a.pointer % align != 0 || std::uint32_t(a.stride) % align != 0 || overlapping;
}

// The double inputs' lowering (glsl's with_double_inputs_as_uint_pairs): each GL location of a
// double input (a column or array element, fed by the generic attribute of that number) is read as
// 32-bit words, R32G32 for one double and R32G32B32A32 for two: doubles 0-1 at the location itself,
// doubles 2-3 of a three- or four-row column at glsl::kMaxVertexAttribs + the location, 16 bytes
// further into the same elements (`high`).
InputSlot double_input_slot(const DrawCall& call, const glsl::InterfaceVariable& var, std::uint32_t location,
                            bool high) {
  const std::uint32_t rows = double_rows(var.gl_type);
  const std::uint32_t read = high ? rows - 2 : std::min(rows, 2u);
  static const VertexAttribInput kZeros{.current = {}};
  InputSlot slot{high ? glsl::kMaxVertexAttribs + location : location, &call.attribs[location], ShaderInputType::Double};
  slot.element_offset = high ? 16 : 0;
  const VertexAttribInput& a = *slot.attrib;
  if (!a.enabled) return slot;
  if (a.type == GL_DOUBLE && a.kind == GL_DOUBLE) {
    const std::int32_t given = std::clamp(a.size - (high ? 2 : 0), 0, 2);
    if (given == 0) {
      // The array has no doubles for this half: undefined values in GL; zeros here.
      slot.attrib = &kZeros;
      slot.element_offset = 0;
      return slot;
    }
    slot.format = std::min(read, std::uint32_t(given)) == 1 ? VK_FORMAT_R32G32_UINT : VK_FORMAT_R32G32B32A32_UINT;
    slot.streamed = !a.buffer || a.pointer >= a.buffer->width0 || misaligned(a);
  } else {
    slot.streamed = true;  // converted to doubles
  }
  return slot;
}
}  // namespace

// Wraps the draw in a Vulkan query for each counting GL query that is active.
// One count of vertex streams across the layers (each may not include the others' headers).
static_assert(vk_backend::kMaxVertexStreams == kMaxVertexStreams && glsl::kMaxVertexStreams == kMaxVertexStreams);
static void count_in_queries(const DrawCall& call, const vk_backend::Device& device, vk_backend::CommandStream& stream,
                             vk_backend::DrawRecord& record) {
  std::size_t used = 0;
  auto use = [&](Query* query, std::uint32_t vertex_stream, bool indexed) {
    const Query::Slot slot = query->next_slot(device, stream);
    record.queries[used++] = {slot.pool->handle(), slot.index, vertex_stream, indexed};
  };
  for (std::uint32_t v = 0; v < kMaxVertexStreams; ++v) {
    if (call.primitives_generated[v]) use(call.primitives_generated[v], v, true);
    if (call.primitives_written[v] && !record.xfb_buffers.empty()) use(call.primitives_written[v], v, true);
  }
  if (call.samples_passed) use(call.samples_passed, 0, false);
}

void draw(Context& context, const DrawCall& call) {
  if (call.count <= 0 || call.instance_count <= 0) return;
  const Program& program = *call.program;
  const glsl::Program& reflection = program.reflection();
  Screen::Impl& s = context.screen().impl();
  const vk_backend::Device& device = *s.device;

  // --- Phase 1, without the lock: indices, vertex ranges, CPU-side vertex data. ---
  GLenum mode = call.mode;
  const VkPrimitiveTopology topology = topology_for(mode);
  const bool lowered = needs_lowering(mode);
  const bool restart = restart_enabled(call);
  const std::uint32_t restart_index = restart ? restart_value(call) : 0;
  const std::uint32_t native_restart = call.index_type == GL_UNSIGNED_BYTE ? 0xffu
                                       : call.index_type == GL_UNSIGNED_SHORT ? 0xffffu : ~0u;
  const bool list_restart_ok = false;  // primitiveTopologyListRestart is not enabled: lists restart by rewriting
  const bool rewrite_restart = restart && (restart_index != native_restart || (is_list(topology) && !list_restart_ok));
  const bool ubyte_indices = call.index_type == GL_UNSIGNED_BYTE && !device.draw_features().index_type_uint8;
  // Indices outside (or misaligned in) the element buffer are read by the CPU, clamped.
  const bool cpu_index_source = call.index_type && !indices_in_buffer(call);

  // The vertex inputs: at most two slots (the halves of a dvec3/dvec4) per location, in an arena
  // on the stack (no allocation per draw).
  constexpr std::size_t kMaxSlots = 2 * kMaxVertexAttribs;
  std::array<std::byte, kMaxSlots * (sizeof(InputSlot) + sizeof(vk_backend::DrawVertexBuffer)) + 64> arena;
  std::pmr::monotonic_buffer_resource memory(arena.data(), arena.size());
  std::pmr::vector<InputSlot> slots(&memory);
  slots.reserve(kMaxSlots);
  bool needs_range = false;
  for (const glsl::InterfaceVariable& var : reflection.attributes) {
    if (var.location < 0) continue;
    const std::uint32_t per_element = attribute_locations(var.gl_type);
    const ShaderInputType input = shader_input_type(var.gl_type);
    for (std::uint32_t e = 0; e < var.array_size; ++e)
      for (std::uint32_t c = 0; c < per_element; ++c) {
        const std::uint32_t location = std::uint32_t(var.location) + e * per_element + c;
        if (location >= kMaxVertexAttribs) continue;
        if (input == ShaderInputType::Double) {
          for (bool high : {false, true}) {
            if (high && double_rows(var.gl_type) <= 2) continue;
            slots.push_back(double_input_slot(call, var, location, high));
            if (slots.back().streamed && slots.back().attrib->divisor == 0) needs_range = true;
          }
          continue;
        }
        InputSlot slot{location, &call.attribs[location], input};
        const VertexAttribInput& a = *slot.attrib;
        if (a.enabled) {
          const auto native = native_vertex_format(a, input);
          const bool fetchable =
              native && (device.format_properties(*native).bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT);
          // An offset at or past the buffer's end cannot be bound (Vulkan): streamed, reading zeros.
          slot.streamed = !fetchable || !a.buffer || a.pointer >= a.buffer->width0 || misaligned(a);
          if (fetchable) slot.format = *native;
          if (slot.streamed && a.divisor == 0) needs_range = true;
        }
        slots.push_back(std::move(slot));
      }
  }

  // Past the device's vertex inputs (only the second locations of double inputs can be) the draw
  // has no pipeline to run on.
  const VkPhysicalDeviceLimits& limits = device.properties().limits;
  const std::uint32_t inputs =
      std::min({limits.maxVertexInputAttributes, limits.maxVertexInputBindings, vk_backend::kMaxVertexAttributes});
  if (slots.size() > inputs ||
      std::any_of(slots.begin(), slots.end(), [&](const InputSlot& slot) { return slot.location >= inputs; }))
    throw DrawError("the device has too few vertex inputs for the program's dvec3/dvec4 inputs");

  // The vertex index range the draw reads (only when something is copied or converted).
  std::vector<std::uint32_t> indices;
  const bool need_indices = call.index_type && (needs_range || lowered || rewrite_restart || ubyte_indices ||
                                                 cpu_index_source);
  if (need_indices) indices = read_indices(context, call);
  std::int64_t vertex_min = call.first, vertex_max = std::int64_t(call.first) + call.count - 1;
  if (call.index_type && needs_range) {
    vertex_min = std::numeric_limits<std::int64_t>::max();
    vertex_max = -1;
    for (std::uint32_t i : indices) {
      if (restart && i == restart_index) continue;
      vertex_min = std::min<std::int64_t>(vertex_min, std::int64_t(i) + call.base_vertex);
      vertex_max = std::max<std::int64_t>(vertex_max, std::int64_t(i) + call.base_vertex);
    }
    if (vertex_max < 0) return;  // nothing but restarts
    vertex_min = std::max<std::int64_t>(vertex_min, 0);
  }
  const std::int64_t vertex_base = needs_range ? vertex_min : 0;

  for (InputSlot& slot : slots) {
    const VertexAttribInput& a = *slot.attrib;
    if (!a.enabled) continue;
    if (!slot.streamed) {
      // Instanced arrays start at the base instance (see record.first_instance below).
      const formats::CheckedSize offset =
          formats::CheckedSize(a.pointer) +
          formats::CheckedSize(a.divisor ? std::int64_t(call.base_instance) : vertex_base) * formats::CheckedSize(a.stride);
      if ((offset + slot.element_offset).fits(a.buffer->width0 - 1)) {
        slot.stride = std::uint32_t(a.stride);
        slot.buffer_offset = offset.value();
        continue;
      }
      // The range starts past the buffer: streamed instead (a per-vertex range starts past it only
      // when vertex_base > 0, that is when the range is known).
      slot.streamed = true;
    }
    // Instanced arrays are copied from the base instance's element; per-vertex ones from vertex_base.
    const std::uint64_t first = a.divisor ? std::uint64_t(call.base_instance) : std::uint64_t(vertex_base);
    const std::uint64_t last = a.divisor ? call.base_instance + std::uint64_t(call.instance_count - 1) / a.divisor
                                         : std::uint64_t(vertex_max);
    const std::uint64_t n = last - first + 1;
    const std::uint32_t element = attribute_element_bytes(a);
    const formats::CheckedSize span = (formats::CheckedSize(n) - 1) * formats::CheckedSize(a.stride) + element;
    const formats::CheckedSize start = formats::CheckedSize(a.pointer) + formats::CheckedSize(first) * a.stride;
    if (!span.fits(kMaxStreamedBytes) || !(formats::CheckedSize(n) * 32).fits(kMaxStreamedBytes) ||
        !start.fits(~std::uintptr_t(0)))
      throw std::bad_alloc();  // GL_OUT_OF_MEMORY: the indices span more vertices than can be streamed
    // Client memory is read where it lies; a buffer's range is read out first.
    std::vector<std::byte> read;
    const std::byte* source = reinterpret_cast<const std::byte*>(start.value());
    if (a.buffer) {
      read.resize(span.value());
      read_buffer_clamped(context, *a.buffer, start.value(), span.value(), read.data());
      source = read.data();
    }
    if (slot.format != VK_FORMAT_UNDEFINED) {
      slot.stride = std::uint32_t(a.stride);
      if ((!a.buffer && slot.stride != 0) || slot.stride % attribute_alignment(a) != 0 ||
          (slot.stride != 0 && slot.stride < element)) {
        // Packed: from client memory each element alone (the span at the application's stride
        // would carry the other attributes interleaved with it, as immediate mode's vertices do),
        // and to an aligned stride: Vulkan fetches components only at their alignment, and
        // elements that overlap (stride below the element size) each get their own copy.
        const std::uint32_t packed = (element + 3) & ~3u;
        slot.data.resize(n * packed);
        for (std::uint64_t i = 0; i < n; ++i)
          std::memcpy(slot.data.data() + i * packed, source + i * slot.stride, element);
        slot.stride = packed;
      } else {
        slot.data = a.buffer ? std::move(read) : std::vector<std::byte>(source, source + span.value());
      }
    } else if (slot.input == ShaderInputType::Double) {
      // An array not given as doubles (glVertexAttribPointer) read by a double input: undefined in
      // GL (10.3.?), converted here to the doubles its values are.
      slot.data.resize(n * 32);
      convert_vertices_to_doubles(a, source, std::uint32_t(n), std::uint32_t(a.stride), slot.data.data());
      slot.stride = 32;
      slot.format = VK_FORMAT_R32G32B32A32_UINT;
    } else {
      slot.data.resize(n * 16);
      convert_vertices(a, slot.input, source, std::uint32_t(n), std::uint32_t(a.stride), slot.data.data());
      slot.stride = 16;
      slot.format = slot.input == ShaderInputType::Int    ? VK_FORMAT_R32G32B32A32_SINT
                    : slot.input == ShaderInputType::Uint ? VK_FORMAT_R32G32B32A32_UINT
                                                          : VK_FORMAT_R32G32B32A32_SFLOAT;
    }
  }

  // Index data the CPU produces: lowered primitives, rewritten restarts, widened bytes, client indices.
  std::vector<std::uint32_t> cpu_indices;
  bool cpu_indexed = false;
  if (lowered || (call.index_type && (rewrite_restart || ubyte_indices || cpu_index_source))) {
    cpu_indexed = true;
    const bool last = call.render->provoking_vertex == GL_LAST_VERTEX_CONVENTION;
    auto lower_piece = [&](const std::uint32_t* src, std::uint32_t n) {
      if (lowered) lower_primitives(mode, src, n, last, cpu_indices);
      else if (src) cpu_indices.insert(cpu_indices.end(), src, src + n);
    };
    if (call.index_type) {
      if (restart) {
        // Split at restart indices: lowered pieces are independent lists; strips keep Vulkan's
        // restart marker.
        std::size_t begin = 0;
        for (std::size_t i = 0; i <= indices.size(); ++i) {
          if (i < indices.size() && indices[i] != restart_index) continue;
          lower_piece(indices.data() + begin, std::uint32_t(i - begin));
          if (!lowered && i < indices.size() && !is_list(topology)) cpu_indices.push_back(~0u);
          begin = i + 1;
        }
      } else {
        lower_piece(indices.data(), std::uint32_t(indices.size()));
      }
    } else {
      std::vector<std::uint32_t> sequence(std::size_t(call.count));
      for (std::size_t i = 0; i < sequence.size(); ++i) sequence[i] = std::uint32_t(call.first + std::int64_t(i));
      lower_piece(sequence.data(), std::uint32_t(sequence.size()));
    }
    if (cpu_indices.empty()) return;
  }

  // --- Phase 2, under the lock: record. ---
  std::lock_guard lock(s.mutex);
  DrawResources& res = draw_resources(s);
  vk_backend::CommandStream& stream = *s.stream;
  const Program::Impl& prog = program.impl();
  const_cast<Program::Impl&>(prog).last_use = stream.open_serial();

  vk_backend::GraphicsPipelineKey key{};
  vk_backend::DrawDynamicState dyn{};
  key.layout = prog.layout;
  for (std::size_t i = 0; i < prog.modules.size(); ++i) key.modules[i] = prog.modules[i];
  const DrawFramebufferInput& fb = call.framebuffer;
  const OutputMatch outputs = match_outputs(reflection, fb);
  // GL_FLAT shades a GLSL fragment shader's gl_Color as well (compatibility: the colour varyings
  // follow glShadeModel unless qualified).
  key.modules[std::size_t(glsl::Stage::Fragment)] = const_cast<Program::Impl&>(prog).fragment_module(
      reflection, outputs.kept_inside, call.render->shade_model == GL_FLAT, outputs.flipped,
      lower_alpha_test(*call.render));
  if (topology == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST) lower_tessellation(call, reflection, const_cast<Program::Impl&>(prog), device, key);

  // Attachments (st_update_framebuffer_state's result, as views of images).
  vk_backend::DrawTargets targets;
  targets.width = fb.width;
  targets.height = fb.height;
  targets.layers = std::max<std::uint32_t>(fb.layers, 1);
  targets.color_count = fb.color_count;
  DrawFeaturesView features;
  const VkPhysicalDeviceFeatures& f = device.features();
  features.wide_lines = f.wideLines;
  features.max_line_width = device.properties().limits.lineWidthRange[1];
  features.depth_bias_clamp = f.depthBiasClamp;
  features.alpha_to_one = f.alphaToOne;
  features.logic_op = f.logicOp;
  features.depth_clip_control = device.draw_features().depth_clip_control;
  features.provoking_vertex_last = device.draw_features().provoking_vertex_last;
  features.bresenham_lines = device.draw_features().bresenham_lines;
  features.stippled_lines = device.draw_features().stippled_bresenham_lines;
  features.written_buffers = outputs.written;
  for (unsigned i = 0; i < fb.color_count; ++i) {
    const TargetInput& t = fb.color[i];
    if (!t.texture) continue;
    if (!(outputs.written >> i & 1u)) continue;
    const formats::FormatDesc& d = formats::describe(t.texture->layout().format);
    vk_backend::DrawAttachment& a = targets.color[i];
    a.image = &t.texture->image();
    a.format = attachment_format(*t.texture, fb.srgb);
    a.level = t.texture->image_level(t.level);
    a.first_layer = t.texture->image_layer(t.first_layer);
    key.color_formats[i] = a.format;
    // Integer formats never blend (GL 4.6 17.3.6). A format the device cannot blend (lavapipe's
    // snorm formats) is drawn unblended: its storage keeps GL's exact bits, where a blendable
    // stand-in format (16-bit float) would not; blending into it is the one thing lost.
    features.blendable[i] = !d.is_pure_integer && res.blendable(a.format);
    // Lowering DST_ALPHA for a format without alpha is exact whether or not its storage has one.
    features.dst_alpha_one[i] = d.swizzle[3] == formats::Swizzle::ONE;
  }
  if (const TargetInput& zs = fb.depth.texture ? fb.depth : fb.stencil; zs.texture) {
    vk_backend::DrawAttachment& a = targets.depth_stencil;
    a.image = &zs.texture->image();
    a.format = static_cast<VkFormat>(formats::describe(zs.texture->layout().format).vk_format);
    a.level = zs.texture->image_level(zs.level);
    a.first_layer = zs.texture->image_layer(zs.first_layer);
    const VkImageAspectFlags aspects = a.image->aspects();
    if (aspects & VK_IMAGE_ASPECT_DEPTH_BIT) key.depth_format = a.format;
    if (aspects & VK_IMAGE_ASPECT_STENCIL_BIT) key.stencil_format = a.format;
  }
  translate_render_state(call, features, key, dyn);
  std::array<float, glsl::kMaxClipPlanes * 4> clip_planes{};
  const bool push_clip_planes =
      lower_last_stage(call, reflection, const_cast<Program::Impl&>(prog), device, topology, key, clip_planes);

  // Topology and primitive restart.
  dyn.topology = topology;
  key.topology = topology_class(topology);
  dyn.primitive_restart = restart && !rewrite_restart && !is_list(topology) && !lowered;
  if (cpu_indexed && restart && !lowered && !is_list(topology)) dyn.primitive_restart = true;  // ~0u markers

  // Vertex input.
  std::pmr::vector<vk_backend::DrawVertexBuffer> buffers(&memory);
  buffers.reserve(std::max<std::size_t>(slots.size(), 1));
  for (const InputSlot& slot : slots) {
    const VertexAttribInput& a = *slot.attrib;
    const std::uint32_t binding = std::uint32_t(buffers.size());
    vk_backend::VertexAttributeKey& ak = key.attributes[key.attribute_count++];
    vk_backend::VertexBindingKey& bk = key.bindings[key.binding_count++];
    ak = {slot.location, binding, slot.format, 0};
    bk = {binding, VK_VERTEX_INPUT_RATE_VERTEX, 1};
    if (!a.enabled) {
      // The current attribute value (glVertexAttrib*), read by every vertex: stride 0.
      // Double inputs read their half of the four doubles as 32-bit words.
      auto alloc = res.uploads.allocate(16, 16);
      std::memcpy(alloc.pointer, reinterpret_cast<const std::byte*>(a.current.data()) + slot.element_offset, 16);
      ak.format = slot.input == ShaderInputType::Int    ? VK_FORMAT_R32G32B32A32_SINT
                  : slot.input == ShaderInputType::Float ? VK_FORMAT_R32G32B32A32_SFLOAT
                                                         : VK_FORMAT_R32G32B32A32_UINT;
      buffers.push_back({alloc.buffer->handle(), alloc.offset, 0});
      continue;
    }
    if (a.divisor) {
      bk.input_rate = VK_VERTEX_INPUT_RATE_INSTANCE;
      bk.divisor = a.divisor;
    }
    if (slot.streamed) {
      auto alloc = res.uploads.allocate(slot.data.size(), 16);
      std::memcpy(alloc.pointer, slot.data.data(), slot.data.size());
      buffers.push_back({alloc.buffer->handle(), alloc.offset + slot.element_offset, slot.stride});
    } else {
      vk_backend::Buffer& storage = *a.buffer->storage;
      storage.last_use = stream.open_serial();
      buffers.push_back({storage.handle(), slot.buffer_offset + slot.element_offset, slot.stride});
    }
  }
  if (key.attribute_count == 0) {
    // A draw without vertex inputs still binds one buffer: the dynamic vertex stride must be set
    // before every draw (VUID-vkCmdDraw-pStrides-04884), and a binding no attribute reads costs nothing.
    auto alloc = res.uploads.allocate(16, 16);
    key.binding_count = 1;
    key.bindings[0] = {0, VK_VERTEX_INPUT_RATE_VERTEX, 1};
    buffers.push_back({alloc.buffer->handle(), alloc.offset, 0});
  }

  // Descriptors (pushed with the draw).
  ProgramDescriptors descriptors;
  write_program_descriptors(res, stream, reflection, call, descriptors);

  // Indices.
  vk_backend::DrawRecord record;
  record.pipeline = res.pipelines.get(key);
  record.layout = prog.layout;
  record.set_layout = prog.set_layout.get();
  record.descriptors = descriptors.writes;
  if (push_clip_planes) record.push_constants = std::as_bytes(std::span(clip_planes));
  record.vertex_buffers = buffers;
  record.state = &dyn;
  record.instance_count = std::uint32_t(call.instance_count);
  // The base instance lowering: Vulkan's InstanceIndex includes firstInstance, GL's gl_InstanceID
  // does not (GL 4.6 11.1.3.9), so draws start at instance 0 and the instanced arrays start at the
  // base instance's element instead: element floor(i / divisor) + baseinstance, as GL fetches it.
  record.first_instance = 0;
  if (cpu_indexed) {
    auto alloc = res.uploads.allocate(cpu_indices.size() * 4, 4);
    std::memcpy(alloc.pointer, cpu_indices.data(), cpu_indices.size() * 4);
    record.indexed = true;
    record.index_buffer = alloc.buffer->handle();
    record.index_offset = alloc.offset;
    record.index_type = VK_INDEX_TYPE_UINT32;
    record.count = std::uint32_t(cpu_indices.size());
    record.vertex_offset = vertex_offset(call.index_type ? call.base_vertex : 0, vertex_base);
  } else if (call.index_type) {
    vk_backend::Buffer& storage = *call.index_buffer->storage;
    storage.last_use = stream.open_serial();
    record.indexed = true;
    record.index_buffer = storage.handle();
    record.index_offset = call.indices;
    record.index_type = call.index_type == GL_UNSIGNED_BYTE ? VK_INDEX_TYPE_UINT8_EXT
                        : call.index_type == GL_UNSIGNED_SHORT ? VK_INDEX_TYPE_UINT16 : VK_INDEX_TYPE_UINT32;
    record.count = std::uint32_t(call.count);
    record.vertex_offset = vertex_offset(call.base_vertex, vertex_base);
  } else {
    record.count = std::uint32_t(call.count);
    record.first = std::uint32_t(call.first - vertex_base);
  }
  std::array<vk_backend::DrawXfbBuffer, kMaxTransformFeedbackBuffers> xfb_buffers{};
  if (call.transform_feedback.counters)
    record_transform_feedback(call.transform_feedback, device, stream, xfb_buffers, record);
  count_in_queries(call, device, stream, record);
  stream.draw(targets, record);
}

}  // namespace glvk::st
