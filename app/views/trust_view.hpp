// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "published/published.hpp"

#include <QStringList>
#include <QWidget>
#include <functional>
#include <vector>

class QTextBrowser;

namespace cdx::app {

// "How far to trust this" (issue 19), the last view of every workspace whose model has a
// profiles/validity/ file: where each model was calibrated, the accuracy its sources claim,
// real measurements against it, and the session's values against the calibration domain. The
// shell adds it; a family only ships its validity file.
class TrustView : public QWidget, public widgets::ExplorerView {
    Q_OBJECT

public:
    // `validity`: the models behind the workspace (the codesign views also use T_alg); `error`:
    // why the files could not be read (shown instead).
    // `stem`: the workspace's id, so each workspace's export has its own name.
    // `modelConditions`: what the models check themselves for a session (Workspace::
    // modelConditions), listed with the files' conditions.
    using Conditions = std::function<std::vector<published::DomainValue>(const SessionState&)>;
    TrustView(const QString& stem, std::vector<published::Validity> validity, QString error,
              QWidget* parent = nullptr, Conditions modelConditions = {});

    QString viewTitle() const override { return tr("How far to trust this"); }
    QString fileStem() const override { return stem_ + QStringLiteral("-how-far-to-trust"); }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    QTextBrowser* browser() const { return browser_; }

private:
    void render();

    QString stem_;
    std::vector<published::Validity> validity_;
    QString error_;
    Conditions modelConditions_;
    QString csvFixed_; // the claim and measurement rows (computed once)
    QString measurementsHtml_;
    QString kindsHtml_; // the session's GPUs, their values counted by kind (issue 43)
    std::vector<published::DomainValue> values_;
    QTextBrowser* browser_ = nullptr;
    bool presentation_ = false;
};

// The session's values outside the calibration domain of `validity`.
std::vector<published::DomainValue>
outsideCalibration(const std::vector<published::Validity>& validity, const SessionState& s);

} // namespace cdx::app
