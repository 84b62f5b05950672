// st's own result type. Failures of the Vulkan backend (vk_backend::Error) stop at st's boundary
// and become a Result, which src/gl turns into the GL error the spec names; src/gl never sees a
// Vulkan type or exception.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

namespace glvk::st {

enum class Failure : std::uint8_t {
  NONE,
  OUT_OF_MEMORY,  // the device could not create or allocate what was asked
  UNSUPPORTED,    // no path can do it for these formats (e.g. a conversion the format library lacks)
};

struct Result {
  Failure failure = Failure::NONE;
  std::string message;  // what failed, for the GL error's text

  static Result ok() { return {}; }
  static Result fail(Failure why, std::string what) { return {why, std::move(what)}; }
  explicit operator bool() const { return failure == Failure::NONE; }
};

// An object st created, or the Result saying why it could not.
template <typename T>
struct Made {
  std::shared_ptr<T> object;  // null when `result` failed
  Result result;
};

}  // namespace glvk::st
