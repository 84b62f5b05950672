#include "subroutines.h"
#include "tokens.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <vector>

namespace glvk::glsl::detail {
namespace {

// The declarations are read from tokens (tokens.h). They keep the bounds the regular expressions
// they replace had (names 256 characters, white space 256, parameter and layout lists 1024): a
// declaration past them is not recognized and ends in a compile error, as before.
constexpr std::size_t kMaxName = 256, kMaxSpace = 256, kMaxList = 1024;

bool is_identifier_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }

// Comments become spaces (newlines kept), so what is read below is the code's.
std::string without_comments(std::string_view s) {
  std::string out(s);
  for (std::size_t i = 0; i < out.size();) {
    if (out.compare(i, 2, "//") == 0) {
      while (i < out.size() && out[i] != '\n') out[i++] = ' ';
    } else if (out.compare(i, 2, "/*") == 0) {
      const std::size_t end = std::min(out.find("*/", i + 2), out.size() - 2) + 2;
      for (; i < end && i < out.size(); ++i)
        if (out[i] != '\n') out[i] = ' ';
    } else {
      ++i;
    }
  }
  return out;
}

std::string trimmed(std::string_view s) {
  const std::size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  return std::string(s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1));
}

std::vector<std::string> split_commas(std::string_view s) {
  std::vector<std::string> parts;
  int depth = 0;
  std::size_t from = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size() && (s[i] == '(' || s[i] == '[')) ++depth;
    if (i < s.size() && (s[i] == ')' || s[i] == ']')) --depth;
    if (i == s.size() || (s[i] == ',' && depth == 0)) {
      parts.push_back(trimmed(s.substr(from, i - from)));
      from = i + 1;
    }
  }
  return parts;
}

// A subroutine type: its function signature, with a name for every parameter (the dispatcher
// passes them on).
struct SubroutineType {
  std::string result;
  std::string declarations;             // the parameter list as written
  std::vector<std::string> parameters;  // declarations
  std::vector<std::string> arguments;   // their names
};

bool read_parameters(std::string_view list, SubroutineType& type) {
  const std::string all = trimmed(list);
  type.declarations = all;
  if (all.empty() || all == "void") return true;
  static const std::set<std::string> qualifiers = {"in", "out", "inout", "const", "highp", "mediump", "lowp",
                                                   "precise", "coherent", "volatile", "restrict", "readonly",
                                                   "writeonly"};
  for (const std::string& p : split_commas(all)) {
    if (p.empty()) return false;
    std::vector<std::string> words;
    for (std::size_t i = 0; i < p.size();) {
      if (is_identifier_start(p[i])) {
        std::size_t j = i;
        while (j < p.size() && (std::isalnum(static_cast<unsigned char>(p[j])) || p[j] == '_')) ++j;
        if (!qualifiers.count(p.substr(i, j - i))) words.push_back(p.substr(i, j - i));
        i = j;
      } else {
        ++i;
      }
    }
    if (words.empty()) return false;
    if (words.size() >= 2) {
      type.parameters.push_back(p);
      type.arguments.push_back(words.back());
    } else {
      const std::string name = "glvk_a" + std::to_string(type.arguments.size());
      type.parameters.push_back(p + " " + name);
      type.arguments.push_back(name);
    }
  }
  return true;
}

// A parameter list's types, for comparing signatures: each parameter without its name, `in`
// and precision qualifiers, spaces normalized ("float x, out vec2 v[2]" -> "float,out vec2[2]").
std::string parameter_types(std::string_view list) {
  const std::string all = trimmed(list);
  if (all.empty() || all == "void") return {};
  static const std::set<std::string> ignored = {"in", "highp", "mediump", "lowp", "precise"};
  std::string out;
  for (const std::string& p : split_commas(all)) {
    std::vector<std::string> words;
    std::string arrays;
    for (std::size_t i = 0; i < p.size();) {
      if (is_identifier_start(p[i])) {
        std::size_t j = i;
        while (j < p.size() && (std::isalnum(static_cast<unsigned char>(p[j])) || p[j] == '_')) ++j;
        words.push_back(p.substr(i, j - i));
        i = j;
      } else if (p[i] == '[') {
        const std::size_t close = p.find(']', i);
        const std::size_t end = close == std::string::npos ? p.size() : close + 1;
        for (std::size_t k = i; k < end; ++k)
          if (!std::isspace(static_cast<unsigned char>(p[k]))) arrays += p[k];
        i = end;
      } else {
        ++i;
      }
    }
    std::vector<std::string> kept;
    for (const std::string& w : words)
      if (!ignored.count(w)) kept.push_back(w);
    // The last word names the parameter when a type precedes it.
    static const std::set<std::string> qualifiers = {"out", "inout", "const"};
    std::size_t type_words = 0;
    for (const std::string& w : kept) type_words += !qualifiers.count(w);
    if (type_words >= 2) kept.pop_back();
    if (!out.empty()) out += ",";
    for (std::size_t k = 0; k < kept.size(); ++k) out += (k ? " " : "") + kept[k];
    out += arrays;
  }
  return out;
}

// Reads the bounded shapes of the declarations from the tokens of the comment-free text.
struct Reader {
  const std::string& text;
  const std::vector<Token>& t;

  bool word(std::size_t i) const { return i < t.size() && t[i].kind != TokenKind::Punctuation && t[i].text.size() <= kMaxName; }
  // White space between tokens a and a + 1: at least `least` and at most kMaxSpace characters.
  bool space(std::size_t a, std::size_t least) const {
    const std::size_t gap = t[a + 1].begin - t[a].end();
    return gap >= least && gap <= kMaxSpace;
  }
  // `( list )` at token open, the list without parentheses and at most kMaxList characters: the
  // index of the ')', or 0.
  std::size_t list(std::size_t open) const {
    if (open >= t.size() || !t[open].is('(')) return 0;
    std::size_t close = open + 1;
    while (close < t.size() && !t[close].is(')') && !t[close].is('(') && t[close].begin - t[open].end() <= kMaxList) ++close;
    if (close >= t.size() || !t[close].is(')') || t[close].begin - t[open].end() > kMaxList) return 0;
    return close;
  }
  std::string inside(std::size_t open, std::size_t close) const {
    return text.substr(t[open].end(), t[close].begin - t[open].end());
  }
  // `layout ( list )` ending at the token before `next`: the layout token's index, or next.
  std::size_t layout_before(std::size_t next) const {
    if (next < 2 || !t[next - 1].is(')') || !space(next - 1, 0)) return next;
    std::size_t open = next - 2;
    while (open > 0 && !t[open].is('(') && !t[open].is(')') && t[next - 1].begin - t[open].begin <= kMaxList) --open;
    if (open == 0 || !t[open].is('(') || !t[open - 1].is("layout") || !space(open - 1, 0) || list(open) != next - 1)
      return next;
    return open - 1;
  }
  // The value of `key = N` among the layout's qualifiers [open, close); -1 without one.
  int layout_value(std::size_t open, std::size_t close, std::string_view key) const {
    for (std::size_t i = open + 1; i + 2 < close; ++i) {
      if (!t[i].is(key) || !t[i + 1].is('=') || !space(i, 0) || !space(i + 1, 0) || t[i + 2].kind != TokenKind::Number)
        continue;
      const std::string_view n = t[i + 2].text;
      const std::size_t digits = std::size_t(std::find_if(n.begin(), n.end(), [](char c) { return c < '0' || c > '9'; }) - n.begin());
      if (digits > 0) return std::stoi(std::string(n.substr(0, std::min<std::size_t>(digits, 6))));
    }
    return -1;
  }
};

// One rewrite of [begin, end): the newlines of the range follow the replacement, so every later
// line keeps its number.
void apply(std::string& text, std::vector<TextEdit> edits) {
  for (TextEdit& e : edits)
    e.replacement.append(std::size_t(std::count(text.begin() + std::ptrdiff_t(e.begin), text.begin() + std::ptrdiff_t(e.end), '\n')), '\n');
  apply_edits(text, std::move(edits));
}

// First-fit assignment of `count` consecutive numbers for each entry without an explicit one
// (explicit ones first); false when two explicit ranges overlap.
bool assign(const std::vector<int>& explicit_first, const std::vector<std::uint32_t>& counts,
            std::vector<std::uint32_t>& first, std::uint32_t limit) {
  std::vector<bool> taken(limit, false);
  first.assign(counts.size(), 0);
  auto take = [&](std::uint32_t at, std::uint32_t n) {
    if (std::uint64_t(at) + n > limit) return false;
    for (std::uint32_t k = at; k < at + n; ++k)
      if (taken[k]) return false;
    for (std::uint32_t k = at; k < at + n; ++k) taken[k] = true;
    return true;
  };
  for (std::size_t i = 0; i < counts.size(); ++i)
    if (explicit_first[i] >= 0) {
      if (!take(std::uint32_t(explicit_first[i]), counts[i])) return false;
      first[i] = std::uint32_t(explicit_first[i]);
    }
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (explicit_first[i] >= 0) continue;
    std::uint32_t at = 0;
    while (at < limit && !take(at, counts[i])) ++at;
    if (at >= limit) return false;
    first[i] = at;
  }
  return true;
}

}  // namespace

std::string subroutine_selector_name(Stage stage, std::string_view name) {
  return std::string(kSubroutineSelectorPrefix) + std::to_string(int(stage)) + "_" + std::string(name);
}

std::string lower_subroutines(Stage stage, std::string& text, const SubroutineSyntax& syntax, StageSubroutines& out) {
  if (!syntax.enabled) return {};
  std::string t = without_comments(text);
  const std::vector<Token> tokens = tokenize(t);
  if (std::none_of(tokens.begin(), tokens.end(), [](const Token& k) { return k.is("subroutine"); })) return {};
  const Reader r{t, tokens};
  auto line_of = [&](std::size_t at) { return 1 + std::count(t.begin(), t.begin() + std::ptrdiff_t(at), '\n'); };
  // A compile error in glslang's format, at the line of `at`.
  auto error = [&](std::size_t at, const std::string& name, const std::string& what) {
    return "ERROR: 0:" + std::to_string(line_of(at)) + ": '" + name + "' : " + what + "\n";
  };
  std::vector<TextEdit> edits;
  std::vector<bool> declared(tokens.size() + 1, false);  // tokens of the declarations the keyword may appear in
  auto declare = [&](std::size_t first, std::size_t after) { std::fill(declared.begin() + std::ptrdiff_t(first), declared.begin() + std::ptrdiff_t(after), true); };
  auto str = [&](std::size_t i) { return std::string(tokens[i].text); };

  // `subroutine result Name ( parameters ) ;`
  std::map<std::string, SubroutineType, std::less<>> types;
  for (std::size_t i = 0; i + 6 < tokens.size(); ++i) {
    if (!tokens[i].is("subroutine") || !r.word(i + 1) || !r.word(i + 2) || !r.space(i, 1) || !r.space(i + 1, 1) ||
        !r.space(i + 2, 0))
      continue;
    const std::size_t close = r.list(i + 3);
    if (close == 0 || close + 1 >= tokens.size() || !tokens[close + 1].is(';') || !r.space(close, 0)) continue;
    const std::size_t at = tokens[i].begin;
    SubroutineType type;
    type.result = str(i + 1);
    if (type.result == "uniform" || !read_parameters(r.inside(i + 3, close), type))
      return error(at, str(i + 2), "malformed subroutine type");
    if (types.count(str(i + 2))) return error(at, str(i + 2), "subroutine type redefinition");
    types[str(i + 2)] = std::move(type);
    edits.push_back({at, tokens[close + 1].end(), ""});
    declare(i, close + 2);
    i = close + 1;
  }

  struct Function {
    std::string name;
    std::set<std::string> types;
    int explicit_index;
  };
  std::vector<Function> functions;
  std::set<std::string, std::less<>> function_names;
  // `[layout ( qualifiers )] subroutine ( types ) result name ( parameters )`
  for (std::size_t i = 0; i + 7 < tokens.size(); ++i) {
    if (!tokens[i].is("subroutine") || !r.space(i, 0)) continue;
    const std::size_t types_close = r.list(i + 1);
    if (types_close == 0 || !r.word(types_close + 1) || !r.word(types_close + 2) || !r.space(types_close, 0) ||
        !r.space(types_close + 1, 1) || types_close + 3 >= tokens.size() || !r.space(types_close + 2, 0))
      continue;
    const std::size_t close = r.list(types_close + 3);
    if (close == 0) continue;
    const std::size_t layout = r.layout_before(i);
    const std::size_t at = tokens[layout].begin;
    Function f{str(types_close + 2), {}, layout < i ? r.layout_value(layout + 1, i - 1, "index") : -1};
    if (layout < i && !syntax.explicit_locations)
      return error(at, "index", "requires GLSL 4.30 or GL_ARB_explicit_uniform_location");
    // GLSL 4.60 4.4.4: subroutine functions take an index, subroutine uniforms a location.
    if (layout < i && r.layout_value(layout + 1, i - 1, "location") >= 0)
      return error(at, "location", "a subroutine function takes layout(index), not location");
    const std::string signature = parameter_types(r.inside(types_close + 3, close));
    const std::string result = str(types_close + 1);
    for (const std::string& name : split_commas(r.inside(i + 1, types_close))) {
      const auto type = types.find(name);
      if (type == types.end()) return error(at, name, "not a subroutine type");
      // GLSL 4.00 6.1.2: the function matches its types exactly (no conversions).
      if (type->second.result != result || parameter_types(type->second.declarations) != signature)
        return error(at, f.name, "does not match subroutine type " + name);
      f.types.insert(name);
    }
    if (f.types.empty()) return error(at, f.name, "subroutine qualifier without a type");
    edits.push_back({at, tokens[types_close + 1].begin, ""});  // the function stays, unqualified
    declare(layout, types_close + 1);
    // A prototype and the definition name the function twice.
    if (function_names.insert(f.name).second) functions.push_back(std::move(f));
    i = close;
  }
  // Any of them may be selected, so each needs a body, and one (6.1.2: no overloads): the
  // declarations `word name ( parameters ) {|;` at brace depth 0 (others are calls in a body).
  std::map<std::string_view, std::pair<std::set<std::string>, bool>> declarations;  // signatures, defined
  int depth = 0;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    depth += tokens[i].is('{') ? 1 : tokens[i].is('}') ? -1 : 0;
    if (i == 0 || depth != 0 || !function_names.count(tokens[i].text) || !r.word(i - 1) || !r.space(i - 1, 1) ||
        i + 1 >= tokens.size() || !r.space(i, 0))
      continue;
    const std::size_t close = r.list(i + 1);
    if (close == 0 || close + 1 >= tokens.size() || !r.space(close, 0) ||
        !(tokens[close + 1].is('{') || tokens[close + 1].is(';')))
      continue;
    auto& [signatures, defined] = declarations[tokens[i].text];
    signatures.insert(parameter_types(r.inside(i + 1, close)));
    defined |= tokens[close + 1].is('{');
  }
  for (const Function& f : functions) {
    const auto& [signatures, defined] = declarations[f.name];
    if (!defined) return error(t.find(f.name), f.name, "a subroutine function needs a definition");
    if (signatures.size() > 1) return error(t.find(f.name), f.name, "a subroutine function cannot be overloaded");
  }

  struct UniformDecl {
    std::string name, type;
    std::uint32_t size;
    bool array;
    int explicit_location;
  };
  std::vector<UniformDecl> uniforms;
  std::vector<std::size_t> uniform_edit;  // index into edits
  // `[layout ( qualifiers )] subroutine uniform Type name [ '[' N ']' ] ;`
  for (std::size_t i = 0; i + 4 < tokens.size(); ++i) {
    if (!tokens[i].is("subroutine") || !tokens[i + 1].is("uniform") || !r.word(i + 2) || !r.word(i + 3) ||
        !r.space(i, 1) || !r.space(i + 1, 1) || !r.space(i + 2, 1))
      continue;
    std::size_t k = i + 4;
    const bool array = tokens[k].is('[') && r.space(i + 3, 0);
    if (array) {
      const bool sized = k + 2 < tokens.size() && tokens[k + 1].kind == TokenKind::Number &&
                         tokens[k + 1].text.size() <= 9 &&
                         std::all_of(tokens[k + 1].text.begin(), tokens[k + 1].text.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
                         tokens[k + 2].is(']') && r.space(k, 0) && r.space(k + 1, 0);
      if (!sized) continue;
      k += 3;
    }
    if (k >= tokens.size() || !tokens[k].is(';') || !r.space(k - 1, 0)) continue;
    const std::size_t layout = r.layout_before(i);
    const std::size_t at = tokens[layout].begin;
    UniformDecl u{str(i + 3), str(i + 2), 1, array, layout < i ? r.layout_value(layout + 1, i - 1, "location") : -1};
    if (layout < i && !syntax.explicit_locations)
      return error(at, "location", "requires GLSL 4.30 or GL_ARB_explicit_uniform_location");
    if (layout < i && r.layout_value(layout + 1, i - 1, "index") >= 0)
      return error(at, "index", "a subroutine uniform takes layout(location), not index");
    if (u.array) u.size = std::uint32_t(std::stoul(str(i + 5).substr(0, 6)));
    if (!types.count(u.type)) return error(at, u.type, "not a subroutine type");
    if (u.size == 0) return error(at, u.name, "array size must be positive");
    uniform_edit.push_back(edits.size());
    edits.push_back({at, tokens[k].end(), ""});
    declare(layout, k + 1);
    uniforms.push_back(std::move(u));
    i = k;
  }
  // Every other use of the keyword, and a subroutine type named like a function (the type
  // declarations are gone, so glslang would not see the clash), are the shader's errors.
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i].is("subroutine") && !declared[i]) return error(tokens[i].begin, "subroutine", "syntax error");
  std::map<std::string_view, std::size_t> called_type;  // the first call of each type name
  for (std::size_t i = 0; i + 1 < tokens.size(); ++i)
    if (tokens[i].identifier() && tokens[i + 1].is('(') && r.space(i, 0) && !declared[i] && types.count(tokens[i].text))
      called_type.emplace(tokens[i].text, tokens[i].begin);
  for (const auto& [name, type] : types)
    if (const auto call = called_type.find(name); call != called_type.end())
      return error(call->second, name, "a subroutine type, not a function");

  std::vector<int> explicit_indices;
  for (const Function& f : functions) explicit_indices.push_back(f.explicit_index);
  std::vector<std::uint32_t> indices, locations;
  if (!assign(explicit_indices, std::vector<std::uint32_t>(functions.size(), 1), indices, kMaxSubroutines))
    return error(0, "index", "subroutine indices overlap or exceed MAX_SUBROUTINES");
  std::vector<int> explicit_locations;
  std::vector<std::uint32_t> sizes;
  for (const UniformDecl& u : uniforms) {
    explicit_locations.push_back(u.explicit_location);
    sizes.push_back(u.size);
  }
  if (!assign(explicit_locations, sizes, locations, kMaxSubroutineUniformLocations))
    return error(0, "location", "subroutine uniform locations overlap or exceed MAX_SUBROUTINE_UNIFORM_LOCATIONS");

  StageSubroutines result;
  for (std::size_t i = 0; i < functions.size(); ++i) {
    if (result.subroutines.size() <= indices[i]) result.subroutines.resize(indices[i] + 1);
    result.subroutines[indices[i]] = functions[i].name;
  }
  std::string dispatchers;
  for (std::size_t i = 0; i < uniforms.size(); ++i) {
    const UniformDecl& u = uniforms[i];
    const SubroutineType& type = types[u.type];
    const std::string selector = subroutine_selector_name(stage, u.name);
    const std::string call = "glvk_call" + selector.substr(kSubroutineSelectorPrefix.size());
    std::string signature = type.result + " " + call + "(uint glvk_s";
    std::string arguments;
    for (std::size_t p = 0; p < type.parameters.size(); ++p) {
      signature += ", " + type.parameters[p];
      arguments += (p ? ", " : "") + type.arguments[p];
    }
    signature += ")";
    edits[uniform_edit[i]].replacement =
        "uniform uint " + selector + (u.array ? "[" + std::to_string(u.size) + "]" : "") + "; " + signature + ";";

    SubroutineUniform reflected;
    reflected.name = u.name;
    reflected.array_size = u.size;
    reflected.location = locations[i];
    std::string cases, fallback;
    for (std::size_t f = 0; f < functions.size(); ++f) {
      if (!functions[f].types.count(u.type)) continue;
      reflected.compatible.push_back(indices[f]);
      const std::string body = type.result == "void" ? functions[f].name + "(" + arguments + "); return;"
                                                     : "return " + functions[f].name + "(" + arguments + ");";
      cases += "case " + std::to_string(indices[f]) + "u: " + body + " ";
      if (fallback.empty()) fallback = "default: " + body;
    }
    if (fallback.empty() && type.result != "void")
      return error(0, u.name, "no subroutine is compatible with the uniform's type");
    dispatchers += signature + " { switch (glvk_s) { " + cases + fallback + " } }\n";
    result.locations = std::max(result.locations, reflected.location + reflected.array_size);
    result.uniforms.push_back(std::move(reflected));

  }
  // Calls: `u(...)` and `u[i](...)` become the dispatcher's, with the selector first: the name
  // becomes `call(selector`, a subscript stays where it is (it may call another), and the '('
  // becomes ", " (nothing without arguments).
  std::map<std::string_view, std::size_t> uniform_index;
  for (std::size_t i = 0; i < uniforms.size(); ++i) uniform_index.emplace(uniforms[i].name, i);
  const std::vector<std::size_t> closes = closing_brackets(tokens, '[');
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const auto u = uniform_index.find(tokens[i].text);
    if (!tokens[i].identifier() || u == uniform_index.end() || declared[i]) continue;
    const std::size_t at = tokens[i].begin;
    const std::string& name = uniforms[u->second].name;
    std::size_t k = i + 1;
    if (k < tokens.size() && tokens[k].is('[')) {
      if (closes[k] >= tokens.size()) return error(at, name, "unterminated subscript");
      k = closes[k] + 1;
    }
    if (k >= tokens.size() || !tokens[k].is('(')) return error(at, name, "a subroutine uniform can only be called");
    const bool no_arguments = k + 1 < tokens.size() && tokens[k + 1].is(')');
    const std::string selector = subroutine_selector_name(stage, name);
    edits.push_back({at, tokens[i].end(), "glvk_call" + selector.substr(kSubroutineSelectorPrefix.size()) + "(" + selector});
    edits.push_back({tokens[k].begin, tokens[k].end(), no_arguments ? "" : ", "});
  }
  apply(t, std::move(edits));
  text = std::move(t) + "\n" + dispatchers;
  out = std::move(result);
  return {};
}

}  // namespace glvk::glsl::detail
