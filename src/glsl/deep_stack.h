// A call on a thread with a stack sized for the shader text (see deep_stack.cpp).
#pragma once

#include <cstddef>
#include <functional>

namespace glvk::glsl::detail {

// Runs `work` to completion on a thread whose stack grows with `text_bytes`, the size of the
// shader text it reads; on the calling thread when no such thread can be made. Exceptions reach
// the caller.
void run_on_deep_stack(std::size_t text_bytes, const std::function<void()>& work);

}  // namespace glvk::glsl::detail
