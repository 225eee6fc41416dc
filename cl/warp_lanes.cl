// The 32 lanes of an NVIDIA warp working together through inline PTX (NVIDIA's OpenCL has
// no sub-group functions; CLBlast reads lane ids and shuffles the same way): votes and
// shuffles, each called by every lane of the warp. Kernels include it where SHUFFLE is 1
// and keep a portable path through local memory and barriers.
#ifndef LEVCL_WARP_LANES_CL
#define LEVCL_WARP_LANES_CL

// Orders the warp's lanes' local memory accesses before and after it.
#define WARP_SYNC() asm volatile("bar.warp.sync 0xffffffff;" ::: "memory")

// Bit l set where lane l's x is nonzero.
inline uint ballot(uint x) {
  uint votes;
  asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }"
               : "=r"(votes)
               : "r"(x));
  return votes;
}

// Lane `source`'s x.
inline uint from_lane(uint x, int source) {
  uint y;
  asm volatile("shfl.sync.idx.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(y) : "r"(x), "r"(source));
  return y;
}

inline uint reversed_bits(uint x) {
  uint y;
  asm("brev.b32 %0, %1;" : "=r"(y) : "r"(x));
  return y;
}

#endif
