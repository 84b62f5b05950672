#include "glvk/vk_backend/error.h"

#include "vk_names.h"

namespace glvk::vk_backend {

void check(VkResult result, const char* what) {
  if (result >= 0) return;
  const char* name = name_of(result);
  throw Error(std::string(what) + " failed: " + (name ? name : std::to_string(int(result))), result);
}

}  // namespace glvk::vk_backend
