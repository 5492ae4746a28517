// SPDX-License-Identifier: GPL-3.0-or-later
#include "params/profiles.hpp"

#include "params/gpu_description.hpp"
#include "params/input_error.hpp"
#include "params/parameter_keys.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string_view>

namespace cdx {

using nlohmann::json;

namespace {

// Line and column of a byte offset, for parse-error messages.
std::string lineColumn(const std::string& text, std::size_t byte) {
    std::size_t line = 1;
    std::size_t col = 1;
    for (std::size_t i = 0; i < text.size() && i + 1 < byte; ++i) {
        if (text[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(col);
}

// Parses into a DOM (nlohmann's own SAX DOM builder does the work) while keeping the path of
// the value being read, so that a malformed document or a number beyond a double ("1e400")
// is refused naming where: "params.n_sm.value", line and column.
class PathTrackingSax {
public:
    using number_integer_t = json::number_integer_t;
    using number_unsigned_t = json::number_unsigned_t;
    using number_float_t = json::number_float_t;
    using string_t = json::string_t;
    using binary_t = json::binary_t;

    PathTrackingSax(json& result, const std::string& text, const std::string& file)
        : dom_(result, true), text_(text), file_(file) {}

    bool null() { return value() && dom_.null(); }
    bool boolean(bool v) { return value() && dom_.boolean(v); }
    bool number_integer(number_integer_t v) { return value() && dom_.number_integer(v); }
    bool number_unsigned(number_unsigned_t v) { return value() && dom_.number_unsigned(v); }
    bool number_float(number_float_t v, const string_t& s) {
        return value() && dom_.number_float(v, s);
    }
    bool string(string_t& v) { return value() && dom_.string(v); }
    bool binary(binary_t& v) { return value() && dom_.binary(v); }
    bool start_object(std::size_t n) {
        value();
        stack_.push_back({false, 0, {}});
        return dom_.start_object(n);
    }
    bool key(string_t& k) {
        stack_.back().key = k;
        return dom_.key(k);
    }
    bool end_object() {
        stack_.pop_back();
        return dom_.end_object();
    }
    bool start_array(std::size_t n) {
        value();
        stack_.push_back({true, 0, {}});
        return dom_.start_array(n);
    }
    bool end_array() {
        stack_.pop_back();
        return dom_.end_array();
    }
    bool parse_error(std::size_t position, const std::string& token,
                     const nlohmann::detail::exception& e) {
        if (e.id == 406) { // out_of_range: "number overflow parsing '1e400'"
            throw InputError(path(true), token,
                             "a number a double can hold (magnitude at most 1.8e308), at " +
                                 lineColumn(text_, position),
                             file_);
        }
        // nlohmann's text is "[json.exception.parse_error.101] parse error at line ...,
        // column ...: syntax error while parsing ... - <detail>"; keep the detail only.
        const std::string what = e.what();
        const auto dash = what.rfind(" - ");
        const std::string detail = dash == std::string::npos ? what : what.substr(dash + 3);
        throw InputError("JSON", {}, "malformed at " + lineColumn(text_, position) + ": " + detail,
                         file_);
    }

private:
    struct Level {
        bool array;
        std::size_t count; // elements begun so far (arrays)
        std::string key;   // the member being read (objects)
    };
    bool value() {
        if (!stack_.empty() && stack_.back().array) {
            ++stack_.back().count;
        }
        return true;
    }
    // "params.n_sm.value", "loops[2].name"; `pending`: the value that failed has not been
    // counted yet in its array.
    std::string path(bool pending) const {
        std::string out;
        for (std::size_t i = 0; i < stack_.size(); ++i) {
            const Level& l = stack_[i];
            if (l.array) {
                // The element being read: counted already unless it is the failing value.
                const bool failing = pending && i + 1 == stack_.size();
                const std::size_t index = failing ? l.count : (l.count > 0 ? l.count - 1 : 0);
                out += "[" + std::to_string(index) + "]";
            } else if (!l.key.empty()) {
                out += (out.empty() ? "" : ".") + l.key;
            }
        }
        return out.empty() ? "JSON" : out;
    }

    nlohmann::detail::json_sax_dom_parser<json> dom_;
    const std::string& text_;
    const std::string& file_;
    std::vector<Level> stack_;
};

} // namespace

nlohmann::json parseJson(const std::string& text, const std::string& file) {
    json result;
    PathTrackingSax sax(result, text, file);
    json::sax_parse(text, &sax);
    return result;
}

std::shared_ptr<const nlohmann::json> readJsonCached(const std::filesystem::path& path) {
    struct Entry {
        std::filesystem::file_time_type time;
        std::uintmax_t size = 0;
        std::shared_ptr<const json> j;
    };
    static std::mutex mutex;
    static std::map<std::string, Entry> cache; // bounded by the profile files there are
    std::error_code ec;
    const auto time = std::filesystem::last_write_time(path, ec);
    const auto size = ec ? 0 : std::filesystem::file_size(path, ec);
    if (!ec) {
        const std::lock_guard lock(mutex);
        if (const auto it = cache.find(path.string());
            it != cache.end() && it->second.time == time && it->second.size == size) {
            return it->second.j;
        }
    }
    auto j = std::make_shared<const json>(parseJson(readText(path), path.string()));
    if (!ec) {
        const std::lock_guard lock(mutex);
        cache[path.string()] = Entry{time, size, j};
    }
    return j;
}

std::string readText(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw InputError("file", path.string(), "cannot be opened for reading");
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void writeTextAtomic(const std::filesystem::path& path, const std::string& text) {
    std::random_device rd;
    // append() rather than "." + string: GCC 12 -Wrestrict false positive (PR 105651).
    std::string tmpName(".");
    tmpName.append(path.filename().string()).append(".tmp").append(std::to_string(rd() % 1000000));
    const auto tmp = path.parent_path() / tmpName;
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) {
            throw InputError("file", path.string(),
                             "cannot be written (directory missing or "
                             "not writable)");
        }
        out << text;
        out.flush();
        if (!out) {
            std::error_code ec;
            std::filesystem::remove(tmp, ec);
            throw InputError("file", path.string(), "write failed (disk full?)");
        }
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        std::filesystem::remove(tmp, ec);
        throw InputError("file", path.string(), "could not replace the file: " + ec.message());
    }
}

Quantity quantityFromJson(const nlohmann::json& q, std::string_view unit,
                          const std::string& allowed, const std::string& path,
                          const std::string& file) {
    if (!q.is_object()) {
        throw InputError(path, q.dump(),
                         "expected an object {\"value\": ..., \"unit\": \"" + std::string(unit) +
                             "\", \"source\": \"...\"}",
                         file);
    }
    for (const auto& [field, _] : q.items()) {
        if (field != "value" && field != "unit" && field != "source" && field != "note" &&
            field != "edited" && field != "kind" && field != "rule") {
            throw InputError(path + "." + field, {},
                             "unknown field; expected value (or rule), unit, kind, source (note, "
                             "edited)",
                             file);
        }
    }
    Quantity out;
    if (q.contains("kind")) {
        const auto& k = q.at("kind");
        if (!k.is_string() || !isValueKind(k.get<std::string>())) {
            throw InputError(path + ".kind", k.dump(),
                             "expected vendor, published, measured, estimated, fitted or yours",
                             file);
        }
        out.kind = k.get<std::string>();
    }
    if (q.contains("rule")) {
        const auto& r = q.at("rule");
        if (!r.is_string() || r.get<std::string>().empty()) {
            throw InputError(path + ".rule", r.dump(),
                             "expected a rule of the chip's values (\"7.96e-10 * 1216 / "
                             "clock_mhz\")",
                             file);
        }
        out.rule = r.get<std::string>();
        try {
            (void)ruleInputs(out.rule, path + ".rule"); // a malformed rule is refused here
        } catch (const InputError& e) {
            throw InputError(e.field(), e.value(), e.allowed(), file);
        }
    }
    if (!q.contains("value") && !out.rule.empty()) {
        // derived when the profile is read (rederive)
    } else if (!q.contains("value")) {
        throw InputError(path + ".value", {}, "missing; expected " + allowed + " (or a rule)",
                         file);
    } else if (const auto& v = q.at("value"); v.is_null()) {
        // A measured or fitted value is a number (issue 55: a measured null was replaced by the
        // estimate without a word); "not published" or cleared values may be null.
        if (out.kind == "measured" || out.kind == "fitted") {
            throw InputError(path + ".value", "null",
                             "a " + out.kind + " value needs a number (" + allowed +
                                 "); leave the key out to use the estimate",
                             file);
        }
        out.value.reset();
    } else if (v.is_number()) {
        out.value = v.get<double>();
    } else {
        throw InputError(path + ".value", v.dump(), "expected " + allowed, file);
    }
    if (!out.rule.empty()) {
        out.value.reset(); // the rule decides, not a number written beside it
    }
    for (const char* field : {"unit", "source"}) {
        if (!q.contains(field) || !q.at(field).is_string() ||
            q.at(field).get<std::string>().empty()) {
            throw InputError(path + "." + field, q.contains(field) ? q.at(field).dump() : "",
                             "missing; expected a non-empty string", file);
        }
    }
    out.unit = q.at("unit").get<std::string>();
    if (out.unit != unit) {
        throw InputError(path + ".unit", "\"" + out.unit + "\"",
                         "expected \"" + std::string(unit) + "\"", file);
    }
    out.source = q.at("source").get<std::string>();
    if (q.contains("edited")) {
        if (!q.at("edited").is_boolean()) {
            throw InputError(path + ".edited", q.at("edited").dump(), "expected true or false",
                             file);
        }
        out.edited = q.at("edited").get<bool>();
    }
    return out;
}

namespace {

std::string requireString(const json& obj, const char* key, const std::string& file) {
    if (!obj.contains(key)) {
        throw InputError(key, {}, "missing; expected a string", file);
    }
    const auto& v = obj.at(key);
    if (!v.is_string() || v.get<std::string>().empty()) {
        throw InputError(key, v.dump(), "expected a non-empty string", file);
    }
    return v.get<std::string>();
}

std::string optionalString(const json& obj, const char* key, const std::string& file) {
    if (!obj.contains(key)) {
        return {};
    }
    const auto& v = obj.at(key);
    if (!v.is_string()) {
        throw InputError(key, v.dump(), "expected a string", file);
    }
    return v.get<std::string>();
}

// {"value": x|null, "unit": "...", "source": "..."} checked against the key table.
Quantity parseQuantity(const json& q, const ParameterKey& key, const std::string& path,
                       const std::string& file) {
    Quantity out = quantityFromJson(q, key.unit, allowedValues(key), path, file);
    if (out.rule.empty()) {
        checkParameterValue(key, out.value, file + ": " + path);
    }
    return out;
}

void parseParams(const json& params, ParameterOwner owner, const std::string& file,
                 std::map<std::string, Quantity>& out) {
    if (!params.is_object()) {
        throw InputError("params", params.dump().substr(0, 40), "expected an object", file);
    }
    for (const auto& [name, q] : params.items()) {
        const ParameterKey* key = findParameterKey(name);
        if (!key || key->owner != owner || name == "c_iter_s") {
            throw InputError("params." + name, {},
                             "unknown key; known keys: " + knownParameterKeys(owner), file);
        }
        out[name] = parseQuantity(q, *key, "params." + name, file);
    }
}

double requiredValue(const std::map<std::string, Quantity>& params, const char* key,
                     const std::string& where) {
    const auto it = params.find(key);
    const ParameterKey* k = findParameterKey(key);
    if (it != params.end() && !it->second.value && !it->second.rule.empty()) {
        throw InputError(key, {},
                         "its rule " + it->second.rule +
                             " gives no value (an input is missing, or it divides by zero); "
                             "expected " +
                             allowedValues(*k),
                         where);
    }
    if (it == params.end() || !it->second.value) {
        throw InputError(key, {}, "missing; expected " + allowedValues(*k), where);
    }
    checkParameterValue(*k, it->second.value, where);
    return *it->second.value;
}

std::filesystem::path executableDir() {
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::path{} : exe.parent_path();
}

bool looksLikePath(const std::string& s) {
    return s.find('/') != std::string::npos || s.ends_with(".json");
}

} // namespace

GpuProfile parseGpuProfile(const std::string& jsonText, const std::string& file) {
    return gpuProfileFromJson(parseJson(jsonText, file), file);
}

namespace {

// The description form (issue 43): "facts" and one block per family (gpuBlocks()); each key in
// the block that owns it, the Talg block's c_iter_s an object of stencil ids.
void parseDescription(const json& j, const std::string& file, GpuProfile& p) {
    std::string blocks;
    for (const auto& b : gpuBlocks()) {
        blocks += (blocks.empty() ? "" : ", ") + std::string(b.id);
    }
    for (const auto& item : j.items()) {
        const std::string member = item.key(); // a plain name: clang 14 captures no bindings
        static const std::set<std::string> top{"id",      "name",   "architecture", "note",
                                               "process", "memory", "derived_from", "format"};
        if (top.count(member) == 0 &&
            std::none_of(gpuBlocks().begin(), gpuBlocks().end(),
                         [&member](const GpuBlock& b) { return b.id == member; })) {
            throw InputError(member, {},
                             "unknown member; a GPU description has id, name, architecture, "
                             "process, memory, note and the blocks " +
                                 blocks,
                             file);
        }
    }
    for (const auto& b : gpuBlocks()) {
        const std::string block(b.id);
        if (!j.contains(block)) {
            continue;
        }
        const auto& obj = j.at(block);
        if (!obj.is_object()) {
            throw InputError(block, obj.dump().substr(0, 40), "expected an object", file);
        }
        for (const auto& [name, q] : obj.items()) {
            const std::string path = block + "." + name;
            if (name == "c_iter_s" && block == "talg") {
                if (!q.is_object()) {
                    throw InputError(path, q.dump().substr(0, 40),
                                     "expected an object stencil id -> quantity", file);
                }
                const ParameterKey* key = findParameterKey("c_iter_s");
                for (const auto& [stencil, cq] : q.items()) {
                    p.cIterByStencil[stencil] = parseQuantity(cq, *key, path + "." + stencil, file);
                }
                continue;
            }
            const ParameterKey* key = findParameterKey(name);
            if (!key || key->owner != ParameterOwner::Gpu) {
                throw InputError(path, {},
                                 "unknown key; known GPU keys: " +
                                     knownParameterKeys(ParameterOwner::Gpu),
                                 file);
            }
            if (blockOfKey(name) != b.id) {
                throw InputError(path, {}, "belongs to the block " + std::string(blockOfKey(name)),
                                 file);
            }
            p.params[name] = parseQuantity(q, *key, path, file);
        }
    }
    for (auto* m : {&p.params, &p.cIterByStencil}) {
        for (auto& [name, q] : *m) {
            if (q.kind.empty()) {
                throw InputError(name, {},
                                 "has no kind; expected vendor, published, measured, estimated, "
                                 "fitted or yours",
                                 file);
            }
        }
    }
}

} // namespace

GpuProfile gpuProfileFromJson(const nlohmann::json& j, const std::string& file, bool requireTalg,
                              bool complete) {
    if (!j.is_object()) {
        throw InputError("JSON", {}, "expected a GPU profile object", file);
    }
    GpuProfile p;
    p.file = file;
    p.id = requireString(j, "id", file);
    p.name = requireString(j, "name", file);
    p.architecture = optionalString(j, "architecture", file);
    p.note = optionalString(j, "note", file);
    p.process = optionalString(j, "process", file);
    p.memory = optionalString(j, "memory", file);
    const bool description = j.contains("facts");
    if (description) {
        parseDescription(j, file, p);
    } else {
        if (!j.contains("params")) {
            throw InputError("facts", {},
                             "missing; expected the chip's facts (or the older \"params\")", file);
        }
        parseParams(j.at("params"), ParameterOwner::Gpu, file, p.params);
        // Each value gets the kind it is read as (kindOf: from its source), the kind the
        // description form writes: the state read is the state a save writes (issue 58).
        for (auto& [name, q] : p.params) {
            if (q.kind.empty()) {
                q.kind = kindOf(q);
            }
        }
    }
    if (complete) {
        completeGpu(p);
    } else {
        rederive(p);
    }
    if (requireTalg) {
        (void)toGpu(p); // every parameter Talg needs must be present and valid
    }
    return p;
}

GpuProfile readGpuProfileAsWritten(const std::filesystem::path& path) {
    return gpuProfileFromJson(*readJsonCached(path), path.string(), false, false);
}

KernelProfile kernelProfileFromJson(const nlohmann::json& j, const std::string& file) {
    if (!j.is_object()) {
        throw InputError("JSON", {}, "expected a kernel profile object", file);
    }
    KernelProfile p;
    p.file = file;
    p.id = requireString(j, "id", file);
    p.name = requireString(j, "name", file);
    p.description = optionalString(j, "description", file);
    if (!j.contains("params")) {
        throw InputError("params", {}, "missing; expected an object of kernel parameters", file);
    }
    parseParams(j.at("params"), ParameterOwner::Kernel, file, p.params);
    return p;
}

StencilProfile parseStencilProfile(const std::string& jsonText, const std::string& file) {
    return stencilProfileFromJson(parseJson(jsonText, file), file);
}

StencilProfile stencilProfileFromJson(const nlohmann::json& j, const std::string& file) {
    if (!j.is_object()) {
        throw InputError("JSON", {}, "expected a stencil profile object", file);
    }
    StencilProfile p;
    p.file = file;
    p.id = requireString(j, "id", file);
    p.name = requireString(j, "name", file);
    p.description = optionalString(j, "description", file);
    if (!j.contains("dim")) {
        throw InputError("dim", {}, "missing; expected 1, 2 or 3", file);
    }
    const auto& d = j.at("dim");
    // Compared as 64-bit (unsigned when it is): get<int>() of 4294967298 would read 2.
    if (!d.is_number_integer() || (d.is_number_unsigned() && d.get<std::uint64_t>() > 3) ||
        d.get<std::int64_t>() < 1 || d.get<std::int64_t>() > 3) {
        throw InputError("dim", d.dump(), "expected 1, 2 or 3", file);
    }
    p.dim = d.get<int>();
    if (j.contains("params")) {
        parseParams(j.at("params"), ParameterOwner::Stencil, file, p.params);
    }
    if (!p.params.contains("bytes_per_word")) {
        p.params["bytes_per_word"] =
            Quantity{4.0, "B/word", "default (single precision)", false, "published", {}};
    }
    if (!p.params.contains("flops_per_point")) {
        throw InputError("params.flops_per_point", {},
                         "missing; give a value or null when the sources give none", file);
    }
    if (!j.contains("c_iter_s")) {
        return p; // C_iter is the GPU description's (issue 43); a stencil may add its own
    }
    const auto& c = j.at("c_iter_s");
    if (!c.is_object()) {
        throw InputError("c_iter_s", c.dump().substr(0, 40),
                         "expected an object GPU id -> quantity", file);
    }
    const ParameterKey* key = findParameterKey("c_iter_s");
    for (const auto& [gpu, q] : c.items()) {
        p.cIterByGpu[gpu] = parseQuantity(q, *key, "c_iter_s." + gpu, file);
    }
    return p;
}

GpuProfile readGpuProfile(const std::filesystem::path& path) {
    return parseGpuProfile(readText(path), path.string());
}

StencilProfile readStencilProfile(const std::filesystem::path& path) {
    return parseStencilProfile(readText(path), path.string());
}

Gpu toGpu(const GpuProfile& p) {
    const std::string where = p.file.empty() ? "GPU " + p.id : p.file;
    Gpu g;
    g.id = p.id;
    g.nSm = static_cast<std::int64_t>(requiredValue(p.params, "n_sm", where));
    g.nV = static_cast<std::int64_t>(requiredValue(p.params, "n_v", where));
    g.mSmKb = requiredValue(p.params, "m_sm_kb", where);
    g.mTbKb = requiredValue(p.params, "m_tb_kb", where);
    g.rSm = static_cast<std::int64_t>(requiredValue(p.params, "r_sm", where));
    g.mtbSm = static_cast<std::int64_t>(requiredValue(p.params, "mtb_sm", where));
    g.lSecondsPerGb = requiredValue(p.params, "l_s_per_gb", where);
    g.tauSyncSeconds = requiredValue(p.params, "tau_sync_s", where);
    g.tSyncSeconds = requiredValue(p.params, "t_sync_s", where);
    const auto optional = [&p](const char* key) -> std::optional<double> {
        const auto it = p.params.find(key);
        return it != p.params.end() ? it->second.value : std::nullopt;
    };
    g.computeCapability = optional("compute_capability");
    g.clockMhz = optional("clock_mhz");
    g.memLdCycles = optional("mem_ld_cycles");
    g.departureCoalCycles = optional("departure_del_coal_cycles");
    return g;
}

Stencil toStencil(const StencilProfile& p, const std::string& gpuId) {
    return toStencil(p, loadGpuProfile(gpuId));
}

Stencil toStencil(const StencilProfile& p, const GpuProfile& gpu) {
    const std::string& gpuId = gpu.id;
    const std::string where = p.file.empty() ? "stencil " + p.id : p.file;
    Stencil s;
    s.id = p.id;
    s.dim = p.dim;
    s.bytesPerWord = static_cast<int>(requiredValue(p.params, "bytes_per_word", where));
    if (const auto it = p.params.find("flops_per_point"); it != p.params.end()) {
        s.flopsPerPoint = it->second.value;
    }
    const Quantity* c = cIterOf(gpu, p);
    if (!c) {
        const auto clock = gpu.params.find("clock_mhz");
        const bool noClock = clock == gpu.params.end() || !clock->second.value;
        throw InputError(
            "c_iter_s", {},
            "no C_iter of stencil '" + p.id + "' for GPU '" + gpuId +
                "': neither the GPU nor the stencil gives one" +
                (noClock ? " (the GPU has no clock_mhz, so the clock rule cannot estimate it)"
                         : " and no rule estimates it (the GTX 980 publishes none for it)") +
                "; type one into C_iter (c_iter_s, seconds per iteration per vector unit)");
    }
    s.cIterSeconds = *c->value;
    return s;
}

namespace {

std::string talgKeysList() {
    return "GPU keys: " + knownParameterKeys(ParameterOwner::Gpu) +
           "; stencil keys: " + knownParameterKeys(ParameterOwner::Stencil);
}

// A GPU or stencil key; `field` names it in messages ("n_sm", or "--set n_sm" for the CLI).
const ParameterKey& talgKey(const std::string& name, const std::string& field) {
    const ParameterKey* key = findParameterKey(name);
    if (!key) {
        throw InputError(field, {}, "unknown key; " + talgKeysList());
    }
    if (key->owner == ParameterOwner::Kernel) {
        throw InputError(field, {}, "is an MWP-CWP kernel key (cdx mwp/power); " + talgKeysList());
    }
    return *key;
}

Quantity editedQuantity(const ParameterKey& key, std::optional<double> value) {
    return Quantity{value, std::string(key.unit), "set by user", true, "yours", {}};
}

std::optional<Quantity> quantityIn(const std::map<std::string, Quantity>& m,
                                   const std::string& key) {
    const auto it = m.find(key);
    return it == m.end() ? std::nullopt : std::optional<Quantity>(it->second);
}

// Range errors of the typed setters, worded as the --set flag always worded them.
[[noreturn]] void rethrowForSetFlag(const InputError& e) {
    throw InputError("--set " + e.field(), e.value(), e.allowed());
}

} // namespace

// profiles.hpp: a value set back to the profile's is not an edit.
Quantity quantityFor(const ParameterKey& key, std::optional<double> value,
                     const std::function<std::optional<Quantity>()>& published) {
    try {
        // A plain value set back is the profile's again; a value typed over a rule is the
        // user's even when it is the number the rule gives now (it must not move with a fact).
        if (auto q = published(); q && !q->edited && q->rule.empty() && q->value == value) {
            return *q;
        }
    } catch (const std::exception&) {
        // not a profile that can be read again: the value is an edit
    }
    return editedQuantity(key, value);
}

namespace {
// Stores `q` at `slot` of a copy of `gpu`, re-derives every rule (a refused derived value
// refuses the edit) and commits. A value restored from the profile that its rule then changes
// (the clock was edited) is kept as typed instead: a typed value is never changed.
void storeGpuValue(GpuProfile& gpu, Quantity q, const ParameterKey& key,
                   std::optional<double> typed, const std::function<Quantity&(GpuProfile&)>& slot) {
    GpuProfile edited = gpu;
    // A value derived from the edit that leaves its range refuses the edit, named as such.
    const auto derive = [&] {
        try {
            rederive(edited);
        } catch (const InputError& e) {
            throw InputError(
                std::string(key.key), typed ? formatNumber(*typed) : std::string("null"),
                "refused: with it " + e.field() + " = " + e.value() + ", which " + e.allowed());
        }
    };
    slot(edited) = q;
    derive();
    if (slot(edited).value != typed) {
        slot(edited) = editedQuantity(key, typed);
        derive();
    }
    gpu = std::move(edited);
}

void setCIter(GpuProfile& gpu, const std::string& stencilId, std::optional<double> value) {
    const ParameterKey& key = *findParameterKey("c_iter_s");
    if (stencilId.empty()) {
        throw InputError("c_iter_s", {},
                         "needs a stencil: c_iter_s.STENCIL (e.g. c_iter_s.heat2d)");
    }
    checkParameterValue(key, value, {});
    const Quantity q = quantityFor(key, value, [&gpu, &stencilId] {
        if (gpu.id.empty()) {
            return std::optional<Quantity>();
        }
        const GpuProfile published = loadGpuProfile(gpu.id);
        return published.name == gpu.name ? quantityIn(published.cIterByStencil, stencilId)
                                          : std::nullopt;
    });
    storeGpuValue(gpu, q, key, value,
                  [&stencilId](GpuProfile& g) -> Quantity& { return g.cIterByStencil[stencilId]; });
}
} // namespace

void setGpuParameter(GpuProfile& gpu, const std::string& name, std::optional<double> value) {
    if (name.rfind("c_iter_s.", 0) == 0) {
        setCIter(gpu, name.substr(9), value);
        return;
    }
    // A value that is another one in other units (freq_ghz = clock_mhz / 1000, the MWP-CWP
    // FP units = n_v) is edited through it, so that everything that follows the fact follows
    // the edit (issue 43: a Freq typed in the MWP-CWP editor moves Mem_LD with it). When the
    // fact cannot hold the value exactly, the typed value is kept as it is, as yours.
    if (const auto it = gpu.params.find(name); it != gpu.params.end() && value) {
        const std::string& rule = it->second.rule;
        std::optional<std::pair<std::string, double>> fact;
        if (rule == "clock_mhz / 1000") {
            fact = {"clock_mhz", std::round(*value * 1000 * 1e6) / 1e6};
        } else if (rule == "n_v") {
            fact = {"n_v", *value};
        }
        if (fact) {
            GpuProfile edited = gpu;
            try {
                setGpuParameter(edited, fact->first, fact->second);
                if (edited.params.at(name).value == value) {
                    gpu = std::move(edited);
                    return;
                }
            } catch (const InputError&) {
                // the fact refuses it: the value itself is checked below
            }
        }
    }
    const ParameterKey* key = findParameterKey(name);
    if (!key || key->owner != ParameterOwner::Gpu) {
        const std::string what = !key ? "unknown key"
                                 : key->owner == ParameterOwner::Stencil
                                     ? "is a stencil key"
                                     : "is an MWP-CWP kernel key";
        throw InputError(name, {}, what + "; GPU keys: " + knownParameterKeys(ParameterOwner::Gpu));
    }
    checkParameterValue(*key, value, {});
    const Quantity q = quantityFor(*key, value, [&gpu, &name] {
        if (gpu.id.empty()) {
            return std::optional<Quantity>();
        }
        const GpuProfile published = loadGpuProfile(gpu.id);
        // The same profile (not a file of another name that took its id).
        return published.name == gpu.name ? quantityIn(published.params, name) : std::nullopt;
    });
    storeGpuValue(gpu, q, *key, value,
                  [&name](GpuProfile& g) -> Quantity& { return g.params[name]; });
}

void setParameter(GpuProfile& gpu, StencilProfile& stencil, const std::string& gpuId,
                  const std::string& name, std::optional<double> value) {
    if (name.rfind("c_iter_s.", 0) == 0) {
        setGpuParameter(gpu, name, value);
        return;
    }
    const ParameterKey& key = talgKey(name, name);
    if (key.owner == ParameterOwner::Gpu) {
        setGpuParameter(gpu, name, value);
        return;
    }
    if (name == "c_iter_s") {
        // C_iter is the chip's (issue 43): stored in the GPU description for this stencil, and
        // the stencil's own value for this GPU (an older session's) no longer applies.
        setCIter(gpu, stencil.id, value);
        stencil.cIterByGpu.erase(gpuId);
        return;
    }
    checkParameterValue(key, value, {});
    (name == "c_iter_s" ? stencil.cIterByGpu[gpuId] : stencil.params[name]) =
        quantityFor(key, value, [&stencil, &gpuId, &name] {
            if (stencil.id.empty()) {
                return std::optional<Quantity>();
            }
            const StencilProfile published = loadStencilProfile(stencil.id);
            return name == "c_iter_s" ? quantityIn(published.cIterByGpu, gpuId)
                                      : quantityIn(published.params, name);
        });
}

std::optional<double> parseOverrideValue(const ParameterKey& key, const std::string& text) {
    if (text == "null") {
        return std::nullopt;
    }
    std::size_t used = 0;
    double v = 0;
    try {
        v = std::stod(text, &used);
    } catch (const std::exception&) {
        used = 0; // not a number, or out of the range of a double (1e400)
    }
    if (used == 0 || used != text.size()) {
        throw InputError("--set " + std::string(key.key), text.empty() ? "\"\"" : text,
                         "must be " + allowedValues(key));
    }
    return v;
}

void applyOverride(GpuProfile& gpu, StencilProfile& stencil, const std::string& gpuId,
                   const std::string& assignment, const std::vector<std::string>& accepted,
                   const std::vector<std::string>& readsItself) {
    std::string takes = accepted.empty() ? talgKeysList() : std::string("this command takes ");
    for (std::size_t i = 0; i < accepted.size(); ++i) {
        if (i) {
            takes += ", ";
        }
        takes += accepted[i];
    }
    const auto eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0) {
        throw InputError("--set " + assignment, {}, "expected KEY=VALUE; " + takes);
    }
    const std::string name = assignment.substr(0, eq);
    const std::string text = assignment.substr(eq + 1);
    const std::string field = "--set " + name;
    const bool oneCIter = name.rfind("c_iter_s.", 0) == 0 && name.size() > 9;
    const ParameterKey* key = findParameterKey(oneCIter ? std::string("c_iter_s") : name);
    if (oneCIter) {
        // A stencil the GPU or a profile knows (a typo must not be stored unused).
        const std::string id = name.substr(9);
        bool known = gpu.cIterByStencil.count(id) != 0 || id == stencil.id;
        std::string ids;
        for (const auto& e : listAllProfiles("stencils")) {
            known = known || (e.id == id && e.error.empty());
            ids += (ids.empty() ? "" : ", ") + e.id;
        }
        if (!known) {
            throw InputError(field, text, "no stencil of id '" + id + "'; known: " + ids);
        }
        const auto value = parseOverrideValue(*key, text);
        try {
            setGpuParameter(gpu, name, value);
        } catch (const InputError& e) {
            rethrowForSetFlag(e);
        }
        return;
    }
    if (!key) {
        throw InputError(field, text, "unknown key; " + takes);
    }
    if (key->owner == ParameterOwner::Kernel) {
        throw InputError(field, text, "is an MWP-CWP kernel key (cdx mwp/power); " + takes);
    }
    if (!accepted.empty() && std::find(accepted.begin(), accepted.end(), name) == accepted.end()) {
        throw InputError(field, text,
                         std::string(key->owner == ParameterOwner::Stencil
                                         ? "is a stencil key, not read by this command; "
                                         : "is not read by this command's models; ") +
                             takes);
    }
    const auto value = parseOverrideValue(*key, text);
    try {
        setParameter(gpu, stencil, gpuId, name, value);
    } catch (const InputError& e) {
        rethrowForSetFlag(e);
    }
    // A fact the command takes for its rules (clock_mhz, the bandwidths) that no value it reads
    // follows on this GPU (the GTX 980's L is measured) would change nothing: said, not ignored.
    const ParameterKey* own = findParameterKey(name);
    if (!accepted.empty() && own && own->owner == ParameterOwner::Gpu &&
        std::string_view(blockOfKey(name)) == "facts") {
        bool read = false;
        for (const auto& k : accepted) {
            read = read || k == name;
        }
        const bool readDirectly =
            (name != "clock_mhz" && name != "mem_spec_gbs" && name != "mem_bandwidth_gbs") ||
            std::find(readsItself.begin(), readsItself.end(), name) != readsItself.end();
        if (read && !readDirectly) {
            bool followed = false;
            for (const auto& f : followersOf(gpu, name)) {
                followed = followed || f.rfind("c_iter_s.", 0) == 0 ||
                           std::find(accepted.begin(), accepted.end(), f) != accepted.end();
            }
            if (!followed) {
                throw InputError(field, text,
                                 "no value this command reads follows it on " + gpu.id +
                                     " (its values are not estimates of it: cdx profiles --show " +
                                     gpu.id +
                                     "); set the value itself, e.g. l_s_per_gb or "
                                     "tau_sync_s");
            }
        }
    }
}

namespace {
// Set once, when a library loaded into another program starts (setInstallationPrefix).
std::optional<std::filesystem::path>& installationPrefix() {
    static std::optional<std::filesystem::path> prefix;
    return prefix;
}
} // namespace

void setInstallationPrefix(const std::filesystem::path& prefix) {
    installationPrefix() = prefix;
}

std::vector<std::filesystem::path> profileSearchPath() {
    std::vector<std::filesystem::path> dirs;
    if (const char* env = std::getenv("CDX_PROFILES_DIR"); env && *env) {
        dirs.emplace_back(env);
    }
    std::filesystem::path prefix;
    if (installationPrefix()) {
        prefix = *installationPrefix();
    } else if (const auto exe = executableDir(); !exe.empty()) {
        prefix = exe.parent_path();
    }
    if (!prefix.empty()) {
        dirs.push_back(prefix / "share" / "codesign-explorer" / "profiles");
    }
#ifdef CDX_SOURCE_PROFILES_DIR
    dirs.emplace_back(CDX_SOURCE_PROFILES_DIR);
#endif
    return dirs;
}

std::vector<ProfileEntry> listProfiles(const std::string& kind) {
    for (const auto& dir : profileSearchPath()) {
        const auto sub = dir / kind;
        std::error_code ec;
        if (!std::filesystem::is_directory(sub, ec)) {
            continue;
        }
        std::vector<ProfileEntry> out;
        for (const auto& e : std::filesystem::directory_iterator(sub, ec)) {
            if (e.path().extension() != ".json") {
                continue;
            }
            const auto held = readJsonCached(e.path());
            const json& j = *held;
            ProfileEntry entry;
            entry.id = j.value("id", e.path().stem().string());
            entry.name = j.value("name", std::string{});
            entry.path = e.path();
            out.push_back(std::move(entry));
        }
        std::sort(out.begin(), out.end(),
                  [](const ProfileEntry& a, const ProfileEntry& b) { return a.id < b.id; });
        return out;
    }
    return {};
}

std::filesystem::path resolveProfile(const std::string& idOrPath, const std::string& kind,
                                     const std::string& flag) {
    if (looksLikePath(idOrPath)) {
        if (!std::filesystem::exists(idOrPath)) {
            throw InputError(flag, idOrPath, "no such file");
        }
        return idOrPath;
    }
    const auto known = listAllProfiles(kind); // shipped first, then the user's
    for (const auto& e : known) {
        if (e.id == idOrPath && e.error.empty()) {
            return e.path;
        }
    }
    for (const auto& e : known) {
        if (e.id == idOrPath) {
            throw InputError(flag, idOrPath, "a profile of yours that cannot be used: " + e.error);
        }
    }
    std::string ids;
    for (const auto& e : known) {
        if (e.error.empty()) {
            ids += (ids.empty() ? "" : ", ") + e.id + (e.user ? " (yours)" : "");
        }
    }
    throw InputError(flag, idOrPath,
                     "unknown id; known: " + (ids.empty() ? std::string("none found") : ids) +
                         " (or give a path to a .json profile)");
}

GpuProfile loadGpuProfile(const std::string& idOrPath) {
    // One description per chip (issue 43): every family reads this one; what a family needs and
    // the file lacks is estimated by its rules or refused by its model, naming the field.
    const auto path = resolveProfile(idOrPath, "gpus", "--gpu");
    return gpuProfileFromJson(*readJsonCached(path), path.string(), false);
}

StencilProfile loadStencilProfile(const std::string& idOrPath) {
    return readStencilProfile(resolveProfile(idOrPath, "stencils", "--stencil"));
}

GpuProfile loadMwpGpuProfile(const std::string& idOrPath) {
    return loadGpuProfile(idOrPath);
}

KernelProfile loadKernelProfile(const std::string& idOrPath) {
    const auto path = resolveProfile(idOrPath, "kernels", "--kernel");
    return kernelProfileFromJson(parseJson(readText(path), path.string()), path.string());
}

} // namespace cdx

namespace cdx {

nlohmann::json quantityToJson(const Quantity& q, bool integer) {
    nlohmann::json value = nullptr;
    if (q.value) {
        value = integer ? nlohmann::json(static_cast<std::int64_t>(*q.value))
                        : nlohmann::json(*q.value);
    }
    nlohmann::json j{{"value", value}, {"unit", q.unit}};
    if (!q.rule.empty()) {
        j["rule"] = q.rule;
    }
    if (!q.kind.empty()) {
        j["kind"] = q.kind;
    }
    j["source"] = q.source;
    if (q.edited) {
        j["edited"] = true;
    }
    return j;
}

namespace {
nlohmann::json quantityJson(const Quantity& q, const std::string& key) {
    // Whole-number keys (counts) are written as integers, as in the shipped profiles.
    const ParameterKey* k = findParameterKey(key);
    return quantityToJson(q, k && k->integer);
}
} // namespace

namespace {
bool sameAsWritten(const std::map<std::string, Quantity>& a,
                   const std::map<std::string, Quantity>& b) {
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [](const auto& x, const auto& y) {
               const Quantity& p = x.second;
               const Quantity& q = y.second;
               return x.first == y.first && p.value == q.value && p.unit == q.unit &&
                      p.source == q.source && p.edited == q.edited && p.rule == q.rule &&
                      kindOf(p) == kindOf(q);
           });
}
} // namespace

bool GpuProfile::operator==(const GpuProfile& o) const {
    return id == o.id && name == o.name && architecture == o.architecture && note == o.note &&
           process == o.process && memory == o.memory && sameAsWritten(params, o.params) &&
           sameAsWritten(cIterByStencil, o.cIterByStencil);
}

nlohmann::json toJson(const GpuProfile& p) {
    // The description form (docs/formats.md "GPU"): facts, then each family's block; every
    // value with its kind (an older file's inferred), a rule's value written beside it.
    nlohmann::json j{{"id", p.id}, {"name", p.name}};
    if (!p.architecture.empty()) {
        j["architecture"] = p.architecture;
    }
    if (!p.process.empty()) {
        j["process"] = p.process;
    }
    if (!p.memory.empty()) {
        j["memory"] = p.memory;
    }
    if (!p.note.empty()) {
        j["note"] = p.note;
    }
    j["facts"] = nlohmann::json::object();
    for (const auto& [key, q] : p.params) {
        nlohmann::json qj = quantityJson(q, key);
        qj["kind"] = kindOf(q);
        j[std::string(blockOfKey(key))][key] = std::move(qj);
    }
    if (!p.cIterByStencil.empty()) {
        nlohmann::json& c = j["talg"]["c_iter_s"];
        for (const auto& [stencil, q] : p.cIterByStencil) {
            nlohmann::json qj = quantityJson(q, "c_iter_s");
            qj["kind"] = kindOf(q);
            c[stencil] = std::move(qj);
        }
    }
    return j;
}

nlohmann::json toJson(const KernelProfile& p) {
    nlohmann::json params = nlohmann::json::object();
    for (const auto& [key, q] : p.params) {
        params[key] = quantityJson(q, key);
    }
    nlohmann::json j{{"id", p.id}, {"name", p.name}};
    if (!p.description.empty()) {
        j["description"] = p.description;
    }
    j["params"] = params;
    return j;
}

nlohmann::json toJson(const StencilProfile& p) {
    nlohmann::json params = nlohmann::json::object();
    for (const auto& [key, q] : p.params) {
        params[key] = quantityJson(q, key);
    }
    nlohmann::json cIter = nlohmann::json::object();
    for (const auto& [gpu, q] : p.cIterByGpu) {
        cIter[gpu] = quantityJson(q, "c_iter_s");
    }
    nlohmann::json j{{"id", p.id}, {"name", p.name}, {"dim", p.dim}};
    if (!p.description.empty()) {
        j["description"] = p.description;
    }
    j["params"] = params;
    j["c_iter_s"] = cIter;
    return j;
}

} // namespace cdx
