// Walking a linked glslang stage: its global declarations (the "linker objects" glslang keeps for
// every global, used or not).
#pragma once

#include <glslang/MachineIndependent/localintermediate.h>

#include <string>

namespace glvk::glsl::detail {

template <typename F>
void for_each_linker_object(const glslang::TIntermediate& intermediate, F&& f) {
  TIntermNode* root = intermediate.getTreeRoot();
  glslang::TIntermAggregate* top = root ? root->getAsAggregate() : nullptr;
  if (!top) return;
  for (TIntermNode* node : top->getSequence()) {
    glslang::TIntermAggregate* objects = node ? node->getAsAggregate() : nullptr;
    if (!objects || objects->getOp() != glslang::EOpLinkerObjects) continue;
    for (TIntermNode* object : objects->getSequence())
      if (const glslang::TIntermSymbol* symbol = object ? object->getAsSymbolNode() : nullptr) f(*symbol);
  }
}

// The name GL matches interface variables by: a block's block name, else the variable's name.
inline std::string interface_name(const glslang::TIntermSymbol& symbol) {
  const glslang::TType& type = symbol.getType();
  return type.getBasicType() == glslang::EbtBlock ? std::string(type.getTypeName().c_str())
                                                   : std::string(symbol.getName().c_str());
}

}  // namespace glvk::glsl::detail
