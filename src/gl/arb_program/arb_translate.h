// ARB_vertex_program / ARB_fragment_program assembly translated to compatibility GLSL: text in,
// GLSL text (or the first error's byte position and message) out. Pure: no context, no GL state.
// The GLSL names the compatibility built-ins (gl_Vertex, gl_ModelViewProjectionMatrix,
// gl_LightSource[], gl_FrontColor, gl_TexCoord[], gl_FragColor ...) that src/glsl lowers for any
// legacy GLSL program, so a translated stage draws like a user's shader.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace glvk::gl::arb {

enum class Kind { Vertex, Fragment };

// The limits glGetProgramivARB reports and the parser enforces (ARB_vertex_program table X.Y,
// ARB_fragment_program's minimums or above).
inline constexpr unsigned kMaxEnvParameters = 256;
inline constexpr unsigned kMaxLocalParameters = 1024;
inline constexpr unsigned kMaxParameters = 4096;  // parameter vectors (PARAM and inline) of one program
inline constexpr unsigned kMaxInstructions = 16384;
inline constexpr unsigned kMaxTemporaries = 256;
inline constexpr unsigned kMaxAddressRegisters = 1;
inline constexpr unsigned kMaxVertexAttribs = 16;
inline constexpr unsigned kMaxFragmentAttribs = 12;  // colours, 8 texcoords, fog, position
inline constexpr unsigned kMaxTextureCoords = 8;
inline constexpr unsigned kMaxTextureImageUnits = 16;
inline constexpr unsigned kMaxDrawBuffers = 8;
inline constexpr unsigned kMaxProgramMatrices = 8;

// The texture targets of TEX/TXP/TXB (ARB_fragment_program, ARB_fragment_program_shadow).
enum class TexTarget : std::uint8_t { None, T1D, T2D, T3D, Cube, Rect, Shadow1D, Shadow2D, ShadowRect };

struct Translation {
  bool ok = false;
  int error_position = -1;  // byte offset of the error in the program string (-1: none)
  std::string error;        // PROGRAM_ERROR_STRING_ARB
  std::string glsl;         // the stage's GLSL source
  // glGetProgramivARB's counts (the native ones are the same: the GLSL is under every limit).
  unsigned instructions = 0, alu_instructions = 0, tex_instructions = 0, tex_indirections = 0;
  unsigned temporaries = 0, parameters = 0, attribs = 0, address_registers = 0;
  // The uniform arrays program.env[] and program.local[] become, and their lengths (0: unused).
  unsigned env_size = 0, local_size = 0;
  // The target each texture image unit is sampled as (sampler uniform ff_texture<unit>).
  TexTarget units[kMaxTextureImageUnits] = {};
  bool program_matrices = false;  // state.matrix.program[] read: the uniform program_matrix_uniform()
  // Generic vertex attributes read (bit n: vertex.attrib[n], GLSL input arb_attrib<n>).
  std::uint32_t generic_attribs = 0;
  bool position_invariant = false;
};

// The GLSL uniform names glvk fills at draw time.
inline const char* env_uniform(Kind k) { return k == Kind::Vertex ? "arb_vp_env" : "arb_fp_env"; }
inline const char* local_uniform(Kind k) { return k == Kind::Vertex ? "arb_vp_local" : "arb_fp_local"; }
inline const char* program_matrix_uniform() { return "arb_program_matrix"; }  // mat4[kMaxProgramMatrices]

Translation translate(Kind kind, std::string_view text);

}  // namespace glvk::gl::arb
