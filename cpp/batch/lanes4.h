// Four lanes of 32-bit floats for the batched kernel: one small set of operations, each an
// IEEE single-precision operation applied lane by lane, with three implementations:
//
//   WasmLanes    WebAssembly SIMD (wasm_simd128.h), when built with -msimd128
//   Sse2Lanes    x86's SSE2 (emmintrin.h), part of every x86-64 CPU: the native build
//   ScalarLanes  four plain floats, for any other CPU and as the reference in the tests
//
// plus ScalarLanes64 (four doubles, std::exp) for the float64 reference path. The kernel
// (head_kernel.cc) is written once against this interface, so every backend performs
// the same operations in the same order on every lane: no fused multiply-add (the file is
// built with -ffp-contract=off), no reassociation, round to nearest even. Their results are
// therefore identical bit for bit, and so are native and WebAssembly builds.
//
// Exp is a polynomial (Cephes' expf) written with these operations, so it too is the same
// bit for bit everywhere; see PolyExp for its order of evaluation and its error bound.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define ATTN_LANES_WASM 1
#elif defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define ATTN_LANES_SSE2 1
#endif

namespace attn::lanes {

// exp(x) for four lanes, evaluated as (every step rounded to float, in this order):
//   t = x * log2(e) + 1.5 * 2^23     the magic constant rounds x * log2(e) to the nearest
//   n = t - 1.5 * 2^23                 integer (ties to even), exactly
//   r = (x - n * C1) - n * C2          Cody-Waite: C1 + C2 = ln 2, n * C1 exact
//   y = ((((c5 r + c4) r + c3) r + c2) r + c1) r + c0      Horner, left to right
//   y = ((y * (r * r)) + r) + 1
//   exp = y * 2^n                      2^n made from t's bits: ((bits(t) - bits(magic) + 127) << 23)
//   exp = 0 where x < -87.3365478515625 (the float nearest ln 2^-126: no subnormal results),
//   exp = +inf where x > 88.3762550354 (the largest float whose n is at most 127),
//   NaN stays NaN.
// exp(0) = 1 exactly (n = 0, r = 0). Error against the exact exp, measured over 1.27
// million arguments (every 1/4096 of [-104, 89] and a dense set around 0; tests/cpp/batch/
// lanes4_test.cc, which holds it to 1 ulp and 1e-7): at most 0.97 ulp of the result, relative
// error at most 7.9e-8, over [-87.33, 88.37]. Below -87.33 the result is 0, an absolute error
// below 2^-126 (std::exp returns a subnormal there); above 88.376, +inf where std::exp is
// finite up to 88.72 (softmax only takes exp of numbers <= 0).
// kNonPositive: the caller's arguments are never above 0 (softmax's exp(score - max)), so the
// overflow test is left out; the result is the same bits for every such argument.
template <class L, bool kNonPositive = false>
typename L::V PolyExp(typename L::V x) {
  using V = typename L::V;
  const V magic = L::Splat(12582912.0f);  // 1.5 * 2^23
  const V t = L::Add(L::Mul(x, L::Splat(1.44269504088896341f)), magic);
  const V n = L::Sub(t, magic);
  V r = L::Sub(x, L::Mul(n, L::Splat(0.693359375f)));
  r = L::Sub(r, L::Mul(n, L::Splat(-2.12194440e-4f)));
  V y = L::Splat(1.9875691500e-4f);
  y = L::Add(L::Mul(y, r), L::Splat(1.3981999507e-3f));
  y = L::Add(L::Mul(y, r), L::Splat(8.3334519073e-3f));
  y = L::Add(L::Mul(y, r), L::Splat(4.1665795894e-2f));
  y = L::Add(L::Mul(y, r), L::Splat(1.6666665459e-1f));
  y = L::Add(L::Mul(y, r), L::Splat(5.0000001201e-1f));
  y = L::Add(L::Add(L::Mul(y, L::Mul(r, r)), r), L::Splat(1.0f));
  V e = L::Mul(y, L::Pow2FromMagic(t));
  e = L::Select(L::Less(x, L::Splat(-87.3365478515625f)), L::Splat(0.0f), e);
  if constexpr (!kNonPositive) {
    e = L::Select(L::Less(L::Splat(88.3762550354003906f), x), L::Splat(std::numeric_limits<float>::infinity()), e);
  }
  return e;
}

// The reference: four floats, one lane at a time. Masks are all-ones or all-zeros words,
// as in the SIMD backends.
struct ScalarLanes {
  using Scalar = float;
  struct V {
    float l[4];
  };
  struct M {
    uint32_t l[4];
  };
  static V Splat(float x) { return {{x, x, x, x}}; }
  static V Load(const float* p) { return {{p[0], p[1], p[2], p[3]}}; }
  static void Store(float* p, V a) { std::memcpy(p, a.l, sizeof a.l); }
  static M LoadMask(const uint32_t* p) { return {{p[0], p[1], p[2], p[3]}}; }
  static float Lane(V a, int i) { return a.l[i]; }
  static V Add(V a, V b) { return {{a.l[0] + b.l[0], a.l[1] + b.l[1], a.l[2] + b.l[2], a.l[3] + b.l[3]}}; }
  static V Sub(V a, V b) { return {{a.l[0] - b.l[0], a.l[1] - b.l[1], a.l[2] - b.l[2], a.l[3] - b.l[3]}}; }
  static V Mul(V a, V b) { return {{a.l[0] * b.l[0], a.l[1] * b.l[1], a.l[2] * b.l[2], a.l[3] * b.l[3]}}; }
  // a < b ? b : a, lane by lane (a NaN in b is ignored, one in a is kept).
  static V Max(V a, V b) {
    V out;
    for (int i = 0; i < 4; ++i) out.l[i] = a.l[i] < b.l[i] ? b.l[i] : a.l[i];
    return out;
  }
  static M Less(V a, V b) {
    M out;
    for (int i = 0; i < 4; ++i) out.l[i] = a.l[i] < b.l[i] ? ~uint32_t{0} : 0;
    return out;
  }
  static V Select(M m, V a, V b) {  // m ? a : b
    V out;
    for (int i = 0; i < 4; ++i) out.l[i] = m.l[i] ? a.l[i] : b.l[i];
    return out;
  }
  // 2^n from t = n + 1.5 * 2^23 (see PolyExp), wrapping like the SIMD integer lanes.
  static V Pow2FromMagic(V t) {
    V out;
    for (int i = 0; i < 4; ++i) {
      uint32_t bits;
      std::memcpy(&bits, &t.l[i], 4);
      bits = (bits - 0x4B400000u + 127u) << 23;
      std::memcpy(&out.l[i], &bits, 4);
    }
    return out;
  }
  static V Exp(V x) { return PolyExp<ScalarLanes>(x); }
  static V ExpOfNonPositive(V x) { return PolyExp<ScalarLanes, true>(x); }
};

// Four doubles for the float64 path, which keeps libm's exp (the reference the float32
// results are checked against).
struct ScalarLanes64 {
  using Scalar = double;
  struct V {
    double l[4];
  };
  using M = ScalarLanes::M;
  static V Splat(double x) { return {{x, x, x, x}}; }
  static V Load(const double* p) { return {{p[0], p[1], p[2], p[3]}}; }
  static void Store(double* p, V a) { std::memcpy(p, a.l, sizeof a.l); }
  static M LoadMask(const uint32_t* p) { return {{p[0], p[1], p[2], p[3]}}; }
  static double Lane(V a, int i) { return a.l[i]; }
  static V Add(V a, V b) { return {{a.l[0] + b.l[0], a.l[1] + b.l[1], a.l[2] + b.l[2], a.l[3] + b.l[3]}}; }
  static V Sub(V a, V b) { return {{a.l[0] - b.l[0], a.l[1] - b.l[1], a.l[2] - b.l[2], a.l[3] - b.l[3]}}; }
  static V Mul(V a, V b) { return {{a.l[0] * b.l[0], a.l[1] * b.l[1], a.l[2] * b.l[2], a.l[3] * b.l[3]}}; }
  static V Max(V a, V b) {
    V out;
    for (int i = 0; i < 4; ++i) out.l[i] = a.l[i] < b.l[i] ? b.l[i] : a.l[i];
    return out;
  }
  static V Select(M m, V a, V b) {
    V out;
    for (int i = 0; i < 4; ++i) out.l[i] = m.l[i] ? a.l[i] : b.l[i];
    return out;
  }
  static V Exp(V x) { return {{std::exp(x.l[0]), std::exp(x.l[1]), std::exp(x.l[2]), std::exp(x.l[3])}}; }
  static V ExpOfNonPositive(V x) { return Exp(x); }
};

#if defined(ATTN_LANES_WASM)
struct WasmLanes {
  using Scalar = float;
  using V = v128_t;
  using M = v128_t;
  static V Splat(float x) { return wasm_f32x4_splat(x); }
  static V Load(const float* p) { return wasm_v128_load(p); }
  static void Store(float* p, V a) { wasm_v128_store(p, a); }
  static M LoadMask(const uint32_t* p) { return wasm_v128_load(p); }
  static float Lane(V a, int i) {
    switch (i) {
      case 0: return wasm_f32x4_extract_lane(a, 0);
      case 1: return wasm_f32x4_extract_lane(a, 1);
      case 2: return wasm_f32x4_extract_lane(a, 2);
      default: return wasm_f32x4_extract_lane(a, 3);
    }
  }
  static V Add(V a, V b) { return wasm_f32x4_add(a, b); }
  static V Sub(V a, V b) { return wasm_f32x4_sub(a, b); }
  static V Mul(V a, V b) { return wasm_f32x4_mul(a, b); }
  static V Max(V a, V b) { return wasm_f32x4_pmax(a, b); }  // a < b ? b : a
  static M Less(V a, V b) { return wasm_f32x4_lt(a, b); }
  static V Select(M m, V a, V b) { return wasm_v128_bitselect(a, b, m); }
  static V Pow2FromMagic(V t) { return wasm_i32x4_shl(wasm_i32x4_add(t, wasm_i32x4_splat(127 - 0x4B400000)), 23); }
  static V Exp(V x) { return PolyExp<WasmLanes>(x); }
  static V ExpOfNonPositive(V x) { return PolyExp<WasmLanes, true>(x); }
};
using SimdLanes = WasmLanes;
#define ATTN_HAS_SIMD_LANES 1
#elif defined(ATTN_LANES_SSE2)
struct Sse2Lanes {
  using Scalar = float;
  using V = __m128;
  using M = __m128;
  static V Splat(float x) { return _mm_set1_ps(x); }
  static V Load(const float* p) { return _mm_loadu_ps(p); }
  static void Store(float* p, V a) { _mm_storeu_ps(p, a); }
  static M LoadMask(const uint32_t* p) {
    return _mm_castsi128_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  }
  static float Lane(V a, int i) {
    float l[4];
    _mm_storeu_ps(l, a);
    return l[i];
  }
  static V Add(V a, V b) { return _mm_add_ps(a, b); }
  static V Sub(V a, V b) { return _mm_sub_ps(a, b); }
  static V Mul(V a, V b) { return _mm_mul_ps(a, b); }
  static V Max(V a, V b) { return _mm_max_ps(b, a); }  // maxps(b, a) = b > a ? b : a
  static M Less(V a, V b) { return _mm_cmplt_ps(a, b); }
  static V Select(M m, V a, V b) { return _mm_or_ps(_mm_and_ps(m, a), _mm_andnot_ps(m, b)); }
  static V Pow2FromMagic(V t) {
    const __m128i n = _mm_add_epi32(_mm_castps_si128(t), _mm_set1_epi32(127 - 0x4B400000));
    return _mm_castsi128_ps(_mm_slli_epi32(n, 23));
  }
  static V Exp(V x) { return PolyExp<Sse2Lanes>(x); }
  static V ExpOfNonPositive(V x) { return PolyExp<Sse2Lanes, true>(x); }
};
using SimdLanes = Sse2Lanes;
#define ATTN_HAS_SIMD_LANES 1
#else
using SimdLanes = ScalarLanes;  // no 128-bit SIMD known here: the portable lanes
#endif

// One float through the four-lane exp (lane 0), for the few scalar uses: identical to
// what the vector code computes for the same argument.
template <class L>
typename L::Scalar Exp1(typename L::Scalar x) {
  return L::Lane(L::Exp(L::Splat(x)), 0);
}

}  // namespace attn::lanes
