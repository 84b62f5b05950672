// GLSL ES 1.00 rules that glslang does not check, since it parses 1.00 as 3.10 (glsl_es.h):
// the operators 1.00 reserves and assignment to arrays.
#include <glslang/MachineIndependent/localintermediate.h>

#include <string>

#include "glsl_es.h"
#include "tokens.h"

namespace glvk::glsl::detail {
namespace {

// The line of byte `at` in `text` (1-based).
int line_of(std::string_view text, std::size_t at) {
  int line = 1;
  for (std::size_t i = 0; i < at && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

// Whether tokens[i] and the next token are adjacent characters `c` (`&&`, `<<`, ...).
bool doubled(const std::vector<Token>& tokens, std::size_t i, char c) {
  return i + 1 < tokens.size() && tokens[i + 1].is(c) && tokens[i + 1].begin == tokens[i].begin + 1;
}

class ArrayAssignments : public glslang::TIntermTraverser {
 public:
  std::string errors;
  bool visitBinary(glslang::TVisit, glslang::TIntermBinary* node) override {
    if (node->getOp() == glslang::EOpAssign && node->getLeft()->getType().isArray())
      errors += "ERROR: 0:" + std::to_string(node->getLoc().line) +
                ": '=' : GLSL ES 1.00 forbids assigning to an array (section 5.8)\n";
    return true;
  }
};

}  // namespace

std::string es100_reserved_operator_errors(std::string_view text) {
  const std::vector<Token> tokens = tokenize(text);
  std::string errors;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    // The preprocessor's expressions have these operators (GLSL ES 1.00 3.4).
    if (t.directive || t.kind != TokenKind::Punctuation) continue;
    std::string op;
    if (t.is('%') || t.is('~')) {
      op = std::string(t.text);
    } else if (t.is('<') || t.is('>')) {
      if (doubled(tokens, i, t.text[0])) op = std::string(2, t.text[0]);
    } else if (t.is('&') || t.is('|') || t.is('^')) {
      // `&&`, `||` and `^^` are the logical operators 1.00 has.
      if (doubled(tokens, i, t.text[0])) {
        ++i;
        continue;
      }
      op = std::string(t.text);
    }
    if (op.empty()) continue;
    errors += "ERROR: 0:" + std::to_string(line_of(text, t.begin)) + ": '" + op +
              "' : reserved in GLSL ES 1.00 (section 5.1), with its assignment form\n";
    if (op.size() == 2) ++i;
  }
  return errors;
}

std::string es100_array_assignment_errors(glslang::TIntermediate& stage) {
  ArrayAssignments check;
  if (stage.getTreeRoot()) stage.getTreeRoot()->traverse(&check);
  return check.errors;
}

}  // namespace glvk::glsl::detail
