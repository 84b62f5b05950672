// Xvfb servers on free displays for a test program (started with -displayfd, so no display number
// is guessed), stopped when their object goes (the shared one at exit).
#pragma once

#include <sys/types.h>

#include <string>

namespace glvk::test {

class Xvfb {
 public:
  Xvfb() = default;
  Xvfb(const Xvfb&) = delete;
  Xvfb& operator=(const Xvfb&) = delete;
  ~Xvfb() { stop(); }
  // Starts a server with one screen of `screen` ("WxHxDEPTH"); false with `why` set when Xvfb is
  // missing or does not start.
  bool start(const std::string& screen, std::string& why);
  void stop();
  const std::string& display() const { return display_; }

 private:
  pid_t pid_ = 0;
  std::string display_;
};

// The DISPLAY of the program's shared 24-bit server (started on first use); empty with `why` set
// when it cannot start.
std::string xvfb_display(std::string& why);

// The absolute path of `name` on PATH (empty when it is not there).
std::string find_on_path(const std::string& name);

}  // namespace glvk::test
