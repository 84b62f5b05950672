// Compute shaders, shader storage blocks and atomic counters through the real dispatch (GL 4.6
// chapters 19, 7.8, 7.6.3): what dispatches and draws store, read back with glGetBufferSubData and
// compared with the value each invocation must write by the GLSL it runs; the limits of tables
// 23.64-23.67 against the spec's minimums; and the errors the sections name.
#include <algorithm>
#include <numeric>

#include "draw_helpers.h"

namespace glvk::test {
namespace {

GLuint link_compute(const char* source) {
  const GLuint p = glCreateProgram();
  const GLuint cs = compile(GL_COMPUTE_SHADER, source);
  glAttachShader(p, cs);
  glLinkProgram(p);
  glDeleteShader(cs);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  EXPECT_EQ(ok, GL_TRUE) << info_log(p, true);
  return p;
}

GLuint storage_buffer(std::vector<std::uint32_t> words) {
  GLuint b = 0;
  glGenBuffers(1, &b);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
  glBufferData(GL_SHADER_STORAGE_BUFFER, GLsizeiptr(words.size() * 4), words.data(), GL_DYNAMIC_READ);
  return b;
}

std::vector<std::uint32_t> read_words(GLuint buffer, std::size_t count, GLintptr offset = 0) {
  std::vector<std::uint32_t> out(count);
  glBindBuffer(GL_COPY_READ_BUFFER, buffer);
  glGetBufferSubData(GL_COPY_READ_BUFFER, offset, GLsizeiptr(count * 4), out.data());
  return out;
}

// data[i] = 3 i + k for every invocation i of a 1D dispatch of 64-wide groups.
constexpr const char* kLinearCs = R"(#version 430
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Out { uint data[]; };
uniform uint k;
void main() { data[gl_GlobalInvocationID.x] = 3u * gl_GlobalInvocationID.x + k; })";

class ComputeTest : public DrawTest {};

TEST_F(ComputeTest, ADispatchStoresWhatEachInvocationComputes) {
  const GLuint program = link_compute(kLinearCs);
  GLint size[3] = {};
  glGetProgramiv(program, GL_COMPUTE_WORK_GROUP_SIZE, size);
  EXPECT_EQ(size[0], 64);
  EXPECT_EQ(size[1], 1);
  EXPECT_EQ(size[2], 1);
  glUseProgram(program);
  glUniform1ui(glGetUniformLocation(program, "k"), 7);
  const GLuint buffer = storage_buffer(std::vector<std::uint32_t>(320, 0xdeadbeefu));
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffer);
  glDispatchCompute(4, 1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const std::vector<std::uint32_t> words = read_words(buffer, 320);
  for (std::uint32_t i = 0; i < 256; ++i) ASSERT_EQ(words[i], 3 * i + 7) << i;
  for (std::uint32_t i = 256; i < 320; ++i) ASSERT_EQ(words[i], 0xdeadbeefu) << i;  // beyond the 4 groups
}

// An unsized array's length() is the bound range's (GLSL 4.60 4.1.9, GL 4.6 7.8): a whole buffer
// of 11 words behind a 4-word header holds 7 elements, a range of 6 words 2; then again after the
// buffer was re-specified smaller (a buffer's storage may be larger than its GL size).
TEST_F(ComputeTest, UnsizedArrayLengthIsTheBoundRange) {
  const GLuint program = link_compute(R"(#version 430
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { uvec4 header; uint tail[]; };
void main() { header.x = uint(tail.length()); })");
  glUseProgram(program);
  const GLuint buffer = storage_buffer(std::vector<std::uint32_t>(11, 0));
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffer);
  glDispatchCompute(1, 1, 1);
  EXPECT_EQ(read_words(buffer, 1)[0], 7u);
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, buffer, 0, 24);
  glDispatchCompute(1, 1, 1);
  EXPECT_EQ(read_words(buffer, 1)[0], 2u);
  glBufferData(GL_SHADER_STORAGE_BUFFER, 20, nullptr, GL_DYNAMIC_READ);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffer);
  glDispatchCompute(1, 1, 1);
  EXPECT_EQ(read_words(buffer, 1)[0], 1u);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ComputeTest, IndirectDispatchReadsTheGroupCountsFromTheBuffer) {
  const GLuint program = link_compute(kLinearCs);
  glUseProgram(program);
  glUniform1ui(glGetUniformLocation(program, "k"), 1);
  const GLuint buffer = storage_buffer(std::vector<std::uint32_t>(256, 0));
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffer);
  GLuint indirect = 0;
  glGenBuffers(1, &indirect);
  glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, indirect);
  const GLuint commands[] = {99, 99, 2, 1, 1};  // the command at byte 8: 2 x 1 x 1 groups
  glBufferData(GL_DISPATCH_INDIRECT_BUFFER, sizeof commands, commands, GL_STATIC_DRAW);
  glDispatchComputeIndirect(8);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const std::vector<std::uint32_t> words = read_words(buffer, 256);
  for (std::uint32_t i = 0; i < 128; ++i) ASSERT_EQ(words[i], 3 * i + 1) << i;
  for (std::uint32_t i = 128; i < 256; ++i) ASSERT_EQ(words[i], 0u) << i;
}

TEST_F(ComputeTest, TwoDimensionalGroupsSharedMemoryAndBarriers) {
  // Each 8x4 group sums its invocations' local indices through shared memory; every invocation
  // stores its global position and its group's sum (0 + 1 + ... + 31 = 496).
  const GLuint program = link_compute(R"(#version 430
layout(local_size_x = 8, local_size_y = 4) in;
layout(std430, binding = 2) buffer Out { uvec2 cells[]; };
shared uint partial[32];
void main() {
  partial[gl_LocalInvocationIndex] = gl_LocalInvocationIndex;
  barrier();
  uint sum = 0u;
  for (int i = 0; i < 32; ++i) sum += partial[i];
  uint width = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
  uint index = gl_GlobalInvocationID.y * width + gl_GlobalInvocationID.x;
  cells[index] = uvec2(gl_GlobalInvocationID.x + 1000u * gl_GlobalInvocationID.y, sum);
})");
  glUseProgram(program);
  const GLuint buffer = storage_buffer(std::vector<std::uint32_t>(2 * 24 * 8, 0));
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, buffer);
  glDispatchCompute(3, 2, 1);  // 24 x 8 invocations
  const std::vector<std::uint32_t> words = read_words(buffer, 2 * 24 * 8);
  for (std::uint32_t y = 0; y < 8; ++y)
    for (std::uint32_t x = 0; x < 24; ++x) {
      ASSERT_EQ(words[2 * (y * 24 + x)], x + 1000 * y) << x << "," << y;
      ASSERT_EQ(words[2 * (y * 24 + x) + 1], 496u) << x << "," << y;
    }
}

TEST_F(ComputeTest, ComputeReadsUniformBlocksAndTextures) {
  const GLuint program = link_compute(R"(#version 430
layout(local_size_x = 4, local_size_y = 4) in;
layout(std140, binding = 1) uniform Params { uint scale; };
layout(std430, binding = 0) buffer Out { uint texels[]; };
uniform sampler2D tex;
void main() {
  vec4 t = texelFetch(tex, ivec2(gl_GlobalInvocationID.xy), 0);
  texels[gl_GlobalInvocationID.y * 4u + gl_GlobalInvocationID.x] = uint(t.r * 255.0 + 0.5) * scale;
})");
  glUseProgram(program);
  std::vector<std::uint8_t> rgba(4 * 4 * 4);
  for (std::size_t i = 0; i < 16; ++i) rgba[4 * i] = std::uint8_t(10 * i + 3);
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  GLuint params = 0;
  glGenBuffers(1, &params);
  glBindBuffer(GL_UNIFORM_BUFFER, params);
  const GLuint scale[4] = {5, 0, 0, 0};
  glBufferData(GL_UNIFORM_BUFFER, sizeof scale, scale, GL_STATIC_DRAW);
  glBindBufferBase(GL_UNIFORM_BUFFER, 1, params);
  const GLuint buffer = storage_buffer(std::vector<std::uint32_t>(16, 0));
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffer);
  glDispatchCompute(1, 1, 1);
  const std::vector<std::uint32_t> words = read_words(buffer, 16);
  for (std::uint32_t i = 0; i < 16; ++i) ASSERT_EQ(words[i], (10 * i + 3) * 5) << i;
}

TEST_F(ComputeTest, StorageBlockBindingRedirectsABlock) {
  const GLuint program = link_compute(R"(#version 430
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer A { uint a; };
layout(std430, binding = 1) buffer B { uint b; };
void main() { a = 11u; b = 22u; })");
  const GLuint index_a = glGetProgramResourceIndex(program, GL_SHADER_STORAGE_BLOCK, "A");
  const GLuint index_b = glGetProgramResourceIndex(program, GL_SHADER_STORAGE_BLOCK, "B");
  ASSERT_NE(index_a, GL_INVALID_INDEX);
  ASSERT_NE(index_b, GL_INVALID_INDEX);
  glShaderStorageBlockBinding(program, index_a, 5);  // A now writes binding 5, B still binding 1
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const GLenum prop = GL_BUFFER_BINDING;
  GLint binding = -1;
  glGetProgramResourceiv(program, GL_SHADER_STORAGE_BLOCK, index_a, 1, &prop, 1, nullptr, &binding);
  EXPECT_EQ(binding, 5);
  glUseProgram(program);
  const GLuint at0 = storage_buffer({0}), at1 = storage_buffer({0}), at5 = storage_buffer({0});
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, at0);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, at1);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, at5);
  glDispatchCompute(1, 1, 1);
  EXPECT_EQ(read_words(at0, 1)[0], 0u);
  EXPECT_EQ(read_words(at1, 1)[0], 22u);
  EXPECT_EQ(read_words(at5, 1)[0], 11u);
}

TEST_F(ComputeTest, BindBufferRangeOffsetsTheBlock) {
  const GLuint program = link_compute(R"(#version 430
layout(local_size_x = 4) in;
layout(std430, binding = 3) buffer Out { uint data[]; };
void main() { data[gl_LocalInvocationIndex] = 100u + gl_LocalInvocationIndex; })");
  glUseProgram(program);
  GLint alignment = 0;
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
  ASSERT_GE(alignment, 1);
  ASSERT_LE(alignment, 256);  // table 23.64's maximum
  const std::size_t first = std::size_t(alignment) / 4;
  const GLuint buffer = storage_buffer(std::vector<std::uint32_t>(first + 8, 0));
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 3, buffer, alignment, 16);
  GLint64 start = -1, size = -1;
  GLint bound = -1;
  glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_START, 3, &start);
  glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, 3, &size);
  glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, 3, &bound);
  EXPECT_EQ(start, alignment);
  EXPECT_EQ(size, 16);
  EXPECT_EQ(bound, GLint(buffer));
  glDispatchCompute(1, 1, 1);
  const std::vector<std::uint32_t> words = read_words(buffer, first + 8);
  for (std::size_t i = 0; i < first; ++i) EXPECT_EQ(words[i], 0u);
  for (std::uint32_t i = 0; i < 4; ++i) EXPECT_EQ(words[first + i], 100 + i);
  for (std::size_t i = first + 4; i < first + 8; ++i) EXPECT_EQ(words[i], 0u);
}

TEST_F(ComputeTest, FragmentStoresCountEveryFragmentOnce) {
  // Every fragment of a full-target quad adds 1 and stores its own coordinates: 32 x 32 fragments.
  const GLuint program = link(kPositionVs, R"(#version 430
layout(std430, binding = 0) buffer Counts { uint fragments; uint cells[]; };
out vec4 result;
void main() {
  atomicAdd(fragments, 1u);
  ivec2 p = ivec2(gl_FragCoord.xy);
  cells[p.y * 32 + p.x] = uint(p.x + 100 * p.y + 1);
  result = vec4(0.0, 1.0, 0.0, 1.0);
})");
  glUseProgram(program);
  positions({-1, -1, 1, -1, -1, 1, 1, 1});
  const GLuint buffer = storage_buffer(std::vector<std::uint32_t>(1 + kSize * kSize, 0));
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffer);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);  // after the barrier: a second pass of the same stores
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const std::vector<std::uint32_t> words = read_words(buffer, 1 + kSize * kSize);
  EXPECT_EQ(words[0], 2u * kSize * kSize);
  for (int y = 0; y < kSize; ++y)
    for (int x = 0; x < kSize; ++x) ASSERT_EQ(words[1 + std::size_t(y * kSize + x)], std::uint32_t(x + 100 * y + 1));
  EXPECT_EQ(pixel(5, 7), (std::array<std::uint8_t, 4>{0, 255, 0, 255}));
}

TEST_F(ComputeTest, AtomicCountersCountEveryInvocationOnce) {
  // 256 increments of the counter at byte 4 of binding 1: each invocation gets a distinct value
  // from the initial 1000 on, and the buffer ends at 1256; the word at byte 0 is left alone.
  const GLuint program = link_compute(R"(#version 430
layout(local_size_x = 64) in;
layout(binding = 1, offset = 4) uniform atomic_uint counter;
layout(std430, binding = 0) buffer Out { uint got[]; };
void main() { got[gl_GlobalInvocationID.x] = atomicCounterIncrement(counter); })");
  glUseProgram(program);
  GLuint counters = 0;
  glGenBuffers(1, &counters);
  glBindBuffer(GL_ATOMIC_COUNTER_BUFFER, counters);
  const GLuint initial[2] = {77, 1000};
  glBufferData(GL_ATOMIC_COUNTER_BUFFER, sizeof initial, initial, GL_DYNAMIC_READ);
  glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 1, counters);
  const GLuint buffer = storage_buffer(std::vector<std::uint32_t>(256, 0));
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffer);
  glDispatchCompute(4, 1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const std::vector<std::uint32_t> state = read_words(counters, 2);
  EXPECT_EQ(state[0], 77u);
  EXPECT_EQ(state[1], 1256u);
  std::vector<std::uint32_t> got = read_words(buffer, 256);
  std::sort(got.begin(), got.end());
  std::vector<std::uint32_t> expected(256);
  std::iota(expected.begin(), expected.end(), 1000u);
  EXPECT_EQ(got, expected);
  // Atomic counter blocks are no shader storage blocks of GL's interface.
  GLint blocks = -1;
  glGetProgramInterfaceiv(program, GL_SHADER_STORAGE_BLOCK, GL_ACTIVE_RESOURCES, &blocks);
  EXPECT_EQ(blocks, 1);
}

// GL_ARB_shader_atomic_counter_ops from a GLSL 4.20 shader: each function returns the counter's
// value before it and leaves the result of its operation (the extension's section 8.10 table).
TEST_F(ComputeTest, AtomicCounterOperationsOfTheArbExtension) {
  const GLuint program = link_compute(R"(#version 420
#extension GL_ARB_compute_shader : require
#extension GL_ARB_shader_storage_buffer_object : require
#extension GL_ARB_shader_atomic_counter_ops : require
layout(local_size_x = 1) in;
layout(binding = 0) uniform atomic_uint c[9];
layout(std430, binding = 0) buffer Out { uint got[9]; };
void main() {
  got[0] = atomicCounterAddARB(c[0], 5u);
  got[1] = atomicCounterSubtractARB(c[1], 3u);
  got[2] = atomicCounterMinARB(c[2], 4u);
  got[3] = atomicCounterMaxARB(c[3], 40u);
  got[4] = atomicCounterAndARB(c[4], 0x3Cu);
  got[5] = atomicCounterOrARB(c[5], 0x0Fu);
  got[6] = atomicCounterXorARB(c[6], 0xFFu);
  got[7] = atomicCounterExchangeARB(c[7], 99u);
  got[8] = atomicCounterCompSwapARB(c[8], 10u, 55u);
})");
  glUseProgram(program);
  GLuint counters = 0;
  glGenBuffers(1, &counters);
  glBindBuffer(GL_ATOMIC_COUNTER_BUFFER, counters);
  const GLuint initial[9] = {10, 10, 10, 10, 0xF0, 0xF0, 0xF0, 10, 10};
  glBufferData(GL_ATOMIC_COUNTER_BUFFER, sizeof initial, initial, GL_DYNAMIC_READ);
  glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, counters);
  const GLuint buffer = storage_buffer(std::vector<std::uint32_t>(9, 0));
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffer);
  glDispatchCompute(1, 1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(read_words(buffer, 9), std::vector<std::uint32_t>(std::begin(initial), std::end(initial)));
  EXPECT_EQ(read_words(counters, 9), (std::vector<std::uint32_t>{15, 7, 4, 40, 0x30, 0xFF, 0x0F, 99, 55}));
  glDeleteBuffers(1, &counters);
}

TEST_F(ComputeTest, AtomicCountersAreActiveUniformsOfTheirBuffer) {
  // 7.3.1: two counters of binding 2 (at bytes 4 and 12) make one active atomic counter buffer.
  const GLuint program = link_compute(R"(#version 430
layout(local_size_x = 1) in;
layout(binding = 2, offset = 4) uniform atomic_uint first;
layout(binding = 2, offset = 12) uniform atomic_uint second;
void main() { atomicCounterIncrement(first); atomicCounterDecrement(second); })");
  GLint buffers = -1;
  glGetProgramiv(program, GL_ACTIVE_ATOMIC_COUNTER_BUFFERS, &buffers);
  ASSERT_EQ(buffers, 1);
  GLint binding = -1, size = -1, counters = -1, compute = -1, fragment = -1;
  glGetActiveAtomicCounterBufferiv(program, 0, GL_ATOMIC_COUNTER_BUFFER_BINDING, &binding);
  glGetActiveAtomicCounterBufferiv(program, 0, GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE, &size);
  glGetActiveAtomicCounterBufferiv(program, 0, GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTERS, &counters);
  glGetActiveAtomicCounterBufferiv(program, 0, GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_COMPUTE_SHADER, &compute);
  glGetActiveAtomicCounterBufferiv(program, 0, GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_FRAGMENT_SHADER, &fragment);
  EXPECT_EQ(binding, 2);
  EXPECT_GE(size, 16);  // the last counter ends at byte 16
  EXPECT_EQ(counters, 2);
  EXPECT_EQ(compute, 1);
  EXPECT_EQ(fragment, 0);
  GLint indices[2] = {-1, -1};
  glGetActiveAtomicCounterBufferiv(program, 0, GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTER_INDICES, indices);
  for (GLint index : indices) {
    ASSERT_GE(index, 0);
    char name[32] = {};
    GLint array_size = 0;
    GLenum type = 0;
    glGetActiveUniform(program, GLuint(index), sizeof name, nullptr, &array_size, &type, name);
    EXPECT_EQ(type, GLenum(GL_UNSIGNED_INT_ATOMIC_COUNTER));
    const GLuint u = GLuint(index);
    GLint offset = -1, block = 0, buffer = -1;
    glGetActiveUniformsiv(program, 1, &u, GL_UNIFORM_OFFSET, &offset);
    glGetActiveUniformsiv(program, 1, &u, GL_UNIFORM_BLOCK_INDEX, &block);
    glGetActiveUniformsiv(program, 1, &u, GL_UNIFORM_ATOMIC_COUNTER_BUFFER_INDEX, &buffer);
    EXPECT_EQ(offset, std::string(name) == "first" ? 4 : 12) << name;
    EXPECT_EQ(block, -1);
    EXPECT_EQ(buffer, 0);
    EXPECT_EQ(glGetUniformLocation(program, name), -1);  // atomic counters have no location
  }
  GLint resources = -1;
  glGetProgramInterfaceiv(program, GL_ATOMIC_COUNTER_BUFFER, GL_ACTIVE_RESOURCES, &resources);
  EXPECT_EQ(resources, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetActiveAtomicCounterBufferiv(program, 1, GL_ATOMIC_COUNTER_BUFFER_BINDING, &binding);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetActiveAtomicCounterBufferiv(program, 0, GL_UNIFORM_BLOCK_BINDING, &binding);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

TEST_F(ComputeTest, LimitsMeetTheSpecsMinimums) {
  const GLint group_size_minimum[3] = {1024, 1024, 64};
  for (GLuint i = 0; i < 3; ++i) {
    GLint count = 0, size = 0;
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, i, &count);
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, i, &size);
    EXPECT_GE(count, 65535) << i;
    EXPECT_GE(size, group_size_minimum[i]) << i;
  }
  const std::pair<GLenum, GLint> minimums[] = {
      {GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, 1024}, {GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, 32768},
      {GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, 8},    {GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS, 8},
      {GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS, 8},    {GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS, 8},
      {GL_MAX_SHADER_STORAGE_BLOCK_SIZE, 1 << 27},   {GL_MAX_COMBINED_SHADER_OUTPUT_RESOURCES, 8},
      {GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS, 1},    {GL_MAX_COMPUTE_ATOMIC_COUNTERS, 8},
      {GL_MAX_FRAGMENT_ATOMIC_COUNTERS, 8},          {GL_MAX_COMBINED_ATOMIC_COUNTERS, 8},
      {GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE, 32},       {GL_MAX_COMPUTE_UNIFORM_BLOCKS, 14},
      {GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS, 16},
  };
  for (const auto& [pname, minimum] : minimums) {
    GLint value = -1;
    glGetIntegerv(pname, &value);
    EXPECT_GE(value, minimum) << std::hex << pname;
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint value = 0;
  glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 3, &value);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, 16, &value);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

TEST_F(ComputeTest, ErrorsTheChapterNames) {
  // No program: INVALID_OPERATION (19); a program without a compute shader likewise.
  glUseProgram(0);
  glDispatchCompute(1, 1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  const GLuint draw_program = color_program();
  glDispatchCompute(1, 1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLint size[3] = {};
  glGetProgramiv(draw_program, GL_COMPUTE_WORK_GROUP_SIZE, size);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  const GLuint program = link_compute(kLinearCs);
  glUseProgram(program);
  GLint max_x = 0;
  glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0, &max_x);
  glDispatchCompute(GLuint(max_x) + 1, 1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  // Indirect: alignment, no buffer, a command past the end.
  glDispatchComputeIndirect(2);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDispatchComputeIndirect(-4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
  glDispatchComputeIndirect(0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLuint indirect = 0;
  glGenBuffers(1, &indirect);
  glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, indirect);
  glBufferData(GL_DISPATCH_INDIRECT_BUFFER, 16, nullptr, GL_STATIC_DRAW);
  glDispatchComputeIndirect(8);  // needs bytes 8..19 of 16
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  // Binding points: index, alignment; storage block binding: index and binding.
  const GLuint buffer = storage_buffer(std::vector<std::uint32_t>(64, 0));
  GLint bindings = 0;
  glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &bindings);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, GLuint(bindings), buffer);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  GLint alignment = 0;
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
  if (alignment > 1) {
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, buffer, alignment / 2, 16);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  }
  glBindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 0, buffer, 2, 16);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glShaderStorageBlockBinding(program, 1, 0);  // the program has one storage block
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glShaderStorageBlockBinding(program, 0, GLuint(bindings));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glShaderStorageBlockBinding(12345, 0, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));

  // A compute shader links alone (7.3).
  const GLuint mixed = glCreateProgram();
  const GLuint cs = compile(GL_COMPUTE_SHADER, kLinearCs), vs = compile(GL_VERTEX_SHADER, kPositionVs);
  glAttachShader(mixed, cs);
  glAttachShader(mixed, vs);
  glLinkProgram(mixed);
  GLint linked = 1;
  glGetProgramiv(mixed, GL_LINK_STATUS, &linked);
  EXPECT_EQ(linked, GL_FALSE);
  glDeleteShader(cs);
  glDeleteShader(vs);
  glDeleteProgram(mixed);
}

}  // namespace
}  // namespace glvk::test
