// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/tile_search.hpp"

#include "params/input_error.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <exception>
#include <mutex>
#include <thread>

namespace cdx::search {

using talg::Constraint;
using talg::Tiles;

bool tieBreakLess(const Tiles& a, const Tiles& b) {
    if (a.time != b.time) {
        return a.time < b.time;
    }
    return a.space < b.space;
}

namespace {

// One axis of the box: values first, first+step, ..., <= last.
struct Axis {
    int slot; // which tile size: 0 = tT, 1..3 = tS1..tS3
    std::int64_t first;
    std::int64_t step;
    std::int64_t last;
    std::uint64_t count() const {
        return last < first ? 0 : static_cast<std::uint64_t>((last - first) / step + 1);
    }
    std::int64_t& of(Tiles& t) const {
        return slot == 0 ? t.time : t.space[static_cast<std::size_t>(slot - 1)];
    }
};

std::uint64_t mulSat(std::uint64_t a, std::uint64_t b) {
    std::uint64_t r = 0;
    return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

std::uint64_t addSat(std::uint64_t a, std::uint64_t b) {
    std::uint64_t r = 0;
    return __builtin_add_overflow(a, b, &r) ? UINT64_MAX : r;
}

// The axes of the box in tie-break order (tT, tS1, tS2, tS3), pinned sizes as one-value axes.
std::vector<Axis> boxAxes(const talg::Problem& p, const SearchOptions& opt) {
    std::vector<Axis> axes;
    axes.push_back(opt.fixedTime ? Axis{0, *opt.fixedTime, 2, *opt.fixedTime}
                                 : Axis{0, 2, 2, p.time - p.time % 2});
    for (int i = 0; i < p.dim; ++i) {
        const auto fixed = opt.fixedSpace[static_cast<std::size_t>(i)];
        const bool innermost = i == talg::innermostIndex(p.dim);
        const std::int64_t step = innermost ? talg::kWarp : 1;
        axes.push_back(fixed ? Axis{i + 1, *fixed, step, *fixed}
                             : Axis{i + 1, step, step, p.space[i]});
    }
    return axes;
}

bool better(const TilePoint& a, const TilePoint& b) {
    return a.tAlg != b.tAlg ? a.tAlg < b.tAlg : tieBreakLess(a.tiles, b.tiles);
}

// Counts the tilings of the box that fit the per-block shared memory, without evaluating one.
// M_tile grows with every tile size, so the count is that of lattice points under a monotone
// surface: over the two axes with the most values it is a staircase (one walk, exact); the
// other axes (at most two) are enumerated up to their fitting prefix. A prefix of more than
// `samples` values is sampled instead: the count is nonincreasing along it, so between two
// samples it lies between their counts, which bounds the total from both sides.
// Cost: at most samples^2 staircase walks of O(n_a + n_b) checks.
class FitCounter {
public:
    struct Count {
        std::uint64_t lo = 0;
        std::uint64_t hi = 0;
    };

    FitCounter(const talg::PreparedTalg& model, std::vector<Axis> axes, std::uint64_t samples = 65)
        : model_(model), axes_(std::move(axes)), samples_(samples) {
        std::stable_sort(axes_.begin(), axes_.end(),
                         [](const Axis& x, const Axis& y) { return x.count() < y.count(); });
    }

    Count count() {
        for (const auto& a : axes_) {
            if (a.count() == 0) {
                return {};
            }
            a.of(tiles_) = a.first;
        }
        if (!fits(0, 0)) {
            return {};
        }
        return axes_.size() == 1 ? Count{fittingPrefix(0), fittingPrefix(0)} : prefix(0);
    }

private:
    bool fits(std::size_t i, std::uint64_t k) {
        const Axis& a = axes_[i];
        a.of(tiles_) = a.first + static_cast<std::int64_t>(k) * a.step;
        return model_.excludingConstraint(tiles_) != Constraint::SharedMemoryPerBlock;
    }

    // How many values of axis i fit, the deeper axes at their minimum (a prefix of the axis).
    std::uint64_t fittingPrefix(std::size_t i) {
        std::uint64_t lo = 0; // values [0, lo) fit
        std::uint64_t hi = axes_[i].count();
        while (lo < hi) {
            const std::uint64_t mid = lo + (hi - lo) / 2;
            if (fits(i, mid)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        axes_[i].of(tiles_) = axes_[i].first;
        return lo;
    }

    // The staircase over the last two axes: how many values of the last fit, for each value
    // of the one before, never grows.
    std::uint64_t staircase(std::size_t i) {
        const Axis& a = axes_[i];
        std::uint64_t j = fittingPrefix(i + 1);
        std::uint64_t total = 0;
        for (std::uint64_t k = 0; k < a.count() && j > 0; ++k) {
            a.of(tiles_) = a.first + static_cast<std::int64_t>(k) * a.step;
            while (j > 0 && !fits(i + 1, j - 1)) {
                --j;
            }
            total = addSat(total, j);
        }
        a.of(tiles_) = a.first;
        axes_[i + 1].of(tiles_) = axes_[i + 1].first;
        return total;
    }

    Count below(std::size_t i, std::uint64_t k) {
        axes_[i].of(tiles_) = axes_[i].first + static_cast<std::int64_t>(k) * axes_[i].step;
        if (i + 3 == axes_.size()) {
            const std::uint64_t c = staircase(i + 1);
            return {c, c};
        }
        return prefix(i + 1);
    }

    Count prefix(std::size_t i) {
        if (i + 2 == axes_.size()) {
            const std::uint64_t c = staircase(i);
            return {c, c};
        }
        const std::uint64_t m = fittingPrefix(i);
        Count total;
        if (m <= samples_) {
            for (std::uint64_t k = 0; k < m; ++k) {
                const Count c = below(i, k);
                total.lo = addSat(total.lo, c.lo);
                total.hi = addSat(total.hi, c.hi);
            }
        } else {
            std::uint64_t prevK = 0;
            Count prev = below(i, 0);
            total = prev;
            for (std::uint64_t s = 1; s < samples_; ++s) {
                const std::uint64_t k = s * (m - 1) / (samples_ - 1);
                const Count c = below(i, k);
                const std::uint64_t between = k - prevK - 1;
                total.lo = addSat(total.lo, addSat(c.lo, mulSat(between, c.lo)));
                total.hi = addSat(total.hi, addSat(c.hi, mulSat(between, prev.hi)));
                prevK = k;
                prev = c;
            }
        }
        axes_[i].of(tiles_) = axes_[i].first;
        return total;
    }

    const talg::PreparedTalg& model_;
    std::vector<Axis> axes_;
    std::uint64_t samples_;
    Tiles tiles_;
};

// Threads pay off once there is much to evaluate (starting one costs ~0.1 ms): one per core
// when the tilings that fit the shared memory number kParallelPoints or more. The count is
// only made for a box that large (it costs a staircase walk).
template <class CountFitting>
unsigned autoThreads(std::uint64_t boxPoints, CountFitting countFitting) {
    if (boxPoints < kParallelPoints || countFitting() < kParallelPoints) {
        return 1;
    }
    return std::clamp(std::thread::hardware_concurrency(), 1u, 64u);
}

// How many tT values have a tiling that fits (the smallest one, the others at their minimum):
// threads take whole tT values, so no more of them can work.
std::uint64_t fittingTimeValues(const talg::PreparedTalg& model, const std::vector<Axis>& axes) {
    Tiles t;
    for (const auto& a : axes) {
        a.of(t) = a.first;
    }
    std::uint64_t lo = 0;
    std::uint64_t hi = axes[0].count();
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        axes[0].of(t) = axes[0].first + static_cast<std::int64_t>(mid) * axes[0].step;
        if (model.excludingConstraint(t) != Constraint::SharedMemoryPerBlock) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo;
}

// What one thread of a search holds: its part of the counts, its best and its candidates for
// the within list. Threads take whole tT values, so a part never depends on the thread count.
struct alignas(64) Part {
    Tiles tiles;
    SearchResult res;
    std::vector<TilePoint> candidates; // a max-heap under better(): its top goes first
    bool overflowed = false;           // a point within the running limit was not kept
    std::uint64_t withinCount = 0;     // the counting pass
    std::uint64_t flushed = 0;         // tilings visited already counted in the progress
    bool edges = false;                // res.feasibleLow/High hold a feasible tiling
};

class Enumerator {
public:
    Enumerator(const Stencil& st, const talg::Problem& p, const Gpu& g, const talg::TalgVariant& v,
               const SearchOptions& opt, const TilingVisitor* visitor = nullptr)
        : model_(st, p, g, v), opt_(opt), within_(opt.within), visitor_(visitor),
          axes_(boxAxes(p, opt)) {}

    SearchResult run() {
        below_.assign(axes_.size() + 1, 1);
        for (std::size_t i = axes_.size(); i-- > 0;) {
            below_[i] = mulSat(below_[i + 1], axes_[i].count());
        }
        if (opt_.progress && below_[0] > 0) {
            const auto c = FitCounter(model_, axes_).count();
            expected_ = c.lo + (c.hi - c.lo) / 2;
        }
        const unsigned threads = threadCount();
        std::vector<Part> parts(threads);
        if (below_[0] > 0) {
            runPass(parts, false);
        }
        SearchResult res = merge(parts);
        res.boxPoints = below_[0];
        res.withinFraction = within_;
        if (opt_.progress) {
            opt_.progress(1.0, 1);
        }
        if (!res.found || visitor_) {
            return res; // a visitor keeps its own list (another objective)
        }
        const double limit = (1.0 + within_) * res.best.tAlg;
        // Each part kept its maxWithin best within its running limit (never below the final
        // one), so the best maxWithin of their union within the final limit are the list.
        // A part that had to drop points and still holds maxWithin within the limit may have
        // dropped points within it: then a second pass counts them (nothing is kept).
        bool mustCount = opt_.maxWithin == 0;
        for (auto& part : parts) {
            std::erase_if(part.candidates, [&](const TilePoint& q) { return q.tAlg > limit; });
            mustCount = mustCount || (part.overflowed && part.candidates.size() == opt_.maxWithin);
            res.within.insert(res.within.end(), part.candidates.begin(), part.candidates.end());
        }
        std::sort(res.within.begin(), res.within.end(), better);
        res.withinCount = res.within.size();
        if (res.within.size() > opt_.maxWithin) {
            res.within.resize(opt_.maxWithin);
        }
        if (mustCount) {
            limit_ = limit;
            for (auto& part : parts) {
                part = Part{};
            }
            runPass(parts, true);
            res.withinCount = 0;
            for (const auto& part : parts) {
                res.withinCount += part.withinCount;
                res.evaluations += part.res.evaluations; // both passes evaluated
            }
            if (opt_.progress) {
                opt_.progress(1.0, 2);
            }
        }
        return res;
    }

private:
    unsigned threadCount() const {
        if (visitor_ != nullptr || axes_[0].count() < 2) {
            return 1; // a visitor sees the tilings in tie-break order
        }
        const unsigned n = opt_.threads != 0 ? opt_.threads : autoThreads(below_[0], [this] {
            return expected_ > 0 ? expected_ : FitCounter(model_, axes_).count().hi;
        });
        // Threads take whole tT values: no more of them than values that fit.
        const std::uint64_t values = n > 1 ? fittingTimeValues(model_, axes_) : 1;
        return static_cast<unsigned>(
            std::clamp<std::uint64_t>(std::min(n, 64u), 1, std::max<std::uint64_t>(1, values)));
    }

    // One pass over the tT values, shared by the parts: each takes the next value. M_tile
    // grows with tT, so the first value whose smallest tiling does not fit ends the axis.
    void runPass(std::vector<Part>& parts, bool counting) {
        counting_ = counting;
        const Axis& t = axes_[0];
        const std::uint64_t n = t.count();
        std::atomic<std::uint64_t> next{0};
        std::atomic<std::uint64_t> end{n}; // no tT value from here on fits
        std::atomic<bool> stop{false};
        progressDone_ = 0;
        progressPermille_ = -1;
        std::mutex errorMutex;
        std::exception_ptr error;
        auto work = [&](Part& part) {
            try {
                for (std::size_t i = 1; i < axes_.size(); ++i) {
                    axes_[i].of(part.tiles) = axes_[i].first;
                }
                for (;;) {
                    const std::uint64_t idx = next.fetch_add(1);
                    if (idx >= n || stop.load(std::memory_order_relaxed)) {
                        return;
                    }
                    if (opt_.cancel && opt_.cancel->load(std::memory_order_relaxed)) {
                        stop = true;
                        return;
                    }
                    if (idx >= end.load()) {
                        // Every later value is excluded too: take them all at once.
                        const std::uint64_t from = next.exchange(n);
                        const std::uint64_t values = 1 + (from < n ? n - from : 0);
                        part.res.infeasible.sharedMemoryPerBlock = addSat(
                            part.res.infeasible.sharedMemoryPerBlock, mulSat(values, below_[1]));
                        flush(part, values); // a tT value done
                        continue;
                    }
                    t.of(part.tiles) = t.first + static_cast<std::int64_t>(idx) * t.step;
                    if (model_.excludingConstraint(part.tiles) ==
                        Constraint::SharedMemoryPerBlock) {
                        part.res.infeasible.sharedMemoryPerBlock =
                            addSat(part.res.infeasible.sharedMemoryPerBlock, below_[1]);
                        std::uint64_t e = end.load();
                        while (idx < e && !end.compare_exchange_weak(e, idx)) {
                        }
                    } else {
                        level(part, 1);
                    }
                    flush(part, 1);
                }
            } catch (...) {
                const std::lock_guard lock(errorMutex);
                error = std::current_exception();
                stop = true;
            }
        };
        if (parts.size() == 1) {
            work(parts[0]);
        } else {
            std::vector<std::thread> pool;
            try {
                for (std::size_t i = 1; i < parts.size(); ++i) {
                    pool.emplace_back(work, std::ref(parts[i]));
                }
            } catch (...) { // no more threads to be had: the ones started and this one finish
                if (pool.empty()) {
                    throw;
                }
            }
            work(parts[0]);
            for (auto& th : pool) {
                th.join();
            }
        }
        if (error) {
            std::rethrow_exception(error);
        }
        if (opt_.cancel && opt_.cancel->load()) {
            throw SearchCancelled(); // no partial result
        }
    }

    // Progress: the tilings visited (evaluated, or without a resident block) against the
    // up-front count when there is one, else the tT values done; reported in steps of 1/1000,
    // never backwards, from whichever thread crosses a step. `values`: tT values completed.
    void flush(Part& part, std::uint64_t values) {
        if (!opt_.progress) {
            return;
        }
        const std::uint64_t leaves = part.res.feasiblePoints + part.res.infeasible.noResidentBlock +
                                     part.res.infeasible.occupancy;
        const std::uint64_t add = expected_ > 0 ? leaves - part.flushed : values;
        part.flushed = leaves;
        const std::uint64_t done = progressDone_.fetch_add(add) + add;
        const double total =
            expected_ > 0 ? static_cast<double>(expected_) : static_cast<double>(axes_[0].count());
        const double fraction = std::min(static_cast<double>(done) / total, 0.999);
        const int permille = static_cast<int>(fraction * 1000);
        if (permille <= progressPermille_.load(std::memory_order_relaxed)) {
            return;
        }
        const std::lock_guard lock(progressMutex_);
        if (permille > progressPermille_.load()) {
            progressPermille_ = permille;
            opt_.progress(fraction, counting_ ? 2 : 1);
        }
    }

    void level(Part& part, std::size_t i) {
        const Axis& a = axes_[i];
        const bool last = i + 1 == axes_.size();
        std::int64_t& slot = a.of(part.tiles);
        // The innermost axis's first and last evaluated value: the feasible region's edges
        // grow once per run of it, not once per tiling (that cost the 1D search 15 %).
        std::int64_t runLow = 0;
        std::int64_t runHigh = -1;
        for (std::int64_t x = a.first; x <= a.last; x += a.step) {
            if (i == 1 && !last) { // inside a long tT value: Cancel and progress stay live
                if (opt_.cancel && opt_.cancel->load(std::memory_order_relaxed)) {
                    throw SearchCancelled();
                }
                if (part.res.feasiblePoints + part.res.infeasible.noResidentBlock >
                    part.flushed + 65536) {
                    flush(part, 0);
                }
            }
            slot = x;
            // Deeper axes sit at their minimum here, so this is the smallest M_tile of the
            // sub-box; if it does not fit, neither does anything from x on along this axis.
            const Constraint c = model_.excludingConstraint(part.tiles);
            if (c == Constraint::SharedMemoryPerBlock) {
                const auto remaining = static_cast<std::uint64_t>((a.last - x) / a.step + 1);
                part.res.infeasible.sharedMemoryPerBlock = addSat(
                    part.res.infeasible.sharedMemoryPerBlock, mulSat(remaining, below_[i + 1]));
                break;
            }
            if (!last) {
                level(part, i + 1);
                continue;
            }
            if (c == Constraint::NoResidentBlock) {
                ++part.res.infeasible.noResidentBlock;
                continue;
            }
            if (c == Constraint::Occupancy) {
                ++part.res.infeasible.occupancy;
                continue;
            }
            visit(part);
            if (runHigh < runLow) {
                runLow = x;
            }
            runHigh = x;
        }
        if (last && runHigh >= runLow) {
            SearchResult& res = part.res;
            slot = runLow;
            if (!part.edges) {
                res.feasibleLow = part.tiles;
                res.feasibleHigh = part.tiles;
                part.edges = true;
            }
            widen(res.feasibleLow, res.feasibleHigh, part.tiles);
            slot = runHigh;
            widen(res.feasibleLow, res.feasibleHigh, part.tiles);
        }
        slot = a.first;
    }

    void visit(Part& part) {
        SearchResult& res = part.res;
        const talg::TalgResult r = model_.evaluate(part.tiles);
        ++res.evaluations;
        ++res.feasiblePoints;
        if (!res.found || r.tAlg < res.best.tAlg) {
            res.found = true;
            res.best = {part.tiles, r.tAlg, r.breakdown.k};
        }
        if (visitor_) {
            (*visitor_)(part.tiles, r);
            return; // another objective: the caller keeps its own list
        }
        if (counting_) { // second pass: only the count against the final minimum
            part.withinCount += r.tAlg <= limit_;
            return;
        }
        // The maxWithin smallest (T_alg, tie-break) seen, against the running minimum; run()
        // filters them against the final one.
        if (opt_.maxWithin == 0 || r.tAlg > (1.0 + within_) * res.best.tAlg) {
            return;
        }
        auto& heap = part.candidates;
        const TilePoint q{part.tiles, r.tAlg, r.breakdown.k};
        if (heap.size() < opt_.maxWithin) {
            heap.push_back(q);
            std::push_heap(heap.begin(), heap.end(), better);
            return;
        }
        part.overflowed = true;
        if (better(q, heap.front())) {
            std::pop_heap(heap.begin(), heap.end(), better);
            heap.back() = q;
            std::push_heap(heap.begin(), heap.end(), better);
        }
    }

    // The feasible region's edges [low, high] grow to take in `t`.
    static void widen(talg::Tiles& low, talg::Tiles& high, const talg::Tiles& t) {
        low.time = std::min(low.time, t.time);
        high.time = std::max(high.time, t.time);
        for (std::size_t i = 0; i < t.space.size(); ++i) {
            low.space[i] = std::min(low.space[i], t.space[i]);
            high.space[i] = std::max(high.space[i], t.space[i]);
        }
    }

    // The parts' counts add up; the best is the smallest (T_alg, tie-break) of their bests,
    // which is the sequential search's first strict minimum in tie-break order.
    static SearchResult merge(const std::vector<Part>& parts) {
        SearchResult res;
        for (const auto& part : parts) {
            const SearchResult& r = part.res;
            if (r.found && !res.found) {
                res.feasibleLow = r.feasibleLow;
                res.feasibleHigh = r.feasibleHigh;
            } else if (r.found) {
                widen(res.feasibleLow, res.feasibleHigh, r.feasibleLow);
                widen(res.feasibleLow, res.feasibleHigh, r.feasibleHigh);
            }
            if (r.found && (!res.found || better(r.best, res.best))) {
                res.found = true;
                res.best = r.best;
            }
            res.feasiblePoints += r.feasiblePoints;
            res.evaluations += r.evaluations;
            res.infeasible.sharedMemoryPerBlock =
                addSat(res.infeasible.sharedMemoryPerBlock, r.infeasible.sharedMemoryPerBlock);
            res.infeasible.noResidentBlock += r.infeasible.noResidentBlock;
            res.infeasible.occupancy += r.infeasible.occupancy;
        }
        return res;
    }

    talg::PreparedTalg model_;
    const SearchOptions& opt_;
    double within_;
    const TilingVisitor* visitor_;
    std::vector<Axis> axes_;
    std::vector<std::uint64_t> below_;
    bool counting_ = false;
    double limit_ = 0;
    std::uint64_t expected_ = 0; // the up-front count of the tilings to visit (0: none)
    std::atomic<std::uint64_t> progressDone_{0};
    std::atomic<int> progressPermille_{-1};
    std::mutex progressMutex_;
};

} // namespace

namespace {

// Validates once with the smallest tiling of the box; the enumeration then only produces
// valid tilings (even tT, innermost multiple of 32). Pinned sizes are validated as given.
void validateSearch(const Stencil& st, const talg::Problem& p, const Gpu& g,
                    const talg::TalgVariant& v, const SearchOptions& opt) {
    if (!std::isfinite(opt.within) || opt.within < 0) {
        throw InputError("within", formatNumber(opt.within),
                         "must be a finite fraction >= 0 (0.10 = within 10% of the minimum)");
    }
    Tiles smallest;
    smallest.time = opt.fixedTime.value_or(2);
    for (int i = 0; i < p.dim; ++i) {
        const std::int64_t free = i == talg::innermostIndex(p.dim) ? talg::kWarp : 1;
        smallest.space[i] = opt.fixedSpace[static_cast<std::size_t>(i)].value_or(free);
    }
    talg::validate(st, p, smallest, g, v);
}

} // namespace

SearchResult searchTiles(const Stencil& st, const talg::Problem& p, const Gpu& g,
                         const talg::TalgVariant& v, const SearchOptions& opt) {
    validateSearch(st, p, g, v, opt);
    return Enumerator(st, p, g, v, opt).run();
}

SearchResult forEachFeasibleTiling(const Stencil& st, const talg::Problem& p, const Gpu& g,
                                   const talg::TalgVariant& v, const TilingVisitor& visit) {
    Tiles smallest;
    for (int i = 0; i < p.dim; ++i) {
        smallest.space[i] = i == talg::innermostIndex(p.dim) ? talg::kWarp : 1;
    }
    talg::validate(st, p, smallest, g, v);
    SearchOptions opt = withinOptions(0.0);
    opt.maxWithin = 0;
    return Enumerator(st, p, g, v, opt, &visit).run();
}

std::string roughDuration(double seconds) {
    char buf[64];
    if (!(seconds < 60)) {
        if (seconds < 3600) {
            std::snprintf(buf, sizeof buf, "%.0f min", seconds / 60);
        } else if (seconds < 100 * 3600) {
            std::snprintf(buf, sizeof buf, "%.1f h", seconds / 3600);
        } else {
            std::snprintf(buf, sizeof buf, "%.0f days", seconds / 86400);
        }
    } else if (seconds < 10) {
        std::snprintf(buf, sizeof buf, "%.1f s", seconds);
    } else {
        std::snprintf(buf, sizeof buf, "%.0f s", seconds);
    }
    return buf;
}

SearchEstimate estimateSearch(const Stencil& st, const talg::Problem& p, const Gpu& g,
                              const talg::TalgVariant& v, const SearchOptions& opt) {
    validateSearch(st, p, g, v, opt);
    SearchEstimate e;
    std::uint64_t box = 1;
    for (const auto& a : boxAxes(p, opt)) {
        box = mulSat(box, a.count());
    }
    e.boxPoints = box;
    const talg::PreparedTalg model(st, p, g, v);
    const auto axes = boxAxes(p, opt);
    const FitCounter::Count c = FitCounter(model, axes).count();
    e.fittingLow = c.lo;
    e.fittingHigh = c.hi;
    e.fittingPoints = c.lo + (c.hi - c.lo) / 2;
    const std::uint64_t tValues = fittingTimeValues(model, axes);
    const unsigned threads =
        opt.threads != 0 ? opt.threads : autoThreads(box, [&] { return e.fittingPoints; });
    e.threads = static_cast<unsigned>(
        std::clamp<std::uint64_t>(std::min(threads, 64u), 1, std::max<std::uint64_t>(1, tValues)));
    // A thread evaluates a whole tT value: the largest slice (the smallest tT) bounds the time
    // from below, however many threads there are.
    double largestSlice = 0;
    if (e.threads > 1 && e.fittingPoints > 0) {
        auto slice = axes;
        slice[0].last = slice[0].first;
        const FitCounter::Count s = FitCounter(model, slice).count();
        largestSlice = static_cast<double>(s.lo + (s.hi - s.lo) / 2);
    }
    e.seconds = std::max(static_cast<double>(e.fittingPoints) / e.threads, largestSlice) /
                kEvaluationsPerSecond;
    return e;
}

} // namespace cdx::search
