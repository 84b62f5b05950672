// GLSL ES 1.00 rules that glslang does not check, since it parses 1.00 as 3.10 (glsl_es.h):
// the operators 1.00 reserves, assignment to arrays, and invariance across the stages; and 3.00's
// refusal of `#pragma STDGL invariant(all)` in a fragment shader.
#include <glslang/MachineIndependent/localintermediate.h>

#include <map>
#include <set>
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

std::string es100_function_declaration_errors(Stage stage, std::string_view text) {
  static const std::set<std::string_view> qualifiers = {"const", "in", "out", "inout", "lowp", "mediump", "highp"};
  static const std::set<std::string_view> precisions = {"lowp", "mediump", "highp"};
  const std::vector<Token> t = tokenize(text);
  // The default precisions of the global scope as the text goes (GLSL ES 1.00 4.5.3).
  std::map<std::string_view, std::string_view> defaults = {{"int", "highp"}};
  if (stage == Stage::Vertex) defaults["float"] = "highp";
  else defaults["int"] = "mediump";
  struct Declared {
    std::string precision;  // of the return type
    bool defined = false;
  };
  std::map<std::string, Declared> declared;  // by name and parameter types
  int depth = 0;
  std::size_t start = 0;  // first token of the current global declaration
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i].directive) {
      start = i + 1;
      continue;
    }
    const bool at_global = depth == 0;
    if (t[i].is('{')) ++depth;
    if (t[i].is('}') && --depth == 0) start = i + 1;
    if (!at_global || (!t[i].is(';') && !t[i].is('{'))) continue;
    // [precision] type name ( parameters ) followed by ';' or '{', from `start` to `i`.
    const std::size_t begin = start;
    if (t[i].is(';')) start = i + 1;
    if (i - begin == 3 && t[begin].is("precision")) {  // precision P T;
      defaults[t[begin + 2].text] = t[begin + 1].text;
      continue;
    }
    if (i < begin + 4 || !t[i - 1].is(')')) continue;
    std::size_t open = begin;
    while (open < i && !t[open].is('(')) ++open;
    if (open < begin + 2 || open >= i || !t[open - 1].identifier()) continue;
    std::string_view precision;
    std::string_view type = t[open - 2].text;
    for (std::size_t k = begin; k + 2 < open; ++k)
      if (precisions.count(t[k].text)) precision = t[k].text;
    if (precision.empty() && defaults.count(type)) precision = defaults[type];
    // The signature: the name and each parameter's type and array size, without qualifiers or names.
    std::string key = std::string(t[open - 1].text) + "(";
    std::vector<std::string_view> parameter;
    auto end_parameter = [&] {
      if (parameter.size() >= 2 && parameter[1] != "[") parameter.erase(parameter.begin() + 1);  // its name
      for (std::string_view p : parameter) key += std::string(p) + " ";
      key += ",";
      parameter.clear();
    };
    for (std::size_t k = open + 1; k + 1 < i; ++k) {
      if (t[k].is(',')) end_parameter();
      else if (!qualifiers.count(t[k].text) && !t[k].is("void")) parameter.push_back(t[k].text);
    }
    end_parameter();
    Declared& d = declared[key];
    const bool definition = t[i].is('{');
    const std::string where = "ERROR: 0:" + std::to_string(line_of(text, t[open - 1].begin)) + ": '" +
                              std::string(t[open - 1].text) + "' : ";
    if (!definition && !d.precision.empty() && !d.defined)
      return where + "function prototype declared twice (GLSL ES 1.00 4.2.7)\n";
    if (!d.precision.empty() && d.precision != std::string(precision))
      return where + "return precision differs from its declaration's (GLSL ES 1.00 6.1)\n";
    d.precision = precision.empty() ? "none" : std::string(precision);
    d.defined = d.defined || definition;
  }
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
