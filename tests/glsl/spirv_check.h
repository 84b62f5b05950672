// SPIR-V inspection for the tests through SPIRV-Tools itself (not glvk's editor): validation and
// the disassembly with friendly names, so a test can look for "OpDecorate %tex Binding 2".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace glvk::glsl::test {

// True when spirv-val for Vulkan 1.1 accepts the module; messages in `log`.
bool spirv_valid(const std::vector<std::uint32_t>& words, std::string* log = nullptr);
std::string disassemble(const std::vector<std::uint32_t>& words);
// The literal of "OpDecorate %<name> <decoration> N" in the disassembly, or -1.
long decoration(const std::string& disassembly, const std::string& name, const std::string& decoration);

}  // namespace glvk::glsl::test
