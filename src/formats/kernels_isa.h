// Private to the kernel files (kernels*.cpp): the x86 intrinsics switch and the level a kernel
// may run at.
#pragma once

#include <glvk/formats/kernels.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define GLVK_X86 1
#else
#define GLVK_X86 0
#endif

namespace glvk::formats::kernels {

// The level asked for, lowered to what this CPU runs (tests ask for every level).
inline Isa usable(Isa wanted) { return wanted < cpu_isa() ? wanted : cpu_isa(); }

}  // namespace glvk::formats::kernels
