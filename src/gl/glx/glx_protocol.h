// Numbers of the GLX protocol (GLX 1.4 and GLX_ARB_create_context(_profile) specifications):
// the GLX error codes, added to the extension's first error, and the request minor opcodes errors
// carry. glxproto.h has them too, but needs the X server's protocol headers to compile.
#pragma once

namespace glvk::gl::glx {

enum GlxError : unsigned char {
  GLXBadContext = 0,
  GLXBadDrawable = 2,
  GLXBadPixmap = 3,
  GLXBadFBConfig = 9,
  GLXBadPbuffer = 10,
  GLXBadWindow = 12,
  GLXBadProfileARB = 13,
};

enum GlxRequest : unsigned char {
  X_GLXCreateContext = 3,
  X_GLXDestroyContext = 4,
  X_GLXIsDirect = 6,
  X_GLXCopyContext = 10,
  X_GLXSwapBuffers = 11,
  X_GLXCreateGLXPixmap = 13,
  X_GLXDestroyGLXPixmap = 15,
  X_GLXVendorPrivate = 16,
  X_GLXCreatePixmap = 22,
  X_GLXDestroyPixmap = 23,
  X_GLXCreateNewContext = 24,
  X_GLXQueryContext = 25,
  X_GLXMakeContextCurrent = 26,
  X_GLXCreatePbuffer = 27,
  X_GLXDestroyPbuffer = 28,
  X_GLXGetDrawableAttributes = 29,
  X_GLXChangeDrawableAttributes = 30,
  X_GLXCreateWindow = 31,
  X_GLXDestroyWindow = 32,
  X_GLXCreateContextAttribsARB = 34,
};

}  // namespace glvk::gl::glx
