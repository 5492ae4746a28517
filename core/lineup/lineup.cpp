// SPDX-License-Identifier: GPL-3.0-or-later
#include "lineup/lineup.hpp"

#include "area/area_lineup.hpp"
#include "area/process_node.hpp"
#include "compare/families.hpp"
#include "energy/energy_lineup.hpp"
#include "mwp/mwp_compare.hpp"
#include "occupancy/occupancy_lineup.hpp"
#include "params/format.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "published/published.hpp"
#include "search/tile_lineup.hpp"
#include "session/session.hpp"

#include <algorithm>

namespace cdx::lineup {

namespace {
compare::FamilyComparison occupancySide(const SessionState& s) {
    return occupancy::evaluateSession(s);
}
} // namespace

const std::vector<LineupFamily>& lineupFamilies() {
    // The die area's process node, the chip's own unless one is named for all (issue 55: the
    // window put every GPU at the session's node, the CLI at 28 nm).
    static const ChipSetting node{
        "node", "nm", "--node", &area::atChipNode, &area::nodeChoices, &area::parseNode};
    // One line per family: its compare id, the quantity the bars show, whether less of it is
    // the better end, the optimiser where the family searches, its own evaluation where it has
    // no compare family.
    static const std::vector<LineupFamily> families{
        {"talg", "T_alg", true, &search::optimiseTiles, nullptr, nullptr, "talg",
         &search::sharedProblem},
        {"area", "total_mm2", true, nullptr, nullptr, &node, "area"},
        {"codesign", "weighted_time_s", true, nullptr, nullptr, &node, "area"},
        {"mwp", "time_s", true, nullptr, nullptr, nullptr, "mwp", &mwp::sharedKernel},
        {"power", "gpu_power_w", true, nullptr, nullptr, nullptr, "mwp", &mwp::sharedKernel},
        {"occupancy", "occupancy", false, nullptr, &occupancySide, nullptr, "", &mwp::sharedKernel},
        {"energy", "E_alg", true, &energy::optimiseEnergyTiles, nullptr, nullptr, "energy",
         &energy::sharedProblem},
        {"eatss", "objective", false, nullptr, nullptr, nullptr, "eatss"},
        {"chain", "fused_total", true, nullptr, nullptr, nullptr, "chain"},
    };
    return families;
}

const LineupFamily* lineupFamily(const std::string& id) {
    for (const auto& f : lineupFamilies()) {
        if (f.id == id) {
            return &f;
        }
    }
    return nullptr;
}

std::string familyIds() {
    std::string out;
    for (const auto& f : lineupFamilies()) {
        out += (out.empty() ? "" : ", ") + f.id;
    }
    return out;
}

std::optional<double> Side::value(const std::string& name) const {
    for (const auto& v : values) {
        if (v.name == name && !v.isText()) {
            return v.b;
        }
    }
    return std::nullopt;
}

namespace {

const compare::CompareFamily* compareFamily(const std::string& id) {
    for (const auto& f : compare::compareFamilies()) {
        if (f.id == id) {
            return &f;
        }
    }
    return nullptr;
}

// A side's quantities: the family's own evaluation, or compare's of the side with itself (its
// `b` values: exactly what `cdx compare` gives for that session).
compare::FamilyComparison evaluateSide(const LineupFamily& family, const SessionState& s) {
    if (family.evaluate) {
        return family.evaluate(s);
    }
    compare::FamilyComparison f = compareFamily(family.id)->compare(s, s);
    for (auto& v : f.values) {
        v.a.reset();
        v.textA.clear();
    }
    f.contributions.clear();
    f.explanation.clear();
    // Both sides are this one: an error is said once, without "baseline: …; session: …".
    const auto cut = f.error.find("; session: ");
    if (cut != std::string::npos) {
        f.error = f.error.substr(cut + 11);
    }
    return f;
}

std::string sideName(const LineupFamily& family, const SessionState& s) {
    if (!s.title.empty()) {
        return s.title;
    }
    if (const auto* c = compareFamily(family.id)) {
        return c->side(s);
    }
    return profileLabel(s.mwp.gpu); // occupancy: the MWP-CWP workspace's GPU
}

} // namespace

Lineup lineUp(std::vector<SessionState> sides, const std::string& family, bool optimise,
              const std::vector<std::string>& labels, const Progress& progress) {
    Options o;
    o.optimise = optimise;
    o.labels = labels;
    return lineUp(std::move(sides), family, o, progress);
}

Lineup lineUp(std::vector<SessionState> sides, const std::string& family, const Options& options,
              const Progress& progress) {
    const LineupFamily* found = lineupFamily(family);
    if (!found) {
        throw InputError("--family", family, "expected one of " + familyIds());
    }
    if (sides.size() < kMinSides || sides.size() > kMaxSides) {
        throw InputError("sides", std::to_string(sides.size()),
                         "expected 2 to 12 GPUs or sessions in a line-up");
    }
    const ChipSetting* setting = found->chipSetting;
    if (options.forAll) {
        if (!setting) {
            throw InputError("setting for all sides", std::to_string(*options.forAll),
                             "the " + family +
                                 " line-up has no setting of the chip's own to name for all "
                                 "sides");
        }
        const auto allowed = setting->choices();
        if (std::find(allowed.begin(), allowed.end(), *options.forAll) == allowed.end()) {
            std::string list;
            for (const int v : allowed) {
                list += (list.empty() ? "" : ", ") + std::to_string(v);
            }
            throw InputError(setting->flag, std::to_string(*options.forAll),
                             "expected one of " + list);
        }
    }
    const bool optimise = options.optimise;
    const std::optional<published::Validity> validity =
        found->validity.empty() ? std::nullopt : published::validityOf(found->validity);
    const auto& labels = options.labels;
    const LineupFamily& fam = *found;
    Lineup out;
    out.family = fam.id;
    out.headline = fam.headline;
    out.lowerIsBetter = fam.lowerIsBetter;
    bool anyChip = false;
    for (std::size_t i = 0; i < sides.size(); ++i) {
        SessionState& s = sides[i];
        Side side;
        const bool named = i < labels.size() && !labels[i].empty();
        side.label = named ? labels[i] : sideName(fam, s);
        if (progress) {
            progress(i, sides.size(), side.label);
        }
        try {
            const bool chip = i < options.chips.size() && options.chips[i];
            if (setting && (chip || options.forAll)) {
                anyChip = true;
                side.setting = setting->apply(s, options.forAll);
            }
            if (optimise && fam.optimise) {
                side.optimum = fam.optimise(s);
                if (!named) {
                    side.label = sideName(fam, s); // at its optimum
                }
            }
            compare::FamilyComparison f = evaluateSide(fam, s);
            // The calibration warnings the family's own command gives for this side (issue 55:
            // the line-up dropped those of cdx optimize).
            if (validity) {
                const auto outside = published::outsideDomain(*validity, sessionToJson(s));
                if (!outside.empty()) {
                    side.warnings.push_back("outside the calibration domain of the " +
                                            outside.front().model + ": " +
                                            published::outsideSummary(outside));
                }
            }
            if (out.title.empty()) {
                out.title = f.title;
            }
            side.values = std::move(f.values);
            side.error = f.error;
        } catch (const InputError& e) {
            side.error = e.what();
        }
        for (const auto& v : side.values) {
            if (v.name == fam.headline && out.unit.empty()) {
                out.unit = v.unit;
            }
        }
        out.sides.push_back(std::move(side));
    }
    if (progress) {
        progress(sides.size(), sides.size(), {});
    }
    if (out.title.empty()) {
        out.title = fam.id;
    }
    if (setting && anyChip) {
        out.settings = options.forAll ? "every side at " + std::to_string(*options.forAll) + " " +
                                            setting->unit
                                      : "each GPU at its chip's own " + setting->name;
    }
    out.sentence = sentence(out);
    return out;
}

std::string sentence(const Lineup& l) {
    const Side* low = nullptr;
    const Side* high = nullptr;
    std::size_t valued = 0;
    for (const auto& s : l.sides) {
        const auto v = s.value(l.headline);
        if (!v) {
            continue;
        }
        ++valued;
        if (!low || *v < *low->value(l.headline)) {
            low = &s;
        }
        if (!high || *v > *high->value(l.headline)) {
            high = &s;
        }
    }
    const auto with = [&l](const Side& s) {
        // "tiles 6×192, tT 22 (exact optimum)" inside the side's brackets: ", exact optimum"
        std::string optimum = s.optimum;
        const std::string exact = " (exact optimum)";
        if (optimum.size() > exact.size() &&
            optimum.compare(optimum.size() - exact.size(), exact.size(), exact) == 0) {
            optimum = optimum.substr(0, optimum.size() - exact.size()) + ", exact optimum";
        }
        return s.label + " (" + formatG(*s.value(l.headline), 4) +
               (l.unit.empty() ? "" : " " + l.unit) + (optimum.empty() ? "" : ", " + optimum) +
               (s.setting.empty() ? "" : ", " + s.setting) + ")";
    };
    if (valued == 0) {
        return "No side has a value of " + l.headline + ": each says why.";
    }
    if (valued > 1 && *low->value(l.headline) == *high->value(l.headline)) {
        return "All " + std::to_string(valued) + " sides with a value have " + l.headline + " " +
               formatG(*low->value(l.headline), 4) + (l.unit.empty() ? "" : " " + l.unit) +
               (valued < l.sides.size()
                    ? "; " + std::to_string(l.sides.size() - valued) + " without a value."
                    : ".");
    }
    const Side& best = l.lowerIsBetter ? *low : *high;
    const Side& worst = l.lowerIsBetter ? *high : *low;
    std::string out =
        std::string(l.lowerIsBetter ? "Lowest " : "Highest ") + l.headline + ": " + with(best);
    if (valued > 1) {
        const double b = *best.value(l.headline), w = *worst.value(l.headline);
        out += "; " + std::string(l.lowerIsBetter ? "highest" : "lowest") + ": " + with(worst);
        if (b > 0 && w > 0) {
            out += ", " + formatG(std::max(b, w) / std::min(b, w), 4) + " ×";
        }
    }
    if (valued < l.sides.size()) {
        out += "; " + std::to_string(l.sides.size() - valued) + " of " +
               std::to_string(l.sides.size()) + " sides without a value";
    }
    return out + ".";
}

nlohmann::ordered_json toJson(const Lineup& l) {
    using json = nlohmann::ordered_json;
    json sides = json::array();
    for (const auto& s : l.sides) {
        json quantities = json::object(), units = json::object();
        for (const auto& v : s.values) {
            quantities[v.name] = v.isText() ? json(v.textB) : v.b ? json(*v.b) : json(nullptr);
            units[v.name] = v.unit;
        }
        sides.push_back(
            {{"label", s.label},
             {"optimum", s.optimum.empty() ? json(nullptr) : json(s.optimum)},
             {"setting", s.setting.empty() ? json(nullptr) : json(s.setting)},
             {"error", s.error.empty() ? json(nullptr) : json(s.error)},
             {"warnings", s.warnings},
             {"headline", s.value(l.headline) ? json(*s.value(l.headline)) : json(nullptr)},
             {"quantities", quantities},
             {"units", units}});
    }
    return {{"family", l.family},
            {"title", l.title},
            {"headline", l.headline},
            {"unit", l.unit},
            {"lower_is_better", l.lowerIsBetter},
            {"sentence", l.sentence},
            {"settings", l.settings.empty() ? json(nullptr) : json(l.settings)},
            {"sides", sides}};
}

} // namespace cdx::lineup
