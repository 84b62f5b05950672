#include <algorithm>
#include <glslang/Public/ResourceLimits.h>

#include <mutex>

#include "atomic_counters.h"
#include "const_initializers.h"
#include "deep_stack.h"
#include "flat_inputs.h"
#include "glsl_es.h"
#include "glslang_shader.h"
#include "image_array_indexing.h"

namespace glvk::glsl {
namespace detail {

EShLanguage to_glslang(Stage stage) {
  switch (stage) {
    case Stage::Vertex: return EShLangVertex;
    case Stage::TessControl: return EShLangTessControl;
    case Stage::TessEvaluation: return EShLangTessEvaluation;
    case Stage::Geometry: return EShLangGeometry;
    case Stage::Fragment: return EShLangFragment;
    case Stage::Compute: return EShLangCompute;
  }
  return EShLangVertex;
}

const char* stage_name(Stage stage) {
  switch (stage) {
    case Stage::Vertex: return "vertex";
    case Stage::TessControl: return "tessellation control";
    case Stage::TessEvaluation: return "tessellation evaluation";
    case Stage::Geometry: return "geometry";
    case Stage::Fragment: return "fragment";
    case Stage::Compute: return "compute";
  }
  return "unknown";
}

int minimum_version(Stage stage, bool es) {
  switch (stage) {
    case Stage::Geometry: return es ? 310 : 150;
    case Stage::TessControl:
    case Stage::TessEvaluation: return es ? 310 : 110;  // with GL_ARB_tessellation_shader: glslang checks
    case Stage::Compute: return es ? 310 : 420;  // 4.20 with GL_ARB_compute_shader
    default: return es ? 100 : 110;
  }
}

void ensure_glslang_initialized() {
  // glslang's process-wide tables (built-in symbol tables are built per version on first use).
  static std::once_flag once;
  std::call_once(once, [] { glslang::InitializeProcess(); });
}

// glslang's resources with the context's limits in place of its defaults (BuiltInLimits).
TBuiltInResource resources_for(const BuiltInLimits& limits) {
  TBuiltInResource r = *GetDefaultResources();
  auto set = [](int& field, int value) {
    if (value > 0) field = value;
  };
  set(r.maxVertexAttribs, limits.max_vertex_attribs);
  set(r.maxVertexUniformComponents, limits.max_vertex_uniform_components);
  set(r.maxVertexUniformVectors, limits.max_vertex_uniform_components / 4);
  set(r.maxFragmentUniformComponents, limits.max_fragment_uniform_components);
  set(r.maxFragmentUniformVectors, limits.max_fragment_uniform_components / 4);
  set(r.maxVaryingComponents, limits.max_varying_components);
  set(r.maxVaryingFloats, limits.max_varying_components);
  set(r.maxVaryingVectors, limits.max_varying_components / 4);
  set(r.maxVertexOutputComponents, limits.max_vertex_output_components);
  set(r.maxVertexOutputVectors, limits.max_vertex_output_components / 4);
  set(r.maxFragmentInputComponents, limits.max_fragment_input_components);
  set(r.maxFragmentInputVectors, limits.max_fragment_input_components / 4);
  set(r.maxVertexTextureImageUnits, limits.max_vertex_texture_image_units);
  set(r.maxTextureImageUnits, limits.max_texture_image_units);
  set(r.maxCombinedTextureImageUnits, limits.max_combined_texture_image_units);
  set(r.maxClipPlanes, limits.max_clip_planes);
  set(r.maxClipDistances, limits.max_clip_distances);
  set(r.maxCullDistances, limits.max_cull_distances);
  set(r.maxCombinedClipAndCullDistances, limits.max_combined_clip_and_cull_distances);
  set(r.maxComputeWorkGroupSizeX, limits.max_compute_work_group_size[0]);
  set(r.maxComputeWorkGroupSizeY, limits.max_compute_work_group_size[1]);
  set(r.maxComputeWorkGroupSizeZ, limits.max_compute_work_group_size[2]);
  return r;
}

ParsedShader parse_shader(Stage stage, std::string_view source, const CompileOptions& options,
                          bool lower_depth_range, const std::set<std::string>& next_stage_reads,
                          const XfbCapture* xfb, const std::set<std::string>& stage_uses) {
  ensure_glslang_initialized();
  ParsedShader parsed;
  parsed.source = std::make_unique<PreparedSource>(prepare_source(stage, source, options, lower_depth_range, next_stage_reads, xfb, stage_uses));
  const PreparedSource& src = *parsed.source;
  if (src.version.malformed || !known_version(src.version.version, src.version.es)) {
    parsed.log = "ERROR: 0:" + std::to_string(src.version.line) + ": '#version' : " +
                 (src.version.malformed ? std::string("malformed directive")
                                        : "version " + std::to_string(src.version.version) +
                                              (src.version.es ? " es" : "") + " is not supported") +
                 "\nERROR: 1 compilation errors.  No code generated.\n";
    return parsed;
  }
  if (std::string error = es_version_error(src.version, options.es); !error.empty()) {
    parsed.log = std::move(error);
    return parsed;
  }
  // glslang builds a stage's built-ins for the shader's version and fails noisily when the stage
  // did not exist in that version: refused here, with the reason.
  const int minimum = minimum_version(stage, src.version.es);
  // A compute shader raised for GL_ARB_compute_shader (prepare_source) is one of its stage.
  const bool raised_compute = stage == Stage::Compute && src.raised_version >= minimum;
  if (src.version.version < minimum && !raised_compute) {
    parsed.log = "ERROR: 0:" + std::to_string(src.version.line) + ": '#version' : " + stage_name(stage) +
                 " shaders require GLSL " + std::to_string(minimum) + (src.version.es ? " es" : "") +
                 " or later\nERROR: 1 compilation errors.  No code generated.\n";
    return parsed;
  }
  if (!src.error.empty()) {
    parsed.log = src.error + "ERROR: 1 compilation errors.  No code generated.\n";
    return parsed;
  }
  const EShLanguage lang = to_glslang(stage);
  const TBuiltInResource resources = resources_for(options.limits);
  auto parse = [&] {
    parsed.shader = std::make_unique<glslang::TShader>(lang);
    glslang::TShader& shader = *parsed.shader;
    const char* text = src.text.c_str();
    const int length = static_cast<int>(src.text.size());
    shader.setStringsWithLengths(&text, &length, 1);
    shader.setPreamble(src.preamble.c_str());
    // A shader without #version is GLSL of the default version, raised like a declared one (GLSL
    // ES 1.00 in an ES context: parsed as ES 3.10, the profile given to parse below).
    if (!src.version.declared)
      shader.setOverrideVersion(src.version.es ? glslang_es_version(src.version)
                                               : std::max(src.version.version, src.raised_version));

    // OpenGL GLSL compiled with Vulkan's dialect under glslang's relaxed rules: loose uniforms go
    // to one block (set 0, binding 0), other resources and varyings get automatic bindings and
    // locations (glvk rewrites the ones GL assigns, see link.cpp).
    shader.setEnvInput(glslang::EShSourceGlsl, lang, glslang::EShClientVulkan, 100);
    shader.setEnvClient(glslang::EShClientVulkan, glslang::EShTargetVulkan_1_1);
    shader.setEnvTarget(glslang::EShTargetSpv, glslang::EShTargetSpv_1_3);
    shader.setEnvInputVulkanRulesRelaxed();
    shader.setGlobalUniformBlockName(kDefaultBlockName);
    shader.setGlobalUniformSet(0);
    shader.setGlobalUniformBinding(0);
    shader.setAutoMapBindings(true);
    shader.setAutoMapLocations(true);
    parsed.ok = shader.parse(&resources, 140, src.version.es ? EEsProfile : ENoProfile, false, false, kMessages);
    parsed.log = shader.getInfoLog();
  };
  parse();
  // Built-in calls glslang does not fold, in const initializers (const_initializers.h).
  if (!parsed.ok && !src.version.es && src.version.version < 420 &&
      only_errors_of(parsed.log, "non-constant initializer")) {
    const std::string refused = parsed.log;
    parsed.source->preamble.insert(0, "#extension GL_ARB_shading_language_420pack : enable\n");
    parse();
    if (parsed.ok && !read_only_consts_are_constant_expressions(*parsed.shader->getIntermediate())) {
      parsed.ok = false;
      parsed.log = refused;
    }
  }
  // GLSL ES 1.00 (Appendix A 4, 5) indexes sampler arrays with loop indices, where glslang's 3.10
  // wants GL_EXT_gpu_shader5 for any index that is not a constant; lavapipe indexes them at will.
  if (!parsed.ok && src.version.es && src.version.version == 100 &&
      only_errors_of(parsed.log, "variable indexing sampler array")) {
    parsed.source->preamble.insert(0, "#extension GL_EXT_gpu_shader5 : enable\n");
    parse();
  }
  // GLSL 1.10 and 1.20 index sampler arrays with any integer expression (1.30 first asks for
  // constant ones), where glslang takes a non-constant index only from 4.00 (dynamically uniform
  // ones, as loop indices over the array are): such a shader is parsed as 4.00.
  if (!parsed.ok && !src.version.es && src.version.version < 130 &&
      only_errors_of(parsed.log, "variable indexing sampler array")) {
    *parsed.source = prepare_source(stage, source, options, lower_depth_range, next_stage_reads, xfb, stage_uses, 400);
    parse();
  }
  // GL_ARB_shader_image_load_store indexes image arrays with non-constant (dynamically uniform)
  // expressions in any version, where glslang takes them only from 4.00, as for sampler arrays:
  // such a shader is parsed as 4.00, unless that parse indexes a sampler array so (still an error).
  if (!parsed.ok && !src.version.es && src.version.version >= 130 && src.version.version < 400 &&
      source.find("GL_ARB_shader_image_load_store") != std::string_view::npos &&
      only_errors_of(parsed.log, "variable indexing sampler array")) {
    const std::string refused = parsed.log;
    *parsed.source = prepare_source(stage, source, options, lower_depth_range, next_stage_reads, xfb, stage_uses, 400);
    parse();
    if (parsed.ok && indexes_sampler_array_dynamically(*parsed.shader->getIntermediate())) {
      parsed.ok = false;
      parsed.log = refused;
    }
  }
  glslang::TShader& shader = *parsed.shader;
  // glslang checks each local size against gl_MaxComputeWorkGroupSize, not their product; a work
  // group of more invocations than MAX_COMPUTE_WORK_GROUP_INVOCATIONS is a compile-time error too.
  if (parsed.ok && stage == Stage::Compute && options.limits.max_compute_work_group_invocations > 0) {
    const glslang::TIntermediate& code = *shader.getIntermediate();
    const std::uint64_t invocations =
        std::uint64_t(code.getLocalSize(0)) * code.getLocalSize(1) * code.getLocalSize(2);
    if (invocations > std::uint64_t(options.limits.max_compute_work_group_invocations)) {
      parsed.ok = false;
      parsed.log += "ERROR: 0:0: 'local_size' : " + std::to_string(invocations) +
                    " invocations per work group exceed MAX_COMPUTE_WORK_GROUP_INVOCATIONS (" +
                    std::to_string(options.limits.max_compute_work_group_invocations) +
                    ")\nERROR: 1 compilation errors.  No code generated.\n";
    }
  }
  if (parsed.ok && stage == Stage::Fragment)
    if (std::string errors = flat_input_errors(*shader.getIntermediate()); !errors.empty()) {
      parsed.ok = false;
      parsed.log += errors + "ERROR: compilation errors.  No code generated.\n";
    }
  if (parsed.ok)
    if (std::string errors = atomic_counter_binding_errors(*shader.getIntermediate()); !errors.empty()) {
      parsed.ok = false;
      parsed.log += errors + "ERROR: compilation errors.  No code generated.\n";
    }
  if (parsed.ok && src.version.es && src.version.version == 100)
    if (std::string errors = es100_array_assignment_errors(*shader.getIntermediate()); !errors.empty()) {
      parsed.ok = false;
      parsed.log += errors + "ERROR: compilation errors.  No code generated.\n";
    }
  return parsed;
}

}  // namespace detail

CompileResult compile(Stage stage, std::string_view source, const CompileOptions& options) {
  CompileResult result;
  detail::run_on_deep_stack(source.size(), [&] {
    std::string text(source);
    detail::replace_implicit_array_lengths({&text}, false);
    detail::ParsedShader parsed = detail::parse_shader(stage, text, options, false);
    // A tessellation control unit may leave its output patch size to another unit of the program
    // (GLSL 4.60 4.4.2.1) and still index gl_out[] with gl_InvocationID, which glslang refuses for
    // an unsized array: alone, it compiles with GL's least MAX_PATCH_VERTICES as a stand-in (the
    // link gives it the program's declaration).
    if (!parsed.ok && stage == Stage::TessControl && detail::tess_output_vertices(text).empty() &&
        parsed.log.find("array must be sized by a redeclaration or layout qualifier") != std::string::npos &&
        detail::only_errors_of(parsed.log, "[")) {
      detail::insert_before_first_declaration(text, "layout(vertices = 32) out;");
      parsed = detail::parse_shader(stage, text, options, false);
    }
    result.ok = parsed.ok;
    result.log = std::move(parsed.log);
    result.version = parsed.source->version.version;
  });
  return result;
}

}  // namespace glvk::glsl
