// What the host's processor can run, asked once: the paths written for AVX2 and AVX-512
// (the pair's sample, packing bases, cpu-bitpar's stripes) take them only where it can, so
// one build serves every x86-64 machine (and none elsewhere).
#pragma once

namespace levcl::detail {

inline bool has_avx2() {
#if defined(__x86_64__)
  static const bool avx2 = __builtin_cpu_supports("avx2") != 0;
  return avx2;
#else
  return false;
#endif
}

inline bool has_avx512f() {
#if defined(__x86_64__)
  static const bool avx512f = __builtin_cpu_supports("avx512f") != 0;
  return avx512f;
#else
  return false;
#endif
}

}  // namespace levcl::detail
