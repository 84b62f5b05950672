// Opaque members of uniform structs, lowered in the source text (opaque_struct_members.h).
//
// Why a text rewrite before glslang rather than a SPIR-V pass after it: glslang's output for such
// a struct is SPIR-V that no tool takes (a sampler inside a block), so a SPIR-V pass would have to
// inline every function, then follow whole-struct loads, copies into function variables and
// dynamic access chains back to the block before it could move the samplers out. In the text, the
// closed world GLSL gives these structs (uniforms and `in` parameters only, no locals, no
// constructors, no assignment) makes the rewrite local: an access path from a uniform or a
// parameter (`s[n].inner.tex[1]`) names its sampler directly, and a struct passed whole is one
// argument more per opaque member.
//
// Arrays along a path are flattened row-major into one array (glslang has arrays of arrays only
// from 4.30), so an index is `(i * inner) + j`. Passing a struct to a function needs its opaque
// members as whole arrays or single elements: an element of an array of structs whose opaque
// member is itself an array would be a slice, which GLSL cannot write, and is refused.
#include "opaque_struct_members.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>

#include "later_keywords.h"
#include "reflect.h"
#include "tokens.h"

namespace glvk::glsl::detail {
namespace {

bool is_opaque_type(std::string_view t) {
  if (t.starts_with("i") || t.starts_with("u")) t.remove_prefix(1);
  if (t.starts_with("sampler")) t.remove_prefix(7);
  else if (t.starts_with("image")) t.remove_prefix(5);
  else return false;
  static const char* const kShapes[] = {"1D", "2D", "3D", "Cube", "2DRect", "1DArray", "2DArray", "CubeArray", "Buffer",
                                        "2DMS", "2DMSArray", "1DShadow", "2DShadow", "2DRectShadow", "1DArrayShadow",
                                        "2DArrayShadow", "CubeShadow", "CubeArrayShadow", "ExternalOES"};
  return std::any_of(std::begin(kShapes), std::end(kShapes), [&](const char* s) { return t == s; });
}

bool is_qualifier(std::string_view t) {
  return t == "lowp" || t == "mediump" || t == "highp" || t == "const" || t == "in" || t == "uniform" || t == "precise" ||
         t == "invariant" || t == "flat" || t == "smooth" || t == "noperspective" || t == "coherent" ||
         t == "volatile" || t == "restrict" || t == "readonly" || t == "writeonly";
}

struct Member {
  std::string type, name, precision;
  std::vector<std::uint32_t> dims;
};

// One opaque leaf below a struct type: the member names from the struct down, each with its dims.
struct Leaf {
  std::string type, precision;
  std::vector<std::pair<std::string, std::vector<std::uint32_t>>> path;
  std::uint32_t elements() const {
    std::uint32_t n = 1;
    for (const auto& p : path)
      for (std::uint32_t d : p.second) n *= d;
    return n;
  }
  bool arrayed() const {
    return std::any_of(path.begin(), path.end(), [](const auto& p) { return !p.second.empty(); });
  }
  std::string suffix() const {
    std::string s;
    for (const auto& p : path) s += "__" + user_name(p.first);
    return s;
  }
};

// A variable whose type is (an array of) a struct with opaque members: a uniform or a parameter.
struct Root {
  std::string type;
  std::vector<std::uint32_t> dims;
};

class Lowering {
 public:
  Lowering(std::string& text, std::vector<OpaqueMemberUniform>& declared)
      : text_(text), all_(tokenize(text)), declared_(declared) {
    for (const Token& t : all_)
      if (!t.directive) t_.push_back(t);
    braces_ = closing_brackets(t_, '{');
    parens_ = closing_brackets(t_, '(');
    brackets_ = closing_brackets(t_, '[');
  }

  std::string run() {
    std::size_t start = 0;  // first token of the current global declaration
    for (std::size_t i = 0; i < t_.size() && error_.empty(); ++i) {
      if (t_[i].is('{')) {
        const std::size_t close = braces_[i];
        if (close >= t_.size()) return {};
        if (i > 0 && t_[i - 1].is(')')) {  // a function definition
          std::map<std::string, Root> params = parameters(start, i);
          body(i + 1, close, params);
          start = close + 1;
        } else if (i > 0 && start < i && t_[start].is("struct")) {
          structure(start, i);
        } else if (i > 0 && t_[i - 1].identifier() && i >= 2 && t_[i - 2].is("struct")) {
          structure(i - 2, i);  // `uniform struct S { ... } s;`
        }
        i = close;
      } else if (t_[i].is(';')) {
        declaration(start, i);
        start = i + 1;
      }
    }
    if (!error_.empty()) return error_;
    apply_edits(text_, std::move(edits_));
    return {};
  }

 private:
  std::string& text_;
  std::vector<Token> all_, t_;
  std::vector<std::size_t> braces_, parens_, brackets_;
  std::vector<OpaqueMemberUniform>& declared_;
  std::map<std::string, std::vector<Member>> structs_;
  std::map<std::string, Root> uniforms_;
  std::vector<TextEdit> edits_;
  std::string error_;

  void fail(std::size_t token, const std::string& what) {
    if (!error_.empty()) return;
    const std::size_t line = std::size_t(std::count(text_.begin(), text_.begin() + std::ptrdiff_t(t_[token].begin), '\n')) + 1;
    error_ = "ERROR: 0:" + std::to_string(line) + ": '" + std::string(t_[token].text) + "' : " + what + "\n";
  }

  bool has_opaque(const std::string& type) const {
    if (is_opaque_type(type)) return true;
    const auto s = structs_.find(type);
    return s != structs_.end() && std::any_of(s->second.begin(), s->second.end(),
                                              [&](const Member& m) { return has_opaque(m.type); });
  }

  void leaves(const std::string& type, Leaf& prefix, std::vector<Leaf>& out) const {
    for (const Member& m : structs_.at(type)) {
      if (!has_opaque(m.type)) continue;
      prefix.path.emplace_back(m.name, m.dims);
      if (is_opaque_type(m.type)) {
        Leaf leaf = prefix;
        leaf.type = m.type;
        leaf.precision = m.precision;
        out.push_back(std::move(leaf));
      } else {
        leaves(m.type, prefix, out);
      }
      prefix.path.pop_back();
    }
  }
  std::vector<Leaf> leaves(const std::string& type) const {
    std::vector<Leaf> out;
    Leaf prefix;
    leaves(type, prefix, out);
    return out;
  }

  // `[N]...` from token i: the sizes (integer literals only), i left after them.
  std::optional<std::vector<std::uint32_t>> dims(std::size_t& i, std::size_t end) {
    std::vector<std::uint32_t> out;
    while (i < end && t_[i].is('[')) {
      if (i + 2 >= end || t_[i + 1].kind != TokenKind::Number || !t_[i + 2].is(']')) return std::nullopt;
      out.push_back(std::uint32_t(std::stoul(std::string(t_[i + 1].text), nullptr, 0)));
      if (out.back() == 0) return std::nullopt;
      i += 3;
    }
    return out;
  }

  // `struct Name { members }` from `first` (the `struct` token), `open` its brace.
  void structure(std::size_t first, std::size_t open) {
    if (!t_[first + 1].identifier() || first + 2 != open) return;  // anonymous: never a parameter type
    const std::string name(t_[first + 1].text);
    std::vector<Member> members;
    std::vector<std::pair<std::size_t, std::size_t>> opaque_statements;  // [first, ';'] to drop
    const std::size_t close = braces_[open];
    bool readable = true;
    for (std::size_t i = open + 1; i < close;) {
      const std::size_t statement = i;
      std::string precision;
      while (i < close && t_[i].identifier() && is_qualifier(t_[i].text)) {
        if (t_[i].is("lowp") || t_[i].is("mediump") || t_[i].is("highp")) precision = std::string(t_[i].text);
        ++i;
      }
      if (i >= close || !t_[i].identifier()) {
        readable = false;
        break;
      }
      const std::string type(t_[i++].text);
      auto type_dims = dims(i, close);
      bool ok = type_dims.has_value();
      while (ok && i < close && t_[i].identifier()) {
        Member m{type, std::string(t_[i++].text), precision, *type_dims};
        auto own = dims(i, close);
        if (!own) ok = false;
        else m.dims.insert(m.dims.begin(), own->begin(), own->end());  // `T[2] a[3]` is a[3][2]
        members.push_back(std::move(m));
        if (i < close && t_[i].is(',')) ++i;
      }
      if (!ok || i >= close || !t_[i].is(';')) {
        readable = false;
        break;
      }
      if (is_opaque_type(type)) opaque_statements.emplace_back(statement, i);
      ++i;
    }
    structs_[name] = members;
    if (!has_opaque(name)) return;
    if (!readable) return fail(first + 1, "glvk cannot read this structure of opaque members");
    for (const auto& [b, e] : opaque_statements) edits_.push_back({t_[b].begin, t_[e].end(), blanks(b, e)});
    if (std::all_of(members.begin(), members.end(), [](const Member& m) { return is_opaque_type(m.type); }))
      edits_.push_back({t_[close].begin, t_[close].begin, " float " + std::string(kEmptyStructMember) + "; "});
  }

  // White space for tokens [b, e], their line breaks kept.
  std::string blanks(std::size_t b, std::size_t e) const {
    std::string s = text_.substr(t_[b].begin, t_[e].end() - t_[b].begin);
    for (char& c : s)
      if (c != '\n') c = ' ';
    return s;
  }

  bool opaque_struct(const Token& t) const {
    return t.identifier() && structs_.count(std::string(t.text)) && has_opaque(std::string(t.text));
  }

  // GLSL 4.60 4.1.7: a struct with opaque members is the type of uniforms and `in` parameters
  // only. The lowering takes the opaque members out, after which glslang would take the rest.
  void refuse_other_uses(std::size_t type_token, const char* what) {
    fail(type_token, std::string("a struct with opaque members cannot be ") + what);
  }

  // A global declaration ending at token `semi`: uniforms of struct types with opaque members, and
  // function prototypes with such parameters.
  void declaration(std::size_t first, std::size_t semi) {
    std::size_t i = first;
    if (i < semi && t_[i].is("layout") && i + 1 < semi && t_[i + 1].is('(')) i = parens_[i + 1] + 1;
    bool uniform = false;
    while (i < semi && t_[i].identifier() && is_qualifier(t_[i].text)) uniform |= t_[i++].is("uniform");
    if (i < semi && t_[i].is("struct") && i + 2 < semi && t_[i + 2].is('{')) {
      ++i;  // `uniform struct S { ... } s;`: S was read when its brace was met
      const std::size_t type_token = i;
      i = braces_[i + 1] + 1;
      if (!uniform && i < semi && opaque_struct(t_[type_token])) return refuse_other_uses(type_token, "a global variable's type");
      return uniform ? uniform_declarators(type_token, i, semi) : void();
    }
    if (i >= semi || !t_[i].identifier()) return;
    if (uniform) return uniform_declarators(i, i + 1, semi);
    // `T name(params);`
    std::size_t j = i + 1;
    if (!dims(j, semi)) return;
    const bool prototype = j + 1 < semi && t_[j].identifier() && t_[j + 1].is('(') && parens_[j + 1] + 1 == semi;
    if (opaque_struct(t_[i])) return refuse_other_uses(i, prototype ? "a function's return type" : "a global variable's type");
    if (prototype) parameters(first, semi);
  }

  void uniform_declarators(std::size_t type_token, std::size_t i, std::size_t semi) {
    const std::string type(t_[type_token].text);
    if (!structs_.count(type) || !has_opaque(type)) return;
    auto type_dims = dims(i, semi);
    std::string added;
    while (type_dims && i < semi && t_[i].identifier()) {
      const std::string name(t_[i++].text);
      auto own = dims(i, semi);
      if (!own) break;
      Root root{type, *own};
      root.dims.insert(root.dims.end(), type_dims->begin(), type_dims->end());
      uniforms_[name] = root;
      for (const Leaf& leaf : leaves(type)) added += " " + declare_uniform(name, root, leaf);
      if (i < semi && t_[i].is(',')) ++i;
      else if (i < semi) return fail(i, "glvk cannot lower this declaration of a struct with opaque members");
    }
    if (i != semi) return fail(type_token, "glvk cannot lower this declaration of a struct with opaque members");
    edits_.push_back({t_[semi].end(), t_[semi].end(), added});
  }

  std::string declare_uniform(const std::string& name, const Root& root, const Leaf& leaf) {
    OpaqueMemberUniform u;
    u.lowered = "glvkos_" + user_name(name) + leaf.suffix();
    std::uint32_t elements = leaf.elements();
    for (std::uint32_t d : root.dims) elements *= d;
    const std::vector<std::uint32_t>& last = leaf.path.back().second;
    u.size = last.empty() ? 1 : last.back();
    // GL's names: every index spelt out but the last member's innermost, which is "[0]" (7.3.1.1).
    std::function<void(std::string, std::size_t, std::size_t)> name_all = [&](std::string s, std::size_t part, std::size_t dim) {
      const std::vector<std::uint32_t>& ds = part == 0 ? root.dims : leaf.path[part - 1].second;
      if (dim == ds.size()) {
        if (part == leaf.path.size()) return u.names.push_back(s);
        return name_all(s + "." + user_name(leaf.path[part].first), part + 1, 0);
      }
      if (part == leaf.path.size() && dim + 1 == ds.size()) return name_all(s + "[0]", part, dim + 1);
      for (std::uint32_t e = 0; e < ds[dim]; ++e) name_all(s + "[" + std::to_string(e) + "]", part, dim + 1);
    };
    name_all(user_name(name), 0, 0);
    const bool arrayed = !root.dims.empty() || leaf.arrayed();
    std::string decl = "uniform " + (leaf.precision.empty() ? "" : leaf.precision + " ") + leaf.type + " " + u.lowered +
                       (arrayed ? "[" + std::to_string(elements) + "]" : "") + ";";
    declared_.push_back(std::move(u));
    return decl;
  }

  // The parameters of a function header whose parameter list ends at `close` (')' before '{' or
  // ';'): each of a struct type with opaque members is followed by one parameter per member.
  std::map<std::string, Root> parameters(std::size_t first, std::size_t end) {
    std::map<std::string, Root> roots;
    std::size_t open = first;
    while (open < end && !t_[open].is('(')) ++open;
    if (open >= end || parens_[open] >= end) return roots;
    // The return type: the token before the name, its dims apart (`T[2] f(...)`).
    std::size_t r = open - 1;
    while (r >= first + 3 && t_[r - 1].is(']')) r -= 3;
    if (r > first && opaque_struct(t_[r - 1])) return refuse_other_uses(r - 1, "a function's return type"), roots;
    const std::size_t close = parens_[open];
    for (std::size_t i = open + 1; i < close;) {
      std::size_t last = i;  // the parameter's tokens: [i, last)
      while (last < close && !t_[last].is(',')) ++last;
      std::size_t j = i;
      bool output = false;
      for (; j < last && t_[j].identifier() && (is_qualifier(t_[j].text) || t_[j].is("out") || t_[j].is("inout")); ++j)
        output |= t_[j].is("out") || t_[j].is("inout");
      if (j < last && opaque_struct(t_[j])) {
        if (output) return refuse_other_uses(j, "an out or inout parameter's type"), roots;
        Root root{std::string(t_[j].text), {}};
        std::size_t k = j + 1;
        auto type_dims = dims(k, last);
        std::string name;
        if (k < last && t_[k].identifier()) name = std::string(t_[k++].text);
        auto own = dims(k, last);
        if (!type_dims || !own || k != last) return fail(j, "glvk cannot lower this parameter of opaque members"), roots;
        root.dims = *own;
        root.dims.insert(root.dims.end(), type_dims->begin(), type_dims->end());
        std::string added;
        for (const Leaf& leaf : leaves(root.type)) {
          std::uint32_t elements = leaf.elements();
          for (std::uint32_t d : root.dims) elements *= d;
          added += ", " + (leaf.precision.empty() ? "" : leaf.precision + " ") + leaf.type +
                   (name.empty() ? "" : " glvkos_" + user_name(name) + leaf.suffix()) +
                   (!root.dims.empty() || leaf.arrayed() ? "[" + std::to_string(elements) + "]" : "");
        }
        edits_.push_back({t_[last - 1].end(), t_[last - 1].end(), added});
        if (!name.empty()) roots[name] = root;
      }
      i = last + 1;
    }
    return roots;
  }

  // `(int(i)) * 3 + (int(j))`, or the number when every index is a literal.
  static std::string flat_index(const std::vector<std::uint32_t>& ds, const std::vector<std::string>& indices) {
    bool literal = true;
    std::uint64_t value = 0;
    std::string expr;
    for (std::size_t d = 0; d < ds.size(); ++d) {
      std::uint64_t stride = 1;
      for (std::size_t e = d + 1; e < ds.size(); ++e) stride *= ds[e];
      const std::string& x = indices[d];
      const bool number = !x.empty() && std::all_of(x.begin(), x.end(), [](char c) {
        return (c >= '0' && c <= '9') || c == 'u' || c == 'U';
      });
      if (number) value += std::stoull(x) * stride;
      literal &= number;
      expr += (d ? " + " : "") + std::string("int(") + x + ")" + (stride > 1 ? " * " + std::to_string(stride) : "");
    }
    return literal ? std::to_string(value) : "(" + expr + ")";
  }

  // The function body between braces [begin, end): each access path from a root rewritten.
  void body(std::size_t begin, std::size_t end, const std::map<std::string, Root>& params) {
    for (std::size_t i = begin; i < end && error_.empty(); ++i) {
      if (!t_[i].identifier() || (i > 0 && t_[i - 1].is('.'))) continue;
      if (opaque_struct(t_[i])) return refuse_other_uses(i, "a local variable's type or constructed");
      const std::string name(t_[i].text);
      auto p = params.find(name);
      const Root* root = p != params.end() ? &p->second : nullptr;
      if (!root)
        if (auto u = uniforms_.find(name); u != uniforms_.end()) root = &u->second;
      if (root) i = path(i, end, name, *root);
    }
  }

  // The access path from root token `first`; returns the last token it rewrote (or `first`).
  std::size_t path(std::size_t first, std::size_t end, const std::string& name, const Root& root) {
    std::string type = root.type;
    std::vector<std::uint32_t> pending = root.dims;  // the current entity's dims not yet indexed
    std::vector<std::uint32_t> ds;                   // the dims indexed so far, outermost first
    std::vector<std::string> indices;
    std::vector<std::string> members;
    std::size_t i = first + 1;
    while (i < end) {
      if (t_[i].is('[') && !pending.empty() && brackets_[i] < end) {
        ds.push_back(pending.front());
        pending.erase(pending.begin());
        indices.push_back(text_.substr(t_[i + 1].begin, t_[brackets_[i]].begin - t_[i + 1].begin));
        i = brackets_[i] + 1;
      } else if (t_[i].is('.') && pending.empty() && structs_.count(type) && i + 1 < end && t_[i + 1].identifier()) {
        const auto& ms = structs_.at(type);
        const auto m = std::find_if(ms.begin(), ms.end(), [&](const Member& x) { return x.name == t_[i + 1].text; });
        if (m == ms.end()) break;
        members.push_back(m->name);
        type = m->type;
        pending = m->dims;
        i += 2;
      } else {
        break;
      }
    }
    if (!has_opaque(type)) return first;
    std::string base = "glvkos_" + user_name(name);
    for (const std::string& m : members) base += "__" + user_name(m);
    // The elements [index of the dims passed] of a flattened array whose inner dims are `inner`.
    auto operand = [&](const std::string& array, bool arrayed, const std::vector<std::uint32_t>& inner) -> std::optional<std::string> {
      if (ds.empty()) return array;
      if (!inner.empty()) return std::nullopt;
      return arrayed ? array + "[" + flat_index(ds, indices) + "]" : array;
    };
    if (is_opaque_type(type)) {
      auto x = operand(base, declared_arrayed(root, members), pending);
      if (!x) return fail(first, "glvk cannot pass part of an array of opaque struct members"), first;
      edits_.push_back({t_[first].begin, t_[i - 1].end(), *x});
      return i - 1;
    }
    // An array of structs' length() is the struct array's, which stays.
    if (t_[i].is('.') && i + 1 < end && t_[i + 1].is("length")) return first;
    // A struct value (or array of them), which GLSL allows only as a function argument: its opaque
    // members follow it as arguments of their own.
    if (!(t_[i].is(',') || t_[i].is(')'))) return fail(first, "a struct with opaque members used other than as an argument"), first;
    std::string added;
    for (const Leaf& leaf : leaves(type)) {
      std::vector<std::uint32_t> inner = pending;
      for (const auto& part : leaf.path) inner.insert(inner.end(), part.second.begin(), part.second.end());
      auto x = operand(base + leaf.suffix(), declared_arrayed(root, members) || leaf.arrayed(), inner);
      if (!x) return fail(first, "glvk cannot pass part of an array of opaque struct members"), first;
      added += ", " + *x;
    }
    edits_.push_back({t_[i - 1].end(), t_[i - 1].end(), added});
    return i - 1;
  }

  // Whether the opaque variable for a root and member path was declared as an array: some dim on
  // the way (the root's or a member's).
  bool declared_arrayed(const Root& root, const std::vector<std::string>& members) const {
    if (!root.dims.empty()) return true;
    std::string type = root.type;
    for (const std::string& m : members) {
      const auto& ms = structs_.at(type);
      const auto it = std::find_if(ms.begin(), ms.end(), [&](const Member& x) { return x.name == m; });
      if (!it->dims.empty()) return true;
      type = it->type;
    }
    return false;
  }
};

}  // namespace

std::string lower_opaque_struct_members(std::string& text, std::vector<OpaqueMemberUniform>& declared) {
  if (text.find("struct") == std::string::npos) return {};
  return Lowering(text, declared).run();
}

void split_opaque_member_uniforms(const std::vector<OpaqueMemberUniform>& declared, Program& program) {
  std::vector<Uniform> uniforms;
  std::vector<std::int32_t> moved(program.uniforms.size(), -1);  // old index → new (first part)
  for (std::size_t u = 0; u < program.uniforms.size(); ++u) {
    const Uniform& x = program.uniforms[u];
    if (x.name.find("." + std::string(kEmptyStructMember)) != std::string::npos) continue;
    moved[u] = std::int32_t(uniforms.size());
    const std::string base = strip_array_suffix(x.name);
    const auto d = std::find_if(declared.begin(), declared.end(),
                                [&](const OpaqueMemberUniform& o) { return o.lowered == base; });
    if (x.block_index >= 0 || d == declared.end() || std::uint64_t(d->size) * d->names.size() != x.array_size) {
      uniforms.push_back(x);
      continue;
    }
    for (std::uint32_t part = 0; part < d->names.size(); ++part) {
      Uniform p = x;
      p.name = d->names[part];
      p.array_size = d->size;
      p.binding_element = part * d->size;
      if (x.location >= 0) p.location = x.location + std::int32_t(p.binding_element);
      uniforms.push_back(std::move(p));
    }
  }
  for (Resource& r : program.resources)
    if (r.uniform >= 0) r.uniform = moved[std::size_t(r.uniform)];
  for (UniformBlock& b : program.blocks)
    for (std::uint32_t& u : b.uniforms) u = std::uint32_t(moved[u]);
  program.uniforms = std::move(uniforms);
}

}  // namespace glvk::glsl::detail
