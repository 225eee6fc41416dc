// OpenCL failures as levcl::Error (runtime/opencl.hpp).
#include <map>

#include "levcl/levcl.hpp"
#include "runtime/opencl.hpp"

namespace levcl {
namespace detail {

std::string cl_error_name(cl_int code) {
  static const std::map<cl_int, const char*> names = {
      {CL_DEVICE_NOT_FOUND, "CL_DEVICE_NOT_FOUND"},
      {CL_DEVICE_NOT_AVAILABLE, "CL_DEVICE_NOT_AVAILABLE"},
      {CL_COMPILER_NOT_AVAILABLE, "CL_COMPILER_NOT_AVAILABLE"},
      {CL_MEM_OBJECT_ALLOCATION_FAILURE, "CL_MEM_OBJECT_ALLOCATION_FAILURE"},
      {CL_OUT_OF_RESOURCES, "CL_OUT_OF_RESOURCES"},
      {CL_OUT_OF_HOST_MEMORY, "CL_OUT_OF_HOST_MEMORY"},
      {CL_BUILD_PROGRAM_FAILURE, "CL_BUILD_PROGRAM_FAILURE"},
      {CL_INVALID_VALUE, "CL_INVALID_VALUE"},
      {CL_INVALID_BINARY, "CL_INVALID_BINARY"},
      {CL_INVALID_BUILD_OPTIONS, "CL_INVALID_BUILD_OPTIONS"},
      {CL_INVALID_KERNEL_NAME, "CL_INVALID_KERNEL_NAME"},
      {CL_INVALID_KERNEL_ARGS, "CL_INVALID_KERNEL_ARGS"},
      {CL_INVALID_WORK_GROUP_SIZE, "CL_INVALID_WORK_GROUP_SIZE"},
      {CL_INVALID_WORK_ITEM_SIZE, "CL_INVALID_WORK_ITEM_SIZE"},
      {CL_INVALID_GLOBAL_WORK_SIZE, "CL_INVALID_GLOBAL_WORK_SIZE"},
      {CL_INVALID_BUFFER_SIZE, "CL_INVALID_BUFFER_SIZE"},
      {CL_INVALID_COMMAND_QUEUE, "CL_INVALID_COMMAND_QUEUE"},
      {CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST"},
      {-1001, "CL_PLATFORM_NOT_FOUND_KHR"},
  };
  auto it = names.find(code);
  return it != names.end() ? it->second : "OpenCL error " + std::to_string(code);
}

void throw_opencl_error(const cl::Error& error, const std::string& what) {
  const cl_int code = error.err();
  const std::string message = what + " failed: " + error.what() + " returned " + cl_error_name(code);
  switch (code) {
    case CL_MEM_OBJECT_ALLOCATION_FAILURE:
    case CL_OUT_OF_HOST_MEMORY:
    case CL_INVALID_BUFFER_SIZE:
      throw Error(ErrorCode::out_of_memory, message + " (device out of memory)");
    case CL_INVALID_WORK_GROUP_SIZE:
    case CL_INVALID_WORK_ITEM_SIZE:
      throw Error(ErrorCode::unsupported, message + " (the device cannot run this workgroup size)");
    default:
      throw Error(ErrorCode::opencl, message);
  }
}

}  // namespace detail
}  // namespace levcl
