// One lexer for the text rewrites of src/glsl (source.cpp, implicit_array_length.cpp, ...): they
// read the user's GLSL before glslang does, and each match is a short run of tokens. Lexing is
// one pass over the text, without recursion, so a hostile text (a 100,000-character identifier,
// a long run of white space or comment) costs time in proportion to its length; the regular
// expressions this replaces backtracked quadratically there (issue 20).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace glvk::glsl::detail {

enum class TokenKind {
  Identifier,   // [A-Za-z_][A-Za-z0-9_]*
  Number,       // a literal, with its suffix: 1, 0x1Fu, 1.5e-3, .5, 2.0lf
  Punctuation,  // one character of anything else ('(', '[', ';', '#', '+', ...)
};

// Comments and white space separate tokens and are not tokens. Offsets are the token's bytes in
// the lexed text, so a rewrite edits the user's text in place and keeps its line numbers.
struct Token {
  TokenKind kind;
  std::string_view text;
  std::size_t begin = 0;
  bool line_start = false;  // no token before it on its line (comments may be)
  bool directive = false;   // part of a preprocessor line, its '#' included

  std::size_t end() const { return begin + text.size(); }
  bool is(std::string_view s) const { return text == s; }
  bool is(char c) const { return text.size() == 1 && text[0] == c && kind == TokenKind::Punctuation; }
  bool identifier() const { return kind == TokenKind::Identifier; }
};

// The tokens of `text`, which must outlive them. A '#' that is the first token of its line starts
// a preprocessor directive, which runs to the end of the line (backslash-newline continues it).
std::vector<Token> tokenize(std::string_view text);

// For each token that is `open` ('(', '[' or '{'), the index of the token that closes it, counting
// only that bracket kind (tokens.size() when it is never closed); 0 for the other tokens. One pass.
std::vector<std::size_t> closing_brackets(const std::vector<Token>& tokens, char open);

// Replacements of [begin, end) byte ranges of a text, applied together (ranges must not overlap).
struct TextEdit {
  std::size_t begin, end;
  std::string replacement;
};
void apply_edits(std::string& text, std::vector<TextEdit> edits);

// White space in place of [begin, end), line breaks kept (line numbers stay).
void blank(std::string& text, std::size_t begin, std::size_t end);

}  // namespace glvk::glsl::detail
