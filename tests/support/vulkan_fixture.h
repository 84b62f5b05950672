// Integration fixture: a device on lavapipe with VK_LAYER_KHRONOS_validation enabled.
// Any validation error or warning reported during a test fails it.
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "glvk/vk_backend/device.h"

namespace glvk::test {

class VulkanTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  // The validation messages so far; tests that provoke one on purpose clear it with sink().clear().
  vk_backend::DebugSink& sink() { return *sink_; }
  vk_backend::Device& device() { return *device_; }
  vk_backend::Instance& instance() { return *instance_; }

 private:
  std::shared_ptr<vk_backend::DebugSink> sink_;
  std::unique_ptr<vk_backend::Instance> instance_;
  std::unique_ptr<vk_backend::Device> device_;
};

}  // namespace glvk::test
