#include "alignment_traceback.hpp"

#include <algorithm>
#include <climits>

#include "device_runtime.hpp"
#include "log.hpp"

namespace levcl::detail {
namespace {

constexpr std::size_t part_fields = 7;  // PART_FIELDS

struct TracebackArgs {
  cl::Buffer a, b, parts;
  cl_uint count;
  cl::Buffer fronts, runs;
  auto fields() const { return std::tie(a, b, parts, count, fronts, runs); }
};

std::uint64_t front_ints(std::int64_t d) { return static_cast<std::uint64_t>((d + 1) * (d + 1)); }
std::uint64_t run_slots(std::int64_t d) { return static_cast<std::uint64_t>(2 * d + 2); }

// Work-items per workgroup of the launch: any size serves, one part each.
constexpr std::size_t kWorkgroup = 64;

}  // namespace

struct PartTracebacks::Impl {
  OpenDevice& device;
  const DeviceStrings& strings;
  GrowingBuffer table, fronts, runs;  // kept from launch to launch
  std::uint64_t cells = 0, launches = 0;
  double kernel_seconds = 0;

  void launch(const Piece* parts, std::size_t count, std::vector<std::uint64_t>& runs_out, std::vector<Span>& spans);
};

PartTracebacks::PartTracebacks(OpenDevice& device, const DeviceStrings& strings)
    : impl_(new Impl{device, strings, {}, {}, {}, 0, 0, 0}) {}
PartTracebacks::~PartTracebacks() = default;

std::uint64_t PartTracebacks::cells() const { return impl_->cells; }
std::uint64_t PartTracebacks::launches() const { return impl_->launches; }
double PartTracebacks::kernel_seconds() const { return impl_->kernel_seconds; }
std::uint64_t PartTracebacks::device_bytes() const {
  return impl_->table.bytes() + impl_->fronts.bytes() + impl_->runs.bytes();
}

void PartTracebacks::run(const std::vector<Piece>& parts, std::vector<std::uint64_t>& runs, std::vector<Span>& spans) {
  // Launches of at most a sixteenth of device memory (and one buffer) for the fronts.
  const DeviceInfo& info = impl_->device.info();
  const std::uint64_t room = std::min(info.global_memory / 16, info.max_allocation);
  for (std::size_t begin = 0; begin < parts.size();) {
    std::size_t end = begin;
    std::uint64_t bytes = 0;
    while (end < parts.size() && (end == begin || bytes + front_ints(parts[end].bound) * sizeof(cl_int) <= room))
      bytes += front_ints(parts[end++].bound) * sizeof(cl_int);
    impl_->launch(&parts[begin], end - begin, runs, spans);
    begin = end;
  }
}

void PartTracebacks::Impl::launch(const Piece* parts, std::size_t count, std::vector<std::uint64_t>& runs_out,
                                  std::vector<Span>& spans) {
  std::vector<cl_long> fields(count * part_fields);
  std::uint64_t front_total = 0, run_total = 0;
  for (std::size_t q = 0; q < count; ++q) {
    const Piece& part = parts[q];
    cl_long* f = &fields[q * part_fields];
    f[0] = part.a_offset;
    f[1] = part.m;
    f[2] = part.b_offset;
    f[3] = part.n;
    f[4] = part.bound;
    f[5] = static_cast<cl_long>(front_total);
    f[6] = static_cast<cl_long>(run_total);
    front_total += front_ints(part.bound);
    run_total += run_slots(part.bound);
  }
  std::vector<cl_ulong> runs(run_total);
  try {
    cl::Kernel& kernel = device.kernel({"wfa_common.cl", "alignment_traceback.cl"}, "alignment_traceback", "-DEXTEND_WORDS=1");
    TracebackArgs args{strings.a, strings.b, table.at_least(device, fields.size() * sizeof(cl_long)),
                       static_cast<cl_uint>(count), fronts.at_least(device, front_total * sizeof(cl_int)),
                       this->runs.at_least(device, run_total * sizeof(cl_ulong))};
    device.queue().enqueueWriteBuffer(args.parts, CL_TRUE, 0, fields.size() * sizeof(cl_long), fields.data());
    set_args(kernel, args);
    BusySpan busy;
    const std::size_t global = (count + kWorkgroup - 1) / kWorkgroup * kWorkgroup;
    device.launch(kernel, global, kWorkgroup, busy.event(true));
    device.queue().enqueueReadBuffer(args.runs, CL_TRUE, 0, runs.size() * sizeof(cl_ulong), runs.data());
    kernel_seconds += busy.seconds();
    ++launches;
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "running alignment_traceback on " + device.info().name);
  }
  log().debug("traceback: {} part(s), {} front rows", count, front_total);
  cells += front_total;
  for (std::size_t q = 0; q < count; ++q) {
    const cl_ulong* part_runs = &runs[static_cast<std::size_t>(fields[q * part_fields + 6])];
    if (part_runs[0] == ULONG_MAX || part_runs[0] > run_slots(parts[q].bound) - 1)
      throw Error(ErrorCode::internal, "alignment_traceback found no path of cost " + std::to_string(parts[q].bound) +
                                           " through a part of " + std::to_string(parts[q].m) + " x " +
                                           std::to_string(parts[q].n));
    spans.push_back({runs_out.size(), static_cast<std::size_t>(part_runs[0])});
    for (cl_ulong r = part_runs[0]; r > 0; --r) runs_out.push_back(part_runs[r]);  // written last to first
  }
}

}  // namespace levcl::detail
