#include "flat_inputs.h"

#include "linker_objects.h"

namespace glvk::glsl::detail {
namespace {

// Whether a value of `type` holds an integer or a double anywhere (arrays and structs included):
// such values are never interpolated.
bool needs_flat(const glslang::TType& type) {
  if (const glslang::TTypeList* members = type.getStruct()) {
    for (const glslang::TTypeLoc& member : *members)
      if (needs_flat(*member.type)) return true;
    return false;
  }
  switch (type.getBasicType()) {
    case glslang::EbtInt: case glslang::EbtUint: case glslang::EbtInt8: case glslang::EbtUint8:
    case glslang::EbtInt16: case glslang::EbtUint16: case glslang::EbtInt64: case glslang::EbtUint64:
    case glslang::EbtDouble:
      return true;
    default:
      return false;
  }
}

}  // namespace

std::string flat_input_errors(const glslang::TIntermediate& fragment_stage) {
  std::string log;
  auto error = [&](const glslang::TSourceLoc& loc, const std::string& name) {
    log += "ERROR: " + std::to_string(loc.string) + ":" + std::to_string(loc.line) + ": '" + name +
           "' : a fragment input that is or contains an integer or a double must be qualified flat\n";
  };
  for_each_linker_object(fragment_stage, [&](const glslang::TIntermSymbol& symbol) {
    const glslang::TQualifier& q = symbol.getQualifier();
    if (q.storage != glslang::EvqVaryingIn || q.builtIn != glslang::EbvNone || q.flat) return;
    const glslang::TType& type = symbol.getType();
    if (type.getBasicType() != glslang::EbtBlock) {
      if (needs_flat(type)) error(symbol.getLoc(), symbol.getName().c_str());
      return;
    }
    for (const glslang::TTypeLoc& member : *type.getStruct())
      if (!member.type->getQualifier().flat && needs_flat(*member.type))
        error(member.loc, member.type->getFieldName().c_str());
  });
  return log;
}

}  // namespace glvk::glsl::detail
