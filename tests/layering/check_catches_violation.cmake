# The layering check must fail on a tree where a src/gl file reaches volk.h through an st header,
# and name the chain; run with -DPYTHON=... -DCHECK=... -DTREE=...
execute_process(COMMAND ${PYTHON} ${CHECK} ${TREE} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "check_layering.py exited with ${rc} on the violating tree:\n${out}${err}")
endif()
set(expected "src/gl/uses_st.cpp -> src/st/include/glvk/st/leaks_vulkan.h -> volk.h")
string(FIND "${out}" "${expected}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "check_layering.py did not report '${expected}':\n${out}${err}")
endif()
