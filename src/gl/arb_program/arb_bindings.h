// The scanner the ARB program parser reads with, and the program-state bindings (state.*) as
// GLSL expressions. Private to src/gl/arb_program.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "arb_translate.h"

namespace glvk::gl::arb {

// A syntax or semantic error at a byte position (caught by translate()).
struct ParseError {
  int position;
  std::string message;
};

// Reads tokens from the program string on demand: the grammar decides what comes next (a
// swizzle, a number, a binding's member), so there is no separate token stream.
class Scanner {
 public:
  explicit Scanner(std::string_view text) : s_(text) {}
  void skip();  // whitespace and '#' comments
  std::size_t here() { skip(); return p_; }  // the next token's position
  void seek(std::size_t p) { p_ = p; }
  bool at_end() { skip(); return p_ >= s_.size(); }
  char peek() { skip(); return p_ < s_.size() ? s_[p_] : '\0'; }
  char peek_at(std::size_t ahead) const { return p_ + ahead < s_.size() ? s_[p_ + ahead] : '\0'; }
  bool accept(char c);
  void expect(char c);
  bool accept_dots();  // ".."
  std::string ident();  // [A-Za-z_$][A-Za-z0-9_$]*
  std::string word();   // [A-Za-z0-9_$]+ (texture targets such as 1D)
  bool accept_word(std::string_view w);
  std::string peek_ident();
  // The identifier after a '.', without consuming anything ("" when none).
  std::string peek_member();
  bool accept_member(std::string_view w);
  void expect_member(std::string_view w);
  unsigned integer();
  double number();  // unsigned: [digits][.digits][(e|E)[+-]digits]
  bool at_number();
  [[noreturn]] void fail(const std::string& message) const { throw ParseError{int(p_), message}; }
  [[noreturn]] void fail_at(std::size_t at, const std::string& message) const { throw ParseError{int(at), message}; }

 private:
  std::string_view s_;
  std::size_t p_ = 0;
};

// A GLSL float literal for v.
std::string float_literal(double v);

// The state.* binding after "state" (the scanner is before its '.'): one vec4 expression per
// vector ("state.matrix.mvp" gives four rows).
std::vector<std::string> state_binding(Scanner& sc, Kind kind);

// "[n]" when present, else `fallback`; n must be below `limit`.
unsigned optional_index(Scanner& sc, unsigned fallback, unsigned limit, const char* what);
unsigned required_index(Scanner& sc, unsigned limit, const char* what);

}  // namespace glvk::gl::arb
