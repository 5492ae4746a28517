// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/arguments.hpp"
#include "talg/talg.hpp"

#include <array>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

// Pieces every cdx subcommand shares: the Talg variant flags and the JSON/text formatting
// of variants, tilings and problems.
namespace cdx::cli {

// --pitch, --nw, --k, --w3d, --nsslabs, --gb, --r-tile
extern const std::vector<std::string> kVariantFlags;
talg::TalgVariant parseVariant(const Arguments& a);

nlohmann::ordered_json variantJson(const talg::TalgVariant& v, int dim);
nlohmann::ordered_json tileJson(const talg::Tiles& t, int dim);
nlohmann::ordered_json problemJson(const talg::Problem& p);

// "8192 x 8192"
std::string joinSizes(const std::array<std::int64_t, 3>& v, int dim, const char* sep);
// %.*g
std::string fmt(double v, int digits = 10);

// Today's date (UTC, YYYY-MM-DD), for "fitted from N runs (date)".
inline std::string today() {
    const auto t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

// A study checks every point before it runs any (issue 60): while a CheckingOnly lives on this
// thread, the commands that search (optimize, codesign, lineup) parse and check all their
// input, then return 0 before the search, printing nothing.
bool checkingOnly();
class CheckingOnly {
public:
    CheckingOnly();
    ~CheckingOnly();
    CheckingOnly(const CheckingOnly&) = delete;
    CheckingOnly& operator=(const CheckingOnly&) = delete;

private:
    bool previous_;
};

} // namespace cdx::cli
