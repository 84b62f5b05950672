// glvk: the project's command-line front door. Subcommands are listed in one table.
#include "commands.h"

#include <cstdio>
#include <string_view>
#include <vector>

namespace {

struct Command {
  std::string_view name;
  std::string_view summary;
  int (*run)(glvk::tools::Args);
};

constexpr Command kCommands[] = {
    {"run", "run a program (or the bundled demo) on glvk", glvk::tools::run_run},
    {"info", "print the Vulkan device, queues, memory types and format features (--json)", glvk::tools::run_info},
    {"formats", "list the format table, or `show NAME` for every field of one format", glvk::tools::run_formats},
    {"convert", "convert raw pixels stdin -> stdout between formats (--from --to --width --height)",
     glvk::tools::run_convert},
    {"amd", "GCN shadow: encode cb|db, decode an IB, print a shadow stream", glvk::tools::run_amd},
};

void print_usage(std::FILE* out) {
  std::fprintf(out, "usage: glvk <command> [args]\n\ncommands:\n");
  for (const Command& c : kCommands)
    std::fprintf(out, "  %-10.*s %.*s\n", int(c.name.size()), c.name.data(), int(c.summary.size()), c.summary.data());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    print_usage(stderr);
    return 2;
  }
  const std::string_view name = argv[1];
  if (name == "-h" || name == "--help" || name == "help") {
    print_usage(stdout);
    return 0;
  }
  const std::vector<std::string_view> args(argv + 2, argv + argc);
  for (const Command& c : kCommands)
    if (c.name == name) return c.run(args);
  std::fprintf(stderr, "glvk: unknown command '%s'\n", argv[1]);
  print_usage(stderr);
  return 2;
}
