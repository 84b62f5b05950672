// The !!ARBvp1.0 / !!ARBfp1.0 grammar (ARB_vertex_program 2.14.2, ARB_fragment_program 3.11.2)
// parsed in one pass that writes GLSL as it goes: every register a vec4 (temporaries t_*, PARAM
// vectors p_* computed at the start of main, address registers a_* as int), every instruction
// one statement computing its vec4 result from the spec's formula, then the masked (and, for
// _SAT, clamped) write.
#include <algorithm>
#include <map>
#include <set>
#include <span>

#include "arb_bindings.h"
#include "arb_translate.h"

namespace glvk::gl::arb {

namespace {

enum class SymKind { Temp, Address, Attrib, Param, Output };

struct Symbol {
  SymKind kind;
  std::string glsl;     // variable (temp, address, param) or expression (attrib) or output target
  unsigned size = 0;    // PARAM arrays: their length (0: a single vector)
  char scalar = 0;      // outputs: the component a scalar output takes ('x' or 'z'), 0 for vec4 ones
  int generic = -1;     // attribs: the generic attribute n of vertex.attrib[n]
  bool repeats = false; // PARAM arrays: one program parameter bound twice (no relative addressing)
};

enum class Op { Vector1, Vector2, Vector3, Scalar1, Scalar2, Swz, Arl, Tex, Kil };

struct Opcode {
  const char* name;
  Op op;
  bool vertex, fragment;
};

constexpr Opcode kOpcodes[] = {
    {"ABS", Op::Vector1, true, true},  {"ADD", Op::Vector2, true, true},  {"ARL", Op::Arl, true, false},
    {"CMP", Op::Vector3, false, true}, {"COS", Op::Scalar1, false, true}, {"DP3", Op::Vector2, true, true},
    {"DP4", Op::Vector2, true, true},  {"DPH", Op::Vector2, true, true},  {"DST", Op::Vector2, true, true},
    {"EX2", Op::Scalar1, true, true},  {"EXP", Op::Scalar1, true, false}, {"FLR", Op::Vector1, true, true},
    {"FRC", Op::Vector1, true, true},  {"KIL", Op::Kil, false, true},     {"LG2", Op::Scalar1, true, true},
    {"LIT", Op::Vector1, true, true},  {"LOG", Op::Scalar1, true, false}, {"LRP", Op::Vector3, false, true},
    {"MAD", Op::Vector3, true, true},  {"MAX", Op::Vector2, true, true},  {"MIN", Op::Vector2, true, true},
    {"MOV", Op::Vector1, true, true},  {"MUL", Op::Vector2, true, true},  {"POW", Op::Scalar2, true, true},
    {"RCP", Op::Scalar1, true, true},  {"RSQ", Op::Scalar1, true, true},  {"SCS", Op::Scalar1, false, true},
    {"SGE", Op::Vector2, true, true},  {"SIN", Op::Scalar1, false, true}, {"SLT", Op::Vector2, true, true},
    {"SUB", Op::Vector2, true, true},  {"SWZ", Op::Swz, true, true},      {"TEX", Op::Tex, false, true},
    {"TXB", Op::Tex, false, true},     {"TXP", Op::Tex, false, true},     {"XPD", Op::Vector2, true, true},
};

// The spec's formulas that take more than an expression (ARB_vertex_program 2.14.5).
constexpr const char* kHelpers = R"(vec4 arb_lit(vec4 s) {
  float x = max(s.x, 0.0), y = max(s.y, 0.0), w = clamp(s.w, -127.99609375, 127.99609375);
  float p = y > 0.0 ? exp2(w * log2(y)) : (w == 0.0 ? 1.0 : 0.0);
  return vec4(1.0, x, x > 0.0 ? p : 0.0, 1.0);
}
vec4 arb_exp(float t) {
  float f = floor(t);
  return vec4(exp2(f), t - f, exp2(t), 1.0);
}
vec4 arb_log(float t) {
  t = abs(t);
  float e = floor(log2(t));
  return vec4(e, t / exp2(e), log2(t), 1.0);
}
vec4 arb_cmp(vec4 a, vec4 b, vec4 c) {
  return vec4(a.x < 0.0 ? b.x : c.x, a.y < 0.0 ? b.y : c.y, a.z < 0.0 ? b.z : c.z, a.w < 0.0 ? b.w : c.w);
}
)";

class Translator {
 public:
  Translator(Kind kind, std::string_view text, Translation& out) : kind_(kind), sc_(text), t_(out) {}
  void run();

 private:
  bool vertex() const { return kind_ == Kind::Vertex; }
  void option();
  void statement();
  void declare(const std::string& name, std::size_t at, Symbol s);
  void param_declaration();
  std::vector<std::string> param_binding(bool multiple);
  std::string constant_vector(bool scalar_allowed);
  std::string attrib_binding(int* generic = nullptr);
  Symbol result_binding();
  std::string program_parameter(std::vector<std::string>* range);
  void instruction(const Opcode& op, bool saturate);
  std::string source(bool scalar);
  std::string swizzle_suffix(bool scalar);
  struct Dest {
    std::string target;
    std::string mask;  // "xyzw" subset, in order
    char scalar = 0;
  };
  Dest destination();
  std::string texture_sample(const std::string& op, const std::string& coord);
  void write(const Dest& d, const std::string& value, bool saturate);
  char component(char c, std::size_t at) const;

  Kind kind_;
  Scanner sc_;
  Translation& t_;
  std::map<std::string, Symbol> symbols_;
  std::string prelude_, body_;
  std::set<std::string> attribs_;
  unsigned params_ = 0;
  std::string precision_;  // the precision hint option given
  bool draw_buffers_ = false, shadow_ = false;
  std::string fog_;  // linear, exp or exp2
  bool indexed_color_ = false;  // result.color[n]: gl_FragData instead of gl_FragColor
  std::set<std::string> written_since_fetch_;
  std::uint32_t conventional_ = 0, generic_ = 0;  // vertex attributes bound, by generic index
};

char Translator::component(char c, std::size_t at) const {
  switch (c) {
    case 'x': case 'y': case 'z': case 'w': return c;
    case 'r': if (!vertex()) return 'x'; break;
    case 'g': if (!vertex()) return 'y'; break;
    case 'b': if (!vertex()) return 'z'; break;
    case 'a': if (!vertex()) return 'w'; break;
    default: break;
  }
  sc_.fail_at(at, std::string("invalid component '") + c + "'");
}

void Translator::declare(const std::string& name, std::size_t at, Symbol s) {
  // The grammar's keywords, instructions and binding roots of this kind of program are no names
  // (ARB_vertex_program 2.14.2, ARB_fragment_program 3.11.2: a fragment program may name a
  // temporary ARL or vertex).
  static const char* const kReserved[] = {"ALIAS", "ATTRIB", "END", "OPTION", "OUTPUT", "PARAM", "TEMP", "program",
                                          "result", "state"};
  static const char* const kVertexReserved[] = {"ADDRESS", "vertex"};
  static const char* const kFragmentReserved[] = {"fragment", "texture"};
  for (const char* r : kReserved)
    if (name == r) sc_.fail_at(at, "'" + name + "' is a reserved word");
  for (const char* r : vertex() ? std::span<const char* const>(kVertexReserved) : std::span<const char* const>(kFragmentReserved))
    if (name == r) sc_.fail_at(at, "'" + name + "' is a reserved word");
  for (const Opcode& o : kOpcodes)
    if ((vertex() ? o.vertex : o.fragment) &&
        (name == o.name || (!vertex() && name == std::string(o.name) + "_SAT")))
      sc_.fail_at(at, "'" + name + "' is a reserved word");
  if (symbols_.count(name)) sc_.fail_at(at, "'" + name + "' is already declared");
  symbols_.emplace(name, std::move(s));
}

void Translator::run() {
  const char* header = vertex() ? "!!ARBvp1.0" : "!!ARBfp1.0";
  for (std::size_t i = 0; header[i]; ++i)
    if (sc_.peek_at(i) != header[i]) sc_.fail_at(0, std::string("the program must begin with ") + header);
  sc_.seek(10);
  while (sc_.peek_ident() == "OPTION") option();
  // ARB_vertex_program 2.14.4.5.1: the position as fixed-function transformation computes it.
  if (t_.position_invariant) prelude_ += "  gl_Position = ftransform();\n";
  for (;;) {
    if (sc_.at_end()) sc_.fail("missing END");
    if (sc_.accept_word("END")) break;
    statement();
  }
  if (t_.instructions > kMaxInstructions) sc_.fail("too many instructions");
  if (t_.temporaries > kMaxTemporaries) sc_.fail("too many temporaries");
  if (params_ > kMaxParameters) sc_.fail("too many parameters");
  t_.parameters = params_;
  t_.attribs = unsigned(attribs_.size());
  if (!t_.tex_instructions) t_.tex_indirections = 0;

  std::string g = "#version 150 compatibility\n";
  if (t_.env_size) g += "uniform vec4 " + std::string(env_uniform(kind_)) + "[" + std::to_string(t_.env_size) + "];\n";
  if (t_.local_size)
    g += "uniform vec4 " + std::string(local_uniform(kind_)) + "[" + std::to_string(t_.local_size) + "];\n";
  if ((prelude_ + body_).find(program_matrix_uniform()) != std::string::npos) {
    t_.program_matrices = true;
    g += "uniform mat4 " + std::string(program_matrix_uniform()) + "[" + std::to_string(kMaxProgramMatrices) + "];\n";
  }
  for (unsigned n = 0; n < kMaxVertexAttribs; ++n)
    if (t_.generic_attribs >> n & 1u) g += "in vec4 arb_attrib" + std::to_string(n) + ";\n";
  static const char* const kSamplers[] = {"",         "sampler1D",       "sampler2D",       "sampler3D",          "samplerCube",
                                          "sampler2DRect", "sampler1DShadow", "sampler2DShadow", "sampler2DRectShadow"};
  for (unsigned u = 0; u < kMaxTextureImageUnits; ++u)
    if (t_.units[u] != TexTarget::None)
      g += "uniform " + std::string(kSamplers[unsigned(t_.units[u])]) + " ff_texture" + std::to_string(u) + ";\n";
  g += kHelpers;
  g += "void main() {\n" + prelude_ + body_;
  // User clip planes (given in eye coordinates) clip the vertex program's clip-space position as
  // the plane transformed by the inverse projection, Mesa's rule; with ARB_position_invariant the
  // eye-space position itself, as fixed-function clipping does.
  if (vertex())
    g += t_.position_invariant ? "  gl_ClipVertex = gl_ModelViewMatrix * gl_Vertex;\n"
                               : "  gl_ClipVertex = gl_ProjectionMatrixInverse * gl_Position;\n";
  if (!fog_.empty()) {
    // ARB_fragment_program 3.11.4.5.1: the fog options blend result.color with the fog colour by
    // the fog factor of fragment.fogcoord, as fixed-function fog does.
    const std::string c = "gl_FogFragCoord";
    std::string f = fog_ == "linear" ? "(gl_Fog.end - " + c + ") * gl_Fog.scale"
                    : fog_ == "exp"  ? "exp(-gl_Fog.density * " + c + ")"
                                     : "exp(-(gl_Fog.density * " + c + ") * (gl_Fog.density * " + c + "))";
    const std::string color = indexed_color_ ? "gl_FragData[0]" : "gl_FragColor";
    g += "  " + color + ".rgb = mix(gl_Fog.color.rgb, " + color + ".rgb, clamp(" + f + ", 0.0, 1.0));\n";
  }
  g += "}\n";
  // Colour outputs are named once every write is known (gl_FragColor and gl_FragData exclude each other).
  for (std::size_t at; (at = g.find("@COLOR")) != std::string::npos;) {
    const std::size_t end = g.find('@', at + 1);
    const std::string n = g.substr(at + 6, end - at - 6);
    g.replace(at, end - at + 1, indexed_color_ ? "gl_FragData[" + n + "]" : "gl_FragColor");
  }
  t_.glsl = std::move(g);
  t_.ok = true;
}

void Translator::option() {
  sc_.ident();
  const std::size_t at = sc_.here();
  const std::string name = sc_.ident();
  sc_.expect(';');
  if (vertex()) {
    if (name == "ARB_position_invariant") {
      t_.position_invariant = true;
      return;
    }
    sc_.fail_at(at, "unknown option '" + name + "'");
  }
  if (name == "ARB_fog_linear" || name == "ARB_fog_exp" || name == "ARB_fog_exp2") {
    if (!fog_.empty() && fog_ != name.substr(8)) sc_.fail_at(at, "only one fog option may be given");
    fog_ = name.substr(8);
  } else if (name == "ARB_precision_hint_fastest" || name == "ARB_precision_hint_nicest") {
    if (!precision_.empty() && precision_ != name) sc_.fail_at(at, "only one precision hint may be given");
    precision_ = name;
  } else if (name == "ARB_draw_buffers") {
    draw_buffers_ = true;
  } else if (name == "ARB_fragment_program_shadow") {
    shadow_ = true;
  } else {
    sc_.fail_at(at, "unknown option '" + name + "'");
  }
}

void Translator::statement() {
  const std::size_t at = sc_.here();
  const std::string w = sc_.word();
  if (w == "TEMP" || w == "ADDRESS") {
    do {
      const std::size_t n_at = sc_.here();
      const std::string name = sc_.ident();
      if (w == "TEMP") {
        declare(name, n_at, {SymKind::Temp, "t_" + name});
        prelude_ += "  vec4 t_" + name + " = vec4(0.0);\n";
        ++t_.temporaries;
      } else {
        if (!vertex()) sc_.fail_at(at, "ADDRESS is a vertex program statement");
        if (++t_.address_registers > kMaxAddressRegisters) sc_.fail_at(n_at, "too many address registers");
        declare(name, n_at, {SymKind::Address, "a_" + name});
        prelude_ += "  int a_" + name + " = 0;\n";
      }
    } while (sc_.accept(','));
  } else if (w == "ATTRIB") {
    const std::size_t n_at = sc_.here();
    const std::string name = sc_.ident();
    sc_.expect('=');
    const std::size_t b_at = sc_.here();
    if (sc_.peek_ident() != (vertex() ? "vertex" : "fragment")) sc_.fail_at(b_at, "expected an attribute binding");
    Symbol s{SymKind::Attrib, ""};
    s.glsl = attrib_binding(&s.generic);
    declare(name, n_at, s);
  } else if (w == "PARAM") {
    param_declaration();
  } else if (w == "OUTPUT") {
    const std::size_t n_at = sc_.here();
    const std::string name = sc_.ident();
    sc_.expect('=');
    if (sc_.peek_ident() != "result") sc_.fail("expected a result binding");
    declare(name, n_at, result_binding());
  } else if (w == "ALIAS") {
    const std::size_t n_at = sc_.here();
    const std::string name = sc_.ident();
    sc_.expect('=');
    const std::size_t o_at = sc_.here();
    const std::string other = sc_.ident();
    const auto it = symbols_.find(other);
    if (it == symbols_.end()) sc_.fail_at(o_at, "'" + other + "' is not declared");
    declare(name, n_at, it->second);
  } else {
    const std::string base = w.size() > 4 && w.compare(w.size() - 4, 4, "_SAT") == 0 ? w.substr(0, w.size() - 4) : w;
    const bool saturate = base != w;
    const Opcode* op = nullptr;
    for (const Opcode& o : kOpcodes)
      if (base == o.name && (vertex() ? o.vertex : o.fragment)) op = &o;
    if (!op || (saturate && vertex())) sc_.fail_at(at, "unknown instruction '" + w + "'");
    instruction(*op, saturate);
  }
  sc_.expect(';');
}

void Translator::param_declaration() {
  const std::size_t n_at = sc_.here();
  const std::string name = sc_.ident();
  const std::string var = "p_" + name;
  if (sc_.accept('[')) {
    unsigned size = 0;
    std::size_t s_at = sc_.here();
    if (sc_.peek() != ']') {
      size = sc_.integer();
      if (size == 0) sc_.fail_at(s_at, "an array needs at least one element");
    }
    sc_.expect(']');
    sc_.expect('=');
    sc_.expect('{');
    std::vector<std::string> items;
    do {
      for (std::string& v : param_binding(true)) items.push_back(std::move(v));
    } while (sc_.accept(','));
    sc_.expect('}');
    if (size && items.size() != size) sc_.fail_at(s_at, "the array's size does not match its initializers");
    Symbol sym{SymKind::Param, var, unsigned(items.size())};
    // ARB_vertex_program 2.14.3.4: a relatively addressed array binds each parameter once.
    std::set<std::string> bound;
    for (const std::string& item : items)
      if (item.compare(0, 4, "arb_") == 0 && !bound.insert(item).second) sym.repeats = true;
    declare(name, n_at, sym);
    prelude_ += "  vec4 " + var + "[" + std::to_string(items.size()) + "];\n";
    for (std::size_t i = 0; i < items.size(); ++i) prelude_ += "  " + var + "[" + std::to_string(i) + "] = " + items[i] + ";\n";
    params_ += unsigned(items.size());
  } else {
    sc_.expect('=');
    const std::vector<std::string> v = param_binding(false);
    declare(name, n_at, {SymKind::Param, var});
    prelude_ += "  vec4 " + var + " = " + v[0] + ";\n";
    ++params_;
  }
}

// A PARAM initializer: a constant, state.*, program.env/local[] (a range when `multiple`).
std::vector<std::string> Translator::param_binding(bool multiple) {
  const std::size_t at = sc_.here();
  const std::string w = sc_.peek_ident();
  std::vector<std::string> v;
  if (w == "state") {
    sc_.ident();
    v = state_binding(sc_, kind_);
  } else if (w == "program") {
    std::vector<std::string> range;
    const std::string one = program_parameter(multiple ? &range : nullptr);
    v = range.empty() ? std::vector<std::string>{one} : range;
  } else {
    v = {constant_vector(true)};
  }
  if (!multiple && v.size() != 1) sc_.fail_at(at, "a single PARAM takes one vector");
  return v;
}

// {a, b, c, d} (missing components 0, 0, 1) or a signed scalar (replicated).
std::string Translator::constant_vector(bool scalar_allowed) {
  auto signed_number = [&] {
    double sign = 1;
    if (sc_.accept('-')) sign = -1;
    else sc_.accept('+');
    return sign * sc_.number();
  };
  if (sc_.accept('{')) {
    double c[4] = {0, 0, 0, 1};
    unsigned n = 0;
    do {
      if (n == 4) sc_.fail("a vector constant has at most four components");
      c[n++] = signed_number();
    } while (sc_.accept(','));
    sc_.expect('}');
    return "vec4(" + float_literal(c[0]) + ", " + float_literal(c[1]) + ", " + float_literal(c[2]) + ", " +
           float_literal(c[3]) + ")";
  }
  if (!scalar_allowed) sc_.fail("expected a vector constant");
  if (!sc_.at_number() && sc_.peek() != '-' && sc_.peek() != '+') sc_.fail("expected a parameter binding");
  return "vec4(" + float_literal(signed_number()) + ")";
}

// program.env[n] / program.local[n], or with `range` the [a..b] form, one vector each.
std::string Translator::program_parameter(std::vector<std::string>* range) {
  sc_.ident();
  sc_.expect('.');
  const std::size_t at = sc_.here();
  const std::string which = sc_.ident();
  if (which != "env" && which != "local") sc_.fail_at(at, "expected program.env or program.local");
  const bool env = which == "env";
  const unsigned limit = env ? kMaxEnvParameters : kMaxLocalParameters;
  sc_.expect('[');
  std::size_t i_at = sc_.here();
  const unsigned first = sc_.integer();
  unsigned last = first;
  if (range && sc_.accept_dots()) {
    i_at = sc_.here();
    last = sc_.integer();
    if (last < first) sc_.fail_at(i_at, "invalid parameter range");
  }
  if (last >= limit) sc_.fail_at(i_at, "program parameter index out of range");
  sc_.expect(']');
  unsigned& size = env ? t_.env_size : t_.local_size;
  size = std::max(size, last + 1);
  const std::string array = env ? env_uniform(kind_) : local_uniform(kind_);
  if (range)
    for (unsigned i = first; i <= last; ++i) range->push_back(array + "[" + std::to_string(i) + "]");
  return array + "[" + std::to_string(first) + "]";
}

std::string Translator::attrib_binding(int* generic) {
  const std::size_t at = sc_.here();
  sc_.ident();  // vertex or fragment
  sc_.expect('.');
  const std::size_t p = sc_.here();
  const std::string what = sc_.ident();
  std::string expr, key = what;
  // The generic attribute a vertex binding is or aliases (ARB_vertex_program table X.2.1:
  // position 0, normal 2, colours 3 and 4, fog coordinate 5, texture coordinates 8 + n); a
  // conventional attribute and its generic alias may not both be bound.
  int alias = -1;
  bool is_generic = false;
  if (vertex()) {
    if (what == "position") {
      expr = "gl_Vertex";
      alias = 0;
    } else if (what == "normal") {
      expr = "vec4(gl_Normal, 1.0)";
      alias = 2;
    } else if (what == "color") {
      const bool secondary = sc_.accept_member("secondary");
      if (!secondary) sc_.accept_member("primary");
      expr = secondary ? "gl_SecondaryColor" : "gl_Color";
      key += secondary ? ".secondary" : "";
      alias = secondary ? 4 : 3;
    } else if (what == "fogcoord") {
      expr = "vec4(gl_FogCoord, 0.0, 0.0, 1.0)";
      alias = 5;
    } else if (what == "texcoord") {
      const unsigned n = optional_index(sc_, 0, kMaxTextureCoords, "texture coordinate set");
      expr = "gl_MultiTexCoord" + std::to_string(n);
      key += std::to_string(n);
      alias = int(8 + n);
    } else if (what == "attrib") {
      const unsigned n = required_index(sc_, kMaxVertexAttribs, "vertex attribute");
      alias = int(n);
      is_generic = true;
      // Generic attribute 0 is the vertex position (ARB_vertex_program table X.2.1).
      if (n == 0) {
        expr = "gl_Vertex";
        key = "position";
      } else {
        // Declared as an input only once an instruction reads it (an unread input would be a
        // vertex input the pipeline binds and the shader does not consume).
        if (generic) *generic = int(n);
        else t_.generic_attribs |= 1u << n;
        expr = "arb_attrib" + std::to_string(n);
        key += std::to_string(n);
      }
    } else if (what == "weight" || what == "matrixindex") {
      sc_.fail_at(p, "vertex blending is not supported");
    } else {
      sc_.fail_at(p, "unknown vertex attribute '" + what + "'");
    }
  } else {
    if (what == "color") {
      const bool secondary = sc_.accept_member("secondary");
      if (!secondary) sc_.accept_member("primary");
      expr = secondary ? "gl_SecondaryColor" : "gl_Color";
      key += secondary ? ".secondary" : "";
    } else if (what == "texcoord") {
      const unsigned n = optional_index(sc_, 0, kMaxTextureCoords, "texture coordinate set");
      expr = "gl_TexCoord[" + std::to_string(n) + "]";
      key += std::to_string(n);
    } else if (what == "fogcoord") {
      expr = "vec4(gl_FogFragCoord, 0.0, 0.0, 1.0)";
    } else if (what == "position") {
      expr = "gl_FragCoord";
    } else {
      sc_.fail_at(p, "unknown fragment attribute '" + what + "'");
    }
  }
  if (alias >= 0) {
    (is_generic ? generic_ : conventional_) |= 1u << alias;
    if (conventional_ & generic_) sc_.fail_at(at, "a conventional attribute and its generic alias are both bound");
  }
  attribs_.insert(key);
  return expr;
}

Symbol Translator::result_binding() {
  sc_.ident();  // result
  sc_.expect('.');
  const std::size_t p = sc_.here();
  const std::string what = sc_.ident();
  Symbol s{SymKind::Output, ""};
  if (vertex()) {
    if (what == "position") {
      if (t_.position_invariant) sc_.fail_at(p, "result.position is not written with ARB_position_invariant");
      s.glsl = "gl_Position";
    } else if (what == "color") {
      bool back = false, secondary = false;
      if (sc_.accept_member("back")) back = true;
      else sc_.accept_member("front");
      if (sc_.accept_member("secondary")) secondary = true;
      else sc_.accept_member("primary");
      s.glsl = std::string(back ? "gl_Back" : "gl_Front") + (secondary ? "SecondaryColor" : "Color");
    } else if (what == "fogcoord") {
      s.glsl = "gl_FogFragCoord";
      s.scalar = 'x';
    } else if (what == "pointsize") {
      s.glsl = "gl_PointSize";
      s.scalar = 'x';
    } else if (what == "texcoord") {
      s.glsl = "gl_TexCoord[" + std::to_string(optional_index(sc_, 0, kMaxTextureCoords, "texture coordinate set")) + "]";
    } else {
      sc_.fail_at(p, "unknown result '" + what + "'");
    }
  } else {
    if (what == "color") {
      unsigned n = 0;
      if (sc_.peek() == '[') {
        if (!draw_buffers_) sc_.fail("result.color[n] needs OPTION ARB_draw_buffers");
        n = required_index(sc_, kMaxDrawBuffers, "draw buffer");
        indexed_color_ = true;
      }
      s.glsl = "@COLOR" + std::to_string(n) + "@";
    } else if (what == "depth") {
      s.glsl = "gl_FragDepth";
      s.scalar = 'z';
    } else {
      sc_.fail_at(p, "unknown result '" + what + "'");
    }
  }
  return s;
}

std::string Translator::swizzle_suffix(bool scalar) {
  if (sc_.peek_member().empty()) {
    if (scalar) sc_.fail("a scalar operand needs a component selector");
    return {};
  }
  sc_.accept('.');
  const std::size_t at = sc_.here();
  const std::string s = sc_.ident();
  if (s.size() != 1 && (s.size() != 4 || scalar)) sc_.fail_at(at, "invalid swizzle '" + s + "'");
  const bool rgba = s.find_first_of("rgba") != std::string::npos, xyzw = s.find_first_of("xyzw") != std::string::npos;
  if (rgba && xyzw) sc_.fail_at(at, "a swizzle mixes xyzw and rgba");
  std::string out;
  for (std::size_t i = 0; i < 4; ++i) out += component(s[s.size() == 1 ? 0 : i], at + i);
  return out == "xyzw" ? std::string() : "." + out;
}

std::string Translator::source(bool scalar) {
  bool negate = false;
  if (sc_.accept('-')) negate = true;
  else sc_.accept('+');
  const std::size_t at = sc_.here();
  std::string base;
  const std::string w = sc_.peek_ident();
  if (w.empty()) {
    base = constant_vector(true);  // a literal in the GLSL: no parameter slot
  } else if ((w == "vertex" || w == "fragment") && !symbols_.count(w)) {
    if (w != (vertex() ? "vertex" : "fragment")) sc_.fail_at(at, "'" + w + "' is not available in this program");
    base = attrib_binding();
  } else if (w == "state") {
    sc_.ident();
    std::vector<std::string> v = state_binding(sc_, kind_);
    if (v.size() != 1) sc_.fail_at(at, "an operand is one vector");
    base = v[0];
    ++params_;
  } else if (w == "program") {
    base = program_parameter(nullptr);
    ++params_;
  } else {
    const std::string name = sc_.ident();
    const auto it = symbols_.find(name);
    if (it == symbols_.end()) sc_.fail_at(at, "'" + name + "' is not declared");
    const Symbol& s = it->second;
    switch (s.kind) {
      case SymKind::Temp: base = s.glsl; break;
      case SymKind::Attrib:
        base = s.glsl;
        if (s.generic >= 0) t_.generic_attribs |= 1u << s.generic;
        break;
      case SymKind::Output: sc_.fail_at(at, "'" + name + "' is an output: it cannot be read");
      case SymKind::Address: sc_.fail_at(at, "'" + name + "' is an address register");
      case SymKind::Param:
        if (!s.size) {
          base = s.glsl;
          break;
        }
        sc_.expect('[');
        if (sc_.at_number()) {
          const std::size_t i_at = sc_.here();
          const unsigned i = sc_.integer();
          if (i >= s.size) sc_.fail_at(i_at, "array index out of range");
          base = s.glsl + "[" + std::to_string(i) + "]";
        } else {
          if (s.repeats) sc_.fail_at(at, "'" + name + "' binds a program parameter twice: no relative addressing");
          // Relative addressing (ARB_vertex_program 2.14.4.1): A.x plus an offset; the spec's
          // [-64, 63] is a minimum, glvk takes any offset within MAX_PROGRAM_PARAMETERS.
          if (!vertex()) sc_.fail("relative addressing needs a vertex program");
          const std::size_t a_at = sc_.here();
          const std::string a = sc_.ident();
          const auto ai = symbols_.find(a);
          if (ai == symbols_.end() || ai->second.kind != SymKind::Address) sc_.fail_at(a_at, "expected an address register");
          sc_.expect('.');
          if (sc_.ident() != "x") sc_.fail("an address register is read as .x");
          long offset = 0;
          if (sc_.peek() == '+' || sc_.peek() == '-') {
            const bool minus = sc_.accept('-');
            if (!minus) sc_.accept('+');
            const std::size_t o_at = sc_.here();
            offset = long(sc_.integer());
            if (minus) offset = -offset;
            if (offset >= long(kMaxParameters)) sc_.fail_at(o_at, "address offset out of range");
          }
          // Out-of-range addresses are undefined; clamped, they never read outside the array.
          base = s.glsl + "[clamp(" + ai->second.glsl + (offset ? (offset > 0 ? " + " : " - ") + std::to_string(std::labs(offset)) : "") +
                 ", 0, " + std::to_string(s.size - 1) + ")]";
        }
        sc_.expect(']');
        break;
    }
  }
  const std::string swz = swizzle_suffix(scalar);
  std::string e = swz.empty() ? base : "(" + base + ")" + swz;
  if (scalar) e = "vec4(" + e + ")";
  return negate ? "(-" + e + ")" : e;
}

Translator::Dest Translator::destination() {
  const std::size_t at = sc_.here();
  Dest d;
  const std::string w = sc_.ident();
  if (w == "result") {
    sc_.seek(at);
    const Symbol s = result_binding();
    d.target = s.glsl;
    d.scalar = s.scalar;
  } else {
    const auto it = symbols_.find(w);
    if (it == symbols_.end()) sc_.fail_at(at, "'" + w + "' is not declared");
    if (it->second.kind != SymKind::Temp && it->second.kind != SymKind::Output) sc_.fail_at(at, "'" + w + "' cannot be written");
    d.target = it->second.glsl;
    d.scalar = it->second.scalar;
  }
  d.mask = "xyzw";
  if (!sc_.peek_member().empty()) {
    sc_.accept('.');
    const std::size_t m_at = sc_.here();
    const std::string m = sc_.ident();
    std::string mask;
    for (std::size_t i = 0; i < m.size(); ++i) mask += component(m[i], m_at + i);
    // Components in xyzw order, each once.
    if (mask.empty() || mask.size() > 4 ||
        !std::is_sorted(mask.begin(), mask.end(), [](char a, char b) { return (a == 'w' ? 'z' + 1 : a) < (b == 'w' ? 'z' + 1 : b); }) ||
        std::adjacent_find(mask.begin(), mask.end()) != mask.end())
      sc_.fail_at(m_at, "invalid write mask '" + m + "'");
    d.mask = mask;
  }
  return d;
}

void Translator::write(const Dest& d, const std::string& value, bool saturate) {
  const std::string v = saturate ? "clamp(" + value + ", 0.0, 1.0)" : value;
  if (d.scalar) {
    if (d.mask.find(d.scalar) == std::string::npos) {
      body_ += "  " + v + ";\n";  // no component the output takes
      return;
    }
    body_ += "  " + d.target + " = (" + v + ")." + d.scalar + ";\n";
    return;
  }
  if (d.mask == "xyzw") body_ += "  " + d.target + " = " + v + ";\n";
  else body_ += "  " + d.target + "." + d.mask + " = (" + v + ")." + d.mask + ";\n";
  if (d.target.compare(0, 2, "t_") == 0) written_since_fetch_.insert(d.target);
}

std::string Translator::texture_sample(const std::string& op, const std::string& coord) {
  sc_.expect(',');
  const std::size_t u_at = sc_.here();
  if (sc_.ident() != "texture") sc_.fail_at(u_at, "expected texture[n]");
  const unsigned unit = optional_index(sc_, 0, kMaxTextureImageUnits, "texture image unit");
  sc_.expect(',');
  const std::size_t t_at = sc_.here();
  const std::string target = sc_.word();
  static const std::pair<const char*, TexTarget> kTargets[] = {
      {"1D", TexTarget::T1D},         {"2D", TexTarget::T2D},         {"3D", TexTarget::T3D},
      {"CUBE", TexTarget::Cube},      {"RECT", TexTarget::Rect},      {"SHADOW1D", TexTarget::Shadow1D},
      {"SHADOW2D", TexTarget::Shadow2D}, {"SHADOWRECT", TexTarget::ShadowRect}};
  TexTarget tt = TexTarget::None;
  for (const auto& [name, value] : kTargets)
    if (target == name) tt = value;
  if (tt == TexTarget::None || (tt >= TexTarget::Shadow1D && !shadow_))
    sc_.fail_at(t_at, "invalid texture target '" + target + "'");
  // ARB_fragment_program 3.11.2: one target per texture image unit in a program.
  if (t_.units[unit] != TexTarget::None && t_.units[unit] != tt)
    sc_.fail_at(t_at, "texture image unit " + std::to_string(unit) + " is used with two targets");
  t_.units[unit] = tt;
  const std::string s = "ff_texture" + std::to_string(unit);
  const bool shadow = tt >= TexTarget::Shadow1D;
  std::string c;  // the coordinate components of a plain lookup
  switch (tt) {
    case TexTarget::T1D: c = ".x"; break;
    case TexTarget::T2D: case TexTarget::Rect: c = ".xy"; break;
    case TexTarget::T3D: case TexTarget::Cube: case TexTarget::Shadow2D: case TexTarget::ShadowRect: c = ".xyz"; break;
    case TexTarget::Shadow1D: c = ".xyz"; break;  // s and the reference r; t unused
    default: break;
  }
  std::string e;
  if (op == "TXP" && tt != TexTarget::Cube) {
    e = "textureProj(" + s + ", " + coord + ")";
  } else if (op == "TXB") {
    e = "texture(" + s + ", (" + coord + ")" + c + ", (" + coord + ").w)";
  } else {
    e = "texture(" + s + ", (" + coord + ")" + c + ")";
  }
  if (tt == TexTarget::Shadow1D) e = op == "TXP" ? "textureProj(" + s + ", vec4((" + coord + ").xyz, (" + coord + ").w))" : e;
  // A depth comparison gives one value: (r, r, r, 1) as DEPTH_TEXTURE_MODE LUMINANCE does.
  if (shadow) e = "vec4(vec3(" + e + "), 1.0)";
  return e;
}

void Translator::instruction(const Opcode& op, bool saturate) {
  ++t_.instructions;
  if (op.op == Op::Kil) {
    const std::string a = source(false);
    ++t_.tex_instructions;
    body_ += "  if (any(lessThan(" + a + ", vec4(0.0)))) discard;\n";
    return;
  }
  if (op.op == Op::Arl) {
    const std::size_t at = sc_.here();
    const std::string w = sc_.ident();
    const auto it = symbols_.find(w);
    if (it == symbols_.end() || it->second.kind != SymKind::Address) sc_.fail_at(at, "ARL writes an address register");
    sc_.expect('.');
    if (sc_.ident() != "x") sc_.fail("an address register is written as .x");
    sc_.expect(',');
    const std::string a = source(true);
    body_ += "  " + it->second.glsl + " = int(floor((" + a + ").x));\n";
    ++t_.alu_instructions;
    return;
  }
  const Dest d = destination();
  sc_.expect(',');
  const std::string name = op.name;
  std::string r;
  if (op.op == Op::Tex) {
    const std::string a = source(false);
    // A lookup whose coordinate a previous instruction computed starts a new indirection.
    if (!t_.tex_indirections) t_.tex_indirections = 1;
    const bool computed = std::any_of(written_since_fetch_.begin(), written_since_fetch_.end(),
                                      [&](const std::string& reg) { return a.find(reg) != std::string::npos; });
    if (computed) {
      ++t_.tex_indirections;
      written_since_fetch_.clear();
    }
    r = texture_sample(name, a);
    ++t_.tex_instructions;
    write(d, r, saturate);
    return;
  }
  ++t_.alu_instructions;
  if (op.op == Op::Swz) {
    // SWZ's extended swizzle: per component 0, 1 or a component, each with its own sign.
    bool negate = false;
    if (sc_.accept('-')) negate = true;
    else sc_.accept('+');
    const std::string base = source(false);
    std::string comps[4];
    bool rgba = false, xyzw = false;
    for (int i = 0; i < 4; ++i) {
      sc_.expect(',');
      bool minus = false;
      if (sc_.accept('-')) minus = true;
      else sc_.accept('+');
      const std::size_t c_at = sc_.here();
      std::string c;
      if (sc_.at_number()) {
        const unsigned v = sc_.integer();
        if (v > 1) sc_.fail_at(c_at, "an extended swizzle takes 0, 1 or a component");
        c = v ? "1.0" : "0.0";
      } else {
        const std::string n = sc_.ident();
        if (n.size() != 1) sc_.fail_at(c_at, "an extended swizzle takes 0, 1 or a component");
        (std::string("rgba").find(n[0]) != std::string::npos ? rgba : xyzw) = true;
        if (rgba && xyzw) sc_.fail_at(c_at, "an extended swizzle mixes xyzw and rgba");
        c = "(" + base + ")." + std::string(1, component(n[0], c_at));
      }
      comps[i] = minus ? "-" + c : c;
    }
    r = "vec4(" + comps[0] + ", " + comps[1] + ", " + comps[2] + ", " + comps[3] + ")";
    if (negate) r = "(-" + r + ")";
    write(d, r, saturate);
    return;
  }
  const bool scalar = op.op == Op::Scalar1 || op.op == Op::Scalar2;
  const unsigned n = op.op == Op::Vector3 ? 3 : (op.op == Op::Vector2 || op.op == Op::Scalar2) ? 2 : 1;
  std::string s[3];
  for (unsigned i = 0; i < n; ++i) {
    if (i) sc_.expect(',');
    s[i] = source(scalar);
  }
  const std::string &a = s[0], &b = s[1], &c = s[2];
  const std::string ax = "(" + a + ").x", bx = "(" + b + ").x";
  if (name == "ABS") r = "abs(" + a + ")";
  else if (name == "ADD") r = a + " + " + b;
  else if (name == "CMP") r = "arb_cmp(" + a + ", " + b + ", " + c + ")";
  else if (name == "COS") r = "vec4(cos(" + ax + "))";
  else if (name == "DP3") r = "vec4(dot((" + a + ").xyz, (" + b + ").xyz))";
  else if (name == "DP4") r = "vec4(dot(" + a + ", " + b + "))";
  else if (name == "DPH") r = "vec4(dot((" + a + ").xyz, (" + b + ").xyz) + (" + b + ").w)";
  else if (name == "DST") r = "vec4(1.0, (" + a + ").y * (" + b + ").y, (" + a + ").z, (" + b + ").w)";
  else if (name == "EX2") r = "vec4(exp2(" + ax + "))";
  else if (name == "EXP") r = "arb_exp(" + ax + ")";
  else if (name == "FLR") r = "floor(" + a + ")";
  else if (name == "FRC") r = "fract(" + a + ")";
  else if (name == "LG2") r = "vec4(log2(abs(" + ax + ")))";
  else if (name == "LIT") r = "arb_lit(" + a + ")";
  else if (name == "LOG") r = "arb_log(" + ax + ")";
  else if (name == "LRP") r = "(" + a + ") * (" + b + ") + (vec4(1.0) - (" + a + ")) * (" + c + ")";
  else if (name == "MAD") r = "(" + a + ") * (" + b + ") + (" + c + ")";
  else if (name == "MAX") r = "max(" + a + ", " + b + ")";
  else if (name == "MIN") r = "min(" + a + ", " + b + ")";
  else if (name == "MOV") r = a;
  else if (name == "MUL") r = "(" + a + ") * (" + b + ")";
  else if (name == "POW") r = "vec4(pow(" + ax + ", " + bx + "))";
  else if (name == "RCP") r = "vec4(1.0 / " + ax + ")";
  else if (name == "RSQ") r = "vec4(inversesqrt(abs(" + ax + ")))";
  else if (name == "SCS") r = "vec4(cos(" + ax + "), sin(" + ax + "), 0.0, 0.0)";
  else if (name == "SGE") r = "vec4(greaterThanEqual(" + a + ", " + b + "))";
  else if (name == "SIN") r = "vec4(sin(" + ax + "))";
  else if (name == "SLT") r = "vec4(lessThan(" + a + ", " + b + "))";
  else if (name == "SUB") r = a + " - (" + b + ")";
  else if (name == "XPD") r = "vec4(cross((" + a + ").xyz, (" + b + ").xyz), 1.0)";
  write(d, "(" + r + ")", saturate);
}

}  // namespace

Translation translate(Kind kind, std::string_view text) {
  Translation t;
  try {
    Translator(kind, text, t).run();
  } catch (const ParseError& e) {
    Translation failed;
    failed.error_position = e.position;
    failed.error = "line " + std::to_string(1 + std::count(text.begin(), text.begin() + std::min<std::size_t>(std::size_t(e.position), text.size()), '\n')) +
                   ": " + e.message;
    return failed;
  }
  return t;
}

}  // namespace glvk::gl::arb
