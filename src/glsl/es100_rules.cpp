// GLSL ES 1.00 rules that glslang does not check, since it parses 1.00 as 3.10 (glsl_es.h):
// the operators 1.00 reserves, assignment to arrays, and invariance across the stages; and 3.00's
// refusal of `#pragma STDGL invariant(all)` in a fragment shader.
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

// `#pragma STDGL invariant(all)` starting at tokens[i].
bool invariant_all_pragma(const std::vector<Token>& tokens, std::size_t i) {
  return tokens[i].directive && tokens[i].is("pragma") && i + 4 < tokens.size() && tokens[i + 1].is("STDGL") &&
         tokens[i + 2].is("invariant") && tokens[i + 3].is('(') && tokens[i + 4].is("all");
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

void es100_fold_constant_sequences(std::string& text) {
  const std::vector<Token> t = tokenize(text);
  const std::vector<std::size_t> closing = closing_brackets(t, '(');
  std::vector<std::pair<std::size_t, std::size_t>> blanks;  // byte ranges
  int braces = 0;
  bool in_const = false;  // a declaration that began with `const`
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i].directive) continue;
    const bool statement_start = i == 0 || t[i - 1].is(';') || t[i - 1].is('{') || t[i - 1].is('}');
    if (statement_start) in_const = t[i].is("const");
    if (t[i].is('{')) ++braces;
    if (t[i].is('}')) braces = braces > 0 ? braces - 1 : 0;
    if (!t[i].is('(') || (braces > 0 && !in_const)) continue;
    // A grouping parenthesis: not a call's, constructor's or statement's (those follow a name or ']').
    if (i > 0 && (t[i - 1].identifier() || t[i - 1].is(']'))) continue;
    const std::size_t close = closing[i];
    if (close >= t.size()) break;
    std::size_t last_comma = 0;
    int depth = 0;
    for (std::size_t k = i + 1; k < close; ++k) {
      if (t[k].is('(') || t[k].is('[') || t[k].is('{')) ++depth;
      else if (t[k].is(')') || t[k].is(']') || t[k].is('}')) --depth;
      else if (depth == 0 && t[k].is(',')) last_comma = k;
    }
    if (last_comma) blanks.push_back({t[i + 1].begin, t[last_comma].end()});
  }
  // Nested groups lie inside an outer group's blanked range or its kept operand: blank from the last.
  for (auto it = blanks.rbegin(); it != blanks.rend(); ++it) blank(text, it->first, it->second);
}

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

std::string es_invariant_all_error(Stage stage, const VersionInfo& version, std::string_view text) {
  if (!version.es || version.version < 300 || stage != Stage::Fragment) return {};
  const std::vector<Token> tokens = tokenize(text);
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (invariant_all_pragma(tokens, i))
      return "ERROR: 0:" + std::to_string(line_of(text, tokens[i].begin)) +
             ": '#pragma STDGL invariant(all)' : not allowed in a fragment shader (GLSL ES 3.00 4.6.1)\n";
  return {};
}

std::string es100_array_assignment_errors(glslang::TIntermediate& stage) {
  ArrayAssignments check;
  if (stage.getTreeRoot()) stage.getTreeRoot()->traverse(&check);
  return check.errors;
}

std::set<std::string> es100_invariants(Stage stage, std::string& text) {
  std::set<std::string> names;
  const std::vector<Token> tokens = tokenize(text);
  std::vector<std::pair<std::size_t, std::size_t>> blanks;  // byte ranges
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    // #pragma STDGL invariant(all): every output of the vertex shader.
    if (invariant_all_pragma(tokens, i)) {
      names.insert(std::string(kInvariantAll));
      continue;
    }
    if (t.directive || !t.is("invariant")) continue;
    std::size_t end = i + 1;
    while (end < tokens.size() && !tokens[end].is(';')) ++end;
    if (end >= tokens.size()) break;
    const bool declaration = i + 1 < end && tokens[i + 1].is("varying");
    for (std::size_t j = i + 1; j < end; ++j) {
      // A declaration names what precedes ',' or ';' (or an array's '['); a redeclaration names
      // every identifier.
      const bool named = tokens[j].identifier() &&
                         (!declaration || tokens[j + 1].is(',') || tokens[j + 1].is(';') || tokens[j + 1].is('['));
      if (named) names.insert(std::string(tokens[j].text));
    }
    // glslang's 3.10 rules take no invariant fragment input: the qualifier goes, the check is
    // es100_invariance_error's at link.
    if (stage == Stage::Fragment) blanks.push_back(declaration ? std::pair{t.begin, t.end()} : std::pair{t.begin, tokens[end].end()});
    i = end;
  }
  for (const auto& [begin, end] : blanks) blank(text, begin, end);
  return names;
}

std::string es100_invariance_error(const std::set<std::string>& vertex, const std::set<std::string>& fragment) {
  const bool all = vertex.count(std::string(kInvariantAll)) != 0;
  auto invariant_output = [&](const std::string& name) { return all || vertex.count(name) != 0; };
  // GLSL ES 1.00 4.6.4: gl_FragCoord and gl_FrontFacing follow gl_Position, gl_PointCoord follows
  // gl_PointSize, and a varying is invariant in both shaders or in neither.
  static const std::pair<const char*, const char*> kBuiltIns[] = {
      {"gl_FragCoord", "gl_Position"}, {"gl_FrontFacing", "gl_Position"}, {"gl_PointCoord", "gl_PointSize"}};
  for (const auto& [input, output] : kBuiltIns)
    if (fragment.count(input) && !invariant_output(output))
      return "error: " + std::string(input) + " is invariant in the fragment shader but " + output +
             " is not invariant in the vertex shader (GLSL ES 1.00 4.6.4)\n";
  for (const std::string& name : fragment)
    if (name.rfind("gl_", 0) != 0 && !invariant_output(name))
      return "error: varying '" + name + "' is invariant in the fragment shader only (GLSL ES 1.00 4.6.4)\n";
  return {};
}

}  // namespace glvk::glsl::detail
