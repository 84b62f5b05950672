// Presentation to X11 windows by copy (x11_window.h), shared by the GLX and EGL vendors.
#include "x11_window.h"

#include <sys/ipc.h>
#include <sys/shm.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "glvk/gl/window_system.h"

namespace glvk::gl::x11 {
namespace {

// Xlib's error handler is per process: one trap at a time.
std::mutex& trap_mutex() {
  static auto* mutex = new std::mutex();
  return *mutex;
}
bool trapped_error = false;
int trap_handler(Display*, XErrorEvent*) {
  trapped_error = true;
  return 0;
}

// Runs `request` with X errors trapped; false when it failed or raised an error.
template <typename F>
bool trapping_errors(Display* dpy, F request) {
  std::lock_guard lock(trap_mutex());
  XSync(dpy, False);
  trapped_error = false;
  XErrorHandler previous = XSetErrorHandler(trap_handler);
  const bool ok = request();
  XSync(dpy, False);
  XSetErrorHandler(previous);
  return ok && !trapped_error;
}

void destroy_image(Presenter& p) {
  if (!p.image) return;
  if (p.use_shm) {
    XShmDetach(p.dpy, &p.shm);
    XSync(p.dpy, False);
    shmdt(p.shm.shmaddr);
    p.image->data = nullptr;  // shared memory, not XDestroyImage's to free
  }
  XDestroyImage(p.image);
  p.image = nullptr;
}

// A shared-memory image; false (nothing kept) when the server cannot attach the segment, as on a
// remote connection.
bool create_shm_image(Presenter& p, int width, int height) {
  p.image = XShmCreateImage(p.dpy, p.visual, unsigned(p.depth), ZPixmap, nullptr, &p.shm, unsigned(width),
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
  const bool attached = trapping_errors(p.dpy, [&] { return XShmAttach(p.dpy, &p.shm) != 0; });
  shmctl(p.shm.shmid, IPC_RMID, nullptr);  // freed once both sides detach
  if (attached) return true;
  shmdt(p.shm.shmaddr);
  p.image->data = nullptr;
  XDestroyImage(p.image);
  p.image = nullptr;
  return false;
}

bool ensure_image(Presenter& p, int width, int height) {
  if (p.image && p.image->width == width && p.image->height == height) return true;
  destroy_image(p);
  if (p.use_shm && create_shm_image(p, width, height)) return true;
  p.use_shm = false;
  p.image = XCreateImage(p.dpy, p.visual, unsigned(p.depth), ZPixmap, 0, nullptr, unsigned(width), unsigned(height),
                         32, 0);
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
      const unsigned char* px = row + std::size_t(x) * 4;
      XPutPixel(&image, x, y, place(image.red_mask, px[2]) | place(image.green_mask, px[1]) | place(image.blue_mask, px[0]));
    }
  }
}

}  // namespace

bool window_attributes(Display* dpy, ::Window window, XWindowAttributes& out) {
  return trapping_errors(dpy, [&] { return XGetWindowAttributes(dpy, window, &out) != 0; });
}

bool window_size(Display* dpy, ::Window window, int& width, int& height) {
  ::Window root;
  int x, y;
  unsigned w = 0, h = 0, border, depth;
  if (!XGetGeometry(dpy, window, &root, &x, &y, &w, &h, &border, &depth)) return false;
  width = int(w);
  height = int(h);
  return true;
}

bool pixmap_geometry(Display* dpy, ::Pixmap pixmap, PixmapGeometry& out) {
  if (!pixmap) return false;
  unsigned w = 0, h = 0, border = 0, depth = 0;
  int x = 0, y = 0;
  ::Window root = 0;
  if (!trapping_errors(dpy, [&] { return XGetGeometry(dpy, pixmap, &root, &x, &y, &w, &h, &border, &depth) != 0; }))
    return false;
  XWindowAttributes attributes;
  if (window_attributes(dpy, pixmap, attributes)) return false;  // a window, not a pixmap
  out = PixmapGeometry{root, int(w), int(h), int(depth)};
  return true;
}

namespace {

bool prepare(Presenter& p, Display* dpy, ::Drawable target, Visual* visual, int depth) {
  p.dpy = dpy;
  p.target = target;
  p.visual = visual;
  p.depth = depth;
  p.gc = XCreateGC(dpy, target, 0, nullptr);
  const char* shm = std::getenv("GLVK_XSHM");
  p.use_shm = !(shm && std::strcmp(shm, "0") == 0) && XShmQueryExtension(dpy);
  return p.gc != nullptr;
}

}  // namespace

bool prepare_presenter(Presenter& p, Display* dpy, ::Window window) {
  XWindowAttributes attributes;
  if (!window_attributes(dpy, window, attributes)) return false;
  return prepare(p, dpy, window, attributes.visual, attributes.depth);
}

bool prepare_pixmap_presenter(Presenter& p, Display* dpy, ::Pixmap pixmap, Visual* visual, int depth) {
  p.trap_errors = true;
  bool ok = false;
  // Trapped: the pixmap may be gone already. Then the GC was never made on the server, and
  // freeing it would be an error of its own: only the client's record is dropped (a leak of bytes).
  if (trapping_errors(dpy, [&] { return ok = prepare(p, dpy, pixmap, visual, depth); })) return true;
  p.gc = nullptr;
  return false;
}

void present(Presenter& p, gl::Context& ctx, FramebufferObject& fb, bool back) {
  if (!p.target || !p.gc || !fb.window) return;
  const int width = fb.window->width, height = fb.window->height;
  if (width <= 0 || height <= 0) return;
  p.pixels.resize(std::size_t(width) * std::size_t(height) * 4);
  if (!read_colour_bgra8(ctx, fb, back, p.pixels.data())) return;
  if (!ensure_image(p, width, height)) return;
  fill_image(*p.image, p.pixels.data(), width, height);
  auto put = [&] {
    if (p.use_shm) {
      XShmPutImage(p.dpy, p.target, p.gc, p.image, 0, 0, 0, 0, unsigned(width), unsigned(height), False);
      XSync(p.dpy, False);  // the segment is written again at the next swap
    } else {
      XPutImage(p.dpy, p.target, p.gc, p.image, 0, 0, 0, 0, unsigned(width), unsigned(height));
      XFlush(p.dpy);
    }
    return true;
  };
  if (p.trap_errors)
    trapping_errors(p.dpy, put);
  else
    put();
}

void release_presenter(Presenter& p) {
  if (!p.dpy) return;
  destroy_image(p);
  if (p.gc) XFreeGC(p.dpy, p.gc);
  p.gc = nullptr;
}

void follow_window_size(const std::shared_ptr<st::Screen>& screen, Display* dpy, ::Window window,
                        FramebufferObject& fb, const char* api) {
  int width = 0, height = 0;
  if (!window || !window_size(dpy, window, width, height)) return;
  if (!resize_window_framebuffer(screen, fb, width, height))
    std::fprintf(stderr, "glvk: %s: cannot resize the buffers of window 0x%lx to %dx%d\n", api, window, width, height);
}

}  // namespace glvk::gl::x11
