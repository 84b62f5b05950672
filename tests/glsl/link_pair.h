// The vertex-fragment program most glsl tests link.
#pragma once

#include <string>

#include "glvk/glsl/compiler.h"

namespace glvk::glsl::test {

inline Program link_pair(const std::string& vs, const std::string& fs, const LinkOptions& options = {}) {
  const ShaderSource shaders[] = {{Stage::Vertex, vs}, {Stage::Fragment, fs}};
  return link(shaders, options);
}

}  // namespace glvk::glsl::test
