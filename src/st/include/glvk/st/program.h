// Linked GLSL programs as the device runs them: the compiler's SPIR-V and reflection
// (src/glsl), one VkShaderModule per stage, and the descriptor set and pipeline layouts the
// program's resources need. src/gl keeps one per linked program object; draws take it.
#pragma once

#include <array>
#include <memory>
#include <span>
#include <string>
#include <vector>

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
  friend std::shared_ptr<Program> program_from_reflection(const std::shared_ptr<Screen>&, glsl::Program);
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

// A program from a linked reflection (glsl::link's, glProgramBinary's, a program pipeline's):
// its device objects. A device failure leaves linked() false with the reason in the log.
std::shared_ptr<Program> program_from_reflection(const std::shared_ptr<Screen>& screen, glsl::Program reflection);

// Separate shader objects (GL 4.6 7.4): the program a program pipeline draws with, made of the
// stages of the linked programs `programs` (stage_program[s]: the index of stage s's program, -1:
// none; glsl::combine_pipeline). `default_block_bases` receives where each program's default
// block lies in the combined one.
std::shared_ptr<Program> pipeline_program(const std::shared_ptr<Screen>& screen, std::span<const Program* const> programs,
                                          const std::array<int, glsl::kStageCount>& stage_program,
                                          std::vector<std::uint32_t>& default_block_bases);

// Whether the device takes GL's [-w, w] clip-space depth in the pipeline; when not, programs are
// linked with glsl::LinkOptions::lower_depth_range.
bool device_has_gl_depth_range(Screen& screen);

}  // namespace glvk::st
