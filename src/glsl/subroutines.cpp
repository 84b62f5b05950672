#include "subroutines.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>
#include <vector>

namespace glvk::glsl::detail {
namespace {

// Every quantifier in this file's patterns is bounded (names 256, white space 256, parameter
// lists 1024 characters): libstdc++'s matcher recurses once per character a quantifier takes, and
// an unbounded one over a long run of the shader's text (a comment reads as spaces) overflowed the
// stack. A declaration past the bounds is not recognized and ends in a compile error.

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

int layout_value(const std::string& layout, const char* key) {
  const std::regex r(std::string("\\b") + key + "\\s{0,256}=\\s{0,256}(\\d{1,9})");
  std::smatch m;
  if (!std::regex_search(layout, m, r)) return -1;
  return std::stoi(m[1].str().substr(0, 6));
}

// One rewrite of [begin, end): the newlines of the range follow the replacement, so every later
// line keeps its number.
struct Edit {
  std::size_t begin, end;
  std::string replacement;
};

void apply(std::string& text, std::vector<Edit> edits) {
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin > b.begin; });
  for (const Edit& e : edits) {
    const std::size_t newlines =
        std::size_t(std::count(text.begin() + std::ptrdiff_t(e.begin), text.begin() + std::ptrdiff_t(e.end), '\n'));
    text.replace(e.begin, e.end - e.begin, e.replacement + std::string(newlines, '\n'));
  }
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
  static const std::regex keyword(R"(\bsubroutine\b)");
  if (!syntax.enabled || !std::regex_search(text, keyword)) return {};
  std::string t = without_comments(text);
  auto line_of = [&](std::size_t at) { return 1 + std::count(t.begin(), t.begin() + std::ptrdiff_t(at), '\n'); };
  // A compile error in glslang's format, at the line of `at`.
  auto error = [&](std::size_t at, const std::string& name, const std::string& what) {
    return "ERROR: 0:" + std::to_string(line_of(at)) + ": '" + name + "' : " + what + "\n";
  };
  std::vector<Edit> edits;
  std::vector<std::pair<std::size_t, std::size_t>> declarations;  // spans the keyword may appear in
  auto declared_at = [&](std::size_t at) {
    return std::any_of(declarations.begin(), declarations.end(), [&](const auto& d) { return at >= d.first && at < d.second; });
  };

  static const std::regex type_decl(R"(\bsubroutine\s{1,256}(\w{1,256})\s{1,256}(\w{1,256})\s{0,256}\(([^()]{0,1024})\)\s{0,256};)");
  std::map<std::string, SubroutineType> types;
  for (auto it = std::sregex_iterator(t.begin(), t.end(), type_decl); it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    const std::size_t at = std::size_t(m.position(0));
    SubroutineType type;
    type.result = m[1].str();
    if (type.result == "uniform" || !read_parameters(m[3].str(), type))
      return error(at, m[2].str(), "malformed subroutine type");
    if (types.count(m[2].str())) return error(at, m[2].str(), "subroutine type redefinition");
    types[m[2].str()] = std::move(type);
    edits.push_back({at, at + std::size_t(m.length(0)), ""});
    declarations.emplace_back(at, at + std::size_t(m.length(0)));
  }

  struct Function {
    std::string name;
    std::set<std::string> types;
    int explicit_index;
  };
  std::vector<Function> functions;
  static const std::regex function(
      R"((layout\s{0,256}\(([^()]{0,1024})\)\s{0,256})?\bsubroutine\s{0,256}\(([^()]{0,1024})\)\s{0,256}(\w{1,256})\s{1,256}(\w{1,256})\s{0,256}\(([^()]{0,1024})\))");
  for (auto it = std::sregex_iterator(t.begin(), t.end(), function); it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    const std::size_t at = std::size_t(m.position(0));
    Function f{m[5].str(), {}, layout_value(m[2].str(), "index")};
    if (m[1].matched && !syntax.explicit_locations)
      return error(at, "index", "requires GLSL 4.30 or GL_ARB_explicit_uniform_location");
    const std::string signature = parameter_types(m[6].str());
    for (const std::string& name : split_commas(m[3].str())) {
      const auto type = types.find(name);
      if (type == types.end()) return error(at, name, "not a subroutine type");
      // GLSL 4.00 6.1.2: the function matches its types exactly (no conversions).
      if (type->second.result != m[4].str() || parameter_types(type->second.declarations) != signature)
        return error(at, f.name, "does not match subroutine type " + name);
      f.types.insert(name);
    }
    if (f.types.empty()) return error(at, f.name, "subroutine qualifier without a type");
    edits.push_back({at, std::size_t(m.position(4)), ""});  // the function stays, unqualified
    declarations.emplace_back(at, std::size_t(m.position(4)));
    // A prototype and the definition name the function twice.
    if (std::none_of(functions.begin(), functions.end(), [&](const Function& g) { return g.name == f.name; }))
      functions.push_back(std::move(f));
  }
  // Brace depth before each character: function declarations are at depth 0.
  std::vector<int> brace_depth(t.size() + 1, 0);
  for (std::size_t i = 0; i < t.size(); ++i) brace_depth[i + 1] = brace_depth[i] + (t[i] == '{') - (t[i] == '}');
  for (const Function& f : functions) {
    // Any of them may be selected, so each needs a body, and one (6.1.2: no overloads).
    const std::regex declaration("\\b\\w{1,256}\\s{1,256}" + f.name + "\\s{0,256}\\(([^()]{0,1024})\\)\\s{0,256}([{;])");
    std::set<std::string> signatures;
    bool defined = false;
    for (auto it = std::sregex_iterator(t.begin(), t.end(), declaration); it != std::sregex_iterator(); ++it) {
      if (brace_depth[std::size_t(it->position(0))] != 0) continue;  // a call inside a body
      signatures.insert(parameter_types((*it)[1].str()));
      defined |= (*it)[2].str() == "{";
    }
    const std::size_t at = t.find(f.name);
    if (!defined) return error(at, f.name, "a subroutine function needs a definition");
    if (signatures.size() > 1) return error(at, f.name, "a subroutine function cannot be overloaded");
  }

  struct UniformDecl {
    std::string name, type;
    std::uint32_t size;
    bool array;
    int explicit_location;
  };
  std::vector<UniformDecl> uniforms;
  std::vector<std::size_t> uniform_edit;  // index into edits
  static const std::regex uniform(
      R"((layout\s{0,256}\(([^()]{0,1024})\)\s{0,256})?\bsubroutine\s{1,256}uniform\s{1,256}(\w{1,256})\s{1,256}(\w{1,256})\s{0,256}(\[\s{0,256}(\d{1,9})\s{0,256}\])?\s{0,256};)");
  for (auto it = std::sregex_iterator(t.begin(), t.end(), uniform); it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    const std::size_t at = std::size_t(m.position(0));
    UniformDecl u{m[4].str(), m[3].str(), 1, m[5].matched, layout_value(m[2].str(), "location")};
    if (m[1].matched && !syntax.explicit_locations)
      return error(at, "location", "requires GLSL 4.30 or GL_ARB_explicit_uniform_location");
    if (u.array) u.size = std::uint32_t(std::stoul(m[6].str().substr(0, 6)));
    if (!types.count(u.type)) return error(at, u.type, "not a subroutine type");
    if (u.size == 0) return error(at, u.name, "array size must be positive");
    uniform_edit.push_back(edits.size());
    edits.push_back({at, at + std::size_t(m.length(0)), ""});
    declarations.emplace_back(at, at + std::size_t(m.length(0)));
    uniforms.push_back(std::move(u));
  }
  // Every other use of the keyword, and a subroutine type named like a function (the type
  // declarations are gone, so glslang would not see the clash), are the shader's errors.
  for (auto it = std::sregex_iterator(t.begin(), t.end(), keyword); it != std::sregex_iterator(); ++it)
    if (!declared_at(std::size_t(it->position(0)))) return error(std::size_t(it->position(0)), "subroutine", "syntax error");
  for (const auto& [name, type] : types) {
    const std::regex as_function("\\b" + name + "\\s{0,256}\\(");
    for (auto it = std::sregex_iterator(t.begin(), t.end(), as_function); it != std::sregex_iterator(); ++it)
      if (!declared_at(std::size_t(it->position(0))))
        return error(std::size_t(it->position(0)), name, "a subroutine type, not a function");
  }

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

    // Calls: `u(...)` and `u[i](...)` become the dispatcher's, with the selector first.
    const std::regex use("\\b" + u.name + "\\b");
    for (auto it = std::sregex_iterator(t.begin(), t.end(), use); it != std::sregex_iterator(); ++it) {
      const std::size_t at = std::size_t(it->position(0));
      if (declared_at(at)) continue;
      std::size_t k = at + u.name.size();
      while (k < t.size() && std::isspace(static_cast<unsigned char>(t[k]))) ++k;
      std::string element;
      if (k < t.size() && t[k] == '[') {
        int depth = 0;
        const std::size_t open = k;
        for (; k < t.size(); ++k) {
          depth += t[k] == '[' ? 1 : t[k] == ']' ? -1 : 0;
          if (depth == 0) break;
        }
        if (k >= t.size()) return error(at, u.name, "unterminated subscript");
        element = t.substr(open, k - open + 1);
        ++k;
        while (k < t.size() && std::isspace(static_cast<unsigned char>(t[k]))) ++k;
      }
      if (k >= t.size() || t[k] != '(') return error(at, u.name, "a subroutine uniform can only be called");
      std::size_t next = k + 1;
      while (next < t.size() && std::isspace(static_cast<unsigned char>(t[next]))) ++next;
      const bool no_arguments = next < t.size() && t[next] == ')';
      edits.push_back({at, k + 1, call + "(" + selector + element + (no_arguments ? "" : ", ")});
    }
  }
  apply(t, std::move(edits));
  text = std::move(t) + "\n" + dispatchers;
  out = std::move(result);
  return {};
}

}  // namespace glvk::glsl::detail
