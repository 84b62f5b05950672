// gl_call_sequence_libfuzzer: the coverage-guided form of gl_call_sequence_fuzz (issue 20 item 3).
// libFuzzer mutates inputs that gl_call_sequence.cpp decodes into GL call sequences, run on glvk
// through the system libEGL (lavapipe, Vulkan validation fatal). Built only with GLVK_FUZZ
// (scripts/setup --fuzz): clang instruments glvk's own code (libEGL_glvk.so) for coverage, with
// ASan and UBSan, so libFuzzer's coverage counts glvk's branches, not only this file's.
// ctest runs it for a minute; a longer run is one command (see tests/fuzz/README.md).
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "gl_call_sequence.h"

// LeakSanitizer checks every input that leaves more allocations than it found. glvk's leaks fail
// the run; Mesa's do not: lavapipe (and the LLVM it compiles with, the validation layer) keep
// allocations LeakSanitizer cannot reach, made in their own code (their frames have no frame
// pointers, so the stack ends in the module, which the suppression names).
extern "C" const char* __lsan_default_suppressions() {
  return "leak:libvulkan_lvp.so\nleak:libLLVM-15.so\nleak:libVkLayer_khronos_validation.so\n";
}

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // glvk through libglvnd on lavapipe, every Vulkan validation message fatal (as the GL tests).
  setenv("__EGL_VENDOR_LIBRARY_FILENAMES", GLVK_EGL_VENDOR_JSON, 0);
  setenv("GLVK_VALIDATION", "1", 0);
  setenv("GLVK_DEVICE", "llvmpipe", 0);
  if (!glvk::fuzz::init_context()) {
    std::fprintf(stderr, "gl_call_sequence_libfuzzer: no GL context\n");
    std::abort();
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  glvk::fuzz::run_sequence(data, size);
  return 0;
}
