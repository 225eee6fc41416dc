// The fixed-width types of the data kernels and the host share (the *.h layouts of this
// folder, included by both): OpenCL C's own in a kernel, the OpenCL headers' on the host,
// so that a struct has the same size and field offsets on both sides; and the address
// space of what a function of those headers reads.
#ifndef LEVCL_SHARED_TYPES_H
#define LEVCL_SHARED_TYPES_H

#ifdef __OPENCL_VERSION__
typedef int shared_int;
typedef uint shared_uint;
typedef long shared_long;
typedef ulong shared_ulong;
#define SHARED_GLOBAL __global  // what a shared function reads lies in global memory on the device
#else
#include <CL/cl_platform.h>
#include <limits.h>
typedef cl_int shared_int;
typedef cl_uint shared_uint;
typedef cl_long shared_long;
typedef cl_ulong shared_ulong;
#define SHARED_GLOBAL
#endif

#endif
