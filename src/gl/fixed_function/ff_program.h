// What ff_program.cpp (the state key, the ff_* uniforms) shares with ff_partner.cpp (GLSL
// programs that lack a stage). Private to src/gl/fixed_function.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>

#include "ff_key.h"
#include "glvk/gl/context.h"

namespace glvk::gl::ff {

// A linked program with a generated stage, and its uniforms by name for write_uniforms.
struct ProgramEntry {
  std::shared_ptr<ProgramObject> program;
  std::unordered_map<std::string, const glsl::Uniform*> uniforms;
};

// The fixed-function key of the current state for a draw of primitive `mode`.
Key state_key(Context& ctx, GLenum mode);
// The key of the generated stage that completes a GLSL program lacking the other one: the vertex
// stage's fields only (UserFragment, with the varyings the fragment shader reads) or the fragment
// stage's only (UserVertex).
Key partner_key(Context& ctx, GLenum mode, Partner partner, std::uint8_t reads);

// Makes e.program the ProgramObject of a linked program with generated stages: uniforms reset,
// each sampler ff_textureN on texture unit N (ff_pixels on none: the pixel rectangle draw supplies
// its texture; other samplers keep their reset unit), and e.uniforms indexed by name.
// `fixed_function`: its vertex inputs are the legacy arrays (a generated vertex stage).
void adopt_program(ProgramEntry& e, std::shared_ptr<st::Program> linked, bool fixed_function);
// Writes the ff_* uniforms the key's stages read from context state (and bumps the serial).
void write_uniforms(Context& ctx, const Key& key, ProgramEntry& e);

}  // namespace glvk::gl::ff
