// Runs a program the way a user would (for tests of the glvk command and of C programs).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace glvk::test {

struct ProcessResult {
  int exit_code = -1;  // the exit status, or 128 + signal number when killed by a signal
  std::string out;
  std::string err;
};

// The whole content of a file (empty when it cannot be read).
std::string read_file(const std::string& path);

// Runs argv[0] (a path) with argv, `input` on stdin, and the current environment plus `env`
// (NAME, value pairs; an empty value unsets NAME). Waits for it to finish.
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& input = {},
                          const std::vector<std::pair<std::string, std::string>>& env = {});

}  // namespace glvk::test
