#include "xfb.h"

#include "spirv_edit.h"

#include <array>
#include <cctype>
#include <optional>
#include <set>

#include "linker_objects.h"

namespace glvk::glsl::detail {
namespace {

// One step of a varying name: an identifier and an optional [index].
struct NameStep {
  std::string identifier;
  std::optional<std::uint32_t> index;
};

std::optional<std::vector<NameStep>> parse_name(const std::string& name) {
  std::vector<NameStep> steps;
  std::size_t i = 0;
  while (true) {
    NameStep step;
    while (i < name.size() && (std::isalnum(static_cast<unsigned char>(name[i])) || name[i] == '_'))
      step.identifier.push_back(name[i++]);
    if (step.identifier.empty() || std::isdigit(static_cast<unsigned char>(step.identifier[0]))) return std::nullopt;
    if (i < name.size() && name[i] == '[') {
      std::uint32_t index = 0;
      std::size_t digits = 0;
      for (++i; i < name.size() && std::isdigit(static_cast<unsigned char>(name[i])) && digits < 9; ++i, ++digits)
        index = index * 10 + static_cast<std::uint32_t>(name[i] - '0');
      if (digits == 0 || i >= name.size() || name[i] != ']') return std::nullopt;
      ++i;
      step.index = index;
    }
    steps.push_back(std::move(step));
    if (i == name.size()) return steps;
    if (name[i] != '.') return std::nullopt;
    ++i;
  }
}

// GL type enum values (glGetTransformFeedbackVarying reports them) and GLSL names of the leaf.
struct LeafType {
  std::uint32_t gl_type = 0;
  std::string glsl;
  std::uint32_t components = 0;  // 32-bit words per element (a double counts two)
  bool flat = false;  // integer and double outputs need the flat qualifier
};

std::optional<LeafType> leaf_type(const glslang::TType& t) {
  const bool is_double = t.getBasicType() == glslang::EbtDouble;
  LeafType leaf;
  if (t.isMatrix()) {
    const int c = t.getMatrixCols(), r = t.getMatrixRows();
    static constexpr std::uint32_t kFloat[3][3] = {{0x8B5A, 0x8B65, 0x8B66}, {0x8B67, 0x8B5B, 0x8B68}, {0x8B69, 0x8B6A, 0x8B5C}};
    static constexpr std::uint32_t kDouble[3][3] = {{0x8F46, 0x8F49, 0x8F4A}, {0x8F4B, 0x8F47, 0x8F4C}, {0x8F4D, 0x8F4E, 0x8F48}};
    if (t.getBasicType() != glslang::EbtFloat && !is_double) return std::nullopt;
    leaf.gl_type = (is_double ? kDouble : kFloat)[c - 2][r - 2];
    leaf.glsl = std::string(is_double ? "dmat" : "mat") + std::to_string(c) + "x" + std::to_string(r);
    leaf.components = static_cast<std::uint32_t>(c * r) * (is_double ? 2 : 1);
    return leaf;
  }
  const int n = t.isVector() ? t.getVectorSize() : 1;
  static constexpr std::uint32_t kFloat[4] = {0x1406, 0x8B50, 0x8B51, 0x8B52};
  static constexpr std::uint32_t kInt[4] = {0x1404, 0x8B53, 0x8B54, 0x8B55};
  static constexpr std::uint32_t kUint[4] = {0x1405, 0x8DC6, 0x8DC7, 0x8DC8};
  static constexpr std::uint32_t kDouble[4] = {0x140A, 0x8FFC, 0x8FFD, 0x8FFE};
  const char* scalar = nullptr;
  const char* vector = nullptr;
  switch (t.getBasicType()) {
    case glslang::EbtFloat: leaf.gl_type = kFloat[n - 1]; scalar = "float"; vector = "vec"; break;
    case glslang::EbtInt: leaf.gl_type = kInt[n - 1]; scalar = "int"; vector = "ivec"; leaf.flat = true; break;
    case glslang::EbtUint: leaf.gl_type = kUint[n - 1]; scalar = "uint"; vector = "uvec"; leaf.flat = true; break;
    case glslang::EbtDouble: leaf.gl_type = kDouble[n - 1]; scalar = "double"; vector = "dvec"; leaf.flat = true; break;
    default: return std::nullopt;
  }
  leaf.glsl = n == 1 ? std::string(scalar) : vector + std::to_string(n);
  leaf.components = static_cast<std::uint32_t>(n) * (is_double ? 2 : 1);
  return leaf;
}

// Built-in outputs glslang leaves out of the linker objects below GLSL 1.50 (no gl_PerVertex block):
// the single-variable ones (gl_PrimitiveID is an output of geometry shaders), and one element of
// gl_ClipDistance.
std::optional<LeafType> builtin_output(const std::vector<NameStep>& steps) {
  if (steps.size() != 1) return std::nullopt;
  const NameStep& s = steps[0];
  if (s.identifier == "gl_ClipDistance" && s.index) return LeafType{0x1406, "float", 1, false};
  if (s.index) return std::nullopt;
  if (s.identifier == "gl_Position" || s.identifier == "gl_ClipVertex") return LeafType{0x8B52, "vec4", 4, false};
  if (s.identifier == "gl_PointSize") return LeafType{0x1406, "float", 1, false};
  if (s.identifier == "gl_Layer" || s.identifier == "gl_ViewportIndex" || s.identifier == "gl_PrimitiveID")
    return LeafType{0x1404, "int", 1, true};
  return std::nullopt;
}

// A varying found among the stage's outputs: the GLSL expression reading it and its type
// (`element`: one element of the array type, whose scalar/vector/matrix shape is the array's).
struct Found {
  std::string expression;
  const glslang::TType* type = nullptr;
  bool element = false;
  std::uint32_t stream = 0;  // the variable's (or its block's) layout(stream)
  bool is_array() const { return type->isArray() && !element; }
};

bool is_anonymous(const glslang::TIntermSymbol& symbol) {
  return std::string(symbol.getName().c_str()).compare(0, 5, "anon@") == 0;
}

// Follows the name's steps from the stage's outputs (GL matches a block member by "Block.member").
std::optional<Found> resolve(const glslang::TIntermediate& stage, const std::vector<NameStep>& steps) {
  std::optional<Found> found;
  for_each_linker_object(stage, [&](const glslang::TIntermSymbol& symbol) {
    if (found) return;
    const glslang::TType& type = symbol.getType();
    if (!type.getQualifier().isPipeOutput()) return;  // also 1.40's gl_Position and gl_PointSize
    const std::uint32_t stream = type.getQualifier().hasStream() ? type.getQualifier().layoutStream : 0;
    if (type.getBasicType() == glslang::EbtBlock && is_anonymous(symbol)) {
      for (const glslang::TTypeLoc& member : *type.getStruct())
        if (member.type->getFieldName().c_str() == steps[0].identifier) {
          found = Found{steps[0].identifier, member.type, false, stream};
          return;
        }
    } else if (interface_name(symbol) == steps[0].identifier) {
      found = Found{symbol.getName().c_str(), &type, false, stream};
    }
  });
  if (!found) return std::nullopt;
  for (std::size_t s = 0; s < steps.size(); ++s) {
    const NameStep& step = steps[s];
    if (s > 0) {  // a member of the struct or block reached so far
      if (!found->type->isStruct() || found->is_array()) return std::nullopt;
      const glslang::TType* member = nullptr;
      for (const glslang::TTypeLoc& m : *found->type->getStruct())
        if (m.type->getFieldName().c_str() == step.identifier) member = m.type;
      if (!member) return std::nullopt;
      found->expression += "." + step.identifier;
      found->type = member;
      found->element = false;
    }
    if (step.index) {
      if (!found->is_array() || !found->type->isSizedArray() ||
          *step.index >= static_cast<std::uint32_t>(found->type->getOuterArraySize()))
        return std::nullopt;
      found->expression += "[" + std::to_string(*step.index) + "]";
      found->element = true;
    }
  }
  // Whole structs and arrays of arrays are not basic types to capture.
  if (found->type->isStruct() || (found->type->isArray() && found->type->getArraySizes()->getNumDims() > 1))
    return std::nullopt;
  if (found->is_array() && !found->type->isSizedArray()) return std::nullopt;
  return found;
}

}  // namespace

bool plan_xfb(const glslang::TIntermediate& last_stage, const LinkOptions& options, Program& out,
              XfbCapture& capture) {
  const bool separate = options.xfb_separate;
  const bool es = last_stage.getProfile() == EEsProfile;  // no xfb layout qualifiers in GLSL ES
  if (separate && options.xfb_varyings.size() > kMaxXfbSeparateAttribs) {
    out.log = "error: too many transform feedback varyings for SEPARATE_ATTRIBS (" +
              std::to_string(options.xfb_varyings.size()) + ", at most " + std::to_string(kMaxXfbSeparateAttribs) + ")\n";
    return false;
  }
  std::set<std::string> seen;
  std::uint32_t buffer = 0, offset = 0, total_components = 0;
  // GL 4.6 11.1.2.1: one buffer captures one vertex stream.
  std::array<std::optional<std::uint32_t>, kMaxXfbBuffers> buffer_streams;
  for (const std::string& name : options.xfb_varyings) {
    XfbVarying v;
    v.name = name;
    if (separate) {
      buffer = static_cast<std::uint32_t>(out.xfb_varyings.size());
      offset = 0;
    }
    const bool marker = name == "gl_NextBuffer" || name.compare(0, 17, "gl_SkipComponents") == 0;
    if (marker) {
      if (separate) {
        out.log = "error: " + name + " is only allowed with INTERLEAVED_ATTRIBS\n";
        return false;
      }
      if (name == "gl_NextBuffer") {
        v.size = 0;
        ++buffer;
        offset = 0;
        if (buffer >= kMaxXfbBuffers) {
          out.log = "error: gl_NextBuffer selects more than " + std::to_string(kMaxXfbBuffers) + " buffers\n";
          return false;
        }
        v.buffer = buffer;
        out.xfb_varyings.push_back(v);
        continue;
      }
      const std::string n = name.substr(17);
      if (n.size() != 1 || n[0] < '1' || n[0] > '4') {
        out.log = "error: transform feedback varying '" + name + "' is not an output of the last vertex stage\n";
        return false;
      }
      v.size = static_cast<std::uint32_t>(n[0] - '0');
      v.buffer = buffer;
      v.offset = offset;
      offset += 4 * v.size;
      total_components += v.size;
      out.xfb_strides[buffer] = offset;
      out.xfb_varyings.push_back(v);
      continue;
    }
    if (!seen.insert(name).second) {
      out.log = "error: transform feedback varying '" + name + "' is named more than once\n";
      return false;
    }
    const auto steps = parse_name(name);
    std::optional<Found> found = steps ? resolve(last_stage, *steps) : std::nullopt;
    std::optional<LeafType> leaf = found ? leaf_type(*found->type) : std::nullopt;
    if (!found && steps) leaf = builtin_output(*steps);  // written but not among the linker objects
    if (!leaf) {
      out.log = "error: transform feedback varying '" + name + "' is not an output of the last vertex stage\n";
      return false;
    }
    const std::uint32_t stream = found ? found->stream : 0;
    if (stream >= options.vertex_streams) {
      out.log = "error: transform feedback varying '" + name + "' is in vertex stream " + std::to_string(stream) +
                "; the device captures " + std::to_string(options.vertex_streams) + " stream(s)\n";
      return false;
    }
    if (buffer_streams[buffer] && *buffer_streams[buffer] != stream) {
      out.log = "error: transform feedback buffer " + std::to_string(buffer) + " would capture vertex streams " +
                std::to_string(*buffer_streams[buffer]) + " and " + std::to_string(stream) + "\n";
      return false;
    }
    buffer_streams[buffer] = stream;
    capture.declares_streams |= stream != 0;
    v.gl_type = leaf->gl_type;
    const bool is_array = found && found->is_array();
    v.size = is_array ? static_cast<std::uint32_t>(found->type->getOuterArraySize()) : 1;
    const std::uint32_t components = leaf->components * v.size;
    if (separate && components > kMaxXfbSeparateComponents) {
      out.log = "error: transform feedback varying '" + name + "' has " + std::to_string(components) +
                " components, more than MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS (" +
                std::to_string(kMaxXfbSeparateComponents) + ")\n";
      return false;
    }
    total_components += components;
    v.buffer = buffer;
    v.offset = offset;
    offset += 4 * components;
    out.xfb_strides[buffer] = offset;

    const std::string var = "glvk_xfb_" + std::to_string(out.xfb_varyings.size());
    if (es) capture.spirv_decorations.push_back({var, v.buffer, v.offset, 0});
    else
      capture.declarations += "layout(xfb_buffer = " + std::to_string(v.buffer) + ", xfb_offset = " +
                              std::to_string(v.offset) + (stream ? ", stream = " + std::to_string(stream) : "") + ") ";
    capture.declares_doubles |= leaf->glsl[0] == 'd';  // double, dvecN, dmatN
    capture.declarations += std::string(leaf->flat ? "flat " : "") + "out " + leaf->glsl + " " + var +
                            (is_array ? "[" + std::to_string(v.size) + "]" : "") + ";\n";
    capture.copies.push_back(var + " = " + (found ? found->expression : name));
    out.xfb_varyings.push_back(v);
  }
  if (!separate && total_components > kMaxXfbInterleavedComponents) {
    out.log = "error: the transform feedback varyings have " + std::to_string(total_components) +
              " components, more than MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS (" +
              std::to_string(kMaxXfbInterleavedComponents) + ")\n";
    return false;
  }
  for (XfbVarying& v : out.xfb_varyings) v.stream = buffer_streams[v.buffer].value_or(0);  // markers too
  for (XfbDecoration& d : capture.spirv_decorations) d.stride = out.xfb_strides[d.buffer];
  if (es) return true;
  for (std::uint32_t b = 0; b < kMaxXfbBuffers; ++b)
    if (out.xfb_strides[b] != 0)
      capture.declarations += "layout(xfb_buffer = " + std::to_string(b) + ", xfb_stride = " +
                              std::to_string(out.xfb_strides[b]) + ") out;\n";
  capture.needs_extension = true;
  return true;
}

std::vector<std::uint32_t> with_xfb_decorations(const std::vector<std::uint32_t>& words,
                                                const std::vector<XfbDecoration>& decorations) {
  constexpr std::size_t kHeaderWords = 5;
  if (words.size() < kHeaderWords || decorations.empty()) return words;
  std::vector<DecorationEdit> edits;
  for (const SpirvVariable& v : global_variables(words))
    for (const XfbDecoration& d : decorations)
      if (v.storage_class == spv::StorageClassOutput && v.name == d.variable) {
        edits.push_back({v.id, spv::DecorationXfbBuffer, d.buffer});
        edits.push_back({v.id, spv::DecorationOffset, d.offset});
        edits.push_back({v.id, spv::DecorationXfbStride, d.stride});
      }
  std::vector<std::uint32_t> out = words;
  set_decorations(out, edits);
  // The capability after the module's last one, the execution mode after its entry points.
  std::size_t at = kHeaderWords, capability_end = 0, entry_end = 0;
  std::uint32_t entry = 0;
  bool has_capability = false;
  for (const SpirvInstruction& in : split_instructions(out)) {
    at += in.words.size();
    if (in.op == spv::OpCapability) {
      capability_end = at;
      has_capability |= in.words[1] == spv::CapabilityTransformFeedback;
    } else if (in.op == spv::OpEntryPoint) {
      entry_end = at;
      if (!entry) entry = in.words[2];
    } else if (in.op == spv::OpFunction) {
      break;
    }
  }
  if (!entry) return words;
  const std::uint32_t mode[] = {(3u << 16) | spv::OpExecutionMode, entry, spv::ExecutionModeXfb};
  out.insert(out.begin() + std::ptrdiff_t(entry_end), std::begin(mode), std::end(mode));
  if (!has_capability) {
    const std::uint32_t capability[] = {(2u << 16) | spv::OpCapability, spv::CapabilityTransformFeedback};
    out.insert(out.begin() + std::ptrdiff_t(capability_end), std::begin(capability), std::end(capability));
  }
  return out;
}

}  // namespace glvk::glsl::detail
