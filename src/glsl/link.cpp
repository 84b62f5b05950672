#include <glslang/SPIRV/GlslangToSpv.h>
#include <glslang/SPIRV/spirv.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <tuple>

#include "block_layout.h"
#include "dead_calls.h"
#include "deep_stack.h"
#include "glslang_shader.h"
#include "atomic_counters.h"
#include "interface_check.h"
#include "storage_blocks.h"
#include "legacy_builtins.h"
#include "legacy_link_rules.h"
#include "linker_objects.h"
#include "reflect.h"
#include "uniform_locations.h"
#include "subroutines.h"
#include "spirv_edit.h"
#include "uniform_initializers.h"
#include "glsl_es.h"
#include "xfb.h"

namespace glvk::glsl {
namespace {

using detail::AssignedLocation;

constexpr int kMaxDrawBuffers = 8;     // GL_MAX_DRAW_BUFFERS glvk reports

constexpr StageMask bit(Stage s) { return 1u << static_cast<unsigned>(s); }

// The stage whose gl_Position reaches the rasterizer (GL 4.6 11: the last vertex-processing stage).
Stage last_vertex_stage(StageMask stages) {
  if (stages & bit(Stage::Geometry)) return Stage::Geometry;
  if (stages & bit(Stage::TessEvaluation)) return Stage::TessEvaluation;
  return Stage::Vertex;
}

// The variables among `candidates` that a function of the module stores to, loads from, indexes
// or passes on: GLSL's "statically assigned" for outputs (code the front end kept, so an inactive
// #if branch does not count).
std::set<std::uint32_t> referenced_in_code(const std::vector<std::uint32_t>& words, const std::set<std::uint32_t>& candidates) {
  std::set<std::uint32_t> used;
  bool in_function = false;
  for (const detail::SpirvInstruction& ins : detail::split_instructions(words)) {
    if (ins.op == spv::OpFunction) in_function = true;
    if (!in_function) continue;
    std::size_t first = 0, last = 0;  // the operand words that may name a variable, [first, last)
    switch (ins.op) {
      case spv::OpStore: first = 1, last = 2; break;
      case spv::OpCopyMemory: first = 1, last = 3; break;
      case spv::OpLoad:
      case spv::OpAccessChain:
      case spv::OpInBoundsAccessChain: first = 3, last = 4; break;
      case spv::OpFunctionCall: first = 4, last = ins.words.size(); break;
      default: break;
    }
    for (std::size_t w = first; w < last && w < ins.words.size(); ++w)
      if (candidates.count(ins.words[w])) used.insert(ins.words[w]);
  }
  return used;
}

// The fragment outputs nothing may leave through, of a shader with outputs of its own: GLSL 1.30
// 4.3.6 forbids assigning both gl_FragColor/gl_FragData and user-defined outputs, so either the
// built-in colours (a name seen only in an inactive #if branch, or both written: the user's win)
// or, when only the built-ins are written, the user's outputs that merely sit at their locations.
std::set<std::uint32_t> silent_fragment_outputs(const std::vector<std::uint32_t>& words) {
  std::set<std::uint32_t> builtin_colors, user_outputs;
  for (const detail::SpirvVariable& v : detail::global_variables(words)) {
    if (v.storage_class != spv::StorageClassOutput) continue;
    if (v.name == "gl_FragData" || v.name == "gl_FragColor" || detail::broadcast_location(v.name) >= 0)
      builtin_colors.insert(v.id);
    else if (v.name.compare(0, 3, "gl_") != 0)
      user_outputs.insert(v.id);
  }
  if (referenced_in_code(words, user_outputs).empty() && !referenced_in_code(words, builtin_colors).empty())
    return user_outputs;
  return builtin_colors;
}

// The decorations GL's link-time assignment changes in one stage's SPIR-V: descriptor bindings
// (every resource its own binding of set 0), vertex input and fragment output locations.
std::vector<detail::DecorationEdit> link_time_decorations(const std::vector<std::uint32_t>& words, Stage stage,
                                                          detail::BindingMap& bindings,
                                                          const std::map<std::string, AssignedLocation>& attributes,
                                                          const std::map<std::string, AssignedLocation>& outputs) {
  std::vector<detail::DecorationEdit> edits;
  for (const detail::SpirvVariable& v : detail::global_variables(words)) {
    switch (v.storage_class) {
      case spv::StorageClassUniformConstant:
      case spv::StorageClassUniform:
      case spv::StorageClassStorageBuffer: {
        std::uint32_t binding;
        if (v.struct_name == detail::kDefaultBlockName) {
          binding = 0;
        } else if (!v.struct_name.empty()) {
          const std::string key =
              (v.storage_class == spv::StorageClassStorageBuffer ? "buffer:" : "uniform:") + v.struct_name;
          auto it = bindings.blocks.find(key);
          binding = it != bindings.blocks.end() ? it->second : bindings.next_free++;
        } else {
          auto it = bindings.opaque.find(v.name);
          // Not in the reflection: inactive, so never used by the entry point; a binding of its own.
          binding = it != bindings.opaque.end() ? it->second : bindings.next_free++;
        }
        edits.push_back({v.id, spv::DecorationDescriptorSet, 0});
        edits.push_back({v.id, spv::DecorationBinding, binding});
        break;
      }
      case spv::StorageClassInput:
        if (stage == Stage::Vertex)
          if (auto a = attributes.find(v.name); a != attributes.end())
            edits.push_back({v.id, spv::DecorationLocation, static_cast<std::uint32_t>(a->second.location)});
        break;
      case spv::StorageClassOutput:
        if (stage != Stage::Fragment) break;
        if (auto o = outputs.find(v.name); o != outputs.end()) {
          edits.push_back({v.id, spv::DecorationLocation, static_cast<std::uint32_t>(o->second.location)});
          if (o->second.index != 0) edits.push_back({v.id, spv::DecorationIndex, o->second.index});
        } else if (v.name == "gl_FragData" || v.name == "gl_FragColor") {
          edits.push_back({v.id, spv::DecorationLocation, 0});  // glslang leaves them without one
        } else if (const int l = detail::broadcast_location(v.name); l >= 0) {
          edits.push_back({v.id, spv::DecorationLocation, static_cast<std::uint32_t>(l)});
        }
        break;
      default:
        break;
    }
  }
  return edits;
}

// Block members (and the default block's uniforms) where this stage's SPIR-V puts them, before
// the optimizer drops unused blocks; the first stage that uses a member's block decides, every
// stage lays a block out alike.
void place_block_members(const std::vector<std::uint32_t>& words, Stage stage, Program& out) {
  std::optional<detail::BlockLayouts> layouts;
  for (Uniform& u : out.uniforms) {
    std::string block_name = detail::kDefaultBlockName;
    StageMask stages = u.stages;
    if (u.block_index >= 0 && static_cast<std::size_t>(u.block_index) < out.blocks.size()) {
      block_name = out.blocks[static_cast<std::size_t>(u.block_index)].name;
      stages = out.blocks[static_cast<std::size_t>(u.block_index)].stages;
    } else if (u.offset == ~0u) {
      continue;  // opaque: no memory
    }
    if ((stages & ~(stages - 1)) != bit(stage)) continue;  // not the lowest stage using it
    if (!layouts) layouts.emplace(words);
    if (const auto layout = layouts->member(block_name, u.name)) {
      u.offset = layout->offset;
      u.array_stride = layout->array_stride;
      u.matrix_stride = layout->matrix_stride;
      u.row_major = layout->row_major;
    }
  }
  // The stage's subroutine selectors (subroutines.cpp), in the default block of this stage only.
  for (SubroutineUniform& u : out.subroutines[std::size_t(stage)].uniforms) {
    if (u.selector_offset == ~0u) continue;
    if (!layouts) layouts.emplace(words);
    if (const auto layout = layouts->member(detail::kDefaultBlockName, detail::subroutine_selector_name(stage, u.name))) {
      u.selector_offset = layout->offset;
      if (layout->array_stride) u.selector_stride = layout->array_stride;
    }
  }
}

// GLSL 1.30 4.3.7: gl_Color and the gl_FrontColor and gl_BackColor written for it (and the
// secondary colours alike) take the same interpolation qualifier, among those statically used.
bool colour_qualifiers_match(std::span<const ShaderSource> shaders, Stage last_vertex, std::string& log) {
  std::map<std::string, std::string> used;  // name → qualifier, over the stages that meet
  for (const ShaderSource& s : shaders) {
    if (s.stage != Stage::Fragment && s.stage != last_vertex) continue;
    // A vertex shader's gl_Color is its attribute; the fragment shader's the varying.
    for (auto& [name, qualifier] : detail::colour_interpolation(s.text)) {
      const bool varying_in = name == "gl_Color" || name == "gl_SecondaryColor";
      if (varying_in == (s.stage == Stage::Fragment)) used.emplace(name, qualifier);
    }
  }
  bool ok = true;
  for (const auto& group : {std::array<const char*, 3>{"gl_Color", "gl_FrontColor", "gl_BackColor"},
                            std::array<const char*, 3>{"gl_SecondaryColor", "gl_FrontSecondaryColor", "gl_BackSecondaryColor"}}) {
    const char* first = nullptr;
    for (const char* name : group) {
      const auto it = used.find(name);
      if (it == used.end()) continue;
      if (!first) {
        first = name;
      } else if (it->second != used[first]) {
        log += std::string("error: ") + name + " and " + first + " have different interpolation qualifiers\n";
        ok = false;
      }
    }
  }
  return ok;
}

void record_geometry_layout(const glslang::TIntermediate& gs, Program& out) {
  auto primitive = [](glslang::TLayoutGeometry g) -> std::uint32_t {
    switch (g) {
      case glslang::ElgPoints: return 0x0000;                  // GL_POINTS
      case glslang::ElgLines: return 0x0001;                   // GL_LINES
      case glslang::ElgLinesAdjacency: return 0x000A;          // GL_LINES_ADJACENCY
      case glslang::ElgTriangles: return 0x0004;               // GL_TRIANGLES
      case glslang::ElgTrianglesAdjacency: return 0x000C;      // GL_TRIANGLES_ADJACENCY
      case glslang::ElgLineStrip: return 0x0003;               // GL_LINE_STRIP
      case glslang::ElgTriangleStrip: return 0x0005;           // GL_TRIANGLE_STRIP
      default: return 0;
    }
  };
  out.geometry_input = primitive(gs.getInputPrimitive());
  out.geometry_output = primitive(gs.getOutputPrimitive());
  out.geometry_vertices_out = static_cast<std::uint32_t>(std::max(gs.getVertices(), 0));
  out.geometry_invocations = static_cast<std::uint32_t>(std::max(gs.getInvocations(), 1));
}

// GLSL 4.00 4.4.1: the evaluation stage's spacing defaults to equal_spacing, its order to ccw.
void record_tessellation_layout(const glslang::TIntermediate* tcs, const glslang::TIntermediate* tes, Program& out) {
  if (tcs) out.tess_output_vertices = static_cast<std::uint32_t>(std::max(tcs->getVertices(), 0));
  if (!tes) return;
  out.tess_mode = tes->getInputPrimitive() == glslang::ElgQuads      ? 0x0007   // GL_QUADS
                  : tes->getInputPrimitive() == glslang::ElgIsolines ? 0x8E7A   // GL_ISOLINES
                                                                     : 0x0004;  // GL_TRIANGLES
  out.tess_spacing = tes->getVertexSpacing() == glslang::EvsFractionalEven  ? 0x8E7C  // GL_FRACTIONAL_EVEN
                     : tes->getVertexSpacing() == glslang::EvsFractionalOdd ? 0x8E7B  // GL_FRACTIONAL_ODD
                                                                            : 0x0202;  // GL_EQUAL
  out.tess_vertex_order = tes->getVertexOrder() == glslang::EvoCw ? 0x0900 : 0x0901;  // GL_CW : GL_CCW
  out.tess_point_mode = tes->getPointMode() ? 1 : 0;
}

}  // namespace

// glLinkProgram on the calling thread; link() below runs it on a deep stack.
// The varyings into the fragment stage packed (spirv_edit.h's pack_varyings), the producer
// validated and optimized again (the fragment stage is, after this). Not in separable programs:
// their interfaces meet other programs' stages, which must find the variables where GL says.
bool pack_fragment_inputs(Program& out, Stage last_vertex, bool separable, std::vector<std::uint32_t>& fragment,
                          std::uint32_t max_locations) {
  std::vector<std::uint32_t>& producer = out.spirv[std::size_t(last_vertex)];
  if (separable || producer.empty()) return false;
  std::vector<std::uint32_t> packed = producer;
  if (!detail::pack_varyings(packed, fragment, max_locations)) return false;
  std::string messages;
  if (!detail::validate_spirv(packed, messages) || !detail::optimize_spirv(packed, messages)) {
    out.log = "internal error: the " + std::string(detail::stage_name(last_vertex)) +
              " shader's SPIR-V failed validation after packing its outputs:\n" + messages;
    return false;
  }
  producer = std::move(packed);
  return true;
}

static Program link_on_this_thread(std::span<const ShaderSource> shaders, const LinkOptions& options) {
  Program out;
  for (const ShaderSource& s : shaders) out.stages |= bit(s.stage);
  if (shaders.empty()) {
    out.log = "error: no shaders attached to the program\n";
    return out;
  }
  if ((out.stages & bit(Stage::Compute)) && out.stages != bit(Stage::Compute)) {
    out.log = "error: a compute shader cannot be linked with other stages\n";
    return out;
  }
  // GL 4.6 7.3: tessellation and geometry stages need a vertex stage in the same program, unless
  // the program is separable (a pipeline then gives it the vertex stage).
  if (!options.separable && !(out.stages & bit(Stage::Vertex)) &&
      (out.stages & (bit(Stage::TessControl) | bit(Stage::TessEvaluation) | bit(Stage::Geometry)))) {
    out.log = "error: a tessellation or geometry shader needs a vertex shader in a program that is not separable\n";
    return out;
  }
  const Stage last_vertex = last_vertex_stage(out.stages);

  // The legacy varyings the fragment stage reads are declared by the last vertex-processing stage;
  // the compatibility members a tessellation or geometry stage reads from gl_in by the stage before
  // it (next_reads[stage]: what the stage after `stage` reads).
  std::array<std::set<std::string>, kStageCount> next_reads;
  for (const ShaderSource& s : shaders)
    if (s.stage == Stage::Fragment) next_reads[std::size_t(last_vertex)].merge(detail::gl_identifiers(s.text));
  for (Stage stage : {Stage::TessControl, Stage::TessEvaluation, Stage::Geometry}) {
    if (!(out.stages & bit(stage))) continue;
    Stage before = Stage::Vertex;
    for (Stage b : {Stage::TessControl, Stage::TessEvaluation})
      if (b < stage && (out.stages & bit(b))) before = b;
    next_reads[std::size_t(before)].insert("gl_in");
    // The tessellation control stage glvk generates for a program without one passes no blocks.
    if (stage == Stage::TessEvaluation && before == Stage::Vertex) continue;
    for (const ShaderSource& s : shaders)
      if (s.stage == stage) next_reads[std::size_t(before)].merge(detail::compat_members_named(s.text, "gl_in"));
  }
  for (const ShaderSource& s : shaders)
    if (s.stage == Stage::Fragment) out.shade_model_colors |= detail::shade_model_colors(s.text);
  if (!colour_qualifiers_match(shaders, last_vertex, out.log)) return out;
  // GLSL 1.50 4.3.8.1: one geometry shader of the program declaring the input primitive is
  // enough, and it sizes the unsized input arrays of all of them; glslang sizes each compilation
  // unit's arrays on its own (from the indices it uses) and then refuses the mismatch, so the
  // declaration is repeated in the units that lack it (the same layout is allowed), before their
  // own declarations: an index past the primitive's vertices stays an error. Likewise a
  // tessellation control shader's output patch size (GLSL 4.60 4.4.2.1, ARB_tessellation_shader:
  // one unit declaring it sizes every unit's per-vertex outputs).
  std::vector<std::string> unit_texts;
  for (const ShaderSource& s : shaders) unit_texts.push_back(s.text);
  for (const auto& [stage, find, storage] : {std::tuple{Stage::Geometry, &detail::geometry_input_primitive, " in;"},
                                             std::tuple{Stage::TessControl, &detail::tess_output_vertices, " out;"}}) {
    std::string declared;
    for (const ShaderSource& s : shaders)
      if (s.stage == stage && declared.empty()) declared = find(s.text);
    if (!declared.empty())
      for (std::size_t i = 0; i < shaders.size(); ++i)
        if (shaders[i].stage == stage && find(unit_texts[i]).empty())
          detail::insert_before_first_declaration(unit_texts[i], "layout(" + declared + ")" + storage);
  }
  {
    std::vector<std::string*> fragment_units;
    for (std::size_t i = 0; i < shaders.size(); ++i)
      if (shaders[i].stage == Stage::Fragment) fragment_units.push_back(&unit_texts[i]);
    if (!detail::unify_frag_coord_redeclarations(fragment_units, out.log)) return out;
  }
  for (std::size_t stage = 0; stage < kStageCount; ++stage) {
    std::vector<std::string*> units;
    for (std::size_t i = 0; i < shaders.size(); ++i)
      if (std::size_t(shaders[i].stage) == stage) units.push_back(&unit_texts[i]);
    if (!units.empty()) detail::replace_implicit_array_lengths(units, true);
  }
  // The compatibility built-ins a stage's other compilation units use, lowered in each unit.
  std::vector<std::set<std::string>> sibling_uses(shaders.size());
  for (std::size_t i = 0; i < shaders.size(); ++i)
    for (std::size_t j = 0; j < shaders.size(); ++j)
      if (j != i && shaders[j].stage == shaders[i].stage) sibling_uses[i].merge(detail::gl_identifiers(unit_texts[j]));
  // Parsed shaders outlive the TProgram that links them (glslang's rule: members go in reverse order).
  struct Linked {
    std::vector<detail::ParsedShader> parsed;
    std::unique_ptr<glslang::TProgram> program;
  };
  auto parse_and_link = [&](const detail::XfbCapture* xfb, Linked& linked) {
    linked.parsed.reserve(shaders.size());
    for (std::size_t i = 0; i < shaders.size(); ++i) {
      const ShaderSource& s = shaders[i];
      const bool last = s.stage == last_vertex;
      linked.parsed.push_back(detail::parse_shader(s.stage, unit_texts[i], options.compile, options.lower_depth_range && last,
                                                   next_reads[std::size_t(s.stage)],
                                                   last ? xfb : nullptr, sibling_uses[i]));
      if (!linked.parsed.back().ok) {
        out.log += "error: the " + std::string(detail::stage_name(s.stage)) + " shader failed to compile:\n" +
                   linked.parsed.back().log;
      }
    }
    if (!out.log.empty()) return false;
    // GLSL ES rules across the stages, on the parsed stages (glslang's link merges the default
    // uniform blocks): 1.00 invariance (es100_invariants: glslang saw no fragment-side qualifier)
    // and one precision per uniform.
    {
      const detail::PreparedSource* vertex = nullptr;
      const detail::PreparedSource* fragment = nullptr;
      const glslang::TIntermediate* vs = nullptr;
      const glslang::TIntermediate* fs = nullptr;
      for (std::size_t i = 0; i < shaders.size() && i < linked.parsed.size(); ++i) {
        const detail::PreparedSource& source = *linked.parsed[i].source;
        if (shaders[i].stage == Stage::Vertex) vs = linked.parsed[i].shader->getIntermediate();
        if (shaders[i].stage == Stage::Fragment) fs = linked.parsed[i].shader->getIntermediate();
        if (!source.version.es || source.version.version != 100) continue;
        if (shaders[i].stage == Stage::Vertex) vertex = &source;
        if (shaders[i].stage == Stage::Fragment) fragment = &source;
      }
      if (vertex && fragment) out.log = detail::es100_invariance_error(vertex->invariants, fragment->invariants);
      if (out.log.empty() && vs && fs && vs->getProfile() == EEsProfile && fs->getProfile() == EEsProfile)
        out.log = detail::es_uniform_precision_error(*vs, *fs, vertex ? &vertex->text : nullptr,
                                                     fragment ? &fragment->text : nullptr);
      if (!out.log.empty()) return false;
    }
    {
      std::vector<std::pair<Stage, const glslang::TIntermediate*>> units;
      for (std::size_t i = 0; i < shaders.size() && i < linked.parsed.size(); ++i)
        units.emplace_back(shaders[i].stage, linked.parsed[i].shader->getIntermediate());
      out.log = detail::shared_global_initializer_error(units);
      if (!out.log.empty()) return false;
      out.log = detail::atomic_counter_link_error(units);
      if (!out.log.empty()) return false;
      for (const detail::ParsedShader& p : linked.parsed)
        for (const std::string& member : p.source->inner_unsized_storage_members)
          out.log += "ERROR: '" + member + "' : only the last member of a shader storage block may be an unsized array\n";
      if (!out.log.empty()) return false;
    }
    linked.program = std::make_unique<glslang::TProgram>();
    detail::HiddenPatchInputs hidden;  // glslang misjudges them (interface_check.h)
    for (detail::ParsedShader& p : linked.parsed) {
      if (p.shader->getStage() == EShLangTessEvaluation) hidden.hide(*p.shader->getIntermediate());
      // The units of the nearest earlier stage present produce this stage's inputs.
      int producer_stage = -1;
      for (const detail::ParsedShader& q : linked.parsed)
        if (q.shader->getStage() < p.shader->getStage()) producer_stage = std::max(producer_stage, int(q.shader->getStage()));
      std::vector<const glslang::TIntermediate*> producers;
      for (const detail::ParsedShader& q : linked.parsed)
        if (int(q.shader->getStage()) == producer_stage) producers.push_back(q.shader->getIntermediate());
      hidden.hide_location_matched(*p.shader->getIntermediate(), producers);
      linked.program->addShader(p.shader.get());
    }
    const bool glslang_linked = linked.program->link(detail::kMessages);
    hidden.restore();
    if (!glslang_linked) {
      out.log = linked.program->getInfoLog();
      if (out.log.empty()) out.log = "error: link failed\n";
      return false;
    }
    return detail::check_patch_inputs(*linked.program, hidden.names(), out.log);
  };
  Linked linked;
  if (!parse_and_link(nullptr, linked)) {
    // Functions called only where a constant condition skips, never defined (dead_calls.h): each
    // stage's first prototype of them becomes a definition, and the program is linked again.
    const std::set<std::string> bodiless = detail::bodiless_functions(out.log);
    if (bodiless.empty() || linked.parsed.size() != shaders.size()) return out;
    for (const std::string& name : bodiless) {
      for (const detail::ParsedShader& p : linked.parsed)
        if (detail::live_calls(*p.shader->getIntermediate(), name) > 0) return out;
      std::set<Stage> defined;
      for (std::size_t i = 0; i < shaders.size(); ++i)
        if (!defined.count(shaders[i].stage) && detail::define_prototype(unit_texts[i], name))
          defined.insert(shaders[i].stage);
    }
    linked.program.reset();  // before the shaders it links
    linked.parsed.clear();
    out.log.clear();
    if (!parse_and_link(nullptr, linked)) return out;
  }
  std::vector<detail::XfbDecoration> xfb_decorations;  // the last stage's, for GLSL ES
  if (!options.xfb_varyings.empty()) {
    // Resolved against the linked last stage, then linked again with the capture outputs.
    const glslang::TIntermediate* last = linked.program->getIntermediate(detail::to_glslang(last_vertex));
    detail::XfbCapture capture;
    if (!last || !detail::plan_xfb(*last, options, out, capture)) {
      if (out.log.empty()) out.log = "error: transform feedback needs a vertex-processing stage\n";
      return out;
    }
    linked.program.reset();  // before the shaders it links
    linked.parsed.clear();
    if (!parse_and_link(&capture, linked)) {
      out.log = "internal error: the transform feedback capture failed to link:\n" + out.log;
      return out;
    }
    xfb_decorations = capture.spirv_decorations;
  }
  glslang::TProgram& program = *linked.program;
  // Subroutines (subroutines.cpp): what the stage's texts declared; the reflection adds where
  // each selector is in the default block.
  for (std::size_t i = 0; i < shaders.size() && i < linked.parsed.size(); ++i) {
    const StageSubroutines& found = linked.parsed[i].source->subroutines;
    StageSubroutines& stage = out.subroutines[std::size_t(shaders[i].stage)];
    if (stage.subroutines.empty() && stage.uniforms.empty()) stage = found;
  }

  if (!detail::check_stage_interfaces(program, out.log)) return out;
  {
    // The program's language: its sources' highest desktop version (an ES program has none of
    // the legacy rules).
    int version = 0;
    std::vector<std::string> vertex_texts;
    for (std::size_t i = 0; i < shaders.size() && i < linked.parsed.size(); ++i) {
      const detail::VersionInfo& v = linked.parsed[i].source->version;
      version = std::max(version, v.es ? 1000 : v.version);
      if (shaders[i].stage == Stage::Vertex) vertex_texts.push_back(unit_texts[i]);
    }
    if (!detail::check_legacy_link_rules(program, version, vertex_texts, out.log)) return out;
    std::vector<std::pair<Stage, std::string>> units;
    for (std::size_t i = 0; i < shaders.size() && i < unit_texts.size(); ++i) units.emplace_back(shaders[i].stage, unit_texts[i]);
    if (std::string error = detail::clip_vertex_and_distance_error(units); !error.empty()) {
      out.log += error;
      return out;
    }
  }
  if (options.separable) {
    std::array<std::string, kStageCount> texts;
    for (const ShaderSource& s : shaders) texts[std::size_t(s.stage)] += s.text;
    if (!detail::check_separable_builtin_blocks(program, texts, out.log)) return out;
  }

  // Explicit layout qualifiers, read before mapIO replaces them with automatic assignments.
  std::map<std::string, int> explicit_bindings;
  detail::ExplicitUniformLocations explicit_uniform_locations;
  std::map<std::string, AssignedLocation> attributes, outputs;
  for (std::size_t s = 0; s < kStageCount; ++s) {
    if (const glslang::TIntermediate* in = program.getIntermediate(detail::to_glslang(static_cast<Stage>(s)))) {
      detail::collect_explicit_bindings(*in, explicit_bindings);
      detail::TextUniformLocations text_locations;
      for (std::size_t i = 0; i < shaders.size() && i < unit_texts.size(); ++i)
        if (std::size_t(shaders[i].stage) == s) text_locations.merge(detail::text_uniform_locations(unit_texts[i]));
      if (!detail::collect_explicit_uniform_locations(*in, text_locations, explicit_uniform_locations, out.log))
        return out;
      out.explicit_inputs[s] = detail::explicit_location_names(*in, true);
      out.explicit_outputs[s] = detail::explicit_location_names(*in, false);
    }
  }
  if (const glslang::TIntermediate* vs = program.getIntermediate(EShLangVertex)) {
    // gl_Vertex is generic attribute 0 (GL 4.6 compatibility 10.2: they alias), so it takes location
    // 0 and the user's automatic attributes the others, unless the application put one at 0.
    const std::vector<detail::InterfaceDecl> decls = detail::interface_decls(*vs, true);
    std::map<std::string, std::uint32_t> bound = options.attribute_locations;
    // (Bindings of names the shader lacks do not count: applications bind names for every program.)
    const bool zero_taken = std::any_of(decls.begin(), decls.end(), [&](const detail::InterfaceDecl& d) {
      const auto b = bound.find(d.name);
      return d.explicit_location == 0 || (d.explicit_location < 0 && b != bound.end() && b->second == 0);
    });
    const std::string vertex = std::string(detail::kLoweredPrefix) + "Vertex";
    if (!zero_taken && std::any_of(decls.begin(), decls.end(), [&](const detail::InterfaceDecl& d) { return d.name == vertex; }))
      bound[vertex] = 0;
    if (!detail::assign_locations(decls, bound, nullptr, int(kMaxVertexAttribs), false, attributes, out.log))
      return out;
  }
  if (const glslang::TIntermediate* fs = program.getIntermediate(EShLangFragment)) {
    if (!detail::assign_locations(detail::interface_decls(*fs, false), options.frag_data_locations,
                                  &options.frag_data_indices, kMaxDrawBuffers, true, outputs, out.log))
      return out;
  }

  if (!program.mapIO()) {
    out.log = program.getInfoLog();
    if (out.log.empty()) out.log = "error: input/output mapping failed\n";
    return out;
  }
  // GL 4.6 7.3.1: a uniform block declared shared or std140 is active, members and all, even
  // where no shader references it (EShReflectionSharedStd140UBO).
  if (!program.buildReflection(EShReflectionStrictArraySuffix | EShReflectionBasicArraySuffix |
                               EShReflectionSeparateBuffers | EShReflectionAllBlockVariables |
                               EShReflectionSharedStd140UBO)) {
    out.log = "internal error: glslang could not build the program's reflection\n";
    return out;
  }
  detail::BindingMap bindings = detail::reflect_resources(program, explicit_bindings, out);
  detail::reflect_interface(program, attributes, outputs, out);
  {
    std::vector<detail::OpaqueMemberUniform> opaque_members;  // the same names in every stage
    for (const detail::ParsedShader& parsed : linked.parsed)
      for (const detail::OpaqueMemberUniform& m : parsed.source->opaque_members) opaque_members.push_back(m);
    detail::split_opaque_member_uniforms(opaque_members, out);
  }
  out.log = detail::storage_block_limit_error(out, options.compile.limits);
  if (!out.log.empty()) return out;
  if (!detail::place_uniform_locations(explicit_uniform_locations, out, out.log)) return out;
  // samplerExternalOES uniforms, sampled as the sampler2D the text became (glsl_es.h).
  for (const detail::ParsedShader& parsed : linked.parsed)
    for (Uniform& u : out.uniforms)
      if (u.gl_type == 0x8B5E /* GL_SAMPLER_2D */ && parsed.source->external_samplers.count(u.name.substr(0, u.name.find('['))))
        u.gl_type = 0x8D66;  // GL_SAMPLER_EXTERNAL_OES

  detail::InterfaceLocations upstream;  // the previous stage's outputs
  for (std::size_t s = 0; s < kStageCount; ++s) {
    const Stage stage = static_cast<Stage>(s);
    const glslang::TIntermediate* intermediate = program.getIntermediate(detail::to_glslang(stage));
    if (!intermediate || !(out.stages & bit(stage))) continue;
    std::vector<std::uint32_t> words;
    spv::SpvBuildLogger logger;
    glslang::SpvOptions spv_options;  // no glslang-side optimizer: SPIRV-Tools runs below
    glslang::GlslangToSpv(*intermediate, words, &logger, &spv_options);
    words = detail::without_uniform_locations(words);
    detail::set_decorations(words, link_time_decorations(words, stage, bindings, attributes, outputs));
    if (stage == last_vertex) words = detail::with_xfb_decorations(words, xfb_decorations);
    if (stage == Stage::Fragment && !outputs.empty()) {
      words = detail::made_private(words, silent_fragment_outputs(words));
    }
    // glslang numbers each stage's varyings in declaration order; GL matches them by name (GL 4.6
    // 7.4.1), so an input without a layout location takes the location of the output it reads.
    std::vector<detail::DecorationEdit> matched;
    for (const auto& [name, input] : detail::interface_locations(words, spv::StorageClassInput))
      if (const auto output = upstream.find(name); output != upstream.end() && !out.explicit_inputs[s].count(name))
        matched.push_back({input.first, spv::DecorationLocation, output->second.second});
    detail::set_decorations(words, matched);
    // Automatic locations glslang placed over explicit ones (or over each other) are moved apart;
    // a moved output is met by the next stage's input of its name above.
    std::map<std::string, std::uint32_t> moved;
    if (stage != Stage::Vertex)
      detail::set_decorations(words, detail::separate_locations(words, spv::StorageClassInput, out.explicit_inputs[s], moved));
    moved.clear();
    if (stage != Stage::Fragment)
      detail::set_decorations(words, detail::separate_locations(words, spv::StorageClassOutput, out.explicit_outputs[s], moved));
    // Vulkan gives each vector, matrix column and array element of a varying a location of its
    // own, where GL packs varyings by components. Past GL_MAX_FRAGMENT_INPUT_COMPONENTS / 4
    // fragment input locations (where lavapipe crashed or the validation layer refused the
    // pipeline), the varyings between the last vertex-processing stage and this one are packed
    // (spirv_pack_varyings.cpp); a program that does not fit even so fails to link, saying why.
    // Arrays of blocks with per-member interpolation are packed too (block_arrays_interpolate_by_member).
    const int fragment_components = options.compile.limits.max_fragment_input_components;
    const std::uint32_t taken = stage == Stage::Fragment && fragment_components > 0
                                    ? detail::interface_location_end(words, spv::StorageClassInput)
                                    : 0;
    const std::uint32_t device_locations = std::uint32_t(std::max(fragment_components, 0) / 4);
    const bool over = taken > device_locations;
    if ((over || (stage == Stage::Fragment && detail::block_arrays_interpolate_by_member(words))) &&
        !pack_fragment_inputs(out, last_vertex, options.separable, words, over ? device_locations : std::max(taken, device_locations)) &&
        (over || !out.log.empty())) {
      if (out.log.empty())
        out.log = "error: the fragment shader's inputs take " + std::to_string(taken) +
                  " locations (one per vector, matrix column and array element), more than the " +
                  std::to_string(fragment_components / 4) + " the device has, and glvk could not pack them\n";
      out.spirv = {};
      return out;
    }
    words = detail::with_rect_images_as_2d(words);
    if (stage == Stage::Vertex) words = detail::with_double_inputs_as_uint_pairs(words);
    words = detail::with_exact_double_round_even(words);
    words = detail::with_constant_unpack_half_folded(words);
    if (stage == Stage::TessControl) words = detail::with_patch_component_stores_constant(words);
    words = detail::with_invariant_blocks_as_variables(words);
    upstream = detail::interface_locations(words, spv::StorageClassOutput);
    place_block_members(words, stage, out);
    // The validator rejecting glslang's output (with glvk's edits) is a glvk bug, not a user error.
    std::string messages;
    if (!detail::validate_spirv(words, messages)) {
      out.log = "internal error: the " + std::string(detail::stage_name(stage)) +
                " shader's SPIR-V failed validation:\n" + messages + logger.getAllMessages();
      out.spirv = {};
      return out;
    }
    if (!detail::optimize_spirv(words, messages)) {
      out.log = "internal error: the SPIR-V optimizer failed on the " + std::string(detail::stage_name(stage)) +
                " shader:\n" + messages;
      out.spirv = {};
      return out;
    }
    if (stage == Stage::Fragment)
      for (const detail::SpirvVariable& v : detail::global_variables(words))
        if (v.storage_class == spv::StorageClassOutput) {
          if (v.name == "gl_FragColor" || v.name == "gl_FragData")
            out.builtin_color_locations |= v.array_length >= 32 ? ~0u : (1u << v.array_length) - 1;
          else if (const int l = detail::broadcast_location(v.name); l >= 0)
            out.builtin_color_locations |= 1u << l;
        }
    out.spirv[s] = std::move(words);
  }
  if (const int limit = options.compile.limits.max_combined_clip_and_cull_distances; limit > 0)
    for (const Stage stage : {Stage::Vertex, Stage::TessEvaluation, Stage::Geometry})
      if (const std::uint32_t sizes = detail::clip_and_cull_distances_declared(out.spirv[std::size_t(stage)]);
          sizes > std::uint32_t(limit)) {
        // ARB_cull_distance / GLSL 4.60 7.1: the two arrays' sizes together are at most
        // gl_MaxCombinedClipAndCullDistances (glslang checks each array alone); before
        // cut_builtin_blocks drops the members nothing writes.
        out.log = "error: the " + std::string(detail::stage_name(stage)) + " shader's gl_ClipDistance and gl_CullDistance take " +
                  std::to_string(sizes) + " elements together, more than gl_MaxCombinedClipAndCullDistances (" +
                  std::to_string(limit) + ")\n";
        out.spirv = {};
        return out;
      }
  detail::cut_builtin_blocks(out.spirv, options.separable);
  for (std::size_t s = 0; s < std::size_t(Stage::Compute); ++s) {
    if (out.spirv[s].empty()) continue;
    // Only the components: Vulkan also limits the locations to a quarter of them, which varyings
    // between two vertex-processing stages can pass (they are packed only into the fragment
    // stage); lavapipe takes those and the validation layer counts components.
    for (const bool input : {true, false}) {
      const std::uint32_t limit = (input ? options.device_input_components : options.device_output_components)[s];
      if (!limit) continue;
      if (const std::uint32_t components = detail::interface_components(out.spirv[s], Stage(s), input); components > limit) {
        out.log = "error: the " + std::string(detail::stage_name(Stage(s))) + " shader's " + (input ? "inputs" : "outputs") +
                  " take " + std::to_string(components) +
                  " components (built-ins such as gl_Position and per-patch ones included), more than the device's " +
                  std::to_string(limit) + "\n";
        out.spirv = {};
        return out;
      }
    }
  }
  if (const auto& tcs = out.spirv[std::size_t(Stage::TessControl)]; options.device_patch_output_components && !tcs.empty())
    if (const std::uint32_t end = detail::patch_location_end(tcs), limit = options.device_patch_output_components;
        end * 4 > limit) {
      out.log = "error: the tessellation control shader's per-patch outputs reach location " + std::to_string(end - 1) +
                " (after its per-vertex ones), past the device's " + std::to_string(limit / 4) + " per-patch locations\n";
      out.spirv = {};
      return out;
    }
  for (Resource& r : out.resources)
    if (r.kind == ResourceKind::CombinedSampler && r.count > 1) {
      r.used_elements = 0;
      for (const std::vector<std::uint32_t>& words : out.spirv)
        if (!words.empty()) r.used_elements |= detail::used_array_elements(words, r.binding);
    }
  if (const glslang::TIntermediate* gs = program.getIntermediate(EShLangGeometry)) record_geometry_layout(*gs, out);
  record_tessellation_layout(program.getIntermediate(EShLangTessControl), program.getIntermediate(EShLangTessEvaluation),
                             out);
  if (const glslang::TIntermediate* cs = program.getIntermediate(EShLangCompute)) {
    // GLSL 4.30 4.4.1.1: some compute shader of the program must declare the work group size.
    if (!cs->isLocalSizeSet()) {
      out.log = "error: no compute shader of the program declares its work group size (layout(local_size_x ...) in)\n";
      return out;
    }
    for (int i = 0; i < 3; ++i) out.local_size[std::size_t(i)] = cs->getLocalSize(i);
  }
  for (Stage last : {Stage::Geometry, Stage::TessEvaluation, Stage::Vertex}) {
    if (out.spirv[std::size_t(last)].empty()) continue;
    const detail::PointSizeUse use = detail::point_size_use(out.spirv[std::size_t(last)]);
    out.writes_point_size = use.written;
    out.emits_points = use.emits_points;
    out.clip_distances = detail::clip_distances_written(out.spirv[std::size_t(last)]);
    break;
  }
  detail::apply_uniform_initializers(shaders, options.compile, out);
  out.log += program.getInfoLog();
  out.ok = true;
  return out;
}

std::vector<std::uint32_t> fragment_without_outputs(const Program& program, std::uint32_t locations, bool flat_colors,
                                                    std::uint32_t flipped, const AlphaTest& alpha_test) {
  // The alpha test first: it reads draw buffer zero's output before any pass moves it.
  std::vector<std::uint32_t> words = detail::with_alpha_test(program.spirv[std::size_t(Stage::Fragment)], alpha_test);
  if (flipped) words = detail::with_output_signedness_flipped(words, flipped);
  if (flat_colors) {
    std::vector<std::string> names;
    if (program.shade_model_colors & 1u) names.insert(names.end(), {"glvk_FrontColor", "glvk_BackColor"});
    if (program.shade_model_colors & 2u)
      names.insert(names.end(), {"glvk_FrontSecondaryColor", "glvk_BackSecondaryColor"});
    words = detail::with_flat_inputs(words, names);
  }
  return locations ? detail::without_outputs(words, locations) : words;
}

std::vector<std::uint32_t> last_stage_variant(const Program& program, Stage stage, const LastStageLowering& lowering) {
  std::vector<std::uint32_t> words = program.spirv[std::size_t(stage)];
  if (lowering.point_size) words = detail::with_point_size(words, *lowering.point_size);
  if (lowering.disabled_clip_distances) words = detail::with_clip_distances_disabled(words, lowering.disabled_clip_distances);
  if (lowering.position_clip_planes) words = detail::with_position_clipped(words, lowering.position_clip_planes);
  return words;
}

// Linking compiles every stage again: on a stack sized for the sources (deep_stack.cpp).
Program link(std::span<const ShaderSource> shaders, const LinkOptions& options) {
  std::size_t text_bytes = 0;
  for (const ShaderSource& s : shaders) text_bytes += s.text.size();
  Program out;
  detail::run_on_deep_stack(text_bytes, [&] { out = link_on_this_thread(shaders, options); });
  return out;
}

}  // namespace glvk::glsl

namespace glvk::glsl::detail {

// Each stage's built-in blocks cut to what it and its neighbour use (spirv_edit.h).
void cut_builtin_blocks(std::array<std::vector<std::uint32_t>, kStageCount>& spirv, bool keep_outer) {
  std::array<BuiltinBlockUse, kStageCount> use{};
  for (std::size_t s = 0; s < kStageCount; ++s)
    if (!spirv[s].empty()) use[s] = builtin_block_use(spirv[s]);
  std::array<BuiltinBlockUse, kStageCount> keep = use;
  std::size_t producer = kStageCount;
  for (std::size_t s = 0; s < std::size_t(Stage::Fragment); ++s) {  // the vertex-processing stages in order
    if (spirv[s].empty()) continue;
    if (producer != kStageCount && use[producer].output && use[s].input)
      keep[producer].output = keep[s].input = std::max(use[producer].output, use[s].input);
    else if (producer == kStageCount && keep_outer)
      keep[s].input = 0;  // a separable program's first stage: whole, for whichever program feeds it
    producer = s;
  }
  if (producer != kStageCount && keep_outer) keep[producer].output = 0;  // likewise its last stage
  for (std::size_t s = 0; s < kStageCount; ++s)
    if (!spirv[s].empty()) spirv[s] = with_builtin_blocks_cut(spirv[s], keep[s]);
}

}  // namespace glvk::glsl::detail
