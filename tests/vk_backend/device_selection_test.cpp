#include <gtest/gtest.h>

#include <vector>

#include "glvk/vk_backend/device_selection.h"

namespace glvk::vk_backend {
namespace {

const std::vector<DeviceCandidate> kCpuThenGpu = {
    {"llvmpipe (LLVM 15.0.6, 256 bits)", VK_PHYSICAL_DEVICE_TYPE_CPU},
    {"AMD Radeon RX 580 Series (RADV POLARIS10)", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU},
    {"Intel(R) UHD Graphics 620 (KBL GT2)", VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU},
};

TEST(DeviceSelection, DefaultPrefersFirstNonCpuDevice) {
  const DeviceChoice choice = choose_physical_device(kCpuThenGpu, "");
  ASSERT_TRUE(choice.index.has_value());
  EXPECT_EQ(*choice.index, 1u);
}

TEST(DeviceSelection, DefaultFallsBackToCpuDevice) {
  const std::vector<DeviceCandidate> only_cpu = {{"llvmpipe (LLVM 15.0.6, 256 bits)", VK_PHYSICAL_DEVICE_TYPE_CPU}};
  const DeviceChoice choice = choose_physical_device(only_cpu, "");
  ASSERT_TRUE(choice.index.has_value());
  EXPECT_EQ(*choice.index, 0u);
}

TEST(DeviceSelection, OverrideByIndex) {
  EXPECT_EQ(choose_physical_device(kCpuThenGpu, "0").index, 0u);
  EXPECT_EQ(choose_physical_device(kCpuThenGpu, "2").index, 2u);
}

TEST(DeviceSelection, OverrideByNameSubstringIgnoresCase) {
  EXPECT_EQ(choose_physical_device(kCpuThenGpu, "LLVMPIPE").index, 0u);
  EXPECT_EQ(choose_physical_device(kCpuThenGpu, "polaris").index, 1u);
  EXPECT_EQ(choose_physical_device(kCpuThenGpu, "uhd graphics").index, 2u);
}

TEST(DeviceSelection, UnknownNameIsAnErrorListingEveryDevice) {
  const DeviceChoice choice = choose_physical_device(kCpuThenGpu, "nonexistent");
  EXPECT_FALSE(choice.index.has_value());
  EXPECT_NE(choice.error.find("GLVK_DEVICE=nonexistent"), std::string::npos) << choice.error;
  for (const DeviceCandidate& c : kCpuThenGpu) EXPECT_NE(choice.error.find(c.name), std::string::npos) << choice.error;
}

TEST(DeviceSelection, IndexOutOfRangeIsAnError) {
  const DeviceChoice choice = choose_physical_device(kCpuThenGpu, "3");
  EXPECT_FALSE(choice.index.has_value());
  EXPECT_NE(choice.error.find("out of range"), std::string::npos) << choice.error;
  EXPECT_NE(choice.error.find("llvmpipe"), std::string::npos) << choice.error;
}

TEST(DeviceSelection, HugeOrSignedIndexIsTreatedAsAName) {
  // Not an index (sign, overflow): looked up as a name, matches nothing, error instead of wrap-around.
  EXPECT_FALSE(choose_physical_device(kCpuThenGpu, "-1").index.has_value());
  EXPECT_FALSE(choose_physical_device(kCpuThenGpu, "99999999999999999999").index.has_value());
}

TEST(DeviceSelection, NoDevicesIsAnError) {
  const DeviceChoice choice = choose_physical_device({}, "");
  EXPECT_FALSE(choice.index.has_value());
  EXPECT_NE(choice.error.find("no Vulkan device"), std::string::npos);
}

// RADV's null device (RADV_FORCE_FAMILY) lists itself as a GPU with no memory types.
const std::vector<DeviceCandidate> kNullGpuThenCpu = {
    {"AMD RADV TONGA", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU, 0},
    {"llvmpipe (LLVM 15.0.6, 256 bits)", VK_PHYSICAL_DEVICE_TYPE_CPU, 3},
};

TEST(DeviceSelection, DefaultSkipsDevicesWithoutMemoryTypes) {
  EXPECT_EQ(choose_physical_device(kNullGpuThenCpu, "").index, 1u);
}

TEST(DeviceSelection, OverrideNamingADeviceWithoutMemoryTypesIsAnError) {
  for (const char* override_value : {"tonga", "0"}) {
    const DeviceChoice choice = choose_physical_device(kNullGpuThenCpu, override_value);
    EXPECT_FALSE(choice.index.has_value()) << override_value;
    EXPECT_NE(choice.error.find("AMD RADV TONGA has no memory types"), std::string::npos) << choice.error;
    EXPECT_NE(choice.error.find("llvmpipe"), std::string::npos) << choice.error;
  }
}

TEST(DeviceSelection, OnlyDevicesWithoutMemoryTypesIsAnError) {
  const std::vector<DeviceCandidate> only_null = {kNullGpuThenCpu[0]};
  const DeviceChoice choice = choose_physical_device(only_null, "");
  EXPECT_FALSE(choice.index.has_value());
  EXPECT_NE(choice.error.find("no usable Vulkan device"), std::string::npos) << choice.error;
  EXPECT_NE(choice.error.find("no memory types"), std::string::npos) << choice.error;
}

}  // namespace
}  // namespace glvk::vk_backend
