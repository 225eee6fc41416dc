/* Tests of the C API (levcl.h), written in plain C11: it also proves the header is C. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "levcl/levcl.h"

static int passed = 0;
static int failed = 0;

static void check(int ok, const char* what, int line) {
  if (ok) {
    ++passed;
  } else {
    ++failed;
    printf("FAILED (line %d): %s\n", line, what);
  }
}
#define CHECK(cond) check((cond) ? 1 : 0, #cond, __LINE__)

/* Checks that a call returned `expected`, printing its status and message if not. */
static void check_status(levcl_status got, levcl_status expected, const char* what, int line) {
  if (got == expected) {
    ++passed;
    return;
  }
  ++failed;
  printf("FAILED (line %d): %s returned %s, expected %s; last error: %s\n", line, what,
         levcl_status_name(got), levcl_status_name(expected), levcl_last_error());
}
#define CHECK_STATUS(call, expected) check_status((call), (expected), #call, __LINE__)

/* Distance with the given variant, or -1 (after reporting) if the call fails. */
static int64_t distance(levcl_context* ctx, const char* a, size_t la, const char* b, size_t lb,
                        const char* variant, int line) {
  levcl_result r;
  levcl_status s = levcl_distance(ctx, a, la, b, lb, variant, NULL, &r);
  if (s != LEVCL_OK) {
    ++failed;
    printf("FAILED (line %d): levcl_distance(variant %s) returned %s: %s\n", line,
           variant ? variant : "NULL", levcl_status_name(s), levcl_last_error());
    return -1;
  }
  return r.distance;
}

static void check_distance(levcl_context* ctx, const char* a, size_t la, const char* b,
                           size_t lb, const char* variant, int64_t expected, int line) {
  int64_t d = distance(ctx, a, la, b, lb, variant, line);
  if (d < 0) return;
  if (d == expected) {
    ++passed;
  } else {
    ++failed;
    printf("FAILED (line %d): distance with variant %s is %lld, expected %lld\n", line,
           variant ? variant : "NULL", (long long)d, (long long)expected);
  }
}
#define CHECK_DISTANCE(ctx, a, la, b, lb, variant, expected) \
  check_distance((ctx), (a), (la), (b), (lb), (variant), (expected), __LINE__)

/* Fixed 64-bit LCG (Knuth's MMIX constants): the same strings on every run. */
static uint64_t lcg_state = 12345;
static unsigned next_random(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (unsigned)(lcg_state >> 33);
}

static void random_pair(char* a, char* b, size_t n) {
  static const char acgt[4] = {'A', 'C', 'G', 'T'};
  for (size_t i = 0; i < n; ++i) a[i] = acgt[next_random() % 4];
  /* b: a with about 10% substitutions, so the distance is well below n. */
  for (size_t i = 0; i < n; ++i) b[i] = next_random() % 10 == 0 ? acgt[next_random() % 4] : a[i];
}

/* Cancels the context's running call after 200 ms (a thread of its own). */
static void* cancel_later(void* context) {
  const struct timespec pause = {0, 200 * 1000 * 1000};
  nanosleep(&pause, NULL);
  levcl_cancel((levcl_context*)context);
  return NULL;
}

int main(void) {
  const char* version = levcl_version();
  CHECK(version != NULL && version[0] != '\0');
  printf("levcl %s\n", version ? version : "(null)");

  CHECK(strcmp(levcl_status_name(LEVCL_OK), "LEVCL_OK") == 0);
  CHECK(strcmp(levcl_status_name(LEVCL_DEVICE_NOT_FOUND), "LEVCL_DEVICE_NOT_FOUND") == 0);
  CHECK(strcmp(levcl_status_name(LEVCL_INTERNAL_ERROR), "LEVCL_INTERNAL_ERROR") == 0);
  CHECK(levcl_status_name((levcl_status)42) != NULL);
  CHECK(levcl_last_error() != NULL && levcl_last_error()[0] == '\0');

  levcl_context* ctx = NULL;
  CHECK_STATUS(levcl_context_create(NULL, &ctx), LEVCL_OK);
  if (ctx == NULL) {
    printf("no context: cannot go on\n%d passed, %d failed\n", passed, failed + 1);
    return 1;
  }

  /* Short strings, with the default variant, a device variant and the CPU reference. */
  const char* variants[] = {NULL, "", "minreads", "cpu-dp"};
  for (size_t v = 0; v < sizeof variants / sizeof variants[0]; ++v) {
    const char* variant = variants[v];
    CHECK_DISTANCE(ctx, "kitten", 6, "sitting", 7, variant, 3);
    CHECK_DISTANCE(ctx, "", 0, "", 0, variant, 0);
    CHECK_DISTANCE(ctx, NULL, 0, NULL, 0, variant, 0);
    CHECK_DISTANCE(ctx, "", 0, "abc", 3, variant, 3);
    CHECK_DISTANCE(ctx, "abc", 3, NULL, 0, variant, 3);
    /* Byte 0 is an ordinary symbol: lengths are explicit. */
    CHECK_DISTANCE(ctx, "a\0b", 3, "a\0c", 3, variant, 1);
    CHECK_DISTANCE(ctx, "\0\0\0", 3, "", 0, variant, 3);
    CHECK_DISTANCE(ctx, "x\0y", 3, "x\0y", 3, variant, 0);
    CHECK_DISTANCE(ctx, "\0abc", 4, "abc", 3, variant, 1);
  }

  /* Input rules: for every later call on the context, distance, batch and alignment alike. */
  {
    CHECK_DISTANCE(ctx, "acgtN", 5, "ACGTN", 5, NULL, 4);
    CHECK_STATUS(levcl_set_input_rules(ctx, LEVCL_IGNORE_CASE), LEVCL_OK);
    CHECK_DISTANCE(ctx, "acgtN", 5, "ACGTN", 5, NULL, 0);
    CHECK_STATUS(levcl_set_input_rules(ctx, LEVCL_IGNORE_CASE | LEVCL_N_MISMATCH), LEVCL_OK);
    CHECK_DISTANCE(ctx, "acgtN", 5, "ACGTN", 5, "cpu-dp", 1);
    CHECK_DISTANCE(ctx, "NNNN", 4, "nnnn", 4, NULL, 4);
    const char* as[] = {"acgtn"};
    const char* bs[] = {"ACGTN"};
    const size_t lens[] = {5};
    int64_t d = -2;
    CHECK_STATUS(levcl_distances(ctx, 1, as, lens, bs, lens, NULL, NULL, -1, 0, &d, NULL), LEVCL_OK);
    CHECK(d == 1);
    levcl_alignment al;
    CHECK_STATUS(levcl_align(ctx, "acgtn", 5, "ACGTN", 5, NULL, -1, &al), LEVCL_OK);
    CHECK(al.distance == 1 && al.cigar && strcmp(al.cigar, "4=1X") == 0);
    levcl_alignment_free(&al);
    CHECK_STATUS(levcl_set_input_rules(ctx, 4u), LEVCL_INVALID_ARGUMENT);
    CHECK_STATUS(levcl_set_input_rules(NULL, 0), LEVCL_INVALID_ARGUMENT);
    CHECK_STATUS(levcl_set_input_rules(ctx, 0), LEVCL_OK);
    CHECK_DISTANCE(ctx, "acgtN", 5, "ACGTN", 5, NULL, 4);
  }

  /* auto's single pair while its engine's program is cold: on the host, nothing built; then
     built where asked. A context of its own over an empty program cache. */
  {
    enum { N = 2000 };
    static char a[N], b[N];
    random_pair(a, b, N);
    char dir[] = "/tmp/levcl-c-cold-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    const char* old_cache = getenv("LEVCL_CACHE_DIR");
    char* kept = old_cache ? strdup(old_cache) : NULL;
    setenv("LEVCL_CACHE_DIR", dir, 1);
    levcl_context* cold = NULL;
    CHECK_STATUS(levcl_context_create(NULL, &cold), LEVCL_OK);
    const int64_t expected = distance(cold, a, N, b, N, "cpu-dp", __LINE__);
    CHECK_STATUS(levcl_set_cold_programs(cold, LEVCL_COLD_HOST), LEVCL_OK);
    CHECK_DISTANCE(cold, a, N, b, N, NULL, expected);
    CHECK(levcl_last_build_seconds(cold) == 0);
    CHECK_STATUS(levcl_set_cold_programs(cold, LEVCL_COLD_BUILD), LEVCL_OK);
    CHECK_DISTANCE(cold, a, N, b, N, NULL, expected);
    CHECK(levcl_last_build_seconds(cold) > 0);
    CHECK_STATUS(levcl_set_cold_programs(cold, LEVCL_COLD_HOST_ON_GPU), LEVCL_OK);
    CHECK_STATUS(levcl_set_cold_programs(cold, (levcl_cold_programs)7), LEVCL_INVALID_ARGUMENT);
    CHECK_STATUS(levcl_set_cold_programs(NULL, LEVCL_COLD_HOST), LEVCL_INVALID_ARGUMENT);
    levcl_context_destroy(cold);
    char remove[64];
    snprintf(remove, sizeof remove, "rm -rf %s", dir);
    CHECK(system(remove) == 0);
    if (kept) {
      setenv("LEVCL_CACHE_DIR", kept, 1);
      free(kept);
    } else {
      unsetenv("LEVCL_CACHE_DIR");
    }
  }

  /* Result fields. */
  {
    levcl_result r;
    memset(&r, 0xff, sizeof r);
    CHECK_STATUS(levcl_distance(ctx, "kitten", 6, "sitting", 7, "minreads", "", &r), LEVCL_OK);
    CHECK(r.distance == 3);
    CHECK(r.cells > 0);
    CHECK(r.seconds > 0);
    CHECK(r.kernel_seconds >= 0);
    CHECK(levcl_last_error()[0] == '\0');
  }

  /* Two 5000-byte pseudo-random strings: every variant agrees with the CPU DP. */
  {
    enum { N = 5000 };
    static char a[N], b[N];
    random_pair(a, b, N);
    int64_t reference = distance(ctx, a, N, b, N, "cpu-dp", __LINE__);
    CHECK(reference > 0 && reference < N);
    CHECK_DISTANCE(ctx, a, N, b, N, "minreads", reference);
    CHECK_DISTANCE(ctx, a, N, b, N, NULL, reference);
    CHECK_DISTANCE(ctx, b, N, a, N, NULL, reference);
    CHECK_DISTANCE(ctx, a, N - 1234, b, N, NULL,
                   distance(ctx, a, N - 1234, b, N, "cpu-dp", __LINE__));
    /* Parameters as "key=value,key=value" (empty items are ignored). */
    levcl_result r;
    CHECK_STATUS(levcl_distance(ctx, a, N, b, N, "minreads", "wg=64", &r), LEVCL_OK);
    CHECK(r.distance == reference);
    CHECK_STATUS(levcl_distance(ctx, a, N, b, N, "minreads", "wg=64,", &r), LEVCL_OK);
    CHECK(r.distance == reference);

    /* max_distance (edlib's k): the distance up to k, -1 above it, no bound below 0. */
    CHECK_STATUS(levcl_distance_max(ctx, a, N, b, N, "minreads", NULL, reference, &r), LEVCL_OK);
    CHECK(r.distance == reference);
    CHECK_STATUS(levcl_distance_max(ctx, a, N, b, N, "pwg", NULL, reference - 1, &r), LEVCL_OK);
    CHECK(r.distance == -1);
    CHECK_STATUS(levcl_distance_max(ctx, a, N, b, N, "cpu-wfa", NULL, reference / 2, &r), LEVCL_OK);
    CHECK(r.distance == -1);
    CHECK_STATUS(levcl_distance_max(ctx, a, N, b, N, NULL, NULL, -1, &r), LEVCL_OK);
    CHECK(r.distance == reference);
    CHECK(levcl_last_build_seconds(ctx) >= 0);
    CHECK(levcl_last_build_seconds(NULL) == 0);
  }

  /* A batch: every pair against cpu-dp, on the device's batch engine and on CPU threads. */
  {
    const char* as[] = {"kitten", "", "flaw", "intention", "\0\xff", "abc"};
    const char* bs[] = {"sitting", "abc", "lawn", "execution", "\xff", ""};
    const size_t la[] = {6, 0, 4, 9, 2, 3}, lb[] = {7, 3, 4, 9, 1, 0};
    const int64_t expected[] = {3, 3, 2, 5, 1, 3};
    const char* variants[] = {NULL, "batch-bitpar", "cpu-bitpar"};
    for (int v = 0; v < 3; ++v) {
      int64_t got[6] = {0};
      levcl_result totals;
      CHECK_STATUS(levcl_distances(ctx, 6, as, la, bs, lb, variants[v], NULL, -1, 2, got, &totals), LEVCL_OK);
      for (int i = 0; i < 6; ++i) CHECK(got[i] == expected[i]);
      CHECK(totals.distance == 6);
    }
    int64_t bounded[6] = {0};
    CHECK_STATUS(levcl_distances(ctx, 6, as, la, bs, lb, NULL, NULL, 3, 0, bounded, NULL), LEVCL_OK);
    for (int i = 0; i < 6; ++i) CHECK(bounded[i] == (expected[i] > 3 ? -1 : expected[i]));
    CHECK_STATUS(levcl_distances(ctx, 0, NULL, NULL, NULL, NULL, NULL, NULL, -1, 0, NULL, NULL), LEVCL_OK);
    CHECK_STATUS(levcl_distances(ctx, 6, as, la, bs, lb, "no-such-variant", NULL, -1, 0, bounded, NULL),
                 LEVCL_INVALID_ARGUMENT);
    CHECK_STATUS(levcl_distances(ctx, 6, as, NULL, bs, lb, NULL, NULL, -1, 0, bounded, NULL), LEVCL_INVALID_ARGUMENT);
  }

  /* Alignments: each CIGAR replayed, its cost the distance; the batch form; the bound. */
  {
    const char* as[] = {"kitten", "", "flaw", "intention", "\0\xff", "abc"};
    const char* bs[] = {"sitting", "abc", "lawn", "execution", "\xff", ""};
    const size_t la[] = {6, 0, 4, 9, 2, 3}, lb[] = {7, 3, 4, 9, 1, 0};
    const int64_t expected[] = {3, 3, 2, 5, 1, 3};
    levcl_alignment one;
    int64_t cost = -1;
    CHECK_STATUS(levcl_align(ctx, "kitten", 6, "sitting", 7, NULL, -1, &one), LEVCL_OK);
    CHECK(one.distance == 3);
    CHECK(one.a_end == 6 && one.b_end == 7 && one.peak_device_bytes > 0);
    CHECK_STATUS(levcl_verify_alignment("kitten", 6, "sitting", 7, one.cigar, &cost), LEVCL_OK);
    CHECK(cost == 3);
    levcl_alignment_free(&one);
    CHECK(one.cigar == NULL);
    levcl_alignment_free(&one); /* twice is fine */
    CHECK_STATUS(levcl_align(ctx, "kitten", 6, "sitting", 7, "persistent.wg=7,persistent.team=1", 2, &one), LEVCL_OK);
    CHECK(one.distance == -1 && one.cigar[0] == '\0');
    levcl_alignment_free(&one);

    levcl_alignment many[6];
    levcl_result totals;
    CHECK_STATUS(levcl_aligns(ctx, 6, as, la, bs, lb, NULL, -1, many, &totals), LEVCL_OK);
    CHECK(totals.distance == 6);
    for (int i = 0; i < 6; ++i) {
      CHECK(many[i].distance == expected[i]);
      CHECK_STATUS(levcl_verify_alignment(as[i], la[i], bs[i], lb[i], many[i].cigar, &cost), LEVCL_OK);
      CHECK(cost == expected[i]);
      levcl_alignment_free(&many[i]);
    }
    CHECK_STATUS(levcl_aligns(ctx, 0, NULL, NULL, NULL, NULL, NULL, -1, NULL, NULL), LEVCL_OK);
    CHECK_STATUS(levcl_verify_alignment("abc", 3, "abd", 3, "3=", &cost), LEVCL_INVALID_ARGUMENT);
    CHECK(levcl_last_error()[0] != '\0');
    CHECK_STATUS(levcl_align(ctx, "a", 1, "b", 1, "no-such-param=1", -1, &one), LEVCL_INVALID_ARGUMENT);
    CHECK_STATUS(levcl_align(ctx, NULL, 1, "b", 1, NULL, -1, &one), LEVCL_INVALID_ARGUMENT);
    CHECK_STATUS(levcl_align(ctx, "a", 1, "b", 1, NULL, -1, NULL), LEVCL_INVALID_ARGUMENT);
  }

  /* Error paths. */
  {
    levcl_result r;
    CHECK_STATUS(levcl_distance(ctx, "a", 1, "b", 1, "no-such-variant", NULL, &r),
                 LEVCL_INVALID_ARGUMENT);
    CHECK(levcl_last_error()[0] != '\0');
    /* A successful call clears the message. */
    CHECK_STATUS(levcl_distance(ctx, "a", 1, "b", 1, "cpu-dp", NULL, &r), LEVCL_OK);
    CHECK(levcl_last_error()[0] == '\0');

    CHECK_STATUS(levcl_distance(ctx, "a", 1, "b", 1, NULL, "wg", &r), LEVCL_INVALID_ARGUMENT);
    CHECK(levcl_last_error()[0] != '\0');
    CHECK_STATUS(levcl_distance(ctx, "a", 1, "b", 1, NULL, "wg=abc", &r),
                 LEVCL_INVALID_ARGUMENT);
    CHECK_STATUS(levcl_distance(ctx, "a", 1, "b", 1, NULL, "no-such-param=1", &r),
                 LEVCL_INVALID_ARGUMENT);

    CHECK_STATUS(levcl_distance(ctx, "a", 1, "b", 1, NULL, NULL, NULL), LEVCL_INVALID_ARGUMENT);
    CHECK(levcl_last_error()[0] != '\0');
    CHECK_STATUS(levcl_distance(NULL, "a", 1, "b", 1, NULL, NULL, &r), LEVCL_INVALID_ARGUMENT);
    CHECK_STATUS(levcl_distance(ctx, NULL, 1, "b", 1, NULL, NULL, &r), LEVCL_INVALID_ARGUMENT);
    CHECK_STATUS(levcl_distance(ctx, "a", 1, NULL, 2, NULL, NULL, &r), LEVCL_INVALID_ARGUMENT);
    CHECK_STATUS(levcl_context_create(NULL, NULL), LEVCL_INVALID_ARGUMENT);
    CHECK(levcl_last_error()[0] != '\0');

    /* The failed call's message survives destroying a context. */
    levcl_context_destroy(NULL);
    CHECK(levcl_last_error()[0] != '\0');
  }

  /* A device that the spec names but no machine has: refused when the context is made. */
  {
    const char* specs[] = {"no-such-device-xyz", "99999999999999999999", "0:99999999999999999999"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; ++i) {
      levcl_context* bad = NULL;
      CHECK_STATUS(levcl_context_create(specs[i], &bad), LEVCL_DEVICE_NOT_FOUND);
      CHECK(bad == NULL);
      CHECK(strstr(levcl_last_error(), "no OpenCL device matches") != NULL);
    }
  }

  /* levcl_cancel from another thread stops a long call, which returns LEVCL_CANCELLED; the
   * context then computes again. */
  {
    enum { kLength = 30000 };
    char* a = malloc(kLength);
    char* b = malloc(kLength);
    random_pair(a, b, kLength);
    for (size_t i = 0; i < kLength; i += 2) b[i] = (char)('A' + (b[i] + 1) % 4);  /* far apart */
    pthread_t canceller;
    CHECK(pthread_create(&canceller, NULL, cancel_later, ctx) == 0);
    levcl_result r;
    CHECK_STATUS(levcl_distance(ctx, a, kLength, b, kLength, "cpu-dp", NULL, &r), LEVCL_CANCELLED);
    pthread_join(canceller, NULL);
    CHECK_DISTANCE(ctx, "kitten", 6, "sitting", 7, "cpu-dp", 3);
    levcl_cancel(NULL);
    free(a);
    free(b);
  }

  levcl_context_destroy(ctx);
  levcl_context_destroy(NULL);

  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
