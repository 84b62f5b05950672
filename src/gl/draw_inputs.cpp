// Gathering a draw's inputs from GL state (the role of Mesa's st_validate_state inputs): the
// program's uniform state, its samplers' textures with GL's completeness rules (GL 4.6 8.17),
// vertex arrays with their current values, per-fragment state and the draw framebuffer.
#include "draw_inputs.h"

#include <algorithm>
#include <cstring>

#include "framebuffer_internal.h"
#include "glvk/formats/format.h"
#include "glvk/gl/texture_object.h"
#include "glvk/st/program.h"
#include "legacy_internal.h"

namespace glvk::gl {

namespace {

// The texture target a GLSL sampler type reads (one binding of its unit).
GLenum sampler_target(std::uint32_t type) {
  switch (type) {
    case GL_SAMPLER_1D: case GL_SAMPLER_1D_SHADOW: case GL_INT_SAMPLER_1D: case GL_UNSIGNED_INT_SAMPLER_1D:
      return GL_TEXTURE_1D;
    case GL_SAMPLER_3D: case GL_INT_SAMPLER_3D: case GL_UNSIGNED_INT_SAMPLER_3D: return GL_TEXTURE_3D;
    case GL_SAMPLER_CUBE: case GL_SAMPLER_CUBE_SHADOW: case GL_INT_SAMPLER_CUBE: case GL_UNSIGNED_INT_SAMPLER_CUBE:
      return GL_TEXTURE_CUBE_MAP;
    case GL_SAMPLER_1D_ARRAY: case GL_SAMPLER_1D_ARRAY_SHADOW: case GL_INT_SAMPLER_1D_ARRAY:
    case GL_UNSIGNED_INT_SAMPLER_1D_ARRAY:
      return GL_TEXTURE_1D_ARRAY;
    case GL_SAMPLER_2D_ARRAY: case GL_SAMPLER_2D_ARRAY_SHADOW: case GL_INT_SAMPLER_2D_ARRAY:
    case GL_UNSIGNED_INT_SAMPLER_2D_ARRAY:
      return GL_TEXTURE_2D_ARRAY;
    case GL_SAMPLER_CUBE_MAP_ARRAY: case GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW: case GL_INT_SAMPLER_CUBE_MAP_ARRAY:
    case GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY:
      return GL_TEXTURE_CUBE_MAP_ARRAY;
    case GL_SAMPLER_2D_RECT: case GL_SAMPLER_2D_RECT_SHADOW: case GL_INT_SAMPLER_2D_RECT:
    case GL_UNSIGNED_INT_SAMPLER_2D_RECT:
      return GL_TEXTURE_RECTANGLE;
    case GL_SAMPLER_2D_MULTISAMPLE: case GL_INT_SAMPLER_2D_MULTISAMPLE: case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE:
      return GL_TEXTURE_2D_MULTISAMPLE;
    case GL_SAMPLER_2D_MULTISAMPLE_ARRAY: case GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
    case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
      return GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
    case GL_SAMPLER_BUFFER: case GL_INT_SAMPLER_BUFFER: case GL_UNSIGNED_INT_SAMPLER_BUFFER: return GL_TEXTURE_BUFFER;
    case GL_SAMPLER_EXTERNAL_OES: return GL_TEXTURE_EXTERNAL_OES;
    default: return GL_TEXTURE_2D;
  }
}

std::size_t target_index(GLenum target) {
  for (std::size_t i = 0; i < kTextureTargetCount; ++i)
    if (kTextureTargets[i] == target) return i;
  return 1;
}

bool is_mipmap_filter(GLenum f) { return f != GL_NEAREST && f != GL_LINEAR; }

// GL 4.6 8.17: whether `t` is complete for sampling with its own parameters; `last` gets the last
// level sampled. Views and immutable textures are complete across their levels by construction.
bool texture_complete(const TextureObject& t, const SamplerParameters& sampler, GLint& last) {
  if (!t.resource) return false;
  const GLint base = t.base_level;
  if (base < 0 || base >= GLint(kMaxTextureLevels)) return false;
  const unsigned faces = t.target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
  const TextureImage& b = t.images[0][std::size_t(base)];
  if (!b.defined() || b.width == 0) return false;
  for (unsigned f = 1; f < faces; ++f) {
    const TextureImage& i = t.images[f][std::size_t(base)];
    if (!i.defined() || i.width != b.width || i.height != b.height || i.internal_format != b.internal_format)
      return false;
  }
  last = base;
  // Multisample textures have one level and are fetched texel by texel (texelFetch, 8.14.2): the
  // sampler's filters, which the rules below read, do not apply to them.
  if (t.target == GL_TEXTURE_2D_MULTISAMPLE || t.target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY) return true;
  const formats::FormatDesc& d = formats::describe(b.format);
  // Integer formats need NEAREST filtering (8.17: "not complete" otherwise).
  const bool nearest = sampler.mag_filter == GL_NEAREST &&
                       (sampler.min_filter == GL_NEAREST || sampler.min_filter == GL_NEAREST_MIPMAP_NEAREST);
  if (d.is_pure_integer && !nearest) return false;
  if (!is_mipmap_filter(sampler.min_filter)) return true;
  if (t.immutable) {
    last = std::min(t.max_level, GLint(t.immutable_levels) - 1);
    return last >= base;
  }
  // The mipmap chain from the base: each level half the last (rounded down, at least 1), same
  // internal format, up to max_level or the 1x1x1 level.
  GLsizei w = b.width, h = b.height, z = b.depth;
  const bool array = t.target == GL_TEXTURE_1D_ARRAY || t.target == GL_TEXTURE_2D_ARRAY ||
                     t.target == GL_TEXTURE_CUBE_MAP_ARRAY;
  GLint level = base;
  while (level < t.max_level && (w > 1 || (t.target != GL_TEXTURE_1D && t.target != GL_TEXTURE_1D_ARRAY && h > 1) ||
                                 (t.target == GL_TEXTURE_3D && z > 1))) {
    ++level;
    if (level >= GLint(kMaxTextureLevels)) break;
    w = std::max(w / 2, 1);
    if (t.target != GL_TEXTURE_1D_ARRAY) h = std::max(h / 2, 1);
    if (t.target == GL_TEXTURE_3D) z = std::max(z / 2, 1);
    for (unsigned f = 0; f < faces; ++f) {
      const TextureImage& i = t.images[f][std::size_t(level)];
      if (!i.defined() || i.internal_format != b.internal_format || i.width != w || i.height != h ||
          (!array && i.depth != z && t.target == GL_TEXTURE_3D))
        return false;
    }
    last = level;
  }
  return true;
}

st::TextureInput unit_texture_input(Context& ctx, GLint unit, std::uint32_t sampler_type) {
  st::TextureInput in;
  in.target = sampler_target(sampler_type);
  const std::size_t index = target_index(in.target);
  if (unit < 0 || unit >= GLint(kMaxTextureUnits)) return in;
  const std::shared_ptr<TextureObject>& bound = ctx.bound_textures[std::size_t(unit)][index];
  const TextureObject* t = bound ? bound.get() : ctx.default_textures[index].get();
  if (!t) return in;
  if (t->target == GL_TEXTURE_BUFFER) {
    // The buffer's range as glTexBuffer(Range) gave it; a buffer shorter than the range now is
    // read as far as it goes (texels past it read zeros, GL 4.6 8.9).
    if (!t->buffer || !t->buffer->resource) return in;
    const GLsizeiptr size = t->buffer_size >= 0 ? t->buffer_size : t->buffer->size - t->buffer_offset;
    in.buffer = t->buffer->resource.get();
    in.buffer_offset = std::uint64_t(t->buffer_offset);
    in.buffer_size = std::uint64_t(std::max<GLsizeiptr>(0, std::min<GLsizeiptr>(size, t->buffer->size - t->buffer_offset)));
    in.buffer_format = t->images[0][0].format;
    return in;
  }
  // A sampler object bound to the unit replaces the texture's sampler state (8.2); the unit's
  // TEXTURE_FILTER_CONTROL bias adds to its bias (compatibility 8.14.1).
  const SamplerObject* bound_sampler = ctx.bound_samplers[std::size_t(unit)].get();
  st::TextureInput out = object_texture_input(
      ctx, *t, bound_sampler ? *bound_sampler : static_cast<const SamplerParameters&>(*t), in.target);
  if (!ctx.config().core_profile) out.sampler.lod_bias += ctx.legacy.unit_lod_bias[std::size_t(unit)];
  return out;
}

}  // namespace

st::TextureInput object_texture_input(Context& ctx, const TextureObject& texture, const SamplerParameters& p,
                                      GLenum target) {
  const TextureObject* t = &texture;
  st::TextureInput in;
  in.target = target;
  GLint last = 0;
  if (!texture_complete(*t, p, last)) return in;
  in.texture = t->resource.get();
  in.base_level = t->base_level;
  in.max_level = last;
  const TextureImage& b = t->images[0][std::size_t(t->base_level)];
  in.base_format = b.base_format;
  in.swizzle = t->swizzle;
  in.depth_stencil_mode = t->depth_stencil_mode;
  // Core: depth textures read (d, 0, 0, 1); compatibility keeps DEPTH_TEXTURE_MODE.
  in.depth_texture_mode = ctx.config().core_profile ? GL_RED : t->depth_texture_mode;
  st::SamplerInput& s = in.sampler;
  s.min_filter = p.min_filter;
  s.mag_filter = p.mag_filter;
  s.wrap_s = p.wrap_s;
  s.wrap_t = p.wrap_t;
  s.wrap_r = p.wrap_r;
  s.min_lod = p.min_lod;
  s.max_lod = p.max_lod;
  s.lod_bias = p.lod_bias;
  s.compare_mode = p.compare_mode;
  s.compare_func = p.compare_func;
  s.border_color = p.border_color;
  s.border_color_integer = p.border_color_integer;
  s.border_color_is_integer = p.border_color_type != SamplerParameters::BorderColorType::FLOAT;
  s.max_anisotropy = p.max_anisotropy;
  // GL 4.6 8.13.1: cube maps filter across faces only with TEXTURE_CUBE_MAP_SEAMLESS; ES 3.0 and
  // later always do.
  if (target == GL_TEXTURE_CUBE_MAP || target == GL_TEXTURE_CUBE_MAP_ARRAY)
    s.seamless_cube_map = ctx.config().es() || capability_enabled(ctx, GL_TEXTURE_CUBE_MAP_SEAMLESS);
  return in;
}

namespace {

// The size of an attachment's image and, for a layered attachment, its layer count (the least of
// the attachments': GL 4.6 9.8); false when nothing is attached.
bool attachment_target(const FramebufferAttachment& a, st::TargetInput& out, std::uint32_t& width,
                       std::uint32_t& height, std::uint32_t& layers, std::uint32_t& samples) {
  if (a.type == AttachmentObject::NONE) return false;
  GLint layer = 0;
  st::Texture* texture = attached_resource(a, layer);
  TextureImage scratch;
  const TextureImage* image = attached_image(a, scratch);
  if (!texture || !image || !image->defined()) return false;
  out.texture = texture;
  out.level = a.type == AttachmentObject::TEXTURE ? unsigned(a.level) : 0;
  out.first_layer = a.layered ? 0 : unsigned(std::max(layer, 0));
  if (a.layered) layers = std::min(layers, std::uint32_t(attachment_layer_count(a, *image)));
  width = std::min(width, std::uint32_t(image->width));
  height = std::min(height, std::uint32_t(image->height));
  samples = std::max<std::uint32_t>(samples, image->samples > 1 ? std::uint32_t(image->samples) : 1);
  return true;
}

}  // namespace

void draw_framebuffer_targets(Context& ctx, st::DrawFramebufferInput& out) {
  const FramebufferObject* current = ctx.current_draw_framebuffer();
  if (!current) return;  // no default framebuffer (a surfaceless context): nothing to draw into
  const FramebufferObject& fb = *current;
  std::uint32_t width = ~0u, height = ~0u, layers = ~0u, samples = 1;
  for (unsigned i = 0; i < kMaxColorAttachments; ++i) {
    std::array<const FramebufferAttachment*, 2> targets{};
    // GL_FRONT_AND_BACK of a window writes two buffers; glvk draws into the first (the front).
    if (draw_buffer_targets(fb, i, targets) &&
        attachment_target(*targets[0], out.color[i], width, height, layers, samples))
      out.color_count = i + 1;
  }
  attachment_target(fb.depth, out.depth, width, height, layers, samples);
  attachment_target(fb.stencil, out.stencil, width, height, layers, samples);
  out.layers = layers == ~0u ? 1 : layers;  // a complete framebuffer's attachments are all layered or none
  if (width == ~0u) {  // no attachment: the framebuffer's default size (9.2.1)
    width = std::uint32_t(fb.default_width);
    height = std::uint32_t(fb.default_height);
    samples = std::max<std::uint32_t>(std::uint32_t(fb.default_samples), 1);
  }
  out.width = width;
  out.height = height;
  out.samples = samples;
}

GLenum draw_framebuffer_status(Context& ctx) { return framebuffer_status(ctx, ctx.current_draw_framebuffer()); }

st::TextureInput texture_input(Context& ctx, GLint unit, std::uint32_t sampler_type) {
  return unit_texture_input(ctx, unit, sampler_type);
}

std::uint8_t gl_clamp_coords(const st::TextureInput& in) {
  const st::SamplerInput& s = in.sampler;
  const bool linear = s.mag_filter == GL_LINEAR && s.min_filter != GL_NEAREST && s.min_filter != GL_NEAREST_MIPMAP_NEAREST &&
                      s.min_filter != GL_NEAREST_MIPMAP_LINEAR;
  const unsigned dims = in.target == GL_TEXTURE_1D ? 1 : in.target == GL_TEXTURE_2D ? 2 : in.target == GL_TEXTURE_3D ? 3 : 0;
  if (!in.texture || !linear) return 0;
  const GLenum wraps[3] = {s.wrap_s, s.wrap_t, s.wrap_r};
  std::uint8_t bits = 0;
  for (unsigned c = 0; c < dims; ++c)
    if (wraps[c] == GL_CLAMP) bits |= std::uint8_t(1u << c);
  return bits;
}

void lower_gl_clamp(st::TextureInput& in) {
  const std::uint8_t bits = gl_clamp_coords(in);
  GLenum* wraps[3] = {&in.sampler.wrap_s, &in.sampler.wrap_t, &in.sampler.wrap_r};
  for (unsigned c = 0; c < 3; ++c)
    if (bits >> c & 1u) *wraps[c] = GL_CLAMP_TO_BORDER;
}

void generic_array_input(const VertexArrayObject& vao, GLuint i, st::VertexAttribInput& in) {
  const VertexAttribState& a = vao.attribs[i];
  const VertexBindingState& b = vao.bindings[a.binding];
  const bool has_data = b.buffer ? b.buffer->resource != nullptr : b.offset != 0;
  if (!a.enabled || !has_data) return;
  in.enabled = true;
  in.buffer = b.buffer ? b.buffer->resource.get() : nullptr;
  in.pointer = std::uintptr_t(b.offset) + a.relative_offset;
  in.type = a.type;
  in.size = a.size;
  in.normalized = a.normalized;
  in.kind = a.kind;
  in.stride = b.stride;
  in.divisor = b.divisor;
}

namespace {

// What image unit `unit` offers an image uniform (GL 4.6 8.26): the unit's texture level, or no
// texture when the unit has none or names a level or layer the texture lacks.
st::ImageInput image_input(Context& ctx, GLint unit) {
  st::ImageInput in;
  if (unit < 0 || std::size_t(unit) >= ctx.image_units.size()) return in;
  const Context::ImageUnit& u = ctx.image_units[std::size_t(unit)];
  in.level = unsigned(u.level);
  in.layered = u.layered;
  in.layer = unsigned(u.layer);
  in.format = u.format;
  const TextureObject* t = u.texture.get();
  if (!t || !t->resource || unsigned(u.level) >= kMaxTextureLevels || !t->images[0][std::size_t(u.level)].defined()) return in;
  in.target = t->target;
  in.texture = t->resource.get();
  return in;
}

}  // namespace

void gather_program_inputs(Context& ctx, const ProgramObject& program, st::ProgramInputs& call,
                           ProgramInputStorage& storage) {
  std::vector<st::TextureInput>& sampler_textures = storage.sampler_textures;
  const glsl::Program& r = program.executable->reflection();
  call.program = program.executable.get();
  call.default_uniforms = program.default_block.data();
  call.uniform_block_bindings = program.block_bindings;
  // The ranges bound at the binding points the program's blocks read (the state tracker reads no
  // other; copying all of them cost more than the rest of a small draw's inputs).
  auto range = [](const auto& bindings, GLuint point, auto& out) {
    if (point >= bindings.size() || point >= out.size()) return;
    const Context::IndexedBufferBinding& b = bindings[point];
    out[point] = b.buffer && b.buffer->resource
                     ? st::BufferRange{b.buffer->resource.get(), std::uint64_t(b.offset), std::uint64_t(b.size)}
                     : st::BufferRange{};
  };
  for (std::size_t i = 0; i < r.blocks.size() && i < program.block_bindings.size(); ++i) {
    const glsl::UniformBlock& block = r.blocks[i];
    const GLuint point = program.block_bindings[i];
    if (!block.storage) range(ctx.uniform_buffer_bindings, point, call.uniform_buffers);
    else if (glsl::is_atomic_counter_block(block)) range(ctx.atomic_counter_buffer_bindings, point, call.atomic_counter_buffers);
    else range(ctx.storage_buffer_bindings, point, call.storage_buffers);
  }
  // Samplers: each element reads the texture of its unit's binding for the sampler's target.
  sampler_textures.clear();
  std::size_t flat = 0;
  for (const glsl::Resource& res : r.resources) {
    if (!glsl::is_sampler(res.kind)) continue;
    const std::uint32_t type = res.uniform >= 0 ? r.uniforms[std::size_t(res.uniform)].gl_type : GL_SAMPLER_2D;
    for (std::uint32_t e = 0; e < res.count; ++e, ++flat) {
      sampler_textures.push_back(
          texture_input(ctx, flat < program.sampler_units.size() ? program.sampler_units[flat] : 0, type));
      // A generated fixed-function program clamps GL_CLAMP's coordinates itself (its key has
      // gl_clamp_coords of each unit).
      if (program.fixed_function) lower_gl_clamp(sampler_textures.back());
    }
  }
  call.sampler_textures = sampler_textures;
  storage.images.clear();
  for (const glsl::Resource& res : r.resources) {
    if (res.kind != glsl::ResourceKind::StorageImage) continue;
    for (std::uint32_t e = 0; e < res.count; ++e) {
      const std::size_t element = storage.images.size();
      storage.images.push_back(image_input(ctx, element < program.image_units.size() ? program.image_units[element] : -1));
    }
  }
  call.images = storage.images;
}

bool gather_draw_inputs(Context& ctx, const char* fn, const ProgramObject& program, DrawInputs& inputs) {
  st::DrawCall& call = inputs.call;
  const glsl::Program& r = program.executable->reflection();
  gather_program_inputs(ctx, program, call, inputs);
  // Transform feedback: the bindings the program's capture writes, while active and not paused.
  call.transform_feedback = {};
  if (const Context::TransformFeedbackObject& x = ctx.current_transform_feedback(); x.active && !x.paused) {
    for (std::size_t b = 0; b < glsl::kMaxXfbBuffers; ++b) {
      const Context::IndexedBufferBinding& binding = x.buffers[b];
      if (r.xfb_strides[b] == 0 || !binding.buffer || !binding.buffer->resource) continue;
      call.transform_feedback.buffers[b] = {binding.buffer->resource.get(), std::uint64_t(binding.offset),
                                            std::uint64_t(binding.size)};
    }
    call.transform_feedback.counters = x.counters.get();
  }
  auto active = [&](unsigned slot) {
    const auto& q = ctx.active_queries[slot];
    return q ? q->query.get() : nullptr;
  };
  for (unsigned v = 0; v < st::kMaxVertexStreams; ++v) {
    call.primitives_generated[v] = active(Context::kPrimitivesGenerated + v);
    call.primitives_written[v] = active(Context::kPrimitivesWritten + v);
  }
  call.samples_passed = active(Context::kOcclusion);

  // Vertex arrays (fixed-function programs and immediate mode read the legacy ones).
  const VertexArrayObject& vao = *ctx.current_vertex_array();
  const bool legacy_inputs = program.fixed_function || ctx.legacy.drawing_immediate;
  if (legacy_inputs && !fixed_function_vertex_inputs(ctx, program, call)) return false;  // no vertices
  for (GLuint i = 0; i < kMaxVertexAttribs && !legacy_inputs; ++i) {
    call.attribs[i].current = ctx.current_attribs[i].bits;
    generic_array_input(vao, i, call.attribs[i]);
  }
  // A program reading gl_Vertex takes the position there; otherwise its attribute 0 aliases it.
  const bool reads_gl_vertex = std::any_of(r.attributes.begin(), r.attributes.end(),
                                           [](const glsl::InterfaceVariable& a) { return a.name == "gl_Vertex"; });
  if (!legacy_inputs && !ctx.config().core_profile && !reads_gl_vertex) generic_zero_input(ctx, call.attribs[0]);
  if (!program.fixed_function) builtin_attribute_inputs(ctx, r, call);

  // Per-fragment and rasterization state.
  // LINE_STIPPLE's state lives with the legacy state; the draw path reads it from RenderState.
  const GLuint stipple = capability_enabled(ctx, GL_LINE_STIPPLE)
                             ? GLuint(ctx.legacy.line_stipple_factor) << 16 | ctx.legacy.line_stipple_pattern
                             : 0;
  if (ctx.render.line_stipple != stipple) {
    ctx.render.line_stipple = stipple;
    ++ctx.render.serial;
  }
  call.render = &ctx.render;
  // GLSL 1.30 7.1 (compatibility): a program writing no clip distance clips gl_Position against
  // the enabled user clip planes (the fixed-function vertex stage clips the eye position itself).
  if (!ctx.config().core_profile && !program.fixed_function && (ctx.render.clip_distances & 0xffu)) {
    call.position_clip_planes = ctx.render.clip_distances & 0xffu;
    for (std::size_t i = 0; i < call.clip_planes.size(); ++i)
      for (std::size_t c = 0; c < 4; ++c) call.clip_planes[i][c] = GLfloat(ctx.legacy.clip_planes[i][c]);
  }
  if (program.fixed_function) {
    inputs.render = ctx.render;
    inputs.render.program_point_size = true;
    call.render = &inputs.render;
  }
  for (unsigned i = 0; i < kMaxColorAttachments; ++i) {
    call.masks.color_mask[i] = ctx.color_mask[i];
    call.masks.blend[i] = ctx.blend[i];
  }
  call.masks.depth_mask = ctx.depth_mask;
  call.masks.stencil_writemask = ctx.stencil_writemask;
  call.masks.stencil_back_writemask = ctx.stencil_back_writemask;
  for (unsigned i = 0; i < st::kMaxDrawViewports && i < kMaxViewports; ++i) {
    const Viewport& v = ctx.transform.viewports[i];
    call.viewports[i] = {v.x, v.y, v.width, v.height, v.near_value, v.far_value};
    call.scissor_test[i] = ctx.scissor_test[i];
    call.scissor_box[i] = ctx.scissor_box[i];
  }

  // The draw framebuffer (complete: checked before).
  st::DrawFramebufferInput& out = call.framebuffer;
  draw_framebuffer_targets(ctx, out);
  out.srgb = ctx.framebuffer_srgb;
  if (out.depth.texture && out.stencil.texture && out.depth.texture != out.stencil.texture) {
    ctx.error(GL_INVALID_FRAMEBUFFER_OPERATION, "%s: separate depth and stencil images cannot be drawn into together",
              fn);
    return false;
  }
  return true;
}

}  // namespace glvk::gl
