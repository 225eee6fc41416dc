// The Python module `levcl`: distances of one pair and of batches, contexts, devices,
// variants and errors over the C++ API.
#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "byte_views.hpp"
#include "cancellable.hpp"
#include "errors.hpp"
#include "levcl/io.hpp"
#include "levcl/levcl.hpp"

namespace py = pybind11;
using namespace py::literals;

namespace levcl_python {
namespace {

constexpr const char* kModuleDoc = R"(Exact Levenshtein (edit) distance of long strings on OpenCL devices.

Strings are bytes: a str is taken as its UTF-8 encoding, so distances count bytes
(distance("é", "e") is 2); bytes, bytearray, memoryview and other C-contiguous
bytes-like objects are taken as their raw bytes, without a copy.

    >>> import levcl
    >>> levcl.distance("kitten", "sitting")
    3
    >>> levcl.distances(["kitten", b"flaw"], ["sitting", b"lawn"])
    array([3, 2])

distance() and distances() run on a context made on first use for their `device` and kept
for the process, so kernels are built once; levcl.Context(device) is an explicit one. Calls
release the GIL while they compute; calls on one context are serialised, separate contexts
run in parallel.

Failures raise levcl.Error (attributes code and code_name); those caused by the call, such as
an unknown variant or a device that does not exist, raise levcl.UsageError, which is also a
ValueError. The environment variables of the C++ library apply: LEVCL_DEVICE (the default
device), LEVCL_CACHE_DIR (compiled kernels), LEVCL_TUNING_DIR, ...)";

constexpr const char* kDistanceDoc = R"(Edit distance of a and b, or -1 when it is larger than max_distance.

a, b: str (as UTF-8: the distance counts bytes) or a bytes-like object.
variant: a name from list_variants(), or "auto": the tuning database's choice for the device.
params: {name: int} for the variant's parameters (list_variants() names them); the rest come
    from the context's set_params(), the tuning database or the defaults. Under "auto" each
    name is scoped to the variant it is for, {"pwg.tile": 63}: auto chooses per pair.
max_distance: when >= 0, a larger distance is reported as -1, and the engines stop as soon as
    they know (edlib's k).
ignore_case: ASCII letters match whatever their case (soft-masked assemblies).
n_mismatch: N or n never matches anything, N included, as SAM's NM counts.)";

constexpr const char* kDistancesDoc = R"(Edit distances of the pairs (seqs_a[i], seqs_b[i]), as a numpy int64 array.

seqs_a, seqs_b: iterables of the same length of str (as UTF-8) or bytes-like objects; a
    length mismatch raises UsageError (a ValueError).
-1 marks a pair above max_distance. "auto" computes the pairs together on the device (a batch
engine such as batch-bitpar: one launch for many pairs), except those predicted to finish
sooner on their own, which run alone; a named device
variant runs every pair; a CPU variant (cpu-dp, cpu-wfa, cpu-bitpar) runs them on `threads`
host threads (0: every core). Other keywords as for distance().)";

constexpr const char* kAlignDoc = R"(An optimal alignment of a and b as an Alignment: distance and CIGAR.

The CIGAR is run-length: "=" matching bytes, "X" a byte of a replaced by one of b, "I" a
byte of b that a lacks (consumes b only), "D" a byte of a that b lacks (consumes a only): a
is the reference, b the query, as in SAM. Found in O(len(a) + len(b)) device memory by a
breakpoint engine's splits (list_variants(): those with the "breakpoint" capability).
variant: "auto" (the one predicted fastest) or such a variant; params: its parameters (under
auto, scoped: {"persistent.wg": 64}); max_distance: when >= 0 and the distance is larger,
distance -1 and an empty CIGAR.)";

constexpr const char* kAlignsDoc = R"(Alignments of the pairs (seqs_a[i], seqs_b[i]), a list of Alignment.

Every pair's parts share the launches. Other keywords as for align().)";

constexpr const char* kDeviceDoc =
    R"(device: "" (LEVCL_DEVICE if set, else the first GPU, else the first CPU device), "P:D"
    (platform and device index), "N" (the N-th of list_devices()), or a case-insensitive part
    of the platform's or device's name or vendor, or its type ("nvidia", "pocl", "gpu").)";

py::dict device_dict(const levcl::DeviceInfo& d) {
  return py::dict("name"_a = d.name, "vendor"_a = d.vendor, "type"_a = d.type, "platform"_a = d.platform,
                  "platform_vendor"_a = d.platform_vendor, "platform_index"_a = d.platform_index,
                  "device_index"_a = d.device_index, "version"_a = d.version, "driver"_a = d.driver,
                  "architecture"_a = d.architecture, "compute_units"_a = d.compute_units,
                  "clock_mhz"_a = d.clock_mhz, "max_workgroup"_a = d.max_workgroup,
                  "local_memory"_a = d.local_memory, "global_memory"_a = d.global_memory,
                  "max_allocation"_a = d.max_allocation);
}

py::dict variant_dict(const levcl::VariantInfo& v) {
  py::list params;
  for (const auto& p : v.params)
    params.append(py::dict("name"_a = p.name, "default"_a = p.default_value, "min"_a = p.min_value,
                           "max"_a = p.max_value, "description"_a = p.description));
  py::list capabilities;
  for (const levcl::Capability c : v.capabilities) capabilities.append(levcl::capability_name(c));
  return py::dict("name"_a = v.name, "description"_a = v.description, "uses_device"_a = v.uses_device,
                  "family"_a = v.family, "work"_a = v.work == levcl::Work::matrix ? "matrix" : "wavefront",
                  "tuned"_a = v.tuned, "planner"_a = v.planner, "capabilities"_a = capabilities, "params"_a = params);
}

levcl::Options options(const std::string& variant, const std::optional<levcl::Params>& params,
                       std::int64_t max_distance, bool ignore_case, bool n_mismatch, unsigned threads = 0) {
  levcl::Options o{variant, params.value_or(levcl::Params{}), max_distance, threads};
  o.ignore_case = ignore_case;
  o.n_mismatch = n_mismatch;
  return o;
}

std::int64_t distance(levcl::Context& context, py::handle a, py::handle b, const levcl::Options& options) {
  ByteViews views;
  const std::string_view view_a = views.add(a), view_b = views.add(b);
  return cancellable(context, [&] { return context.distance(view_a, view_b, options).distance; });
}

// body(from, to) over [0, count) in slices on up to the machine's threads, this one among
// them (10^6 pairs' strings: 2 * 10^6 items to look at; the module keeps to the library's
// public API, whose thread pool is its own). body must not throw.
template <typename Body>
void on_threads(std::size_t count, const Body& body) {
  const std::size_t slices =
      std::clamp<std::size_t>(count / 65536, 1, std::max(1u, std::thread::hardware_concurrency()));
  const auto slice = [&](std::size_t s) { body(count * s / slices, count * (s + 1) / slices); };
  std::vector<std::thread> helpers;
  std::size_t started = 1;
  try {
    for (; started < slices; ++started) helpers.emplace_back(slice, started);
  } catch (const std::system_error&) {  // no more threads to be had: this one takes the rest
  }
  for (std::size_t rest = started; rest < slices; ++rest) slice(rest);
  slice(0);
  for (std::thread& helper : helpers) helper.join();
}

// A tuple of the items: it holds every string while the GIL is released, whatever another
// thread does to the caller's list meanwhile.
py::tuple items(py::handle sequence, const char* name) {
  if (PyUnicode_Check(sequence.ptr()))
    throw py::type_error(std::string(name) + " must be a sequence of strings, not a str");
  auto tuple = py::reinterpret_steal<py::tuple>(PySequence_Tuple(sequence.ptr()));
  if (!tuple) throw py::error_already_set();
  return tuple;
}

// The pairs of two sequences of strings as the library's batches take them: pair i is
// strings 2i (from seqs_a) and 2i + 1 (from seqs_b), as Context::distances lays out pairs
// of views, whose strings batch-bitpar places without claiming each once (no list of pairs
// of views to index again: 10^6 pairs' index took a sixth of a call's Python side on one
// thread). Held by `views` and `held` while the GIL is released.
struct Batch {
  std::vector<std::string_view> strings;
  std::vector<levcl::IndexPair> pairs;
};
Batch batch_of(py::handle seqs_a, py::handle seqs_b, ByteViews& views, std::vector<py::tuple>& held) {
  held = {items(seqs_a, "seqs_a"), items(seqs_b, "seqs_b")};
  const py::tuple &a = held[0], &b = held[1];
  if (a.size() != b.size())
    throw levcl::Error(levcl::ErrorCode::invalid_argument, "seqs_a has " + std::to_string(a.size()) +
                                                               " strings and seqs_b " + std::to_string(b.size()) +
                                                               ": they must pair up");
  const std::size_t count = a.size();  // over 2^31 pairs: the library refuses the strings' count
  Batch batch;
  batch.strings.resize(2 * count);
  batch.pairs.resize(count);
  // Borrowed items (the tuples hold them): compact ASCII str, whose bytes are their UTF-8
  // form, read on the host's threads; the others (a null view) here, with the GIL's calls.
  const auto item = [&](std::size_t k) {
    return PyTuple_GET_ITEM((k % 2 == 0 ? a : b).ptr(), static_cast<Py_ssize_t>(k / 2));
  };
  on_threads(2 * count, [&](std::size_t from, std::size_t to) {
    for (std::size_t k = from; k < to; ++k) batch.strings[k] = ByteViews::compact_ascii(item(k));
    for (std::size_t k = from; k < to && k < count; ++k)
      batch.pairs[k] = {static_cast<std::uint32_t>(2 * k), static_cast<std::uint32_t>(2 * k + 1)};
  });
  for (std::size_t k = 0; k < 2 * count; ++k)
    if (!batch.strings[k].data()) batch.strings[k] = views.add(item(k));
  return batch;
}

py::array_t<std::int64_t> distances(levcl::Context& context, py::handle seqs_a, py::handle seqs_b,
                                    const levcl::Options& options) {
  ByteViews views;
  std::vector<py::tuple> held;
  const Batch batch = batch_of(seqs_a, seqs_b, views, held);
  const levcl::BatchResult result =
      cancellable(context, [&] { return context.distances(batch.strings, batch.pairs, options); });
  return py::array_t<std::int64_t>(result.distances.size(), result.distances.data());
}

levcl::Alignment align(levcl::Context& context, py::handle a, py::handle b, const levcl::Options& options) {
  ByteViews views;
  const std::string_view view_a = views.add(a), view_b = views.add(b);
  return cancellable(context, [&] { return context.align(view_a, view_b, options); });
}

std::vector<levcl::Alignment> aligns(levcl::Context& context, py::handle seqs_a, py::handle seqs_b,
                                     const levcl::Options& options) {
  ByteViews views;
  std::vector<py::tuple> held;
  const Batch batch = batch_of(seqs_a, seqs_b, views, held);
  return cancellable(context, [&] { return context.aligns(batch.strings, batch.pairs, options).alignments; });
}

// The module-level functions' contexts, one per device spec, made on first use (with the
// GIL held, so one at a time). Never destroyed: destroying OpenCL objects from static
// destructors at exit races the OpenCL driver's own teardown.
levcl::Context& default_context(const std::string& device) {
  static auto* contexts = new std::map<std::string, levcl::Context>();
  return contexts->try_emplace(device, device).first->second;
}

}  // namespace
}  // namespace levcl_python

PYBIND11_MODULE(levcl, m) {
  using namespace levcl_python;
  m.doc() = kModuleDoc;
  // distances() returns numpy arrays: say what is missing now, not at the first batch.
  try {
    py::module_::import("numpy");
  } catch (py::error_already_set& e) {
    if (!e.matches(PyExc_ImportError)) throw;
    throw py::import_error("levcl needs numpy: install python3-numpy (Debian) or `pip install numpy`");
  }
  register_errors(m);

  const std::string module_distance_doc = std::string(kDistanceDoc) + "\n" + kDeviceDoc;
  const std::string context_doc = std::string(kDeviceDoc) +
                                  "\ndevices: several specs (or device=\"all\": every GPU, else every CPU device, or "
                                  "\"0:0,0:1\"): batches are dealt to them, a single pair runs on the first.";
  m.def(
      "distance",
      [](const py::object& a, const py::object& b, const std::string& variant,
         const std::optional<levcl::Params>& params, std::int64_t max_distance, bool ignore_case, bool n_mismatch,
         const std::string& device) {
        return distance(default_context(device), a, b, options(variant, params, max_distance, ignore_case, n_mismatch));
      },
      "a"_a, "b"_a, py::kw_only(), "variant"_a = "auto", "params"_a = py::none(), "max_distance"_a = -1, "ignore_case"_a = false, "n_mismatch"_a = false,
      "device"_a = "", module_distance_doc.c_str());
  const std::string module_distances_doc = std::string(kDistancesDoc) + "\n" + kDeviceDoc;
  m.def(
      "distances",
      [](const py::object& seqs_a, const py::object& seqs_b, const std::string& variant,
         const std::optional<levcl::Params>& params, std::int64_t max_distance, bool ignore_case, bool n_mismatch,
         unsigned threads, const std::string& device) {
        return distances(default_context(device), seqs_a, seqs_b, options(variant, params, max_distance, ignore_case, n_mismatch, threads));
      },
      "seqs_a"_a, "seqs_b"_a, py::kw_only(), "variant"_a = "auto", "params"_a = py::none(), "max_distance"_a = -1, "ignore_case"_a = false, "n_mismatch"_a = false,
      "threads"_a = 0, "device"_a = "", module_distances_doc.c_str());

  py::class_<levcl::Alignment>(m, "Alignment", "An optimal alignment: see align().")
      .def_readonly("distance", &levcl::Alignment::distance, "the edit distance, -1 above max_distance")
      .def_readonly("cigar", &levcl::Alignment::cigar, "run-length CIGAR of =, X, I (a byte of b only), D (of a only)")
      .def_readonly("a_start", &levcl::Alignment::a_start)
      .def_readonly("a_end", &levcl::Alignment::a_end)
      .def_readonly("b_start", &levcl::Alignment::b_start)
      .def_readonly("b_end", &levcl::Alignment::b_end)
      .def_property_readonly(
          "seconds", [](const levcl::Alignment& r) { return r.costs.seconds; },
          "end to end (single alignments; 0 in a batch)")
      .def_readonly("peak_device_bytes", &levcl::Alignment::peak_device_bytes)
      .def("__repr__", [](const levcl::Alignment& r) {
        return "Alignment(distance=" + std::to_string(r.distance) + ", cigar='" +
               (r.cigar.size() > 60 ? r.cigar.substr(0, 57) + "..." : r.cigar) + "')";
      });
  const std::string module_align_doc = std::string(kAlignDoc) + "\n" + kDeviceDoc;
  m.def(
      "align",
      [](const py::object& a, const py::object& b, const std::string& variant,
         const std::optional<levcl::Params>& params, std::int64_t max_distance, bool ignore_case, bool n_mismatch,
         const std::string& device) {
        return align(default_context(device), a, b, options(variant, params, max_distance, ignore_case, n_mismatch));
      },
      "a"_a, "b"_a, py::kw_only(), "variant"_a = "auto", "params"_a = py::none(), "max_distance"_a = -1, "ignore_case"_a = false, "n_mismatch"_a = false,
      "device"_a = "",
      module_align_doc.c_str());
  const std::string module_aligns_doc = std::string(kAlignsDoc) + "\n" + kDeviceDoc;
  m.def(
      "aligns",
      [](const py::object& seqs_a, const py::object& seqs_b, const std::string& variant,
         const std::optional<levcl::Params>& params, std::int64_t max_distance, bool ignore_case, bool n_mismatch,
         const std::string& device) {
        return aligns(default_context(device), seqs_a, seqs_b, options(variant, params, max_distance, ignore_case, n_mismatch));
      },
      "seqs_a"_a, "seqs_b"_a, py::kw_only(), "variant"_a = "auto", "params"_a = py::none(), "max_distance"_a = -1, "ignore_case"_a = false, "n_mismatch"_a = false,
      "device"_a = "",
      module_aligns_doc.c_str());
  m.def(
      "verify_alignment",
      [](const py::object& a, const py::object& b, const std::string& cigar) {
        ByteViews views;
        return levcl::verify_alignment(views.add(a), views.add(b), cigar);
      },
      "a"_a, "b"_a, "cigar"_a,
      "Replays cigar over a and b and returns its cost; raises levcl.UsageError when it does not align them.");

  py::class_<levcl::Context>(m, "Context", R"(One device (or several: devices=[...]) with its command queue and built programs, reused across calls.

The device is opened on first use (CPU variants never open it). Calls on one context are
serialised; separate contexts run in parallel from separate threads.)")
      .def(py::init([](const std::string& device, const std::optional<std::vector<std::string>>& devices) {
             if (devices && !device.empty()) throw py::value_error("give device or devices, not both");
             std::string spec = device;
             for (const std::string& d : devices.value_or(std::vector<std::string>{})) spec += (spec.empty() ? "" : ",") + d;
             return levcl::Context(spec);
           }),
           "device"_a = "", py::kw_only(), "devices"_a = py::none(), context_doc.c_str())
      .def(
          "distance",
          [](levcl::Context& context, const py::object& a, const py::object& b, const std::string& variant,
             const std::optional<levcl::Params>& params, std::int64_t max_distance, bool ignore_case,
             bool n_mismatch) {
            return distance(context, a, b, options(variant, params, max_distance, ignore_case, n_mismatch));
          },
          "a"_a, "b"_a, py::kw_only(), "variant"_a = "auto", "params"_a = py::none(), "max_distance"_a = -1, "ignore_case"_a = false, "n_mismatch"_a = false,
          kDistanceDoc)
      .def(
          "distances",
          [](levcl::Context& context, const py::object& seqs_a, const py::object& seqs_b, const std::string& variant,
             const std::optional<levcl::Params>& params, std::int64_t max_distance, bool ignore_case,
             bool n_mismatch, unsigned threads) {
            return distances(context, seqs_a, seqs_b, options(variant, params, max_distance, ignore_case, n_mismatch, threads));
          },
          "seqs_a"_a, "seqs_b"_a, py::kw_only(), "variant"_a = "auto", "params"_a = py::none(), "max_distance"_a = -1, "ignore_case"_a = false, "n_mismatch"_a = false,
          "threads"_a = 0, kDistancesDoc)
      .def(
          "align",
          [](levcl::Context& context, const py::object& a, const py::object& b, const std::string& variant,
             const std::optional<levcl::Params>& params, std::int64_t max_distance, bool ignore_case,
             bool n_mismatch) {
            return align(context, a, b, options(variant, params, max_distance, ignore_case, n_mismatch));
          },
          "a"_a, "b"_a, py::kw_only(), "variant"_a = "auto", "params"_a = py::none(), "max_distance"_a = -1, "ignore_case"_a = false, "n_mismatch"_a = false,
          kAlignDoc)
      .def(
          "aligns",
          [](levcl::Context& context, const py::object& seqs_a, const py::object& seqs_b, const std::string& variant,
             const std::optional<levcl::Params>& params, std::int64_t max_distance, bool ignore_case,
             bool n_mismatch) {
            return aligns(context, seqs_a, seqs_b, options(variant, params, max_distance, ignore_case, n_mismatch));
          },
          "seqs_a"_a, "seqs_b"_a, py::kw_only(), "variant"_a = "auto", "params"_a = py::none(), "max_distance"_a = -1, "ignore_case"_a = false, "n_mismatch"_a = false,
          kAlignsDoc)
      .def_property_readonly(
          "device",
          [](levcl::Context& context) {
            const levcl::DeviceInfo* info = nullptr;
            {
              py::gil_scoped_release unlocked;
              info = &context.device();
            }
            return device_dict(*info);
          },
          "The context's device as a dict (name, vendor, type, platform, version, driver, compute_units,\n"
          "global_memory, ...), as list_devices() gives it; opens the device. The first of several.")
      .def_property_readonly(
          "devices",
          [](levcl::Context& context) {
            std::vector<levcl::DeviceInfo> infos;
            {
              py::gil_scoped_release unlocked;
              infos = context.devices();
            }
            py::list out;
            for (const auto& d : infos) out.append(device_dict(d));
            return out;
          },
          "Every device the context deals its batches to, as dicts like device's.")
      .def("cancel", &levcl::Context::cancel,
           "Stops the call running on this context, from another thread: it raises levcl.Error\n"
           "(code_name \"cancelled\") at its next safe point. Ctrl-C does this by itself for the\n"
           "calls of the main thread, which raise KeyboardInterrupt within a fraction of a second.")
      .def("set_params", &levcl::Context::set_params, "variant"_a, "params"_a,
           "Parameters for every later call of `variant` on this context: they beat the tuning\n"
           "database, and a call's own params beat them.")
      .def(
          "set_cold_programs",
          [](levcl::Context& context, const std::string& policy) {
            const std::map<std::string, levcl::ColdPrograms> policies{{"build", levcl::ColdPrograms::build},
                                                                      {"host_on_gpu", levcl::ColdPrograms::host_on_gpu},
                                                                      {"host", levcl::ColdPrograms::host}};
            const auto it = policies.find(policy);
            if (it == policies.end())
              throw levcl::Error(levcl::ErrorCode::invalid_argument,
                                 "cold programs: 'build', 'host_on_gpu' or 'host', not '" + policy + "'");
            context.set_cold_programs(it->second);
          },
          "policy"_a,
          "What auto does for a single pair while its engine's program is not built on the device\n"
          "nor in the program cache: 'host_on_gpu' (the default) runs it on the host's fastest\n"
          "engine where that is predicted to finish before a first build (0.3 s) on a GPU, 'host'\n"
          "on any device, 'build' always builds.");

  m.def(
      "list_devices",
      [] {
        py::list out;
        for (const auto& d : levcl::list_devices()) out.append(device_dict(d));
        return out;
      },
      "Every OpenCL device of every platform, as dicts, in the order \"N\" device specs count.");
  m.def(
      "list_variants",
      [] {
        py::list out;
        for (const auto& v : levcl::list_variants()) out.append(variant_dict(v));
        return out;
      },
      "Every variant as a dict: name, description, uses_device, family, work (\"matrix\" or\n"
      "\"wavefront\"), tuned, planner (one of auto's engines, tuned first), capabilities (\"distance\", \"batch\", \"breakpoint\", \"traceback\"),\n"
      "and params (name, default, min, max, description).");
  m.def(
      "read_fasta",
      [](const std::string& path) {
        std::vector<levcl::Record> records;
        {
          py::gil_scoped_release unlocked;
          records = levcl::read_records(path);
        }
        py::list out;
        for (const levcl::Record& r : records) out.append(py::make_tuple(r.name, py::bytes(r.sequence)));
        return out;
      },
      "path"_a,
      "Every record of a FASTA or FASTQ file (gzipped too; \"-\" is standard input) as a list of\n"
      "(name, sequence bytes), read by levcl's own reader, as the levcl command reads its inputs.\n"
      "A missing file or malformed FASTA raises levcl.Error.");
  m.def("version", &levcl::version, "The library's version, \"MAJOR.MINOR.PATCH\".");
  m.attr("__version__") = levcl::version();
  m.def("set_log_level", &levcl::set_log_level, "verbosity"_a,
        "Logging to standard error: 0 warnings only (the default), 1 info, 2 debug.");
}
