#include "legacy_link_rules.h"

#include <glslang/MachineIndependent/localintermediate.h>

#include <map>
#include <set>

#include "glslang_shader.h"
#include "tokens.h"

namespace glvk::glsl::detail {
namespace {

// The variable an l-value expression stores into (`v`, `v.x`, `v[i].f`), or null.
const glslang::TIntermSymbol* stored_symbol(const TIntermNode* node) {
  while (node) {
    if (const glslang::TIntermSymbol* symbol = node->getAsSymbolNode()) return symbol;
    const glslang::TIntermBinary* binary = node->getAsBinaryNode();
    const glslang::TIntermUnary* unary = node->getAsUnaryNode();
    if (binary) node = binary->getLeft();       // indexing, swizzles, struct members
    else if (unary) node = unary->getOperand();  // conversions of a swizzle
    else return nullptr;
  }
  return nullptr;
}

// The global variables a stage's code writes (assignments, ++/--, out and inout arguments) and
// the ones it names at all, by name.
class GlobalAccesses : public glslang::TIntermTraverser {
 public:
  std::set<std::string> written, named;

  bool visitBinary(glslang::TVisit, glslang::TIntermBinary* node) override {
    if (node->modifiesState()) note_write(node->getLeft());
    return true;
  }
  bool visitUnary(glslang::TVisit, glslang::TIntermUnary* node) override {
    if (node->modifiesState()) note_write(node->getOperand());
    return true;
  }
  bool visitAggregate(glslang::TVisit, glslang::TIntermAggregate* node) override {
    if (node->getOp() == glslang::EOpLinkerObjects) return false;
    const glslang::TQualifierList& qualifiers = node->getQualifierList();
    for (std::size_t i = 0; i < qualifiers.size() && i < node->getSequence().size(); ++i)
      if (qualifiers[i] == glslang::EvqOut || qualifiers[i] == glslang::EvqInOut) note_write(node->getSequence()[i]);
    return true;
  }
  void visitSymbol(glslang::TIntermSymbol* symbol) override { named.insert(symbol->getName().c_str()); }

 private:
  void note_write(TIntermNode* target) {
    if (const glslang::TIntermSymbol* symbol = stored_symbol(target)) written.insert(symbol->getName().c_str());
  }
};

GlobalAccesses accesses(const glslang::TIntermediate* stage) {
  GlobalAccesses found;
  if (stage && stage->getTreeRoot()) stage->getTreeRoot()->traverse(&found);
  return found;
}

// The user-declared varyings of a stage's interface in one direction.
std::set<std::string> user_varyings(const glslang::TIntermediate& stage, glslang::TStorageQualifier storage) {
  std::set<std::string> names;
  TIntermNode* root = stage.getTreeRoot();
  glslang::TIntermAggregate* top = root ? root->getAsAggregate() : nullptr;
  if (!top) return names;
  for (TIntermNode* node : top->getSequence()) {
    glslang::TIntermAggregate* objects = node ? node->getAsAggregate() : nullptr;
    if (!objects || objects->getOp() != glslang::EOpLinkerObjects) continue;
    for (TIntermNode* object : objects->getSequence()) {
      const glslang::TIntermSymbol* symbol = object ? object->getAsSymbolNode() : nullptr;
      if (!symbol || symbol->getQualifier().storage != storage || symbol->getQualifier().builtIn != glslang::EbvNone ||
          symbol->getType().getBasicType() == glslang::EbtBlock)
        continue;
      const std::string name = symbol->getName().c_str();
      if (name.compare(0, 3, "gl_") != 0 && name.compare(0, 5, "glvk_") != 0) names.insert(name);
    }
  }
  return names;
}

// A global initializer of a compilation unit: its value when constant (glslang folded it).
struct Initializer {
  const glslang::TConstUnionArray* value = nullptr;  // null: not a constant expression
};

// glslang keeps a non-const global's initializer as an assignment in the unit's top-level
// sequence (several declarators: a sequence of them); const globals are folded away.
void collect_initializers(TIntermNode* node, std::map<std::string, Initializer>& out) {
  if (!node) return;
  if (glslang::TIntermAggregate* aggregate = node->getAsAggregate()) {
    if (aggregate->getOp() == glslang::EOpSequence)
      for (TIntermNode* child : aggregate->getSequence()) collect_initializers(child, out);
    return;
  }
  const glslang::TIntermBinary* assign = node->getAsBinaryNode();
  if (!assign || assign->getOp() != glslang::EOpAssign) return;
  const glslang::TIntermSymbol* symbol = assign->getLeft()->getAsSymbolNode();
  if (!symbol || symbol->getQualifier().storage != glslang::EvqGlobal) return;
  const glslang::TIntermConstantUnion* constant = assign->getRight()->getAsConstantUnion();
  out[symbol->getName().c_str()] = {constant ? &constant->getConstArray() : nullptr};
}

}  // namespace

std::string shared_global_initializer_error(const std::vector<std::pair<Stage, const glslang::TIntermediate*>>& units) {
  std::map<std::pair<Stage, std::string>, Initializer> seen;
  for (const auto& [stage, unit] : units) {
    TIntermNode* root = unit ? unit->getTreeRoot() : nullptr;
    glslang::TIntermAggregate* top = root ? root->getAsAggregate() : nullptr;
    if (!top) continue;
    std::map<std::string, Initializer> initializers;
    for (TIntermNode* node : top->getSequence()) collect_initializers(node, initializers);
    for (const auto& [name, init] : initializers) {
      const auto [it, first] = seen.try_emplace({stage, name}, init);
      if (first) continue;
      const Initializer& other = it->second;
      if (!init.value || !other.value)
        return "error: the " + std::string(stage_name(stage)) + " shader's global variable '" + name +
               "' has initializers in several compilation units that are not all constant expressions\n";
      if (!(*init.value == *other.value))
        return "error: the " + std::string(stage_name(stage)) + " shader's global variable '" + name +
               "' has initializers of different values in several compilation units\n";
    }
  }
  return {};
}

bool check_legacy_link_rules(const glslang::TProgram& program, int version, const std::vector<std::string>& vertex_texts,
                             std::string& log) {
  if (version >= 140) return true;
  const glslang::TIntermediate* vs = program.getIntermediate(EShLangVertex);
  if (!vs) return true;
  bool names_position = false;
  for (const std::string& text : vertex_texts)
    for (const Token& t : tokenize(text)) names_position = names_position || t.is("gl_Position");
  if (!names_position) {
    log += "error: the vertex shader does not write gl_Position (GLSL 1.10-1.30 require it)\n";
    return false;
  }
  const glslang::TIntermediate* fs = program.getIntermediate(EShLangFragment);
  if (version > 120 || !fs) return true;
  const std::set<std::string> written = accesses(vs).written;
  const std::set<std::string> read = accesses(fs).named;
  const std::set<std::string> outputs = user_varyings(*vs, glslang::EvqVaryingOut);
  for (const std::string& input : user_varyings(*fs, glslang::EvqVaryingIn))
    if (read.count(input) && outputs.count(input) && !written.count(input)) {
      log += "error: the fragment shader reads varying '" + input + "', which the vertex shader never writes\n";
      return false;
    }
  return true;
}

namespace {

// Whether tokens[i] (a name) is the target of an assignment: `name`, then any `[...]` indices and
// `.swizzle`s, then one of = += -= *= /= (`==` compares). Punctuation is lexed a character at a time.
bool assigned(const std::vector<Token>& tokens, const std::vector<std::size_t>& closing, std::size_t i) {
  std::size_t k = i + 1;
  while (k < tokens.size()) {
    if (tokens[k].is('[')) k = closing[k] + 1;
    else if (tokens[k].is('.') && k + 1 < tokens.size() && tokens[k + 1].identifier()) k += 2;
    else break;
  }
  if (k >= tokens.size()) return false;
  const bool next_is_equals = k + 1 < tokens.size() && tokens[k + 1].is('=') && tokens[k + 1].begin == tokens[k].end();
  if (tokens[k].is('=')) return !next_is_equals;
  return (tokens[k].is('+') || tokens[k].is('-') || tokens[k].is('*') || tokens[k].is('/')) && next_is_equals;
}

}  // namespace

std::string clip_vertex_and_distance_error(const std::vector<std::pair<Stage, std::string>>& units) {
  std::map<Stage, std::pair<bool, bool>> writes;  // gl_ClipVertex, gl_ClipDistance
  for (const auto& [stage, text] : units) {
    const std::vector<Token> tokens = tokenize(text);
    const std::vector<std::size_t> closing = closing_brackets(tokens, '[');
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      if (tokens[i].is("gl_ClipVertex") && assigned(tokens, closing, i)) writes[stage].first = true;
      if (tokens[i].is("gl_ClipDistance") && assigned(tokens, closing, i)) writes[stage].second = true;
    }
  }
  for (const auto& [stage, found] : writes)
    if (found.first && found.second)
      return "error: the " + std::string(stage_name(stage)) + " shader writes both gl_ClipVertex and gl_ClipDistance\n";
  return {};
}

}  // namespace glvk::glsl::detail
