// Transform feedback capture layout (GL 4.6 11.1.2.1, glTransformFeedbackVaryings): the names
// resolved against the last vertex-processing stage's outputs, the link errors the section names,
// and the text that copies each captured varying into an output with xfb layout qualifiers, so
// glslang emits the XfbBuffer/XfbStride/Offset decorations and the Xfb execution mode.
#pragma once

#include <glslang/MachineIndependent/localintermediate.h>

#include "glvk/glsl/compiler.h"
#include "source.h"

namespace glvk::glsl::detail {

// Fills out.xfb_varyings, out.xfb_strides and `capture`; false with the link error in out.log.
bool plan_xfb(const glslang::TIntermediate& last_stage, const LinkOptions& options, Program& out,
              XfbCapture& capture);

// The module with each named Output variable decorated XfbBuffer, Offset and XfbStride, the
// TransformFeedback capability and the entry point's Xfb execution mode (what glslang emits for
// xfb layout qualifiers).
std::vector<std::uint32_t> with_xfb_decorations(const std::vector<std::uint32_t>& words,
                                                const std::vector<XfbDecoration>& decorations);

}  // namespace glvk::glsl::detail
