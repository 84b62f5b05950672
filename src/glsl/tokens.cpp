#include "tokens.h"

#include <algorithm>

namespace glvk::glsl::detail {
namespace {

bool identifier_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool digit(char c) { return c >= '0' && c <= '9'; }
bool identifier_char(char c) { return identifier_start(c) || digit(c); }

}  // namespace

std::vector<Token> tokenize(std::string_view s) {
  std::vector<Token> tokens;
  bool line_start = true;
  bool directive = false;
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (c == '\n') {
      line_start = true;
      directive = false;
      ++i;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      ++i;
    } else if (c == '\\' && directive && (s.compare(i + 1, 1, "\n") == 0 || s.compare(i + 1, 2, "\r\n") == 0)) {
      i += s[i + 1] == '\n' ? 2 : 3;  // the directive continues on the next line
    } else if (s.compare(i, 2, "//") == 0) {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (s.compare(i, 2, "/*") == 0) {
      const std::size_t close = s.find("*/", i + 2);
      const std::size_t end = close == std::string_view::npos ? s.size() : close + 2;
      // A comment that spans lines leaves the next token first on its line, but keeps a
      // directive going (the preprocessor reads the comment as one space).
      if (!directive && s.substr(i, end - i).find('\n') != std::string_view::npos) line_start = true;
      i = end;
    } else {
      const std::size_t begin = i;
      TokenKind kind = TokenKind::Punctuation;
      if (identifier_start(c)) {
        kind = TokenKind::Identifier;
        while (i < s.size() && identifier_char(s[i])) ++i;
      } else if (digit(c) || (c == '.' && i + 1 < s.size() && digit(s[i + 1]))) {
        kind = TokenKind::Number;
        const bool hex = c == '0' && i + 1 < s.size() && (s[i + 1] == 'x' || s[i + 1] == 'X');
        ++i;
        while (i < s.size() && (identifier_char(s[i]) || s[i] == '.' ||
                                ((s[i] == '+' || s[i] == '-') && !hex && (s[i - 1] == 'e' || s[i - 1] == 'E'))))
          ++i;
      } else {
        ++i;
        if (c == '#' && line_start) directive = true;
      }
      tokens.push_back({kind, s.substr(begin, i - begin), begin, line_start, directive});
      line_start = false;
    }
  }
  return tokens;
}

std::vector<std::size_t> closing_brackets(const std::vector<Token>& tokens, char open) {
  const char close = open == '(' ? ')' : open == '[' ? ']' : '}';
  std::vector<std::size_t> closes(tokens.size(), 0);
  std::vector<std::size_t> unclosed;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].is(open)) {
      unclosed.push_back(i);
      closes[i] = tokens.size();
    } else if (tokens[i].is(close) && !unclosed.empty()) {
      closes[unclosed.back()] = i;
      unclosed.pop_back();
    }
  }
  return closes;
}

void apply_edits(std::string& text, std::vector<TextEdit> edits) {
  if (edits.empty()) return;
  std::sort(edits.begin(), edits.end(), [](const TextEdit& a, const TextEdit& b) { return a.begin < b.begin; });
  std::string out;
  out.reserve(text.size());
  std::size_t copied = 0;
  for (const TextEdit& e : edits) {
    if (e.begin < copied) continue;  // overlapping: a rewrite's bug, never a read out of range
    out.append(text, copied, e.begin - copied);
    out += e.replacement;
    copied = e.end;
  }
  out.append(text, copied, std::string::npos);
  text = std::move(out);
}

void blank(std::string& text, std::size_t begin, std::size_t end) {
  for (std::size_t i = begin; i < end; ++i)
    if (text[i] != '\n') text[i] = ' ';
}

}  // namespace glvk::glsl::detail
