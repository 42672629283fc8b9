// The tiles of the batched kernel (head_kernel.cc) and of its mask geometry
// (mask_geometry.h): how many queries are scored together, how many keys a packed panel
// holds, how many sources one online-softmax step takes, and how many queries share a block
// of keys while it is in cache.
#pragma once

namespace attn {

inline constexpr int kTile = 4;    // queries per micro-kernel tile
inline constexpr int kPanel = 8;   // keys per packed panel (two 4-lane vectors)
inline constexpr int kBlock = 64;  // sources per online-softmax step
inline constexpr int kPanels = kBlock / kPanel;
inline constexpr int kChunk = 64;  // queries that share each key block while it is in cache

}  // namespace attn
