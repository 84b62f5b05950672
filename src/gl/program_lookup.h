// The shader/program name space and helpers the program entry points share (private to src/gl).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "glvk/gl/context.h"
#include "glvk/gl/program_object.h"

namespace glvk::gl {

using ShaderRef = std::shared_ptr<ShaderObject>;
using ProgramRef = std::shared_ptr<ProgramObject>;

// The object a name holds, or null after raising the error GL 4.6 7.1/7.3 names: INVALID_VALUE for
// a name that is neither, INVALID_OPERATION for a name of the other kind.
ShaderRef find_shader(Context& ctx, GLuint name, const char* fn);
ProgramRef find_program(Context& ctx, GLuint name, const char* fn);

glsl::Stage shader_stage(GLenum type);
// The compiler options of `ctx`'s shaders (api_shaders.cpp): its profile, in an ES context GLSL ES
// only, shaders without #version being GLSL ES 1.00 (GLSL ES 3.20 3.3), and the limits the
// built-in constants report.
glsl::CompileOptions shader_compile_options(Context& ctx);

// GL's string out-parameters: at most buf_size - 1 characters and a NUL; *length without it.
void copy_string_out(const std::string& text, GLsizei buf_size, GLsizei* length, GLchar* out);

// GL 4.6 7.3.1's name rule for an active variable reported as `active_name` with `array_size`
// elements: "v" and "v[0]" name element 0 of an array, "v[i]" element i. The element `name`
// selects, or -1 when it does not name the variable (api_programs.cpp).
long element_of(const std::string& active_name, std::uint32_t array_size, const std::string& name);

// Drops a shader flagged for deletion once no program holds it (share group mutex held).
void release_shader(ShareGroup& group, ShaderObject& shader);

// The program whose uniforms glUniform* sets (the current one; null after INVALID_OPERATION when
// none is in use).
ProgramObject* uniform_program(Context& ctx, const char* fn);

// The program glUniform* writes (7.6.1): the one in use, else the bound pipeline's ACTIVE_PROGRAM
// (null when neither is set).
ProgramObject* active_uniform_program(Context& ctx);

// The program whose last vertex-processing stage draws (transform feedback captures it): the one
// in use, else the bound pipeline's geometry, tessellation evaluation or vertex stage program.
ProgramRef vertex_processing_program(Context& ctx);

// The program a draw takes from the bound program pipeline while no program is in use
// (api_program_pipelines.cpp): its stages combined, their uniforms copied in. Null after
// INVALID_OPERATION when the pipeline cannot execute (11.1.3.11).
ProgramObject* pipeline_draw_program(Context& ctx, const char* fn);

// GL 4.6 11.1.3.11: no two active samplers of different types may use one texture unit. Adds
// the program's active sampler units to `unit_types` (unit -> sampler type); false, with a line
// in `log`, at the first unit that two types share (api_program_pipelines.cpp).
bool sampler_units_agree(const ProgramObject& program, std::map<GLint, std::uint32_t>& unit_types, std::string& log);

// PROGRAM_BINARY_LENGTH (api_program_binary.cpp): the bytes glGetProgramBinary writes, 0 unlinked.
std::size_t program_binary_length(const ProgramObject& program);

// Whether an active transform feedback object of the context captures from the program
// (glLinkProgram refuses to relink it, 7.3; api_transform_feedback.cpp).
bool transform_feedback_uses(Context& ctx, const ProgramObject& program);

// Subroutine uniforms (api_subroutines.cpp): glUseProgram resets every stage's selection; a draw
// writes the selection of each stage into the selectors of the program it draws with.
void reset_subroutine_selection(Context& ctx);
void write_subroutine_selection(Context& ctx, ProgramObject& drawn);

}  // namespace glvk::gl
