// A src/gl file of the check's test tree: it reaches Vulkan only through an st header.
#include "glvk/st/leaks_vulkan.h"
