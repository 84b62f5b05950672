// Cross-stage interface checks glslang leaves to the GL implementation.
#pragma once

#include <glslang/Public/ShaderLang.h>

#include "glvk/glsl/compiler.h"

#include <array>
#include <set>
#include <string>
#include <vector>

namespace glslang {
class TIntermediate;
class TIntermSymbol;
}  // namespace glslang

namespace glvk::glsl::detail {

// GLSL 1.50 4.3.8.1: once one fragment compilation unit of a program redeclares gl_FragCoord,
// every unit using it redeclares it, all with the same layout qualifiers; false with the message
// in `log`. On success the units that neither redeclare nor use it get the same redeclaration
// (glslang compares every unit's conventions; frag_coord_redeclaration.cpp).
bool unify_frag_coord_redeclarations(const std::vector<std::string*>& fragment_units, std::string& log);

// GL 4.6 7.4.1: a statically used input needs an output of the previous stage with the same name
// (or block name), or the same explicit location. False with the messages in `log`.
bool check_stage_interfaces(const glslang::TProgram& program, std::string& log);

// A separable program (7.4: GLSL 1.50 and later) whose stages pass gl_PerVertex members from one
// to the next must redeclare the block in the producing stage (`texts`: each stage's sources; as
// Mesa checks it). False with the messages in `log`.
bool check_separable_builtin_blocks(const glslang::TProgram& program,
                                    const std::array<std::string, kStageCount>& texts, std::string& log);

// glslang 12 takes a tessellation evaluation shader's `patch in T a[N]` for a per-vertex input
// array (its TIntermediate::isIoResizeArray checks the patch qualifier for the control stage only),
// so its cross-stage check compares the evaluation side without its only dimension against the
// control shader's `patch out T a[N]` and refuses the link ("Array sizes must be compatible").
// hide() takes such inputs of a compilation unit out of that check (their declaration's storage
// is "global" while TProgram::link runs); restore() puts them back, before anything else reads
// the linked program; check_patch_inputs() matches them as GL does (GLSL 4.00 4.3.4).
class HiddenPatchInputs {
 public:
  HiddenPatchInputs() = default;
  HiddenPatchInputs(const HiddenPatchInputs&) = delete;
  HiddenPatchInputs& operator=(const HiddenPatchInputs&) = delete;
  ~HiddenPatchInputs() { restore(); }
  void hide(glslang::TIntermediate& evaluation_unit);
  // Also hidden (but not in names()): inputs of `consumer_unit` with an explicit location whose
  // name an output of the producing stage also has, at another explicit location. GL matches
  // such variables by location (GL 4.6 7.4.1), glslang by name ("Layout location qualifier must
  // match"); check_stage_interfaces matches them by location afterwards.
  void hide_location_matched(glslang::TIntermediate& consumer_unit,
                             const std::vector<const glslang::TIntermediate*>& producer_units);
  void restore();
  const std::set<std::string>& names() const { return names_; }

 private:
  std::vector<glslang::TIntermSymbol*> hidden_;
  std::set<std::string> names_;
};

// The hidden per-patch inputs of the evaluation stage against the outputs of the same name of the
// stage before it: a per-patch output of the same type, array sizes included. False with the
// messages in `log`.
bool check_patch_inputs(const glslang::TProgram& program, const std::set<std::string>& names, std::string& log);

// The user-defined inputs (or outputs) of a stage declared with layout(location), by the name GL
// matches them by: a separable program's interface to another program rendezvous by location.
std::set<std::string> explicit_location_names(const glslang::TIntermediate& stage, bool inputs);

}  // namespace glvk::glsl::detail
