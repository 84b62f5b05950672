// Vertex-array commands in display lists (GL 4.6 compatibility 21.4.1), through the real dispatch
// on lavapipe with validation: glDrawArrays/glDrawElements and their forms are compiled with the
// array data they read at compile time (client memory and buffer objects alike), so what the
// application changes afterwards does not change the list; glArrayElement (10.3.? / 10.7) sets the
// current values from the arrays and, inside glBegin/glEnd, emits a vertex. Expected pixels are the
// colours the spec says each draw writes (flat colours, no blending).
#include <array>
#include <vector>

#include "gl_fixture.h"
#include "gl_programs.h"
#include "legacy_framebuffer.h"
#include "legacy_pixels.h"

namespace glvk::test {
namespace {

const Rgba kBlack{0, 0, 0, 0}, kRed{255, 0, 0, 255}, kGreen{0, 255, 0, 255}, kBlue{0, 0, 255, 255};

using ListDrawTest = LegacyFramebufferTest;

// The four quadrants as quads (x0 y0 .. x3 y3), bottom-left, bottom-right, top-left, top-right.
constexpr std::array<GLfloat, 32> kQuadrants = {
    -1, -1, 0, -1, 0, 0, -1, 0,  0, -1, 1, -1, 1, 0, 0, 0,  -1, 0, 0, 0, 0, 1, -1, 1,  0, 0, 1, 0, 1, 1, 0, 1};

TEST_F(ListDrawTest, DrawArraysIsCompiledWithItsClientArrays) {
  std::array<GLfloat, 32> xy = kQuadrants;
  std::array<GLubyte, 64> colours{};
  for (int v = 0; v < 16; ++v) colours[std::size_t(v) * 4 + std::size_t(v / 4 % 3)] = 255, colours[std::size_t(v) * 4 + 3] = 255;
  glEnableClientState(GL_VERTEX_ARRAY);
  glEnableClientState(GL_COLOR_ARRAY);
  glVertexPointer(2, GL_FLOAT, 0, xy.data());
  glColorPointer(4, GL_UNSIGNED_BYTE, 0, colours.data());
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glDrawArrays(GL_QUADS, 4, 8);  // bottom-right green, top-left blue
  glEndList();
  EXPECT_EQ(pixel(24, 8), kBlack) << "GL_COMPILE does not draw";
  // The list keeps the data it read: new data and a disabled array do not change it.
  xy.fill(0);
  colours.fill(0);
  glDisableClientState(GL_COLOR_ARRAY);
  glCallList(list);
  EXPECT_EQ(pixel(24, 8), kGreen);
  EXPECT_EQ(pixel(8, 24), kBlue);
  EXPECT_EQ(pixel(8, 8), kBlack);
  EXPECT_EQ(pixel(24, 24), kBlack);
  // Calling it again (after a clear) draws the same.
  clear();
  glCallList(list);
  EXPECT_EQ(pixel(24, 8), kGreen);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListDrawTest, CompileAndExecuteDrawsOnceNowAndAgainWhenCalled) {
  const std::array<GLfloat, 32> xy = kQuadrants;
  glEnableClientState(GL_VERTEX_ARRAY);
  glVertexPointer(2, GL_FLOAT, 0, xy.data());
  glColor3f(1, 0, 0);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE);  // a draw executed twice would add twice
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE_AND_EXECUTE);
  glDrawArrays(GL_QUADS, 0, 4);
  glEndList();
  glDisable(GL_BLEND);
  EXPECT_EQ(pixel(8, 8), kRed);
  clear();
  glColor3f(0, 0, 1);  // the colour array is disabled: the current colour at execution applies
  glCallList(list);
  EXPECT_EQ(pixel(8, 8), kBlue);
  EXPECT_EQ(pixel(24, 24), kBlack);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListDrawTest, DrawElementsReadsIndicesAndBufferDataAtCompileTime) {
  GLuint buffers[2] = {};
  glGenBuffers(2, buffers);
  glBindBuffer(GL_ARRAY_BUFFER, buffers[0]);
  glBufferData(GL_ARRAY_BUFFER, sizeof kQuadrants, kQuadrants.data(), GL_STATIC_DRAW);
  // Quadrants 0 and 3 with a restart index between them, from an element array buffer.
  const GLushort indices[] = {0, 1, 2, 3, 0xffff, 12, 13, 14, 15};
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buffers[1]);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof indices, indices, GL_STATIC_DRAW);
  glEnableClientState(GL_VERTEX_ARRAY);
  glVertexPointer(2, GL_FLOAT, 0, nullptr);
  glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
  glColor3f(0, 1, 0);
  const GLuint list = glGenLists(2);
  glNewList(list, GL_COMPILE);
  glDrawElements(GL_TRIANGLE_FAN, 9, GL_UNSIGNED_SHORT, nullptr);
  glEndList();
  // Client indices (quadrant 1 as two triangles) with a base vertex, in the second list.
  const GLubyte client_indices[] = {0, 1, 2, 0, 2, 3};
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
  glNewList(list + 1, GL_COMPILE);
  glDrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, client_indices, 4);
  glEndList();
  // New buffer contents, no restart: the lists still draw what was compiled.
  const std::array<GLfloat, 32> zeros{};
  glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof zeros, zeros.data());
  const GLushort other[] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buffers[1]);
  glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0, sizeof other, other);
  glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
  glCallList(list);
  EXPECT_EQ(pixel(8, 8), kGreen);
  EXPECT_EQ(pixel(24, 24), kGreen);
  EXPECT_EQ(pixel(24, 8), kBlack);  // no fan across the restart
  EXPECT_EQ(pixel(8, 24), kBlack);
  glColor3f(1, 0, 0);
  glCallList(list + 1);
  EXPECT_EQ(pixel(24, 8), kRed);
  EXPECT_EQ(pixel(8, 24), kBlack);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteBuffers(2, buffers);
}

TEST_F(ListDrawTest, GenericArraysOfAProgramAreCompiled) {
  const GLuint program = link(
      "#version 120\nattribute vec2 pos;\nattribute vec3 colour;\nvarying vec3 c;\n"
      "void main() { c = colour; gl_Position = vec4(pos, 0.0, 1.0); }\n",
      "#version 120\nvarying vec3 c;\nvoid main() { gl_FragColor = vec4(c, 1.0); }\n");
  ASSERT_NE(program, 0u);
  glUseProgram(program);
  const GLint pos = glGetAttribLocation(program, "pos"), colour = glGetAttribLocation(program, "colour");
  ASSERT_GE(pos, 0);
  ASSERT_GE(colour, 0);
  // Per-vertex positions and per-instance colours from client memory.
  std::array<GLfloat, 8> quad = {-1, -1, 0, -1, 0, 0, -1, 0};
  std::array<GLfloat, 6> colours = {0, 1, 0, 0, 0, 1};
  glEnableVertexAttribArray(GLuint(pos));
  glEnableVertexAttribArray(GLuint(colour));
  glVertexAttribPointer(GLuint(pos), 2, GL_FLOAT, GL_FALSE, 0, quad.data());
  glVertexAttribPointer(GLuint(colour), 3, GL_FLOAT, GL_FALSE, 0, colours.data());
  glVertexAttribDivisor(GLuint(colour), 1);
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glDrawArrays(GL_QUADS, 0, 4);  // one instance, which reads colour 0: green
  glEndList();
  quad.fill(0);
  colours.fill(1);
  glCallList(list);
  EXPECT_EQ(pixel(8, 8), kGreen);
  EXPECT_EQ(pixel(24, 24), kBlack);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glUseProgram(0);
  glDeleteProgram(program);
}

TEST_F(ListDrawTest, ParameterErrorsAreRaisedAtCompileTime) {
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glDrawArrays(GL_POLYGON + 100, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDrawArrays(GL_TRIANGLES, 0, -1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDrawElements(GL_TRIANGLES, 3, GL_FLOAT, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  // Indices neither in a buffer nor in client memory.
  glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_INT, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEndList();
  glCallList(list);  // nothing was recorded
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Enabled arrays that were never given data feed their current values, compiled or not.
  const std::array<GLfloat, 32> xy = kQuadrants;
  glEnableClientState(GL_VERTEX_ARRAY);
  glVertexPointer(2, GL_FLOAT, 0, xy.data());
  glEnableClientState(GL_COLOR_ARRAY);  // no glColorPointer
  glEnableVertexAttribArray(5);          // no glVertexAttribPointer
  glColor3f(0, 0, 1);
  glNewList(list, GL_COMPILE);
  glDrawArrays(GL_QUADS, 0, 4);
  glEndList();
  glCallList(list);
  EXPECT_EQ(pixel(8, 8), kBlue);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListDrawTest, BitmapsAreUnpackedAtCompileTime) {
  // 8x2 bitmap, LSB first, one byte per row: row 0 sets columns 0 and 2, row 1 sets column 7.
  std::array<GLubyte, 2> bits = {0x05, 0x80};
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_UNPACK_LSB_FIRST, GL_TRUE);
  glColor3f(0, 1, 0);
  glWindowPos2i(4, 4);
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glBitmap(8, 2, 0, 0, 10, 1, bits.data());
  glEndList();
  GLfloat raster[4] = {};
  glGetFloatv(GL_CURRENT_RASTER_POSITION, raster);
  EXPECT_EQ(raster[0], 4.0f) << "compiling does not move the raster position";
  bits.fill(0xff);
  glPixelStorei(GL_UNPACK_LSB_FIRST, GL_FALSE);
  glCallList(list);
  EXPECT_EQ(pixel(4, 4), kGreen);
  EXPECT_EQ(pixel(5, 4), kBlack);
  EXPECT_EQ(pixel(6, 4), kGreen);
  EXPECT_EQ(pixel(11, 5), kGreen);
  EXPECT_EQ(pixel(4, 5), kBlack);
  glGetFloatv(GL_CURRENT_RASTER_POSITION, raster);
  EXPECT_EQ(raster[0], 14.0f);
  EXPECT_EQ(raster[1], 5.0f);
  // The same bitmap from a pixel unpack buffer, drawn at once (MSB first now: 0xa0 sets 0 and 2).
  GLuint pbo = 0;
  glGenBuffers(1, &pbo);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
  const GLubyte msb[] = {0, 0xa0, 0x01};
  glBufferData(GL_PIXEL_UNPACK_BUFFER, sizeof msb, msb, GL_STATIC_DRAW);
  clear();
  glWindowPos2i(4, 20);
  glBitmap(8, 2, 0, 0, 0, 0, reinterpret_cast<const GLubyte*>(std::uintptr_t(1)));
  EXPECT_EQ(pixel(4, 20), kGreen);
  EXPECT_EQ(pixel(6, 20), kGreen);
  EXPECT_EQ(pixel(5, 20), kBlack);
  EXPECT_EQ(pixel(11, 21), kGreen);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Beyond the buffer: INVALID_OPERATION.
  glBitmap(8, 4, 0, 0, 0, 0, reinterpret_cast<const GLubyte*>(std::uintptr_t(1)));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glDeleteBuffers(1, &pbo);
}

TEST_F(ListDrawTest, DrawPixelsIsUnpackedAtCompileTime) {
  // A 3-pixel-wide client image; the store picks the 2x2 square at column 1.
  std::array<GLubyte, 24> image{};
  const auto put = [&](int x, int y, Rgba c) {
    for (int i = 0; i < 4; ++i) image[std::size_t(y * 12 + x * 4 + i)] = GLubyte(c[std::size_t(i)]);
  };
  put(1, 0, kRed);
  put(2, 0, kGreen);
  put(1, 1, kBlue);
  put(2, 1, Rgba{255, 255, 255, 255});
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 3);
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
  glWindowPos2i(10, 10);
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, image.data());
  glEndList();
  EXPECT_EQ(pixel(10, 10), kBlack);
  image.fill(0);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
  glCallList(list);
  EXPECT_EQ(pixel(10, 10), kRed);
  EXPECT_EQ(pixel(11, 10), kGreen);
  EXPECT_EQ(pixel(10, 11), kBlue);
  EXPECT_EQ(pixel(11, 11), (Rgba{255, 255, 255, 255}));
  EXPECT_EQ(pixel(12, 10), kBlack);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Swapped bytes are swapped at compile time: 0x00ff read swapped is 0xff00 (red 1.0 as a short).
  const std::array<GLushort, 4> swapped = {0x00ff, 0, 0, 0x00ff};
  glPixelStorei(GL_UNPACK_SWAP_BYTES, GL_TRUE);
  glNewList(list, GL_COMPILE);
  glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_SHORT, swapped.data());
  glEndList();
  glPixelStorei(GL_UNPACK_SWAP_BYTES, GL_FALSE);
  glWindowPos2i(20, 20);
  glCallList(list);
  const Rgba p = pixel(20, 20);
  EXPECT_EQ(p[1], 0);
  EXPECT_NEAR(p[0], 0xff00 * 255.0 / 0xffff, 1.0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListDrawTest, ArrayElementSetsCurrentValuesAndEmitsVertices) {
  // Shorts as they are (vertex arrays are not normalized), colours as normalized bytes.
  std::array<GLshort, 8> xy = {-1, -1, 0, -1, 0, 0, -1, 0};
  std::array<GLubyte, 12> rgb = {0, 255, 0, 0, 255, 0, 0, 255, 0, 255, 0, 0};
  glEnableClientState(GL_VERTEX_ARRAY);
  glEnableClientState(GL_COLOR_ARRAY);
  glVertexPointer(2, GL_SHORT, 0, xy.data());
  glColorPointer(3, GL_UNSIGNED_BYTE, 0, rgb.data());
  glShadeModel(GL_FLAT);  // a quad takes the colour of its last vertex: element 3, red
  glBegin(GL_QUADS);
  for (GLint i = 0; i < 4; ++i) glArrayElement(i);
  glEnd();
  EXPECT_EQ(pixel(8, 8), kRed);
  EXPECT_EQ(pixel(24, 24), kBlack);
  GLfloat colour[4] = {};
  glGetFloatv(GL_CURRENT_COLOR, colour);
  EXPECT_EQ(colour[0], 1.0f);
  EXPECT_EQ(colour[1], 0.0f);
  // Compiled: the elements' values now, not at glCallList.
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glBegin(GL_QUADS);
  for (GLint i : {0, 1, 2, 2}) glArrayElement(i);
  glEnd();
  glEndList();
  xy.fill(0);
  clear();
  glCallList(list);
  EXPECT_EQ(pixel(4, 12), kBlack) << "the triangle covers the lower-right half of the quadrant";
  EXPECT_EQ(pixel(12, 4), kGreen);
  glArrayElement(-1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

TEST_F(ListDrawTest, ListCalledBetweenBeginAndEndRaisesErrorsForCommandsNotAllowedThere) {
  // GL 4.6 compatibility 10.7.5 / 21.4: a list may be called between glBegin and glEnd; the
  // commands in it that are not allowed there raise INVALID_OPERATION and do nothing.
  const std::array<GLfloat, 32> xy = kQuadrants;
  glEnableClientState(GL_VERTEX_ARRAY);
  glVertexPointer(2, GL_FLOAT, 0, xy.data());
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glColor3f(0, 1, 0);
  glVertex2f(-1, -1);
  glVertex2f(0, -1);
  glVertex2f(0, 0);
  glVertex2f(-1, 0);
  glColor3f(1, 0, 0);
  glRectf(0, 0, 1, 1);
  glDrawArrays(GL_QUADS, 4, 4);
  glColor3f(0, 1, 0);
  glEndList();
  glBegin(GL_QUADS);
  glCallList(list);
  glEnd();
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(pixel(8, 8), kGreen);
  EXPECT_EQ(pixel(24, 24), kBlack) << "glRect did not draw";
  EXPECT_EQ(pixel(24, 8), kBlack) << "glDrawArrays did not draw";
}

TEST_F(ListDrawTest, MaterialCannotChangeWhatColorMaterialTracks) {
  // 12.2.3: with COLOR_MATERIAL the tracked parameter always equals the current colour.
  const GLfloat red[] = {1, 0, 0, 1};
  glEnable(GL_COLOR_MATERIAL);
  glColorMaterial(GL_FRONT_AND_BACK, GL_DIFFUSE);
  glColor4f(0, 1, 0, 1);
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, red);
  glEndList();
  glCallList(list);
  GLfloat m[4] = {};
  glGetMaterialfv(GL_FRONT, GL_DIFFUSE, m);
  EXPECT_EQ(m[0], 0.0f);
  EXPECT_EQ(m[1], 1.0f);
  glDisable(GL_COLOR_MATERIAL);
  glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, red);  // untracked now
  glGetMaterialfv(GL_FRONT, GL_DIFFUSE, m);
  EXPECT_EQ(m[0], 1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListDrawTest, PolygonStippleIsUnpackedAtCompileTimeAndReadsAnUnpackBuffer) {
  // Rows alternate 0xff00ff00 (columns 0-7 and 16-23 set) and all clear.
  std::array<GLubyte, 128> pattern{};
  for (int row = 0; row < 32; row += 2) pattern[std::size_t(row) * 4] = pattern[std::size_t(row) * 4 + 2] = 0xff;
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glPolygonStipple(pattern.data());
  glEndList();
  GLubyte back[128] = {};
  glGetPolygonStipple(back);
  EXPECT_EQ(back[0], 0xff) << "GL_COMPILE leaves the initial all-set pattern";
  pattern.fill(0);
  glCallList(list);
  glGetPolygonStipple(back);
  EXPECT_EQ(back[0], 0xff);
  EXPECT_EQ(back[1], 0x00);
  EXPECT_EQ(back[4], 0x00);
  glEnable(GL_POLYGON_STIPPLE);
  glColor3f(0, 1, 0);
  glRectf(-1, -1, 1, 1);
  EXPECT_EQ(pixel(3, 0), kGreen);
  EXPECT_EQ(pixel(10, 0), kBlack);
  EXPECT_EQ(pixel(3, 1), kBlack);
  // From a pixel unpack buffer: every bit set.
  GLuint pbo = 0;
  glGenBuffers(1, &pbo);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
  const std::array<GLubyte, 128> ones = [] { std::array<GLubyte, 128> a; a.fill(0xff); return a; }();
  glBufferData(GL_PIXEL_UNPACK_BUFFER, sizeof ones, ones.data(), GL_STATIC_DRAW);
  glPolygonStipple(nullptr);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glGetPolygonStipple(back);
  EXPECT_EQ(back[5], 0xff);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteBuffers(1, &pbo);
}

}  // namespace
}  // namespace glvk::test
