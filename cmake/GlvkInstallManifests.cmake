# Runs at install time (cmake/GlvkInstall.cmake): writes the glvnd EGL vendor file and the Vulkan
# layer manifest naming the libraries where this installation puts them, then installs both (the
# file(INSTALL) honours DESTDIR and records them in install_manifest.txt).
function(glvk_installed_dir out relative)
  if(IS_ABSOLUTE "${relative}")
    set(${out} "${relative}" PARENT_SCOPE)
  else()
    set(${out} "${CMAKE_INSTALL_PREFIX}/${relative}" PARENT_SCOPE)
  endif()
endfunction()

glvk_installed_dir(libdir "${GLVK_INSTALL_LIBDIR}")
glvk_installed_dir(datadir "${GLVK_INSTALL_DATADIR}")
# One staging folder per prefix: a test installing into its own prefix may run beside cpack.
string(MD5 prefix_key "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}")
set(stage "${GLVK_INSTALL_STAGE}/${prefix_key}")

file(READ "${GLVK_EGL_VENDOR_TEMPLATE}" egl_json)
string(REPLACE "@GLVK_EGL_LIBRARY@" "${libdir}/${GLVK_EGL_LIBRARY_NAME}" egl_json "${egl_json}")
file(WRITE "${stage}/60_glvk.json" "${egl_json}")
file(INSTALL DESTINATION "${datadir}/glvnd/egl_vendor.d" TYPE FILE FILES "${stage}/60_glvk.json")

file(READ "${GLVK_LAYER_TEMPLATE}" layer_json)
string(REPLACE "@GLVK_LAYER_LIBRARY@" "${libdir}/${GLVK_LAYER_LIBRARY_NAME}" layer_json "${layer_json}")
file(WRITE "${stage}/VkLayer_GLVK_shadow_check.json" "${layer_json}")
file(INSTALL DESTINATION "${datadir}/vulkan/explicit_layer.d" TYPE FILE
     FILES "${stage}/VkLayer_GLVK_shadow_check.json")
file(REMOVE_RECURSE "${stage}")
