/* Scenes and read-backs shared by the X11 probes (probe_scenes.h). */
#include "probe_scenes.h"

#include <GL/glext.h>
#include <X11/Xutil.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static probe_function (*lookup)(const char *name);

void probe_set_get_proc(probe_function (*get_proc)(const char *name)) { lookup = get_proc; }

void probe_die(const char *what) {
  fprintf(stderr, "probe: %s\n", what);
  exit(2);
}

Window probe_make_window(Display *dpy, XVisualInfo *vi, int width, int height) {
  Window root = RootWindow(dpy, vi->screen);
  XSetWindowAttributes wa;
  memset(&wa, 0, sizeof wa);
  wa.colormap = XCreateColormap(dpy, root, vi->visual, AllocNone);
  wa.event_mask = ExposureMask | StructureNotifyMask;
  wa.background_pixel = 0;
  wa.border_pixel = 0;
  Window win = XCreateWindow(dpy, root, 0, 0, (unsigned)width, (unsigned)height, 0, vi->depth, InputOutput, vi->visual,
                             CWColormap | CWEventMask | CWBackPixel | CWBorderPixel, &wa);
  XMapWindow(dpy, win);
  XEvent e;
  do XNextEvent(dpy, &e);
  while (e.type != Expose);
  return win;
}

void probe_print_window(Display *dpy, const char *name, Window win, int width, int height) {
  XSync(dpy, False);
  XImage *image = XGetImage(dpy, win, 0, 0, (unsigned)width, (unsigned)height, AllPlanes, ZPixmap);
  if (!image) probe_die("XGetImage failed");
  printf("%s %d", name, PROBE_TOLERANCE);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      unsigned long p = XGetPixel(image, x, y);
      printf(" %lu %lu %lu 255", (p & image->red_mask) >> __builtin_ctzl(image->red_mask),
             (p & image->green_mask) >> __builtin_ctzl(image->green_mask),
             (p & image->blue_mask) >> __builtin_ctzl(image->blue_mask));
    }
  printf("\n");
  XDestroyImage(image);
}

void probe_print_front(const char *name, int width, int height) {
  unsigned char *pixels = malloc((size_t)width * (size_t)height * 4);
  glReadBuffer(GL_FRONT);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  glReadBuffer(GL_BACK);
  printf("%s %d", name, PROBE_TOLERANCE);
  for (int y = height - 1; y >= 0; --y)
    for (int x = 0; x < width; ++x) {
      const unsigned char *p = pixels + ((size_t)y * (size_t)width + (size_t)x) * 4;
      printf(" %u %u %u 255", p[0], p[1], p[2]);
    }
  printf("\n");
  free(pixels);
}

void probe_fixed_function_scene(void) {
  glViewport(0, 0, PROBE_WIDTH, PROBE_HEIGHT);
  glClearColor(0.1f, 0.2f, 0.3f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glMatrixMode(GL_PROJECTION);
  glLoadIdentity();
  glOrtho(-1, 1, -1, 1, -1, 1);
  glMatrixMode(GL_MODELVIEW);
  glLoadIdentity();
  glBegin(GL_TRIANGLES);
  glColor3f(1, 0, 0); glVertex3f(-0.9f, -0.8f, 0.5f);
  glColor3f(0, 1, 0); glVertex3f(0.7f, -0.6f, 0.5f);
  glColor3f(0, 0, 1); glVertex3f(-0.2f, 0.9f, 0.5f);
  glEnd();
  /* In front of part of the triangle (smaller z is nearer with the default depth range). */
  glColor3f(1, 1, 0);
  glBegin(GL_QUADS);
  glVertex3f(0.0f, -0.2f, -0.5f); glVertex3f(0.9f, -0.2f, -0.5f);
  glVertex3f(0.9f, 0.7f, -0.5f); glVertex3f(0.0f, 0.7f, -0.5f);
  glEnd();
}

#define GL_FN(type, name) type name = (type)lookup(#name)

static GLuint compile(GLenum type, const char *source) {
  GL_FN(PFNGLCREATESHADERPROC, glCreateShader);
  GL_FN(PFNGLSHADERSOURCEPROC, glShaderSource);
  GL_FN(PFNGLCOMPILESHADERPROC, glCompileShader);
  GLuint shader = glCreateShader(type);
  glShaderSource(shader, 1, &source, NULL);
  glCompileShader(shader);
  return shader;
}

void probe_glsl_scene(int width, int height) {
  GL_FN(PFNGLCREATEPROGRAMPROC, glCreateProgram);
  GL_FN(PFNGLATTACHSHADERPROC, glAttachShader);
  GL_FN(PFNGLLINKPROGRAMPROC, glLinkProgram);
  GL_FN(PFNGLUSEPROGRAMPROC, glUseProgram);
  GL_FN(PFNGLGENBUFFERSPROC, glGenBuffers);
  GL_FN(PFNGLBINDBUFFERPROC, glBindBuffer);
  GL_FN(PFNGLBUFFERDATAPROC, glBufferData);
  GL_FN(PFNGLGENVERTEXARRAYSPROC, glGenVertexArrays);
  GL_FN(PFNGLBINDVERTEXARRAYPROC, glBindVertexArray);
  GL_FN(PFNGLVERTEXATTRIBPOINTERPROC, glVertexAttribPointer);
  GL_FN(PFNGLENABLEVERTEXATTRIBARRAYPROC, glEnableVertexAttribArray);
  GL_FN(PFNGLGETPROGRAMIVPROC, glGetProgramiv);
  static const char *vs = "#version 330 core\n"
                          "layout(location = 0) in vec2 position;\n"
                          "layout(location = 1) in vec3 colour;\n"
                          "out vec3 v_colour;\n"
                          "void main() { v_colour = colour; gl_Position = vec4(position, 0.0, 1.0); }\n";
  static const char *fs = "#version 330 core\n"
                          "in vec3 v_colour;\n"
                          "out vec4 result;\n"
                          "void main() { result = vec4(v_colour, 1.0); }\n";
  GLuint program = glCreateProgram();
  glAttachShader(program, compile(GL_VERTEX_SHADER, vs));
  glAttachShader(program, compile(GL_FRAGMENT_SHADER, fs));
  glLinkProgram(program);
  GLint linked = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  if (!linked) probe_die("the GLSL program did not link");
  static const float vertices[] = {-0.8f, -0.9f, 1, 0.5f, 0, 0.9f, -0.3f, 0, 1, 0.5f, -0.1f, 0.8f, 0.5f, 0, 1};
  GLuint vao, vbo;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glGenBuffers(1, &vbo);
  glBindBuffer(GL_ARRAY_BUFFER, vbo);
  glBufferData(GL_ARRAY_BUFFER, sizeof vertices, vertices, GL_STATIC_DRAW);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 5 * sizeof(float), (void *)0);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 5 * sizeof(float), (void *)(2 * sizeof(float)));
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  glViewport(0, 0, width, height);
  glClearColor(0.3f, 0.3f, 0.3f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glUseProgram(program);
  glDrawArrays(GL_TRIANGLES, 0, 3);
}
