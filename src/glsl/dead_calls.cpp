#include "dead_calls.h"

#include <glslang/MachineIndependent/localintermediate.h>

#include <vector>

#include "tokens.h"

namespace glvk::glsl::detail {
namespace {

class LiveCalls : public glslang::TIntermTraverser {
 public:
  explicit LiveCalls(std::string_view name) : prefix_(std::string(name) + "(") {}
  int calls = 0;

  bool visitSelection(glslang::TVisit, glslang::TIntermSelection* node) override {
    const glslang::TIntermConstantUnion* condition = node->getCondition()->getAsConstantUnion();
    if (!condition || condition->getConstArray().size() < 1) return true;
    TIntermNode* live = condition->getConstArray()[0].getBConst() ? node->getTrueBlock() : node->getFalseBlock();
    if (live) live->traverse(this);
    return false;
  }
  bool visitAggregate(glslang::TVisit, glslang::TIntermAggregate* node) override {
    if (node->getOp() == glslang::EOpLinkerObjects) return false;
    if (node->getOp() == glslang::EOpFunctionCall && std::string_view(node->getName().c_str()).starts_with(prefix_))
      ++calls;
    return true;
  }

 private:
  std::string prefix_;
};

}  // namespace

std::set<std::string> bodiless_functions(std::string_view log) {
  // glslang: "ERROR: Linking <stage> stage: No function definition (body) found: " and then the
  // mangled name ("f(f1;") on the next line, indented.
  std::set<std::string> names;
  constexpr std::string_view kMessage = "No function definition (body) found:";
  for (std::size_t at = log.find(kMessage); at != std::string_view::npos; at = log.find(kMessage, at + 1)) {
    std::size_t line = log.find('\n', at);
    if (line == std::string_view::npos) break;
    std::size_t begin = line + 1;
    while (begin < log.size() && (log[begin] == ' ' || log[begin] == '\t')) ++begin;
    const std::size_t end = log.find_first_of("(\n", begin);
    if (end != std::string_view::npos && end > begin && log[end] == '(') names.emplace(log.substr(begin, end - begin));
  }
  return names;
}

int live_calls(const glslang::TIntermediate& unit, std::string_view name) {
  LiveCalls finder(name);
  if (unit.getTreeRoot()) unit.getTreeRoot()->traverse(&finder);
  return finder.calls;
}

bool define_prototype(std::string& text, std::string_view name) {
  const std::vector<Token> t = tokenize(text);
  const std::vector<std::size_t> close = closing_brackets(t, '(');
  int depth = 0;
  std::size_t start = 0;  // first token of the current global declaration
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i].directive) {
      start = i + 1;
      continue;
    }
    if (t[i].is('{')) ++depth;
    if (t[i].is('}') && --depth == 0) start = i + 1;
    if (depth != 0) continue;
    if (t[i].is(';')) {
      start = i + 1;
      continue;
    }
    if (!t[i].is(name) || i == start || i + 1 >= t.size() || !t[i + 1].is('(')) continue;
    const std::size_t end = close[i + 1];
    if (end + 1 >= t.size() || !t[end + 1].is(';')) continue;
    const std::string type = text.substr(t[start].begin, t[i].begin - t[start].begin);
    const bool returns = !(i == start + 1 && t[start].is("void"));
    // Never run (every call is in dead code): any value of the type.
    const std::string body = returns ? "{ " + type + " glvk_undefined; return glvk_undefined; }" : "{ }";
    apply_edits(text, {{t[end + 1].begin, t[end + 1].end(), body}});
    return true;
  }
  return false;
}

}  // namespace glvk::glsl::detail
