// The glvk command's subcommands. Each lives in its own cmd_*.cpp and is listed once in main.cpp.
#pragma once

#include <span>
#include <string_view>

namespace glvk::tools {

using Args = std::span<const std::string_view>;

// Each returns the process exit status; errors are printed to stderr as "glvk <cmd>: <message>".
int run_info(Args args);
int run_run(Args args);
int run_formats(Args args);
int run_convert(Args args);
int run_amd(Args args);
int run_amd_compare(Args args);  // glvk amd compare (cmd_amd_compare.cpp)
int run_amd_caps(Args args);     // glvk amd caps (cmd_amd_caps.cpp)

}  // namespace glvk::tools
