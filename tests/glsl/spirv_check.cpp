#include "spirv_check.h"

#include <spirv-tools/libspirv.hpp>

#include <sstream>

namespace glvk::glsl::test {

bool spirv_valid(const std::vector<std::uint32_t>& words, std::string* log) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
  std::string messages;
  tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t&, const char* m) {
    messages += m;
    messages += '\n';
  });
  const bool ok = tools.Validate(words);
  if (log) *log = messages;
  return ok;
}

std::string disassemble(const std::vector<std::uint32_t>& words) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
  std::string text;
  tools.Disassemble(words, &text, SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES | SPV_BINARY_TO_TEXT_OPTION_NO_HEADER);
  return text;
}

long decoration(const std::string& disassembly, const std::string& name, const std::string& decoration) {
  std::istringstream lines(disassembly);
  const std::string prefix = "OpDecorate %" + name + " " + decoration + " ";
  for (std::string line; std::getline(lines, line);) {
    const std::size_t at = line.find(prefix);
    if (at != std::string::npos) return std::stol(line.substr(at + prefix.size()));
  }
  return -1;
}

}  // namespace glvk::glsl::test
