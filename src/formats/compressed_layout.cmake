# glvk_formats_extra: compressed-texture decoders and encoders, and the miptree layout engine.
# Included from src/formats/CMakeLists.txt; independent of the format table (no Format enum).
set(GLVK_COMPRESSED_TABLES_JSON ${CMAKE_CURRENT_SOURCE_DIR}/compressed/compressed_tables.json)
set(GLVK_COMPRESSED_TABLES_GEN ${CMAKE_CURRENT_SOURCE_DIR}/compressed/gen_compressed_tables.py)
set(GLVK_COMPRESSED_TABLES_H ${CMAKE_CURRENT_BINARY_DIR}/generated/compressed_tables.h)

find_package(Python3 REQUIRED COMPONENTS Interpreter)
add_custom_command(
  OUTPUT ${GLVK_COMPRESSED_TABLES_H}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/generated
  COMMAND Python3::Interpreter ${GLVK_COMPRESSED_TABLES_GEN} ${GLVK_COMPRESSED_TABLES_JSON} ${GLVK_COMPRESSED_TABLES_H}
  DEPENDS ${GLVK_COMPRESSED_TABLES_JSON} ${GLVK_COMPRESSED_TABLES_GEN}
  COMMENT "Generating compressed_tables.h"
  VERBATIM)

add_library(glvk_formats_extra STATIC
  ${GLVK_COMPRESSED_TABLES_H}
  ${CMAKE_CURRENT_SOURCE_DIR}/compressed/compressed.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/compressed/s3tc_rgtc.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/compressed/bptc.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/compressed/etc.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/compressed/astc.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/compressed/encode.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/compressed/encode_s3tc_rgtc.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/compressed/encode_bptc.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/layout/miptree_layout.cpp)
target_include_directories(glvk_formats_extra
  PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include
  PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/compressed ${CMAKE_CURRENT_BINARY_DIR}/generated)
glvk_warnings(glvk_formats_extra)
