#include "atomic_counters.h"

#include <glslang/MachineIndependent/localintermediate.h>

#include <array>
#include <map>
#include <set>
#include <vector>

#include "glvk/glsl/compiler.h"
#include "glslang_shader.h"
#include "linker_objects.h"
#include "tokens.h"

namespace glvk::glsl::detail {
namespace {

// One counter (or counter array) of a stage, as the relaxed rules placed it.
struct Counter {
  std::string name;
  std::uint32_t binding = 0;
  std::uint32_t offset = 0;
  std::uint32_t elements = 1;
  glslang::TSourceLoc loc;
};

// The counters a stage declares: the members of its gl_AtomicCounterBlock_N blocks.
std::vector<Counter> stage_counters(const glslang::TIntermediate& stage) {
  std::vector<Counter> out;
  for_each_linker_object(stage, [&](const glslang::TIntermSymbol& symbol) {
    const glslang::TType& type = symbol.getType();
    const std::string block = type.getBasicType() == glslang::EbtBlock ? type.getTypeName().c_str() : "";
    if (!block.starts_with(kAtomicCounterBlockPrefix) || !type.getStruct()) return;
    const auto binding = static_cast<std::uint32_t>(std::stoul(block.substr(kAtomicCounterBlockPrefix.size())));
    // A counter without offset follows the previous one of its binding (GLSL 4.20 4.4.4.3); the
    // members are in declaration order and glslang assigns the implied offsets only later.
    std::uint32_t next = 0;
    for (const glslang::TTypeLoc& member : *type.getStruct()) {
      Counter c;
      c.name = member.type->getFieldName().c_str();
      c.binding = binding;
      const glslang::TQualifier& q = member.type->getQualifier();
      c.offset = q.hasOffset() ? static_cast<std::uint32_t>(q.layoutOffset) : next;
      c.elements = member.type->isArray() ? static_cast<std::uint32_t>(member.type->getCumulativeArraySize()) : 1;
      next = c.offset + 4 * c.elements;
      c.loc = member.loc;
      out.push_back(std::move(c));
    }
  });
  return out;
}

}  // namespace

void drop_default_uniform_counter_qualifiers(std::string& text) {
  const std::vector<Token> tokens = tokenize(text);
  const std::vector<std::size_t> close = closing_brackets(tokens, '(');
  std::vector<TextEdit> edits;
  for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
    if (tokens[i].directive || !tokens[i].is("layout") || !tokens[i + 1].is('(')) continue;
    const std::size_t c = close[i + 1];
    if (c + 2 >= tokens.size() || !tokens[c + 1].is("uniform") || !tokens[c + 2].is(';')) continue;
    // The qualifier ids: comma-separated at the parenthesis' own depth.
    std::vector<std::string> kept;
    bool dropped = false;
    std::size_t first = i + 2;
    int depth = 0;
    for (std::size_t j = i + 2; j <= c; ++j) {
      if (j < c && tokens[j].is('(')) ++depth;
      if (j < c && tokens[j].is(')')) --depth;
      if (j < c && (depth > 0 || !tokens[j].is(','))) continue;
      if (first < j) {
        if (tokens[first].is("binding") || tokens[first].is("offset")) dropped = true;
        else kept.emplace_back(text.substr(tokens[first].begin, tokens[j - 1].end() - tokens[first].begin));
      }
      first = j + 1;
    }
    if (!dropped) continue;
    const std::size_t begin = tokens[i].begin, end = tokens[c + 2].end();
    std::string replacement;
    if (!kept.empty()) {
      replacement = "layout(";
      for (std::size_t k = 0; k < kept.size(); ++k) replacement += (k ? ", " : "") + kept[k];
      replacement += ") uniform;";
    }
    // The line breaks the declaration spanned, so the lines after it keep their numbers.
    for (std::size_t p = begin; p < end; ++p)
      if (text[p] == '\n') replacement += '\n';
    edits.push_back({begin, end, std::move(replacement)});
    i = c + 2;
  }
  apply_edits(text, std::move(edits));
}

std::string atomic_counter_binding_errors(const glslang::TIntermediate& stage) {
  std::string log;
  for (const Counter& c : stage_counters(stage))
    if (c.binding >= kMaxAtomicCounterBindings)
      log += "ERROR: " + std::to_string(c.loc.string) + ":" + std::to_string(c.loc.line) + ": '" + c.name +
             "' : atomic counter binding " + std::to_string(c.binding) + " is not below gl_MaxAtomicCounterBindings (" +
             std::to_string(kMaxAtomicCounterBindings) + ")\n";
  return log;
}

std::string atomic_counter_link_error(const std::vector<std::pair<Stage, const glslang::TIntermediate*>>& units) {
  std::string log;
  std::array<std::map<std::string, Counter>, kStageCount> stages;
  std::map<std::string, Counter> by_name;
  for (const auto& [stage, unit] : units)
    for (const Counter& c : stage_counters(*unit)) {
      stages[std::size_t(stage)].emplace(c.name, c);
      auto [it, inserted] = by_name.emplace(c.name, c);
      if (!inserted && (it->second.binding != c.binding || it->second.offset != c.offset))
        log += "ERROR: atomic counter '" + c.name + "' is declared with binding " + std::to_string(it->second.binding) +
               ", offset " + std::to_string(it->second.offset) + " and with binding " + std::to_string(c.binding) +
               ", offset " + std::to_string(c.offset) + "\n";
    }
  std::uint32_t combined_counters = 0, combined_buffers = 0;
  for (std::size_t s = 0; s < kStageCount; ++s) {
    std::uint32_t counters = 0;
    std::set<std::uint32_t> buffers;
    for (const auto& [name, c] : stages[s]) {
      counters += c.elements;
      buffers.insert(c.binding);
    }
    const std::string stage = stage_name(static_cast<Stage>(s));
    if (counters > kMaxAtomicCounters)
      log += "ERROR: the " + stage + " stage uses " + std::to_string(counters) + " atomic counters, more than its " +
             std::to_string(kMaxAtomicCounters) + "\n";
    if (buffers.size() > kMaxAtomicCounterBindings)
      log += "ERROR: the " + stage + " stage uses " + std::to_string(buffers.size()) +
             " atomic counter buffers, more than its " + std::to_string(kMaxAtomicCounterBindings) + "\n";
    combined_counters += counters;
    combined_buffers += static_cast<std::uint32_t>(buffers.size());
  }
  if (combined_counters > kMaxAtomicCounters)
    log += "ERROR: the program uses " + std::to_string(combined_counters) + " atomic counters, more than " +
           std::to_string(kMaxAtomicCounters) + " (MAX_COMBINED_ATOMIC_COUNTERS)\n";
  if (combined_buffers > kMaxAtomicCounterBindings)
    log += "ERROR: the program's stages use " + std::to_string(combined_buffers) + " atomic counter buffers, more than " +
           std::to_string(kMaxAtomicCounterBindings) + " (MAX_COMBINED_ATOMIC_COUNTER_BUFFERS)\n";
  return log;
}

}  // namespace glvk::glsl::detail
