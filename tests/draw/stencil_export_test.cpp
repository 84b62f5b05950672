// GL_ARB_shader_stencil_export: a fragment shader's gl_FragStencilRefARB is the stencil reference
// of its fragment (the extension's section 4.1.5 edit), so GL_REPLACE stores it per pixel.
#include "draw_helpers.h"

namespace glvk::test {
namespace {

TEST_F(DrawTest, FragmentShadersExportTheStencilReference) {
  ASSERT_TRUE(has_extension("GL_ARB_shader_stencil_export"));
  GLuint stencil = 0;
  glGenRenderbuffers(1, &stencil);
  glBindRenderbuffer(GL_RENDERBUFFER, stencil);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, kSize, kSize);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, stencil);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClearStencil(0);
  glClear(GL_STENCIL_BUFFER_BIT);
  // The reference is the pixel's column; the API's reference (200) is what the shader replaces.
  const GLuint p = link(kPositionVs, "#version 330\n#extension GL_ARB_shader_stencil_export : require\nout vec4 o;\n"
                                     "void main() { o = vec4(1.0); gl_FragStencilRefARB = int(gl_FragCoord.x); }\n");
  glUseProgram(p);
  glEnable(GL_STENCIL_TEST);
  glStencilFunc(GL_ALWAYS, 200, 0xff);
  glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
  positions({-1, -1, 3, -1, -1, 3});
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLubyte row[kSize] = {};
  glReadPixels(0, 7, kSize, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, row);
  for (int x = 0; x < kSize; ++x) EXPECT_EQ(row[x], x) << "column " << x;
  // The exported reference is the one the test compares too: EQUAL against the stored column
  // passes in every column (the API's 0 would pass in column 0 only).
  glStencilFunc(GL_EQUAL, 0, 0xff);
  glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glReadPixels(0, 7, kSize, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, row);
  for (int x = 0; x < kSize; ++x) EXPECT_EQ(row[x], x + 1) << "column " << x;
  glDisable(GL_STENCIL_TEST);
  glDeleteRenderbuffers(1, &stencil);
}

}  // namespace
}  // namespace glvk::test
