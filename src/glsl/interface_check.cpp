#include "interface_check.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "glslang_shader.h"
#include "linker_objects.h"
#include "tokens.h"

namespace glvk::glsl::detail {
namespace {

// The locations a variable of `stage`'s interface takes, per vertex for the arrayed ones (GLSL
// 4.60 4.4.1; glslang's own count leaves the per-vertex dimension to its caller).
int location_count(const glslang::TType& type, EShLanguage stage) {
  if (type.isArray() && type.getQualifier().isArrayedIo(stage)) {
    const glslang::TType element(type, 0);
    return glslang::TIntermediate::computeTypeLocationSize(element, stage);
  }
  return glslang::TIntermediate::computeTypeLocationSize(type, stage);
}

// The user-declared inputs a stage's code reads (GL matches only statically used inputs).
class UsedInputs : public glslang::TIntermTraverser {
 public:
  explicit UsedInputs(EShLanguage stage) : stage_(stage) {}
  struct Use {
    int location = -1;       // explicit, else -1
    int locations = 1;  // taken, per vertex for arrayed inputs
  };
  std::map<std::string, Use> used;  // by interface name

  bool visitAggregate(glslang::TVisit, glslang::TIntermAggregate* node) override {
    return node->getOp() != glslang::EOpLinkerObjects;
  }
  void visitSymbol(glslang::TIntermSymbol* symbol) override {
    const glslang::TQualifier& q = symbol->getQualifier();
    if (q.storage != glslang::EvqVaryingIn || q.builtIn != glslang::EbvNone) return;
    const std::string name = interface_name(*symbol);
    if (name.compare(0, 3, "gl_") == 0) return;
    used[name] = {q.hasLocation() ? static_cast<int>(q.layoutLocation) : -1,
                  location_count(symbol->getType(), stage_)};
  }

 private:
  EShLanguage stage_;
};

// Whether a stage's code uses the built-in gl_PerVertex block of a direction.
class UsesPerVertex : public glslang::TIntermTraverser {
 public:
  explicit UsesPerVertex(glslang::TStorageQualifier storage) : storage_(storage) {}
  bool found = false;
  bool visitAggregate(glslang::TVisit, glslang::TIntermAggregate* node) override {
    return node->getOp() != glslang::EOpLinkerObjects;
  }
  void visitSymbol(glslang::TIntermSymbol* symbol) override {
    const glslang::TType& type = symbol->getType();
    if (symbol->getQualifier().storage == storage_ && type.getBasicType() == glslang::EbtBlock &&
        type.getTypeName() == "gl_PerVertex")
      found = true;
  }

 private:
  glslang::TStorageQualifier storage_;
};

bool uses_per_vertex(const glslang::TIntermediate& stage, glslang::TStorageQualifier storage) {
  UsesPerVertex finder(storage);
  if (stage.getTreeRoot()) stage.getTreeRoot()->traverse(&finder);
  return finder.found;
}

int highest_version(const std::array<std::string, kStageCount>& texts) {
  int highest = 110;
  for (const std::string& text : texts) {
    const std::vector<Token> t = tokenize(text);
    for (std::size_t i = 0; i + 2 < t.size(); ++i)
      if (t[i].is('#') && t[i].line_start && t[i + 1].is("version") && t[i + 2].kind == TokenKind::Number)
        highest = std::max(highest, std::atoi(std::string(t[i + 2].text.substr(0, 6)).c_str()));
  }
  return highest;
}

// `out gl_PerVertex`: the text redeclares the output block.
bool redeclares_output_block(std::string_view text) {
  const std::vector<Token> t = tokenize(text);
  for (std::size_t i = 0; i + 1 < t.size(); ++i)
    if (t[i].is("out") && t[i + 1].is("gl_PerVertex")) return true;
  return false;
}

}  // namespace

bool check_separable_builtin_blocks(const glslang::TProgram& program,
                                    const std::array<std::string, kStageCount>& texts, std::string& log) {
  if (highest_version(texts) < 150) return true;  // no blocks to redeclare (ARB_separate_shader_objects issue 28)
  const Stage order[] = {Stage::Vertex, Stage::TessControl, Stage::TessEvaluation, Stage::Geometry, Stage::Fragment};
  const glslang::TIntermediate* producer = nullptr;
  Stage producer_stage = Stage::Vertex;
  for (Stage stage : order) {
    const glslang::TIntermediate* consumer = program.getIntermediate(to_glslang(stage));
    if (!consumer) continue;
    if (producer && !redeclares_output_block(texts[std::size_t(producer_stage)]) &&
        (uses_per_vertex(*producer, glslang::EvqVaryingOut) || uses_per_vertex(*consumer, glslang::EvqVaryingIn))) {
      log += "error: the separable program's " + std::string(stage_name(producer_stage)) +
             " shader passes gl_PerVertex to the " + stage_name(stage) + " shader without redeclaring it\n";
      return false;
    }
    producer = consumer;
    producer_stage = stage;
  }
  return true;
}

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
      std::map<std::string, bool> invariant_outputs;  // user-defined non-block outputs → invariant
      std::map<int, int> output_locations;  // explicit location → locations taken
      for_each_linker_object(*producer, [&](const glslang::TIntermSymbol& symbol) {
        const glslang::TQualifier& q = symbol.getQualifier();
        if (q.storage != glslang::EvqVaryingOut) return;
        outputs.insert(interface_name(symbol));
        // `#pragma STDGL invariant(all)` makes every output invariant (GLSL 1.20 4.6.1).
        if (symbol.getType().getBasicType() != glslang::EbtBlock)
          invariant_outputs[interface_name(symbol)] = q.invariant || producer->isInvariantAll();
        if (q.hasLocation())
          output_locations[static_cast<int>(q.layoutLocation)] = location_count(symbol.getType(), to_glslang(producer_stage));
      });
      // GLSL 1.20-4.20 4.6.1 (4.3.6 in 1.20): a variable leaving one stage and entering the next is
      // declared invariant in both or in neither (4.30 takes the qualifier on outputs only).
      if (producer->getProfile() != EEsProfile && producer->getVersion() < 430 && consumer->getVersion() < 430)
        for_each_linker_object(*consumer, [&](const glslang::TIntermSymbol& symbol) {
          const glslang::TQualifier& q = symbol.getQualifier();
          const auto output = invariant_outputs.find(interface_name(symbol));
          if (q.storage != glslang::EvqVaryingIn || output == invariant_outputs.end() || output->second == q.invariant)
            return;
          log += "error: '" + output->first + "' is declared invariant in the " +
                 stage_name(output->second ? producer_stage : stage) + " shader but not in the " +
                 stage_name(output->second ? stage : producer_stage) + " shader\n";
          ok = false;
        });
      UsedInputs inputs(to_glslang(stage));
      consumer->getTreeRoot()->traverse(&inputs);
      for (const auto& [name, use] : inputs.used) {
        // An input with a location matches the output at that location, whatever its name (GLSL
        // 4.50 4.4.1: "the location layout qualifier (if any) must match"), one without by name.
        const auto at = output_locations.find(use.location);
        if (use.location >= 0 ? at != output_locations.end() && at->second == use.locations : outputs.count(name) != 0)
          continue;
        log += "error: the " + std::string(stage_name(stage)) + " shader reads input '" + name + "'" +
               (use.location >= 0 ? " at location " + std::to_string(use.location) : "") + ", which the " +
               stage_name(producer_stage) + " shader does not write" +
               (use.location >= 0 && at != output_locations.end() ? " as a variable of the same size" : "") + "\n";
        ok = false;
      }
    }
    producer = consumer;
    producer_stage = stage;
  }
  return ok;
}

void HiddenPatchInputs::hide(glslang::TIntermediate& evaluation_unit) {
  glslang::TIntermAggregate* objects = evaluation_unit.findLinkerObjects();
  if (!objects) return;
  for (TIntermNode* node : objects->getSequence()) {
    glslang::TIntermSymbol* symbol = node ? node->getAsSymbolNode() : nullptr;
    if (!symbol) continue;
    glslang::TQualifier& q = symbol->getQualifier();
    if (q.storage != glslang::EvqVaryingIn || !q.patch || !symbol->getType().isArray()) continue;
    // The linker object is a declaration of its own, apart from the code's references to it.
    q.storage = glslang::EvqGlobal;
    hidden_.push_back(symbol);
    names_.insert(interface_name(*symbol));
  }
}

void HiddenPatchInputs::hide_location_matched(glslang::TIntermediate& consumer_unit,
                                              const std::vector<const glslang::TIntermediate*>& producer_units) {
  std::map<std::string, int> output_locations;  // name → explicit location
  for (const glslang::TIntermediate* producer : producer_units)
    for_each_linker_object(*producer, [&](const glslang::TIntermSymbol& symbol) {
      const glslang::TQualifier& q = symbol.getQualifier();
      if (q.storage == glslang::EvqVaryingOut && q.hasLocation())
        output_locations.emplace(interface_name(symbol), static_cast<int>(q.layoutLocation));
    });
  glslang::TIntermAggregate* objects = consumer_unit.findLinkerObjects();
  if (!objects || output_locations.empty()) return;
  for (TIntermNode* node : objects->getSequence()) {
    glslang::TIntermSymbol* symbol = node ? node->getAsSymbolNode() : nullptr;
    if (!symbol) continue;
    glslang::TQualifier& q = symbol->getQualifier();
    if (q.storage != glslang::EvqVaryingIn || !q.hasLocation()) continue;
    const auto found = output_locations.find(interface_name(*symbol));
    if (found == output_locations.end() || found->second == static_cast<int>(q.layoutLocation)) continue;
    q.storage = glslang::EvqGlobal;
    hidden_.push_back(symbol);
  }
}

void HiddenPatchInputs::restore() {
  for (glslang::TIntermSymbol* symbol : hidden_) symbol->getQualifier().storage = glslang::EvqVaryingIn;
  hidden_.clear();
}

bool check_patch_inputs(const glslang::TProgram& program, const std::set<std::string>& names, std::string& log) {
  const glslang::TIntermediate* evaluation = program.getIntermediate(EShLangTessEvaluation);
  if (names.empty() || !evaluation) return true;
  Stage producer_stage = Stage::TessControl;
  const glslang::TIntermediate* producer = program.getIntermediate(EShLangTessControl);
  if (!producer) {
    producer_stage = Stage::Vertex;
    producer = program.getIntermediate(EShLangVertex);
  }
  if (!producer) return true;  // a separable program's first stage: matched by the pipeline
  std::map<std::string, const glslang::TIntermSymbol*> outputs;
  for_each_linker_object(*producer, [&](const glslang::TIntermSymbol& symbol) {
    if (symbol.getQualifier().storage == glslang::EvqVaryingOut) outputs.emplace(interface_name(symbol), &symbol);
  });
  bool ok = true;
  for_each_linker_object(*evaluation, [&](const glslang::TIntermSymbol& input) {
    const std::string name = interface_name(input);
    if (input.getQualifier().storage != glslang::EvqVaryingIn || !names.count(name)) return;
    const auto found = outputs.find(name);
    if (found == outputs.end()) return;  // unwritten: check_stage_interfaces decides by static use
    const glslang::TType& out_type = found->second->getType();
    const glslang::TType& in_type = input.getType();
    if (!found->second->getQualifier().patch) {
      log += "error: '" + name + "' is a per-patch input of the tessellation evaluation shader and a per-vertex output of the " +
             stage_name(producer_stage) + " shader\n";
      ok = false;
    } else if (!out_type.sameElementType(in_type) || !out_type.sameArrayness(in_type)) {
      log += "error: the per-patch variable '" + name + "' has type " +
             out_type.getCompleteString(true, false, false).c_str() + " in the " + stage_name(producer_stage) +
             " shader and " + in_type.getCompleteString(true, false, false).c_str() +
             " in the tessellation evaluation shader\n";
      ok = false;
    }
  });
  return ok;
}

std::set<std::string> explicit_location_names(const glslang::TIntermediate& stage, bool inputs) {
  std::set<std::string> names;
  for_each_linker_object(stage, [&](const glslang::TIntermSymbol& symbol) {
    const glslang::TQualifier& q = symbol.getQualifier();
    if (q.storage != (inputs ? glslang::EvqVaryingIn : glslang::EvqVaryingOut) || q.builtIn != glslang::EbvNone) return;
    if (q.hasLocation()) names.insert(interface_name(symbol));
  });
  return names;
}

}  // namespace glvk::glsl::detail
