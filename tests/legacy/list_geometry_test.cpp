// glBegin/glEnd primitives in display lists (GL 4.6 compatibility 10.7, 21.4), through the real
// dispatch on lavapipe with validation. glvk replays them as draws from a buffer of the list; what
// they draw must stay what the calls would draw: a vertex takes the attribute values current at its
// glVertex, so an attribute the list sets is the list's value and one it does not set is the current
// value at glCallList time; after the list, the current values are what its last calls left.
// Expected pixels are the colours those rules give (flat colours, identity matrices, no blending
// unless said), and for lighting the lighting equation of 12.2.1 computed here.
#include <array>
#include <cmath>

#include "gl_fixture.h"
#include "gl_programs.h"
#include "legacy_framebuffer.h"
#include "legacy_pixels.h"

namespace glvk::test {
namespace {

const Rgba kBlack{0, 0, 0, 0}, kRed{255, 0, 0, 255}, kGreen{0, 255, 0, 255}, kBlue{0, 0, 255, 255};
const Rgba kYellow{255, 255, 0, 255}, kMagenta{255, 0, 255, 255}, kWhite{255, 255, 255, 255};

// The centre of window pixel i in normalized device coordinates (viewport 0..kSize).
GLfloat centre(int i) { return GLfloat(2 * i + 1) / GLfloat(kSize) - 1.0f; }

std::array<GLfloat, 4> current(GLenum pname) {
  std::array<GLfloat, 4> v{};
  glGetFloatv(pname, v.data());
  return v;
}

class ListGeometryTest : public LegacyFramebufferTest {
 protected:
  // The vertices of a quad over one quadrant (qx, qy in {0, 1}), counter-clockwise.
  static void quadrant(int qx, int qy) {
    const GLfloat x0 = GLfloat(qx) - 1, y0 = GLfloat(qy) - 1;
    glVertex2f(x0, y0);
    glVertex2f(x0 + 1, y0);
    glVertex2f(x0 + 1, y0 + 1);
    glVertex2f(x0, y0 + 1);
  }

};

TEST_F(ListGeometryTest, ColoursSetInsideTheListAreKeptAndLeftCurrent) {
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glBegin(GL_QUADS);
  glColor3f(1, 0, 0);
  quadrant(0, 0);
  glColor3ub(0, 128, 255);  // normalized: 128/255
  quadrant(1, 1);
  glColor4f(0, 1, 0, 1);  // after the last vertex: changes only the current colour
  glEnd();
  glEndList();
  EXPECT_EQ(pixel(8, 8), kBlack) << "GL_COMPILE draws nothing";
  glColor3f(1, 1, 1);
  glCallList(list);
  EXPECT_EQ(pixel(8, 8), kRed);
  EXPECT_EQ(pixel(24, 24), (Rgba{0, 128, 255, 255}));
  EXPECT_EQ(pixel(24, 8), kBlack);
  EXPECT_EQ(current(GL_CURRENT_COLOR), (std::array<GLfloat, 4>{0, 1, 0, 1}));
  // Whatever the current colour when it is called, the list's colours are its own.
  clear();
  glColor3f(0, 0, 1);
  glCallList(list);
  EXPECT_EQ(pixel(8, 8), kRed);
  EXPECT_EQ(current(GL_CURRENT_COLOR), (std::array<GLfloat, 4>{0, 1, 0, 1}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteLists(list, 1);
}

TEST_F(ListGeometryTest, AttributesTheListDoesNotSetAreReadWhenItIsCalled) {
  const GLuint list = glGenLists(1);
  glColor3f(1, 1, 1);  // current at compile time: must not be kept
  glNewList(list, GL_COMPILE);
  glBegin(GL_TRIANGLE_FAN);
  quadrant(0, 0);
  glEnd();
  glEndList();
  glColor3f(0, 0, 1);
  glCallList(list);
  EXPECT_EQ(pixel(8, 8), kBlue);
  clear();
  glColor3f(1, 0, 0);
  glCallList(list);
  EXPECT_EQ(pixel(8, 8), kRed);
  EXPECT_EQ(current(GL_CURRENT_COLOR), (std::array<GLfloat, 4>{1, 0, 0, 1}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListGeometryTest, AColourSetEarlierInTheListIsTheListsOwn) {
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glColor3f(0, 1, 0);
  glShadeModel(GL_FLAT);  // a state command in between changes no current value
  glBegin(GL_QUADS);
  quadrant(1, 0);
  glEnd();
  glBegin(GL_TRIANGLES);  // the next primitive still has the list's green
  glVertex2f(-1, 0);
  glVertex2f(0, 0);
  glVertex2f(-1, 1);
  glEnd();
  glEndList();
  glShadeModel(GL_SMOOTH);
  glColor3f(1, 0, 0);
  glCallList(list);
  EXPECT_EQ(pixel(24, 8), kGreen);
  EXPECT_EQ(pixel(2, 18), kGreen);
  EXPECT_EQ(current(GL_CURRENT_COLOR), (std::array<GLfloat, 4>{0, 1, 0, 1}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListGeometryTest, AColourFirstSetAfterAVertexLeavesTheEarlierVerticesTheCurrentOne) {
  // Point 0 is emitted before the list sets a colour: it takes the colour current at glCallList;
  // point 1 takes the list's red.
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glBegin(GL_POINTS);
  glVertex2f(centre(4), centre(4));
  glColor3f(1, 0, 0);
  glVertex2f(centre(20), centre(4));
  glEnd();
  glEndList();
  glColor3f(0, 0, 1);
  glCallList(list);
  EXPECT_EQ(pixel(4, 4), kBlue);
  EXPECT_EQ(pixel(20, 4), kRed);
  clear();
  glColor3f(0, 1, 0);
  glCallList(list);
  EXPECT_EQ(pixel(4, 4), kGreen);
  EXPECT_EQ(pixel(20, 4), kRed);
  EXPECT_EQ(current(GL_CURRENT_COLOR), (std::array<GLfloat, 4>{1, 0, 0, 1}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListGeometryTest, FlatQuadsAndQuadStripsTakeTheirLastVertex) {
  // Table 13.2 (QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION false): quad i takes vertex 4i, quad strip
  // quad i vertex 2i + 2 (counted from 1), whatever glProvokingVertex says.
  GLboolean follows = GL_TRUE;
  glGetBooleanv(GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION, &follows);
  ASSERT_EQ(follows, GL_FALSE);
  const GLuint lists = glGenLists(2);
  glNewList(lists, GL_COMPILE);
  glShadeModel(GL_FLAT);
  glBegin(GL_QUADS);  // bottom half: two quads
  glColor3f(1, 0, 0);
  glVertex2f(-1, -1);
  glColor3f(0, 1, 0);
  glVertex2f(0, -1);
  glColor3f(0, 0, 1);
  glVertex2f(0, 0);
  glColor3f(1, 1, 0);  // quad 1: yellow
  glVertex2f(-1, 0);
  glColor3f(1, 1, 1);
  glVertex2f(0, -1);
  glColor3f(1, 0, 0);
  glVertex2f(1, -1);
  glColor3f(0, 1, 0);
  glVertex2f(1, 0);
  glColor3f(1, 0, 1);  // quad 2: magenta
  glVertex2f(0, 0);
  glEnd();
  glEndList();
  glNewList(lists + 1, GL_COMPILE);
  glShadeModel(GL_FLAT);
  glBegin(GL_QUAD_STRIP);  // top half: vertices 1..6 below/above in turn
  const std::array<std::array<GLfloat, 3>, 6> colours = {
      {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1}, {1, 1, 0}, {0, 0, 1}}};
  for (int v = 0; v < 6; ++v) {
    glColor3fv(colours[std::size_t(v)].data());
    glVertex2f(GLfloat(v / 2) - 1, GLfloat(v % 2));
  }
  glEnd();
  glEndList();
  for (GLenum convention : {GL_LAST_VERTEX_CONVENTION, GL_FIRST_VERTEX_CONVENTION}) {
    SCOPED_TRACE(convention);
    clear();
    glProvokingVertex(convention);
    glCallList(lists);
    glCallList(lists + 1);
    EXPECT_EQ(pixel(8, 8), kYellow);
    EXPECT_EQ(pixel(24, 8), kMagenta);
    EXPECT_EQ(pixel(8, 24), kWhite);  // vertex 4
    EXPECT_EQ(pixel(24, 24), kBlue);  // vertex 6
  }
  glProvokingVertex(GL_LAST_VERTEX_CONVENTION);
  glShadeModel(GL_SMOOTH);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListGeometryTest, ConsecutivePrimitivesKeepTheirOwnVerticesAndColours) {
  // One glBegin(GL_QUADS) per quadrant (glvk draws such runs together), then an incomplete quad
  // (three vertices: nothing) before two lines and a point of their own.
  const std::array<Rgba, 4> colours = {kRed, kGreen, kBlue, kYellow};
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glShadeModel(GL_FLAT);
  for (int q = 0; q < 4; ++q) {
    glBegin(GL_QUADS);
    const Rgba& c = colours[std::size_t(q)];
    glColor3ub(GLubyte(c[0]), GLubyte(c[1]), GLubyte(c[2]));
    quadrant(q % 2, q / 2);
    glEnd();
  }
  glEndList();
  const GLuint partial = glGenLists(1);
  glNewList(partial, GL_COMPILE);
  glBegin(GL_QUADS);
  glColor3f(1, 1, 1);
  glVertex2f(-1, -1);
  glVertex2f(0, -1);
  glVertex2f(0, 0);
  glEnd();
  glBegin(GL_QUADS);
  quadrant(1, 1);
  glEnd();
  glBegin(GL_POINTS);
  glVertex2f(centre(4), centre(28));
  glEnd();
  glBegin(GL_POINTS);
  glColor3f(1, 0, 1);
  glVertex2f(centre(6), centre(28));
  glEnd();
  glEndList();
  glColor3f(0, 0, 0);
  glCallList(list);
  EXPECT_EQ(pixel(8, 8), kRed);
  EXPECT_EQ(pixel(24, 8), kGreen);
  EXPECT_EQ(pixel(8, 24), kBlue);
  EXPECT_EQ(pixel(24, 24), kYellow);
  EXPECT_EQ(current(GL_CURRENT_COLOR), (std::array<GLfloat, 4>{1, 1, 0, 1}));
  clear();
  glCallList(partial);
  EXPECT_EQ(pixel(8, 8), kBlack);
  EXPECT_EQ(pixel(24, 24), kWhite);
  EXPECT_EQ(pixel(4, 28), kWhite);
  EXPECT_EQ(pixel(6, 28), kMagenta);
  EXPECT_EQ(current(GL_CURRENT_COLOR), (std::array<GLfloat, 4>{1, 0, 1, 1}));
  glShadeModel(GL_SMOOTH);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListGeometryTest, CompileAndExecuteDrawsOnceNowAndAgainWhenCalled) {
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE);  // a primitive drawn twice would add up
  glColor3f(0, 0, 1);
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE_AND_EXECUTE);
  glBegin(GL_QUADS);
  quadrant(0, 0);  // the current blue, at compile time (executed) and at each call
  glEnd();
  glBegin(GL_QUADS);
  glColor4f(0.5f, 0, 0, 1);
  quadrant(1, 1);
  glEnd();
  glEndList();
  EXPECT_EQ(pixel(8, 8), kBlue);
  EXPECT_TRUE(near(24, 24, {128, 0, 0, 255}));
  EXPECT_EQ(current(GL_CURRENT_COLOR), (std::array<GLfloat, 4>{0.5f, 0, 0, 1}));
  clear();
  glColor3f(0, 1, 0);
  glCallList(list);
  EXPECT_EQ(pixel(8, 8), kGreen);
  EXPECT_TRUE(near(24, 24, {128, 0, 0, 255}));
  glDisable(GL_BLEND);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListGeometryTest, NestedListsLeaveTheirColourToTheCaller) {
  const GLuint lists = glGenLists(2);
  glNewList(lists, GL_COMPILE);  // inner: a red quad, red left current
  glBegin(GL_QUADS);
  glColor3f(1, 0, 0);
  quadrant(0, 0);
  glEnd();
  glEndList();
  glNewList(lists + 1, GL_COMPILE);  // outer: blue, the inner list, then a quad with no colour
  glColor3f(0, 0, 1);
  glCallList(lists);
  glBegin(GL_QUADS);
  quadrant(1, 1);
  glEnd();
  glEndList();
  glColor3f(0, 1, 0);
  glCallList(lists + 1);
  EXPECT_EQ(pixel(8, 8), kRed);
  EXPECT_EQ(pixel(24, 24), kRed) << "the colour the inner list left, not the outer list's blue";
  EXPECT_EQ(current(GL_CURRENT_COLOR), (std::array<GLfloat, 4>{1, 0, 0, 1}));
  // glCallLists of both, the outer one first.
  clear();
  const GLubyte names[] = {1, 0};
  glListBase(lists);
  glCallLists(2, GL_UNSIGNED_BYTE, names);
  glListBase(0);
  EXPECT_EQ(pixel(24, 24), kRed);
  EXPECT_EQ(pixel(8, 8), kRed);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListGeometryTest, PopAttribBetweenPrimitivesRestoresTheCurrentColour) {
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glPushAttrib(GL_CURRENT_BIT);
  glBegin(GL_QUADS);
  glColor3f(1, 0, 0);
  quadrant(0, 0);
  glEnd();
  glPopAttrib();
  glBegin(GL_QUADS);  // the colour current at glCallList again
  quadrant(1, 1);
  glEnd();
  glEndList();
  glColor3f(0, 0, 1);
  glCallList(list);
  EXPECT_EQ(pixel(8, 8), kRed);
  EXPECT_EQ(pixel(24, 24), kBlue);
  EXPECT_EQ(current(GL_CURRENT_COLOR), (std::array<GLfloat, 4>{0, 0, 1, 1}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListGeometryTest, DeletedNamesAreReusedForNewGeometry) {
  GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glBegin(GL_QUADS);
  glColor3f(1, 0, 0);
  quadrant(0, 0);
  glEnd();
  glEndList();
  glCallList(list);
  EXPECT_EQ(pixel(8, 8), kRed);
  glDeleteLists(list, 1);
  EXPECT_FALSE(glIsList(list));
  clear();
  glCallList(list);  // a name without a list: nothing
  EXPECT_EQ(pixel(8, 8), kBlack);
  // The name again, for other geometry; and glGenLists hands it out again.
  glNewList(list, GL_COMPILE);
  glBegin(GL_TRIANGLES);
  glColor3f(0, 1, 0);
  glVertex2f(0, 0);
  glVertex2f(1, 0);
  glVertex2f(0, 1);
  glEnd();
  glEndList();
  glCallList(list);
  EXPECT_EQ(pixel(8, 8), kBlack);
  EXPECT_EQ(pixel(18, 18), kGreen);
  glDeleteLists(list, 1);
  const GLuint again = glGenLists(1);
  EXPECT_EQ(again, list);
  // Redefining a list replaces its geometry too.
  for (int round = 0; round < 2; ++round) {
    glNewList(again, GL_COMPILE);
    glBegin(GL_QUADS);
    glColor3f(round ? 0.0f : 1.0f, 0, round ? 1.0f : 0.0f);
    quadrant(1, 0);
    glEnd();
    glEndList();
  }
  clear();
  glCallList(again);
  EXPECT_EQ(pixel(24, 8), kBlue);
  glDeleteLists(again, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListGeometryTest, NormalsFeedLightingLikeColours) {
  // LIGHT0 from +z (directional, white diffuse), default material: 12.2.1 gives
  // a_cm * a_cs (0.2 * 0.2) + max(n . L, 0) * d_cm * d_cl (0.8) in red, green and blue.
  glEnable(GL_LIGHTING);
  glEnable(GL_LIGHT0);
  const GLfloat light[] = {0, 0, 1, 0};
  glLightfv(GL_LIGHT0, GL_POSITION, light);
  const int lit = int(std::lround((0.04 + 0.8) * 255)), unlit = int(std::lround(0.04 * 255));
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glBegin(GL_QUADS);
  glNormal3f(0, 0, 1);
  quadrant(0, 0);
  glEnd();
  glEndList();
  const GLuint plain = glGenLists(1);
  glNewList(plain, GL_COMPILE);
  glBegin(GL_QUADS);
  quadrant(1, 1);
  glEnd();
  glEndList();
  glNormal3f(0, 0, -1);  // facing away: no diffuse term
  glCallList(plain);
  glCallList(list);
  EXPECT_TRUE(near(8, 8, {lit, lit, lit, 255}));
  EXPECT_TRUE(near(24, 24, {unlit, unlit, unlit, 255}));
  EXPECT_EQ(current(GL_CURRENT_NORMAL), (std::array<GLfloat, 4>{0, 0, 1, 0}));
  clear();
  glCallList(plain);  // now the normal the list left current
  EXPECT_TRUE(near(24, 24, {lit, lit, lit, 255}));
  glDisable(GL_LIGHTING);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListGeometryTest, TextureCoordinatesSetAndUnset) {
  // A 2x2 texture (bottom-left red, bottom-right green, top-left blue, top-right white), REPLACE.
  const GLubyte texels[] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
  glEnable(GL_TEXTURE_2D);
  const GLuint lists = glGenLists(2);
  glNewList(lists, GL_COMPILE);  // the whole viewport, texture coordinates 0..1
  glBegin(GL_QUADS);
  glMultiTexCoord2f(GL_TEXTURE0, 0, 0);
  glVertex2s(-1, -1);
  glTexCoord2f(1, 0);
  glVertex2s(1, -1);
  glTexCoord2i(1, 1);
  glVertex2s(1, 1);
  glTexCoord2d(0, 1);
  glVertex2s(-1, 1);
  glEnd();
  glEndList();
  glNewList(lists + 1, GL_COMPILE);  // no texture coordinates: the current ones
  glBegin(GL_QUADS);
  quadrant(0, 0);
  glEnd();
  glEndList();
  glTexCoord2f(0.75f, 0.25f);
  glCallList(lists);
  EXPECT_EQ(pixel(8, 8), kRed);
  EXPECT_EQ(pixel(24, 8), kGreen);
  EXPECT_EQ(pixel(8, 24), kBlue);
  EXPECT_EQ(pixel(24, 24), kWhite);
  EXPECT_EQ(current(GL_CURRENT_TEXTURE_COORDS), (std::array<GLfloat, 4>{0, 1, 0, 1}));
  glTexCoord2f(0.75f, 0.25f);
  glCallList(lists + 1);
  EXPECT_EQ(pixel(8, 8), kGreen);
  glDisable(GL_TEXTURE_2D);
  glDeleteTextures(1, &texture);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListGeometryTest, PrimitivesKeptAsCallsStillDraw) {
  // glMaterial and glEdgeFlag inside glBegin/glEnd, and an invalid texture unit, keep their
  // primitives as calls: they draw (or raise their error) as immediate mode does.
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glBegin(GL_QUADS);
  glEdgeFlag(GL_FALSE);
  glColor3f(1, 0, 0);
  quadrant(0, 0);
  glEnd();
  glEdgeFlag(GL_TRUE);
  glBegin(GL_QUADS);
  glMultiTexCoord2f(GL_TEXTURE0 + 200, 0, 0);
  glColor3f(0, 0, 1);
  quadrant(1, 1);
  glEnd();
  glEndList();
  glCallList(list);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));  // the bad unit, raised when called
  EXPECT_EQ(pixel(8, 8), kRed);
  EXPECT_EQ(pixel(24, 24), kBlue);
  EXPECT_EQ(current(GL_CURRENT_COLOR), (std::array<GLfloat, 4>{0, 0, 1, 1}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListGeometryTest, SelectionModeStillSeesTheListsPrimitives) {
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glBegin(GL_TRIANGLES);
  glVertex3f(-0.5f, -0.5f, 0);
  glVertex3f(0.5f, -0.5f, 0);
  glVertex3f(0, 0.5f, 0);
  glEnd();
  glEndList();
  std::array<GLuint, 16> hits{};
  glSelectBuffer(GLsizei(hits.size()), hits.data());
  glRenderMode(GL_SELECT);
  glInitNames();
  glPushName(7);
  glCallList(list);
  EXPECT_EQ(glRenderMode(GL_RENDER), 1);
  EXPECT_EQ(hits[0], 1u);  // one name
  EXPECT_EQ(hits[3], 7u);
  EXPECT_EQ(pixel(16, 16), kBlack);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListGeometryTest, GlslProgramsReadTheVerticesAsAttributeZeroAndTheBuiltIns) {
  // glVertex is generic attribute 0 (compatibility 10.2): `pos`, bound there, gets the vertices;
  // gl_Color the list's colours; a second program reads gl_Vertex.
  const char* fs = "#version 120\nvoid main() { gl_FragColor = gl_Color; }\n";
  GLuint program = glCreateProgram();
  const GLuint vs = compile(GL_VERTEX_SHADER,
                            "#version 120\nattribute vec4 pos;\n"
                            "void main() { gl_FrontColor = gl_Color; gl_Position = pos; }\n");
  const GLuint f = compile(GL_FRAGMENT_SHADER, fs);
  glAttachShader(program, vs);
  glAttachShader(program, f);
  glBindAttribLocation(program, 0, "pos");
  glLinkProgram(program);
  GLint linked = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  ASSERT_EQ(linked, GL_TRUE);
  const GLuint builtin = link("#version 120\nvoid main() { gl_FrontColor = gl_Color; gl_Position = gl_Vertex; }\n", fs);
  ASSERT_NE(builtin, 0u);
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glBegin(GL_QUADS);  // the current colour at glCallList
  quadrant(1, 1);
  glEnd();
  glBegin(GL_QUADS);
  glColor3f(1, 0, 0);
  quadrant(0, 0);
  glEnd();
  glEndList();
  glVertexAttrib4f(0, 0, 0, 0, 1);  // generic 0's current value: must not replace the vertices
  glColor3f(0, 0, 1);
  for (GLuint p : {program, builtin}) {
    SCOPED_TRACE(p);
    clear();
    glColor3f(0, 0, 1);
    glUseProgram(p);
    glCallList(list);
    EXPECT_EQ(pixel(8, 8), kRed);
    EXPECT_EQ(pixel(24, 24), kBlue);
    EXPECT_EQ(pixel(24, 8), kBlack);
  }
  glUseProgram(0);
  glDeleteProgram(program);
  glDeleteProgram(builtin);
  glDeleteShader(vs);
  glDeleteShader(f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListGeometryTest, ListsAndTheirGeometryAreSharedWithTheShareGroup) {
  // A list compiled in this context is called, redefined and deleted in a context sharing with it;
  // a context outside the share group has its own names.
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glBegin(GL_QUADS);
  glColor3f(1, 0, 0);
  quadrant(0, 0);
  glEnd();
  glEndList();
  const EGLContext shared = create_context(compatibility_context_attributes(), context_);
  const EGLContext separate = create_context(compatibility_context_attributes());
  ASSERT_NE(shared, EGL_NO_CONTEXT);
  ASSERT_NE(separate, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, shared));
  {
    GLuint fbo = 0;  // framebuffers are not shared: one of its own over the same renderbuffer
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb_);
    glViewport(0, 0, kSize, kSize);
    EXPECT_TRUE(glIsList(list));
    glCallList(list);
    EXPECT_EQ(pixel(8, 8), kRed);
    EXPECT_EQ(current(GL_CURRENT_COLOR), (std::array<GLfloat, 4>{1, 0, 0, 1}));  // this context's
    glNewList(list, GL_COMPILE);  // redefined here, for both
    glBegin(GL_QUADS);
    glColor3f(0, 1, 0);
    quadrant(1, 1);
    glEnd();
    glEndList();
    glFinish();
    glDeleteFramebuffers(1, &fbo);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  }
  ASSERT_TRUE(eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, separate));
  EXPECT_FALSE(glIsList(list));
  ASSERT_TRUE(eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_));
  EXPECT_EQ(current(GL_CURRENT_COLOR), (std::array<GLfloat, 4>{1, 1, 1, 1}));  // not the other's
  clear();
  glCallList(list);
  EXPECT_EQ(pixel(8, 8), kBlack);
  EXPECT_EQ(pixel(24, 24), kGreen);
  // Deleted in the sharing context: gone here too, its buffer with it.
  ASSERT_TRUE(eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, shared));
  glDeleteLists(list, 1);
  ASSERT_TRUE(eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_));
  EXPECT_FALSE(glIsList(list));
  eglDestroyContext(display_, shared);
  eglDestroyContext(display_, separate);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListGeometryTest, DeleteListsTakesRangesUpToTheLargestName) {
  const GLuint lists = glGenLists(3);
  for (GLuint i = 0; i < 3; ++i) {
    glNewList(lists + i, GL_COMPILE);
    glBegin(GL_POINTS);
    glVertex2f(0, 0);
    glEnd();
    glEndList();
  }
  glDeleteLists(lists + 1, 0x7fffffff);  // to past the largest name: every list from lists + 1
  EXPECT_TRUE(glIsList(lists));
  EXPECT_FALSE(glIsList(lists + 1));
  EXPECT_FALSE(glIsList(lists + 2));
  glDeleteLists(0xfffffff0u, 0x7fffffff);  // wraps: nothing to delete, no error
  glDeleteLists(lists, -1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_TRUE(glIsList(lists));
  glDeleteLists(lists, 1);
  EXPECT_FALSE(glIsList(lists));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace glvk::test
