// GLSL ES (1.00, 3.00, 3.10, 3.20) through glslang: which versions a context takes, and the one
// place where GLSL ES 1.00 and 3.00 shaders are lowered to the GLSL ES 3.10 glslang compiles to
// SPIR-V, keeping what ES semantics rely on (precision rules, the stage's own qualifiers and
// built-ins) and the user's line numbers.
#pragma once

#include <set>
#include <string>
#include <string_view>

#include "glvk/glsl/compiler.h"
#include "source.h"

namespace glslang {
class TIntermediate;
}

namespace glvk::glsl::detail {

// The version glslang parses an ES shader as: 3.10 for 1.00 and 3.00 (glslang compiles ES to
// SPIR-V from 3.10 only; 3.10 is a superset of 3.00, and of 1.00 once lowered), the shader's own
// from 3.10 on.
int glslang_es_version(const VersionInfo& version);

// The compile error (glslang's log format) when the shader's version is not one the context
// takes: an ES context takes GLSL ES only; a desktop context takes GLSL ES 1.00
// (GL_ARB_ES2_compatibility, which glvk advertises) and no later ES version (GL_ARB_ES3_compatibility
// is not advertised). Empty when the version is accepted.
std::string es_version_error(const VersionInfo& version, bool es_context);

// GLSL ES 1.00 on GLSL ES 3.10: `attribute`/`varying` as the stage's in/out, the 1.00 texture
// functions (and EXT_shader_texture_lod's and OES_texture_3D's) as 3.10's, gl_FragColor and
// gl_FragData as outputs (legacy_builtins.h's lowering, shared with desktop GLSL), the
// #extension lines of extensions 3.10 has in core blanked with their macros defined. Adds to
// `preamble` and returns statements to run after the user's main (empty for 3.00 and later,
// which need nothing but the raised version).
std::string lower_glsl_es(Stage stage, const VersionInfo& version, const BuiltInLimits& limits, std::string& text,
                          std::string& preamble);

// GLSL ES 1.00 rules glslang's 3.10 parse does not check (es100_rules.cpp), as errors in glslang's
// log format with the user's lines: the operators 1.00 reserves (section 5.1: %, ~, <<, >>, &, |,
// ^ and their assignments) outside preprocessor directives, and assignment to an array (5.8).
std::string es100_reserved_operator_errors(std::string_view text);

// GLSL ES 1.00 takes the sequence operator in constant expressions (`const float f = (1.0, 2.0);`,
// `uniform float u[(1, 2)];`), which 3.00 forbids and glslang's 3.10 parse does not fold: in global
// declarations and `const` declarations, where nothing has side effects, a parenthesized sequence
// keeps only its last operand (the others blanked, lines kept).
void es100_fold_constant_sequences(std::string& text);

// samplerExternalOES (OES_EGL_image_external) as sampler2D in `text`; returns the names declared
// with it (uniforms, and function parameters, which reflection never sees).
std::set<std::string> lower_external_samplers(std::string& text);
std::string es100_array_assignment_errors(glslang::TIntermediate& stage);

// GLSL ES 1.00 invariance (4.6.1, 4.6.4): the names a shader declares invariant (`invariant`
// declarations and redeclarations; kInvariantAll for `#pragma STDGL invariant(all)`). In a fragment
// shader the qualifiers are blanked (glslang's 3.10 rules take no invariant input), the rule they
// carry being checked at link by es100_invariance_error: "" when the stages agree.
inline constexpr std::string_view kInvariantAll = "*all*";
std::set<std::string> es100_invariants(Stage stage, std::string& text);
std::string es100_invariance_error(const std::set<std::string>& vertex, const std::set<std::string>& fragment);

// GLSL ES 1.00 function declarations: a prototype declared twice (4.2.7), or a return precision
// that differs between a function's declarations (6.1; an unqualified return type takes the
// default precision then in effect). The first error, or "".
std::string es100_function_declaration_errors(Stage stage, std::string_view text);

// GLSL ES 3.00 and later 4.6.1: "It is an error to use this pragma [STDGL invariant(all)] in a
// fragment shader" (1.00 allows it). The error, or "".
std::string es_invariant_all_error(Stage stage, const VersionInfo& version, std::string_view text);

// GLSL ES (1.00 and 3.00 4.5.3): a uniform both stages declare has one precision; "" when it does.
// With the stages' texts (GLSL ES 1.00), only uniforms both use.
std::string es_uniform_precision_error(const glslang::TIntermediate& vertex, const glslang::TIntermediate& fragment,
                                       const std::string* vertex_text = nullptr,
                                       const std::string* fragment_text = nullptr);

}  // namespace glvk::glsl::detail
