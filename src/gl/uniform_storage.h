// Uniform values of program objects (GL 4.6 7.6): validation against the uniform's type and the
// store into the default block bytes or the sampler units (api_uniforms.cpp). Private to src/gl.
#pragma once

#include "glvk/gl/context.h"

namespace glvk::gl {

// The component type a glUniform* command passes.
enum class UniformBase { Float, Int, Uint, Double };

// The bytes of the default block that hold uniform `u` (what glUniform* writes): one span per
// column of each element, in element and column order, offsets from the block's start.
struct UniformSpan {
  std::uint32_t offset, size;
};
std::vector<UniformSpan> uniform_spans(const glsl::Uniform& u);

// The components a uniform of GL type `gl_type` takes of its stage's MAX_<stage>_UNIFORM_COMPONENTS
// (GL 4.6 7.6: a double's two; samplers and images, which are no default-block storage here, none).
int uniform_type_components(std::uint32_t gl_type);

// glUniform*: the current program's uniform at `location` (program null); `rows` components per
// column and `columns` columns (1 for vectors); values in column-major order unless `transpose`.
void set_uniform(Context& ctx, const char* fn, ProgramObject* program, GLint location, GLsizei count, UniformBase base,
                 int rows, int columns, bool transpose, const void* values);
// glProgramUniform*: the same on a named program (GL 4.6 7.6.1's errors for the name first).
void set_program_uniform(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                         UniformBase base, int rows, int columns, bool transpose, const void* values);

}  // namespace glvk::gl
