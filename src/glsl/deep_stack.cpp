// glslang's parser recurses with the nesting of the source, and shader text is the application's:
// before the text rewrites read it through one lexer (tokens.cpp), their std::regex patterns
// recursed once per character a quantifier took, and a 100,000-character identifier overflowed an
// 8 MiB stack inside glCompileShader. Compiling and linking on a thread whose stack grows with the
// text makes any deep nesting end in a result. The stack is reserved address space; only what the
// recursion touches is ever backed by memory.
#include "deep_stack.h"

#include <pthread.h>

#include <algorithm>
#include <cstdint>
#include <exception>

namespace glvk::glsl::detail {
namespace {

constexpr std::size_t kMinimumStack = std::size_t(16) << 20;
constexpr std::size_t kBytesPerTextByte = 2048;
constexpr std::size_t kMaximumStack = std::size_t(4) << 30;

struct Call {
  const std::function<void()>* work;
  std::exception_ptr failure;
};

void* run(void* argument) {
  Call& call = *static_cast<Call*>(argument);
  try {
    (*call.work)();
  } catch (...) {
    call.failure = std::current_exception();
  }
  return nullptr;
}

}  // namespace

void run_on_deep_stack(std::size_t text_bytes, const std::function<void()>& work) {
  const std::size_t wanted = text_bytes > (kMaximumStack - kMinimumStack) / kBytesPerTextByte
                                 ? kMaximumStack
                                 : kMinimumStack + text_bytes * kBytesPerTextByte;
  pthread_attr_t attributes;
  if (pthread_attr_init(&attributes) != 0) {
    work();
    return;
  }
  Call call{&work, nullptr};
  pthread_t thread;
  const bool started = pthread_attr_setstacksize(&attributes, wanted) == 0 &&
                       pthread_create(&thread, &attributes, run, &call) == 0;
  pthread_attr_destroy(&attributes);
  if (!started) {
    work();  // no thread (address space or thread limits): the caller's stack
    return;
  }
  pthread_join(thread, nullptr);
  if (call.failure) std::rethrow_exception(call.failure);
}

}  // namespace glvk::glsl::detail
