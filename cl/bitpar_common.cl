// Shared by the bit-parallel family's kernels (bitpar.cl, bitpar_vector.cl; the geometry
// is in lib/src/bitpar.hpp): the block step, the flags that chain stripes across
// workgroups, and B's translation into symbol codes.
//
// Tunables (build options, with standalone defaults):
//   SIGMA    rows of the match-mask table: symbol codes in use (bitpar.hpp)
//   CHUNK    columns between two publications of a stripe's progress (a multiple of 32)
//   SHUFFLE  1: NVIDIA's inline PTX (shuffles, votes, fences) in bitpar.cl

#ifndef SIGMA
#define SIGMA 256
#endif
#ifndef CHUNK
#define CHUNK 256
#endif
#ifndef SHUFFLE
#define SHUFFLE 0
#endif

// Cross-workgroup flags: stores are fenced before the progress that publishes them, and
// loads of the bus bypass the (incoherent) L1 cache through volatile pointers.
#if SHUFFLE
#define GLOBAL_FENCE() asm volatile("membar.gl;" ::: "memory")
#else
#define GLOBAL_FENCE() mem_fence(CLK_GLOBAL_MEM_FENCE)
#endif

inline int load_progress(volatile __global int* progress) {
#if SHUFFLE
  return *progress;
#else
  return atomic_or(progress, 0);
#endif
}

inline void wait_progress(volatile __global int* progress, int needed) {
  while (load_progress(progress) < needed) {
  }
  GLOBAL_FENCE();
}

// One column of a block (edlib's calculateBlock), for any word type T (uint, ulong4):
// from the vertical deltas PV, MV, the column's match mask EQ and the delta at the top
// (IN_P for +1, IN_M for -1, in the lowest bit), the deltas below every row PH, MH (before
// their shift) and the new PV, MV.
#define BLOCK_STEP(T, PV, MV, EQ, IN_P, IN_M, PH, MH)  \
  do {                                                 \
    const T xv_ = (EQ) | (MV);                         \
    const T eq_ = (EQ) | (IN_M);                       \
    const T xh_ = (((eq_ & (PV)) + (PV)) ^ (PV)) | eq_; \
    PH = (MV) | ~(xh_ | (PV));                         \
    MH = (PV) & xh_;                                   \
    const T ph_in_ = ((PH) << 1) | (IN_P);             \
    const T mh_in_ = ((MH) << 1) | (IN_M);             \
    PV = mh_in_ | ~(xv_ | ph_in_);                     \
    MV = ph_in_ & xv_;                                 \
  } while (0)

// B's bytes as symbol codes (bitpar.hpp), so that a column's match mask is one lookup.
__kernel void bitpar_codes(__global const uchar* restrict b, const int n, __global const uchar* restrict codes,
                           __global uchar* b_codes) {
  const int j = (int)get_global_id(0);
  if (j < n) b_codes[j] = codes[b[j]];
}
