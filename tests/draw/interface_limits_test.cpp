// Programs whose stages pass exactly as many components as GL's limits say draw correctly, with
// the validation layer watching Vulkan's limits (which count built-ins too); and varyings declared
// in a different order in each stage still meet by name. Every varying carries a value the
// reading stage checks, so a wrong location or a dropped component turns the pixel red. Uniform
// blocks past a stage's limit fail to link.
#include <string>
#include <vector>

#include "draw_helpers.h"

namespace glvk::test {
namespace {

class InterfaceLimitsTest : public DrawTest {
 protected:
  // A triangle over the whole target, drawn with `program`; true when every pixel probed is green.
  bool draws_green(GLuint program) {
    glUseProgram(program);
    positions({-1, -1, 3, -1, -1, 3});
    glDrawArrays(GL_TRIANGLES, 0, 3);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    for (const auto& [x, y] : {std::pair{0, 0}, std::pair{kSize / 2, kSize / 2}, std::pair{kSize - 1, kSize - 1}})
      if (pixel(x, y) != Rgba{0, 255, 0, 255}) return false;
    return true;
  }

  GLuint link_stages(const std::string& vs, const std::string& gs, const std::string& fs) {
    const GLuint p = glCreateProgram();
    for (const auto& [type, source] : {std::pair{GLenum(GL_VERTEX_SHADER), &vs}, std::pair{GLenum(GL_GEOMETRY_SHADER), &gs},
                                       std::pair{GLenum(GL_FRAGMENT_SHADER), &fs}}) {
      if (source->empty()) continue;
      const GLuint s = compile(type, source->c_str());
      glAttachShader(p, s);
    }
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    EXPECT_EQ(ok, GL_TRUE) << info_log(p, true);
    return p;
  }
};

// N vec4s written as (4i, 4i+1, 4i+2, 4i+3) and checked on the reading side.
std::string checked_inputs(int count) {
  return "  bool ok = true;\n  for (int i = 0; i < " + std::to_string(count) +
         "; i++) ok = ok && v[i] == vec4(4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3);\n"
         "  o = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n";
}
const char* kWrites = "  for (int i = 0; i < v.length(); i++) v[i] = vec4(4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3);\n";

TEST_F(InterfaceLimitsTest, VertexOutputsAtTheLimitReachTheFragmentShader) {
  GLint vertex_out = 0, fragment_in = 0;
  glGetIntegerv(GL_MAX_VERTEX_OUTPUT_COMPONENTS, &vertex_out);
  glGetIntegerv(GL_MAX_FRAGMENT_INPUT_COMPONENTS, &fragment_in);
  const int n = std::min(vertex_out, fragment_in) / 4;
  ASSERT_GE(n, 15);  // GL 4.6 table 23.60: 64 components at least
  const std::string size = std::to_string(n);
  const std::string vs = "#version 150\nin vec2 position;\nflat out vec4 v[" + size + "];\nvoid main() {\n" +
                         kWrites + "  gl_Position = vec4(position, 0.0, 1.0);\n}\n";
  const std::string fs = "#version 150\nflat in vec4 v[" + size + "];\nout vec4 o;\nvoid main() {\n" +
                         checked_inputs(n) + "}\n";
  EXPECT_TRUE(draws_green(link_stages(vs, "", fs)));
}

// A geometry shader writing `n` vec4s and gl_Position, read by a fragment shader that checks them.
std::vector<std::string> geometry_program(int n) {
  const std::string size = std::to_string(n);
  return {"#version 150\nin vec2 position;\nvoid main() { gl_Position = vec4(position, 0.0, 1.0); }\n",
          "#version 150\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
          "flat out vec4 v[" + size + "];\nvoid main() {\n  for (int p = 0; p < 3; p++) {\n" +
              kWrites + "    gl_Position = gl_in[p].gl_Position;\n    EmitVertex();\n  }\n}\n",
          "#version 150\nflat in vec4 v[" + size + "];\nout vec4 o;\nvoid main() {\n" + checked_inputs(n) + "}\n"};
}

// GL 4.6 table 23.64: MAX_GEOMETRY_OUTPUT_COMPONENTS is at least 128, which glvk reports even where
// the device's 128 count gl_Position too; what fits beside gl_Position draws.
TEST_F(InterfaceLimitsTest, GeometryOutputsBesideThePositionReachTheFragmentShader) {
  GLint geometry_out = 0, fragment_in = 0;
  glGetIntegerv(GL_MAX_GEOMETRY_OUTPUT_COMPONENTS, &geometry_out);
  glGetIntegerv(GL_MAX_FRAGMENT_INPUT_COMPONENTS, &fragment_in);
  EXPECT_GE(geometry_out, 128);
  const int n = std::min(geometry_out - 4, fragment_in) / 4;
  const std::vector<std::string> stages = geometry_program(n);
  EXPECT_TRUE(draws_green(link_stages(stages[0], stages[1], stages[2])));
}

// At GL's limit the device may not take the outputs with gl_Position beside them: then the link
// fails saying so (never a pipeline past the device's limit, which the validation layer watches);
// else the program draws.
TEST_F(InterfaceLimitsTest, GeometryOutputsAtTheLimitLinkOnlyWhenTheDeviceTakesThem) {
  GLint geometry_out = 0, fragment_in = 0;
  glGetIntegerv(GL_MAX_GEOMETRY_OUTPUT_COMPONENTS, &geometry_out);
  glGetIntegerv(GL_MAX_FRAGMENT_INPUT_COMPONENTS, &fragment_in);
  const int n = std::min(geometry_out, fragment_in) / 4;
  const std::vector<std::string> stages = geometry_program(n);
  const GLuint p = glCreateProgram();
  const GLenum types[] = {GL_VERTEX_SHADER, GL_GEOMETRY_SHADER, GL_FRAGMENT_SHADER};
  for (int i = 0; i < 3; ++i) glAttachShader(p, compile(types[i], stages[std::size_t(i)].c_str()));
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (ok) {
    EXPECT_TRUE(draws_green(p));
  } else {
    EXPECT_NE(info_log(p, true).find("geometry shader's outputs take " + std::to_string(4 * n + 4) + " components"),
              std::string::npos)
        << info_log(p, true);
  }
}

TEST_F(InterfaceLimitsTest, VaryingsMeetByNameWhateverTheirOrder) {
  const std::string vs =
      "#version 150\nin vec2 position;\nflat out int a;\nout vec3 b;\nout float c;\n"
      "void main() { a = 7; b = vec3(0.25, 0.5, 0.75); c = 2.0; gl_Position = vec4(position, 0.0, 1.0); }\n";
  const std::string fs =
      "#version 150\nin float c;\nin vec3 b;\nflat in int a;\nout vec4 o;\n"
      "void main() { bool ok = a == 7 && b == vec3(0.25, 0.5, 0.75) && c == 2.0;\n"
      "  o = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0); }\n";
  EXPECT_TRUE(draws_green(link_stages(vs, "", fs)));
}

// A vertex shader's gl_ClipDistance with a geometry shader that reads only gl_Position: the two
// built-in blocks between them must still agree (no plane is enabled, nothing is clipped).
TEST_F(InterfaceLimitsTest, ClipDistanceBeforeAGeometryShaderThatIgnoresIt) {
  const std::string vs = "#version 150\nin vec2 position;\nout vec4 color;\n"
                         "void main() { gl_ClipDistance[0] = 1.0; color = vec4(0.0, 1.0, 0.0, 1.0);\n"
                         "  gl_Position = vec4(position, 0.0, 1.0); }\n";
  const std::string gs = "#version 150\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
                         "in vec4 color[];\nout vec4 c;\n"
                         "void main() { for (int i = 0; i < 3; i++) { gl_Position = gl_in[i].gl_Position; c = color[i]; EmitVertex(); } }\n";
  const std::string fs = "#version 150\nin vec4 c;\nout vec4 o;\nvoid main() { o = c; }\n";
  EXPECT_TRUE(draws_green(link_stages(vs, gs, fs)));
}

// A program with more descriptors than the device pushes in one command (lavapipe's
// maxPushDescriptors is 32; here 2 x 20 samplers and the default block) links and draws, its
// descriptors written into a set of their own per draw (the validation layer watches); every
// sampler reads its own unit. Unit u holds a 1x1 texture of red 6u; the shader compares each
// sampler's red with that, so a sampler reading another unit turns the pixel red.
class ManyDescriptorsTest : public InterfaceLimitsTest {
 protected:
  static constexpr int kPerStage = 20;

  // `array`[i] for i < kPerStage reads unit first + i: each comparison spelt out (GLSL 3.30 indexes
  // sampler arrays with constant expressions only).
  static std::string check(const char* array, int first) {
    std::string s = "true";
    for (int i = 0; i < kPerStage; ++i)
      s += " && abs(texture(" + std::string(array) + "[" + std::to_string(i) + "], vec2(0.5)).r * 255.0 - " +
           std::to_string(6 * (first + i)) + ".0) < 0.5";
    return s;
  }

  GLuint many_sampler_program() {
    const std::string vs = "#version 330 core\nlayout(location = 0) in vec2 position;\nuniform sampler2D a[" +
                           std::to_string(kPerStage) + "];\nflat out int v;\nvoid main() {\n  v = (" + check("a", 0) +
                           ") ? 1 : 0;\n  gl_Position = vec4(position, 0.0, 1.0);\n}\n";
    const std::string fs = "#version 330 core\nuniform sampler2D b[" + std::to_string(kPerStage) +
                           "];\nuniform float k;\nflat in int v;\nout vec4 o;\n"
                           "void main() {\n  bool ok = v == 1 && " + check("b", kPerStage) +
                           ";\n  o = ok ? vec4(0.0, 1.0, k, 1.0) : vec4(1.0, 0.0, k, 1.0);\n}\n";
    const GLuint p = link_stages(vs, "", fs);
    glUseProgram(p);
    for (int i = 0; i < kPerStage; ++i) {
      glUniform1i(glGetUniformLocation(p, ("a[" + std::to_string(i) + "]").c_str()), i);
      glUniform1i(glGetUniformLocation(p, ("b[" + std::to_string(i) + "]").c_str()), kPerStage + i);
    }
    textures_.resize(2 * kPerStage);
    glGenTextures(GLsizei(textures_.size()), textures_.data());
    for (int u = 0; u < 2 * kPerStage; ++u) {
      const std::uint8_t texel[4] = {std::uint8_t(6 * u), 0, 0, 255};
      glActiveTexture(GLenum(GL_TEXTURE0 + u));
      glBindTexture(GL_TEXTURE_2D, textures_[std::size_t(u)]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    }
    glActiveTexture(GL_TEXTURE0);
    return p;
  }

  std::vector<GLuint> textures_;
};

TEST_F(ManyDescriptorsTest, ProgramsWithMoreDescriptorsThanTheDevicePushesDraw) {
  const GLuint p = many_sampler_program();
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  ASSERT_EQ(ok, GL_TRUE) << info_log(p, true);
  EXPECT_TRUE(draws_green(p));
}

// Many such draws in a row take more sets than one descriptor pool holds (256): every draw gets
// its own set, and a later draw's uniform never shows in an earlier draw's pixels. Draw i covers
// column i % kSize with blue i % 2 (k), so the last kSize draws decide the picture.
TEST_F(ManyDescriptorsTest, ThousandsOfDrawsEachGetTheirOwnSet) {
  const GLuint p = many_sampler_program();
  const GLint k = glGetUniformLocation(p, "k");
  constexpr int kDraws = 1000;
  glEnable(GL_SCISSOR_TEST);
  positions({-1, -1, 3, -1, -1, 3});
  for (int i = 0; i < kDraws; ++i) {
    glScissor(i % kSize, 0, 1, kSize);
    glUniform1f(k, float(i % 2));
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
  glDisable(GL_SCISSOR_TEST);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int x = 0; x < kSize; ++x) {
    const int last = (kDraws - 1 - x) / kSize * kSize + x;  // the last draw of column x
    EXPECT_EQ(pixel(x, kSize / 2), (Rgba{0, 255, std::uint8_t(last % 2 ? 255 : 0), 255})) << "column " << x;
  }
}

// GL 4.6 7.6.2: a stage using more uniform blocks than MAX_VERTEX_UNIFORM_BLOCKS fails to link;
// one using exactly that many links and reads each block's own buffer.
TEST_F(InterfaceLimitsTest, UniformBlocksPerStageAreLimitedAtLink) {
  GLint max_vs = 0;
  glGetIntegerv(GL_MAX_VERTEX_UNIFORM_BLOCKS, &max_vs);
  ASSERT_GE(max_vs, 12);  // GL 4.6 table 23.57's minimum
  auto vertex_shader = [](int blocks) {
    std::string vs = "#version 150\nin vec2 position;\nflat out vec4 sum;\n";
    for (int i = 0; i < blocks; ++i)
      vs += "layout(std140) uniform B" + std::to_string(i) + " { vec4 b" + std::to_string(i) + "; };\n";
    vs += "void main() {\n  sum = vec4(0.0)";
    for (int i = 0; i < blocks; ++i) vs += " + b" + std::to_string(i);
    return vs + ";\n  gl_Position = vec4(position, 0.0, 1.0);\n}\n";
  };
  const std::string fs = "#version 150\nflat in vec4 sum;\nout vec4 o;\nvoid main() { o = sum; }\n";
  const GLuint over = glCreateProgram();
  glAttachShader(over, compile(GL_VERTEX_SHADER, vertex_shader(max_vs + 1).c_str()));
  glAttachShader(over, compile(GL_FRAGMENT_SHADER, fs.c_str()));
  glLinkProgram(over);
  GLint ok = GL_TRUE;
  glGetProgramiv(over, GL_LINK_STATUS, &ok);
  EXPECT_EQ(ok, GL_FALSE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));  // a link failure raises no error

  const GLuint p = link_stages(vertex_shader(max_vs), "", fs);
  GLint active = 0;
  glGetProgramiv(p, GL_ACTIVE_UNIFORM_BLOCKS, &active);
  ASSERT_EQ(active, max_vs);
  // Block i reads buffer i: zeros except the last block's green.
  std::vector<GLuint> buffers(std::size_t(max_vs), 0);
  glGenBuffers(max_vs, buffers.data());
  for (int i = 0; i < max_vs; ++i) {
    const float value[4] = {0.0f, i == max_vs - 1 ? 1.0f : 0.0f, 0.0f, i == max_vs - 1 ? 1.0f : 0.0f};
    glBindBuffer(GL_UNIFORM_BUFFER, buffers[std::size_t(i)]);
    glBufferData(GL_UNIFORM_BUFFER, sizeof value, value, GL_STATIC_DRAW);
    const std::string name = "B" + std::to_string(i);
    glUniformBlockBinding(p, glGetUniformBlockIndex(p, name.c_str()), GLuint(i));
    glBindBufferBase(GL_UNIFORM_BUFFER, GLuint(i), buffers[std::size_t(i)]);
  }
  EXPECT_TRUE(draws_green(p));
}

// GL 4.6 7.6: a stage whose default-block uniforms take more than its MAX_<stage>_UNIFORM_COMPONENTS
// fails to link, in every stage (piglit's arb_tessellation_shader-large-uniforms: a float array
// of the limit links, one float more does not, in the tessellation stages too).
TEST_F(InterfaceLimitsTest, DefaultBlockComponentsPerStageAreLimitedAtLink) {
  GLint max_tcs = 0, max_vs = 0;
  glGetIntegerv(GL_MAX_TESS_CONTROL_UNIFORM_COMPONENTS, &max_tcs);
  glGetIntegerv(GL_MAX_VERTEX_UNIFORM_COMPONENTS, &max_vs);
  ASSERT_GE(max_tcs, 1024);  // GL 4.6 table 23.65's minimum
  ASSERT_GE(max_vs, 1024);
  auto links = [&](int tcs_floats, int vs_floats) {
    const std::string vs = "#version 150\nin vec2 position;\nuniform float a[" + std::to_string(vs_floats) +
                           "];\nvoid main() { gl_Position = vec4(position, a[gl_VertexID], 1.0); }\n";
    const std::string tcs = "#version 150\n#extension GL_ARB_tessellation_shader : require\nlayout(vertices = 3) out;\n"
                            "uniform float big[" + std::to_string(tcs_floats) + "];\nvoid main() {\n"
                            "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
                            "  gl_TessLevelOuter = float[4](big[gl_InvocationID], 1.0, 1.0, 1.0);\n  gl_TessLevelInner[0] = 1.0;\n}\n";
    const std::string tes = "#version 150\n#extension GL_ARB_tessellation_shader : require\nlayout(triangles) in;\n"
                            "void main() { gl_Position = gl_in[0].gl_Position; }\n";
    const std::string fs = "#version 150\nout vec4 o;\nvoid main() { o = vec4(0.0, 1.0, 0.0, 1.0); }\n";
    const GLuint p = glCreateProgram();
    for (const auto& [type, source] : {std::pair{GLenum(GL_VERTEX_SHADER), &vs}, std::pair{GLenum(GL_TESS_CONTROL_SHADER), &tcs},
                                       std::pair{GLenum(GL_TESS_EVALUATION_SHADER), &tes},
                                       std::pair{GLenum(GL_FRAGMENT_SHADER), &fs}})
      glAttachShader(p, compile(type, source->c_str()));
    glLinkProgram(p);
    GLint ok = GL_FALSE;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));  // a link failure raises no error
    return ok == GL_TRUE;
  };
  EXPECT_TRUE(links(max_tcs, 4));
  EXPECT_FALSE(links(max_tcs + 1, 4));
  EXPECT_FALSE(links(4, max_vs + 1));
  EXPECT_TRUE(links(4, max_vs));
}

}  // namespace
}  // namespace glvk::test
