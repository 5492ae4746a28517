// SPDX-License-Identifier: GPL-3.0-or-later
#include "published/trust_values.hpp"

#include "params/gpu_description.hpp"
#include "published/published.hpp"
#include "session/session.hpp"

namespace cdx::published {

compare::FamilyComparison
trustOfSession(const SessionState& s, const std::vector<DomainValue>& modelConditions,
               const std::vector<std::pair<std::string, const GpuProfile*>>& gpus) {
    compare::FamilyComparison f;
    f.family = "trust";
    f.title = "How far to trust this";
    const auto count = [&f](const std::string& name, int v) {
        compare::addNumber(f, name, "", std::nullopt, static_cast<double>(v), true);
    };
    const std::string sessionJson = sessionToJson(s);
    int conditions = 0, outside = 0;
    for (const Validity& v : loadValidity()) {
        auto values = domainValues(v, sessionJson);
        for (const auto& d : modelConditions) {
            if (d.family == v.family) {
                values.push_back(d);
            }
        }
        int out = 0;
        std::string first;
        for (const auto& d : values) {
            if (!d.inside) {
                first = out == 0 ? d.what : first;
                ++out;
            }
        }
        count(v.family + ".conditions", static_cast<int>(values.size()));
        count(v.family + ".outside", out);
        compare::addText(f, v.family + ".first_outside", "", first);
        conditions += static_cast<int>(values.size());
        outside += out;
    }
    count("conditions", conditions);
    count("outside", outside);
    for (const auto& [prefix, gpu] : gpus) {
        const auto tally = kindTally(*gpu);
        for (const auto kind : valueKinds()) {
            const auto it = tally.find(std::string(kind));
            count(prefix + "." + std::string(kind), it == tally.end() ? 0 : it->second);
        }
    }
    int printed = 0, derived = 0, errata = 0;
    for (const Entry& e : loadAll()) {
        (e.kind == Kind::Printed ? printed : derived) += 1;
        errata += e.erratum.empty() ? 0 : 1;
    }
    count("published.printed", printed);
    count("published.derived", derived);
    count("published.errata", errata);
    return f;
}

} // namespace cdx::published
