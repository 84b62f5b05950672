// A FormatSupport for unit tests: supports what it is told, records what it is asked.
#pragma once

#include <utility>
#include <vector>

#include "glvk/st/format_choice.h"

namespace glvk::st {

// A device that supports the formats it is told about, for the bindings it is told about, and
// records every question it is asked.
class ScriptedSupport : public FormatSupport {
 public:
  void allow(formats::Format f, unsigned bindings = ~0u) {  // default: every binding
    allowed_.push_back({f, bindings});
  }
  bool is_format_supported(formats::Format f, TextureTarget target, unsigned samples, unsigned bindings) const override {
    asked_.push_back({f, target, samples, bindings});
    for (const auto& [format, allowed_bindings] : allowed_)
      if (format == f && (bindings & ~allowed_bindings) == 0) return true;
    return false;
  }
  struct Question {
    formats::Format format;
    TextureTarget target;
    unsigned samples;
    unsigned bindings;
  };
  mutable std::vector<Question> asked_;

 private:
  std::vector<std::pair<formats::Format, unsigned>> allowed_;
};

}  // namespace glvk::st
