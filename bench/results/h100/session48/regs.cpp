// Builds an OpenCL kernel file on the first NVIDIA GPU with -cl-nv-verbose and prints the
// build log (ptxas: registers, spills). Usage: regs FILE "OPTIONS"
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
int main(int argc, char** argv) {
  std::ifstream in(argv[1]);
  std::stringstream ss; ss << in.rdbuf();
  const std::string src = ss.str();
  cl_uint np = 0; clGetPlatformIDs(0, nullptr, &np);
  std::vector<cl_platform_id> ps(np); clGetPlatformIDs(np, ps.data(), nullptr);
  for (auto p : ps) {
    char name[256]; clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof name, name, nullptr);
    if (std::string(name).find("NVIDIA") == std::string::npos) continue;
    cl_device_id d; clGetDeviceIDs(p, CL_DEVICE_TYPE_GPU, 1, &d, nullptr);
    cl_context ctx = clCreateContext(nullptr, 1, &d, nullptr, nullptr, nullptr);
    const char* s = src.c_str();
    cl_program prog = clCreateProgramWithSource(ctx, 1, &s, nullptr, nullptr);
    std::string opts = std::string(argv[2]) + " -cl-nv-verbose";
    cl_int rc = clBuildProgram(prog, 1, &d, opts.c_str(), nullptr, nullptr);
    size_t n = 0; clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, 0, nullptr, &n);
    std::string log(n, '\0'); clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, n, log.data(), nullptr);
    printf("rc %d\n%s\n", rc, log.c_str());
    return 0;
  }
  printf("no NVIDIA platform\n");
  return 1;
}
