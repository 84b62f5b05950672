// Framebuffer pieces shared by the framebuffer entry point files (api_framebuffers.cpp,
// api_renderbuffers.cpp, api_read_pixels.cpp, api_clear.cpp, api_blit.cpp, api_copy_tex_image.cpp,
// framebuffer_validation.cpp) and window_framebuffer.cpp (private to src/gl).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "glvk/gl/context.h"
#include "glvk/gl/framebuffer_completeness.h"
#include "glvk/gl/framebuffer_object.h"
#include "glvk/st/clear.h"
#include "glvk/st/texture.h"
#include "texture_internal.h"

namespace glvk::st {
class Screen;
}

namespace glvk::gl {

using FramebufferRef = std::shared_ptr<FramebufferObject>;
using RenderbufferRef = std::shared_ptr<RenderbufferObject>;

enum class RenderbufferAllocation { OK, NO_FORMAT, OUT_OF_MEMORY };

// st_renderbuffer_alloc_storage: chooses the format (the sample count rounded up to one the device
// supports) and allocates the resource into `rb`; `why` says what the device refused. Arguments
// are validated by the caller.
RenderbufferAllocation allocate_renderbuffer(const std::shared_ptr<st::Screen>& screen, RenderbufferObject& rb,
                                             GLsizei samples, GLenum internal_format, GLsizei width, GLsizei height,
                                             std::string& why);

// st_DrawBufferAllocate: a double-buffered window framebuffer gets its front buffer when glDrawBuffer
// or glReadBuffer first selects it. False when the device cannot allocate it.
bool allocate_front_buffer(const std::shared_ptr<st::Screen>& screen, FramebufferObject& fb);

// ---------------------------------------------------------------------------------------------
// Shared by the framebuffer entry point files (each declaration names the file that defines it).

bool is_framebuffer_target(GLenum target);  // framebuffer_validation.cpp

// The framebuffer `target` selects (GL_FRAMEBUFFER means draw): the bound object, else the default
// framebuffer; null for the default framebuffer of a surfaceless context.
FramebufferObject* bound_framebuffer(Context& ctx, GLenum target);  // framebuffer_validation.cpp

// A default framebuffer (a surface's, or the missing one of a surfaceless context: null).
bool is_default_framebuffer(const FramebufferObject* fb);  // framebuffer_validation.cpp

// The attachment point an enum names, or null.
FramebufferAttachment* attachment_point(FramebufferObject& fb, GLenum attachment);  // framebuffer_validation.cpp

// Raises the error for a bad attachment enum: INVALID_ENUM for what is no attachment at all,
// INVALID_OPERATION for COLOR_ATTACHMENTi beyond MAX_COLOR_ATTACHMENTS.
bool check_attachment_enum(Context& ctx, GLenum attachment, const char* function);  // framebuffer_validation.cpp

// The image an attachment refers to: a texture's (face, level), or the renderbuffer's as a
// TextureImage in `scratch`. Null when nothing is attached.
const TextureImage* attached_image(const FramebufferAttachment& a, TextureImage& scratch);  // framebuffer_validation.cpp

// The resource holding an attachment's texels, and the layer its 2D slice is in.
st::Texture* attached_resource(const FramebufferAttachment& a, GLint& layer);  // framebuffer_validation.cpp

// The layers an attachment's image has as a layered attachment (GL 4.6 9.8): six faces of a cube
// map, the layers of an array (cube map arrays count faces), the slices of a 3D level.
GLint attachment_layer_count(const FramebufferAttachment& a, const TextureImage& image);  // framebuffer_validation.cpp

int draw_buffer_index(GLenum buffer);  // framebuffer_validation.cpp

// Any COLOR_ATTACHMENTm enum, m up to 31 (beyond MAX_COLOR_ATTACHMENTS is an INVALID_OPERATION).
bool is_color_attachment_enum(GLenum buffer);  // framebuffer_validation.cpp

// The colour buffers of a default framebuffer as bits (GL 4.6 table 17.4).
enum : unsigned { FRONT_LEFT_BIT = 1, FRONT_RIGHT_BIT = 2, BACK_LEFT_BIT = 4, BACK_RIGHT_BIT = 8 };

// The buffers a default-framebuffer enum names; nullopt for enums that are not in table 17.4.
std::optional<unsigned> default_buffer_bits(GLenum buffer);  // framebuffer_validation.cpp

// The colour buffers a default framebuffer has (none without a surface; no stereo).
unsigned present_buffer_bits(const FramebufferObject* fb);  // framebuffer_validation.cpp

// The present buffers a draw-buffer enum writes; GL_BACK of a single-buffered framebuffer is its
// (front) left buffer (GL 4.6 section 17.4.1).
unsigned written_buffer_bits(const FramebufferObject* fb, GLenum buffer);  // framebuffer_validation.cpp

// The one buffer glReadBuffer's enum selects: the left one of a pair, the front one of front and back.
unsigned read_buffer_bit(GLenum buffer);  // framebuffer_validation.cpp

// The colour buffers draw buffer `i` writes: the attachment a framebuffer object names, or every
// present buffer of a default framebuffer the enum names (GL_FRONT_AND_BACK: two). Returns the count.
unsigned draw_buffer_targets(const FramebufferObject& fb, unsigned i,
                             std::array<const FramebufferAttachment*, 2>& targets);  // framebuffer_validation.cpp

// The colour buffer reads take (glReadBuffer's choice), or null for GL_NONE.
const FramebufferAttachment* read_buffer_attachment(const FramebufferObject& fb);  // framebuffer_validation.cpp

// glCheckFramebufferStatus on an object (the default framebuffer has none in a surfaceless context).
GLenum framebuffer_status(Context& ctx, const FramebufferObject* fb);  // framebuffer_validation.cpp

// SAMPLES of a complete framebuffer (GL 4.6 section 9.2.3.1): the sample count its attachments
// share (0 for single-sample ones), or the default of an attachment-less one.
GLint framebuffer_samples(const FramebufferObject* fb);  // framebuffer_validation.cpp

// Whether two attachment points name the same image (DEPTH_STENCIL_ATTACHMENT sets both).
bool same_attachment(const FramebufferAttachment& a, const FramebufferAttachment& b);  // framebuffer_validation.cpp

FramebufferRef lookup_framebuffer(Context& ctx, GLuint name);  // framebuffer_validation.cpp

// For the DSA entry points: a framebuffer object, or for 0 where `default_target` allows it
// (GL_DRAW_FRAMEBUFFER or GL_READ_FRAMEBUFFER; GL_NONE: not allowed) that default framebuffer.
bool named_framebuffer(Context& ctx, GLuint name, FramebufferObject*& out, GLenum default_target,
                       const char* function);  // framebuffer_validation.cpp

// glDrawBuffer (`single`) and glDrawBuffers on a framebuffer object or a default framebuffer
// (null: the surfaceless one), with the errors of GL 4.6 section 17.4.1.
void draw_buffers(Context& ctx, FramebufferObject* fb, GLsizei n, const GLenum* buffers, bool single,
                  const char* function);  // api_framebuffers.cpp

// glReadBuffer on a framebuffer object or a default framebuffer (null: the surfaceless one), with
// the errors of GL 4.6 section 18.2.1.
void read_buffer(Context& ctx, FramebufferObject* fb, GLenum mode, const char* function);  // api_framebuffers.cpp

// The GCN shadow of the draw framebuffer (si_emit_framebuffer_state): the derived state of
// st_update_framebuffer_state decides the colour slots, the size and the depth/stencil buffer.
void shadow_draw_framebuffer(const FramebufferObject& fb);  // framebuffer_validation.cpp

// The rectangle of an image that clears and blits may write: the image, cut by scissor box 0 when
// that test is on (the only per-fragment operation both obey; GL 4.6 sections 17.4.3 and 18.3.1
// name the first scissor rectangle).
struct ScissoredRect {
  GLint x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty() const { return x1 <= x0 || y1 <= y0; }
};

ScissoredRect scissored_rect(const Context& ctx, const TextureImage& image);  // framebuffer_validation.cpp

// The colour kind a format's clear value takes (float, signed or unsigned integers), and that of a
// draw buffer's attachment, for glClear's choice of clear value.
st::ClearKind clear_kind(const formats::FormatDesc& d);          // api_clear.cpp
st::ClearKind attachment_kind(const FramebufferAttachment& a);  // api_clear.cpp
// The clear of `image`'s `level`, layers [first_layer, first_layer + layers), rectangle x0..x1 x
// y0..y1 (not empty): what glClear and glClearTexImage hand st.
st::ClearRegion image_clear_region(const TextureImage& image, unsigned level, GLint first_layer, GLint layers,
                                   GLint x0, GLint y0, GLint x1, GLint y1);  // api_clear.cpp

// Where reads of an attachment take texels from: its own image, or for a multisampled buffer of a
// default framebuffer — which glReadPixels and glCopyTexImage may read (GL 4.6 section 18.2.1 refuses
// only framebuffer objects with SAMPLE_BUFFERS one) — a single-sample resolve of it (colour
// averaged, depth/stencil sample 0).
struct ReadSource {
  const TextureImage* image = nullptr;
  st::Texture* resource = nullptr;
  unsigned level = 0;
  GLint layer = 0;
  TextureImage scratch, resolved_image;
  std::unique_ptr<st::Texture> resolved;
};

// False when the attachment has no texels to read.
bool read_source(Context& ctx, const FramebufferAttachment& a, ReadSource& out);  // framebuffer_validation.cpp

// The read buffer's colour attachment, or null after the spec's error.
const FramebufferAttachment* read_colour_attachment(Context& ctx, const char* function);  // framebuffer_validation.cpp

// glCopyTex(Sub)Image's source for a texture of GL base format `base` (GL 4.6 8.6): the read
// framebuffer's depth buffer for depth and depth-stencil images (INVALID_OPERATION without one),
// else the read buffer's colour attachment; null after the spec's error.
const FramebufferAttachment* copy_source_attachment(Context& ctx, GLenum base, const char* function);  // framebuffer_validation.cpp

}  // namespace glvk::gl
