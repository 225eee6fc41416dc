// C API (levcl.h): a thin layer over the C++ API that turns every exception into a
// status and keeps the message for levcl_last_error().
#include "levcl/levcl.h"

#include <new>
#include <string>
#include <string_view>
#include <vector>
#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "levcl/levcl.hpp"

struct levcl_context {
  levcl::Context context;
  double last_build_seconds = 0;
  unsigned input_rules = 0;  // levcl_set_input_rules

  // Options for a call, with the context's input rules.
  levcl::Options options(const char* variant, const char* params, int64_t max_distance, unsigned threads = 0) const;
};

namespace {

thread_local std::string last_error;

levcl_status to_status(levcl::ErrorCode code) noexcept {
  switch (code) {
    case levcl::ErrorCode::invalid_argument: return LEVCL_INVALID_ARGUMENT;
    case levcl::ErrorCode::bad_input: return LEVCL_BAD_INPUT;
    case levcl::ErrorCode::input_too_long: return LEVCL_INPUT_TOO_LONG;
    case levcl::ErrorCode::device_not_found: return LEVCL_DEVICE_NOT_FOUND;
    case levcl::ErrorCode::unsupported: return LEVCL_UNSUPPORTED;
    case levcl::ErrorCode::out_of_memory: return LEVCL_OUT_OF_MEMORY;
    case levcl::ErrorCode::build_failure: return LEVCL_BUILD_FAILURE;
    case levcl::ErrorCode::opencl: return LEVCL_OPENCL_ERROR;
    case levcl::ErrorCode::internal: return LEVCL_INTERNAL_ERROR;
    case levcl::ErrorCode::write_failure: return LEVCL_WRITE_FAILURE;
    case levcl::ErrorCode::cancelled: return LEVCL_CANCELLED;
  }
  return LEVCL_INTERNAL_ERROR;
}

// Stores message as the thread's last error and returns status (never throws).
levcl_status fail(levcl_status status, const char* message) noexcept {
  try {
    last_error = message;
  } catch (...) {
    last_error.clear();  // no memory for the message: an empty one is better than none
  }
  return status;
}

// Runs body; returns LEVCL_OK (clearing the last error) or the status of what it threw.
template <typename Body>
levcl_status guarded(Body&& body) noexcept {
  try {
    body();
    last_error.clear();
    return LEVCL_OK;
  } catch (const levcl::Error& e) {
    return fail(to_status(e.code()), e.what());
  } catch (const std::bad_alloc&) {
    return fail(LEVCL_OUT_OF_MEMORY, "out of host memory");
  } catch (const std::exception& e) {
    return fail(LEVCL_INTERNAL_ERROR, e.what());
  } catch (...) {
    return fail(LEVCL_INTERNAL_ERROR, "unknown exception");
  }
}

[[noreturn]] void invalid(const std::string& message) {
  throw levcl::Error(levcl::ErrorCode::invalid_argument, message);
}

// "key=value,key=value" (empty items are skipped) to Params.
levcl::Params parse_params(const char* text) {
  levcl::Params params;
  if (text == nullptr) return params;
  std::string_view rest(text);
  while (!rest.empty()) {
    auto comma = rest.find(',');
    auto item = rest.substr(0, comma);
    if (!item.empty()) levcl::parse_param(item, params);
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  return params;
}

// A string of the caller's: NULL is fine for the empty string only. what() names it, and is
// called only to say what is wrong.
template <typename What>
std::string_view view_of(const char* s, size_t length, const What& what) {
  if (s == nullptr && length > 0) invalid(what() + " is NULL but its length is not 0");
  return {s ? s : "", length};
}
std::string_view view_of(const char* s, size_t length, const char* what) {
  return view_of(s, length, [what] { return std::string(what); });
}

// The pairs of a batch call, every pointer checked.
std::vector<levcl::PairView> pair_views(const char* function, size_t count, const char* const* a, const size_t* len_a,
                                        const char* const* b, const size_t* len_b) {
  if (count > 0 && (a == nullptr || len_a == nullptr || b == nullptr || len_b == nullptr))
    invalid(std::string(function) + ": a, len_a, b and len_b must not be NULL");
  std::vector<levcl::PairView> pairs(count);
  for (size_t i = 0; i < count; ++i) {
    const auto side = [function, i](const char* name) {
      return [function, i, name] { return std::string(function) + ": pair " + std::to_string(i) + "'s " + name; };
    };
    pairs[i] = {view_of(a[i], len_a[i], side("a")), view_of(b[i], len_b[i], side("b"))};
  }
  return pairs;
}

// An Alignment as the C struct, its CIGAR copied with malloc (levcl_alignment_free frees it).
levcl_alignment to_c(const levcl::Alignment& r) {
  char* cigar = static_cast<char*>(std::malloc(r.cigar.size() + 1));
  if (cigar == nullptr) throw std::bad_alloc();
  std::memcpy(cigar, r.cigar.c_str(), r.cigar.size() + 1);
  return levcl_alignment{r.distance, cigar, r.a_start, r.a_end, r.b_start, r.b_end,
                         r.costs.cells, r.costs.seconds, r.costs.kernel_seconds, r.peak_device_bytes};
}

}  // namespace

levcl::Options levcl_context::options(const char* variant, const char* params, int64_t max_distance,
                                      unsigned threads) const {
  levcl::Options o{variant ? variant : "", parse_params(params), max_distance, threads};
  o.ignore_case = (input_rules & LEVCL_IGNORE_CASE) != 0;
  o.n_mismatch = (input_rules & LEVCL_N_MISMATCH) != 0;
  return o;
}

extern "C" {

const char* levcl_version(void) { return levcl::version(); }

const char* levcl_status_name(levcl_status status) {
  switch (status) {
    case LEVCL_OK: return "LEVCL_OK";
    case LEVCL_INVALID_ARGUMENT: return "LEVCL_INVALID_ARGUMENT";
    case LEVCL_BAD_INPUT: return "LEVCL_BAD_INPUT";
    case LEVCL_INPUT_TOO_LONG: return "LEVCL_INPUT_TOO_LONG";
    case LEVCL_DEVICE_NOT_FOUND: return "LEVCL_DEVICE_NOT_FOUND";
    case LEVCL_UNSUPPORTED: return "LEVCL_UNSUPPORTED";
    case LEVCL_OUT_OF_MEMORY: return "LEVCL_OUT_OF_MEMORY";
    case LEVCL_BUILD_FAILURE: return "LEVCL_BUILD_FAILURE";
    case LEVCL_OPENCL_ERROR: return "LEVCL_OPENCL_ERROR";
    case LEVCL_INTERNAL_ERROR: return "LEVCL_INTERNAL_ERROR";
    case LEVCL_WRITE_FAILURE: return "LEVCL_WRITE_FAILURE";
    case LEVCL_CANCELLED: return "LEVCL_CANCELLED";
  }
  return "LEVCL_UNKNOWN_STATUS";
}

const char* levcl_last_error(void) { return last_error.c_str(); }

levcl_status levcl_context_create(const char* device_spec, levcl_context** context) {
  return guarded([&] {
    if (context == nullptr) invalid("levcl_context_create: context is NULL");
    *context = nullptr;
    *context = new levcl_context{levcl::Context(device_spec ? device_spec : "")};
  });
}

// Not guarded: ~Context is noexcept, and destroying a context after a failed call must
// keep that call's message for levcl_last_error().
void levcl_context_destroy(levcl_context* context) { delete context; }

levcl_status levcl_distance(levcl_context* context, const char* a, size_t len_a,
                            const char* b, size_t len_b, const char* variant,
                            const char* params, levcl_result* result) {
  return levcl_distance_max(context, a, len_a, b, len_b, variant, params, -1, result);
}

levcl_status levcl_distance_max(levcl_context* context, const char* a, size_t len_a,
                                const char* b, size_t len_b, const char* variant,
                                const char* params, int64_t max_distance, levcl_result* result) {
  return guarded([&] {
    if (context == nullptr) invalid("levcl_distance: context is NULL");
    if (result == nullptr) invalid("levcl_distance: result is NULL");
    const levcl::Options options = context->options(variant, params, max_distance);
    auto r = context->context.distance(view_of(a, len_a, "levcl_distance: a"), view_of(b, len_b, "levcl_distance: b"),
                                       options);
    *result = levcl_result{r.distance, r.costs.cells, r.costs.seconds, r.costs.kernel_seconds};
    context->last_build_seconds = r.costs.build_seconds;
  });
}

levcl_status levcl_distances(levcl_context* context, size_t count, const char* const* a, const size_t* len_a,
                             const char* const* b, const size_t* len_b, const char* variant, const char* params,
                             int64_t max_distance, unsigned threads, int64_t* distances, levcl_result* result) {
  return guarded([&] {
    if (context == nullptr) invalid("levcl_distances: context is NULL");
    if (count > 0 && distances == nullptr) invalid("levcl_distances: distances is NULL");
    const std::vector<levcl::PairView> pairs = pair_views("levcl_distances", count, a, len_a, b, len_b);
    const levcl::Options options = context->options(variant, params, max_distance, threads);
    const levcl::BatchResult r = context->context.distances(pairs, options);
    std::copy(r.distances.begin(), r.distances.end(), distances);
    if (result) *result = levcl_result{static_cast<int64_t>(count), r.costs.cells, r.costs.seconds, r.costs.kernel_seconds};
    context->last_build_seconds = r.costs.build_seconds;
  });
}

levcl_status levcl_align(levcl_context* context, const char* a, size_t len_a, const char* b, size_t len_b,
                         const char* params, int64_t max_distance, levcl_alignment* alignment) {
  return guarded([&] {
    if (context == nullptr) invalid("levcl_align: context is NULL");
    if (alignment == nullptr) invalid("levcl_align: alignment is NULL");
    alignment->cigar = nullptr;
    const levcl::Options options = context->options("", params, max_distance);
    const levcl::Alignment r = context->context.align(view_of(a, len_a, "levcl_align: a"),
                                                      view_of(b, len_b, "levcl_align: b"), options);
    *alignment = to_c(r);
    context->last_build_seconds = r.costs.build_seconds;
  });
}

levcl_status levcl_aligns(levcl_context* context, size_t count, const char* const* a, const size_t* len_a,
                          const char* const* b, const size_t* len_b, const char* params, int64_t max_distance,
                          levcl_alignment* alignments, levcl_result* result) {
  return guarded([&] {
    if (context == nullptr) invalid("levcl_aligns: context is NULL");
    if (count > 0 && alignments == nullptr) invalid("levcl_aligns: alignments is NULL");
    for (size_t i = 0; i < count; ++i) alignments[i].cigar = nullptr;
    const std::vector<levcl::PairView> pairs = pair_views("levcl_aligns", count, a, len_a, b, len_b);
    const levcl::Options options = context->options("", params, max_distance);
    const levcl::BatchAlignment r = context->context.aligns(pairs, options);
    try {
      for (size_t i = 0; i < count; ++i) alignments[i] = to_c(r.alignments[i]);
    } catch (...) {
      for (size_t i = 0; i < count; ++i) levcl_alignment_free(&alignments[i]);
      throw;
    }
    if (result) *result = levcl_result{static_cast<int64_t>(count), r.costs.cells, r.costs.seconds, r.costs.kernel_seconds};
    context->last_build_seconds = r.costs.build_seconds;
  });
}

void levcl_alignment_free(levcl_alignment* alignment) {
  if (alignment == nullptr) return;
  std::free(alignment->cigar);
  alignment->cigar = nullptr;
}

levcl_status levcl_verify_alignment(const char* a, size_t len_a, const char* b, size_t len_b, const char* cigar,
                                    int64_t* cost) {
  return guarded([&] {
    if (cigar == nullptr || cost == nullptr) invalid("levcl_verify_alignment: cigar and cost must not be NULL");
    *cost = levcl::verify_alignment(view_of(a, len_a, "levcl_verify_alignment: a"),
                                    view_of(b, len_b, "levcl_verify_alignment: b"), cigar);
  });
}

levcl_status levcl_set_input_rules(levcl_context* context, unsigned rules) {
  return guarded([&] {
    if (context == nullptr) invalid("levcl_set_input_rules: context is NULL");
    if ((rules & ~(LEVCL_IGNORE_CASE | LEVCL_N_MISMATCH)) != 0)
      invalid("levcl_set_input_rules: unknown rule bits " + std::to_string(rules & ~(LEVCL_IGNORE_CASE | LEVCL_N_MISMATCH)));
    context->input_rules = rules;
  });
}

levcl_status levcl_set_cold_programs(levcl_context* context, levcl_cold_programs policy) {
  return guarded([&] {
    if (context == nullptr) invalid("levcl_set_cold_programs: context is NULL");
    switch (policy) {
      case LEVCL_COLD_BUILD: context->context.set_cold_programs(levcl::ColdPrograms::build); return;
      case LEVCL_COLD_HOST_ON_GPU: context->context.set_cold_programs(levcl::ColdPrograms::host_on_gpu); return;
      case LEVCL_COLD_HOST: context->context.set_cold_programs(levcl::ColdPrograms::host); return;
    }
    invalid("levcl_set_cold_programs: unknown policy " + std::to_string(static_cast<int>(policy)));
  });
}

void levcl_cancel(levcl_context* context) {
  if (context) context->context.cancel();
}

double levcl_last_build_seconds(const levcl_context* context) { return context ? context->last_build_seconds : 0.0; }

}  // extern "C"
