// SPDX-License-Identifier: GPL-3.0-or-later
#include "chain/chain_common.hpp"

#include "params/input_error.hpp"

#include <QLocale>
#include <cmath>

namespace cdx::widgets {

ChainComputed computeChain(const ChainSettings& c) {
    ChainComputed out;
    try {
        out.result = chain::analyseChain(c.dims, c.memoryWords, c.beta);
    } catch (const InputError& e) {
        out.error = QString::fromUtf8(e.what());
    }
    return out;
}

QString betaText(chain::Beta b) {
    return b == chain::Beta::Corrected
               ? QObject::tr("β corrected = P(i−1)/P(k2), what D.11's algebra needs")
               : QObject::tr("β thesis = P(i−1)/P(k) as printed (reproduces Fig. D.11 and "
                             "Table D.1)");
}

QString chainContext(const ChainSettings& c) {
    return QObject::tr("%1 matrices, M = %2 elements (√M = %3), %4")
        .arg(static_cast<int>(c.dims.size()) - 1)
        .arg(QLocale::c().toString(c.memoryWords, 'g', 12))
        .arg(std::sqrt(c.memoryWords), 0, 'g', 6)
        .arg(betaText(c.beta));
}

QColor choiceColor(chain::Choice c) {
    switch (c) {
    case chain::Choice::FuseLeft:
        return QColor(0, 114, 178); // blue
    case chain::Choice::FuseRight:
        return QColor(230, 159, 0); // orange
    case chain::Choice::Leaf:
        return QColor(255, 255, 255);
    case chain::Choice::NoFuse:
        break;
    }
    return QColor(170, 170, 170);
}

QString choiceText(chain::Choice c) {
    switch (c) {
    case chain::Choice::FuseLeft:
        return QObject::tr("fuse left");
    case chain::Choice::FuseRight:
        return QObject::tr("fuse right");
    case chain::Choice::Leaf:
        return QObject::tr("input");
    case chain::Choice::NoFuse:
        break;
    }
    return QObject::tr("no fusion");
}

QString nodeName(const chain::ChainResult& r, int i, int j) {
    if (i == j) {
        return QStringLiteral("A%1").arg(i);
    }
    for (std::size_t t = 0; t < r.nodes.size(); ++t) {
        if (r.nodes[t].i == i && r.nodes[t].j == j) {
            return QStringLiteral("T%1").arg(t + 1);
        }
    }
    return QStringLiteral("<%1,%2>").arg(i).arg(j);
}

} // namespace cdx::widgets
