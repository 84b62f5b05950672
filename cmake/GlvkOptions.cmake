# Build options shared by every glvk target.
option(GLVK_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(GLVK_WERROR "Treat warnings in glvk's own code as errors" ON)
# The libFuzzer build (issue 20 item 3, scripts/setup --fuzz, build-fuzz/): clang instruments all of
# glvk's code for coverage (fuzzer-no-link) with ASan+UBSan, and tests/ holds only the fuzz targets.
option(GLVK_FUZZ "Build glvk for coverage-guided fuzzing with libFuzzer (clang only)" OFF)
# The ThreadSanitizer build (issue 20 item 7, scripts/setup --tsan, build-tsan/): tests/ holds only
# the threaded-contexts test.
option(GLVK_TSAN "Build with ThreadSanitizer (the threaded test only)" OFF)

if(GLVK_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
if(GLVK_TSAN)
  if(GLVK_SANITIZE OR GLVK_FUZZ)
    message(FATAL_ERROR "glvk: GLVK_TSAN excludes GLVK_SANITIZE and GLVK_FUZZ")
  endif()
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
endif()
if(GLVK_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang" OR GLVK_SANITIZE)
    message(FATAL_ERROR "glvk: GLVK_FUZZ needs clang (CC=clang CXX=clang++) and GLVK_SANITIZE=OFF")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
                      -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()

# glvk_warnings(target): strict warnings for our own code only (never for volk or generated third-party code).
function(glvk_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wshadow -Wnon-virtual-dtor -Wimplicit-fallthrough
    # Vulkan structs are routinely initialised as {sType, pNext} with the rest zeroed.
    -Wno-missing-field-initializers)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    # GCC 12 at -O3 reports impossible overlaps inside std::string's own copies (GCC bug 105329).
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(GLVK_SANITIZE AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # ASan's instrumentation makes GCC's flow analysis see uninitialized reads that are not there
    # (GCC 12, inside libstdc++'s <regex>); the plain build keeps the warning.
    target_compile_options(${target} PRIVATE -Wno-maybe-uninitialized)
  endif()
  if(GLVK_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
