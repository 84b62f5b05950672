#include "nested_structs.h"

#include <vector>

#include "tokens.h"

namespace glvk::glsl::detail {
namespace {

// One pass: hoists the outermost nested definitions; true when it moved any.
bool hoist_once(std::string& text, int& counter) {
  const std::vector<Token> t = tokenize(text);
  const std::vector<std::size_t> close = closing_brackets(t, '{');
  std::vector<TextEdit> edits;
  std::size_t declaration = 0;  // first token of the current global declaration
  std::vector<bool> aggregate;  // per open brace: a structure or block body (not a function's)
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i].directive) continue;
    if (t[i].is('{')) {
      aggregate.push_back(i > 0 && !t[i - 1].is(')') && (aggregate.empty() || aggregate.back()));
    } else if (t[i].is('}')) {
      const bool function_body = !aggregate.empty() && !aggregate.back();
      if (!aggregate.empty()) aggregate.pop_back();
      if (aggregate.empty() && function_body) declaration = i + 1;  // no ';' follows a function
    } else if (t[i].is(';') && aggregate.empty()) {
      declaration = i + 1;
    } else if (t[i].is("struct") && !aggregate.empty() && aggregate.back()) {
      // `struct [Name] { ... }`, the brace closed in the text.
      std::size_t open = i + 1;
      std::string name;
      if (open < t.size() && t[open].identifier()) name = std::string(t[open++].text);
      if (open >= t.size() || !t[open].is('{') || close[open] >= t.size()) continue;
      if (name.empty()) name = "glvkNestedStruct" + std::to_string(counter++);
      const std::size_t end = t[close[open]].end();
      std::string definition = "struct " + name + " " + text.substr(t[open].begin, end - t[open].begin) + "; ";
      std::string in_place = name;
      for (char& c : definition)
        if (c == '\n') {
          c = ' ';
          in_place += '\n';
        }
      while (t[declaration].directive) ++declaration;  // stops at token i at the latest
      edits.push_back({t[declaration].begin, t[declaration].begin, std::move(definition)});
      edits.push_back({t[i].begin, end, std::move(in_place)});
      i = close[open];  // its own nested definitions move on the next pass
    }
  }
  if (edits.empty()) return false;
  apply_edits(text, std::move(edits));
  return true;
}

}  // namespace

void hoist_nested_structs(std::string& text) {
  int counter = 0;
  // Each pass moves one level of nesting out; GLSL nests structures a few levels deep at most.
  for (int pass = 0; pass < 8 && hoist_once(text, counter); ++pass) {
  }
}

}  // namespace glvk::glsl::detail
