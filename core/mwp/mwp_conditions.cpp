// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/mwp_conditions.hpp"

#include "mwp/mwp_profiles.hpp"
#include "params/input_error.hpp"
#include "session/session.hpp"

namespace cdx::mwp {

std::vector<published::DomainValue> modelConditions(const SessionState& s) {
    // The kernel against its GPU's limits (each checked: a given #Active_blocks_per_SM is taken
    // as it is by the model), and the model's own warnings about this evaluation.
    std::vector<published::DomainValue> out;
    const MwpSettings& m = s.mwp;
    Kernel k;
    try {
        k = m.model();
    } catch (const InputError&) {
        return out; // the views say why there is no kernel
    }
    for (const auto& c : kernelLimitChecks(m.gpu, k, &m.kernel)) {
        published::DomainValue d;
        d.family = "mwp";
        d.model = "MWP-CWP model";
        d.what = c.what;
        d.value = formatNumber(c.value);
        d.allowed = "at most " + formatNumber(c.limit) + " (" + c.key + " of " + m.gpu.id + ")";
        d.why = c.inside ? "the GPU's own limit (profile key " + c.key + ")"
                         : "the GPU cannot run the kernel as described: the model evaluates it "
                           "anyway, and its result describes no real run";
        d.inside = c.inside;
        out.push_back(std::move(d));
    }
    try {
        const auto r = evaluate(m.device(), k, m.variant);
        for (const auto w : r.warnings) {
            if (w == MwpWarning::Case2RulesDiffer) {
                continue; // a reading of the text, said in the views; not a domain matter
            }
            published::DomainValue d;
            d.family = "mwp";
            d.model = "MWP-CWP model";
            d.what = "model warning";
            d.value = std::string(name(w));
            d.allowed = "none";
            d.why = describe(w);
            d.inside = false;
            out.push_back(std::move(d));
        }
    } catch (const InputError&) {
        // refused by the model: the views say why
    }
    return out;
}

} // namespace cdx::mwp
