#include "commands.h"

#include <cstdio>

namespace glvk::tools {

int run_info(Args) {
  std::fprintf(stderr, "glvk info: device bring-up is not built yet\n");
  return 1;
}

}  // namespace glvk::tools
