// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chain/chain_extensions.hpp"
#include "chain/chain_model.hpp"
#include "session/session.hpp"

#include <QColor>
#include <QString>
#include <optional>

// What the Matrix chains views share: the session's analysis (through core), the one-line
// context every view shows (capacity and beta variant), and the colours of the three choices.
namespace cdx::widgets {

struct ChainComputed {
    std::optional<chain::ChainResult> result;
    QString error;
};
ChainComputed computeChain(const ChainSettings& c);

// "6 matrices, M = 65536 elements (√M = 256), β corrected = P(i−1)/P(k2), …"
QString chainContext(const ChainSettings& c);
// "β corrected = P(i−1)/P(k2), what D.11's algebra needs" or the thesis reading.
QString betaText(chain::Beta b);
// No fusion grey, fuse left blue, fuse right orange (Okabe-Ito).
QColor choiceColor(chain::Choice c);
QString choiceText(chain::Choice c);
// "T3" for the op-count tree's node <i,j> (the thesis's numbering), "A4" for a leaf.
QString nodeName(const chain::ChainResult& r, int i, int j);
} // namespace cdx::widgets
