#include "float_literals.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "tokens.h"

namespace glvk::glsl::detail {

void round_float_literals(std::string& text) {
  std::vector<TextEdit> edits;
  for (const Token& t : tokenize(text)) {
    if (t.kind != TokenKind::Number || t.text.size() > 64) continue;
    std::string digits(t.text);
    if (digits.size() > 1 && (digits[1] == 'x' || digits[1] == 'X')) continue;  // hexadecimal: an integer
    std::string suffix;
    if (digits.back() == 'f' || digits.back() == 'F') {
      suffix = digits.back();
      digits.pop_back();
      // "lf"/"LF": a double literal, kept as written.
      if (!digits.empty() && (digits.back() == 'l' || digits.back() == 'L')) continue;
    }
    if (digits.find_first_of(".eE") == std::string::npos) continue;  // an integer
    char* end = nullptr;
    const double value = std::strtod(digits.c_str(), &end);
    if (end != digits.c_str() + digits.size()) continue;  // malformed: glslang reports it
    const float single = static_cast<float>(value);
    if (static_cast<double>(single) == value) continue;
    std::string replacement;
    if (std::isinf(single)) {
      replacement = "(1.0/0.0)";
    } else {
      char buffer[32];
      std::snprintf(buffer, sizeof buffer, "%.9g", static_cast<double>(single));  // 9 digits read back exactly
      replacement = buffer;
      if (replacement.find_first_of(".e") == std::string::npos) replacement += ".0";
      replacement += suffix;
    }
    edits.push_back({t.begin, t.end(), replacement});
  }
  apply_edits(text, std::move(edits));
}

}  // namespace glvk::glsl::detail
