// One shader parsed by glslang with glvk's settings (shared by compile() and link()).
#pragma once

#include <glslang/Public/ShaderLang.h>

#include <memory>
#include <string>
#include <string_view>

#include "glvk/glsl/compiler.h"
#include "source.h"

namespace glvk::glsl::detail {

EShLanguage to_glslang(Stage stage);
const char* stage_name(Stage stage);

// The first GLSL version with the stage (desktop or ES, extensions allowed).
int minimum_version(Stage stage, bool es);

// glslang::InitializeProcess, once per process (thread-safe).
void ensure_glslang_initialized();

struct ParsedShader {
  std::unique_ptr<PreparedSource> source;  // TShader keeps pointers into it
  std::unique_ptr<glslang::TShader> shader;
  bool ok = false;
  std::string log;
};

// next_stage_reads: the gl_* identifiers of the fragment shader a vertex shader is linked with
// (the legacy varyings it must declare), empty otherwise.
ParsedShader parse_shader(Stage stage, std::string_view source, const CompileOptions& options,
                          bool lower_depth_range, const std::set<std::string>& next_stage_reads = {},
                          const XfbCapture* xfb = nullptr, const std::set<std::string>& stage_uses = {});

inline constexpr EShMessages kMessages = static_cast<EShMessages>(EShMsgSpvRules | EShMsgVulkanRules);
inline constexpr const char* kDefaultBlockName = "gl_DefaultUniformBlock";

}  // namespace glvk::glsl::detail
