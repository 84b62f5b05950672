#include "commands.h"

namespace glvk::tools {

// Until the GL path exists, `glvk run` shows what device it would run on.
int run_run(Args args) { return run_info(args); }

}  // namespace glvk::tools
