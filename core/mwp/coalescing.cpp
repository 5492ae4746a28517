// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/coalescing.hpp"

#include "params/input_error.hpp"

#include <algorithm>
#include <set>

namespace cdx::mwp {

std::string_view name(CoalescingRule r) {
    switch (r) {
    case CoalescingRule::Cc10:
        return "cc1.0";
    case CoalescingRule::Cc12:
        return "cc1.2";
    case CoalescingRule::Cc20:
        return "cc2.0";
    case CoalescingRule::Custom:
        return "custom";
    }
    return "cc1.2";
}

CoalescingRule parseCoalescingRule(std::string_view s, const std::string& field) {
    for (auto r : {CoalescingRule::Cc10, CoalescingRule::Cc12, CoalescingRule::Cc20,
                   CoalescingRule::Custom}) {
        if (s == name(r)) {
            return r;
        }
    }
    throw InputError(field, std::string(s), "expected cc1.0, cc1.2, cc2.0 or custom");
}

namespace {
std::int64_t floorTo(std::int64_t a, std::int64_t m) {
    const std::int64_t q = a / m;
    return (a % m != 0 && a < 0 ? q - 1 : q) * m;
}

// Merging into segments (CC 1.2/1.3 and the custom rule): take the lowest-numbered pending
// thread's segment, serve every pending thread inside it, cut it to the used half while allowed,
// repeat.
void mergeSegments(const std::vector<std::int64_t>& addr, int wordBytes, int first, int count,
                   int group, int segment, bool halve, CoalescingResult& r) {
    std::vector<bool> done(static_cast<std::size_t>(count), false);
    for (int t = 0; t < count; ++t) {
        if (done[static_cast<std::size_t>(t)]) {
            continue;
        }
        const std::int64_t base = floorTo(addr[static_cast<std::size_t>(first + t)], segment);
        std::int64_t lo = base + segment, hi = base; // bytes used within the segment
        int served = 0;
        for (int u = t; u < count; ++u) {
            const std::int64_t a = addr[static_cast<std::size_t>(first + u)];
            if (!done[static_cast<std::size_t>(u)] && a >= base &&
                a + wordBytes <= base + segment) {
                done[static_cast<std::size_t>(u)] = true;
                lo = std::min(lo, a);
                hi = std::max(hi, a + wordBytes);
                ++served;
            }
        }
        std::int64_t start = base, size = segment;
        while (halve && size > 32) {
            const std::int64_t half = size / 2;
            if (hi <= start + half) {
                size = half;
            } else if (lo >= start + half) {
                start += half;
                size = half;
            } else {
                break;
            }
        }
        r.list.push_back({group, start, static_cast<int>(size), served});
    }
}
} // namespace

CoalescingResult coalesce(const CoalescingInput& in) {
    if (in.wordBytes != 1 && in.wordBytes != 2 && in.wordBytes != 4 && in.wordBytes != 8 &&
        in.wordBytes != 16) {
        throw InputError("word size", std::to_string(in.wordBytes),
                         "expected 1, 2, 4, 8 or 16 bytes");
    }
    constexpr std::int64_t kLimit = std::int64_t(1) << 20;
    if (in.strideElems < -kLimit || in.strideElems > kLimit) {
        throw InputError("stride", std::to_string(in.strideElems),
                         "expected elements in [-1048576, 1048576]");
    }
    if (in.offsetElems < -kLimit || in.offsetElems > kLimit) {
        throw InputError("offset", std::to_string(in.offsetElems),
                         "expected elements in [-1048576, 1048576]");
    }
    if (in.warpSize < 1 || in.warpSize > 64) {
        throw InputError("warp size", std::to_string(in.warpSize), "expected 1 to 64 threads");
    }
    if (in.rule == CoalescingRule::Custom) {
        if (in.groupThreads < 1 || in.groupThreads > in.warpSize) {
            throw InputError("threads per group", std::to_string(in.groupThreads),
                             "expected 1 to the warp size");
        }
        if (in.segmentBytes < 32 || in.segmentBytes > 4096 ||
            (in.segmentBytes & (in.segmentBytes - 1)) != 0 || in.segmentBytes < in.wordBytes) {
            throw InputError("segment size", std::to_string(in.segmentBytes),
                             "expected a power of two from 32 to 4096 bytes, at least a word");
        }
    }
    CoalescingResult r;
    const int w = in.wordBytes;
    for (int t = 0; t < in.warpSize; ++t) {
        r.threadAddress.push_back((in.offsetElems + t * in.strideElems) * w);
    }
    std::set<std::int64_t> used;
    for (const auto a : r.threadAddress) {
        for (int b = 0; b < w; ++b) {
            used.insert(a + b);
        }
    }
    r.bytesUsed = static_cast<std::int64_t>(used.size());
    const int half = std::max(1, in.warpSize / 2);
    switch (in.rule) {
    case CoalescingRule::Cc10: {
        // A half-warp coalesces when its thread k reads word k of a segment aligned to 16 words.
        const bool sized = w == 4 || w == 8 || w == 16;
        for (int g = 0; g * half < in.warpSize; ++g) {
            const int first = g * half, count = std::min(half, in.warpSize - first);
            const std::int64_t base = r.threadAddress[static_cast<std::size_t>(first)];
            bool ok = sized && base % (std::int64_t(half) * w) == 0;
            for (int k = 0; ok && k < count; ++k) {
                ok = r.threadAddress[static_cast<std::size_t>(first + k)] == base + k * w;
            }
            if (ok) {
                const int bytes = count * w;
                for (int at = 0; at < bytes; at += 128) {
                    r.list.push_back({g, base + at, std::min(128, bytes - at), count});
                }
            } else {
                for (int k = 0; k < count; ++k) {
                    const std::int64_t a = r.threadAddress[static_cast<std::size_t>(first + k)];
                    r.list.push_back({g, floorTo(a, 32), std::max(32, w), 1});
                }
            }
        }
        r.rule = "CC 1.0/1.1, per half-warp: one 64 B transaction (128 B for 8-byte words, two of "
                 "128 B for 16-byte words) when thread k reads word k of a segment aligned to 16 "
                 "words; otherwise one transaction per thread";
        break;
    }
    case CoalescingRule::Cc12:
    case CoalescingRule::Custom: {
        const bool custom = in.rule == CoalescingRule::Custom;
        const int segment = custom ? in.segmentBytes : (w == 1 ? 32 : w == 2 ? 64 : 128);
        const int group = custom ? in.groupThreads : half;
        for (int g = 0; g * group < in.warpSize; ++g) {
            const int first = g * group, count = std::min(group, in.warpSize - first);
            mergeSegments(r.threadAddress, w, first, count, g, segment, custom ? in.halve : true,
                          r);
        }
        r.rule = custom ? "custom: groups of " + std::to_string(group) + " threads, " +
                              std::to_string(segment) + " B segments" +
                              (in.halve ? ", cut to the used half down to 32 B" : "")
                        : "CC 1.2/1.3, per half-warp: every " + std::to_string(segment) +
                              " B segment the threads touch is one transaction, cut to 64 or 32 B "
                              "when only its lower or upper half is used";
        break;
    }
    case CoalescingRule::Cc20: {
        std::set<std::int64_t> lines;
        for (const auto a : r.threadAddress) {
            for (std::int64_t b = floorTo(a, 128); b < a + w; b += 128) {
                lines.insert(b);
            }
        }
        for (const auto l : lines) {
            int served = 0;
            for (const auto a : r.threadAddress) {
                served += a < l + 128 && a + w > l;
            }
            r.list.push_back({0, l, 128, served});
        }
        r.rule = "CC 2.x and later, L1 cached: per warp, one transaction per 128 B line touched";
        break;
    }
    }
    r.transactions = static_cast<int>(r.list.size());
    for (const auto& t : r.list) {
        r.bytesMoved += t.bytes;
    }
    r.efficiency =
        r.bytesMoved > 0 ? static_cast<double>(r.bytesUsed) / static_cast<double>(r.bytesMoved) : 0;
    // Coalesced: no more transactions and bytes than the contiguous, aligned access needs.
    CoalescingInput best = in;
    best.strideElems = 1;
    best.offsetElems = 0;
    if (in.strideElems == 1 && in.offsetElems == 0) {
        r.coalesced = true;
    } else {
        const CoalescingResult ideal = coalesce(best);
        r.coalesced = r.transactions <= ideal.transactions && r.bytesMoved <= ideal.bytesMoved;
    }
    return r;
}

} // namespace cdx::mwp
