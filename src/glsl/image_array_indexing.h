// Image arrays indexed by non-constant expressions (GL_ARB_shader_image_load_store: images in
// arrays are indexed with dynamically uniform expressions, in every GLSL version the extension
// adds them to), which glslang takes below GLSL 4.00 for the sampler arrays it forbids there.
#pragma once

namespace glslang {
class TIntermediate;
}  // namespace glslang

namespace glvk::glsl::detail {

// Whether the parsed stage indexes an array of samplers (not images) with a non-constant
// expression: a shader below 4.00 parsed as 4.00 for its image arrays must not gain that.
bool indexes_sampler_array_dynamically(const glslang::TIntermediate& stage);

}  // namespace glvk::glsl::detail
