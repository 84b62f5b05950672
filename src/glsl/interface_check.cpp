#include "interface_check.h"

#include <set>

#include "glslang_shader.h"
#include "linker_objects.h"

namespace glvk::glsl::detail {
namespace {

// The user-declared inputs a stage's code reads (GL matches only statically used inputs).
class UsedInputs : public glslang::TIntermTraverser {
 public:
  std::map<std::string, int> used;  // interface name → explicit location or -1

  bool visitAggregate(glslang::TVisit, glslang::TIntermAggregate* node) override {
    return node->getOp() != glslang::EOpLinkerObjects;
  }
  void visitSymbol(glslang::TIntermSymbol* symbol) override {
    const glslang::TQualifier& q = symbol->getQualifier();
    if (q.storage != glslang::EvqVaryingIn || q.builtIn != glslang::EbvNone) return;
    const std::string name = interface_name(*symbol);
    if (name.compare(0, 3, "gl_") == 0) return;
    used[name] = q.hasLocation() ? static_cast<int>(q.layoutLocation) : -1;
  }
};

}  // namespace

bool check_stage_interfaces(const glslang::TProgram& program, std::string& log) {
  const Stage order[] = {Stage::Vertex, Stage::TessControl, Stage::TessEvaluation, Stage::Geometry, Stage::Fragment};
  const glslang::TIntermediate* producer = nullptr;
  Stage producer_stage = Stage::Vertex;
  bool ok = true;
  for (Stage stage : order) {
    const glslang::TIntermediate* consumer = program.getIntermediate(to_glslang(stage));
    if (!consumer) continue;
    if (producer && consumer->getTreeRoot()) {
      std::set<std::string> outputs;
      std::set<int> output_locations;
      for_each_linker_object(*producer, [&](const glslang::TIntermSymbol& symbol) {
        const glslang::TQualifier& q = symbol.getQualifier();
        if (q.storage != glslang::EvqVaryingOut) return;
        outputs.insert(interface_name(symbol));
        if (q.hasLocation()) output_locations.insert(static_cast<int>(q.layoutLocation));
      });
      UsedInputs inputs;
      consumer->getTreeRoot()->traverse(&inputs);
      for (const auto& [name, location] : inputs.used) {
        if (outputs.count(name) || (location >= 0 && output_locations.count(location))) continue;
        log += "error: the " + std::string(stage_name(stage)) + " shader reads input '" + name +
               "', which the " + stage_name(producer_stage) + " shader does not write\n";
        ok = false;
      }
    }
    producer = consumer;
    producer_stage = stage;
  }
  return ok;
}

}  // namespace glvk::glsl::detail
