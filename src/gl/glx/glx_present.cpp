// The X side of GLX: errors raised as the server would raise them, and presentation of a
// window's default framebuffer by copying its shown (front) buffer into the window with
// XShmPutImage when MIT-SHM works on the connection, else XPutImage. The pixels come back through
// src/gl and src/st (read_front_bgra8); nothing here knows Vulkan.
#include <sys/ipc.h>
#include <sys/shm.h>

#include <cstdlib>
#include <cstring>
#include <map>

#include "glvk/gl/window_system.h"
#include "glx_objects.h"

extern "C" void glvk_glx_raise_x_error(Display* dpy, unsigned char code, XID resource, unsigned char major_opcode,
                                       unsigned char minor_opcode);

namespace glvk::gl::glx {
namespace {

struct GlxCodes {
  int major_opcode = 0, error_base = 0;
};

// The GLX extension's opcode and first error on a connection (one round trip per display).
GlxCodes glx_codes(Display* dpy) {
  static std::mutex mutex;
  static auto* cache = new std::map<Display*, GlxCodes>();
  std::lock_guard lock(mutex);
  auto [it, inserted] = cache->try_emplace(dpy);
  if (inserted) {
    int event_base = 0;
    if (!XQueryExtension(dpy, "GLX", &it->second.major_opcode, &event_base, &it->second.error_base))
      it->second = GlxCodes{};
  }
  return it->second;
}

bool trapped_error = false;
int trap_handler(Display*, XErrorEvent*) {
  trapped_error = true;
  return 0;
}

void destroy_image(Presenter& p, Display* dpy) {
  if (!p.image) return;
  if (p.use_shm) {
    XShmDetach(dpy, &p.shm);
    XSync(dpy, False);
    shmdt(p.shm.shmaddr);
    p.image->data = nullptr;  // shared memory, not XDestroyImage's to free
  }
  XDestroyImage(p.image);
  p.image = nullptr;
}

// A shared-memory image; false (nothing kept) when the server cannot attach the segment, as on a
// remote connection.
bool create_shm_image(Presenter& p, Display* dpy, int width, int height) {
  p.image = XShmCreateImage(dpy, p.visual, unsigned(p.depth), ZPixmap, nullptr, &p.shm, unsigned(width),
                            unsigned(height));
  if (!p.image) return false;
  p.shm.shmid = shmget(IPC_PRIVATE, std::size_t(p.image->bytes_per_line) * std::size_t(height), IPC_CREAT | 0600);
  if (p.shm.shmid < 0) {
    XDestroyImage(p.image);
    p.image = nullptr;
    return false;
  }
  p.shm.shmaddr = p.image->data = static_cast<char*>(shmat(p.shm.shmid, nullptr, 0));
  p.shm.readOnly = False;
  XSync(dpy, False);
  trapped_error = false;
  XErrorHandler previous = XSetErrorHandler(trap_handler);
  const Status attached = XShmAttach(dpy, &p.shm);
  XSync(dpy, False);
  XSetErrorHandler(previous);
  shmctl(p.shm.shmid, IPC_RMID, nullptr);  // freed once both sides detach
  if (attached && !trapped_error) return true;
  shmdt(p.shm.shmaddr);
  p.image->data = nullptr;
  XDestroyImage(p.image);
  p.image = nullptr;
  return false;
}

bool ensure_image(Presenter& p, Display* dpy, int width, int height) {
  if (p.image && p.image->width == width && p.image->height == height) return true;
  destroy_image(p, dpy);
  if (p.use_shm && create_shm_image(p, dpy, width, height)) return true;
  p.use_shm = false;
  p.image = XCreateImage(dpy, p.visual, unsigned(p.depth), ZPixmap, 0, nullptr, unsigned(width), unsigned(height), 32,
                         0);
  if (!p.image) return false;
  p.image->data = static_cast<char*>(std::malloc(std::size_t(p.image->bytes_per_line) * std::size_t(height)));
  return p.image->data != nullptr;
}

// The GL rows (bottom first, B G R A bytes) into the X image (top first, the visual's layout).
void fill_image(XImage& image, const unsigned char* pixels, int width, int height) {
  const bool direct = image.bits_per_pixel == 32 && image.byte_order == LSBFirst && image.red_mask == 0xff0000 &&
                      image.green_mask == 0xff00 && image.blue_mask == 0xff;
  for (int y = 0; y < height; ++y) {
    const unsigned char* row = pixels + std::size_t(height - 1 - y) * std::size_t(width) * 4;
    if (direct) {
      std::memcpy(image.data + std::size_t(y) * std::size_t(image.bytes_per_line), row, std::size_t(width) * 4);
      continue;
    }
    // Any other TrueColor layout: place each 8-bit channel at its mask.
    auto place = [](unsigned long mask, unsigned value) {
      const int shift = __builtin_ctzl(mask);
      return (static_cast<unsigned long>(value) << shift) & mask;
    };
    for (int x = 0; x < width; ++x) {
      const unsigned char* p = row + std::size_t(x) * 4;
      XPutPixel(&image, x, y, place(image.red_mask, p[2]) | place(image.green_mask, p[1]) | place(image.blue_mask, p[0]));
    }
  }
}

}  // namespace

void raise_x_error(Display* dpy, unsigned char code, XID resource, unsigned char minor_opcode) {
  glvk_glx_raise_x_error(dpy, code, resource, static_cast<unsigned char>(glx_codes(dpy).major_opcode), minor_opcode);
}

void raise_glx_error(Display* dpy, unsigned char glx_code, XID resource, unsigned char minor_opcode) {
  const GlxCodes codes = glx_codes(dpy);
  glvk_glx_raise_x_error(dpy, static_cast<unsigned char>(codes.error_base + glx_code), resource,
                         static_cast<unsigned char>(codes.major_opcode), minor_opcode);
}

bool window_size(Display* dpy, Window window, int& width, int& height) {
  Window root;
  int x, y;
  unsigned w = 0, h = 0, border, depth;
  if (!XGetGeometry(dpy, window, &root, &x, &y, &w, &h, &border, &depth)) return false;
  width = int(w);
  height = int(h);
  return true;
}

bool window_attributes(Display* dpy, Window window, XWindowAttributes& out) {
  XSync(dpy, False);
  trapped_error = false;
  XErrorHandler previous = XSetErrorHandler(trap_handler);
  const Status ok = XGetWindowAttributes(dpy, window, &out);
  XSync(dpy, False);
  XSetErrorHandler(previous);
  return ok && !trapped_error;
}

bool prepare_presenter(Drawable& d) {
  XWindowAttributes attributes;
  if (!window_attributes(d.dpy, d.window, attributes)) return false;
  Presenter& p = d.presenter;
  p.visual = attributes.visual;
  p.depth = attributes.depth;
  p.gc = XCreateGC(d.dpy, d.window, 0, nullptr);
  const char* shm = std::getenv("GLVK_XSHM");
  p.use_shm = !(shm && std::strcmp(shm, "0") == 0) && XShmQueryExtension(d.dpy);
  return p.gc != nullptr;
}

void present(gl::Context& ctx, Drawable& d) {
  if (!d.window || !d.framebuffer || !d.framebuffer->window) return;
  const int width = d.framebuffer->window->width, height = d.framebuffer->window->height;
  Presenter& p = d.presenter;
  if (width <= 0 || height <= 0 || !p.gc) return;
  p.pixels.resize(std::size_t(width) * std::size_t(height) * 4);
  if (!read_front_bgra8(ctx, *d.framebuffer, p.pixels.data())) return;
  if (!ensure_image(p, d.dpy, width, height)) return;
  fill_image(*p.image, p.pixels.data(), width, height);
  if (p.use_shm) {
    XShmPutImage(d.dpy, d.window, p.gc, p.image, 0, 0, 0, 0, unsigned(width), unsigned(height), False);
    XSync(d.dpy, False);  // the segment is written again at the next swap
  } else {
    XPutImage(d.dpy, d.window, p.gc, p.image, 0, 0, 0, 0, unsigned(width), unsigned(height));
    XFlush(d.dpy);
  }
}

void release_presenter(Drawable& d) {
  destroy_image(d.presenter, d.dpy);
  if (d.presenter.gc) XFreeGC(d.dpy, d.presenter.gc);
  d.presenter.gc = nullptr;
}

}  // namespace glvk::gl::glx
