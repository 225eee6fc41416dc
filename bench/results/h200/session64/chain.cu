// Lone-warp chain microbenchmark: cycles per column step of bitpar's skewed warp pipeline.
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <vector>

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

template <typename T> __device__ __forceinline__ unsigned top(T x) { return (unsigned)(x >> (sizeof(T) * 8 - 32)); }
template <typename T> __device__ __forceinline__ unsigned pack(T ph, T mh) {
  return (top(ph) >> 31) | (top(mh) >> 31) << 1;
}
__device__ __forceinline__ unsigned shfl_up(unsigned x) {
  unsigned y;
  asm volatile("shfl.sync.up.b32 %0, %1, 1, 0, 0xffffffff;" : "=r"(y) : "r"(x));
  return y;
}

// V 0: as bitpar.cl (a packed code shuffled); 1: the top words of ph and mh shuffled;
// 2: both outcomes of the incoming -1 computed before it comes, selected after;
// 3: no shuffle (lane 0's bus bits in every lane): the lane's own chain alone.
template <typename T, int V, bool F>
__global__ void chain(const uint8_t* codes_g, int groups, long long* cycles, unsigned long long* sink, unsigned zero) {
  __shared__ T peq[8 * 32];
  __shared__ uint8_t codes[1024 + 64];
  const int lane = threadIdx.x & 31;
  for (int c = 0; c < 8; ++c) {
    unsigned long long h = 0x9e3779b97f4a7c15ull * (c * 32 + lane + 1);
    h ^= h >> 29; h *= 0xbf58476d1ce4e5b9ull; h ^= h >> 32;
    peq[c * 32 + lane] = c == 0 ? 0 : (T)h;
  }
  for (int i = lane; i < 1024 + 64; i += 32) codes[i] = codes_g[i];
  __syncwarp();
  T pv = ~T(0), mv = 0;
  unsigned hout = 0, out_p = 0, out_m = 0, top_p = 0, top_m = 0, acc = 0;
  const unsigned lane0 = lane == 0 ? 0xffffffffu : 0u;
  long long t0 = clock64();
  for (int g = 0; g < groups; ++g) {
    const unsigned word_p = 0x5a5a1234u ^ (g * 2654435761u), word_m = ~word_p & 0x0f0f0f0fu;
    const uint8_t* cg = codes + ((g * 32) & 1023) + (32 - lane);
#pragma unroll
    for (int run = 0; run < 32; run += 16) {
      T eq[16];
#pragma unroll
      for (int k = 0; k < 16; ++k) eq[k] = peq[cg[run + k] * 32 + lane];
      if (F) {  // every mask loaded before the run's first step: an opaque zero made of them all
        T all = 0;
#pragma unroll
        for (int k = 0; k < 16; ++k) all ^= eq[k];
        pv |= all & (T)zero;
      }
#pragma unroll
      for (int i = 0; i < 16; ++i) {
        const int k = run + i;
        const unsigned from_bus = ((word_p >> k) & 1u) | ((word_m >> k) & 1u) << 1;
        T ph, mh;
        if (V == 0 || V == 3) {
          const unsigned from_above = V == 0 ? shfl_up(hout) : from_bus;
          const unsigned hin = (from_bus & lane0) | (from_above & ~lane0);
          BLOCK_STEP(T, pv, mv, eq[i], (T)(hin & 1u), (T)(hin >> 1), ph, mh);
          hout = pack(ph, mh);
        } else if (V == 1) {
          const unsigned fp = shfl_up(top_p), fm = shfl_up(top_m);
          const unsigned in_p = lane == 0 ? from_bus & 1u : fp >> 31, in_m = lane == 0 ? from_bus >> 1 : fm >> 31;
          BLOCK_STEP(T, pv, mv, eq[i], (T)in_p, (T)in_m, ph, mh);
          top_p = top(ph);
          top_m = top(mh);
        } else if (V == 4) {
          // The lane above's bits come in bit 0, shuffled apart; lane 0's from the bus are in
          // its mask before: the shuffle's value meets the step's first operation, nothing else.
          const unsigned bus_m = (word_m >> k) & 1u & lane0, bus_p = (word_p >> k) & 1u & lane0;
          const T e = eq[i] | (T)bus_m, xv = eq[i] | mv;
          const T a = e & pv, b = pv & (T)(1u & ~lane0);
          const unsigned xm = shfl_up(top_m), xp = shfl_up(top_p);
          const T sum = (a | ((T)xm & b)) + pv;
          const T eqd = e | (T)(xm & ~lane0);
          const T xh = (sum ^ pv) | eqd;
          ph = mv | ~(xh | pv);
          mh = pv & xh;
          top_m = top(mh) >> 31;
          top_p = top(ph) >> 31;
          const unsigned in_p = bus_p | (xp & ~lane0), in_m = bus_m | (xm & ~lane0);
          const T ph_in = (ph << 1) | (T)in_p, mh_in = (mh << 1) | (T)in_m;
          pv = mh_in | ~(xv | ph_in);
          mv = ph_in & xv;
        } else {
          const T e = eq[i], xv = e | mv, e1 = e | (T)1;
          const T xh0 = (((e & pv) + pv) ^ pv) | e, xh1 = (((e1 & pv) + pv) ^ pv) | e1;
          const T ph0 = mv | ~(xh0 | pv), mh0 = pv & xh0, ph1 = mv | ~(xh1 | pv), mh1 = pv & xh1;
          const unsigned h0 = pack(ph0, mh0), h1 = pack(ph1, mh1);
          const unsigned from_above = shfl_up(hout);
          const unsigned hin = (from_bus & lane0) | (from_above & ~lane0);
          const bool in_m = hin >> 1;
          hout = in_m ? h1 : h0;
          ph = in_m ? ph1 : ph0;
          mh = in_m ? mh1 : mh0;
          const T ph_in = (ph << 1) | (T)(hin & 1u), mh_in = (mh << 1) | (T)in_m;
          pv = mh_in | ~(xv | ph_in);
          mv = ph_in & xv;
        }
        out_p = out_p << 1 | top(ph) >> 31;
        out_m = out_m << 1 | top(mh) >> 31;
      }
    }
    acc += out_p ^ (out_m * 3u);
  }
  long long t1 = clock64();
  if (lane == 0) cycles[blockIdx.x] = t1 - t0;
  sink[blockIdx.x * 32 + lane] = (unsigned long long)pv ^ (unsigned long long)mv ^ acc;
}

template <typename T, int V, bool F>
void run(const char* name, const uint8_t* codes, int blocks, int groups) {
  long long* cycles;
  unsigned long long* sink;
  cudaMalloc(&cycles, blocks * sizeof(long long));
  cudaMalloc(&sink, blocks * 32 * sizeof(unsigned long long));
  chain<T, V, F><<<blocks, 32>>>(codes, 16, cycles, sink, 0);  // warm
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  cudaEventRecord(a);
  chain<T, V, F><<<blocks, 32>>>(codes, groups, cycles, sink, 0);
  cudaEventRecord(b);
  cudaEventSynchronize(b);
  float ms;
  cudaEventElapsedTime(&ms, a, b);
  std::vector<long long> c(blocks);
  cudaMemcpy(c.data(), cycles, blocks * sizeof(long long), cudaMemcpyDeviceToHost);
  std::vector<unsigned long long> out(blocks * 32);
  cudaMemcpy(out.data(), sink, out.size() * sizeof(unsigned long long), cudaMemcpyDeviceToHost);
  unsigned long long check = 0;
  for (size_t i = 0; i < out.size(); ++i) check = check * 1000003u + out[i];
  long long most = 0;
  for (auto x : c) most = x > most ? x : most;
  const double steps = groups * 32.0;
  printf("%-28s blocks %5d: %6.1f cycles/step (slowest warp), %6.2f ns/step wall, result %016llx\n", name, blocks,
         most / steps, ms * 1e6 / steps, check);
  cudaFree(cycles);
  cudaFree(sink);
}

int main() {
  uint8_t* codes;
  cudaMalloc(&codes, 1024 + 64);
  std::vector<uint8_t> h(1024 + 64);
  for (auto& x : h) x = 1 + rand() % 4;
  cudaMemcpy(codes, h.data(), h.size(), cudaMemcpyHostToDevice);
  const int groups = 100000;
  for (int blocks : {1, 528, 1056}) {
    run<unsigned long long, 0, false>("64-bit packed code", codes, blocks, groups);
    run<unsigned long long, 0, true>("64-bit packed code, fenced", codes, blocks, groups);
    run<unsigned long long, 4, false>("64-bit bits at the add", codes, blocks, groups);
    run<unsigned long long, 4, true>("64-bit bits at add, fenced", codes, blocks, groups);
    run<unsigned long long, 3, true>("64-bit no shuffle, fenced", codes, blocks, groups);
    run<unsigned, 0, false>("32-bit packed code", codes, blocks, groups);
    run<unsigned, 0, true>("32-bit packed code, fenced", codes, blocks, groups);
    run<unsigned, 4, false>("32-bit bits at the add", codes, blocks, groups);
    run<unsigned, 4, true>("32-bit bits at add, fenced", codes, blocks, groups);
    run<unsigned, 3, true>("32-bit no shuffle, fenced", codes, blocks, groups);
  }
  return 0;
}
