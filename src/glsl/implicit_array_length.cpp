// length() of implicitly sized arrays (GL_ARB_shader_storage_buffer_object, GLSL 4.30 4.1.9): the
// size comes from the largest constant index the program uses, at link. glslang refuses the
// method on such arrays, so the calls are replaced by the size before it parses (see source.h).
#include <algorithm>
#include <set>
#include <unordered_map>

#include "source.h"
#include "tokens.h"

namespace glvk::glsl::detail {
namespace {

// Names of the implicitly sized arrays the text declares in code or at global scope without a
// storage qualifier (`float a[];` at the start of a statement; inputs such as a geometry shader's
// `in vec4 v[];` are sized by glslang from the primitive). A storage block's or struct's last
// `T a[];` is a run-time array glslang sizes itself.
std::vector<std::string> implicit_arrays(const std::vector<Token>& t) {
  static const std::set<std::string_view> qualifiers = {
      "in",     "out",       "inout",  "uniform", "buffer",        "shared",   "varying",
      "attribute", "patch",  "const",  "flat",    "smooth",        "noperspective", "centroid",
      "sample", "invariant", "precise", "highp",  "mediump",       "lowp",     "return"};
  std::vector<std::string> names;
  // Whether each unclosed '{' opens code (a function body or a compound statement: after ')', a
  // statement, another brace, `else` or `do`) rather than a block or struct.
  std::vector<bool> code;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i].is('{')) {
      const Token* before = i > 0 ? &t[i - 1] : nullptr;
      code.push_back(before && (before->is(')') || before->is(';') || before->is('{') || before->is('}') ||
                                before->is("else") || before->is("do")));
    } else if (t[i].is('}')) {
      if (!code.empty()) code.pop_back();
    }
    const bool statement_start = i == 0 || t[i].line_start || t[i - 1].is(';') || t[i - 1].is('{') || t[i - 1].is('}');
    if (statement_start && i + 4 < t.size() && t[i].identifier() && t[i + 1].identifier() && t[i + 2].is('[') &&
        t[i + 3].is(']') && t[i + 4].is(';') && !qualifiers.count(t[i].text) && (code.empty() || code.back()))
      names.emplace_back(t[i + 1].text);
  }
  return names;
}

// `N` or `Nu`: a constant index as the user wrote it (saturated: it only sizes the array).
long constant_index(std::string_view s) {
  if (!s.empty() && (s.back() == 'u' || s.back() == 'U')) s.remove_suffix(1);
  if (s.empty() || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; })) return -1;
  long value = 0;
  for (char c : s) value = std::min(value * 10 + (c - '0'), 1L << 40);
  return value;
}

// What the texts do with each implicitly sized array.
struct ArrayUses {
  std::vector<std::pair<std::size_t, TextEdit>> length_calls;  // text index, the call's span
  long largest = -1;                                           // constant index
  std::vector<std::size_t> indexed_by_length_of;               // `a[b.length()]`: b's position in names
};

}  // namespace

void replace_implicit_array_lengths(const std::vector<std::string*>& texts, bool at_link) {
  std::vector<std::vector<Token>> tokens;
  std::vector<std::string> names;
  std::set<std::string> seen;
  for (const std::string* text : texts) {
    tokens.push_back(tokenize(*text));
    for (std::string& n : implicit_arrays(tokens.back()))
      if (seen.insert(n).second) names.push_back(std::move(n));
  }
  if (names.empty()) return;
  std::vector<ArrayUses> uses(names.size());
  std::unordered_map<std::string_view, std::size_t> positions;
  for (std::size_t a = 0; a < names.size(); ++a) positions.emplace(names[a], a);
  auto position = [&](std::string_view name) {
    const auto found = positions.find(name);
    return found == positions.end() ? names.size() : found->second;
  };
  // `name . length ( )` at token i: the array's position in names, or names.size().
  auto length_call = [&](const std::vector<Token>& t, std::size_t i) {
    if (i + 4 >= t.size() || !t[i].identifier() || !t[i + 1].is('.') || !t[i + 2].is("length") || !t[i + 3].is('(') ||
        !t[i + 4].is(')'))
      return names.size();
    return position(t[i].text);
  };
  for (std::size_t n = 0; n < texts.size(); ++n) {
    const std::vector<Token>& t = tokens[n];
    for (std::size_t i = 0; i < t.size(); ++i) {
      if (!t[i].identifier()) continue;
      const std::size_t array = length_call(t, i);
      if (array < names.size()) {
        uses[array].length_calls.push_back({n, {t[i].begin, t[i + 4].end(), {}}});
        continue;
      }
      if (i + 3 >= t.size() || !t[i + 1].is('[')) continue;
      const std::size_t indexed = position(t[i].text);
      if (indexed == names.size()) continue;
      // GLSL 1.20 4.1.9: the size is one more than the largest constant index used.
      if (t[i + 3].is(']') && t[i + 2].kind == TokenKind::Number)
        uses[indexed].largest = std::max(uses[indexed].largest, constant_index(t[i + 2].text));
      const std::size_t other = length_call(t, i + 2);
      if (other < names.size() && i + 7 < t.size() && t[i + 7].is(']'))
        uses[indexed].indexed_by_length_of.push_back(other);
    }
  }
  // In declaration order, each array's calls replaced by its size: a replaced `b.length()` is
  // then a constant index of the arrays after b.
  std::vector<long> sizes(names.size(), -1);
  std::vector<std::vector<TextEdit>> edits(texts.size());
  for (std::size_t a = 0; a < names.size(); ++a) {
    ArrayUses& u = uses[a];
    if (u.length_calls.empty()) continue;
    for (std::size_t other : u.indexed_by_length_of)
      if (other < a && sizes[other] >= 0) u.largest = std::max(u.largest, sizes[other]);
    // A compilation unit alone may not index the array (another unit of the stage does): it
    // compiles with a stand-in, the link decides. Without any index the call stays glslang's error.
    if (u.largest < 0 && at_link) continue;
    sizes[a] = u.largest < 0 ? 1 : u.largest + 1;
    for (auto& [text, call] : u.length_calls) {
      call.replacement = std::to_string(sizes[a]);
      edits[text].push_back(call);
    }
  }
  for (std::size_t n = 0; n < texts.size(); ++n) apply_edits(*texts[n], std::move(edits[n]));
}

}  // namespace glvk::glsl::detail
