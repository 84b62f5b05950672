// An st header of the check's test tree that brings volk.h along.
#pragma once
#include <volk.h>
