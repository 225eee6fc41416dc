// Diagnostic for NVIDIA OpenCL: the kernel query CL_KERNEL_WORK_GROUP_SIZE against what
// clEnqueueNDRangeKernel really accepts, for a trivial kernel with and without
// reqd_work_group_size. Build: g++ -std=c++17 tuning/wg_probe.cpp -lOpenCL -o wg_probe
// Its output on the H100 is tuning/results/wg_probe.txt.
#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <iostream>
int main() {
  std::vector<cl::Platform> ps; cl::Platform::get(&ps);
  for (auto& p : ps) {
    std::vector<cl::Device> ds; p.getDevices(CL_DEVICE_TYPE_GPU, &ds);
    for (auto& d : ds) {
      std::cout << d.getInfo<CL_DEVICE_NAME>() << " device max wg " << d.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>() << " item sizes";
      for (auto s : d.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>()) std::cout << " " << s;
      std::cout << "\n";
      cl::Context ctx(d); cl::CommandQueue q(ctx, d);
      const char* variants[] = {
        "__kernel void k(__global int* o) { o[get_global_id(0)] = get_local_size(0); }",
        "__kernel __attribute__((reqd_work_group_size(512,1,1))) void k(__global int* o) { o[get_global_id(0)] = get_local_size(0); }",
      };
      for (const char* opts : {"", "-cl-std=CL1.2", "-cl-std=CL3.0", "-cl-nv-verbose"}) for (auto src : variants) {
        cl::Program prog(ctx, src);
        try { prog.build({d}, opts); } catch (cl::Error& e) { std::cout << "build failed " << prog.getBuildInfo<CL_PROGRAM_BUILD_LOG>(d) << "\n"; continue; }
        cl::Kernel k(prog, "k");
        std::cout << "opts '" << opts << "' attr " << (src == variants[1]) << ": kernel wg " << k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(d)
                  << " pref multiple " << k.getWorkGroupInfo<CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE>(d) << "\n";
        if (std::string(opts) == "-cl-nv-verbose") std::cout << prog.getBuildInfo<CL_PROGRAM_BUILD_LOG>(d) << "\n";
        cl::Buffer buf(ctx, CL_MEM_READ_WRITE, 4096 * 4);
        k.setArg(0, buf);
        for (size_t wg : {256, 512, 1024}) {
          try { q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(2048), cl::NDRange(wg)); q.finish();
            int v; q.enqueueReadBuffer(buf, CL_TRUE, 0, 4, &v); std::cout << "  enqueue wg " << wg << " ok, local size seen " << v << "\n"; }
          catch (cl::Error& e) { std::cout << "  enqueue wg " << wg << " failed " << e.err() << "\n"; }
        }
      }
    }
  }
}
