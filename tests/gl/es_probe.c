/* OpenGL ES through EGL, linked with the system libEGL and libGLESv2 only (as an ES program is):
 * the API binding per thread, the config bits, which ES versions a context is created for and
 * what it answers, GLSL ES 1.00 and 3.00 programs drawing into a framebuffer object, sRGB colour
 * buffers (a framebuffer object's and an EGL_GL_COLORSPACE_SRGB pbuffer's) written, and compile
 * results that the ES and GLSL ES specs fix. Every line is a fact both Mesa llvmpipe and glvk
 * must print the same (es_peer_test.cpp); driver names and extension lists are left out. */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl32.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static EGLDisplay display;

static void* bind_opengl_on_thread(void* out) {
  *(EGLenum*)out = eglQueryAPI(); /* a new thread starts with the default */
  eglBindAPI(EGL_OPENGL_API);
  return NULL;
}

static void api_binding(void) {
  printf("initial api 0x%x\n", eglQueryAPI());
  EGLBoolean ok = eglBindAPI(EGL_OPENVG_API);
  EGLint error = eglGetError();
  printf("bind openvg: %d 0x%x\n", ok, error);
  ok = eglBindAPI(EGL_OPENGL_ES_API);
  error = eglGetError();
  printf("bind es: %d 0x%x api 0x%x\n", ok, error, eglQueryAPI());
  pthread_t thread;
  EGLenum other = 0;
  pthread_create(&thread, NULL, bind_opengl_on_thread, &other);
  pthread_join(thread, NULL);
  printf("other thread started with 0x%x; this thread still 0x%x\n", other, eglQueryAPI());
}

static void configs(void) {
  const EGLint es3[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT_KHR, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_NONE};
  const EGLint es2[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_CONFORMANT, EGL_OPENGL_ES2_BIT,
                        EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_NONE};
  EGLConfig list[256];
  EGLint n3 = 0, n2 = 0, all = 0;
  eglChooseConfig(display, es3, list, 256, &n3);
  eglChooseConfig(display, es2, list, 256, &n2);
  eglGetConfigs(display, list, 256, &all);
  int every_config_es23 = all > 0;
  for (EGLint i = 0; i < all; ++i) {
    EGLint type = 0;
    eglGetConfigAttrib(display, list[i], EGL_RENDERABLE_TYPE, &type);
    const EGLint both = EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT_KHR | EGL_OPENGL_BIT;
    every_config_es23 &= (type & both) == both;
  }
  printf("es3 pbuffer configs: %s; es2 conformant configs: %s; every config renders GL, ES2, ES3: %d\n",
         n3 > 0 ? "some" : "none", n2 > 0 ? "some" : "none", every_config_es23);
  const char* apis = eglQueryString(display, EGL_CLIENT_APIS);
  printf("client apis name OpenGL_ES: %d\n", apis && strstr(apis, "OpenGL_ES") != NULL);
}

static EGLContext create(const char* name, const EGLint* attributes) {
  EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
  EGLint error = eglGetError();
  printf("%s: %s 0x%x\n", name, context == EGL_NO_CONTEXT ? "refused" : "created", error);
  return context;
}

static int word_count(const char* s) {
  int n = 0, in_word = 0;
  for (; s && *s; ++s) {
    if (*s != ' ' && !in_word) ++n;
    in_word = *s != ' ';
  }
  return n;
}

/* What an ES context answers (ES 3.2 6.1.5, 20.2; Mesa's choice for desktop-only commands). */
static void queries(void) {
  const char* version = (const char*)glGetString(GL_VERSION);
  const char* glsl = (const char*)glGetString(GL_SHADING_LANGUAGE_VERSION);
  printf("  GL_VERSION starts 'OpenGL ES 3.2 ': %d\n", version && strncmp(version, "OpenGL ES 3.2 ", 14) == 0);
  printf("  GL_SHADING_LANGUAGE_VERSION starts 'OpenGL ES GLSL ES 3.20': %d\n",
         glsl && strncmp(glsl, "OpenGL ES GLSL ES 3.20", 22) == 0);
  GLint major = -1, minor = -1, num_extensions = -1, mask = 77;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  glGetIntegerv(GL_NUM_EXTENSIONS, &num_extensions);
  printf("  version %d.%d error 0x%x\n", major, minor, glGetError());
  const char* extensions = (const char*)glGetString(GL_EXTENSIONS);
  printf("  GL_EXTENSIONS words = NUM_EXTENSIONS: %d; EXT_color_buffer_float: %d; GL_ARB_ names: %d\n",
         word_count(extensions) == num_extensions, extensions && strstr(extensions, "GL_EXT_color_buffer_float") != NULL,
         extensions && strstr(extensions, "GL_ARB_") != NULL);
  const char* last = num_extensions > 0 ? (const char*)glGetStringi(GL_EXTENSIONS, (GLuint)num_extensions - 1) : NULL;
  printf("  glGetStringi(EXTENSIONS, NUM_EXTENSIONS - 1) is in the string: %d\n",
         extensions && last && strstr(extensions, last) != NULL);
  glGetStringi(GL_EXTENSIONS, (GLuint)num_extensions);
  printf("  glGetStringi(EXTENSIONS, NUM_EXTENSIONS): error 0x%x\n", glGetError());
  glGetIntegerv(0x9126 /* GL_CONTEXT_PROFILE_MASK */, &mask);
  printf("  CONTEXT_PROFILE_MASK: error 0x%x, value untouched %d\n", glGetError(), mask == 77);
  void (*begin)(GLenum) = (void (*)(GLenum))eglGetProcAddress("glBegin");
  if (begin) {
    begin(GL_TRIANGLES);
    printf("  glBegin: error 0x%x\n", glGetError());
  }
  void (*polygon_mode)(GLenum, GLenum) = (void (*)(GLenum, GLenum))eglGetProcAddress("glPolygonMode");
  if (polygon_mode) {
    polygon_mode(GL_FRONT_AND_BACK, 0x1B01 /* GL_LINE */);
    printf("  glPolygonMode: error 0x%x\n", glGetError());
  }
}

static void versions(void) {
  static const struct {
    const char* name;
    EGLint attributes[5];
  } cases[] = {
      {"ES 2 (CLIENT_VERSION)", {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE}},
      {"ES 3.0", {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE}},
      {"ES 3.1", {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE}},
      {"ES 3.2", {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 2, EGL_NONE}},
      {"ES 2.1", {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE}},
      {"ES 3.3", {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3, EGL_NONE}},
      {"ES 4.0", {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_NONE}},
      {"ES with a profile mask", {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK, 1, EGL_NONE}},
      {"ES forward-compatible",
       {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_FLAGS_KHR, EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR, EGL_NONE}},
  };
  for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i) {
    EGLContext context = create(cases[i].name, cases[i].attributes);
    if (context == EGL_NO_CONTEXT) continue;
    EGLint type = 0, client_version = 0;
    eglQueryContext(display, context, EGL_CONTEXT_CLIENT_TYPE, &type);
    eglQueryContext(display, context, EGL_CONTEXT_CLIENT_VERSION, &client_version);
    printf("  client type 0x%x client version %d\n", type, client_version);
    if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
      printf("  not made current 0x%x\n", eglGetError());
    } else {
      queries();
      eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    }
    eglDestroyContext(display, context);
  }
}

static GLint compile(GLenum stage, const char* text, GLuint* shader_out) {
  GLuint shader = glCreateShader(stage);
  glShaderSource(shader, 1, &text, NULL);
  glCompileShader(shader);
  GLint status = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &status);
  if (shader_out) *shader_out = shader;
  else glDeleteShader(shader);
  return status;
}

static GLuint program(const char* vertex, const char* fragment) {
  GLuint vs = 0, fs = 0;
  const GLint vs_ok = compile(GL_VERTEX_SHADER, vertex, &vs), fs_ok = compile(GL_FRAGMENT_SHADER, fragment, &fs);
  GLuint p = glCreateProgram();
  glAttachShader(p, vs);
  glAttachShader(p, fs);
  glBindAttribLocation(p, 0, "position");
  glLinkProgram(p);
  GLint linked = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &linked);
  printf("  compiled %d %d linked %d\n", vs_ok, fs_ok, linked);
  return p;
}

static void pixel(const char* name, int x, int y) {
  GLubyte rgba[4] = {1, 2, 3, 4};
  glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  printf("  %s (%d, %d): %d %d %d %d\n", name, x, y, rgba[0], rgba[1], rgba[2], rgba[3]);
}

/* A framebuffer object, bound with the viewport on it, whose colour attachment is a size x size
 * renderbuffer of `format` (its name in *renderbuffer). */
static GLuint colour_framebuffer(GLenum format, int size, GLuint* renderbuffer) {
  GLuint framebuffer;
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glGenRenderbuffers(1, renderbuffer);
  glBindRenderbuffer(GL_RENDERBUFFER, *renderbuffer);
  glRenderbufferStorage(GL_RENDERBUFFER, format, size, size);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, *renderbuffer);
  glViewport(0, 0, size, size);
  return framebuffer;
}

/* GLSL ES 1.00 (attribute, varying, texture2D, gl_FragColor, client-memory arrays on the default
 * vertex array object) and 3.00 (in/out, a vertex array object and buffer) programs. */
static void drawing(void) {
  const EGLint attributes[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
  EGLContext context = create("drawing context", attributes);
  if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) return;
  GLuint renderbuffer, texture;
  GLuint framebuffer = colour_framebuffer(GL_RGBA8, 32, &renderbuffer);
  printf("  framebuffer complete: %d\n", glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);

  const GLubyte texel[4] = {255, 64, 255, 255};
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  GLuint es100 = program(
      "attribute vec2 position;\n"  /* no #version: GLSL ES 1.00 */
      "attribute vec3 color;\n"
      "varying vec3 v_color;\n"
      "void main() { v_color = color; gl_Position = vec4(position, 0.0, 1.0); }\n",
      "#version 100\n"
      "precision mediump float;\n"
      "varying vec3 v_color;\n"
      "uniform sampler2D tex;\n"
      "void main() { gl_FragColor = vec4(v_color, 1.0) * texture2D(tex, vec2(0.5)); }\n");
  glUseProgram(es100);
  const GLfloat lower_left[] = {-1, -1, 1, -1, -1, 1};
  const GLint color_location = glGetAttribLocation(es100, "color");
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, lower_left);
  glEnableVertexAttribArray(0);
  if (color_location >= 0) glVertexAttrib3f((GLuint)color_location, 1.0f, 1.0f, 0.0f);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisableVertexAttribArray(0);
  printf("  1.00 draw: error 0x%x\n", glGetError());

  GLuint es300 = program(
      "#version 300 es\n"
      "layout(location = 0) in vec2 position;\n"
      "void main() { gl_Position = vec4(position, 0.0, 1.0); }\n",
      "#version 300 es\n"
      "precision mediump float;\n"
      "uniform vec4 color;\n"
      "out vec4 result;\n"
      "void main() { result = color; }\n");
  glUseProgram(es300);
  glUniform4f(glGetUniformLocation(es300, "color"), 0.0f, 1.0f, 0.0f, 1.0f);
  const GLfloat upper_right[] = {1, 1, -1, 1, 1, -1};
  GLuint vao, buffer;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  glBufferData(GL_ARRAY_BUFFER, sizeof upper_right, upper_right, GL_STATIC_DRAW);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
  glEnableVertexAttribArray(0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  printf("  3.00 es draw: error 0x%x\n", glGetError());
  pixel("lower left", 4, 4);
  pixel("upper right", 27, 27);
  pixel("on the diagonal's far side", 20, 20);

  /* The ES compiler takes GLSL ES only, and keeps its rules. */
  printf("  #version 330 in ES: %d\n", compile(GL_VERTEX_SHADER, "#version 330\nvoid main() {}\n", NULL));
  printf("  #version 100 fragment shader without float precision: %d\n",
         compile(GL_FRAGMENT_SHADER, "#version 100\nvarying vec4 v;\nvoid main() { gl_FragColor = v; }\n", NULL));
  printf("  gl_FragColor in 3.00 es: %d\n",
         compile(GL_FRAGMENT_SHADER,
                 "#version 300 es\nprecision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }\n", NULL));
  printf("  attribute in 3.00 es: %d\n",
         compile(GL_VERTEX_SHADER, "#version 300 es\nattribute vec4 p;\nvoid main() { gl_Position = p; }\n", NULL));
  printf("  #version 310 es compute: %d\n",
         compile(GL_COMPUTE_SHADER, "#version 310 es\nlayout(local_size_x = 1) in;\nvoid main() {}\n", NULL));
  printf("  #version 320 es geometry: %d\n",
         compile(GL_GEOMETRY_SHADER,
                 "#version 320 es\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n"
                 "void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); }\n",
                 NULL));
  printf("  dFdx with OES_standard_derivatives in 1.00: %d\n",
         compile(GL_FRAGMENT_SHADER,
                 "#extension GL_OES_standard_derivatives : require\nprecision mediump float;\nvarying float v;\n"
                 "void main() { gl_FragColor = vec4(dFdx(v)); }\n",
                 NULL));
  /* ES 3.2's own commands (GL 4.6 has neither). */
  GLfloat box[8];
  glGetFloatv(GL_PRIMITIVE_BOUNDING_BOX, box);
  printf("  PRIMITIVE_BOUNDING_BOX initially %g %g %g %g %g %g %g %g\n", box[0], box[1], box[2], box[3], box[4], box[5],
         box[6], box[7]);
  glPrimitiveBoundingBox(-0.5f, -0.25f, 0.0f, 1.0f, 0.5f, 0.75f, 1.0f, 2.0f);
  glGetFloatv(GL_PRIMITIVE_BOUNDING_BOX, box);
  printf("  PRIMITIVE_BOUNDING_BOX set %g %g %g %g %g %g %g %g\n", box[0], box[1], box[2], box[3], box[4], box[5], box[6],
         box[7]);
  glBlendBarrier();
  printf("  glPrimitiveBoundingBox, glBlendBarrier: error 0x%x\n", glGetError());
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display, context);
}

/* ES 3.2 15.1.6: writes to an sRGB colour buffer are always sRGB-encoded in ES (no GL_FRAMEBUFFER_SRGB
 * switch without EXT_sRGB_write_control), blending on decoded values: linear 0.3 green stores 149,
 * 0.3 + 0.3 stores 203. An SRGB8_ALPHA8 framebuffer object, then an EGL_GL_COLORSPACE_SRGB pbuffer. */
static void srgb(void) {
  const EGLint attributes[] = {EGL_CONTEXT_CLIENT_VERSION, 3, EGL_NONE};
  EGLContext context = create("srgb context", attributes);
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context);
  GLuint rb;
  GLuint fbo = colour_framebuffer(GL_SRGB8_ALPHA8, 8, &rb);
  glClearColor(0.0f, 0.3f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  pixel("srgb framebuffer object cleared to 0.3 green", 2, 2);
  GLuint p = program("#version 300 es\nvoid main() { vec2 c = vec2(float((gl_VertexID & 1) * 4 - 1),"
                     " float((gl_VertexID >> 1) * 4 - 1)); gl_Position = vec4(c, 0.0, 1.0); }\n",
                     "#version 300 es\nprecision mediump float;\nout vec4 result;\n"
                     "void main() { result = vec4(0.0, 0.3, 0.0, 1.0); }\n");
  glUseProgram(p);
  GLuint vao;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisable(GL_BLEND);
  pixel("srgb framebuffer object after adding 0.3 green", 2, 2);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteRenderbuffers(1, &rb);

  const EGLint wanted[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT_KHR,
                           EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE};
  EGLConfig config;
  EGLint count = 0;
  eglChooseConfig(display, wanted, &config, 1, &count);
  const EGLint srgb_pbuffer[] = {EGL_WIDTH, 8, EGL_HEIGHT, 8, EGL_GL_COLORSPACE, EGL_GL_COLORSPACE_SRGB, EGL_NONE};
  EGLSurface surface = count ? eglCreatePbufferSurface(display, config, srgb_pbuffer) : EGL_NO_SURFACE;
  printf("srgb pbuffer: %d\n", surface != EGL_NO_SURFACE);
  if (surface != EGL_NO_SURFACE && eglMakeCurrent(display, surface, surface, context)) {
    glViewport(0, 0, 8, 8);
    glClear(GL_COLOR_BUFFER_BIT);
    pixel("srgb pbuffer cleared to 0.3 green", 2, 2);
  }
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  if (surface != EGL_NO_SURFACE) eglDestroySurface(display, surface);
  eglDestroyContext(display, context);
}

int main(void) {
  display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
  if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL)) {
    fprintf(stderr, "es_probe: no surfaceless display 0x%x\n", eglGetError());
    return 1;
  }
  api_binding();
  configs();
  eglBindAPI(EGL_OPENGL_ES_API);
  versions();
  {
    const EGLint attributes[] = {EGL_CONTEXT_CLIENT_VERSION, 3, EGL_NONE};
    EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context);
    fprintf(stderr, "es_probe: %s\n", (const char*)glGetString(GL_RENDERER));
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display, context);
  }
  drawing();
  srgb();
  eglTerminate(display);
  return 0;
}
