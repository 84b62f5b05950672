// What the compatibility profile's fixed-function files share with the rest of src/gl (private).
// The fixed-function pipeline is ordinary draws: api_draw.cpp asks for the generated program when
// no program is in use, draw_inputs.cpp asks for its vertex inputs, and glEnd draws through the
// same path.
#pragma once

#include <span>

#include "glvk/gl/context.h"
#include "glvk/st/draw.h"

namespace glvk::gl {

// fixed_function/ff_program.cpp: the generated program for the current state (cached by its key),
// its uniforms filled from the context; null after raising an error.
// `mode`: the draw's primitive (polygon stipple applies to polygons only).
ProgramObject* fixed_function_program(Context& ctx, const char* fn, GLenum mode = GL_TRIANGLES);
// fixed_function/ff_partner.cpp: a compatibility-profile program with a vertex shader and no
// fragment shader, or the reverse, gets the fixed-function stage in place of the missing one.
// At link: what to keep for that (null for other programs). At draw: the hidden program with the
// generated stage for the current state, carrying the user's uniform values; null after an error.
std::shared_ptr<FixedStages> plan_fixed_stages(Context& ctx, std::span<const glsl::ShaderSource> sources,
                                               const glsl::LinkOptions& options, const glsl::Program& r);
ProgramObject* program_with_fixed_stage(Context& ctx, const char* fn, ProgramObject& user, GLenum mode);

// The vertex inputs of a draw with a fixed-function program, or of immediate mode with any
// program: the legacy arrays and current values (LegacyAttrib), or glEnd's vertices. False when
// nothing is drawn (no vertex array: GL 4.6 compatibility 10.3.? draws no vertices).
bool fixed_function_vertex_inputs(Context& ctx, const ProgramObject& program, st::DrawCall& call);

// Generic attribute 0 of a GLSL program's draw in a compatibility context: it aliases the vertex
// position (GL 4.6 compatibility 10.2), so it reads generic array 0 when enabled, else the vertex
// array (glVertexPointer), else the current value.
void generic_zero_input(Context& ctx, st::VertexAttribInput& in);

// Legacy arrays of normals and colours take integers as normalized values (GL 4.6 compatibility
// table 10.3); vertices, texture and fog coordinates take them as they are.
bool legacy_array_normalized(unsigned slot, GLenum type);

// The compatibility built-in attributes of a GLSL program (gl_Vertex, gl_Color, ... in its
// reflection, at locations of their own) read the same legacy arrays, current values and glEnd
// vertices as the fixed-function program's inputs of the same LegacyAttrib.
void builtin_attribute_inputs(Context& ctx, const glsl::Program& r, st::DrawCall& call);

// fixed_function/builtin_uniforms.cpp: the compatibility built-in uniforms (gl_ModelViewMatrix,
// gl_LightSource[], ...) of a linked program, resolved once, and written from context state
// into its default block before each draw.
void resolve_builtin_uniforms(ProgramObject& p, const glsl::Program& r);
// `mode`: the draw's primitive (GL_POINTS with POINT_SPRITE: gl_TexCoord's COORD_REPLACE);
// anything else for a dispatch or a draw of other primitives.
void write_builtin_uniforms(Context& ctx, ProgramObject& p, GLenum mode = GL_NONE);

// api_draw.cpp: a draw command's parameters (GL 4.6 10.4-10.5).
struct DrawParams {
  GLenum mode;
  GLint first = 0;
  GLsizei count = 0;
  GLsizei instance_count = 1;
  GLint base_vertex = 0;
  GLuint base_instance = 0;
  GLenum index_type = 0;
  const void* indices = nullptr;
};
// Validates and draws now (never compiled into a display list).
void execute_draw(Context& ctx, const char* fn, const DrawParams& d);
// glDrawArrays's validation and draw (glEnd and glRect draw through it).
void draw_arrays(Context& ctx, const char* fn, GLenum mode, GLint first, GLsizei count);
bool valid_draw_mode(const Context& ctx, GLenum mode);
std::size_t index_size(GLenum type);  // of an index type

// list_draws.cpp: compiles a draw, with the vertex data it reads, into the display list being
// compiled; raises the parameter errors. True when the caller must execute it as well
// (COMPILE_AND_EXECUTE).
bool compile_draw(Context& ctx, const char* fn, const DrawParams& d);

// api_state.cpp: whether capability `cap` is enabled (per-unit ones: on texture unit `unit`).
bool capability_enabled(Context& ctx, GLenum cap, GLuint unit = 0);

// api_display_lists.cpp: whether a display list is being replayed (glCallList's commands run their
// implementations directly, not through the dispatch).
bool replaying_list(const Context& ctx);

// api_immediate.cpp: glVertex's work (also glVertexAttrib*(0, ...) between glBegin and glEnd).
void emit_vertex(Context& ctx, const Vec4& position);
// glVertexAttrib*(index >= 1) between glBegin and glEnd, before the current value changes: from
// then on each vertex records the generic attributes (LegacyState::immediate_generics).
void note_immediate_generic(Context& ctx, GLuint index);
// api_lighting.cpp: a new current colour updates the materials COLOR_MATERIAL tracks.
void track_color_material(Context& ctx);

// api_pixel_rects.cpp: a w x h GL_BITMAP image as the unpack state reads it (client memory or the
// pixel unpack buffer), one byte per pixel (255: set); none for null data without a buffer. False
// after an error.
bool unpack_bitmap(Context& ctx, const char* fn, GLsizei width, GLsizei height, const GLubyte* bitmap,
                   std::vector<GLubyte>& bits);

// api_pixel_rects.cpp: the bytes of one swapped unit of `type` (GL_UNPACK_SWAP_BYTES swaps each
// 2- or 4-byte unit).
std::size_t swap_unit(GLenum type);

// api_pixel_rects.cpp: the client bytes [offset, offset + size) of a pixel command's data: client
// memory, or the pixel unpack buffer's bytes read back (`pixels` is then the offset). False after
// INVALID_OPERATION for a range beyond the buffer.
bool unpack_source(Context& ctx, const char* fn, const void* pixels, std::size_t size, std::vector<std::byte>& out);

// api_pixel_rects.cpp: COLOR_INDEX pixels (GL 4.6 compatibility 8.4.4): the indices of a width x
// height rectangle of `type` (an index type or BITMAP) as the unpack state reads them, shifted by
// INDEX_SHIFT and offset by INDEX_OFFSET (false after an error; zeros without data), and their
// colour index lookup through I_TO_R..A (RGBA floats, the last step of the transfer).
bool unpack_color_indices(Context& ctx, const char* fn, GLsizei width, GLsizei height, GLenum type,
                          const void* pixels, std::vector<GLfloat>& indices);
std::vector<GLfloat> color_index_lookup(const Context& ctx, const std::vector<GLfloat>& indices);
// The types COLOR_INDEX and STENCIL_INDEX data come in (table 8.2 without the packed ones, BITMAP).
bool is_color_index_type(GLenum type);

// api_pixel_maps.cpp: the pixel map lookups of the pixel transfer (GL 4.6 compatibility 8.4.1.?):
// an index through I_TO_I, S_TO_S or I_TO_R..A (masked by the map's size - 1), a colour component
// in [0, 1] through R_TO_R..A_TO_A.
GLfloat map_index(const Context& ctx, GLenum map, std::int64_t index);
GLfloat map_color(const Context& ctx, GLenum map, GLfloat c);

// api_select_feedback.cpp: in SELECT and FEEDBACK render modes (20.1, 20.2) a draw's primitives
// (glEnd's vertices, or the arrays' elements) are selected or fed back instead of drawn; a pixel
// rectangle or raster position at the current raster position makes a hit or writes `token`
// (BITMAP_TOKEN, DRAW_PIXEL_TOKEN, COPY_PIXEL_TOKEN; 0: none) with one vertex.
void select_feedback_primitive(Context& ctx, GLenum mode, std::span<const ImmediateVertex> vertices);
void select_feedback_draw(Context& ctx, const DrawParams& d);
void select_feedback_raster(Context& ctx, GLenum token);
// api_array_element.cpp: the vertices glArrayElement(i) would issue for each element, the
// current values left as they were.
std::vector<ImmediateVertex> array_vertices(Context& ctx, std::span<const GLint> elements);

// api_texgen.cpp: a plane given in object coordinates as eye coordinates, (p1 p2 p3 p4) M^-1 with
// the current modelview matrix M (glTexGen's EYE_PLANE, glClipPlane).
std::array<GLdouble, 4> plane_to_eye(Context& ctx, const std::array<GLdouble, 4>& p);
// api_clip_points.cpp: POINT_SIZE_MAX (the device's largest size until set).
GLfloat point_size_max(Context& ctx);

// api_client_arrays.cpp: glGetPointerv of the legacy arrays (GL_VERTEX_ARRAY_POINTER, ...);
// false for other pnames.
bool legacy_array_pointer(Context& ctx, GLenum pname, void** params);
// api_color_index.cpp: GL_INDEX_ARRAY_POINTER and GL_EDGE_FLAG_ARRAY_POINTER; false for others.
bool state_array_pointer(Context& ctx, GLenum pname, void** params);
// api_select_feedback.cpp: GL_SELECTION_BUFFER_POINTER and GL_FEEDBACK_BUFFER_POINTER.
bool select_feedback_pointer(Context& ctx, GLenum pname, void** params);

// api_programs.cpp: the uniform state of a newly linked executable (zeroed default block, ...).
void reset_uniforms(ProgramObject& p, const glsl::Program& r);

// The vertices of one primitive of a mode whose primitives are independent (points, lines,
// triangles, quads), so that consecutive glBegin/glEnd pairs, immediate or compiled into a list,
// concatenate into one draw; 0 for strips, loops, fans and polygons, whose primitives connect.
inline unsigned independent_primitive_vertices(GLenum mode) {
  switch (mode) {
    case GL_POINTS: return 1;
    case GL_LINES: return 2;
    case GL_TRIANGLES: return 3;
    case GL_QUADS: return 4;
    default: return 0;
  }
}

}  // namespace glvk::gl
