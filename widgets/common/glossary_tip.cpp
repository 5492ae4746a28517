// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/glossary_tip.hpp"

#include "glossary/glossary.hpp"
#include "params/input_error.hpp"

namespace cdx::widgets {

QString glossaryTip(const std::string& key, const std::string& family) {
    const glossary::Entry* e = nullptr;
    try {
        e = glossary::find(key, family);
    } catch (const InputError&) {
        return {}; // a broken glossary file: the views keep their own tooltips
    }
    if (e == nullptr) {
        return {};
    }
    const auto h = [](const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); };
    // The key (as the CLI prints it) beside the symbol where the two differ.
    QString tip =
        QStringLiteral("<b>%1</b>%2<br>%3<br><i>= %4</i>")
            .arg(h(e->symbol),
                 e->key == e->symbol
                     ? QString()
                     : QStringLiteral(" <span style='color:gray'>(%1)</span>").arg(h(e->key)),
                 h(e->meaning), h(e->equation));
    if (!e->unit.empty()) {
        tip += QStringLiteral(" [%1]").arg(h(e->unit));
    }
    tip += QStringLiteral("<br><span style='color:gray'>%1</span>").arg(h(e->source));
    return QStringLiteral("<div style='max-width: 420px'>%1</div>").arg(tip);
}

} // namespace cdx::widgets
