// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/session.hpp"

#include "area/area_gpu.hpp"
#include "params/input_error.hpp"
#include "search/tile_search.hpp"
#include "session/session_block.hpp"

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>

namespace cdx {

using ojson = nlohmann::ordered_json;

namespace {

// One block of the session file: the top-level keys it owns, how it writes its part of a
// SessionState into the file and how it reads it back (`session` is the whole top-level
// object; a block whose key is absent keeps or sets its defaults, so older files open).
struct SessionBlock {
    std::vector<std::string> keys;
    std::function<void(const SessionState&, ojson& session)> write;
    std::function<void(const nlohmann::json& session, SessionState&, const SessionReader&)> read;
};

// A block under one key, stored in one SessionState member; `absent` gives the member's
// value for files written before the block existed (null: the member's default).
template <class Settings>
SessionBlock nestedBlock(std::string key, Settings SessionState::*member,
                         ojson (*toJson)(const Settings&),
                         Settings (*fromJson)(const nlohmann::json&, const SessionReader&),
                         Settings (*absent)() = nullptr) {
    return {{key},
            [=](const SessionState& s, ojson& session) { session[key] = toJson(s.*member); },
            [=](const nlohmann::json& session, SessionState& s, const SessionReader& r) {
                if (session.contains(key)) {
                    s.*member = fromJson(session.at(key), r);
                } else if (absent != nullptr) {
                    s.*member = absent();
                }
            }};
}

// The session's blocks, in file order. To add a model family (energy, eatss, chain, ...):
// write its block in its own folder (a settings struct with xSessionToJson /
// xSessionFromJson, e.g. core/energy/energy_session.{hpp,cpp}), add one member to
// SessionState and one line here. Nothing else in session/ changes, and files written
// before the block existed still open (the block's key is absent: its defaults apply).
const std::vector<SessionBlock>& sessionBlocks() {
    static const std::vector<SessionBlock> blocks{
        // Talg: its fields sit at the top level (format version 1).
        {{std::begin(kTalgSessionKeys), std::end(kTalgSessionKeys)},
         [](const SessionState& s, ojson& session) { talgSessionToJson(s, session); },
         [](const nlohmann::json& session, SessionState& s, const SessionReader& r) {
             static_cast<TalgSettings&>(s) = talgSessionFromJson(session, r);
         }},
        // Area: two SessionState members (form and coefficient set) in one block.
        {{kAreaSessionKey},
         [](const SessionState& s, ojson& session) {
             session[kAreaSessionKey] =
                 areaSessionToJson({s.areaForm, s.areaCoefficients, s.areaNode, s.areaOverhead});
         },
         [](const nlohmann::json& session, SessionState& s, const SessionReader& r) {
             if (session.contains(kAreaSessionKey)) {
                 AreaSettings a = areaSessionFromJson(session.at(kAreaSessionKey), r);
                 s.areaForm = a.form;
                 s.areaCoefficients = std::move(a.coefficients);
                 s.areaNode = a.node;
                 s.areaOverhead = a.overhead;
             }
         }},
        nestedBlock(kCodesignSessionKey, &SessionState::codesign, codesignSessionToJson,
                    codesignSessionFromJson),
        nestedBlock(kMwpSessionKey, &SessionState::mwp, mwpSessionToJson, mwpSessionFromJson,
                    defaultMwpSettings),
        nestedBlock(kEnergySessionKey, &SessionState::energy, energySessionToJson,
                    energySessionFromJson, defaultEnergySettings),
        nestedBlock(kEatssSessionKey, &SessionState::eatss, eatssSessionToJson,
                    eatssSessionFromJson, defaultEatssSettings),
        nestedBlock(kChainSessionKey, &SessionState::chain, chainSessionToJson,
                    chainSessionFromJson, defaultChainSettings),
    };
    return blocks;
}

// The top-level fields of the session itself (not of a block).
constexpr const char* kHeaderKeys[] = {"schema",    "version", "title",    "description",
                                       "workspace", "view",    "baseline", "lineup"};

} // namespace

area::CoefficientSet SessionState::areaSet() const {
    return area::scaleToNode(areaCoefficients.params.empty()
                                 ? area::loadCoefficientSet(area::kDefaultCoefficientSet)
                                 : areaCoefficients,
                             areaNode, areaOverhead);
}

namespace {
// The session without its baseline.
ojson sessionBody(const SessionState& s) {
    ojson j{{"schema", kSessionSchema}, {"version", kSessionVersion}};
    if (!s.title.empty()) {
        j["title"] = s.title;
    }
    if (!s.description.empty()) {
        j["description"] = s.description;
    }
    if (!s.workspace.empty()) {
        j["workspace"] = s.workspace;
    }
    if (!s.view.empty()) {
        j["view"] = s.view;
    }
    for (const SessionBlock& b : sessionBlocks()) {
        b.write(s, j);
    }
    return j;
}
} // namespace

namespace {
// The line-up as written: [{"gpu": GPU} | {"session": SESSION}].
ojson lineupJson(const std::vector<SessionState::LineupEntry>& lineup) {
    ojson out = ojson::array();
    for (const auto& e : lineup) {
        if (e.gpu) {
            out.push_back({{"gpu", ojson::parse(toJson(*e.gpu).dump())}});
        } else if (e.session) {
            out.push_back({{"session", sessionBody(asBaseline(*e.session))}});
        }
    }
    return out;
}
} // namespace

namespace {
bool sameHeld(const std::shared_ptr<const SessionState>& a,
              const std::shared_ptr<const SessionState>& b) {
    return a == b || (a && b && *a == *b);
}
} // namespace

bool SessionState::LineupEntry::operator==(const LineupEntry& o) const {
    return gpu == o.gpu && sameHeld(session, o.session);
}

bool SessionState::operator==(const SessionState& o) const {
    return static_cast<const TalgSettings&>(*this) == o && title == o.title &&
           description == o.description && workspace == o.workspace && view == o.view &&
           areaCoefficients == o.areaCoefficients && areaForm == o.areaForm &&
           areaNode == o.areaNode && areaOverhead == o.areaOverhead && codesign == o.codesign &&
           mwp == o.mwp && energy == o.energy && eatss == o.eatss && chain == o.chain &&
           lineup == o.lineup && sameHeld(baseline, o.baseline);
}

bool shareTheChip(const SessionState& before, SessionState& after) {
    if (after.gpu.id != after.mwp.gpu.id) {
        return false;
    }
    const auto text = [](const GpuProfile& g) { return toJson(g).dump(); };
    const bool talgChanged = text(before.gpu) != text(after.gpu);
    const bool mwpChanged = text(before.mwp.gpu) != text(after.mwp.gpu);
    if (talgChanged == mwpChanged) {
        return false; // neither (nothing to share) or both (a whole new state)
    }
    const bool talgChose = before.gpu.id != after.gpu.id;
    const bool mwpChose = before.mwp.gpu.id != after.mwp.gpu.id;
    if (!talgChose && !mwpChose && text(before.gpu) != text(before.mwp.gpu)) {
        return false; // two versions of the chip already (a session saved so): no edit is lost
    }
    if (talgChanged) {
        if (talgChose) { // the Talg workspace chose the chip MWP-CWP holds: take it as it is
            after.gpu = after.mwp.gpu;
        } else {
            after.mwp.gpu = after.gpu;
        }
    } else if (mwpChose) {
        after.mwp.gpu = after.gpu;
    } else {
        after.gpu = after.mwp.gpu;
    }
    return true;
}

std::string sessionToJson(const SessionState& s) {
    ojson j = sessionBody(s);
    if (s.baseline) {
        j["baseline"] = sessionBody(asBaseline(*s.baseline));
    }
    if (!s.lineup.empty()) {
        j["lineup"] = lineupJson(s.lineup);
    }
    return j.dump(2) + "\n";
}

SessionState sessionFromJson(const std::string& text, const std::string& file) {
    return sessionFromJson(text, file, nullptr);
}

SessionState sessionFromJson(const std::string& text, const std::string& file,
                             std::vector<std::string>* warnings) {
    const nlohmann::json j = parseJson(text, file);
    if (!j.is_object()) {
        throw InputError("JSON", {}, "expected a session object", file);
    }
    // Warnings go to a local list first: a file that fails to read adds none.
    std::vector<std::string> found;
    const SessionReader r(file, warnings != nullptr ? &found : nullptr);
    if (r.stringMember(j, "schema", {}) != kSessionSchema) {
        throw InputError("schema", j.at("schema").dump(),
                         std::string("expected \"") + kSessionSchema + "\"", file);
    }
    // Refused before anything else is read: a newer file's blocks may mean something else.
    const auto& ver = r.member(j, "version", {});
    if (ver.is_number_unsigned() &&
        ver.get<std::uint64_t>() > static_cast<std::uint64_t>(kSessionVersion)) {
        throw InputError("version", ver.dump(),
                         "written by a newer Codesign Explorer (this one reads session format "
                         "versions 1 to " +
                             std::to_string(kSessionVersion) + ")",
                         file);
    }
    r.integer(ver, "version", 1, kSessionVersion, "expected a positive integer");

    std::vector<std::string_view> known(std::begin(kHeaderKeys), std::end(kHeaderKeys));
    for (const SessionBlock& b : sessionBlocks()) {
        known.insert(known.end(), b.keys.begin(), b.keys.end());
    }
    r.warnUnknownFields(j, known, {});

    SessionState s;
    if (j.contains("title")) {
        s.title = r.stringMember(j, "title", {});
    }
    if (j.contains("description")) {
        s.description = r.stringMember(j, "description", {});
    }
    if (j.contains("workspace")) {
        s.workspace = r.stringMember(j, "workspace", {});
    }
    if (j.contains("view")) {
        const auto& v = j.at("view");
        if (!v.is_object()) {
            throw InputError("view", v.dump().substr(0, 40),
                             "expected an object of strings (what was on screen)", file);
        }
        for (const auto& [key, value] : v.items()) {
            s.view[key] = r.stringMember(v, key, "view");
        }
    }
    for (const SessionBlock& b : sessionBlocks()) {
        b.read(j, s, r);
    }
    if (j.contains("baseline")) {
        const auto& b = j.at("baseline");
        if (!b.is_object()) {
            throw InputError("baseline", b.dump().substr(0, 40),
                             "expected a session object (the configuration compared with)", file);
        }
        // Read as a session of its own; its fields are named after the file's "baseline".
        s.baseline = std::make_shared<const SessionState>(
            asBaseline(sessionFromJson(b.dump(), file + " baseline", warnings ? &found : nullptr)));
    }
    if (j.contains("lineup")) {
        const auto& l = j.at("lineup");
        if (!l.is_array() || l.size() > 12) {
            throw InputError("lineup", l.dump().substr(0, 40),
                             "expected an array of at most 12 sides, each {\"gpu\": GPU} or "
                             "{\"session\": SESSION}",
                             file);
        }
        for (std::size_t i = 0; i < l.size(); ++i) {
            const auto& e = l[i];
            const std::string field = "lineup[" + std::to_string(i) + "]";
            SessionState::LineupEntry entry;
            if (e.is_object() && e.size() == 1 && e.contains("gpu")) {
                entry.gpu = gpuProfileFromJson(e.at("gpu"), file + ": " + field + ".gpu");
            } else if (e.is_object() && e.size() == 1 && e.contains("session") &&
                       e.at("session").is_object()) {
                entry.session = std::make_shared<const SessionState>(asBaseline(sessionFromJson(
                    e.at("session").dump(), file + " " + field, warnings ? &found : nullptr)));
            } else {
                throw InputError(field, e.dump().substr(0, 40),
                                 "expected {\"gpu\": GPU} or {\"session\": SESSION}", file);
            }
            s.lineup.push_back(std::move(entry));
        }
    }
    if (warnings != nullptr) {
        warnings->insert(warnings->end(), found.begin(), found.end());
    }
    return s;
}

void saveSession(const SessionState& s, const std::filesystem::path& path) {
    writeTextAtomic(path, sessionToJson(s));
}

SessionState loadSession(const std::filesystem::path& path) {
    return loadSession(path, nullptr);
}

std::string sessionJsonFromPage(const std::string& html, const std::string& file) {
    const std::string id = std::string("id=\"") + kPageSessionId + "\"";
    const std::size_t at = html.find(id);
    const std::size_t open = at == std::string::npos ? at : html.find('>', at);
    const std::size_t close = open == std::string::npos ? open : html.find("</script>", open);
    if (close == std::string::npos) {
        throw InputError("session", "none in this HTML file",
                         std::string("an interactive page exported by Codesign Explorer (File > "
                                     "Export Interactive Page), which carries its session inside "
                                     "(a script element with id \"") +
                             kPageSessionId + "\")",
                         file);
    }
    return html.substr(open + 1, close - open - 1);
}

SessionState loadSession(const std::filesystem::path& path, std::vector<std::string>* warnings) {
    std::string text = readText(path);
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && text[first] == '<') {
        text = sessionJsonFromPage(text, path.string());
    }
    return sessionFromJson(text, path.string(), warnings);
}

void chooseGpuProfile(SessionState& s, const std::string& idOrPath) {
    s.gpu = loadGpuProfile(idOrPath);
    s.areaNode = area::chipNode(s.gpu).value_or(area::kCalibrationNode);
}

SessionState asBaseline(const SessionState& s) {
    SessionState b = s;
    b.baseline.reset();
    b.lineup.clear();
    b.view.clear();
    return b;
}

SessionState lineupSide(const SessionState& s, const SessionState::LineupEntry& e) {
    if (e.session) {
        return *e.session;
    }
    SessionState side = asBaseline(s);
    if (e.gpu) {
        side.gpu = *e.gpu;
        side.mwp.gpu = *e.gpu;
    }
    side.title.clear();
    side.description.clear();
    return side;
}

SessionState withShippedProfiles(const SessionState& s, std::vector<std::string>* kept) {
    SessionState out = asBaseline(s);
    const auto reload = [kept](auto& target, const std::string& id, auto load) {
        try {
            target = load(id);
        } catch (const InputError&) {
            if (kept) {
                kept->push_back(id);
            }
        }
    };
    reload(out.gpu, s.gpu.id, [](const std::string& id) { return loadGpuProfile(id); });
    reload(out.stencil, s.stencil.id, [](const std::string& id) { return loadStencilProfile(id); });
    reload(out.mwp.gpu, s.mwp.gpu.id, [](const std::string& id) { return loadMwpGpuProfile(id); });
    reload(out.mwp.kernel, s.mwp.kernel.id,
           [](const std::string& id) { return loadKernelProfile(id); });
    reload(out.energy.coefficients, s.energy.coefficients.id,
           [](const std::string& id) { return energy::loadEnergyProfile(id); });
    if (!s.areaCoefficients.params.empty()) {
        reload(out.areaCoefficients, s.areaCoefficients.id,
               [](const std::string& id) { return area::loadCoefficientSet(id); });
    }
    return out;
}

bool applyOptimalTiles(SessionState& s) {
    const auto r = search::searchTiles(s.modelStencil(), s.problem, s.modelGpu(), s.variant,
                                       search::withinOptions(s.within));
    if (!r.found) {
        return false;
    }
    s.tiles = r.best.tiles;
    return true;
}

SessionState defaultSession() {
    SessionState s;
    s.gpu = loadGpuProfile("gtx980");
    s.stencil = loadStencilProfile("heat2d");
    s.problem = talg::Problem{2, {8192, 8192, 1}, 8192};
    s.tiles = talg::Tiles{{8, 256, 1}, 8};
    s.areaCoefficients = area::loadCoefficientSet(area::kDefaultCoefficientSet);
    s.mwp = defaultMwpSettings();
    s.energy = defaultEnergySettings();
    s.eatss = defaultEatssSettings();
    applyOptimalTiles(s);
    return s;
}

} // namespace cdx
