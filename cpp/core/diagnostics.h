// Measurements of one weight distribution and its context (Chapter 19's audit list):
// entropy, masked mass, the coordinate ranges of the values and whether a context lies
// inside them, and what a naive (unshifted) float softmax does with large scores.
#pragma once

#include <vector>

#include "core/attention.h"

namespace attn {

// -sum w log w in nats (0 log 0 = 0).
double EntropyOf(const Vec<double>& weights);
// The total weight on positions that the mask excludes.
double MaskedMass(const Vec<double>& weights, const Eligibility& eligible);

struct CoordinateRanges {
  Vec<double> min, max;
};
CoordinateRanges RangesOf(const Mat<double>& values);
// True when every coordinate of the context lies in the values' range (a necessary
// condition for lying in their convex hull, and the check the chapter recommends).
bool InsideRanges(const Vec<double>& context, const CoordinateRanges& ranges, double tolerance = 1e-12);

// Softmax in float without subtracting the maximum: exp(1000) overflows to inf and the
// weights come out as NaN, as they really do.
Vec<float> NaiveSoftmax(const Vec<float>& scores);
// The same in double, as numpy computes it: past a score of about 709, exp overflows to inf.
Vec<double> NaiveSoftmax(const Vec<double>& scores);

}  // namespace attn
