// The GLSL compiler of glvk: OpenGL GLSL in, SPIR-V for Vulkan and the GL program's reflection out,
// through libglslang with its relaxed Vulkan rules for OpenGL GLSL and SPIRV-Tools. A pure library:
// no Vulkan, no GL context; GL types are reported with their GL enum values (GL_FLOAT_VEC4, ...)
// because that is what the GL queries hand out.
//
// Resource interface (what src/st builds descriptor set layouts and pipeline layouts from):
// - one descriptor set, set 0;
// - binding 0: the default uniform block (loose uniforms of every stage, one std140-like block
//   with the same offsets in every stage), present when default_block_size > 0;
// - every other resource (uniform block, shader storage block, sampler, image, atomic counter
//   buffer) has its own binding, listed in Program::resources with its descriptor count;
// - vertex inputs have the locations in Program::attributes, fragment outputs those in
//   Program::outputs.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace glvk::glsl {

enum class Stage : std::uint8_t { Vertex, TessControl, TessEvaluation, Geometry, Fragment, Compute };
inline constexpr std::size_t kStageCount = 6;
using StageMask = std::uint32_t;  // bit (1 << Stage)

// The implementation-dependent values GLSL's built-in constants report (GLSL 4.60 7.3: each equals
// the GL query of its name): the context fills them from its own queries. 0 keeps glslang's
// default (GL's minimum of an older version). The vector counts are the components / 4.
struct BuiltInLimits {
  int max_vertex_attribs = 0;                // gl_MaxVertexAttribs
  int max_vertex_uniform_components = 0;     // gl_MaxVertexUniformComponents, gl_MaxVertexUniformVectors
  int max_fragment_uniform_components = 0;   // gl_MaxFragmentUniformComponents, gl_MaxFragmentUniformVectors
  int max_varying_components = 0;            // gl_MaxVaryingComponents/Floats, gl_MaxVaryingVectors
  int max_vertex_output_components = 0;      // gl_MaxVertexOutputComponents, gl_MaxVertexOutputVectors (ES)
  int max_fragment_input_components = 0;     // gl_MaxFragmentInputComponents, gl_MaxFragmentInputVectors (ES)
  int max_vertex_texture_image_units = 0;    // gl_MaxVertexTextureImageUnits
  int max_texture_image_units = 0;           // gl_MaxTextureImageUnits
  int max_combined_texture_image_units = 0;  // gl_MaxCombinedTextureImageUnits
  int max_clip_planes = 0;                   // gl_MaxClipPlanes (compatibility)
  int max_clip_distances = 0;                // gl_MaxClipDistances
  int max_cull_distances = 0;                // gl_MaxCullDistances
  int max_combined_clip_and_cull_distances = 0;  // gl_MaxCombinedClipAndCullDistances
  std::array<int, 3> max_compute_work_group_size{};  // gl_MaxComputeWorkGroupSize
  int max_compute_work_group_invocations = 0;        // MAX_COMPUTE_WORK_GROUP_INVOCATIONS (no built-in)
  // MAX_VERTEX_SHADER_STORAGE_BLOCKS (also each of the geometry and tessellation stages'),
  // MAX_FRAGMENT_, MAX_COMPUTE_ and MAX_COMBINED_SHADER_STORAGE_BLOCKS: checked at link.
  int max_vertex_shader_storage_blocks = 0;
  int max_fragment_shader_storage_blocks = 0;
  int max_compute_shader_storage_blocks = 0;
  int max_combined_shader_storage_blocks = 0;
};

struct CompileOptions {
  // A compatibility-profile context: GLSL 1.40 shaders get the compatibility built-ins too
  // (GL_ARB_compatibility); below 1.40 and with "#version NNN compatibility" they always have them.
  bool compatibility = false;
  // The GLSL version a shader without #version has (110 on desktop GL, 100 (GLSL ES) in ES).
  int default_version = 110;
  // An OpenGL ES context: it takes GLSL ES shaders only (glsl_es.h); a desktop one ES 1.00 only.
  bool es = false;
  BuiltInLimits limits;
  // Fragment shaders read gl_PointCoord with POINT_SPRITE_COORD_ORIGIN from a state uniform
  // (source.cpp); glvk's generated fixed-function fragment shaders, which place the origin from
  // their key, turn it off and read Vulkan's.
  bool point_coord_from_state = true;
};

// glCompileShader: parsing and semantic checks of one shader (the strings of glShaderSource
// concatenated), for COMPILE_STATUS and the info log (with the source's line numbers).
struct CompileResult {
  bool ok = false;
  std::string log;
  int version = 0;  // the #version the shader declares (or the default)
};
CompileResult compile(Stage stage, std::string_view source, const CompileOptions& options = {});

struct ShaderSource {
  Stage stage;
  std::string text;
};

struct LinkOptions {
  CompileOptions compile;
  std::map<std::string, std::uint32_t> attribute_locations;  // glBindAttribLocation
  std::map<std::string, std::uint32_t> frag_data_locations;  // glBindFragDataLocation(Indexed)
  std::map<std::string, std::uint32_t> frag_data_indices;    // glBindFragDataLocationIndexed's index
  // GL's clip-space depth is [-w, w], Vulkan's [0, w]: when the device cannot take GL's range in
  // the pipeline (VK_EXT_depth_clip_control), the last vertex-processing stage remaps z.
  bool lower_depth_range = false;
  // glTransformFeedbackVaryings (GL 4.6 11.1.2.1): the varyings of the last vertex-processing
  // stage captured, in order, into one buffer (interleaved) or one buffer each (separate).
  std::vector<std::string> xfb_varyings;
  bool xfb_separate = false;
  // The vertex streams the device captures (1 without geometry streams): a varying of a later
  // stream fails the link.
  std::uint32_t vertex_streams = 4;
  // PROGRAM_SEPARABLE (GL 4.6 7.4): the program's stages may join other programs' in a pipeline.
  bool separable = false;
  // The device's input and output component limits of each stage as Vulkan counts them (built-ins
  // and per-patch variables included; 0: not checked): a program over one fails to link.
  std::array<std::uint32_t, kStageCount> device_input_components{};
  std::array<std::uint32_t, kStageCount> device_output_components{};
  // The device's per-patch output components of the tessellation control stage: its per-patch
  // outputs' locations must end within a quarter of them (0: not checked).
  std::uint32_t device_patch_output_components = 0;
};

// Transform feedback limits glvk reports (GL 4.6 table 23.67 minimums).
// GL_MAX_VERTEX_ATTRIBS glvk reports. The vertex shader's double inputs read their columns' doubles
// 2-3 at Vulkan locations kMaxVertexAttribs + their GL location (spirv_double_inputs.cpp).
inline constexpr std::uint32_t kMaxVertexAttribs = 16;
inline constexpr std::uint32_t kMaxXfbBuffers = 4;
inline constexpr std::uint32_t kMaxXfbInterleavedComponents = 64;
inline constexpr std::uint32_t kMaxXfbSeparateAttribs = 4;
inline constexpr std::uint32_t kMaxXfbSeparateComponents = 4;
// MAX_VERTEX_STREAMS (GL 4.0's minimum; a device may have fewer: LinkOptions::vertex_streams).
inline constexpr std::uint32_t kMaxVertexStreams = 4;

// One entry of the program's capture list, as glGetTransformFeedbackVarying reports it; the
// gl_SkipComponentsN / gl_NextBuffer markers have gl_type 0 (GL_NONE) and size N / 0.
struct XfbVarying {
  std::string name;
  std::uint32_t gl_type = 0;
  std::uint32_t size = 1;        // array elements (components for gl_SkipComponentsN)
  std::uint32_t buffer = 0;      // capture buffer index
  std::uint32_t offset = 0;      // bytes within one captured vertex of that buffer
  std::uint32_t stream = 0;      // the vertex stream captured (a geometry shader's layout(stream))
};

// An active vertex input or fragment output.
struct InterfaceVariable {
  std::string name;        // as glGetActiveAttrib reports it ("v[0]" style for arrays; gl_Vertex,
                           // gl_Color, ... for the compatibility built-ins, at locations of their own)
  std::uint32_t gl_type;   // GL_FLOAT_VEC4, GL_INT, ...
  std::uint32_t array_size = 1;
  std::int32_t location = -1;  // first location
  std::uint32_t index = 0;     // fragment outputs: dual-source index
};

// An active uniform (GL 4.6 7.3.1), in the default block or in a uniform block.
struct Uniform {
  std::string name;               // "m", "a[0]", "s.f" as glGetActiveUniform reports it
  std::uint32_t gl_type;          // GL_FLOAT_MAT4, GL_SAMPLER_2D, ...
  std::uint32_t array_size = 1;
  std::int32_t block_index = -1;  // index into Program::blocks; -1: default uniform block or opaque
  std::uint32_t offset = 0;       // bytes in its block (~0u, i.e. -1, for samplers/images)
  std::uint32_t array_stride = 0;
  std::uint32_t matrix_stride = 0;
  bool row_major = false;
  std::int32_t location = -1;     // glGetUniformLocation of the first element (default block only)
  std::int32_t binding = -1;      // samplers/images: the descriptor binding of element 0
  // Samplers/images: the descriptor array element of element 0 in that binding (0, but the members of a
  // uniform struct array share one binding: "s[1].tex" follows "s[0].tex", opaque_struct_members.h).
  std::uint32_t binding_element = 0;
  // Samplers/images: the texture or image unit of element 0 before any glUniform (its
  // layout(binding = N), GL 4.6 7.6.2 / GLSL 4.20 4.4.6; element e starts at N + e), else 0
  // (every element: a uniform without binding starts at zero, GL 4.6 7.6).
  std::uint32_t initial_unit = 0;
  bool unit_from_binding = false;
  StageMask stages = 0;
};

struct UniformBlock {
  std::string name;
  std::uint32_t size = 0;          // GL_UNIFORM_BLOCK_DATA_SIZE
  std::uint32_t binding = 0;       // the descriptor binding
  std::uint32_t initial_gl_binding = 0;  // layout(binding = N), else 0
  std::vector<std::uint32_t> uniforms;   // indices into Program::uniforms
  StageMask stages = 0;
  bool storage = false;            // shader storage block
};

// Atomic counters (GL 4.6 7.6.3): glslang's relaxed rules gather a stage's atomic_uint uniforms of
// binding N into the storage block "gl_AtomicCounterBlock_N", one uint member at each counter's
// offset. Such a block reads the buffer bound to ATOMIC_COUNTER_BUFFER binding N (its
// initial_gl_binding); it is no shader storage block of GL's interfaces.
inline constexpr std::string_view kAtomicCounterBlockPrefix = "gl_AtomicCounterBlock_";
inline bool is_atomic_counter_block(const UniformBlock& block) {
  return block.storage && std::string_view(block.name).starts_with(kAtomicCounterBlockPrefix);
}
// Atomic counter limits glvk reports: MAX_ATOMIC_COUNTER_BUFFER_BINDINGS (gl_MaxAtomicCounterBindings,
// also each stage's and the combined MAX_*_ATOMIC_COUNTER_BUFFERS) and each stage's and the
// combined MAX_*_ATOMIC_COUNTERS.
inline constexpr std::uint32_t kMaxAtomicCounterBindings = 8;
inline constexpr std::uint32_t kMaxAtomicCounters = 1024;

// TexelBuffer: samplerBuffer (uniform texel buffer); StorageTexelBuffer: imageBuffer.
enum class ResourceKind : std::uint8_t { UniformBuffer, StorageBuffer, CombinedSampler, TexelBuffer, StorageImage,
                                         StorageTexelBuffer };
// GL's sampler uniforms: each element reads a texture unit (samplerBuffer too, GL 4.6 8.9).
constexpr bool is_sampler(ResourceKind kind) {
  return kind == ResourceKind::CombinedSampler || kind == ResourceKind::TexelBuffer;
}

// One descriptor binding of set 0.
struct Resource {
  ResourceKind kind;
  std::uint32_t binding;
  std::uint32_t count = 1;  // array elements
  StageMask stages = 0;
  std::int32_t uniform = -1;  // samplers/images: index into Program::uniforms
  std::int32_t block = -1;    // buffers: index into Program::blocks (-1 with binding 0: default block)
  // The array elements the code reads (bit e; elements past 63 always count): GL's "active
  // samplers" of 11.1.3.11's unit conflict rule are the elements a stage uses.
  std::uint64_t used_elements = ~0ull;
};

// Shader subroutines (GL 4.6 7.10, ARB_shader_subroutine), per stage. glslang has no SPIR-V for
// them: src/glsl reads the declarations from the text, lowers each subroutine uniform to a uint
// selector in the default block (element e at selector_offset + e * selector_stride) and each
// call through it to a switch over the compatible subroutines' indices.
struct SubroutineUniform {
  std::string name;                        // without "[0]" (ACTIVE_SUBROUTINE_UNIFORM names)
  std::uint32_t array_size = 1;            // UNIFORM_SIZE: 1 unless declared as an array
  std::uint32_t location = 0;              // of element 0; element e at location + e
  std::vector<std::uint32_t> compatible;   // COMPATIBLE_SUBROUTINES, by subroutine index
  std::uint32_t selector_offset = ~0u;     // ~0u: glslang found the selector unused
  std::uint32_t selector_stride = 16;
};
struct StageSubroutines {
  std::vector<std::string> subroutines;         // ACTIVE_SUBROUTINES, by index
  std::vector<SubroutineUniform> uniforms;      // ACTIVE_SUBROUTINE_UNIFORMS, by index
  std::uint32_t locations = 0;                  // ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS
};
// Limits glvk reports (GL 4.6 table 23.69 minimums).
inline constexpr std::uint32_t kMaxSubroutines = 256;
inline constexpr std::uint32_t kMaxSubroutineUniformLocations = 1024;

struct Program {
  bool ok = false;
  std::string log;                                  // glGetProgramInfoLog
  std::array<std::vector<std::uint32_t>, kStageCount> spirv;  // empty for absent stages
  StageMask stages = 0;
  std::vector<InterfaceVariable> attributes;        // active vertex inputs
  std::vector<InterfaceVariable> outputs;           // active fragment outputs
  std::uint32_t builtin_color_locations = 0;        // locations gl_FragColor / gl_FragData[] write (bit mask)
  std::vector<Uniform> uniforms;
  // Compatibility built-in uniforms the program reads (gl_ModelViewMatrix, gl_LightSource[0].ambient,
  // ... by their GL names): members of the default block that GL fills from its state; not active
  // uniforms and without GL locations.
  std::vector<Uniform> state_uniforms;
  std::vector<UniformBlock> blocks;
  std::vector<Resource> resources;                  // every descriptor binding of set 0
  std::uint32_t default_block_size = 0;             // bytes of binding 0
  // The default block's bytes at link (GL 4.6 7.6: zero, except uniforms with an initializer,
  // GLSL 1.20 4.3.5); empty when no uniform has one.
  std::vector<std::byte> initial_default_block;
  // The fragment stage's compatibility colour inputs whose interpolation follows glShadeModel (GL
  // 4.6 compatibility: GL_FLAT shades the colour varyings too; a redeclaration with an interpolation
  // qualifier opts out): bit 0 gl_Color, bit 1 gl_SecondaryColor.
  std::uint32_t shade_model_colors = 0;
  // The last stage before rasterization (geometry, else tessellation evaluation, else vertex):
  // whether it writes gl_PointSize, and whether it emits points whatever the draw's primitive.
  bool writes_point_size = false;
  bool emits_points = false;
  // The elements of gl_ClipDistance that stage declares and writes (GL clips only against the
  // enabled ones).
  std::uint32_t clip_distances = 0;
  // The geometry stage's layout (GL 4.6 11.3.4.6 / 7.13 queries): GL primitive enums for its input
  // (GL_POINTS, GL_LINES, GL_LINES_ADJACENCY, GL_TRIANGLES, GL_TRIANGLES_ADJACENCY) and output
  // (GL_POINTS, GL_LINE_STRIP, GL_TRIANGLE_STRIP), max_vertices and invocations; 0 without one.
  std::uint32_t geometry_input = 0, geometry_output = 0, geometry_vertices_out = 0, geometry_invocations = 0;
  // The tessellation layout (7.13 queries): the control stage's output vertices; the evaluation
  // stage's primitive mode (GL_TRIANGLES, GL_QUADS, GL_ISOLINES), spacing (GL_EQUAL,
  // GL_FRACTIONAL_EVEN, GL_FRACTIONAL_ODD), vertex order (GL_CW, GL_CCW) and point mode (0/1).
  std::uint32_t tess_output_vertices = 0, tess_mode = 0, tess_spacing = 0, tess_vertex_order = 0, tess_point_mode = 0;
  // The compute stage's work group size (GL_COMPUTE_WORK_GROUP_SIZE); zeros without one.
  std::array<std::uint32_t, 3> local_size{};
  // Transform feedback: the capture list and each buffer's bytes per vertex (0: buffer unused).
  std::vector<XfbVarying> xfb_varyings;
  std::array<std::uint32_t, kMaxXfbBuffers> xfb_strides{};
  // Per stage, the user-defined inputs and outputs declared with layout(location) (by the name
  // GL matches them by): at an interface between separable programs those match by location,
  // the others by name (combine_pipeline).
  std::array<std::set<std::string>, kStageCount> explicit_inputs, explicit_outputs;
  std::array<StageSubroutines, kStageCount> subroutines;
};

// Atomic counters are the uniforms whose block is an atomic counter block. GL numbers the atomic
// counter buffers of a program (ATOMIC_COUNTER_BUFFER_INDEX, glGetActiveAtomicCounterBufferiv) in
// the order of those blocks: atomic_counter_buffers lists their indices into Program::blocks.
std::vector<std::uint32_t> atomic_counter_buffers(const Program& program);
// A uniform's ATOMIC_COUNTER_BUFFER_INDEX (-1: not an atomic counter) and its UNIFORM_BLOCK_INDEX
// (-1 for the default block and atomic counters).
std::int32_t atomic_counter_buffer_index(const Program& program, const Uniform& uniform);
std::int32_t uniform_block_index(const Program& program, const Uniform& uniform);

// Separate shader objects (GL 4.6 7.4): the program a program pipeline draws with, made of the
// stages of separately linked programs. `programs` are the distinct programs, `stage_program[s]`
// the index of the one active for stage s (-1: none). Each program keeps its own uniforms: its
// default block becomes the part at default_block_bases[i] of the combined default block, its
// other resources bindings of their own, listed in the order of `programs` (resources, blocks
// and uniforms concatenated). At each interface between two programs the consumer's inputs take
// the locations of the producer's outputs of the same name (inputs with a layout(location) keep
// theirs); an input nothing writes reads an undefined value (7.4.1) and leaves the interface.
struct PipelineProgram {
  Program program;
  std::vector<std::uint32_t> default_block_bases;  // per entry of `programs`
};
PipelineProgram combine_pipeline(std::span<const Program* const> programs,
                                 const std::array<int, kStageCount>& stage_program);

// Program binaries (GL 4.6 7.5): glvk's one format holds the SPIR-V of every stage and the
// reflection, under a header with the format version, the build that made it and a checksum.
// load_program refuses (ok false, the reason in log) a binary of another build, a truncated or
// corrupted one, or one whose contents do not hold together; it never reads past the span.
std::vector<std::byte> save_program(const Program& program);
Program load_program(std::span<const std::byte> binary);

// glLinkProgram: compiles every stage again (the sources are kept by the caller), links, and
// produces validated, optimized SPIR-V per stage and the reflection above.
Program link(std::span<const ShaderSource> shaders, const LinkOptions& options = {});

// The gl_* identifiers a shader's text names (comments included): the compatibility built-ins its
// lowering declares (a fragment shader naming gl_Color has the front and back colour inputs, ...).
std::set<std::string> builtin_names(std::string_view text);

// GL's alpha test (GL 4.6 compatibility 17.3.4): the comparisons in the order of GL_NEVER ..
// GL_ALWAYS (func - GL_NEVER), and the reference value, already clamped to [0, 1].
enum class AlphaFunc : std::uint8_t { Never, Less, Equal, LessEqual, Greater, NotEqual, GreaterEqual, Always };
struct AlphaTest {
  AlphaFunc func = AlphaFunc::Always;
  float ref = 0.0f;
};

// The program's fragment SPIR-V with the outputs at the locations of the bit mask kept inside the
// stage: what a draw uses when GL leaves those colour buffers alone or undefined (draw buffer NONE,
// an output of another number kind than its buffer), which Vulkan's interface rules do not allow.
// With `flat_colors`, the compatibility colour inputs that follow glShadeModel (shade_model_colors)
// are flat as well (GL_FLAT with a fragment shader reading gl_Color or gl_SecondaryColor). The
// integer outputs at the locations of `flipped` are written as the other signedness (their
// buffers': int into uint and the reverse), bit for bit, as GL drivers store them. `alpha_test`
// discards the fragments whose colour for draw buffer zero fails it (spirv_alpha_test.cpp).
std::vector<std::uint32_t> fragment_without_outputs(const Program& program, std::uint32_t locations,
                                                    bool flat_colors = false, std::uint32_t flipped = 0,
                                                    const AlphaTest& alpha_test = {});

// The SPIR-V of `stage` (the program's last stage before rasterization) as a draw's GL state
// needs it, for what Vulkan has no state for:
// - `point_size`: written as the point size of every vertex: GL's point size when gl_PointSize is
//   not the program's (GL 4.6 14.4: only with PROGRAM_POINT_SIZE enabled and the shader writing it);
// - `disabled_clip_distances`: the written gl_ClipDistance elements whose CLIP_DISTANCEi is
//   disabled (bit i), made max(d, 0) so that they clip nothing (GL 4.6 13.7.2).
// - `position_clip_planes`: for a stage that declares no clip distance (neither gl_ClipVertex nor
//   gl_ClipDistance written), the user clip planes (bit i: CLIP_PLANEi) gl_Position is clipped
//   against (GLSL 1.30 7.1, compatibility); the draw pushes the planes, kClipPlanePushConstants.
struct LastStageLowering {
  std::optional<float> point_size;
  std::uint32_t disabled_clip_distances = 0;
  std::uint32_t position_clip_planes = 0;
  bool operator==(const LastStageLowering&) const = default;
};
std::vector<std::uint32_t> last_stage_variant(const Program& program, Stage stage, const LastStageLowering& lowering);

// GL's user clip planes (gl_MaxClipPlanes; the compatibility lowerings declare as many clip
// distances), and their place in the push constants of every program's pipeline layout:
// vec4[kMaxClipPlanes] (eye coordinates) at offset 0, read by the position-clipping variant above.
inline constexpr std::uint32_t kMaxClipPlanes = 8;
inline constexpr std::uint32_t kClipPlanePushConstants = kMaxClipPlanes * 16;

// GL_MAX_UNIFORM_LOCATIONS (GL 4.6 table 23.67, at least 1024), the user-assignable locations:
// explicit uniform locations run below it (uniform_locations.cpp; glslang keeps a layout location
// in 12 bits and refuses 4095); automatic ones may lie past it.
inline constexpr std::uint32_t kMaxUniformLocations = 4095;

// The tessellation control stage of a program with a tessellation evaluation shader and none of
// its own (GL 4.6 11.2.2: the primitive generator then takes the patch as drawn and the default
// levels): `vertices` output vertices copying the input vertices' gl_Position, gl_PointSize and
// every per-vertex input of the evaluation stage, the levels written as constants. Empty `spirv`
// with the reason in `log` when the interface has what it cannot pass (structs, clip distances).
struct PassThroughTessControl {
  std::vector<std::uint32_t> spirv;
  std::string log;
};
PassThroughTessControl pass_through_tess_control(const Program& program, std::uint32_t vertices,
                                                 const std::array<float, 4>& outer, const std::array<float, 2>& inner);

}  // namespace glvk::glsl
