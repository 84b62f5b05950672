#include "storage_blocks.h"

#include <array>

#include "glslang_shader.h"
#include "tokens.h"

namespace glvk::glsl::detail {

std::vector<std::string> size_inner_unsized_storage_members(std::string& text) {
  const std::vector<Token> tokens = tokenize(text);
  const std::vector<std::size_t> close = closing_brackets(tokens, '{');
  std::vector<std::string> names;
  std::vector<TextEdit> edits;
  for (std::size_t i = 0; i + 2 < tokens.size(); ++i) {
    if (tokens[i].directive || !tokens[i].is("buffer") || !tokens[i + 1].identifier() || !tokens[i + 2].is('{')) continue;
    const std::size_t end = close[i + 2];
    if (end >= tokens.size()) break;
    // The members: declarations ending in ';' at the block's own depth (a member's unsized
    // dimension is "[]" right before that ';').
    std::vector<std::size_t> unsized;  // index of the ']' of each member ending in "[]"
    std::size_t depth = 0;
    for (std::size_t j = i + 3; j < end; ++j) {
      if (tokens[j].is('{')) ++depth;
      if (tokens[j].is('}')) --depth;
      if (depth != 0 || !tokens[j].is(';')) continue;
      if (tokens[j - 1].is(']') && tokens[j - 2].is('[')) unsized.push_back(j - 1);
      else unsized.push_back(0);
    }
    for (std::size_t m = 0; m + 1 < unsized.size(); ++m) {
      const std::size_t bracket = unsized[m];
      if (bracket == 0) continue;
      // Sized by its constant indices like any implicitly sized array (GLSL 4.30 4.1.9), which
      // glslang does: only a member never indexed, or indexed by a variable, has no size.
      const std::string_view member = tokens[bracket - 2].text;
      bool indexed = false, variable = false;
      for (std::size_t k = end + 1; k + 3 < tokens.size(); ++k) {
        if (!tokens[k].is(member) || !tokens[k + 1].is('[')) continue;
        indexed = true;
        if (tokens[k + 2].kind != TokenKind::Number || !tokens[k + 3].is(']')) variable = true;
      }
      if (indexed && !variable) continue;
      names.push_back(std::string(tokens[i + 1].text) + "." + std::string(tokens[bracket - 2].text));
      edits.push_back({tokens[bracket].begin, tokens[bracket].begin, "1"});
    }
    i = end;
  }
  apply_edits(text, std::move(edits));
  return names;
}

std::string storage_block_limit_error(const Program& program, const BuiltInLimits& limits) {
  std::array<int, kStageCount> per_stage{};
  int combined = 0;
  for (const UniformBlock& block : program.blocks) {
    if (!block.storage || is_atomic_counter_block(block)) continue;
    for (std::size_t s = 0; s < kStageCount; ++s)
      if (block.stages & (1u << s)) {
        ++per_stage[s];
        ++combined;
      }
  }
  std::string log;
  for (std::size_t s = 0; s < kStageCount; ++s) {
    const Stage stage = static_cast<Stage>(s);
    const int limit = stage == Stage::Fragment  ? limits.max_fragment_shader_storage_blocks
                      : stage == Stage::Compute ? limits.max_compute_shader_storage_blocks
                                                : limits.max_vertex_shader_storage_blocks;
    if (limit > 0 && per_stage[s] > limit)
      log += "ERROR: the " + std::string(stage_name(stage)) + " stage uses " + std::to_string(per_stage[s]) +
             " shader storage blocks, more than its " + std::to_string(limit) + "\n";
  }
  if (limits.max_combined_shader_storage_blocks > 0 && combined > limits.max_combined_shader_storage_blocks)
    log += "ERROR: the program's stages use " + std::to_string(combined) + " shader storage blocks, more than " +
           std::to_string(limits.max_combined_shader_storage_blocks) + " (MAX_COMBINED_SHADER_STORAGE_BLOCKS)\n";
  return log;
}

}  // namespace glvk::glsl::detail
