# Build options shared by every glvk target.
option(GLVK_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(GLVK_WERROR "Treat warnings in glvk's own code as errors" ON)

if(GLVK_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
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
