// Fence sync objects (EGL 1.5 3.8, EGL_KHR_fence_sync, EGL_KHR_wait_sync): a point of the
// screen's command stream, after the commands the current context recorded so far. Every context of
// a screen records into that one stream in command order, so a server wait (eglWaitSync) has nothing
// to wait for; client waits submit the fence's work first (as glClientWaitSync does), whatever
// EGL_SYNC_FLUSH_COMMANDS_BIT says, so that a wait never waits on work that is not submitted.
#include <cstdint>
#include <vector>

#include "egl_api.h"
#include "egl_objects.h"
#include "glvk/st/context.h"

namespace glvk::gl::egl {
namespace {

Display::Sync* find_sync(Display& display, EGLSync sync) {
  const auto found = display.syncs.find(sync);
  return found != display.syncs.end() ? found->second.get() : nullptr;
}

// eglCreateSync(KHR): `bad_type` is the error of an unknown type (EGL 1.5: EGL_BAD_PARAMETER;
// EGL_KHR_fence_sync: EGL_BAD_ATTRIBUTE).
EGLSync create_sync(EGLDisplay dpy, EGLenum type, bool attributes_given, EGLint bad_type) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_NO_SYNC;
  if (type != EGL_SYNC_FENCE) return fail(bad_type, EGL_NO_SYNC);
  if (attributes_given) return fail(EGL_BAD_ATTRIBUTE, EGL_NO_SYNC);  // a fence takes none
  // The fence is the current context's: there must be one, of this display.
  ContextObject* c = thread_context();
  if (!c || !display->contexts.count(c)) return fail(EGL_BAD_MATCH, EGL_NO_SYNC);
  auto sync = std::make_unique<Display::Sync>();
  sync->fence = c->gl->st().fence();
  sync->screen = c->gl->st().shared_screen();
  void* handle = sync.get();
  display->syncs.emplace(handle, std::move(sync));
  set_error(EGL_SUCCESS);
  return handle;
}

// eglGetSyncAttrib(KHR); `value` untouched on an error.
template <typename T>
EGLBoolean get_sync_attrib(EGLDisplay dpy, EGLSync sync, EGLint attribute, T* value) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_FALSE;
  Display::Sync* s = find_sync(*display, sync);
  if (!s) return fail(EGL_BAD_PARAMETER, EGL_FALSE);
  T v = 0;
  switch (attribute) {
    case EGL_SYNC_TYPE: v = EGL_SYNC_FENCE; break;
    case EGL_SYNC_STATUS: v = st::fence_signaled(*s->screen, s->fence) ? EGL_SIGNALED : EGL_UNSIGNALED; break;
    case EGL_SYNC_CONDITION: v = EGL_SYNC_PRIOR_COMMANDS_COMPLETE; break;
    default: return fail(EGL_BAD_ATTRIBUTE, EGL_FALSE);
  }
  if (!value) return fail(EGL_BAD_PARAMETER, EGL_FALSE);
  *value = v;
  set_error(EGL_SUCCESS);
  return EGL_TRUE;
}

}  // namespace

namespace api {

EGLSync CreateSync(EGLDisplay dpy, EGLenum type, const EGLAttrib* attrib_list) {
  return create_sync(dpy, type, attrib_list && attrib_list[0] != EGL_NONE, EGL_BAD_PARAMETER);
}

EGLSyncKHR CreateSyncKHR(EGLDisplay dpy, EGLenum type, const EGLint* attrib_list) {
  return create_sync(dpy, type, attrib_list && attrib_list[0] != EGL_NONE, EGL_BAD_ATTRIBUTE);
}

EGLBoolean DestroySync(EGLDisplay dpy, EGLSync sync) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_FALSE;
  if (!display->syncs.erase(sync)) return fail(EGL_BAD_PARAMETER, EGL_FALSE);
  set_error(EGL_SUCCESS);
  return EGL_TRUE;
}

EGLBoolean DestroySyncKHR(EGLDisplay dpy, EGLSyncKHR sync) { return DestroySync(dpy, sync); }

EGLint ClientWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags, EGLTime timeout) {
  std::shared_ptr<st::Screen> screen;
  std::uint64_t fence = 0;
  {
    std::lock_guard lock(egl_mutex());
    Display* display = checked_display(dpy);
    if (!display) return EGL_FALSE;
    Display::Sync* s = find_sync(*display, sync);
    if (!s) return fail(EGL_BAD_PARAMETER, EGLint(EGL_FALSE));
    if (flags & ~EGL_SYNC_FLUSH_COMMANDS_BIT) return fail(EGL_BAD_PARAMETER, EGLint(EGL_FALSE));
    screen = s->screen;
    fence = s->fence;
  }
  // Waited for without EGL's lock: other threads may signal, query or destroy meanwhile (the
  // screen is kept by this call).
  const bool signaled = st::fence_wait(*screen, fence, true, timeout);
  set_error(EGL_SUCCESS);
  return signaled ? EGL_CONDITION_SATISFIED : EGL_TIMEOUT_EXPIRED;
}

EGLint ClientWaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags, EGLTimeKHR timeout) {
  return ClientWaitSync(dpy, sync, flags, timeout);
}

EGLBoolean GetSyncAttrib(EGLDisplay dpy, EGLSync sync, EGLint attribute, EGLAttrib* value) {
  return get_sync_attrib(dpy, sync, attribute, value);
}

EGLBoolean GetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute, EGLint* value) {
  return get_sync_attrib(dpy, sync, attribute, value);
}

EGLBoolean WaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_FALSE;
  if (!find_sync(*display, sync) || flags != 0) return fail(EGL_BAD_PARAMETER, EGL_FALSE);
  ContextObject* c = thread_context();
  if (!c || !display->contexts.count(c)) return fail(EGL_BAD_MATCH, EGL_FALSE);
  // One stream for every context: the commands after this point already follow the fence.
  set_error(EGL_SUCCESS);
  return EGL_TRUE;
}

EGLint WaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags) { return WaitSync(dpy, sync, flags); }

}  // namespace api
}  // namespace glvk::gl::egl
