#include "const_initializers.h"

#include <glslang/MachineIndependent/localintermediate.h>

#include <set>
#include <string>

namespace glvk::glsl::detail {
namespace {

// Whether an expression is a GLSL constant expression, given the read-only consts already
// checked (their ids).
class ConstantExpression : public glslang::TIntermTraverser {
 public:
  explicit ConstantExpression(const std::set<long long>& checked) : checked_(checked) {}
  bool constant = true;

  void visitSymbol(glslang::TIntermSymbol* symbol) override {
    const glslang::TStorageQualifier storage = symbol->getQualifier().storage;
    if (storage == glslang::EvqConst) return;
    if (storage == glslang::EvqConstReadOnly && checked_.count(symbol->getId())) return;
    constant = false;
  }
  bool visitAggregate(glslang::TVisit, glslang::TIntermAggregate* node) override {
    if (node->getOp() == glslang::EOpFunctionCall) constant = false;  // a user function
    return constant;
  }
  bool visitBinary(glslang::TVisit, glslang::TIntermBinary* node) override {
    if (node->modifiesState()) constant = false;
    return constant;
  }
  bool visitUnary(glslang::TVisit, glslang::TIntermUnary* node) override {
    if (node->modifiesState()) constant = false;
    return constant;
  }

 private:
  const std::set<long long>& checked_;
};

// The initializations of read-only consts, in the order of the text.
class ReadOnlyConsts : public glslang::TIntermTraverser {
 public:
  bool all_constant = true;
  bool visitBinary(glslang::TVisit, glslang::TIntermBinary* node) override {
    const glslang::TIntermSymbol* target = node->getLeft()->getAsSymbolNode();
    if (node->getOp() != glslang::EOpAssign || !target ||
        target->getQualifier().storage != glslang::EvqConstReadOnly)
      return true;
    ConstantExpression check(checked_);
    node->getRight()->traverse(&check);
    if (check.constant) checked_.insert(target->getId());
    else all_constant = false;
    return false;
  }
  bool visitAggregate(glslang::TVisit, glslang::TIntermAggregate* node) override {
    return node->getOp() != glslang::EOpLinkerObjects;
  }

 private:
  std::set<long long> checked_;
};

}  // namespace

bool only_errors_of(std::string_view log, std::string_view feature) {
  bool any = false;
  std::size_t line = 0;
  while (line < log.size()) {
    const std::size_t end = std::min(log.find('\n', line), log.size());
    const std::string_view text = log.substr(line, end - line);
    line = end + 1;
    // glslang stops at that error ("compilation terminated"): the second parse sees the rest.
    if (text.substr(0, 6) != "ERROR:" || text.find("compilation errors") != std::string_view::npos ||
        text.find("compilation terminated") != std::string_view::npos)
      continue;
    if (text.find("'" + std::string(feature) + "'") == std::string_view::npos) return false;
    any = true;
  }
  return any;
}

bool read_only_consts_are_constant_expressions(const glslang::TIntermediate& intermediate) {
  ReadOnlyConsts consts;
  if (intermediate.getTreeRoot()) intermediate.getTreeRoot()->traverse(&consts);
  return consts.all_constant;
}

}  // namespace glvk::glsl::detail
