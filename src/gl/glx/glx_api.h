// The vendor's GLX functions, looked up by name by libglvnd's libGLX (glx_vendor.cpp).
#pragma once

#include <GL/glx.h>

namespace glvk::gl::glx::api {
// glx_api.cpp
XVisualInfo* ChooseVisual(Display* dpy, int screen, int* attributes);
int GetConfig(Display* dpy, XVisualInfo* visual, int attribute, int* value);
GLXFBConfig* ChooseFBConfig(Display* dpy, int screen, const int* attributes, int* count);
GLXFBConfig* GetFBConfigs(Display* dpy, int screen, int* count);
int GetFBConfigAttrib(Display* dpy, GLXFBConfig config, int attribute, int* value);
XVisualInfo* GetVisualFromFBConfig(Display* dpy, GLXFBConfig config);
GLXContext CreateContext(Display* dpy, XVisualInfo* visual, GLXContext share_list, Bool direct);
GLXContext CreateNewContext(Display* dpy, GLXFBConfig config, int render_type, GLXContext share_list, Bool direct);
GLXContext CreateContextAttribsARB(Display* dpy, GLXFBConfig config, GLXContext share_list, Bool direct,
                                   const int* attributes);
void DestroyContext(Display* dpy, GLXContext context);
Bool IsDirect(Display* dpy, GLXContext context);
int QueryContext(Display* dpy, GLXContext context, int attribute, int* value);
void CopyContext(Display* dpy, GLXContext source, GLXContext destination, unsigned long mask);
Bool MakeContextCurrent(Display* dpy, GLXDrawable draw, GLXDrawable read, GLXContext context);
Bool MakeCurrent(Display* dpy, GLXDrawable drawable, GLXContext context);
// glx_drawables.cpp
GLXWindow CreateWindow(Display* dpy, GLXFBConfig config, Window window, const int* attributes);
void DestroyWindow(Display* dpy, GLXWindow window);
GLXPbuffer CreatePbuffer(Display* dpy, GLXFBConfig config, const int* attributes);
void DestroyPbuffer(Display* dpy, GLXPbuffer pbuffer);
GLXPixmap CreatePixmap(Display* dpy, GLXFBConfig config, Pixmap pixmap, const int* attributes);
void DestroyPixmap(Display* dpy, GLXPixmap pixmap);
GLXPixmap CreateGLXPixmap(Display* dpy, XVisualInfo* visual, Pixmap pixmap);
void DestroyGLXPixmap(Display* dpy, GLXPixmap pixmap);
void QueryDrawable(Display* dpy, GLXDrawable drawable, int attribute, unsigned int* value);
void SelectEvent(Display* dpy, GLXDrawable drawable, unsigned long mask);
void GetSelectedEvent(Display* dpy, GLXDrawable drawable, unsigned long* mask);
void SwapBuffers(Display* dpy, GLXDrawable drawable);
void WaitGL();
void WaitX();
void UseXFont(Font font, int first, int count, int list_base);
const char* QueryExtensionsString(Display* dpy, int screen);
const char* QueryServerString(Display* dpy, int screen, int name);
const char* GetClientString(Display* dpy, int name);
void SwapIntervalEXT(Display* dpy, GLXDrawable drawable, int interval);
int SwapIntervalMESA(unsigned int interval);
int GetSwapIntervalMESA();
int SwapIntervalSGI(int interval);
// glx_query_renderer.cpp
Bool QueryRendererIntegerMESA(Display* dpy, int screen, int renderer, int attribute, unsigned int* value);
Bool QueryCurrentRendererIntegerMESA(int attribute, unsigned int* value);
const char* QueryRendererStringMESA(Display* dpy, int screen, int renderer, int attribute);
const char* QueryCurrentRendererStringMESA(int attribute);
}  // namespace glvk::gl::glx::api
