// SPDX-License-Identifier: GPL-3.0-or-later
#include "eatss/eatss_common.hpp"

#include "params/input_error.hpp"

#include <QObject>

namespace cdx::widgets {

EatssComputed computeEatss(const EatssSettings& e) {
    EatssComputed c;
    try {
        c.gpu = eatss::loadGpu(e.gpu);
        c.formulation = eatss::formulate(e.program, c.gpu, e.options);
        c.solution = eatss::solveExact(*c.formulation);
    } catch (const InputError& err) {
        c.error = QString::fromUtf8(err.what());
    }
    return c;
}

QString eatssContext(const EatssSettings& e) {
    return QObject::tr("%1 on %2; %3 mode, split s = %4, alignment φ = %5, %6")
        .arg(QString::fromStdString(e.program.id), QString::fromStdString(e.gpu),
             QString::fromLatin1(eatss::name(e.options.mode).data()))
        .arg(e.options.split)
        .arg(e.options.align)
        .arg(QString::fromLatin1(eatss::name(e.options.precision).data()));
}

QString tileText(const std::vector<std::int64_t>& t) {
    QStringList parts;
    for (auto v : t) {
        parts << QString::number(v);
    }
    return "(" + parts.join(", ") + ")";
}

int loopIndexOf(const eatss::Program& p, const std::string& name, int fallback) {
    for (std::size_t i = 0; i < p.loops.size(); ++i) {
        if (p.loops[i].name == name) {
            return static_cast<int>(i);
        }
    }
    return fallback;
}

} // namespace cdx::widgets
