// Shared by the bit-parallel kernels (bitpar.cl, bitpar_vector.cl, batch_bitpar.cl; the
// geometry is in lib/src/engines/bitpar/bitpar.hpp): the block step and the strings'
// translation into symbol codes, the exchange between the lanes of a workgroup.
//
// Tunables (build options, with standalone defaults):
//   SIGMA    rows of the match-mask table: symbol codes in use (bitpar.hpp)
//   CHUNK    columns between two publications of a stripe's progress (a multiple of 32)
//   SHUFFLE  1: NVIDIA's inline PTX (shuffles, votes), one warp per workgroup; in bitpar.cl
//            it implies PTX_FENCES

#ifndef LEVCL_BITPAR_COMMON_CL
#define LEVCL_BITPAR_COMMON_CL

#ifndef SIGMA
#define SIGMA 256
#endif
#ifndef CHUNK
#define CHUNK 256
#endif
#ifndef SHUFFLE
#define SHUFFLE 0
#endif

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
    BLOCK_FINISH(T, PV, MV, xv_, PH, MH, IN_P, IN_M);  \
  } while (0)
// Its end, apart for bitpar.cl's chain steps, which compute the deltas their own way: the
// new PV, MV from PH, MH (the delta at the top shifted in) and XV, EQ | MV of the old MV.
#define BLOCK_FINISH(T, PV, MV, XV, PH, MH, IN_P, IN_M) \
  do {                                                  \
    const T ph_in_ = ((PH) << 1) | (IN_P);              \
    const T mh_in_ = ((MH) << 1) | (IN_M);              \
    PV = mh_in_ | ~((XV) | ph_in_);                     \
    MV = ph_in_ & (XV);                                 \
  } while (0)

// Lane l of a workgroup of `lanes` gets lane l-1's word of step t (lane 0 its own, unused):
// a shuffle within the warp with SHUFFLE (lanes == 32), else through `exchange`, [2][lanes]
// words of local memory alternating by step, and a barrier. Every lane calls it at every step.
inline uint from_lane_above(const uint word, const int lane, const int lanes, const int t, __local uint* exchange) {
#if SHUFFLE
  uint from_above;
  asm volatile("shfl.sync.up.b32 %0, %1, 1, 0, 0xffffffff;" : "=r"(from_above) : "r"(word));
  return from_above;
#else
  exchange[(t & 1) * lanes + lane] = word;
  barrier(CLK_LOCAL_MEM_FENCE);
  return lane > 0 ? exchange[(t & 1) * lanes + lane - 1] : 0;
#endif
}

// A string's bytes as symbol codes (bitpar.hpp), so that a match mask is one lookup:
// dst[dst_at + j] is the code of src[j], or of src[count - 1 - j] when reversed (the backward
// sweeps' strings, cl/bitpar.h).
__kernel void bitpar_codes(__global const uchar* restrict src, const int count, __global const uchar* restrict codes,
                           __global uchar* dst, const long dst_at, const int reversed) {
  const int j = (int)get_global_id(0);
  if (j < count) dst[dst_at + j] = codes[src[reversed ? count - 1 - j : j]];
}

#endif
