// length() of implicitly sized arrays (GL_ARB_shader_storage_buffer_object, GLSL 4.30 4.1.9): the
// size comes from the largest constant index the program uses, at link. glslang refuses the
// method on such arrays, so the calls are replaced by the size before it parses (see source.h).
#include <algorithm>
#include <regex>

#include "source.h"

namespace glvk::glsl::detail {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

// True when the declaration at `at` is at global scope or in a function's code, not a member of
// a block or struct (a storage block's last `T a[];` is a run-time array glslang sizes itself).
bool in_code_or_global_scope(const std::string& text, std::size_t at) {
  std::vector<std::size_t> open;  // positions of the unclosed '{'
  for (std::size_t i = 0; i < at; ++i) {
    if (text[i] == '{') open.push_back(i);
    else if (text[i] == '}' && !open.empty()) open.pop_back();
  }
  if (open.empty()) return true;
  std::size_t k = open.back();
  while (k > 0 && is_space(text[k - 1])) --k;
  if (k == 0) return false;
  const char before = text[k - 1];
  // A function body or control statement follows ')'; a nested compound statement follows a
  // statement or another brace; `else {` and `do {` are code too.
  if (before == ')' || before == ';' || before == '{' || before == '}') return true;
  return (k >= 4 && text.compare(k - 4, 4, "else") == 0) || (k >= 2 && text.compare(k - 2, 2, "do") == 0);
}

// Names of the implicitly sized arrays the text declares in code or at global scope without a
// storage qualifier (`float a[];`; inputs such as a geometry shader's `in vec4 v[];` are sized by
// glslang from the primitive).
std::vector<std::string> implicit_arrays(const std::string& text) {
  static const std::regex declaration(R"((^|[;{}\n])\s*([A-Za-z_]\w*)\s+([A-Za-z_]\w*)\s*\[\s*\]\s*;)");
  static const std::regex qualifier(
      "in|out|inout|uniform|buffer|shared|varying|attribute|patch|const|flat|smooth|noperspective|centroid|"
      "sample|invariant|precise|highp|mediump|lowp|return");
  std::vector<std::string> names;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), declaration); it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    if (std::regex_match(m[2].str(), qualifier)) continue;
    if (!in_code_or_global_scope(text, static_cast<std::size_t>(m.position(2)))) continue;
    names.push_back(m[3].str());
  }
  return names;
}

}  // namespace

void replace_implicit_array_lengths(const std::vector<std::string*>& texts, bool at_link) {
  std::vector<std::string> names;
  for (const std::string* t : texts)
    for (std::string& n : implicit_arrays(*t))
      if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(std::move(n));
  for (const std::string& name : names) {
    const std::regex length("\\b" + name + R"(\s*\.\s*length\s*\(\s*\))");
    if (std::none_of(texts.begin(), texts.end(), [&](const std::string* t) { return std::regex_search(*t, length); }))
      continue;
    // GLSL 1.20 4.1.9: the size is one more than the largest constant index used.
    const std::regex index("\\b" + name + R"(\s*\[\s*(\d+)[uU]?\s*\])");
    long largest = -1;
    for (const std::string* t : texts)
      for (auto it = std::sregex_iterator(t->begin(), t->end(), index); it != std::sregex_iterator(); ++it)
        largest = std::max(largest, std::stol((*it)[1].str()));
    // A compilation unit alone may not index the array (another unit of the stage does): it
    // compiles with a stand-in, the link decides. Without any index the call stays glslang's error.
    if (largest < 0 && at_link) continue;
    const std::string size = std::to_string(largest < 0 ? 1 : largest + 1);
    for (std::string* t : texts) *t = std::regex_replace(*t, length, size);
  }
}

}  // namespace glvk::glsl::detail
