// The CIGARs of parts of small distance on the device (cl/alignment_traceback.cl): one
// work-item a part keeps its wavefronts, (d + 1)^2 rows, and traces them back.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "wfa_persistent.hpp"  // Piece

namespace levcl::detail {

class OpenDevice;
struct DeviceStrings;

// Parts of distance at most this go to the traceback; larger ones are split first. Its
// (d + 1)^2 rows are 4 KiB a part, and a part costs a work-item rather than a workgroup.
constexpr std::int64_t kTracebackScore = 32;

// Runs of a CIGAR, each (length << 2) | code, code 0 '=', 1 'X', 2 'I', 3 'D'.
constexpr char kRunOps[] = {'=', 'X', 'I', 'D'};

class PartTracebacks {
 public:
  PartTracebacks(OpenDevice& device, const DeviceStrings& strings);
  ~PartTracebacks();
  PartTracebacks(const PartTracebacks&) = delete;
  PartTracebacks& operator=(const PartTracebacks&) = delete;

  // Where a part's runs lie in the vector they were appended to.
  struct Span {
    std::size_t begin, count;
  };

  // Each part's runs, in order, appended to `runs`, and its span to `spans`. Parts: bound =
  // their exact distance, at most kTracebackScore, neither string empty.
  void run(const std::vector<Piece>& parts, std::vector<std::uint64_t>& runs, std::vector<Span>& spans);

  std::uint64_t cells() const;       // wavefront rows computed
  std::uint64_t launches() const;
  double kernel_seconds() const;
  std::uint64_t device_bytes() const;  // buffers held (the strings not counted)

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace levcl::detail
