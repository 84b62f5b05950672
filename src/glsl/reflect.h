// From glslang's linked program to glvk's Program: GL reflection (uniforms, blocks, resources,
// vertex inputs, fragment outputs) and the locations and bindings GL assigns at link time.
#pragma once

#include <glslang/Public/ShaderLang.h>

#include <map>
#include <string>
#include <vector>

#include "glvk/glsl/compiler.h"

namespace glvk::glsl::detail {

// Descriptor bindings of set 0 by SPIR-V name: blocks by block (struct type) name, opaque
// uniforms by variable name.
struct BindingMap {
  std::map<std::string, std::uint32_t> blocks;
  std::map<std::string, std::uint32_t> opaque;
  std::uint32_t next_free = 1;  // first binding no resource uses
};

// Fills uniforms, blocks, resources, default_block_size and GL uniform locations from the
// reflection of a linked, IO-mapped program. `explicit_bindings`: layout(binding = N) by name.
BindingMap reflect_resources(const glslang::TProgram& program, const std::map<std::string, int>& explicit_bindings,
                             Program& out);

// A user-declared vertex input or fragment output (active or not), as the linked AST has it.
struct InterfaceDecl {
  std::string name;
  int explicit_location = -1;
  int explicit_index = -1;
  int slots = 1;
};
std::vector<InterfaceDecl> interface_decls(const glslang::TIntermediate& intermediate, bool inputs);
// layout(binding = N) of uniforms and blocks (by variable or block name) in one stage.
void collect_explicit_bindings(const glslang::TIntermediate& intermediate, std::map<std::string, int>& out);

struct AssignedLocation {
  std::int32_t location = -1;
  std::uint32_t index = 0;
};
// GL's link-time location assignment: explicit layout first, then the bound names (glBindAttribLocation
// / glBindFragDataLocation(Indexed)), then the first free range. False with a message in `log`.
bool assign_locations(const std::vector<InterfaceDecl>& decls, const std::map<std::string, std::uint32_t>& bound,
                      const std::map<std::string, std::uint32_t>* bound_index, int max_locations, bool outputs,
                      std::map<std::string, AssignedLocation>& assigned, std::string& log);

// Active vertex inputs / fragment outputs from the reflection with their assigned locations.
void reflect_interface(const glslang::TProgram& program, const std::map<std::string, AssignedLocation>& attributes,
                       const std::map<std::string, AssignedLocation>& outputs, Program& out);

// "a[3]" → "a"; other names unchanged.
std::string strip_array_suffix(const std::string& name);

}  // namespace glvk::glsl::detail
