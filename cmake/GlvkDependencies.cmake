# Every external dependency is found here, once. scripts/setup installs the Debian packages.
find_package(Vulkan 1.3 REQUIRED)
find_package(glslang CONFIG REQUIRED)
# Internal shaders are compiled to SPIR-V at build time (glslang-tools).
find_program(GLSLANG_VALIDATOR glslangValidator REQUIRED)
find_package(SPIRV-Tools CONFIG REQUIRED)
# glslang::SPIRV links SPIRV-Tools-opt by target name; src/glsl optimizes with it.
find_package(SPIRV-Tools-opt CONFIG REQUIRED)
find_package(GTest CONFIG REQUIRED)
find_package(benchmark CONFIG REQUIRED)
find_package(Python3 COMPONENTS Interpreter REQUIRED)
find_package(Threads REQUIRED)
# Xlib and XShm (libx11-dev, libxext-dev) for the GLX vendor and its tests.
find_package(X11 REQUIRED)
if(NOT X11_XShm_FOUND)
  message(FATAL_ERROR "glvk: libXext's XShm (libxext-dev) is needed for the GLX vendor")
endif()

# libvulkan-volk-dev ships volk.h and volk.c without a CMake package.
find_path(VOLK_INCLUDE_DIR volk.h REQUIRED)
find_file(VOLK_SOURCE volk.c PATHS ${VOLK_INCLUDE_DIR} NO_DEFAULT_PATH REQUIRED)

# Khronos registries used by generators.
find_file(GLVK_GL_XML gl.xml PATHS /usr/share/khronos-api /usr/share/opengl/api REQUIRED)
find_file(GLVK_VK_XML vk.xml PATHS /usr/share/vulkan/registry REQUIRED)
