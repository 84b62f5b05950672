#include "vulkan_fixture.h"

namespace glvk::test {

void VulkanTest::SetUp() {
  // Quiet the sink's stderr echo: the assertion in TearDown prints every message anyway.
  sink_ = std::make_shared<vk_backend::DebugSink>(VK_DEBUG_UTILS_MESSAGE_SEVERITY_FLAG_BITS_MAX_ENUM_EXT);
  instance_ = std::make_unique<vk_backend::Instance>(vk_backend::InstanceOptions{"glvk-tests", true, sink_});
  // Tests always run on lavapipe, whatever else the machine has, so results do not depend on a GPU.
  device_ = std::make_unique<vk_backend::Device>(*instance_, instance_->choose_physical_device("llvmpipe"));
}

void VulkanTest::TearDown() {
  device_.reset();
  instance_.reset();
  for (const vk_backend::DebugMessage& m : sink_->errors()) ADD_FAILURE() << "validation error: " << m.text;
  for (const vk_backend::DebugMessage& m : sink_->warnings()) ADD_FAILURE() << "validation warning: " << m.text;
}

}  // namespace glvk::test
