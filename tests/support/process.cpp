#include "process.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

extern char** environ;

namespace glvk::test {
std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

ProcessResult run_process(const std::vector<std::string>& argv, const std::string& input,
                          const std::vector<std::pair<std::string, std::string>>& env) {
  // Files, not pipes: no deadlock whatever the child writes, and binary data passes unchanged.
  char dir_template[] = "/tmp/glvk-test-XXXXXX";
  const char* dir = mkdtemp(dir_template);
  if (!dir) throw std::runtime_error("mkdtemp failed");
  const std::string in_path = std::string(dir) + "/in", out_path = std::string(dir) + "/out",
                    err_path = std::string(dir) + "/err";
  std::ofstream(in_path, std::ios::binary).write(input.data(), std::streamsize(input.size()));

  std::vector<std::string> environment;
  for (char** e = environ; *e; ++e) {
    const std::string entry = *e;
    bool replaced = false;
    for (const auto& [name, value] : env) replaced |= entry.compare(0, name.size() + 1, name + "=") == 0;
    if (!replaced) environment.push_back(entry);
  }
  for (const auto& [name, value] : env)
    if (!value.empty()) environment.push_back(name + "=" + value);

  std::vector<char*> c_argv, c_env;
  for (const std::string& a : argv) c_argv.push_back(const_cast<char*>(a.c_str()));
  c_argv.push_back(nullptr);
  for (const std::string& e : environment) c_env.push_back(const_cast<char*>(e.c_str()));
  c_env.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, in_path.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  pid_t pid = 0;
  const int spawn_error = posix_spawn(&pid, c_argv[0], &actions, nullptr, c_argv.data(), c_env.data());
  posix_spawn_file_actions_destroy(&actions);

  ProcessResult result;
  if (spawn_error == 0) {
    int status = 0;
    waitpid(pid, &status, 0);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    result.out = read_file(out_path);
    result.err = read_file(err_path);
  } else {
    result.err = std::string("posix_spawn failed: ") + std::strerror(spawn_error);
  }
  std::remove(in_path.c_str());
  std::remove(out_path.c_str());
  std::remove(err_path.c_str());
  rmdir(dir);
  return result;
}

}  // namespace glvk::test
