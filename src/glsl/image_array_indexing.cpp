#include "image_array_indexing.h"

#include <glslang/MachineIndependent/localintermediate.h>

namespace glvk::glsl::detail {
namespace {

class DynamicSamplerIndex : public glslang::TIntermTraverser {
 public:
  bool found = false;
  bool visitBinary(glslang::TVisit, glslang::TIntermBinary* node) override {
    const glslang::TType& base = node->getLeft()->getType();
    if (node->getOp() == glslang::EOpIndexIndirect && base.getBasicType() == glslang::EbtSampler &&
        !base.getSampler().isImage())
      found = true;
    return !found;
  }
};

}  // namespace

bool indexes_sampler_array_dynamically(const glslang::TIntermediate& stage) {
  TIntermNode* root = stage.getTreeRoot();
  if (!root) return false;
  DynamicSamplerIndex traverser;
  root->traverse(&traverser);
  return traverser.found;
}

}  // namespace glvk::glsl::detail
