/* Crucible test data: byte helpers, one compiled as part of this file. */
#include "toy_util.h"
#include "xorbytes_impl.c"
