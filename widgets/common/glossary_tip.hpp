// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <string>

namespace cdx::widgets {

// A symbol's glossary entry as a tooltip (rich text: the symbol and key, the meaning, the
// equation with its unit and source); empty when the glossary has no such key, so that a
// caller keeps its own tooltip then.
QString glossaryTip(const std::string& key, const std::string& family = {});

} // namespace cdx::widgets
