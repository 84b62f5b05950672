// Program pipelines (GL 4.6 7.4, ARB_separate_shader_objects): one program for the device made of
// the stages of separately linked programs. Each stage's SPIR-V is the one its program linked,
// moved into a combined resource interface, with its inputs matched to the previous program's
// outputs (glslang assigned each program's automatic locations on its own).
#include <glslang/SPIRV/spirv.hpp>

#include <algorithm>

#include "glslang_shader.h"
#include "spirv_edit.h"

namespace glvk::glsl {
namespace {

constexpr StageMask bit(Stage s) { return 1u << static_cast<unsigned>(s); }

// Every default block part starts at a multiple of the largest std140 base alignment (dvec4).
constexpr std::uint32_t kPartAlignment = 32;

// The consumer's new input locations at an interface between two programs (7.4.1): an input
// declared with a location matches the output at that location; another one the output of its
// name. An automatic input no output name matches keeps its location when an output is there (the
// order both programs declared them in, as Mesa matches them; GL leaves its value undefined).
// Inputs with no match leave the interface (`unmatched`).
std::vector<detail::DecorationEdit> match_inputs(const std::vector<std::uint32_t>& producer,
                                                 const std::vector<std::uint32_t>& consumer,
                                                 const std::set<std::string>& consumer_explicit,
                                                 std::set<std::uint32_t>& unmatched) {
  const detail::InterfaceLocations outputs = detail::interface_locations(producer, spv::StorageClassOutput);
  std::set<std::uint32_t> output_locations;
  for (const auto& [name, output] : outputs) output_locations.insert(output.second);
  std::vector<detail::DecorationEdit> edits;
  std::set<std::uint32_t> claimed;  // locations inputs take by name or explicitly
  std::vector<std::pair<std::uint32_t, std::uint32_t>> by_position;  // (variable, location)
  for (const auto& [name, input] : detail::interface_locations(consumer, spv::StorageClassInput)) {
    const auto [id, location] = input;
    if (consumer_explicit.count(name)) {
      if (!output_locations.count(location)) unmatched.insert(id);
      claimed.insert(location);
    } else if (auto o = outputs.find(name); o != outputs.end()) {
      if (o->second.second != location) edits.push_back({id, spv::DecorationLocation, o->second.second});
      claimed.insert(o->second.second);
    } else {
      by_position.emplace_back(id, location);
    }
  }
  for (const auto& [id, location] : by_position)
    if (!output_locations.count(location) || claimed.count(location)) unmatched.insert(id);
  return edits;
}

}  // namespace

PipelineProgram combine_pipeline(std::span<const Program* const> programs,
                                 const std::array<int, kStageCount>& stage_program) {
  PipelineProgram result;
  Program& out = result.program;
  // Each program's resource bindings, renumbered after the previous programs' (0 stays the
  // default block, shared by all: every part at its own offsets).
  std::vector<std::map<std::uint32_t, std::uint32_t>> binding_maps(programs.size());
  std::uint32_t next_binding = 1, default_size = 0;
  for (std::size_t p = 0; p < programs.size(); ++p) {
    const Program& r = *programs[p];
    const std::uint32_t base = (default_size + kPartAlignment - 1) / kPartAlignment * kPartAlignment;
    result.default_block_bases.push_back(r.default_block_size ? base : default_size);
    if (r.default_block_size) default_size = base + r.default_block_size;
    const std::uint32_t uniform_base = std::uint32_t(out.uniforms.size());
    const std::uint32_t block_base = std::uint32_t(out.blocks.size());
    for (const Resource& res : r.resources) {
      if (res.binding == 0 && res.block < 0 && res.kind == ResourceKind::UniformBuffer) continue;  // default block
      if (!binding_maps[p].count(res.binding)) binding_maps[p][res.binding] = next_binding++;
      Resource moved = res;
      moved.binding = binding_maps[p][res.binding];
      if (moved.uniform >= 0) moved.uniform += std::int32_t(uniform_base);
      if (moved.block >= 0) moved.block += std::int32_t(block_base);
      out.resources.push_back(moved);
    }
    for (Uniform u : r.uniforms) {
      if (u.block_index >= 0) u.block_index += std::int32_t(block_base);
      else if (u.offset != ~0u) u.offset += result.default_block_bases[p];
      if (u.binding > 0 && binding_maps[p].count(std::uint32_t(u.binding)))
        u.binding = std::int32_t(binding_maps[p][std::uint32_t(u.binding)]);
      u.location = -1;  // locations are each program's own
      out.uniforms.push_back(u);
    }
    for (UniformBlock b : r.blocks) {
      if (binding_maps[p].count(b.binding)) b.binding = binding_maps[p][b.binding];
      for (std::uint32_t& u : b.uniforms) u += uniform_base;
      out.blocks.push_back(b);
    }
  }
  // Each stage's subroutines are those of the program active for it, its selectors moved with
  // that program's part of the default block.
  for (std::size_t s = 0; s < kStageCount; ++s) {
    if (stage_program[s] < 0 || std::size_t(stage_program[s]) >= programs.size()) continue;
    out.subroutines[s] = programs[std::size_t(stage_program[s])]->subroutines[s];
    for (SubroutineUniform& u : out.subroutines[s].uniforms)
      if (u.selector_offset != ~0u) u.selector_offset += result.default_block_bases[std::size_t(stage_program[s])];
  }
  out.default_block_size = default_size;
  if (default_size) {
    StageMask all = 0;
    for (const Program* r : programs) all |= r->stages;
    out.resources.insert(out.resources.begin(), Resource{ResourceKind::UniformBuffer, 0, 1, all, -1, -1});
  }

  // The stages, in pipeline order, and what each program answers for the stages it provides.
  const Stage order[] = {Stage::Vertex, Stage::TessControl, Stage::TessEvaluation, Stage::Geometry, Stage::Fragment,
                         Stage::Compute};
  int producer = -1;  // the previous stage with a program (compute excluded)
  for (Stage stage : order) {
    const std::size_t s = std::size_t(stage);
    const int p = stage_program[s];
    if (p < 0 || std::size_t(p) >= programs.size() || programs[std::size_t(p)]->spirv[s].empty()) continue;
    const Program& r = *programs[std::size_t(p)];
    std::vector<std::uint32_t> words = r.spirv[s];
    detail::rebind_for_pipeline(words, binding_maps[std::size_t(p)], result.default_block_bases[std::size_t(p)]);
    if (stage != Stage::Compute && producer >= 0 && stage_program[std::size_t(producer)] != p) {
      const Program& from = *programs[std::size_t(stage_program[std::size_t(producer)])];
      std::set<std::uint32_t> unmatched;
      detail::set_decorations(words, match_inputs(from.spirv[std::size_t(producer)], words, r.explicit_inputs[s], unmatched));
      words = detail::made_private(words, unmatched);
    }
    std::string messages;
    if (!detail::validate_spirv(words, messages)) {
      out.log = "internal error: the program pipeline's " + std::string(detail::stage_name(stage)) +
                " stage failed validation:\n" + messages;
      return result;
    }
    out.spirv[s] = std::move(words);
    out.stages |= bit(stage);
    out.explicit_inputs[s] = r.explicit_inputs[s];
    out.explicit_outputs[s] = r.explicit_outputs[s];
    if (stage == Stage::Vertex) out.attributes = r.attributes;
    if (stage == Stage::Geometry) {
      // The draw-mode check (GL 4.6 11.3.1) and the layout queries read the geometry program's.
      out.geometry_input = r.geometry_input;
      out.geometry_output = r.geometry_output;
      out.geometry_vertices_out = r.geometry_vertices_out;
      out.geometry_invocations = r.geometry_invocations;
    }
    if (stage == Stage::TessControl) out.tess_output_vertices = r.tess_output_vertices;
    if (stage == Stage::TessEvaluation) {
      out.tess_mode = r.tess_mode;
      out.tess_spacing = r.tess_spacing;
      out.tess_vertex_order = r.tess_vertex_order;
      out.tess_point_mode = r.tess_point_mode;
    }
    if (stage == Stage::Compute) out.local_size = r.local_size;
    if (stage == Stage::Fragment) {
      out.outputs = r.outputs;
      out.builtin_color_locations = r.builtin_color_locations;
      out.shade_model_colors = r.shade_model_colors;
    }
    if (stage != Stage::Fragment && stage != Stage::Compute) {
      // The last vertex-processing stage's program decides points and transform feedback.
      out.writes_point_size = r.writes_point_size;
      out.emits_points = r.emits_points;
      out.clip_distances = r.clip_distances;
      out.xfb_varyings = r.xfb_varyings;
      out.xfb_strides = r.xfb_strides;
      producer = int(s);
    }
  }
  // The built-in blocks each program kept whole at its outer interfaces, cut to what both sides use.
  detail::cut_builtin_blocks(out.spirv, false);
  out.ok = true;
  return result;
}

}  // namespace glvk::glsl
