// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "params/profiles.hpp"

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

// GPU silicon-area model (thesis Appendix C.2; spec/area-codesign.md §1, §3.1, §3.3).
namespace cdx::area {

// Which form of the model (spec §1.3-1.4, ambiguity A1):
//  Canonical  C.6 with the L2 intercept charged once per SM (L2 slice per SM), full-precision
//             coefficients: reproduces 398 mm^2, 237/356 and every Table C.2 area (default).
//  C6Literal  C.6 as printed: the L2 intercept once per chip.
//  C7Printed  eq. C.7 as printed: truncated, merged coefficients (regression only).
enum class Form { Canonical, C6Literal, C7Printed };
std::string_view name(Form f);                                         // "canonical", "c6", "c7"
Form parseForm(std::string_view s, const std::string& field = "form"); // InputError if unknown

// The area inputs of one GPU design. A cache size of 0 removes that cache with its
// intercept (cache-less designs of the codesign, A5).
struct Architecture {
    std::int64_t nSm = 0; // SMs
    std::int64_t nV = 0;  // vector units (cores) per SM
    double rVuKb = 2;     // register file per vector unit [KB]
    double mSmKb = 0;     // shared memory per SM [KB]
    double l1PairKb = 0;  // L1 per SM pair [KB]; 0 = no L1
    double l2Kb = 0;      // total L2 [KB]; 0 = no L2

    bool operator==(const Architecture&) const = default;
};

// Throws InputError naming the field for non-positive counts or sizes, NaN, negative caches.
void validate(const Architecture& a);

// The elementary coefficients of Table C.1 (mm^2, per kB slopes and per-instance intercepts).
struct Coefficients {
    double betaVu = 0;  // core logic per vector unit [mm^2/VU]
    double betaR = 0;   // register file slope [mm^2/(KB VU)]
    double alphaR = 0;  // register file intercept [mm^2/VU]
    double betaM = 0;   // shared memory slope [mm^2/KB per SM]
    double alphaM = 0;  // shared memory intercept [mm^2/SM]
    double betaL1 = 0;  // L1 slope [mm^2/KB per SM pair]
    double alphaL1 = 0; // L1 intercept [mm^2/SM pair]
    double betaL2 = 0;  // L2 slope [mm^2/KB]
    double alphaL2 = 0; // L2 intercept [mm^2 per L2 slice = per SM]
    double alphaOh = 0; // common overhead [mm^2/SM]
    bool operator==(const Coefficients&) const = default;
};

// Eq. C.7 exactly as printed (truncated merged coefficients).
struct PrintedC7 {
    double perVu = 0; // 0.0447 n_SM n_V
    double rf = 0;    // 0.0043 R_VU n_SM n_V
    double smem = 0;  // 0.015 M_SM n_SM
    double l1 = 0;    // 0.08 L1_pair n_SM
    double l2 = 0;    // 0.041 L2_kB
    double perSm = 0; // 7.317 n_SM
};

// Where a fit is valid (Cacti sweeps of §1.5); outside, results are extrapolations.
struct CalibrationRanges {
    std::array<double, 2> rVuKb{0.5, 8};
    std::array<double, 2> mSmKb{24, 384};
    std::array<double, 2> l1PairKb{3, 96};
    std::array<double, 2> l2PerSmKb{32, 512};
    std::array<double, 2> nV{128, 128}; // beta_VU was read off dies with 128 VUs per SM
    bool operator==(const CalibrationRanges&) const = default;
};

// A coefficient set as shipped in profiles/area/*.json: values with units and sources.
struct CoefficientSet {
    std::string id;
    std::string name;
    std::string process; // "TSMC 28 nm planar (Maxwell)"
    std::string note;
    std::string file;
    std::map<std::string, Quantity> params;    // beta_vu, ..., alpha_oh
    std::map<std::string, Quantity> printedC7; // c7_per_vu, ... (optional block)
    CalibrationRanges ranges;
    std::string rangesSource;
    int node = 28; // the process node it stands for (area/process_node.hpp: scaleToNode sets it)

    Coefficients coefficients() const;
    std::optional<PrintedC7> c7() const;
    // Equal in what it holds: `file` (where it was read from) is neither written nor
    // compared, nor is `node`, which scaleToNode sets with an id and values of its own (a
    // session keeps the set at 28 nm and its node apart, SessionState::areaNode).
    bool operator==(const CoefficientSet& o) const {
        return id == o.id && name == o.name && process == o.process && note == o.note &&
               params == o.params && printedC7 == o.printedC7 && ranges == o.ranges &&
               rangesSource == o.rangesSource;
    }
};

// One coefficient key: name, unit and meaning (the JSON keys of a coefficient set).
struct CoefficientKey {
    std::string_view key;
    std::string_view unit;
    std::string_view description;
};
std::span<const CoefficientKey> coefficientKeys();
std::span<const CoefficientKey> printedC7Keys();

CoefficientSet coefficientSetFromJson(const nlohmann::json& j, const std::string& file);
CoefficientSet parseCoefficientSet(const std::string& jsonText, const std::string& file);
nlohmann::json toJson(const CoefficientSet& s);
// Id ("maxwell-28nm") from the profile search path's area/ folder, or a path to a .json file.
CoefficientSet loadCoefficientSet(const std::string& idOrPath);
inline constexpr const char* kDefaultCoefficientSet = "maxwell-28nm";

enum class Component { VectorUnits, RegisterFiles, SharedMemory, L1, L2, Overhead };
inline constexpr std::array kComponents{Component::VectorUnits,  Component::RegisterFiles,
                                        Component::SharedMemory, Component::L1,
                                        Component::L2,           Component::Overhead};
std::string_view name(Component c);  // "vector_units", ... (the CLI's JSON keys)
std::string_view label(Component c); // "Vector-unit logic", ...
std::string_view equation(Component c, Form f);

enum class Warning {
    OddSmsWithL1,            // n_SM/2 SM pairs is fractional (A22)
    VectorUnitsNotWarp,      // n_V not a multiple of 32 (C.14)
    SharedMemoryOffGrid,     // M_SM not 12/24/36 or a multiple of 48 KB (C.15, A11)
    RegisterFileOutside,     // R_VU outside the Cacti sweep
    SharedMemoryOutside,     // M_SM outside the Cacti sweep
    L1Outside,               // L1 per pair outside the Cacti sweep
    L2Outside,               // L2 per SM outside the Cacti sweep
    VectorUnitsExtrapolated, // n_V outside the dies the logic area was measured on
    NodeExtrapolated         // a set carried from 28 nm to another node (issue 32, extension)
};
std::string_view name(Warning w);
std::string describe(Warning w, const CalibrationRanges& r);

struct ComponentArea {
    Component component;
    double mm2 = 0;
    double percent = 0;
};

struct AreaBreakdown {
    Form form = Form::Canonical;
    std::array<ComponentArea, 6> components{};
    double total = 0;      // mm^2
    double totalFloor = 0; // floor(total): how Table C.2 prints areas
    double perSm = 0;      // total / n_SM
    // Groupings for resource-allocation plots (A21): compute = VU logic; memory = RF + SMEM +
    // L1 + L2; storage without RF = SMEM + L1 + L2; overhead.
    double compute = 0;
    double memory = 0;
    double storageNoRf = 0;
    double overhead = 0;
    std::vector<Warning> warnings;

    double mm2(Component c) const { return components[static_cast<std::size_t>(c)].mm2; }
    double percent(Component c) const { return components[static_cast<std::size_t>(c)].percent; }
};

// Throws InputError for invalid architectures, or for Form::C7Printed with a set
// that has no printed C.7 block.
AreaBreakdown areaBreakdown(const Architecture& a, const CoefficientSet& s,
                            Form f = Form::Canonical);
// The warnings of an architecture against a set's calibration ranges (what areaBreakdown
// reports): off-grid values and values outside the dies and Cacti sweeps it was fitted on.
std::vector<Warning> calibrationWarnings(const Architecture& a, const CalibrationRanges& r);
// Hot path for the codesign grid (no validation, no warnings).
double totalArea(const Architecture& a, const Coefficients& c, Form f = Form::Canonical);

// The largest n_V, a multiple of 32 and >= 32, with area <= budget for the other values
// of `a` (spec §3.3); nullopt when even 32 does not fit. n_V of `a` is ignored.
std::optional<std::int64_t> maxVectorUnits(double budgetMm2, const Architecture& a,
                                           const CoefficientSet& s, Form f = Form::Canonical);

// The merged coefficients of spec area-codesign.md §1.3-1.4, from the fitted (untruncated)
// coefficients: eq. C.7's per-VU term and per-SM constant (which charges alpha_L2 per SM), and
// the cache-less closed form A = cacheLessPerVu n_SM n_V + n_SM (cacheLessPerSmemKb M_SM +
// cacheLessPerSm) for a register file of rVuKb per vector unit.
struct MergedCoefficients {
    double c7PerVu = 0;            // beta_VU + alpha_R (C.7 prints 0.0447)
    double c7PerSm = 0;            // alpha_oh + alpha_M + alpha_L1 / 2 + alpha_L2 (C.7: 7.317)
    double cacheLessPerVu = 0;     // beta_VU + beta_R R_VU + alpha_R [mm2 per VU]
    double cacheLessPerSm = 0;     // alpha_oh + alpha_M [mm2 per SM]
    double cacheLessPerSmemKb = 0; // beta_M [mm2 per KB of shared memory per SM]
};
MergedCoefficients mergedCoefficients(const Coefficients& c, double rVuKb);

// The same architecture without L1 and L2 (the codesign's cache-less form).
Architecture cacheLess(Architecture a);

// The area inputs of a GPU profile: n_sm, n_v, m_sm_kb, r_vu_kb, l1_pair_kb, l2_kb
// (InputError naming a missing key).
Architecture architectureOf(const GpuProfile& p);

// The inverse of architectureOf, as an edit (the architecture sliders, a codesign design
// loaded into the session): validates `a` (validate above), then writes n_sm, n_v, m_sm_kb,
// r_vu_kb, l1_pair_kb and l2_kb through setGpuParameter, touching only the keys whose value
// differs (those become edited, "set by user"). All or nothing: an InputError leaves `gpu`
// unchanged. Returns whether anything changed.
bool applyArchitecture(GpuProfile& gpu, const Architecture& a);

} // namespace cdx::area
