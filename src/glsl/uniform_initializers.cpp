// Uniform initializers (GLSL 1.20 4.3.5: "uniform T u = constant-expression;" sets the uniform's
// value at link; GL 4.6 7.6: else it starts at zero). glslang accepts them under the relaxed
// Vulkan rules but the default block it builds has no initial values, so glvk evaluates them: each
// stage's text is parsed again with one function appended that assigns every initializer to a
// global of the uniform's type; glslang folds the constant expressions, and the folded components
// are written at the uniform's reflected offsets into Program::initial_default_block.
#include "uniform_initializers.h"

#include <glslang/MachineIndependent/localintermediate.h>

#include <cctype>
#include <cstring>

#include "glslang_shader.h"
#include "source.h"

namespace glvk::glsl::detail {
namespace {

struct Initializer {
  std::string type, name, array, value;  // "uniform TYPE NAME ARRAY = VALUE;"
};

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string trim(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

// The text with comments and preprocessor lines blanked (same length, line breaks kept).
std::string code_only(std::string_view text) {
  std::string s(text);
  bool line_start = true;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s.compare(i, 2, "//") == 0 || (line_start && s[i] == '#')) {
      while (i < s.size() && s[i] != '\n') s[i++] = ' ';
    } else if (s.compare(i, 2, "/*") == 0) {
      const std::size_t end = s.find("*/", i + 2);
      const std::size_t stop = end == std::string::npos ? s.size() : end + 2;
      for (; i < stop; ++i)
        if (s[i] != '\n') s[i] = ' ';
      --i;
    }
    if (i < s.size()) line_start = s[i] == '\n' || (line_start && std::isspace(static_cast<unsigned char>(s[i])));
  }
  return s;
}

// Global "uniform ... = ...;" declarations with one declarator.
std::vector<Initializer> find_initializers(std::string_view text) {
  const std::string s = code_only(text);
  std::vector<Initializer> out;
  int braces = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '{') ++braces;
    if (s[i] == '}') --braces;
    if (braces != 0 || s.compare(i, 7, "uniform") != 0 || (i > 0 && identifier_char(s[i - 1])) ||
        (i + 7 < s.size() && identifier_char(s[i + 7])))
      continue;
    // The statement's end and its '=' at nesting depth 0.
    std::size_t eq = std::string::npos, end = i + 7, comma = std::string::npos;
    for (int depth = 0; end < s.size(); ++end) {
      const char c = s[end];
      if (c == '(' || c == '[' || c == '{') ++depth;
      if (c == ')' || c == ']' || c == '}') --depth;
      if (depth == 0 && c == ';') break;
      if (depth == 0 && c == '=' && eq == std::string::npos) eq = end;
      if (depth == 0 && c == ',' && eq != std::string::npos) comma = end;
      if (depth < 0) break;
    }
    if (end >= s.size() || s[end] != ';' || eq == std::string::npos || comma != std::string::npos) {
      i = end;
      continue;
    }
    std::string decl = trim(std::string_view(s).substr(i + 7, eq - i - 7));
    Initializer init;
    init.value = trim(std::string_view(s).substr(eq + 1, end - eq - 1));
    if (!decl.empty() && decl.back() == ']') {
      const std::size_t open = decl.rfind('[');
      init.array = decl.substr(open);
      decl = trim(decl.substr(0, open));
    }
    std::size_t name_start = decl.size();
    while (name_start > 0 && identifier_char(decl[name_start - 1])) --name_start;
    init.name = decl.substr(name_start);
    init.type = trim(decl.substr(0, name_start));
    if (!init.name.empty() && !init.type.empty()) out.push_back(std::move(init));
    i = end;
  }
  return out;
}

struct Writer {
  const Program& program;
  std::vector<std::byte>& block;

  // The default-block uniform a leaf name reflects as ("a[2]" is element 2 of "a[0]"), its offset.
  bool locate(const std::string& name, std::uint32_t& offset, const Uniform*& found) const {
    for (const Uniform& u : program.uniforms)
      if (u.block_index < 0 && u.offset != ~0u && u.name == name) {
        offset = u.offset;
        found = &u;
        return true;
      }
    const std::size_t open = name.rfind('[');
    if (open == std::string::npos || name.back() != ']') return false;
    const std::string base = name.substr(0, open) + "[0]";
    const std::uint32_t element = std::uint32_t(std::stoul(name.substr(open + 1)));
    for (const Uniform& u : program.uniforms)
      if (u.block_index < 0 && u.offset != ~0u && u.name == base && element < u.array_size) {
        offset = u.offset + element * u.array_stride;
        found = &u;
        return true;
      }
    return false;
  }

  void put(std::uint32_t at, const void* bytes, std::size_t size) {
    if (at + size <= block.size()) std::memcpy(block.data() + at, bytes, size);
  }

  // Component `c` of a leaf at byte `at`.
  void component(const glslang::TConstUnion& c, glslang::TBasicType type, std::uint32_t at) {
    switch (type) {
      case glslang::EbtDouble: { const double d = c.getDConst(); put(at, &d, 8); break; }
      case glslang::EbtFloat: { const float f = float(c.getDConst()); put(at, &f, 4); break; }
      case glslang::EbtInt: { const std::int32_t v = c.getIConst(); put(at, &v, 4); break; }
      case glslang::EbtUint: { const std::uint32_t v = c.getUConst(); put(at, &v, 4); break; }
      case glslang::EbtBool: { const std::uint32_t v = c.getBConst() ? 1 : 0; put(at, &v, 4); break; }
      default: break;
    }
  }

  // Walks `type` in glslang's flattening order (array elements, struct members, matrix columns).
  void place(const glslang::TType& type, const std::string& name, const glslang::TConstUnionArray& values,
             int& index) {
    if (type.isArray()) {
      for (int e = 0; e < type.getOuterArraySize(); ++e)
        place(glslang::TType(type, e), name + "[" + std::to_string(e) + "]", values, index);
      return;
    }
    if (type.isStruct()) {
      for (const glslang::TTypeLoc& member : *type.getStruct())
        place(*member.type, name + "." + member.type->getFieldName().c_str(), values, index);
      return;
    }
    const int count = type.computeNumComponents();
    std::uint32_t offset = 0;
    const Uniform* u = nullptr;
    if (index + count <= values.size() && locate(name, offset, u)) {
      const std::uint32_t size = type.getBasicType() == glslang::EbtDouble ? 8 : 4;
      const int columns = type.isMatrix() ? type.getMatrixCols() : 1;
      const int rows = type.isMatrix() ? type.getMatrixRows() : count;
      for (int c = 0; c < columns; ++c)
        for (int r = 0; r < rows; ++r)
          component(values[std::size_t(index + c * rows + r)], type.getBasicType(),
                    offset + std::uint32_t(c) * u->matrix_stride + std::uint32_t(r) * size);
    }
    index += count;
  }
};

// The assignments "glvk_initial_N = <folded constant>;" of the appended function.
void read_folded(const glslang::TIntermediate& intermediate, const std::vector<Initializer>& inits, Writer& w) {
  TIntermNode* root = intermediate.getTreeRoot();
  glslang::TIntermAggregate* top = root ? root->getAsAggregate() : nullptr;
  if (!top) return;
  for (TIntermNode* node : top->getSequence()) {
    glslang::TIntermAggregate* function = node ? node->getAsAggregate() : nullptr;
    if (!function || function->getOp() != glslang::EOpFunction ||
        std::strncmp(function->getName().c_str(), "glvk_initial_values(", 20) != 0)
      continue;
    for (TIntermNode* part : function->getSequence()) {
      glslang::TIntermAggregate* body = part ? part->getAsAggregate() : nullptr;
      if (!body || body->getOp() != glslang::EOpSequence) continue;
      for (TIntermNode* statement : body->getSequence()) {
        glslang::TIntermBinary* assign = statement ? statement->getAsBinaryNode() : nullptr;
        if (!assign || assign->getOp() != glslang::EOpAssign) continue;
        const glslang::TIntermSymbol* target = assign->getLeft()->getAsSymbolNode();
        const glslang::TIntermConstantUnion* value = assign->getRight()->getAsConstantUnion();
        if (!target || !value) continue;
        const std::string n = target->getName().c_str();
        if (n.rfind("glvk_initial_", 0) != 0) continue;
        const std::size_t k = std::stoul(n.substr(13));
        if (k >= inits.size()) continue;
        int index = 0;
        w.place(target->getType(), inits[k].name, value->getConstArray(), index);
      }
    }
  }
}

}  // namespace

void apply_uniform_initializers(std::span<const ShaderSource> shaders, const CompileOptions& options, Program& out) {
  for (const ShaderSource& s : shaders) {
    if (s.text.find("uniform") == std::string::npos || s.text.find('=') == std::string::npos) continue;
    std::string text(s.text);
    size_initialized_uniform_arrays(text);  // as compiled
    const std::vector<Initializer> inits = find_initializers(text);
    if (inits.empty()) continue;
    text += "\n";
    std::string function = "void glvk_initial_values() {\n";
    for (std::size_t k = 0; k < inits.size(); ++k) {
      const std::string global = "glvk_initial_" + std::to_string(k);
      text += inits[k].type + " " + global + inits[k].array + ";\n";
      // Through a const local: an initializer list ({...}, GL_ARB_shading_language_420pack) is an
      // initializer only, and glslang folds a const variable into its uses.
      const std::string local = "glvk_value_" + std::to_string(k);
      function += "  const " + inits[k].type + " " + local + inits[k].array + " = " + inits[k].value + ";\n  " + global +
                  " = " + local + ";\n";
    }
    text += function + "}\n";
    // A text that does not parse this way keeps its uniforms at zero (it compiled as written).
    // glslang's parse makes the shader's pool the thread's allocator: the caller's (the linked
    // program's) is restored before the shader and its pool go away.
    glslang::TPoolAllocator& caller_pool = glslang::GetThreadPoolAllocator();
    {
      ParsedShader parsed = parse_shader(s.stage, text, options, false);
      if (parsed.ok && parsed.shader->getIntermediate()) {
        if (out.initial_default_block.empty()) out.initial_default_block.assign(out.default_block_size, std::byte{0});
        Writer w{out, out.initial_default_block};
        read_folded(*parsed.shader->getIntermediate(), inits, w);
      }
      glslang::SetThreadPoolAllocator(&caller_pool);
    }
  }
}

}  // namespace glvk::glsl::detail
