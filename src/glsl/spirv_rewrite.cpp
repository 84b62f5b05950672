// The skeleton the instruction-replacing SPIR-V passes share (spirv_round_even.cpp,
// spirv_unpack_half.cpp): the module copied instruction by instruction, some instructions replaced,
// and the types and constants the replacements need placed before the first function.
#include <cstring>

#include "spirv_edit.h"

namespace glvk::glsl::detail {

std::uint32_t glsl_std_450_import(const std::vector<SpirvInstruction>& code) {
  for (const SpirvInstruction& in : code)
    if (in.op == spv::OpExtInstImport && in.words.size() >= 3 &&
        std::strncmp(reinterpret_cast<const char*>(&in.words[2]), "GLSL.std.450", 12) == 0)
      return in.words[1];
  return 0;
}

std::vector<std::uint32_t> rewrite_module(const std::vector<std::uint32_t>& words,
                                          const std::vector<SpirvInstruction>& code, ModuleRewrite& rewrite,
                                          const std::function<bool(const SpirvInstruction&)>& replace) {
  std::size_t functions_begin = 0;  // in `body`: where the first function starts
  bool in_functions = false;
  for (const SpirvInstruction& in : code) {
    if (in.op == spv::OpFunction && !in_functions) {
      in_functions = true;
      functions_begin = rewrite.body.size();
    }
    if (!replace(in)) rewrite.body.insert(rewrite.body.end(), in.words.begin(), in.words.end());
  }
  if (!in_functions) return words;
  constexpr std::size_t kHeaderWords = 5;
  std::vector<std::uint32_t> out(words.begin(), words.begin() + kHeaderWords);
  out[3] = rewrite.bound;
  out.insert(out.end(), rewrite.body.begin(), rewrite.body.begin() + std::ptrdiff_t(functions_begin));
  out.insert(out.end(), rewrite.globals.begin(), rewrite.globals.end());
  out.insert(out.end(), rewrite.body.begin() + std::ptrdiff_t(functions_begin), rewrite.body.end());
  return out;
}

}  // namespace glvk::glsl::detail
