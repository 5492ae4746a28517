// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "eatss/eatss_common.hpp"
#include "eatss/eatss_z3.hpp"

#include <QWidget>
#include <memory>
#include <optional>

class QLineEdit;
class QPushButton;
class QTextBrowser;

namespace cdx::widgets {

class BackgroundJob;

// The derived model (spec eatss.md §1.6 / §2.2: the stride-1 counts, the CMA loop, the cache and
// shared sets, n_refs, the weights, the budgets and every constraint), the exact optimum with
// its ties and each constraint's value at it, the artifact's Z3 answer beside it (background),
// and PPCG's --sizes string and thread block of the optimum to copy (§2.4).
class EatssModelView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit EatssModelView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Model and optimum"); }
    QString fileStem() const override { return "eatss-model"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }
    void finishPendingWork() override;

    QTextBrowser* report() const { return report_; }
    QLineEdit* sizesField() const { return sizes_; }
    const EatssComputed& computed() const { return c_; }
    const std::optional<eatss::Z3Answer>& z3() const { return z3_; }
    BackgroundJob* job() const { return job_; }
    // The exact search when it is longer than the GUI thread waits (issue 44): progress, Cancel.
    BackgroundJob* exactJob() const { return exact_; }
    // The baseline's formulation and optimum (computed once per baseline), when there is one.
    const std::optional<EatssComputed>& baseline() const { return base_; }

private:
    void redraw();
    void startZ3();
    QString baselineHtml() const;

    QTextBrowser* report_ = nullptr;
    QLineEdit* sizes_ = nullptr;
    QPushButton* copy_ = nullptr;
    BackgroundJob* job_ = nullptr;
    BackgroundJob* exact_ = nullptr;
    bool exactCancelled_ = false; // the user stopped the exact search of this session
    EatssSettings settings_;
    EatssComputed c_;
    std::shared_ptr<const SessionState> baselineOf_;
    std::optional<EatssComputed> base_;
    EatssSettings baseSettings_;
    QString baseLabel_;
    QString baseSentence_;
    std::shared_ptr<const SessionState> comparedWith_; // the session, while a baseline is pinned
    std::optional<eatss::Z3Answer> z3_;
    QString z3Error_;
    double z3Ms_ = 0;
    std::string z3Key_; // the configuration z3_ answers
    bool presentation_ = false;
};

} // namespace cdx::widgets
