#include "uniform_locations.h"

#include <glslang/SPIRV/spirv.hpp>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "glslang_shader.h"
#include "linker_objects.h"
#include "reflect.h"
#include "tokens.h"

namespace glvk::glsl::detail {
namespace {

std::uint32_t elements(const glslang::TType& type) {
  return type.isArray() && type.getArraySizes()->getCumulativeSize() > 0
             ? static_cast<std::uint32_t>(type.getArraySizes()->getCumulativeSize())
             : 1u;
}

// GL locations of one value of `type` (not counting its own array dimensions): a struct's members
// each take their own, anything else (a matrix too) one.
std::uint32_t locations_per_element(const glslang::TType& type) {
  if (!type.isStruct()) return 1;
  std::uint32_t n = 0;
  for (const glslang::TTypeLoc& member : *type.getStruct()) n += locations_per_element(*member.type) * elements(*member.type);
  return n;
}

// The uniforms GL lists under a uniform declared with an explicit location (GL 4.6 7.3.1.1: a
// struct's members as "s.m", arrays of structs as "s[i].m", arrays of other types once with all
// their elements), each with its first location, in declaration order.
void add_leaves(const std::string& name, const glslang::TType& type, const std::string& root, std::uint32_t& next,
                ExplicitUniformLocations& out) {
  if (!type.isStruct()) {
    out[name] = {next, elements(type), root};
    next += elements(type);
    return;
  }
  const std::uint32_t count = elements(type);
  for (std::uint32_t e = 0; e < count; ++e) {
    const std::string element = type.isArray() ? name + "[" + std::to_string(e) + "]" : name;
    for (const glslang::TTypeLoc& member : *type.getStruct())
      add_leaves(element + "." + member.type->getFieldName().c_str(), *member.type, root, next, out);
  }
}

bool add_root(const std::string& name, const glslang::TType& type, std::uint32_t location, ExplicitUniformLocations& out,
              std::string& log) {
  const std::uint32_t slots = locations_per_element(type) * elements(type);
  if (std::uint64_t(location) + slots > kMaxUniformLocations) {
    log += "error: uniform '" + name + "' at location " + std::to_string(location) + " takes " + std::to_string(slots) +
           " locations, past GL_MAX_UNIFORM_LOCATIONS (" + std::to_string(kMaxUniformLocations) + ")\n";
    return false;
  }
  ExplicitUniformLocations leaves;
  std::uint32_t next = location;
  add_leaves(name, type, name, next, leaves);
  for (const auto& [leaf, placed] : leaves) {
    const auto [it, added] = out.emplace(leaf, placed);
    if (!added && it->second.location != placed.location) {
      log += "error: uniform '" + name + "' has location " + std::to_string(location) + " in one stage and another in another\n";
      return false;
    }
  }
  return true;
}

}  // namespace

TextUniformLocations text_uniform_locations(std::string_view text) {
  TextUniformLocations out;
  const std::vector<Token> tokens = tokenize(text);
  const std::vector<std::size_t> close = closing_brackets(tokens, '(');
  std::size_t depth = 0, start = 0;  // brace depth; first token of the current declaration
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.directive) {
      start = i + 1;
      continue;
    }
    if (t.is('{')) ++depth;
    if (t.is('}') && depth > 0) --depth;
    if (!t.is(';') || depth != 0) {
      if (t.is('{') || t.is('}')) start = i + 1;
      continue;
    }
    // A top-level declaration [start, i): "... layout(... location = N ...) ... uniform T name ...".
    bool uniform = false, subroutine = false;  // subroutine uniforms: locations of their own (subroutines.cpp)
    std::int64_t location = -1;
    std::size_t type = 0;  // the token after the last qualifier
    for (std::size_t j = start; j < i; ++j) {
      subroutine = subroutine || tokens[j].is("subroutine");
      if (tokens[j].is("uniform")) {
        uniform = true;
        type = j + 1;
      } else if (tokens[j].is("layout") && j + 1 < i && tokens[j + 1].is('(') && close[j + 1] < i) {
        for (std::size_t k = j + 2; k + 2 < close[j + 1]; ++k)
          if (tokens[k].is("location") && tokens[k + 1].is('=') && tokens[k + 2].kind == TokenKind::Number) {
            const std::string_view n = tokens[k + 2].text;
            const bool hex = n.size() > 2 && (n[1] == 'x' || n[1] == 'X');
            location = std::strtoll(std::string(n).c_str(), nullptr, hex ? 16 : 10);
          }
        j = close[j + 1];
        type = j + 1;
      }
    }
    // The name: the identifier after the type (and any precision word), before '[', '=' or ','.
    if (uniform && !subroutine && location >= 0 && type + 1 < i) {
      std::size_t n = type + 1;
      while (n + 1 < i && tokens[n + 1].identifier()) ++n;  // "lowp vec4 a": the last identifier
      if (tokens[n].identifier() && (n + 1 == i || tokens[n + 1].is('[') || tokens[n + 1].is('=') || tokens[n + 1].is(','))) {
        TextUniformLocation& placed = out[std::string(tokens[n].text)];
        placed.location = std::uint32_t(std::min<std::int64_t>(location, 0xffffffff));
        if (n + 3 < i && tokens[n + 1].is('[') && tokens[n + 2].kind == TokenKind::Number && tokens[n + 3].is(']'))
          placed.elements = std::uint32_t(std::clamp<long long>(std::atoll(std::string(tokens[n + 2].text).c_str()), 1, 0xffff));
      }
    }
    start = i + 1;
  }
  return out;
}

bool collect_explicit_uniform_locations(const glslang::TIntermediate& stage,
                                        const TextUniformLocations& text_locations, ExplicitUniformLocations& out,
                                        std::string& log) {
  bool ok = true;
  for_each_linker_object(stage, [&](const glslang::TIntermSymbol& symbol) {
    const glslang::TType& type = symbol.getType();
    if (!ok || symbol.getQualifier().storage != glslang::EvqUniform) return;
    // Loose uniforms: members of glslang's default block, each with its own layout.
    if (type.getBasicType() == glslang::EbtBlock) {
      if (interface_name(symbol) != kDefaultBlockName || !type.isStruct()) return;
      for (const glslang::TTypeLoc& member : *type.getStruct())
        if (const auto found = text_locations.find(member.type->getFieldName().c_str()); ok && found != text_locations.end())
          ok = add_root(found->first, *member.type, found->second.location, out, log);
      return;
    }
    if (type.getQualifier().hasLocation())
      ok = add_root(symbol.getName().c_str(), type, type.getQualifier().layoutLocation, out, log);
  });
  // What glslang dropped (unused loose uniforms) still holds its locations.
  for (const auto& [name, placed] : text_locations)
    if (ok && !out.count(name) && !out.count(name + "[0]")) {
      if (std::uint64_t(placed.location) + placed.elements > kMaxUniformLocations) {
        log += "error: uniform '" + name + "' at location " + std::to_string(placed.location) +
               " is past GL_MAX_UNIFORM_LOCATIONS (" + std::to_string(kMaxUniformLocations) + ")\n";
        return false;
      }
      out.emplace(name, ExplicitUniformLocation{placed.location, placed.elements, name});
    }
  return ok;
}

bool place_uniform_locations(const ExplicitUniformLocations& explicit_locations, Program& program, std::string& log) {
  std::vector<const std::string*> owner(kMaxUniformLocations, nullptr);  // the root holding each location
  for (const auto& [leaf, placed] : explicit_locations)
    for (std::uint32_t l = placed.location; l < placed.location + placed.slots && l < kMaxUniformLocations; ++l) {
      if (owner[l] && *owner[l] != placed.root) {
        log += "error: uniforms '" + *owner[l] + "' and '" + placed.root + "' both have location " + std::to_string(l) + "\n";
        return false;
      }
      owner[l] = &placed.root;
    }
  std::uint32_t search_from = 0;
  for (Uniform& u : program.uniforms) {
    if (u.location < 0) continue;  // block members, atomic counters, built-in state
    if (const auto found = explicit_locations.find(strip_array_suffix(u.name)); found != explicit_locations.end()) {
      u.location = static_cast<std::int32_t>(found->second.location);
      continue;
    }
    // The first run of free locations long enough for every element. Automatic locations may run
    // past the explicit limit (the default block's size bounds them).
    std::uint32_t start = search_from;
    for (std::uint32_t l = start; l < owner.size() && l < start + u.array_size; ++l)
      if (owner[l]) start = l + 1;
    if (owner.size() < start + u.array_size) owner.resize(start + u.array_size, nullptr);
    u.location = static_cast<std::int32_t>(start);
    for (std::uint32_t l = start; l < start + u.array_size; ++l) owner[l] = &u.name;
    while (search_from < owner.size() && owner[search_from]) ++search_from;
  }
  return true;
}

std::vector<std::uint32_t> without_uniform_locations(const std::vector<std::uint32_t>& words) {
  constexpr std::size_t kHeaderWords = 5;
  if (words.size() < kHeaderWords) return words;
  std::set<std::uint32_t> opaque;
  for (std::size_t i = kHeaderWords; i < words.size();) {
    const std::uint32_t count = words[i] >> 16;
    if (count == 0 || i + count > words.size()) break;
    if ((words[i] & 0xffffu) == spv::OpVariable && count >= 4 && words[i + 3] == spv::StorageClassUniformConstant)
      opaque.insert(words[i + 2]);
    i += count;
  }
  if (opaque.empty()) return words;
  std::vector<std::uint32_t> out(words.begin(), words.begin() + kHeaderWords);
  out.reserve(words.size());
  for (std::size_t i = kHeaderWords; i < words.size();) {
    const std::uint32_t count = words[i] >> 16;
    if (count == 0 || i + count > words.size()) {
      out.insert(out.end(), words.begin() + std::ptrdiff_t(i), words.end());
      break;
    }
    const bool drop = (words[i] & 0xffffu) == spv::OpDecorate && count == 4 && words[i + 2] == spv::DecorationLocation &&
                      opaque.count(words[i + 1]);
    if (!drop) out.insert(out.end(), words.begin() + std::ptrdiff_t(i), words.begin() + std::ptrdiff_t(i + count));
    i += count;
  }
  return out;
}

}  // namespace glvk::glsl::detail
