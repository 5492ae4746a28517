// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/trust_view.hpp"

#include "cdx/reproduce.hpp"
#include "common/view_export.hpp"
#include "params/gpu_description.hpp"
#include "params/profile_label.hpp"
#include "session/session.hpp"

#include <QAbstractTextDocumentLayout>
#include <QPainter>
#include <QScrollBar>
#include <QTextBrowser>
#include <QTextDocument>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace cdx::app {

namespace {
QString q(const std::string& s) {
    return QString::fromStdString(s).toHtmlEscaped();
}

} // namespace

std::vector<published::DomainValue>
outsideCalibration(const std::vector<published::Validity>& validity, const SessionState& s) {
    std::vector<published::DomainValue> out;
    if (validity.empty()) {
        return out;
    }
    const std::string json = sessionToJson(s);
    for (const auto& v : validity) {
        for (auto& d : published::outsideDomain(v, json)) {
            out.push_back(std::move(d));
        }
    }
    return out;
}

TrustView::TrustView(const QString& stem, std::vector<published::Validity> validity, QString error,
                     QWidget* parent, Conditions modelConditions)
    : QWidget(parent), stem_(stem), validity_(std::move(validity)), error_(std::move(error)),
      modelConditions_(std::move(modelConditions)) {
    setObjectName("trustView");
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    browser_ = new QTextBrowser(this);
    browser_->setObjectName("trustText");
    browser_->setOpenLinks(false);
    browser_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the text wraps
    layout->addWidget(browser_);
    // The real measurements do not depend on the session: recomputed once, with the commands
    // `cdx reproduce` runs.
    const auto row = [](const QStringList& fields) {
        QStringList out;
        for (const QString& f : fields) {
            out << widgets::csvField(f);
        }
        return out.join(',') + '\n';
    };
    for (const auto& v : validity_) {
        const QString family = QString::fromStdString(v.family);
        for (const auto& c : v.claims) {
            csvFixed_ += row({"claim",
                              family,
                              QString::fromStdString(c.claim),
                              {},
                              {},
                              {},
                              {},
                              {},
                              QString::fromStdString(c.source)});
        }
        const auto checks = cli::validityChecks(v);
        measurementsHtml_ += QString::fromStdString(cli::validityHtml(v, checks, false));
        for (const auto& c : checks) {
            // Numbers without units (the unit has its column) and the deviation as a number
            // of percent (issue 45: a reader's numeric column holds no "%").
            const bool ok = c.error.empty();
            csvFixed_ += row({"measurement", family, QString::fromStdString(c.m.chip),
                              ok ? QString::number(c.predicted, 'g', 10) : QString(),
                              QString::number(c.m.real, 'g', 10), QString::fromStdString(c.m.unit),
                              ok ? QString::number(c.errorPct(), 'f', 2) : QString(),
                              ok ? QStringLiteral("predicted") : QString::fromStdString(c.error),
                              QString::fromStdString(c.m.source)});
        }
    }
    render();
}

void TrustView::setSession(const SessionState& s) {
    values_.clear();
    // Every value of the GPU description has a kind: counted here, each one's in the GPU
    // editor and `cdx profiles --show ID`.
    const auto counts = [](const GpuProfile& g) {
        return tr("<b>%1</b>: %2")
            .arg(QString::fromStdString(profileLabel(g)).toHtmlEscaped(),
                 QString::fromStdString(kindCounts(g)).toHtmlEscaped());
    };
    // Each GPU under the workspaces that use it (issue 55: MWP-CWP's view named the Tiled
    // stencils GPU, edited, with no workspace label). MWP-CWP & power has a GPU of its own;
    // the others share the session's.
    bool mwp = false, others = validity_.empty();
    for (const auto& v : validity_) {
        (v.family == "mwp" ? mwp : others) = true;
    }
    const bool two = s.mwp.gpu.id != s.gpu.id || s.mwp.gpu.name != s.gpu.name ||
                     profileLabel(s.mwp.gpu) != profileLabel(s.gpu);
    QStringList gpus;
    if (others || !two) {
        gpus << (two ? tr("Tiled stencils, Die area & Energy: %1") : QStringLiteral("%1"))
                    .arg(counts(s.gpu));
    }
    if (mwp && two) {
        gpus << tr("MWP-CWP & power: %1").arg(counts(s.mwp.gpu));
    }
    kindsHtml_ = tr("<p>GPU values by kind (vendor, published, measured, estimated by a rule of "
                    "the chip's facts, fitted from runs, yours): %1")
                     .arg(gpus.join(QStringLiteral("; ")));
    kindsHtml_ += tr(". The GPU editor shows each value's kind and rule.</p>");
    const std::string json = sessionToJson(s);
    for (const auto& v : validity_) {
        for (auto& d : published::domainValues(v, json)) {
            values_.push_back(std::move(d));
        }
    }
    if (modelConditions_) {
        for (auto& d : modelConditions_(s)) {
            values_.push_back(std::move(d));
        }
    }
    render();
}

void TrustView::render() {
    QString h = QStringLiteral("<html><body>");
    if (!error_.isEmpty()) {
        h += tr("<p><b>The validity files cannot be read:</b> %1</p>").arg(error_.toHtmlEscaped());
    }
    const auto outside = static_cast<int>(std::count_if(
        values_.begin(), values_.end(), [](const published::DomainValue& d) { return !d.inside; }));
    h += tr("<h2>This session against the calibration domain</h2>");
    h += kindsHtml_;
    if (values_.empty()) {
        h += tr("<p>The models of this workspace have no calibration domain to check: no fitted "
                "parameter depends on the session's values. Their assumptions are below.</p>");
    } else {
        h += outside == 0
                 ? tr("<p>Inside the calibration domain of every model below (%1 conditions "
                      "checked).</p>")
                       .arg(values_.size())
                 : tr("<p style='color:#a40000'><b>Outside the calibration domain: %1</b> (%2 "
                      "of %3 conditions). The results of this workspace are extrapolated, and "
                      "its views and exports say so.</p>")
                       .arg(QString::fromStdString(published::outsideSummary(values_))
                                .toHtmlEscaped())
                       .arg(outside)
                       .arg(values_.size());
        h += tr("<table border=1 cellspacing=0 cellpadding=4 width='100%'><tr><th>model</th>"
                "<th>quantity</th><th>this session</th><th>calibrated on</th><th>status</th>"
                "<th>why</th></tr>");
        for (const auto& d : values_) {
            h += QStringLiteral("<tr><td>%1</td><td>%2</td><td align=right>%3</td><td>%4</td>"
                                "<td style='color:%5'><b>%6</b></td><td>%7</td></tr>")
                     .arg(q(d.model), q(d.what), q(d.shortValue(true)), q(d.allowed),
                          d.inside ? "#006000" : "#a40000", d.inside ? tr("inside") : tr("outside"),
                          q(d.why));
        }
        h += QStringLiteral("</table>");
    }
    h += tr("<h2>Calibration, claimed accuracy and real measurements</h2>");
    h += measurementsHtml_;
    h += tr("<p>Every published number these models reproduce is listed by Start ▸ Check the "
            "papers ▸ Reproduce the papers (<code>cdx reproduce</code>).</p></body></html>");
    const int scroll = browser_->verticalScrollBar() ? browser_->verticalScrollBar()->value() : 0;
    browser_->setHtml(h);
    browser_->verticalScrollBar()->setValue(scroll);
}

void TrustView::renderTo(QPaintDevice& device, const QSize& size) {
    widgets::renderFittedHtml(device, size, browser_->toHtml(), font(), 90);
}

QString TrustView::csv() const {
    // One table: the session against the domain, the claims, the real measurements.
    QString out = QStringLiteral("# How far to trust this: the session's values against the "
                                 "calibration domain, the accuracy claimed, real measurements\n"
                                 "kind,model,item,value,reference,unit,deviation_pct,status,"
                                 "source\n");
    for (const auto& d : values_) {
        out += QStringList{"domain",
                           QString::fromStdString(d.family),
                           widgets::csvField(QString::fromStdString(d.what)),
                           widgets::csvField(QString::fromStdString(d.value)),
                           widgets::csvField(QString::fromStdString(d.allowed)),
                           {},
                           {},
                           d.inside ? "inside" : "outside",
                           widgets::csvField(QString::fromStdString(d.why))}
                   .join(',') +
               '\n';
    }
    return out + csvFixed_;
}

void TrustView::setPresentation(bool on) {
    presentation_ = on;
    QFont f = font();
    f.setPointSizeF(on ? 15 : QWidget().font().pointSizeF());
    browser_->setFont(f);
}

} // namespace cdx::app
