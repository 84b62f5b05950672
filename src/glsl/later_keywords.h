// Identifiers of the user's GLSL that are keywords only in the language glslang parses: GLSL
// 1.10-1.30 are parsed as 1.40 (source.cpp), where `mat4x2` (1.20), `lowp` (1.30) or
// `samplerBuffer` (1.40) are keywords, and every version with Vulkan's dialect, where `sampler`
// is. A 1.10 shader may name a variable `mat4x2` or a struct member `sampler`. Such identifiers
// are renamed with kRenamedKeywordPrefix (same lines and tokens), and reflection reports them under
// the user's names (`user_name`). So are the names of built-in functions of a later version that
// the shader defines as its own (GLSL ES 1.00's `float trunc(float)`).
#pragma once

#include <string>
#include <string_view>

#include "source.h"

namespace glvk::glsl::detail {

// Not "glvk_": that prefix marks the lowered built-ins (legacy_builtins.h).
inline constexpr std::string_view kRenamedKeywordPrefix = "glvkkw_";

// Renames, in `text` (the user's source, directives included so macros stay consistent), the
// identifiers that glslang takes for keywords and the shader's own language does not.
void rename_later_keywords(const VersionInfo& version, std::string& text);

// A reflected name ("s.glvkkw_sampler", "a[2].glvkkw_lowp") as the user wrote it ("s.sampler").
std::string user_name(std::string_view name);

}  // namespace glvk::glsl::detail
