#include "search/tile_search.hpp"

#include "params/input_error.hpp"

#include <algorithm>
#include <cmath>

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
    std::int64_t* slot; // where the value goes in the Tiles being enumerated
    std::int64_t first;
    std::int64_t step;
    std::int64_t last;
    std::uint64_t count() const {
        return last < first ? 0 : static_cast<std::uint64_t>((last - first) / step + 1);
    }
};

std::uint64_t mulSat(std::uint64_t a, std::uint64_t b) {
    std::uint64_t r = 0;
    return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

class Enumerator {
public:
    Enumerator(const Stencil& st, const talg::Problem& p, const Gpu& g, const talg::TalgVariant& v,
               const SearchOptions& opt, const TilingVisitor* visitor = nullptr)
        : model_(st, p, g, v), p_(p), opt_(opt), within_(opt.within), visitor_(visitor) {}

    SearchResult run() {
        // Axis order = tie-break order: tT, tS1, tS2, tS3.
        axes_.push_back(opt_.fixedTime ? Axis{&tiles_.time, *opt_.fixedTime, 2, *opt_.fixedTime}
                                       : Axis{&tiles_.time, 2, 2, p_.time - p_.time % 2});
        for (int i = 0; i < p_.dim; ++i) {
            const auto fixed = opt_.fixedSpace[static_cast<std::size_t>(i)];
            const bool innermost = i == talg::innermostIndex(p_.dim);
            const std::int64_t step = innermost ? talg::kWarp : 1;
            axes_.push_back(fixed ? Axis{&tiles_.space[i], *fixed, step, *fixed}
                                  : Axis{&tiles_.space[i], step, step, p_.space[i]});
        }
        // Points of the box below each level (for counting pruned sub-boxes).
        below_.assign(axes_.size() + 1, 1);
        for (std::size_t i = axes_.size(); i-- > 0;) {
            below_[i] = mulSat(below_[i + 1], axes_[i].count());
        }
        res_.boxPoints = below_[0];
        for (auto& a : axes_) {
            *a.slot = a.first;
        }
        if (res_.boxPoints > 0) {
            level(0);
        }
        finish();
        return res_;
    }

private:
    void level(std::size_t i) {
        const Axis& a = axes_[i];
        const bool last = i + 1 == axes_.size();
        for (std::int64_t x = a.first; x <= a.last; x += a.step) {
            if (i == 0) { // the tT axis: progress and cancellation once per value
                if (opt_.cancel && opt_.cancel->load(std::memory_order_relaxed)) {
                    throw SearchCancelled();
                }
                if (opt_.progress) {
                    opt_.progress(static_cast<double>((x - a.first) / a.step) /
                                      static_cast<double>(a.count()),
                                  counting_ ? 2 : 1);
                }
            }
            *a.slot = x;
            // Deeper axes sit at their minimum here, so this is the smallest M_tile of the
            // sub-box; if it does not fit, neither does anything from x on along this axis.
            const Constraint c = model_.excludingConstraint(tiles_);
            if (c == Constraint::SharedMemoryPerBlock) {
                const std::uint64_t remaining =
                    static_cast<std::uint64_t>((a.last - x) / a.step + 1);
                res_.infeasible.sharedMemoryPerBlock += mulSat(remaining, below_[i + 1]);
                break;
            }
            if (!last) {
                level(i + 1);
                continue;
            }
            if (c == Constraint::NoResidentBlock) {
                ++res_.infeasible.noResidentBlock;
                continue;
            }
            visit();
        }
        *a.slot = a.first;
    }

    void visit() {
        const talg::TalgResult r = model_.evaluate(tiles_);
        ++res_.evaluations;
        ++res_.feasiblePoints;
        if (!res_.found || r.tAlg < res_.best.tAlg) {
            res_.found = true;
            res_.best = {tiles_, r.tAlg, r.breakdown.k};
        }
        if (visitor_) {
            (*visitor_)(tiles_, r);
            return; // another objective: the caller keeps its own list
        }
        if (counting_) { // second pass: only the count against the final minimum
            res_.withinCount += r.tAlg <= limit_;
            return;
        }
        // The maxWithin smallest (T_alg, tie-break) seen, against the running minimum; finish()
        // filters them against the final one. A max-heap: its top is the first to go.
        if (opt_.maxWithin == 0 || r.tAlg > (1.0 + within_) * res_.best.tAlg) {
            return;
        }
        const TilePoint q{tiles_, r.tAlg, r.breakdown.k};
        if (candidates_.size() < opt_.maxWithin) {
            candidates_.push_back(q);
            std::push_heap(candidates_.begin(), candidates_.end(), better);
        } else if (better(q, candidates_.front())) {
            std::pop_heap(candidates_.begin(), candidates_.end(), better);
            candidates_.back() = q;
            std::push_heap(candidates_.begin(), candidates_.end(), better);
            overflowed_ = true;
        } else {
            overflowed_ = true;
        }
    }

    static bool better(const TilePoint& a, const TilePoint& b) {
        return a.tAlg != b.tAlg ? a.tAlg < b.tAlg : tieBreakLess(a.tiles, b.tiles);
    }

    void finish() {
        if (opt_.progress) {
            opt_.progress(1.0, 1);
        }
        res_.withinFraction = within_;
        if (!res_.found || visitor_) {
            return; // a visitor keeps its own list (another objective)
        }
        const double limit = (1.0 + within_) * res_.best.tAlg;
        std::erase_if(candidates_, [&](const TilePoint& q) { return q.tAlg > limit; });
        std::sort(candidates_.begin(), candidates_.end(), better);
        res_.within = std::move(candidates_);
        res_.withinCount = res_.within.size();
        // The list is every point within unless a full list pushed some out: then count them
        // in a second pass against the final minimum (nothing is kept).
        if (overflowed_ && res_.within.size() == opt_.maxWithin && opt_.maxWithin > 0) {
            countPass(limit);
        } else if (opt_.maxWithin == 0) {
            countPass(limit);
        }
    }

    void countPass(double limit) {
        const SearchResult first = res_;
        counting_ = true;
        limit_ = limit;
        res_.withinCount = 0;
        for (auto& a : axes_) {
            *a.slot = a.first;
        }
        level(0);
        if (opt_.progress) {
            opt_.progress(1.0, 2);
        }
        const std::uint64_t count = res_.withinCount;
        res_ = first; // the first pass's counts and best stand
        res_.withinCount = count;
        res_.evaluations += first.evaluations; // both passes evaluated
    }

    talg::PreparedTalg model_;
    const talg::Problem& p_;
    const SearchOptions& opt_;
    double within_;
    const TilingVisitor* visitor_;
    Tiles tiles_;
    std::vector<Axis> axes_;
    std::vector<std::uint64_t> below_;
    std::vector<TilePoint> candidates_;
    bool overflowed_ = false;
    bool counting_ = false;
    double limit_ = 0;
    SearchResult res_;
};

} // namespace

SearchResult searchTiles(const Stencil& st, const talg::Problem& p, const Gpu& g,
                         const talg::TalgVariant& v, const SearchOptions& opt) {
    if (!std::isfinite(opt.within) || opt.within < 0) {
        throw InputError("within", formatNumber(opt.within),
                         "must be a finite fraction >= 0 (0.10 = within 10% of the minimum)");
    }
    // Validate once with the smallest tiling of the box; the enumeration then only
    // produces valid tilings (even tT, innermost multiple of 32).
    // Pinned sizes are validated as given (even tT, innermost multiple of 32).
    Tiles smallest;
    smallest.time = opt.fixedTime.value_or(2);
    for (int i = 0; i < p.dim; ++i) {
        const std::int64_t free = i == talg::innermostIndex(p.dim) ? talg::kWarp : 1;
        smallest.space[i] = opt.fixedSpace[static_cast<std::size_t>(i)].value_or(free);
    }
    talg::validate(st, p, smallest, g, v);
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

} // namespace cdx::search
