// The tessellation control stage a program without one runs (GL 4.6 11.2: without a tessellation
// control shader the patch goes to the primitive generator unchanged, with the default levels of
// glPatchParameterfv; Vulkan has no such pipeline, so a generated stage stands in). It is GLSL
// written from the linked program's SPIR-V: every per-vertex input of the evaluation stage (at
// its location and component, with its type) is copied from the same location of the vertex
// stage, gl_Position and gl_PointSize through the built-in blocks, and the levels are constants
// (a module per patch size and levels). Its built-in blocks are cut to the members the vertex
// stage's output and the evaluation stage's input blocks declare (link.cpp cut them alike).
#include <glslang/SPIRV/GlslangToSpv.h>
#include <glslang/SPIRV/spirv.hpp>

#include <bit>
#include <cstdio>
#include <map>
#include <unordered_map>

#include "glslang_shader.h"
#include "glvk/glsl/compiler.h"
#include "spirv_edit.h"

namespace glvk::glsl {

namespace {

constexpr std::size_t kHeaderWords = 5;

// What the generator reads from a module: the types of its interface and its variables.
struct Interface {
  struct Type {
    spv::Op op = spv::OpNop;
    std::uint32_t a = 0, b = 0;  // int/float: width, signedness; vector/matrix/array: element, count (array: a constant id)
  };
  struct Variable {
    std::uint32_t type = 0;  // the pointee
    std::uint32_t storage = 0;
    std::int64_t location = -1, component = 0;
    bool patch = false, builtin = false;
  };
  std::unordered_map<std::uint32_t, Type> types;
  std::unordered_map<std::uint32_t, std::uint32_t> constants, pointee;
  std::map<std::uint32_t, Variable> variables;  // by id: declaration order
  std::unordered_map<std::uint32_t, std::uint32_t> struct_members;  // built-in block structs → members

  explicit Interface(const std::vector<std::uint32_t>& words) {
    std::unordered_map<std::uint32_t, std::int64_t> location, component;
    std::unordered_map<std::uint32_t, bool> patch, builtin_struct, builtin;
    for (std::size_t i = kHeaderWords; i < words.size();) {
      const std::uint32_t count = words[i] >> 16;
      if (count == 0 || i + count > words.size()) break;
      const auto op = static_cast<spv::Op>(words[i] & 0xffffu);
      const std::uint32_t* w = words.data() + i;
      if (op == spv::OpFunction) break;
      switch (op) {
        case spv::OpDecorate:
          if (count >= 4 && w[2] == spv::DecorationLocation) location[w[1]] = w[3];
          if (count >= 4 && w[2] == spv::DecorationComponent) component[w[1]] = w[3];
          if (count >= 4 && w[2] == spv::DecorationBuiltIn) builtin[w[1]] = true;
          if (count >= 3 && w[2] == spv::DecorationPatch) patch[w[1]] = true;
          break;
        case spv::OpMemberDecorate:
          if (count >= 4 && w[3] == spv::DecorationBuiltIn) builtin_struct[w[1]] = true;
          break;
        case spv::OpTypeBool: types[w[1]] = {op}; break;
        case spv::OpTypeInt: if (count >= 4) types[w[1]] = {op, w[2], w[3]}; break;
        case spv::OpTypeFloat: if (count >= 3) types[w[1]] = {op, w[2]}; break;
        case spv::OpTypeVector: case spv::OpTypeMatrix: case spv::OpTypeArray:
          if (count >= 4) types[w[1]] = {op, w[2], w[3]};
          break;
        case spv::OpTypeStruct:
          types[w[1]] = {op};
          if (builtin_struct.count(w[1])) struct_members[w[1]] = count - 2;
          break;
        case spv::OpConstant: if (count >= 4) constants[w[2]] = w[3]; break;
        case spv::OpTypePointer: if (count >= 4) pointee[w[1]] = w[3]; break;
        case spv::OpVariable:
          if (count >= 4 && (w[3] == spv::StorageClassInput || w[3] == spv::StorageClassOutput)) {
            Variable& v = variables[w[2]];
            v.type = pointee[w[1]];
            v.storage = w[3];
            v.location = location.count(w[2]) ? location[w[2]] : -1;
            v.component = component.count(w[2]) ? component[w[2]] : 0;
            v.patch = patch.count(w[2]) != 0;
            v.builtin = builtin.count(w[2]) != 0;
          }
          break;
        default: break;
      }
      i += count;
    }
  }

  // The GLSL type of `id` split around a name ("vec4", "[3]"); false for types GLSL varyings
  // cannot be written with here (structs, booleans).
  bool glsl_type(std::uint32_t id, std::string& base, std::string& arrays) const {
    const auto it = types.find(id);
    if (it == types.end()) return false;
    const Type& t = it->second;
    switch (t.op) {
      case spv::OpTypeInt: base = t.b ? "int" : "uint"; return t.a == 32;
      case spv::OpTypeFloat: base = t.a == 64 ? "double" : "float"; return t.a == 32 || t.a == 64;
      case spv::OpTypeVector: {
        std::string element, none;
        if (!glsl_type(t.a, element, none)) return false;
        const char* prefix = element == "double" ? "dvec" : element == "int" ? "ivec" : element == "uint" ? "uvec" : "vec";
        base = prefix + std::to_string(t.b);
        return true;
      }
      case spv::OpTypeMatrix: {
        const auto column = types.find(t.a);
        if (column == types.end()) return false;
        std::string element, none;
        if (!glsl_type(column->second.a, element, none)) return false;
        base = std::string(element == "double" ? "dmat" : "mat") + std::to_string(t.b) + "x" +
               std::to_string(column->second.b);
        return true;
      }
      case spv::OpTypeArray: {
        const auto length = constants.find(t.b);
        if (length == constants.end() || !glsl_type(t.a, base, arrays)) return false;
        arrays = "[" + std::to_string(length->second) + "]" + arrays;
        return true;
      }
      default: return false;
    }
  }

  // Members the module's built-in block of `storage` declares (0: none).
  std::uint32_t builtin_block_members(std::uint32_t storage) const {
    for (const auto& [id, v] : variables) {
      if (v.storage != storage) continue;
      std::uint32_t type = v.type;
      if (const auto t = types.find(type); t != types.end() && t->second.op == spv::OpTypeArray) type = t->second.a;
      if (const auto m = struct_members.find(type); m != struct_members.end()) return m->second;
    }
    return 0;
  }
};

std::string float_bits(float f) {
  char text[48];
  std::snprintf(text, sizeof text, "uintBitsToFloat(0x%08xu)", std::bit_cast<std::uint32_t>(f));
  return text;
}

}  // namespace

PassThroughTessControl pass_through_tess_control(const Program& program, std::uint32_t vertices,
                                                 const std::array<float, 4>& outer, const std::array<float, 2>& inner) {
  PassThroughTessControl out;
  const std::vector<std::uint32_t>& tes = program.spirv[std::size_t(Stage::TessEvaluation)];
  const std::vector<std::uint32_t>& vs = program.spirv[std::size_t(Stage::Vertex)];
  if (tes.empty() || vs.empty()) {
    out.log = "the program has no vertex and tessellation evaluation stages";
    return out;
  }
  const Interface evaluation(tes), vertex(vs);
  const std::uint32_t members_in = vertex.builtin_block_members(spv::StorageClassOutput);
  const std::uint32_t members_out = evaluation.builtin_block_members(spv::StorageClassInput);
  if (members_in > 2 || members_out > 2) {
    out.log = "clip and cull distances through a tessellation evaluation shader without a tessellation control "
              "shader are not supported";
    return out;
  }
  std::string declarations, body;
  if (members_in && members_out) {
    declarations += "in gl_PerVertex { vec4 gl_Position; float gl_PointSize; } gl_in[gl_MaxPatchVertices];\n"
                    "out gl_PerVertex { vec4 gl_Position; float gl_PointSize; } gl_out[];\n";
    body += "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n";
    if (members_in > 1 && members_out > 1)
      body += "  gl_out[gl_InvocationID].gl_PointSize = gl_in[gl_InvocationID].gl_PointSize;\n";
  }
  for (const auto& [id, v] : evaluation.variables) {
    if (v.storage != spv::StorageClassInput || v.builtin || v.location < 0) continue;
    std::string base, arrays;
    // Per-vertex inputs have an outer array (the patch's vertices) that the declaration gives as [].
    std::uint32_t type = v.type;
    if (!v.patch) {
      const auto t = evaluation.types.find(type);
      if (t == evaluation.types.end() || t->second.op != spv::OpTypeArray) continue;
      type = t->second.a;
    }
    if (!evaluation.glsl_type(type, base, arrays)) {
      out.log = "a tessellation evaluation input of a type the generated tessellation control stage cannot pass "
                "(a struct or block) needs a tessellation control shader";
      return out;
    }
    const std::string n = std::to_string(v.location) + "_" + std::to_string(v.component);
    const std::string layout = "layout(location = " + std::to_string(v.location) +
                               (v.component ? ", component = " + std::to_string(v.component) : std::string()) + ") ";
    if (v.patch) {
      // Nothing writes it without a control shader: undefined in GL, declared for the interface.
      declarations += layout + "patch out " + base + " glvk_patch_" + n + arrays + ";\n";
      continue;
    }
    declarations += layout + "in " + base + " glvk_in_" + n + "[]" + arrays + ";\n";
    declarations += layout + "out " + base + " glvk_out_" + n + "[]" + arrays + ";\n";
    body += "  glvk_out_" + n + "[gl_InvocationID] = glvk_in_" + n + "[gl_InvocationID];\n";
  }
  for (int i = 0; i < 4; ++i) body += "  gl_TessLevelOuter[" + std::to_string(i) + "] = " + float_bits(outer[std::size_t(i)]) + ";\n";
  for (int i = 0; i < 2; ++i) body += "  gl_TessLevelInner[" + std::to_string(i) + "] = " + float_bits(inner[std::size_t(i)]) + ";\n";
  const std::string text = "#version 450 core\nlayout(vertices = " + std::to_string(vertices) + ") out;\n" +
                           declarations + "void main() {\n" + body + "}\n";

  detail::ParsedShader parsed = detail::parse_shader(Stage::TessControl, text, {}, false);
  if (!parsed.ok) {
    out.log = "internal error: the generated tessellation control stage does not compile:\n" + parsed.log + text;
    return out;
  }
  glslang::TProgram linked;
  linked.addShader(parsed.shader.get());
  if (!linked.link(detail::kMessages) || !linked.getIntermediate(EShLangTessControl)) {
    out.log = "internal error: the generated tessellation control stage does not link:\n" +
              std::string(linked.getInfoLog());
    return out;
  }
  spv::SpvBuildLogger logger;
  glslang::SpvOptions options;
  glslang::GlslangToSpv(*linked.getIntermediate(EShLangTessControl), out.spirv, &logger, &options);
  if (members_in && members_out) out.spirv = detail::with_builtin_blocks_cut(out.spirv, {members_in, members_out});
  std::string log;
  if (!detail::validate_spirv(out.spirv, log)) {
    out.spirv.clear();
    out.log = "internal error: the generated tessellation control stage is not valid SPIR-V:\n" + log;
  }
  return out;
}

}  // namespace glvk::glsl
