// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_calibration_view.hpp"

#include "common/background_job.hpp"
#include "common/integer_box.hpp"
#include "common/job_progress.hpp"
#include "common/number_field.hpp"
#include "common/number_format.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "params/input_error.hpp"

#include <QComboBox>
#include <QDate>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <cmath>
#include <qcustomplot.h>

namespace cdx::widgets {

namespace {

QString stencilId(energy::StencilKind k) {
    return QString::fromLatin1(energy::name(k).data());
}

QString statsTable(const std::vector<energy::StencilFitStats>& stats, bool withTrain) {
    QString h = QObject::tr("<table cellspacing=0 cellpadding=3 border=1><tr><th>stencil</th>");
    h += withTrain ? QObject::tr("<th>train</th><th>RMSE train</th><th>test</th><th>RMSE test</th>")
                   : QObject::tr("<th>runs</th><th>RMSE</th>");
    h += "</tr>";
    for (const auto& s : stats) {
        h += QStringLiteral("<tr><td>%1</td>").arg(stencilId(s.stencil));
        h += withTrain ? QStringLiteral("<td>%1</td><td>%2 %</td><td>%3</td><td>%4 %</td>")
                             .arg(s.train)
                             .arg(significantOrDash(s.rmseTrainPct, 4))
                             .arg(s.test)
                             .arg(significantOrDash(s.rmseTestPct, 4))
                       : QStringLiteral("<td>%1</td><td>%2 %</td>")
                             .arg(s.test)
                             .arg(significantOrDash(s.rmseTestPct, 4));
        h += "</tr>";
    }
    return h + "</table>";
}

QString selectionTable(const energy::SelectionValidation& v) {
    if (v.perStencil.empty()) {
        return QObject::tr("<p>No experiment (GPU, stencil, problem) has two or more measured "
                           "tilings: nothing to validate.</p>");
    }
    QString h = QObject::tr("<table cellspacing=0 cellpadding=3 border=1><tr><th>stencil</th>"
                            "<th>exp.</th><th>wrong</th><th>RMSE E_err</th>"
                            "<th>max E_err</th></tr>");
    for (const auto& s : v.perStencil) {
        h += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4 %</td><td>%5 %</td></tr>")
                 .arg(stencilId(s.stencil))
                 .arg(s.experiments)
                 .arg(s.wrong)
                 .arg(significantOrDash(s.rmseLossPct, 4))
                 .arg(significantOrDash(s.maxLossPct, 4));
    }
    return h + "</table>";
}

struct FitJob {
    std::optional<energy::CalibrationResult> result;
    energy::SelectionValidation selection;
    QString error;
};

} // namespace

EnergyCalibrationView::EnergyCalibrationView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Train on"), this));
    train_ = new NumberField(tr("Train on"), 1, 100, tr("%"), this);
    train_->setObjectName("energyTrainFraction");
    train_->setValue(10);
    train_->setMaximumWidth(train_->fontMetrics().horizontalAdvance("0000000") + 16);
    train_->setToolTip(tr("% of each stencil's runs (at least one) that train the fit, drawn "
                          "with the seed; the rest test it. The thesis trained on 10 %."));
    controls->addWidget(train_);
    controls->addWidget(new QLabel(tr("% · seed"), this));
    seed_ = new IntegerBox(this);
    seed_->setObjectName("energySeed");
    seed_->setRange(0, 1000000000);
    seed_->setValue(1);
    seed_->setKeyboardTracking(false);
    controls->addWidget(seed_);
    error_ = new QComboBox(this);
    error_->setObjectName("energyFitError");
    error_->addItem(tr("absolute L1 (thesis)"), static_cast<int>(energy::FitError::Absolute));
    error_->addItem(tr("relative L1"), static_cast<int>(energy::FitError::Relative));
    error_->setToolTip(tr("The thesis minimises sum |E_pred - E_meas| (large runs weigh more); "
                          "relative divides each by E_meas (spec §6.1 item 12)"));
    controls->addWidget(error_);
    fit_ = new QPushButton(tr("Fit coefficients"), this);
    fit_->setObjectName("energyFit");
    fit_->setToolTip(tr("L1 regression with non-negative coefficients, a linear program solved "
                        "by GLPK"));
    controls->addWidget(fit_);
    apply_ = new QPushButton(tr("Apply to session"), this);
    apply_->setObjectName("energyApplyFit");
    apply_->setEnabled(false);
    controls->addWidget(apply_);
    save_ = new QPushButton(tr("Save as profile…"), this);
    save_->setObjectName("energySaveFit");
    save_->setEnabled(false);
    controls->addWidget(save_);
    controls->addStretch(1);
    layout->addLayout(controls);

    auto* split = new QSplitter(Qt::Horizontal, this);
    plot_ = new QCustomPlot(split);
    plot_->setObjectName("energyCalibrationPlot");
    plot_->setMinimumSize(360, 260);
    const PlotHeader h = addPlotHeader(*plot_);
    title_ = h.title;
    subtitle_ = h.subtitle;
    for (QCPAxis* a : {plot_->xAxis, plot_->yAxis}) {
        a->setScaleType(QCPAxis::stLogarithmic);
        a->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    }
    plot_->xAxis->setLabel(tr("measured energy [J]"));
    plot_->yAxis->setLabel(tr("predicted energy [J]"));
    plot_->legend->setVisible(true);
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    report_ = new QTextBrowser(split);
    report_->setObjectName("energyCalibrationReport");
    report_->setOpenLinks(false);
    split->addWidget(plot_);
    split->addWidget(report_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    job_ = new BackgroundJob(this);
    layout->addWidget(new JobProgress(job_, this));
    connect(fit_, &QPushButton::clicked, this, &EnergyCalibrationView::startFit);
    connect(apply_, &QPushButton::clicked, this, [this] {
        if (fitResult_) {
            emit applyRequested(fittedProfile());
        }
    });
    connect(save_, &QPushButton::clicked, this, [this] {
        if (fitResult_) {
            emit saveRequested(fittedProfile());
        }
    });
    connect(job_, &BackgroundJob::failed, this, [this](const QString& why) {
        fitResult_.reset();
        fitError_ = why;
        redraw();
    });
    // A changed split, seed or error measure makes the shown fit stale.
    const auto stale = [this] {
        if (fitResult_) {
            fitResult_.reset();
            fitError_ = tr("The fit settings changed: press Fit coefficients again.");
            redraw();
        }
    };
    connect(train_, &NumberField::edited, this, stale);
    connect(seed_, &QSpinBox::valueChanged, this, stale);
    connect(train_, &NumberField::refused, this, [this](const QString& text) {
        fitError_ = text;
        redraw();
    });
    connect(seed_, &IntegerBox::refused, this, [this](const QString& text) {
        fitError_ = tr("seed = %1 refused: expected an integer in [0, 1000000000]").arg(text);
        redraw();
    });
    connect(error_, &QComboBox::currentIndexChanged, this, stale);
    setPresentation(false);
}

void EnergyCalibrationView::setPresentation(bool on) {
    presentation_ = on;
    applyTheme(*plot_, plotTheme(on));
    applyTheme(PlotHeader{title_, subtitle_}, plotTheme(on));
    QFont f = font();
    f.setPointSize(plotTheme(on).basePointSize + 1);
    report_->setFont(f);
    redraw();
}

void EnergyCalibrationView::setRuns(runs::RunList all, const QString& database) {
    runs_ = std::move(all);
    database_ = database;
    fitResult_.reset();
    fitError_.clear();
    recompute();
}

void EnergyCalibrationView::setSession(const SessionState& s) {
    settings_ = s.energy;
    recompute();
}

void EnergyCalibrationView::recompute() {
    measured_ = energy::measuredEnergyRuns(runs::runsOf(runs_), settings_.problem.ops,
                                           settings_.problem.muSr);
    predictions_.clear();
    selection_ = {};
    predictError_.clear();
    if (settings_.coefficients.id.empty()) {
        redraw(); // no session yet: the runs, without predictions
        return;
    }
    try {
        const auto c = energy::coefficientsOf(settings_.coefficients);
        predictions_ = energy::predictRuns(measured_.runs, c, settings_.variant);
        selection_ = energy::validateSelection(measured_.runs, c, settings_.variant);
    } catch (const InputError& e) {
        predictError_ = QString::fromUtf8(e.what());
    }
    redraw();
}

void EnergyCalibrationView::startFit() {
    // A command never runs on a value other than the one on screen (issue 44): with a refused
    // text in Train on, the fit would use the last accepted fraction without a word.
    if (train_->isRefused()) {
        fitResult_.reset();
        fitError_ = tr("Not fitted: Train on holds the refused text \"%1\" (expected a "
                       "percentage in [1, 100]); correct it, then press Fit coefficients.")
                        .arg(train_->text());
        redraw();
        return;
    }
    energy::CalibrationOptions o;
    o.trainFraction = train_->value() / 100;
    o.seed = static_cast<std::uint64_t>(seed_->value());
    o.error = static_cast<energy::FitError>(error_->currentData().toInt());
    o.variant = settings_.variant;
    o.base = energy::coefficientsOf(settings_.coefficients);
    o.baseName = settings_.coefficients.id;
    const auto runs = measured_.runs;
    job_->start(
        tr("Fitting the coefficients…"), [this, o, runs](JobControl&) -> BackgroundJob::Deliver {
            FitJob job;
            try {
                job.result = energy::calibrateEnergy(runs, o);
                job.selection = energy::validateSelection(runs, job.result->fitted, o.variant);
            } catch (const InputError& e) {
                job.error = QString::fromUtf8(e.what());
            }
            return [this, job = std::move(job)] {
                fitResult_ = job.result;
                fitSelection_ = job.selection;
                fitError_ = job.error;
                redraw();
            };
        });
}

void EnergyCalibrationView::finishPendingWork() {
    job_->waitForFinished();
}

energy::EnergyProfile EnergyCalibrationView::fittedProfile() const {
    QStringList gpus;
    for (const auto& r : measured_.runs) {
        if (!gpus.contains(QString::fromStdString(r.gpu))) {
            gpus << QString::fromStdString(r.gpu);
        }
    }
    const QString gpu = gpus.join(", ");
    return energy::fittedProfile(*fitResult_, (gpus.join("-") + "-fit").toStdString(),
                                 gpu.toStdString(),
                                 QDate::currentDate().toString(Qt::ISODate).toStdString());
}

void EnergyCalibrationView::redraw() {
    const PlotTheme t = plotTheme(presentation_);
    plot_->clearGraphs();
    for (int i = plot_->itemCount() - 1; i >= 0; --i) {
        plot_->removeItem(i);
    }
    apply_->setEnabled(fitResult_.has_value());
    save_->setEnabled(fitResult_.has_value());
    fit_->setEnabled(!measured_.runs.empty());
    const QString db = database_.isEmpty() ? tr("no run database") : database_;
    subtitle_->setText(
        tr("%1 runs with energy from %2; %3 skipped; %4")
            .arg(measured_.runs.size())
            .arg(db)
            .arg(measured_.skipped.size())
            .arg(energyVariantText(settings_.variant, energy::StencilKind::Jacobi1D) +
                 tr(", pitch %1")
                     .arg(QString::fromLatin1(energy::name(settings_.variant.j2dPitch).data()))));
    QString html;
    plot_->legend->setVisible(!measured_.runs.empty());
    if (measured_.runs.empty()) {
        title_->setText(tr("No measured energy to compare with"));
        html = tr("<p>The run database <b>%1</b> has no runs with a measured energy "
                  "(<code>energy_j</code>) that the energy model describes.</p><p>Import a CSV "
                  "or JSON of measured runs in the <b>Measured runs</b> workspace: columns gpu, "
                  "stencil (sw, jacobi1d, jacobi2d), sizes, tiles, <code>tt</code>, "
                  "<code>ss</code> (the sub-tile of sw and time-skewed jacobi1d), "
                  "<code>time_s</code> and <code>energy_j</code> (docs/formats.md).</p>")
                   .arg(db.toHtmlEscaped());
        report_->setHtml(html);
        plot_->replot();
        return;
    }
    // Measured vs predicted: the fit's predictions when there is a fit, else the session's.
    const bool fitted = fitResult_.has_value();
    const auto& preds = fitted ? fitResult_->predictions : predictions_;
    double lo = 1e300, hi = 0;
    for (const auto& p : preds) {
        lo = std::min({lo, p.eMeasJ, p.ePredJ});
        hi = std::max({hi, p.eMeasJ, p.ePredJ});
    }
    lo = std::max(lo, 1e-300);
    const auto band = [&](double factor, Qt::PenStyle style, const QString& name) {
        QCPGraph* g = plot_->addGraph();
        g->setName(name);
        g->setPen(QPen(QColor(120, 120, 120), factor == 1 ? t.lineWidth : 1, style));
        g->addData(lo / 2, factor * lo / 2);
        g->addData(hi * 2, factor * hi * 2);
        if (factor != 1) {
            g->removeFromLegend();
        }
    };
    band(1, Qt::SolidLine, tr("y = x (±10 % dashed)"));
    band(1.1, Qt::DashLine, {});
    band(0.9, Qt::DashLine, {});
    int colour = 0;
    for (auto kind : {energy::StencilKind::SmithWaterman, energy::StencilKind::Jacobi1D,
                      energy::StencilKind::Jacobi2D}) {
        for (bool train : {true, false}) {
            QVector<double> x, y;
            for (const auto& p : preds) {
                if (p.stencil == kind && p.train == train) {
                    x.push_back(p.eMeasJ);
                    y.push_back(p.ePredJ);
                }
            }
            if (x.isEmpty()) {
                continue;
            }
            QCPGraph* g = plot_->addGraph();
            const QColor c = t.palette[static_cast<std::size_t>(colour) % t.palette.size()];
            g->setLineStyle(QCPGraph::lsNone);
            g->setScatterStyle(train ? QCPScatterStyle(QCPScatterStyle::ssDisc, c, c, t.markerSize)
                                     : QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(c, 1.5),
                                                       Qt::NoBrush, t.markerSize));
            g->setName(fitted ? tr("%1 (%2)").arg(stencilId(kind), train ? tr("train") : tr("test"))
                              : stencilId(kind));
            g->setData(x, y);
        }
        ++colour;
    }
    plot_->xAxis->setRange(lo / 1.5, hi * 1.5);
    plot_->yAxis->setRange(lo / 1.5, hi * 1.5);
    const auto stats = fitted ? fitResult_->perStencil : energy::fitStats(predictions_);
    double worst = 0;
    for (const auto& s : stats) {
        worst = std::max(worst, fitted ? s.rmseTestPct : s.rmseTestPct);
    }
    title_->setText(fitted ? tr("Fitted coefficients: test RMSE up to %1 % per stencil")
                                 .arg(significantOrDash(worst, 4))
                           : tr("Coefficients %1: RMSE up to %2 % per stencil")
                                 .arg(energyCoefficientsText(settings_.coefficients),
                                      significantOrDash(worst, 4)));

    html += tr("<h3>Coefficients %1</h3>").arg(energyCoefficientsText(settings_.coefficients));
    if (!predictError_.isEmpty()) {
        html += QStringLiteral("<p><b>%1</b></p>").arg(predictError_.toHtmlEscaped());
    }
    html += tr("<p>Measured against predicted (the measured time as T_alg), RMS of the relative "
               "errors:</p>") +
            statsTable(energy::fitStats(predictions_), false);
    html += tr("<p>Energy-optimal pick among the measured tilings (Table B.3; exp.: experiments "
               "with two or more tilings, wrong: the model's pick is not the measured best, "
               "E_err: the energy lost):</p>") +
            selectionTable(selection_);
    if (fitted) {
        const auto& f = *fitResult_;
        html += tr("<h3>Fit: %1 train, %2 test runs (seed %3, %4)</h3>")
                    .arg(f.trainCount)
                    .arg(f.testCount)
                    .arg(seed_->value())
                    .arg(error_->currentText());
        html += tr("<table cellspacing=0 cellpadding=3 border=1><tr><th>coef.</th>"
                   "<th>fitted</th><th>%1</th></tr>")
                    .arg(QString::fromStdString(settings_.coefficients.id));
        const auto base = energy::asArray(energy::coefficientsOf(settings_.coefficients));
        for (std::size_t k = 0; k < 7; ++k) {
            const auto& c = f.coefficients[k];
            html +=
                QStringLiteral("<tr><td>%1</td><td>%2%3</td><td>%4</td></tr>")
                    .arg(QString::fromStdString(c.key), significantOrDash(c.value, 5),
                         c.determined ? QString() : tr(" (kept)"), significantOrDash(base[k], 5));
        }
        html += "</table>";
        html += statsTable(f.perStencil, true);
        html += tr("<p>Energy-optimal pick with the fitted coefficients (Table B.3):</p>") +
                selectionTable(fitSelection_);
        for (const auto& w : f.warnings) {
            html += QStringLiteral("<p>⚠ %1.</p>").arg(QString::fromStdString(w).toHtmlEscaped());
        }
    } else if (!fitError_.isEmpty()) {
        html +=
            QStringLiteral("<p style='color:#D55E00'><b>%1</b></p>").arg(fitError_.toHtmlEscaped());
    } else {
        html += tr("<p>Press <b>Fit coefficients</b> to fit the seven coefficients to these runs "
                   "(L1 regression with non-negativity, GLPK) and test them on the runs left "
                   "out.</p>");
    }
    if (!measured_.skipped.empty()) {
        std::map<std::string, int> why;
        for (const auto& s : measured_.skipped) {
            ++why[s.reason];
        }
        html += tr("<p>Skipped runs:</p><ul>");
        for (const auto& [reason, n] : why) {
            html += QStringLiteral("<li>%1: %2</li>")
                        .arg(n)
                        .arg(QString::fromStdString(reason).toHtmlEscaped());
        }
        html += "</ul>";
    }
    report_->setHtml(html);
    plot_->replot();
}

void EnergyCalibrationView::renderTo(QPaintDevice& device, const QSize& size) {
    finishPendingWork();
    const int w1 = size.width() * 3 / 5;
    QCPPainter painter(&device);
    toPainterFitted(*plot_, painter, w1, size.height());
    painter.translate(w1, 0);
    report_->document()->setTextWidth(size.width() - w1 - 8);
    report_->document()->drawContents(&painter, QRectF(0, 0, size.width() - w1, size.height()));
}

QString EnergyCalibrationView::csv() const {
    QString out = QStringLiteral("# runs with energy from %1\nid,stencil,train,e_meas_j,e_pred_j,"
                                 "error_pct\n")
                      .arg(database_);
    const auto& preds = fitResult_ ? fitResult_->predictions : predictions_;
    for (const auto& p : preds) {
        out += QStringLiteral("%1,%2,%3,%4,%5,%6\n")
                   .arg(p.id)
                   .arg(stencilId(p.stencil))
                   .arg(fitResult_ ? (p.train ? "1" : "0") : "")
                   .arg(p.eMeasJ, 0, 'g', 17)
                   .arg(p.ePredJ, 0, 'g', 17)
                   .arg(p.relErrorPct, 0, 'g', 10);
    }
    return out;
}

} // namespace cdx::widgets
