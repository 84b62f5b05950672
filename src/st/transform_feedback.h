// Transform feedback capture of a draw (GL 4.6 13.3 on VK_EXT_transform_feedback): the bindings
// and counter buffer a captured draw records.
#pragma once

#include <array>

#include "glvk/st/draw.h"
#include "glvk/vk_backend/commands.h"
#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/draw.h"

namespace glvk::st {

// Fills the record's transform feedback fields from the capture (`buffers` holds the bindings
// the record points at), marks the buffers used by the open batch and valid where captured.
void record_transform_feedback(const TransformFeedbackInput& input, const vk_backend::Device& device,
                               vk_backend::CommandStream& stream,
                               std::array<vk_backend::DrawXfbBuffer, kMaxTransformFeedbackBuffers>& buffers,
                               vk_backend::DrawRecord& record);

}  // namespace glvk::st
