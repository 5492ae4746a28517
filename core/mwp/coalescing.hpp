// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// Coalescing calculator (spec mwp-cwp-power.md §1.4, §7.1 item 8): the memory transactions one
// warp's load needs, from the per-thread access pattern (address of thread t = offset + t x stride
// elements of `wordBytes`), under a coalescing rule. The MWP-CWP model takes the result as
// #Uncoal_per_mw (transactions per uncoalesced memory warp); the thesis gives 32 for CC 1.0/1.1
// and only a citation for CC 1.2/1.3.
namespace cdx::mwp {

enum class CoalescingRule {
    Cc10,   // CC 1.0/1.1: per half-warp, one 64 B (128 B; 2 x 128 B for 16-byte words) transaction
            // when thread k reads word k of an aligned segment, else one transaction per thread
    Cc12,   // CC 1.2/1.3: per half-warp, segments of 32/64/128 B (by word size) merged, each cut to
            // 64 or 32 B when only its lower or upper half is used (CUDA Programming Guide G.3.2.2)
    Cc20,   // CC 2.x and later with L1 caching: per warp, one transaction per 128 B line touched
    Custom, // the threads per group, the segment size and the halving are the user's
};
std::string_view name(CoalescingRule r); // "cc1.0", "cc1.2", "cc2.0", "custom"
CoalescingRule parseCoalescingRule(std::string_view s, const std::string& field);

struct CoalescingInput {
    int wordBytes = 4;            // 1, 2, 4, 8 or 16
    std::int64_t strideElems = 1; // between consecutive threads (0: all read one word)
    std::int64_t offsetElems = 0; // of thread 0 from a 128-byte boundary
    int warpSize = 32;
    CoalescingRule rule = CoalescingRule::Cc12;
    // Custom rule: threads that coalesce together, the segment size, whether a segment is cut
    // to its used half (down to 32 B).
    int groupThreads = 16;
    int segmentBytes = 128;
    bool halve = true;
};

struct Transaction {
    int group = 0;            // half-warp or warp
    std::int64_t address = 0; // [B] start of the transaction
    int bytes = 0;            // its size
    int threads = 0;          // threads it serves
};

struct CoalescingResult {
    int transactions = 0;        // per warp: #Uncoal_per_mw when the access is not coalesced
    std::int64_t bytesMoved = 0; // sum of transaction sizes: Load_bytes_per_warp
    std::int64_t bytesUsed = 0;  // distinct bytes the threads asked for
    double efficiency = 0;       // bytesUsed / bytesMoved
    bool coalesced = false;      // no more transactions or bytes than the contiguous aligned access
    std::string rule;            // the rule in words, as applied
    std::vector<Transaction> list;
    std::vector<std::int64_t> threadAddress; // [B]
};

// InputError naming the field for a word size other than 1/2/4/8/16, a stride or offset outside
// [-2^20, 2^20], a warp size outside [1, 64], or a custom group/segment out of range.
CoalescingResult coalesce(const CoalescingInput& in);

} // namespace cdx::mwp
