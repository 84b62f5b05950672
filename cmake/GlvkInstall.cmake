# Installation as a system driver (issue 16 item 8), laid out the way Debian's Mesa packages are:
#   <libdir>/libEGL_glvk.so.0, libGLX_glvk.so.0    glvnd vendors (no development symlinks: glvnd
#                                                   opens them by soname)
#   <datadir>/glvnd/egl_vendor.d/60_glvk.json       the EGL vendor file, naming the installed library;
#                                                   60 sorts after Mesa's 50_mesa.json, so installing
#                                                   glvk does not change which driver EGL tries first
#   <libdir>/libVkLayer_GLVK_shadow_check.so and <datadir>/vulkan/explicit_layer.d/ its manifest
#   <bindir>/glvk, <libexecdir>/glvk/glvk_demo      the command and the demo `glvk run` starts
# The two JSON files name the library by its absolute installed path, so they are written at
# install time (install(SCRIPT)): `cmake --install --prefix P` and CPack's /usr both get their own.
include(GNUInstallDirs)

install(TARGETS glvk_egl glvk_glx LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} NAMELINK_SKIP)
install(TARGETS VkLayer_GLVK_shadow_check LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS glvk RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS glvk_demo RUNTIME DESTINATION ${CMAKE_INSTALL_LIBEXECDIR}/glvk)
install(CODE "
set(GLVK_INSTALL_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
set(GLVK_INSTALL_DATADIR \"${CMAKE_INSTALL_DATADIR}\")
set(GLVK_INSTALL_STAGE \"${CMAKE_BINARY_DIR}/install-manifests\")
set(GLVK_EGL_VENDOR_TEMPLATE \"${PROJECT_SOURCE_DIR}/src/gl/egl/glvk_vendor.json.in\")
set(GLVK_LAYER_TEMPLATE \"${PROJECT_SOURCE_DIR}/layers/VkLayer_GLVK_shadow_check.json.in\")
set(GLVK_EGL_LIBRARY_NAME \"$<TARGET_SONAME_FILE_NAME:glvk_egl>\")
set(GLVK_LAYER_LIBRARY_NAME \"$<TARGET_FILE_NAME:VkLayer_GLVK_shadow_check>\")")
install(SCRIPT ${PROJECT_SOURCE_DIR}/cmake/GlvkInstallManifests.cmake)

# `cpack` (in the build folder) builds glvk_<version>_<arch>.deb of the same files under /usr.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME glvk)
set(CPACK_PACKAGE_VENDOR "glvk")
set(CPACK_PACKAGE_CONTACT "glvk maintainers <glvk@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "OpenGL on Vulkan: glvnd EGL and GLX vendor libraries")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
# The libraries' link-time needs (libx11-6, libstdc++6, ...) come from dpkg-shlibdeps; libglvnd
# loads the vendors, and volk opens libvulkan.so.1 at run time (no link-time trace). Stripped, as
# Debian ships libraries (debug information stays in the build tree).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libegl1, libglx0, libvulkan1")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "mesa-vulkan-drivers")
include(CPack)
