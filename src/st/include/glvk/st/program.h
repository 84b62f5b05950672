// Linked GLSL programs as the device runs them: the compiler's SPIR-V and reflection
// (src/glsl), one VkShaderModule per stage, and the descriptor set and pipeline layouts the
// program's resources need. src/gl keeps one per linked program object; draws take it.
#pragma once

#include <memory>
#include <span>
#include <string>

#include "glvk/glsl/compiler.h"

namespace glvk::st {

class Screen;

class Program {
 public:
  ~Program();
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  const glsl::Program& reflection() const { return reflection_; }
  bool linked() const { return reflection_.ok; }

  struct Impl;
  Impl& impl() const { return *impl_; }

 private:
  friend std::shared_ptr<Program> link_program(const std::shared_ptr<Screen>&, std::span<const glsl::ShaderSource>,
                                               const glsl::LinkOptions&);
  Program() = default;
  std::shared_ptr<Screen> screen_;
  glsl::Program reflection_;
  std::unique_ptr<Impl> impl_;
};

// glLinkProgram's work: compiles and links the stages, and on success creates the device
// objects. A program that fails to link is returned with linked() false and the log; a device
// failure is reported the same way (a GL link failure with the reason in the log).
std::shared_ptr<Program> link_program(const std::shared_ptr<Screen>& screen, std::span<const glsl::ShaderSource> shaders,
                                      const glsl::LinkOptions& options);

// Whether the device takes GL's [-w, w] clip-space depth in the pipeline; when not, programs are
// linked with glsl::LinkOptions::lower_depth_range.
bool device_has_gl_depth_range(Screen& screen);

}  // namespace glvk::st
