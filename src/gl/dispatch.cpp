#include "glvk/gl/dispatch.h"

#include <cstdio>
#include <cstring>

#include "glvk/gl/context.h"

namespace glvk::gl {

void* get_proc_address(const char* name) {
  if (!name) return nullptr;
  std::size_t low = 0, high = kEntryPointCount;
  while (low < high) {
    const std::size_t mid = (low + high) / 2;
    const int order = std::strcmp(kEntryPoints[mid].name, name);
    if (order == 0) return kEntryPoints[mid].address;
    if (order < 0)
      low = mid + 1;
    else
      high = mid;
  }
  return nullptr;
}

std::span<const char* const> advertised_extensions(bool core_profile) {
  if (core_profile) return {kAdvertisedExtensions, kCoreProfileExtensionCount};
  return {kAdvertisedExtensions + kCoreOnlyExtensionCount, kAdvertisedExtensionCount - kCoreOnlyExtensionCount};
}

void report_unimplemented(std::atomic<bool>& reported, const char* name) {
  Context* context = current_context();
  // Without a context nothing can be recorded; the first call with one reports.
  if (!context || reported.exchange(true)) return;
  if (debug_enabled("api")) std::fprintf(stderr, "glvk api: %s is not implemented\n", name);
  context->error(GL_INVALID_OPERATION, "%s is not implemented by glvk", name);
}

void between_begin_end(Context& context, const char* name) {
  context.error(GL_INVALID_OPERATION, "%s: not allowed between glBegin and glEnd", name);
}

void report_exception(Context& context, const char* name) {
  if (debug_enabled("api")) std::fprintf(stderr, "glvk api: %s failed inside glvk\n", name);
  context.error(GL_OUT_OF_MEMORY, "%s failed: the device could not complete it", name);
}

}  // namespace glvk::gl
