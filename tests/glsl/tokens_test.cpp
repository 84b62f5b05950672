// The lexer the text rewrites read shaders with (src/glsl/tokens.h): kinds, byte offsets into the
// text, line starts, preprocessor lines, and edits at those offsets.
#include "tokens.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace glvk::glsl::detail {
namespace {

std::vector<std::string> texts(const std::vector<Token>& tokens) {
  std::vector<std::string> out;
  for (const Token& t : tokens) out.emplace_back(t.text);
  return out;
}

TEST(GlslTokens, KindsOffsetsAndSkippedComments) {
  const std::string s = "uniform vec4 a_1[2]; // x[\n/* y */ float b = .5e-3 + 0x1Fu - 2.0lf;";
  const std::vector<Token> t = tokenize(s);
  EXPECT_EQ(texts(t), (std::vector<std::string>{"uniform", "vec4", "a_1", "[", "2", "]", ";", "float", "b", "=",
                                                ".5e-3", "+", "0x1Fu", "-", "2.0lf", ";"}));
  EXPECT_EQ(t[2].kind, TokenKind::Identifier);
  EXPECT_EQ(t[4].kind, TokenKind::Number);
  EXPECT_EQ(t[3].kind, TokenKind::Punctuation);
  EXPECT_EQ(t[10].kind, TokenKind::Number);
  for (const Token& k : t) EXPECT_EQ(s.substr(k.begin, k.text.size()), k.text);
  EXPECT_EQ(t[7].begin, s.find("float"));
  EXPECT_TRUE(t[0].line_start);
  EXPECT_FALSE(t[1].line_start);
  EXPECT_TRUE(t[7].line_start);  // only a comment before it on its line
}

TEST(GlslTokens, DirectivesRunToTheEndOfTheirLine) {
  const std::string s = "#version 110\nfloat x; # not\n  #  define A \\\n  1\nA;\n#define B /* a\nb */ 2\nB";
  const std::vector<Token> t = tokenize(s);
  std::vector<std::string> directive, code;
  for (const Token& k : t) (k.directive ? directive : code).emplace_back(k.text);
  EXPECT_EQ(directive, (std::vector<std::string>{"#", "version", "110", "#", "define", "A", "1", "#", "define", "B", "2"}));
  // '#' after a token is punctuation of the code line, and so is what follows it.
  EXPECT_EQ(code, (std::vector<std::string>{"float", "x", ";", "#", "not", "A", ";", "B"}));
}

TEST(GlslTokens, ClosingBracketsAndEdits) {
  std::string s = "a[b[1]](c[2]; d[";
  const std::vector<Token> t = tokenize(s);
  const std::vector<std::size_t> closes = closing_brackets(t, '[');
  EXPECT_EQ(closes[1], 6u);                    // a's
  EXPECT_EQ(closes[3], 5u);                    // b's
  EXPECT_EQ(closes[14], t.size());             // d's, never closed
  EXPECT_EQ(closing_brackets(t, '(')[7], t.size());
  apply_edits(s, {{t[9].begin, t[11].end(), "[9]"}, {t[0].begin, t[0].end(), "glvk_a"}});
  EXPECT_EQ(s, "glvk_a[b[1]](c[9]; d[");
  std::string lines = "x /* 1\n2 */ y";
  blank(lines, 0, lines.size() - 1);
  EXPECT_EQ(lines, "      \n     y");
}

}  // namespace
}  // namespace glvk::glsl::detail
