#include "reflect.h"
#include "subroutines.h"

#include <glslang/MachineIndependent/localintermediate.h>

#include <algorithm>

#include "glslang_shader.h"
#include "later_keywords.h"
#include "legacy_builtins.h"
#include "linker_objects.h"

namespace glvk::glsl::detail {
namespace {

std::uint32_t round_up(std::uint32_t v, std::uint32_t a) { return (v + a - 1) / a * a; }

// MatrixStride of a block member (reflection lacks it): a matrix is an array of column vectors
// (rows when row-major); std140 rounds the array stride up to a vec4 (GL 4.6 7.6.2.2 rules 4-6).
std::uint32_t matrix_stride(const glslang::TType& type, glslang::TLayoutPacking packing, bool row_major) {
  if (!type.isMatrix()) return 0;
  const std::uint32_t component = type.getBasicType() == glslang::EbtDouble ? 8 : 4;
  const std::uint32_t n = static_cast<std::uint32_t>(row_major ? type.getMatrixCols() : type.getMatrixRows());
  const std::uint32_t align = (n == 2 ? 2 : 4) * component;
  return packing == glslang::ElpStd430 ? align : round_up(align, 16);
}

std::uint32_t declared_array_size(const glslang::TType* type, int reflected) {
  if (type && type->isSizedArray()) return static_cast<std::uint32_t>(type->getOuterArraySize());
  return reflected > 0 ? static_cast<std::uint32_t>(reflected) : 1;
}

ResourceKind opaque_kind(const glslang::TType& type) {
  const glslang::TSampler& s = type.getSampler();
  if (s.isImage()) return s.isBuffer() ? ResourceKind::StorageTexelBuffer : ResourceKind::StorageImage;
  return s.isBuffer() ? ResourceKind::TexelBuffer : ResourceKind::CombinedSampler;
}

// glslang's reflection sizes a block by its last member without the row-major rule (a row-major
// mat2x3 counted as 2 vectors, not 3, a row-major mat3x2 as 3, not 2): the size is recomputed
// from the members' offsets (laid out here by the block's rules where glslang gave none, as for
// shared and packed blocks, which the SPIR-V lays out as std140), glslang's size kept only for a
// block ending in an unsized array.
std::uint32_t block_data_size(const glslang::TObjectReflection& r) {
  const std::uint32_t reflected = r.size > 0 ? static_cast<std::uint32_t>(r.size) : 0;
  const glslang::TType* type = r.getType();
  if (!type || !type->isStruct()) return reflected;
  glslang::TLayoutPacking packing = type->getQualifier().layoutPacking;
  if (packing != glslang::ElpStd430 && packing != glslang::ElpScalar) packing = glslang::ElpStd140;
  std::uint32_t size = 0, offset = 0;
  for (const glslang::TTypeLoc& member : *type->getStruct()) {
    const glslang::TQualifier& q = member.type->getQualifier();
    if (member.type->isUnsizedArray()) return std::max(size, reflected);
    int member_size = 0, stride = 0;
    const int alignment = glslang::TIntermediate::getBaseAlignment(*member.type, member_size, stride, packing,
                                                                   q.layoutMatrix == glslang::ElmRowMajor);
    const std::uint32_t align = alignment > 0 ? static_cast<std::uint32_t>(alignment) : 1u;
    offset = q.hasOffset() ? static_cast<std::uint32_t>(q.layoutOffset) : (offset + align - 1) / align * align;
    size = std::max(size, offset + static_cast<std::uint32_t>(member_size));
    offset += static_cast<std::uint32_t>(member_size);
  }
  return size;
}

// A block's base alignment as a structure of its members (GL 4.6 7.6.2.2 rules 9 and std430's):
// BUFFER_DATA_SIZE is the structure's size, its last member's end rounded up to it.
std::uint32_t block_alignment(const glslang::TObjectReflection& r) {
  const glslang::TType* type = r.getType();
  if (!type || !type->isStruct()) return 1;
  glslang::TLayoutPacking packing = type->getQualifier().layoutPacking;
  if (packing != glslang::ElpStd430 && packing != glslang::ElpScalar) packing = glslang::ElpStd140;
  std::uint32_t alignment = packing == glslang::ElpStd140 ? 16u : 1u;
  for (const glslang::TTypeLoc& member : *type->getStruct()) {
    int member_size = 0, stride = 0;
    const int a = glslang::TIntermediate::getBaseAlignment(*member.type, member_size, stride, packing,
                                                           member.type->getQualifier().layoutMatrix == glslang::ElmRowMajor);
    alignment = std::max(alignment, a > 0 ? static_cast<std::uint32_t>(a) : 1u);
  }
  return alignment;
}

int explicit_binding(const std::map<std::string, int>& explicit_bindings, const std::string& name) {
  auto it = explicit_bindings.find(name);
  return it == explicit_bindings.end() ? -1 : it->second;
}

}  // namespace

std::string strip_array_suffix(const std::string& name) {
  if (name.empty() || name.back() != ']') return name;
  const std::size_t open = name.rfind('[');
  return open == std::string::npos ? name : name.substr(0, open);
}

void collect_explicit_bindings(const glslang::TIntermediate& intermediate, std::map<std::string, int>& out) {
  for_each_linker_object(intermediate, [&](const glslang::TIntermSymbol& symbol) {
    const glslang::TQualifier& q = symbol.getQualifier();
    if (q.storage != glslang::EvqUniform && q.storage != glslang::EvqBuffer) return;
    if (!q.hasBinding()) return;
    const std::string name = interface_name(symbol);
    if (name == kDefaultBlockName) return;
    out[name] = static_cast<int>(q.layoutBinding);
  });
}

BindingMap reflect_resources(const glslang::TProgram& program, const std::map<std::string, int>& explicit_bindings,
                             Program& out) {
  BindingMap bindings;
  // Reflection block index → Program::blocks index (-1: the default uniform block).
  std::vector<int> block_of(static_cast<std::size_t>(program.getNumUniformBlocks()), -1);
  std::vector<glslang::TLayoutPacking> packing_of(block_of.size(), glslang::ElpStd140);
  for (int b = 0; b < program.getNumUniformBlocks(); ++b) {
    const glslang::TObjectReflection& r = program.getUniformBlock(b);
    if (const glslang::TType* t = r.getType()) packing_of[b] = t->getQualifier().layoutPacking;
    if (r.name == kDefaultBlockName) {
      out.default_block_size = block_data_size(r);
      if (out.default_block_size > 0)
        out.resources.push_back({ResourceKind::UniformBuffer, 0, 1, static_cast<StageMask>(r.stages), -1, -1});
      continue;
    }
    UniformBlock block;
    block.name = r.name;
    // GL 4.6 7.6.2.2 (ARB_uniform_buffer_object): a std140 block's UNIFORM_BLOCK_DATA_SIZE is
    // the end of its last member rounded up to a vec4's alignment; glslang lays packed and
    // shared blocks out as std140 too.
    block.size = (block_data_size(r) + 15u) & ~15u;
    block.stages = static_cast<StageMask>(r.stages);
    block_of[b] = static_cast<int>(out.blocks.size());
    out.blocks.push_back(std::move(block));
  }
  const std::size_t first_buffer_block = out.blocks.size();
  for (int b = 0; b < program.getNumBufferBlocks(); ++b) {
    const glslang::TObjectReflection& r = program.getBufferBlock(b);
    UniformBlock block;
    block.name = r.name;
    const std::uint32_t alignment = block_alignment(r);
    block.size = (block_data_size(r) + alignment - 1) / alignment * alignment;
    block.stages = static_cast<StageMask>(r.stages);
    block.storage = true;
    // An atomic counter block's GL binding is in its name (the counters' layout(binding)).
    if (is_atomic_counter_block(block))
      block.initial_gl_binding = static_cast<std::uint32_t>(std::stoul(block.name.substr(kAtomicCounterBlockPrefix.size())));
    out.blocks.push_back(std::move(block));
  }

  // One descriptor binding per block, or per block array ("B[0]", "B[1]", ... share one, each
  // element its own array element, GL binding point base + element).
  for (std::size_t i = 0; i < out.blocks.size(); ++i) {
    UniformBlock& block = out.blocks[i];
    const std::string base = strip_array_suffix(block.name);
    const int gl_binding = explicit_binding(explicit_bindings, base);
    const bool is_element = base != block.name;
    auto& map = bindings.blocks;
    if (auto found = map.find((block.storage ? "buffer:" : "uniform:") + base); found != map.end()) {
      block.binding = found->second;
      for (Resource& res : out.resources)
        if (res.binding == block.binding) {
          ++res.count;
          res.stages |= block.stages;
        }
    } else {
      block.binding = bindings.next_free++;
      map[(block.storage ? "buffer:" : "uniform:") + base] = block.binding;
      out.resources.push_back({block.storage ? ResourceKind::StorageBuffer : ResourceKind::UniformBuffer,
                               block.binding, 1, block.stages, -1, static_cast<std::int32_t>(i)});
    }
    if (gl_binding >= 0 && !is_atomic_counter_block(block)) {
      const std::uint32_t element =
          is_element ? static_cast<std::uint32_t>(std::stoul(block.name.substr(base.size() + 1))) : 0;
      block.initial_gl_binding = static_cast<std::uint32_t>(gl_binding) + element;
    }
  }

  // Active uniforms: default-block members, block members and opaque uniforms, in reflection order.
  std::int32_t next_location = 0;
  for (int u = 0; u < program.getNumUniformVariables(); ++u) {
    const glslang::TObjectReflection& r = program.getUniform(u);
    const glslang::TType* type = r.getType();
    Uniform uniform;
    uniform.name = user_name(r.name);
    uniform.gl_type = static_cast<std::uint32_t>(r.glDefineType);
    uniform.stages = static_cast<StageMask>(r.stages);
    uniform.array_stride = static_cast<std::uint32_t>(r.arrayStride);
    const bool opaque = type && type->getBasicType() == glslang::EbtSampler;
    uniform.array_size = declared_array_size(type, r.size);
    if (r.index >= 0 && static_cast<std::size_t>(r.index) < block_of.size()) {
      uniform.block_index = block_of[static_cast<std::size_t>(r.index)];
      uniform.offset = static_cast<std::uint32_t>(r.offset);
      if (type) {
        uniform.row_major = type->getQualifier().layoutMatrix == glslang::ElmRowMajor;
        uniform.matrix_stride = matrix_stride(*type, packing_of[static_cast<std::size_t>(r.index)], uniform.row_major);
      }
    } else {
      uniform.offset = ~0u;
    }
    // Subroutine selectors (subroutines.cpp): no GL uniforms; their place is the subroutine
    // uniform's (glvk_sub<stage>_<name>).
    if (uniform.name.starts_with(kSubroutineSelectorPrefix) && uniform.block_index < 0 && !opaque) {
      const std::string base = strip_array_suffix(uniform.name);
      const std::size_t underscore = base.find('_', kSubroutineSelectorPrefix.size());
      const std::size_t stage = std::size_t(base[kSubroutineSelectorPrefix.size()] - '0');
      if (underscore != std::string::npos && stage < kStageCount)
        for (SubroutineUniform& s : out.subroutines[stage].uniforms)
          if (s.name == base.substr(underscore + 1)) s.selector_offset = uniform.offset;  // link.cpp places it
      continue;
    }
    // The lowered compatibility built-ins: filled by glvk from GL state, no GL location.
    if (is_lowered(uniform.name) && uniform.block_index < 0 && !opaque) {
      uniform.name = gl_name(uniform.name);
      out.state_uniforms.push_back(std::move(uniform));
      continue;
    }
    // GL locations: the default block's uniforms and opaque uniforms, one per array element.
    if (uniform.block_index < 0) {
      uniform.location = next_location;
      next_location += static_cast<std::int32_t>(uniform.array_size);
    }
    if (opaque) {
      const std::string base = strip_array_suffix(r.name);  // the SPIR-V name (later_keywords.h)
      const int unit = explicit_binding(explicit_bindings, base);
      uniform.initial_unit = static_cast<std::uint32_t>(std::max(unit, 0));
      uniform.unit_from_binding = unit >= 0;
      uniform.binding = static_cast<std::int32_t>(bindings.next_free++);
      bindings.opaque[base] = static_cast<std::uint32_t>(uniform.binding);
      out.resources.push_back({opaque_kind(*type), static_cast<std::uint32_t>(uniform.binding), uniform.array_size,
                               uniform.stages, static_cast<std::int32_t>(out.uniforms.size()), -1});
    }
    if (uniform.block_index >= 0) {
      out.blocks[static_cast<std::size_t>(uniform.block_index)].uniforms.push_back(
          static_cast<std::uint32_t>(out.uniforms.size()));
    }
    out.uniforms.push_back(std::move(uniform));
  }
  // Atomic counters are active uniforms of GL (7.3.1) without locations: the members of the atomic
  // counter blocks, each at its offset in the buffer of its binding.
  for (int v = 0; v < program.getNumBufferVariables(); ++v) {
    const glslang::TObjectReflection& r = program.getBufferVariable(v);
    const std::size_t block = first_buffer_block + static_cast<std::size_t>(std::max(r.index, 0));
    if (r.index < 0 || block >= out.blocks.size() || !is_atomic_counter_block(out.blocks[block])) continue;
    Uniform counter;
    counter.name = r.name;
    counter.gl_type = 0x92DB;  // GL_UNSIGNED_INT_ATOMIC_COUNTER
    counter.array_size = declared_array_size(r.getType(), r.size);
    counter.block_index = static_cast<std::int32_t>(block);
    counter.offset = static_cast<std::uint32_t>(r.offset);
    counter.array_stride = counter.array_size > 1 ? 4 : 0;  // one uint per counter
    counter.stages = static_cast<StageMask>(r.stages);
    // The buffer holds every counter (glslang sizes the block by its last member declared, which an
    // explicit offset may have placed before the others).
    out.blocks[block].size = std::max(out.blocks[block].size, counter.offset + 4 * counter.array_size);
    out.blocks[block].uniforms.push_back(static_cast<std::uint32_t>(out.uniforms.size()));
    out.uniforms.push_back(std::move(counter));
  }
  return bindings;
}

std::vector<InterfaceDecl> interface_decls(const glslang::TIntermediate& intermediate, bool inputs) {
  std::vector<InterfaceDecl> decls;
  for_each_linker_object(intermediate, [&](const glslang::TIntermSymbol& symbol) {
    const glslang::TQualifier& q = symbol.getQualifier();
    if (q.storage != (inputs ? glslang::EvqVaryingIn : glslang::EvqVaryingOut)) return;
    const std::string name = symbol.getName().c_str();
    if (name.compare(0, 3, "gl_") == 0 || (!inputs && is_lowered(name))) return;
    const glslang::TType& type = symbol.getType();
    InterfaceDecl decl;
    decl.name = name;
    if (q.hasLocation()) decl.explicit_location = static_cast<int>(q.layoutLocation);
    if (q.hasIndex()) decl.explicit_index = static_cast<int>(q.layoutIndex);
    // A vertex input takes one location per column or array element, a dvec3/dvec4 too (GLSL 4.60
    // 4.4.1, ARB_vertex_attrib_64bit; Mesa gives `layout(location = 0) in dvec4 a` and
    // `layout(location = 1) in dvec4 b` locations 0 and 1); fragment outputs have no doubles.
    const int columns = type.isMatrix() ? type.getMatrixCols() : 1;
    const int elements = type.isSizedArray() ? type.getOuterArraySize() : 1;
    decl.slots = columns * elements;
    decls.push_back(std::move(decl));
  });
  // The lowered built-in attributes (gl_Vertex, ...) take what the user's inputs leave free.
  std::stable_partition(decls.begin(), decls.end(), [](const InterfaceDecl& d) { return !is_lowered(d.name); });
  return decls;
}

bool assign_locations(const std::vector<InterfaceDecl>& decls, const std::map<std::string, std::uint32_t>& bound,
                      const std::map<std::string, std::uint32_t>* bound_index, int max_locations, bool outputs,
                      std::map<std::string, AssignedLocation>& assigned, std::string& log) {
  // used[index][location]; vertex inputs may alias (GL 4.6 11.1.1), fragment outputs may not.
  std::vector<std::vector<bool>> used(2, std::vector<bool>(static_cast<std::size_t>(max_locations), false));
  auto fits = [&](int location, int index, int slots) {
    if (location < 0 || slots < 1 || location + slots > max_locations) return false;
    for (int l = location; l < location + slots; ++l)
      if (used[static_cast<std::size_t>(index)][static_cast<std::size_t>(l)]) return false;
    return true;
  };
  auto take = [&](const InterfaceDecl& d, int location, int index) {
    for (int l = location; l < location + d.slots; ++l) used[static_cast<std::size_t>(index)][static_cast<std::size_t>(l)] = true;
    assigned[d.name] = {location, static_cast<std::uint32_t>(index)};
  };
  const char* what = outputs ? "fragment output" : "vertex input";
  std::vector<const InterfaceDecl*> automatic;
  // Pass 1: layout qualifiers, which override the API bindings.
  for (const InterfaceDecl& d : decls) {
    if (d.explicit_location >= 0) {
      const int index = d.explicit_index > 0 ? 1 : 0;
      if (!fits(d.explicit_location, index, d.slots) && (outputs || d.explicit_location + d.slots > max_locations)) {
        log += "error: " + std::string(what) + " '" + d.name + "' at location " + std::to_string(d.explicit_location) +
               " overlaps another or exceeds the " + std::to_string(max_locations) + " locations\n";
        return false;
      }
      take(d, d.explicit_location, index);
    }
  }
  // Pass 2: the API bindings.
  for (const InterfaceDecl& d : decls) {
    if (d.explicit_location >= 0) continue;
    auto b = bound.find(user_name(d.name));
    if (b == bound.end()) {
      automatic.push_back(&d);
      continue;
    }
    int index = 0;
    if (bound_index)
      if (auto i = bound_index->find(user_name(d.name)); i != bound_index->end()) index = i->second > 0 ? 1 : 0;
    const int location = static_cast<int>(b->second);
    if (!fits(location, index, d.slots) && (outputs || location + d.slots > max_locations)) {
      log += "error: " + std::string(what) + " '" + d.name + "' bound to location " + std::to_string(location) +
             " overlaps another or exceeds the " + std::to_string(max_locations) + " locations\n";
      return false;
    }
    take(d, location, index);
  }
  // Pass 3: the first free range, in declaration order.
  for (const InterfaceDecl* d : automatic) {
    int location = 0;
    while (location < max_locations && !fits(location, 0, d->slots)) ++location;
    if (location >= max_locations) {
      log += "error: no room for " + std::string(what) + " '" + d->name + "' (" + std::to_string(d->slots) +
             " locations of " + std::to_string(max_locations) + ")\n";
      return false;
    }
    take(*d, location, 0);
  }
  return true;
}

void reflect_interface(const glslang::TProgram& program, const std::map<std::string, AssignedLocation>& attributes,
                       const std::map<std::string, AssignedLocation>& outputs, Program& out) {
  auto convert = [](const glslang::TObjectReflection& r, const std::map<std::string, AssignedLocation>& assigned) {
    InterfaceVariable v;
    v.name = user_name(gl_name(r.name));  // glGetActiveAttrib names the built-ins gl_Vertex, ...
    // The built-in inputs are active too (GL 4.6 7.3.1.1, location -1), by their GL names where
    // glslang's Vulkan rules gave them Vulkan's.
    if (v.name == "gl_VertexIndex") v.name = "gl_VertexID";
    if (v.name == "gl_InstanceIndex") v.name = "gl_InstanceID";
    v.gl_type = static_cast<std::uint32_t>(r.glDefineType);
    v.array_size = declared_array_size(r.getType(), r.size);
    if (auto a = assigned.find(strip_array_suffix(r.name)); a != assigned.end()) {
      v.location = a->second.location;
      v.index = a->second.index;
    }
    return v;
  };
  if (out.stages & (1u << static_cast<unsigned>(Stage::Vertex)))
    for (int i = 0; i < program.getNumPipeInputs(); ++i) out.attributes.push_back(convert(program.getPipeInput(i), attributes));
  if (out.stages & (1u << static_cast<unsigned>(Stage::Fragment)))
    for (int i = 0; i < program.getNumPipeOutputs(); ++i)
      if (!is_lowered(program.getPipeOutput(i).name)) out.outputs.push_back(convert(program.getPipeOutput(i), outputs));
}

}  // namespace glvk::glsl::detail

namespace glvk::glsl {

std::vector<std::uint32_t> atomic_counter_buffers(const Program& program) {
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i < program.blocks.size(); ++i)
    if (is_atomic_counter_block(program.blocks[i])) out.push_back(static_cast<std::uint32_t>(i));
  return out;
}

std::int32_t atomic_counter_buffer_index(const Program& program, const Uniform& uniform) {
  if (uniform.block_index < 0 || !is_atomic_counter_block(program.blocks[std::size_t(uniform.block_index)])) return -1;
  std::int32_t index = 0;
  for (std::int32_t i = 0; i < uniform.block_index; ++i) index += is_atomic_counter_block(program.blocks[std::size_t(i)]);
  return index;
}

std::int32_t uniform_block_index(const Program& program, const Uniform& uniform) {
  return atomic_counter_buffer_index(program, uniform) >= 0 ? -1 : uniform.block_index;
}

}  // namespace glvk::glsl
