/* levcl C API: a thin layer over the C++ API (levcl.hpp).
 * Every call returns a status; on failure, levcl_last_error() holds a message for the
 * calling thread. No call lets a C++ exception escape. */
#ifndef LEVCL_LEVCL_H
#define LEVCL_LEVCL_H

#include <stddef.h>
#include <stdint.h>

#include "levcl/export.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum levcl_status {
  LEVCL_OK = 0,
  /* bad usage or bad input */
  LEVCL_INVALID_ARGUMENT = 1,
  LEVCL_BAD_INPUT = 2,
  LEVCL_INPUT_TOO_LONG = 3,
  LEVCL_DEVICE_NOT_FOUND = 4,
  LEVCL_UNSUPPORTED = 5,
  /* failures while running */
  LEVCL_OUT_OF_MEMORY = 100,
  LEVCL_BUILD_FAILURE = 101,
  LEVCL_OPENCL_ERROR = 102,
  LEVCL_INTERNAL_ERROR = 103,
  LEVCL_WRITE_FAILURE = 104,
  LEVCL_CANCELLED = 105
} levcl_status;

typedef struct levcl_context levcl_context;

typedef struct levcl_result {
  int64_t distance;        /* -1 when it is larger than the max_distance of levcl_distance_max */
  uint64_t cells;          /* cells actually computed */
  double seconds;          /* end to end */
  double kernel_seconds;   /* device busy time */
} levcl_result;

LEVCL_API const char* levcl_version(void);
LEVCL_API const char* levcl_status_name(levcl_status status);
/* Message of the last failed call on this thread ("" if none). */
LEVCL_API const char* levcl_last_error(void);

/* device_spec: NULL or "" for the default (LEVCL_DEVICE, else first GPU, else CPU),
 * "P:D", an index, or a case-insensitive name substring. A device named by the spec is
 * found here (LEVCL_DEVICE_NOT_FOUND otherwise); the default one, and opening the device,
 * wait for the first call that needs it, so that CPU variants work without OpenCL. */
LEVCL_API levcl_status levcl_context_create(const char* device_spec, levcl_context** context);
LEVCL_API void levcl_context_destroy(levcl_context* context);

/* variant: NULL, "" or "auto" for the tuning database's choice for the device.
   params: NULL, "" or "key=value,key=value"; a key may be scoped to a variant ("pwg.tile=63":
   it applies only where that variant runs), and under auto every key must be. */
LEVCL_API levcl_status levcl_distance(levcl_context* context, const char* a, size_t len_a,
                            const char* b, size_t len_b, const char* variant,
                            const char* params, levcl_result* result);

/* As levcl_distance, with edlib's k: when max_distance >= 0 and the distance is larger,
   result->distance is -1 (and the engines stop as soon as they know). A negative
   max_distance means no bound. */
LEVCL_API levcl_status levcl_distance_max(levcl_context* context, const char* a, size_t len_a,
                                const char* b, size_t len_b, const char* variant,
                                const char* params, int64_t max_distance, levcl_result* result);

/* A batch: distances[i] of the pair (a[i], b[i]) of lengths len_a[i], len_b[i], for i <
   count, in one call (Context::distances: "auto" sends short and medium pairs to the batch
   engine, long ones to auto's single-pair choice; CPU variants run on `threads` host
   threads, 0 for every core). distances[i] is -1 where it is larger than a max_distance
   >= 0. result, when not NULL, gets the totals (distance: the number of pairs). */
LEVCL_API levcl_status levcl_distances(levcl_context* context, size_t count, const char* const* a,
                                       const size_t* len_a, const char* const* b, const size_t* len_b,
                                       const char* variant, const char* params, int64_t max_distance,
                                       unsigned threads, int64_t* distances, levcl_result* result);

/* An optimal alignment of a against b (Context::align, levcl.hpp): the distance and a
   run-length CIGAR of "=" (matching bytes), "X" (a byte of a replaced by one of b), "I" (a
   byte of b that a lacks: consumes b only) and "D" (a byte of a that b lacks: consumes a
   only); a is the reference, b the query, as in SAM. cigar is NUL-terminated and owned by
   the struct: release it with levcl_alignment_free. */
typedef struct levcl_alignment {
  int64_t distance;          /* -1 when it is larger than max_distance (cigar then "") */
  char* cigar;
  uint64_t a_start, a_end;   /* the aligned ranges [start, end): the whole strings */
  uint64_t b_start, b_end;
  uint64_t cells;            /* wavefront cells computed */
  double seconds;            /* end to end */
  double kernel_seconds;     /* device busy time */
  uint64_t peak_device_bytes; /* device memory held at once, at most */
} levcl_alignment;

/* The alignment of a and b in O(len_a + len_b) device memory, its breakpoint engine the one
   auto predicts fastest. params: NULL, "" or "variant.key=value,..." scoped to the engine
   they are for ("persistent.wg=64"); max_distance < 0: no bound. LEVCL_OUT_OF_MEMORY when a part cannot fit the device (the message says what
   it needs and what the device has). */
LEVCL_API levcl_status levcl_align(levcl_context* context, const char* a, size_t len_a, const char* b,
                                   size_t len_b, const char* params, int64_t max_distance,
                                   levcl_alignment* alignment);
/* count pairs at once (Context::aligns): alignments[i] for (a[i], b[i]); result, when not
   NULL, gets the totals (distance: the number of pairs). Free each with
   levcl_alignment_free. */
LEVCL_API levcl_status levcl_aligns(levcl_context* context, size_t count, const char* const* a,
                                    const size_t* len_a, const char* const* b, const size_t* len_b,
                                    const char* params, int64_t max_distance, levcl_alignment* alignments,
                                    levcl_result* result);
/* Frees alignment->cigar and sets it to NULL (NULL and a freed struct are fine). */
LEVCL_API void levcl_alignment_free(levcl_alignment* alignment);
/* Replays cigar over a and b: *cost gets its cost (X, I, D and M's mismatches);
   LEVCL_INVALID_ARGUMENT when it is malformed or does not align them. */
LEVCL_API levcl_status levcl_verify_alignment(const char* a, size_t len_a, const char* b, size_t len_b,
                                              const char* cigar, int64_t* cost);

/* Input rules for every later call on `context` (Options' ignore_case and n_mismatch in
   levcl.hpp): a bitwise or of the flags below, 0 (the default) for bytes compared as they
   are. */
#define LEVCL_IGNORE_CASE 1u /* ASCII letters match whatever their case */
#define LEVCL_N_MISMATCH 2u  /* N or n never matches anything, N included (SAM's NM) */
LEVCL_API levcl_status levcl_set_input_rules(levcl_context* context, unsigned rules);

/* What auto does with a single pair while the program its engine needs is neither built on
   the context's device nor in the on-disk cache (ColdPrograms in levcl.hpp): build it, or
   run the pair on the host's cheapest engine while the host's time stays below a first
   build's, on a GPU only (the default) or on any device. */
typedef enum levcl_cold_programs {
  LEVCL_COLD_BUILD = 0,
  LEVCL_COLD_HOST_ON_GPU = 1,
  LEVCL_COLD_HOST = 2
} levcl_cold_programs;
LEVCL_API levcl_status levcl_set_cold_programs(levcl_context* context, levcl_cold_programs policy);

/* Stops the call running on `context` now, from any thread (a signal handler may call it):
   that call returns LEVCL_CANCELLED at its next safe point (before a launch, while waiting
   for the device, between pairs), within milliseconds, or when a launch that is running
   ends. The context stays usable; calls started later are not affected. NULL is ignored. */
LEVCL_API void levcl_cancel(levcl_context* context);

/* Seconds the last successful distance call on this context spent building or loading
   kernels (0 once they are built): levcl_result's seconds leave it out. */
LEVCL_API double levcl_last_build_seconds(const levcl_context* context);

#ifdef __cplusplus
}
#endif

#endif /* LEVCL_LEVCL_H */
