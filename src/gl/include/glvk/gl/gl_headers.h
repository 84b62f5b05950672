// The GL types and enums glvk's front end uses: the system's Khronos headers (libgl-dev), with
// prototypes off so that nothing here can bind to another libGL by accident.
#pragma once

#undef GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>
