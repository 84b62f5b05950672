// The scanner and the state.* bindings of ARB_vertex_program 2.14.3.1 / ARB_fragment_program
// 3.11.2.3, each as the compatibility built-in uniform GLSL names for the same state.
#include <cctype>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "arb_bindings.h"

namespace glvk::gl::arb {

namespace {

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }
bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }

}  // namespace

void Scanner::skip() {
  while (p_ < s_.size()) {
    const char c = s_[p_];
    if (c == '#') {
      while (p_ < s_.size() && s_[p_] != '\n') ++p_;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++p_;
    } else {
      break;
    }
  }
}

bool Scanner::accept(char c) {
  skip();
  if (p_ < s_.size() && s_[p_] == c && !(c == '.' && peek_at(1) == '.')) {
    ++p_;
    return true;
  }
  return false;
}

void Scanner::expect(char c) {
  if (!accept(c)) fail(std::string("expected '") + c + "'");
}

bool Scanner::accept_dots() {
  skip();
  if (s_.substr(p_, 2) != "..") return false;
  p_ += 2;
  return true;
}

std::string Scanner::ident() {
  skip();
  if (p_ >= s_.size() || !ident_start(s_[p_])) fail("expected an identifier");
  const std::size_t start = p_;
  while (p_ < s_.size() && ident_char(s_[p_])) ++p_;
  return std::string(s_.substr(start, p_ - start));
}

std::string Scanner::word() {
  skip();
  const std::size_t start = p_;
  while (p_ < s_.size() && ident_char(s_[p_])) ++p_;
  if (start == p_) fail("expected a word");
  return std::string(s_.substr(start, p_ - start));
}

std::string Scanner::peek_ident() {
  skip();
  const std::size_t save = p_;
  if (p_ >= s_.size() || !ident_start(s_[p_])) return {};
  std::string w = ident();
  p_ = save;
  return w;
}

bool Scanner::accept_word(std::string_view w) {
  skip();
  const std::size_t save = p_;
  if (peek_ident() == w) {
    ident();
    return true;
  }
  p_ = save;
  return false;
}

std::string Scanner::peek_member() {
  skip();
  if (p_ >= s_.size() || s_[p_] != '.' || peek_at(1) == '.') return {};
  const std::size_t save = p_++;
  std::string w;
  skip();
  if (p_ < s_.size() && ident_start(s_[p_])) w = ident();
  p_ = save;
  return w;
}

bool Scanner::accept_member(std::string_view w) {
  if (peek_member() != w) return false;
  accept('.');
  ident();
  return true;
}

void Scanner::expect_member(std::string_view w) {
  if (!accept_member(w)) fail("expected ." + std::string(w));
}

unsigned Scanner::integer() {
  skip();
  if (p_ >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[p_]))) fail("expected an integer");
  unsigned long v = 0;
  while (p_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[p_]))) {
    v = v * 10 + unsigned(s_[p_++] - '0');
    if (v > 0x7fffffff) fail("integer too large");
  }
  return unsigned(v);
}

bool Scanner::at_number() {
  skip();
  if (p_ >= s_.size()) return false;
  const char c = s_[p_];
  return std::isdigit(static_cast<unsigned char>(c)) ||
         (c == '.' && std::isdigit(static_cast<unsigned char>(peek_at(1))));
}

double Scanner::number() {
  if (!at_number()) fail("expected a number");
  const std::size_t start = p_;
  auto digits = [&] {
    while (p_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[p_]))) ++p_;
  };
  digits();
  if (p_ < s_.size() && s_[p_] == '.' && peek_at(1) != '.') {
    ++p_;
    digits();
  }
  if (p_ < s_.size() && (s_[p_] == 'e' || s_[p_] == 'E')) {
    const std::size_t e = p_++;
    if (p_ < s_.size() && (s_[p_] == '+' || s_[p_] == '-')) ++p_;
    if (p_ >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[p_]))) fail_at(e, "malformed exponent");
    digits();
  }
  return std::strtod(std::string(s_.substr(start, p_ - start)).c_str(), nullptr);
}

std::string float_literal(double v) {
  // Single precision is what the program computes with; past its range the value is infinite.
  if (std::isinf(v) || std::fabs(v) > FLT_MAX) return v < 0 ? "(-1.0 / 0.0)" : "(1.0 / 0.0)";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", double(float(v)));
  std::string s = buf;
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

unsigned optional_index(Scanner& sc, unsigned fallback, unsigned limit, const char* what) {
  if (sc.peek() != '[') return fallback;
  return required_index(sc, limit, what);
}

unsigned required_index(Scanner& sc, unsigned limit, const char* what) {
  sc.expect('[');
  const std::size_t at = sc.here();
  const unsigned n = sc.integer();
  if (n >= limit) sc.fail_at(at, std::string(what) + " index out of range");
  sc.expect(']');
  return n;
}

namespace {

std::string idx(unsigned n) { return "[" + std::to_string(n) + "]"; }

// state.matrix.<name>[.modifier][.row[a(..b)]]: its rows (GL's matrices are column-major in GLSL).
std::vector<std::string> matrix_binding(Scanner& sc) {
  sc.expect('.');
  const std::size_t at = sc.here();
  const std::string name = sc.ident();
  std::string base, array;  // built-in uniform name (Inverse/Transpose suffixes) and its [n]
  if (name == "modelview") {
    if (optional_index(sc, 0, 1, "modelview matrix") != 0) sc.fail_at(at, "vertex blending is not supported");
    base = "gl_ModelViewMatrix";
  } else if (name == "projection") {
    base = "gl_ProjectionMatrix";
  } else if (name == "mvp") {
    base = "gl_ModelViewProjectionMatrix";
  } else if (name == "texture") {
    base = "gl_TextureMatrix";
    array = idx(optional_index(sc, 0, kMaxTextureCoords, "texture matrix"));
  } else if (name == "program") {
    base = program_matrix_uniform();
    array = idx(required_index(sc, kMaxProgramMatrices, "program matrix"));
  } else if (name == "palette") {
    sc.fail_at(at, "matrix palettes are not supported");
  } else {
    sc.fail_at(at, "unknown matrix '" + name + "'");
  }
  bool inverse = false, transpose = false;
  if (sc.accept_member("inverse")) inverse = true;
  else if (sc.accept_member("transpose")) transpose = true;
  else if (sc.accept_member("invtrans")) inverse = transpose = true;
  // The built-in matrices have their inverse and transpose forms as uniforms; program matrices
  // take GLSL's functions.
  std::string m = base + array;
  if (base == program_matrix_uniform()) {
    if (inverse) m = "inverse(" + m + ")";
    if (transpose) m = "transpose(" + m + ")";
  } else {
    m = base + (inverse ? "Inverse" : "") + (transpose ? "Transpose" : "") + array;
  }
  unsigned first = 0, last = 3;
  if (sc.accept_member("row")) {
    sc.expect('[');
    std::size_t a = sc.here();
    first = last = sc.integer();
    if (sc.accept_dots()) {
      a = sc.here();
      last = sc.integer();
    }
    if (first > 3 || last > 3 || last < first) sc.fail_at(a, "invalid matrix row");
    sc.expect(']');
  }
  std::vector<std::string> rows;
  for (unsigned r = first; r <= last; ++r) {
    const std::string c = "[" + std::to_string(r) + "]";
    rows.push_back("vec4(" + m + "[0]" + c + ", " + m + "[1]" + c + ", " + m + "[2]" + c + ", " + m + "[3]" + c + ")");
  }
  return rows;
}

std::string face_member(Scanner& sc, bool& back) {
  back = false;
  if (sc.accept_member("front")) return {};
  if (sc.accept_member("back")) back = true;
  return {};
}

}  // namespace

std::vector<std::string> state_binding(Scanner& sc, Kind kind) {
  const std::size_t at = sc.here();
  if (sc.peek_member() == "matrix") {
    sc.expect_member("matrix");
    return matrix_binding(sc);
  }
  sc.expect('.');
  const std::string what = sc.ident();
  bool back = false;
  if (what == "material") {
    face_member(sc, back);
    const std::string m = back ? "gl_BackMaterial" : "gl_FrontMaterial";
    sc.expect('.');
    const std::size_t p = sc.here();
    const std::string prop = sc.ident();
    if (prop == "ambient" || prop == "diffuse" || prop == "specular" || prop == "emission") return {m + "." + prop};
    if (prop == "shininess") return {"vec4(" + m + ".shininess, 0.0, 0.0, 1.0)"};
    sc.fail_at(p, "unknown material property '" + prop + "'");
  }
  if (what == "light") {
    const std::string l = "gl_LightSource" + idx(required_index(sc, 8, "light"));
    sc.expect('.');
    const std::size_t p = sc.here();
    const std::string prop = sc.ident();
    if (prop == "ambient" || prop == "diffuse" || prop == "specular" || prop == "position") return {l + "." + prop};
    if (prop == "attenuation")
      return {"vec4(" + l + ".constantAttenuation, " + l + ".linearAttenuation, " + l + ".quadraticAttenuation, " + l +
              ".spotExponent)"};
    if (prop == "spot") {
      sc.expect_member("direction");
      return {"vec4(" + l + ".spotDirection, " + l + ".spotCosCutoff)"};
    }
    if (prop == "half") return {"vec4(" + l + ".halfVector.xyz, 1.0)"};
    sc.fail_at(p, "unknown light property '" + prop + "'");
  }
  if (what == "lightmodel") {
    if (sc.accept_member("ambient")) return {"gl_LightModel.ambient"};
    face_member(sc, back);
    sc.expect_member("scenecolor");
    // The scene colour's alpha is the material's diffuse alpha (ARB_vertex_program table X.4).
    const std::string face = back ? "Back" : "Front";
    return {"vec4(gl_" + face + "LightModelProduct.sceneColor.rgb, gl_" + face + "Material.diffuse.a)"};
  }
  if (what == "lightprod") {
    const unsigned n = required_index(sc, 8, "light");
    face_member(sc, back);
    sc.expect('.');
    const std::size_t p = sc.here();
    const std::string prop = sc.ident();
    if (prop != "ambient" && prop != "diffuse" && prop != "specular") sc.fail_at(p, "unknown light product '" + prop + "'");
    return {std::string(back ? "gl_BackLightProduct" : "gl_FrontLightProduct") + idx(n) + "." + prop};
  }
  if (what == "texgen") {
    const unsigned n = optional_index(sc, 0, kMaxTextureCoords, "texture coordinate set");
    sc.expect('.');
    const std::size_t p = sc.here();
    const std::string space = sc.ident();
    if (space != "eye" && space != "object") sc.fail_at(p, "expected eye or object");
    sc.expect('.');
    const std::size_t q = sc.here();
    const std::string c = sc.ident();
    if (c != "s" && c != "t" && c != "r" && c != "q") sc.fail_at(q, "expected s, t, r or q");
    const std::string upper(1, char(std::toupper(static_cast<unsigned char>(c[0]))));
    return {std::string(space == "eye" ? "gl_EyePlane" : "gl_ObjectPlane") + upper + idx(n)};
  }
  if (what == "fog") {
    if (sc.accept_member("color")) return {"gl_Fog.color"};
    sc.expect_member("params");
    return {"vec4(gl_Fog.density, gl_Fog.start, gl_Fog.end, gl_Fog.scale)"};
  }
  if (what == "clip") {
    const unsigned n = required_index(sc, 8, "clip plane");
    sc.expect_member("plane");
    return {"gl_ClipPlane" + idx(n)};
  }
  if (what == "point") {
    if (sc.accept_member("size"))
      return {"vec4(gl_Point.size, gl_Point.sizeMin, gl_Point.sizeMax, gl_Point.fadeThresholdSize)"};
    sc.expect_member("attenuation");
    return {"vec4(gl_Point.distanceConstantAttenuation, gl_Point.distanceLinearAttenuation, "
            "gl_Point.distanceQuadraticAttenuation, 1.0)"};
  }
  if (what == "texenv") {
    const unsigned n = optional_index(sc, 0, kMaxTextureCoords, "texture environment");
    sc.expect_member("color");
    return {"gl_TextureEnvColor" + idx(n)};
  }
  if (what == "depth") {
    sc.expect_member("range");
    return {"vec4(gl_DepthRange.near, gl_DepthRange.far, gl_DepthRange.diff, 1.0)"};
  }
  (void)kind;
  sc.fail_at(at, "unknown state '" + what + "'");
}

}  // namespace glvk::gl::arb
