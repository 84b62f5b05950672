#include "xvfb.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>

namespace glvk::test {

std::string find_on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  const std::string dirs = path ? path : "/usr/bin:/bin";
  std::size_t start = 0;
  for (;;) {
    const std::size_t end = dirs.find(':', start);
    const std::string dir = dirs.substr(start, end == std::string::npos ? std::string::npos : end - start);
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
    if (end == std::string::npos) return {};
    start = end + 1;
  }
}

bool Xvfb::start(const std::string& screen, std::string& why) {
  const std::string xvfb = find_on_path("Xvfb");
  if (xvfb.empty()) {
    why = "Xvfb is not installed (scripts/setup installs the xvfb package)";
    return false;
  }
  int fds[2];
  if (pipe(fds) != 0) {
    why = "pipe failed";
    return false;
  }
  pid_ = fork();
  if (pid_ == 0) {
    close(fds[0]);
    const std::string fd = std::to_string(fds[1]);
    execl(xvfb.c_str(), "Xvfb", "-displayfd", fd.c_str(), "-screen", "0", screen.c_str(), "-nolisten", "tcp",
          static_cast<char*>(nullptr));
    _exit(127);
  }
  close(fds[1]);
  std::string number;
  char c;
  while (pid_ > 0 && read(fds[0], &c, 1) == 1 && c != '\n') number += c;
  close(fds[0]);
  if (number.empty()) {
    why = "Xvfb did not start (no display number on -displayfd)";
    stop();
    return false;
  }
  display_ = ":" + number;
  return true;
}

void Xvfb::stop() {
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
  }
  pid_ = 0;
  display_.clear();
}

std::string xvfb_display(std::string& why) {
  static auto* shared = new Xvfb();  // stopped at exit by the handler below, not by static destruction order
  if (shared->display().empty()) {
    // 24-bit TrueColor: the visuals glvk renders to.
    if (!shared->start("640x480x24", why)) return {};
    std::atexit([] { shared->stop(); });
  }
  return shared->display();
}

}  // namespace glvk::test
