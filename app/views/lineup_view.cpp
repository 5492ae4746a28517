// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/lineup_view.hpp"

#include "common/background_job.hpp"
#include "common/job_progress.hpp"
#include "common/number_format.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_scheme.hpp"
#include "common/plot_theme.hpp"
#include "common/profile_combo.hpp"
#include "common/table_drawing.hpp"
#include "common/view_export.hpp"
#include "params/format.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "session_document.hpp"
#include "workspace.hpp"

#include <QAbstractItemView>
#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <qcustomplot.h>

namespace cdx::app {

namespace {

// Thrown from the line-up's progress callback when its job was cancelled.
struct Stopped {};

QString text(const std::string& s) {
    return QString::fromStdString(s);
}

QString valueText(const compare::ComparedValue& v) {
    if (v.isText()) {
        return text(v.textB);
    }
    return widgets::asCommandPrints(v.b, v.integer);
}

// The names of every quantity of the sides, in the first side's order then the others'.
std::vector<std::string> quantityNames(const lineup::Lineup& l) {
    std::vector<std::string> names;
    for (const auto& s : l.sides) {
        for (const auto& v : s.values) {
            if (std::find(names.begin(), names.end(), v.name) == names.end()) {
                names.push_back(v.name);
            }
        }
    }
    return names;
}

const compare::ComparedValue* quantityOf(const lineup::Side& s, const std::string& name) {
    for (const auto& v : s.values) {
        if (v.name == name) {
            return &v;
        }
    }
    return nullptr;
}

// What the GPU sides share, as the family uses it (the family's line-up entry says).
QString sharedOf(const lineup::LineupFamily* family, const SessionState& s) {
    return family != nullptr && family->shared != nullptr ? text(family->shared(s)) : QString();
}

} // namespace

LineupView::LineupView(const QString& stem, QStringList families, WorkspaceContext context,
                       QWidget* parent)
    : QWidget(parent), stem_(stem), families_(std::move(families)), context_(std::move(context)) {
    setObjectName("lineupView");
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    family_ = new QComboBox(this);
    family_->setObjectName("lineupFamily");
    family_->setToolTip(tr("The model whose headline the bars show"));
    for (const QString& id : families_) {
        for (const auto& f : lineup::lineupFamilies()) {
            if (text(f.id) == id) {
                family_->addItem(QStringLiteral("%1 (%2)").arg(id, text(f.headline)), id);
            }
        }
    }
    family_->setVisible(family_->count() > 1);
    row->addWidget(family_);
    gpus_ = new QComboBox(this);
    gpus_->setObjectName("lineupGpu");
    gpus_->setToolTip(tr("A GPU to add: it follows the session's stencil, problem and variant"));
    // The GPU descriptions (kind "gpus": "gpu" listed nothing, and Add to Line-up said "unknown
    // id").
    widgets::fillProfileCombo(gpus_, "gpus", [](const ProfileEntry& e) { return text(e.name); });
    // As narrow as a laptop's Line-up row needs (the longest GPU name widened the whole window
    // past 1366 px); the list shows the names whole.
    gpus_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    gpus_->setMinimumContentsLength(10);
    gpus_->view()->setMinimumWidth(gpus_->view()->sizeHintForColumn(0) + 24);
    for (int i = 0; i < gpus_->count(); ++i) { // the first GPU listed, not the empty heading
        if (!gpus_->itemData(i).toString().isEmpty()) {
            gpus_->setCurrentIndex(i);
            break;
        }
    }
    row->addWidget(gpus_, 1);
    addGpu_ = new QPushButton(tr("Add to Line-up"), this);
    addGpu_->setObjectName("lineupAddGpu");
    row->addWidget(addGpu_);
    addCurrent_ = new QPushButton(tr("Add Session's GPU"), this);
    addCurrent_->setObjectName("lineupAddCurrent");
    addCurrent_->setToolTip(tr("The session's GPU as it is, edits included"));
    row->addWidget(addCurrent_);
    addFile_ = new QPushButton(tr("Add Session…"), this);
    addFile_->setObjectName("lineupAddFile");
    addFile_->setToolTip(tr("A saved session as one side, with all its own settings"));
    row->addWidget(addFile_);
    remove_ = new QPushButton(tr("Remove"), this);
    remove_->setObjectName("lineupRemove");
    remove_->setToolTip(tr("Remove the side selected in the table"));
    row->addWidget(remove_);
    clear_ = new QPushButton(tr("Clear"), this);
    clear_->setObjectName("lineupClear");
    row->addWidget(clear_);
    layout->addLayout(row);
    optimum_ = new QCheckBox(tr("Each side at its own optimum where the model searches"), this);
    optimum_->setObjectName("lineupOptimum");
    optimum_->setChecked(true);
    auto* options = new QHBoxLayout;
    options->addWidget(optimum_);
    chipSetting_ = new QComboBox(this);
    chipSetting_->setObjectName("lineupChipSetting");
    chipSetting_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    options->addWidget(chipSetting_);
    options->addStretch(1);
    auto* scaleLabel = new QLabel(tr("&Axis"), this);
    scale_ = new QComboBox(this);
    scale_->setObjectName("lineupScale");
    scale_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    scale_->setToolTip(tr("Linear, logarithmic, or each side's speed-up relative to one side "
                          "(how many times faster, or better where larger is better)"));
    scaleLabel->setBuddy(scale_);
    options->addWidget(scaleLabel);
    options->addWidget(scale_);
    fillScales();
    layout->addLayout(options);
    fillChipSettings();
    job_ = new widgets::BackgroundJob(this);
    progress_ = new widgets::JobProgress(job_, this);
    layout->addWidget(progress_);
    sentence_ = new QLabel(this);
    sentence_->setObjectName("lineupSentence");
    sentence_->setWordWrap(true);
    sentence_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(sentence_);
    auto* split = new QSplitter(Qt::Vertical, this);
    plot_ = new QCustomPlot(split);
    plot_->setObjectName("lineupPlot");
    widgets::addPlotHeader(*plot_);
    plot_->setMinimumHeight(160);
    plot_->installEventFilter(this);
    table_ = new QTableWidget(split);
    table_->setObjectName("lineupTable");
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->hide();
    // The table gives way to the bars (in F11 its rows took most of the height and the bars
    // got 90 px at 1366 x 768): it scrolls.
    table_->setMinimumHeight(60);
    table_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    connect(family_, &QComboBox::currentIndexChanged, this, [this] {
        fillChipSettings();
        recompute();
    });
    connect(chipSetting_, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    connect(optimum_, &QCheckBox::toggled, this, [this] { recompute(); });
    connect(scale_, &QComboBox::currentIndexChanged, this, [this] {
        wantedScale_ = scale_->currentData().toString().toStdString();
        redraw();
    });
    connect(addGpu_, &QPushButton::clicked, this,
            [this] { addGpuById(gpus_->currentData().toString()); });
    connect(addCurrent_, &QPushButton::clicked, this, [this] {
        const std::string id = currentFamily() ? currentFamily()->id : std::string();
        const bool mwpSlot = id == "mwp" || id == "power" || id == "occupancy";
        addGpu(mwpSlot ? session_.mwp.gpu : session_.gpu);
    });
    connect(addFile_, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Add a session to the line-up"), {},
            tr("Codesign Explorer sessions (*.cdx.json);;JSON (*.json)"));
        QString error;
        if (!path.isEmpty() && !addSessionFile(path, &error)) {
            say(error);
        }
    });
    connect(remove_, &QPushButton::clicked, this, [this] {
        const auto rows = table_->selectionModel()->selectedRows();
        if (!rows.isEmpty()) {
            removeSide(rows.front().row());
        }
    });
    connect(clear_, &QPushButton::clicked, this, [this] { clearSides(); });
    connect(table_, &QTableWidget::itemSelectionChanged, this, [this] { updateButtons(); });
    connect(job_, &widgets::BackgroundJob::failed, this,
            [this](const QString& why) { showMessage(why); });
    setPresentation(false);
}

LineupView::~LineupView() {
    job_->cancel();
    job_->waitForFinished();
}

const lineup::LineupFamily* LineupView::currentFamily() const {
    const std::string id = family_->currentData().toString().toStdString();
    for (const auto& f : lineup::lineupFamilies()) {
        if (f.id == id) {
            return &f;
        }
    }
    return nullptr;
}

void LineupView::fillChipSettings() {
    const lineup::LineupFamily* family = currentFamily();
    const lineup::ChipSetting* setting = family ? family->chipSetting : nullptr;
    const QVariant before = chipSetting_->currentData();
    const QSignalBlocker block(chipSetting_);
    chipSetting_->clear();
    chipSetting_->setHidden(setting == nullptr);
    if (!setting) {
        return;
    }
    const QString name = text(setting->name), unit = text(setting->unit);
    chipSetting_->setToolTip(
        tr("A GPU side is evaluated at its chip's own %1; a saved session at its own, unless one "
           "%1 is named for all sides")
            .arg(name));
    chipSetting_->addItem(tr("%1: each chip's own").arg(name), -1);
    for (const int v : setting->choices()) {
        chipSetting_->addItem(tr("%1: %2 %3 for all sides").arg(name).arg(v).arg(unit), v);
    }
    chipSetting_->setCurrentIndex(std::max(0, chipSetting_->findData(before)));
}

std::optional<int> LineupView::chipSettingForAll() const {
    if (chipSetting_->count() == 0) {
        return std::nullopt;
    }
    const int v = chipSetting_->currentData().toInt();
    return v > 0 ? std::optional<int>(v) : std::nullopt;
}

void LineupView::setSession(const SessionState& s) {
    session_ = s;
    recompute();
}

void LineupView::updateButtons() {
    const bool full = session_.lineup.size() >= lineup::kMaxSides;
    addGpu_->setEnabled(!full);
    addCurrent_->setEnabled(!full);
    addFile_->setEnabled(!full);
    clear_->setEnabled(!session_.lineup.empty());
    remove_->setEnabled(!table_->selectionModel()->selectedRows().isEmpty());
}

void LineupView::recompute() {
    job_->cancel();
    result_.reset();
    const lineup::LineupFamily* family = currentFamily();
    // The sides as listed, before any result: the table names them at once.
    table_->clear();
    table_->setRowCount(static_cast<int>(session_.lineup.size()));
    table_->setColumnCount(1);
    table_->setHorizontalHeaderLabels({tr("side")});
    std::vector<SessionState> sides;
    lineup::Options options;
    for (std::size_t i = 0; i < session_.lineup.size(); ++i) {
        const auto& e = session_.lineup[i];
        sides.push_back(lineupSide(session_, e));
        options.labels.push_back(e.gpu ? profileLabel(*e.gpu) : std::string());
        options.chips.push_back(e.gpu.has_value());
        const auto& labels = options.labels;
        const QString name = e.gpu                      ? text(labels.back())
                             : e.session->title.empty() ? tr("session %1").arg(i + 1)
                                                        : text(e.session->title);
        table_->setItem(static_cast<int>(i), 0, new QTableWidgetItem(name));
    }
    updateButtons();
    plot_->clearPlottables();
    plot_->clearItems();
    plot_->replot();
    if (!family) {
        showMessage(tr("No model of this workspace can be lined up."));
        return;
    }
    if (sides.size() < lineup::kMinSides) {
        showMessage(tr("<b>A line-up needs 2 to 12 sides</b> (%1 now). Choose a GPU above and "
                       "<b>Add to Line-up</b>, add the session's own GPU, or <b>Add Session…</b> "
                       "from a file; each side is put at its own optimum where the model "
                       "searches, and the line-up is saved with the session.")
                        .arg(sides.size()));
        return;
    }
    message_.clear();
    sentence_->setText(tr("Finding each side's optimum…"));
    redraw();
    const std::string id = family->id;
    options.optimise = optimum_->isChecked();
    options.forAll = chipSettingForAll();
    job_->start(tr("Line-up: %1 sides").arg(sides.size()),
                [this, sides = std::move(sides), options,
                 id](widgets::JobControl& control) mutable -> widgets::BackgroundJob::Deliver {
                    lineup::Lineup l;
                    try {
                        l = lineup::lineUp(
                            std::move(sides), id, options,
                            [&control](std::size_t done, std::size_t total, const std::string& s) {
                                if (control.cancelled()) {
                                    throw Stopped{};
                                }
                                control.setProgress(
                                    static_cast<double>(done) /
                                    static_cast<double>(std::max<std::size_t>(1, total)));
                                control.setDetail(QString::fromStdString(s));
                            });
                    } catch (const Stopped&) {
                        return [] {};
                    } catch (const InputError& e) {
                        return [this, why = QString::fromUtf8(e.what())] { showMessage(why); };
                    }
                    // Runs on the GUI thread, and only while this job is the view's current.
                    return [this, l = std::move(l)] { show(l); };
                });
}

void LineupView::fillScales() {
    const QSignalBlocker block(scale_);
    scale_->clear();
    scale_->addItem(tr("linear"), QStringLiteral("linear"));
    scale_->addItem(tr("logarithmic"), QStringLiteral("log"));
    if (result_) {
        for (std::size_t i = 0; i < result_->sides.size(); ++i) {
            // By the side's name: after a side is removed it still names the same GPU.
            scale_->addItem(tr("speed-up vs %1").arg(text(result_->sides[i].label)),
                            QStringLiteral("speedup:") + text(result_->sides[i].label));
        }
    }
    const int i = scale_->findData(text(wantedScale_));
    scale_->setCurrentIndex(i >= 0 ? i : 0);
}

std::vector<std::optional<double>> LineupView::barValues() const {
    std::vector<std::optional<double>> out;
    if (!result_) {
        return out;
    }
    const lineup::Lineup& l = *result_;
    const QString scale = scale_->currentData().toString();
    std::optional<double> reference;
    if (scale.startsWith("speedup:")) {
        for (const auto& side : l.sides) {
            if (text(side.label) == scale.mid(8)) {
                reference = side.value(l.headline);
            }
        }
    }
    for (const auto& side : l.sides) {
        std::optional<double> v = side.value(l.headline);
        if (scale.startsWith("speedup:")) {
            // Times better than the reference: r / v where lower is better, v / r where higher.
            if (!v || !reference || !(*v > 0) || !(*reference > 0)) {
                v.reset();
            } else {
                v = l.lowerIsBetter ? *reference / *v : *v / *reference;
            }
        } else if (scale == "log" && v && !(*v > 0)) {
            v.reset(); // no place on a log axis
        }
        out.push_back(v);
    }
    return out;
}

void LineupView::show(const lineup::Lineup& l) {
    result_ = l;
    message_.clear();
    fillScales();
    sentence_->setText(text(l.sentence).toHtmlEscaped());
    // The table: one row per side, its optimum, then every quantity.
    const auto names = quantityNames(l);
    const bool settings = !l.settings.empty();
    const int first = settings ? 3 : 2; // the first quantity's column
    table_->clear();
    table_->setSortingEnabled(false);
    table_->setRowCount(static_cast<int>(l.sides.size()));
    table_->setColumnCount(static_cast<int>(names.size()) + first);
    QStringList header{tr("side"), tr("optimum")};
    if (settings) {
        header << tr("setting");
    }
    for (const auto& n : names) {
        header << text(n);
    }
    table_->setHorizontalHeaderLabels(header);
    for (std::size_t r = 0; r < l.sides.size(); ++r) {
        const auto& s = l.sides[r];
        const int row = static_cast<int>(r);
        auto* name = new QTableWidgetItem(text(s.label));
        QString tip = text(s.label);
        for (const auto& w : s.warnings) {
            tip += "\n" + text(w);
        }
        name->setToolTip(tip);
        table_->setItem(row, 0, name);
        auto* opt = new QTableWidgetItem(s.error.empty() ? text(s.optimum) : text(s.error));
        opt->setToolTip(opt->text());
        table_->setItem(row, 1, opt);
        if (settings) {
            auto* setting = new QTableWidgetItem(text(s.setting));
            setting->setToolTip(setting->text());
            table_->setItem(row, 2, setting);
        }
        for (std::size_t c = 0; c < names.size(); ++c) {
            const compare::ComparedValue* v = quantityOf(s, names[c]);
            auto* item = new QTableWidgetItem(v ? valueText(*v) : QStringLiteral("–"));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (v && !v->unit.empty()) {
                item->setToolTip(text(names[c] + " [" + v->unit + "]"));
            }
            table_->setItem(row, static_cast<int>(c) + first, item);
        }
    }
    table_->resizeColumnsToContents();
    updateButtons();
    redraw();
}

void LineupView::showMessage(const QString& message) {
    message_ = message;
    sentence_->setText(message);
    redraw();
}

void LineupView::redraw() {
    plot_->clearPlottables();
    plot_->clearItems();
    // No result (too few sides, or the searches still running): its reason once, centred, and
    // no empty axes or bars of an earlier line-up (issue 45: no stale picture).
    for (QCPAxis* a : {plot_->xAxis, plot_->yAxis}) {
        a->setVisible(result_.has_value());
        a->grid()->setVisible(result_.has_value());
    }
    if (!result_) {
        auto* title = qobject_cast<QCPTextElement*>(plot_->plotLayout()->element(0, 0));
        auto* subtitle = qobject_cast<QCPTextElement*>(plot_->plotLayout()->element(1, 0));
        if (title != nullptr && subtitle != nullptr) {
            title->setText(tr("Line-up"));
            subtitle->setText({});
        }
        QString why = message_.isEmpty() ? sentence_->text() : message_;
        why.remove(QRegularExpression("<[^>]*>"));
        auto* reason = new QCPItemText(plot_);
        reason->position->setType(QCPItemPosition::ptAxisRectRatio);
        reason->position->setCoords(0.5, 0.45);
        reason->setPositionAlignment(Qt::AlignCenter);
        QFont f = plot_->font();
        f.setPointSize(widgets::plotTheme(presentation_).basePointSize + 1);
        reason->setFont(f);
        reason->setColor(widgets::schemeInk());
        reason->setText(widgets::wrapToWidth(why, f, std::max(200, plot_->width() * 3 / 4)));
        plot_->replot();
        return;
    }
    const lineup::Lineup& l = *result_;
    const widgets::PlotTheme theme = widgets::plotTheme(presentation_);
    auto* title = qobject_cast<QCPTextElement*>(plot_->plotLayout()->element(0, 0));
    auto* subtitle = qobject_cast<QCPTextElement*>(plot_->plotLayout()->element(1, 0));
    widgets::applyTheme(widgets::PlotHeader{title, subtitle}, theme);
    QFont labelFont = plot_->font();
    labelFont.setPointSize(theme.basePointSize);
    title->setText(tr("%1 per side: %2").arg(text(l.headline), text(l.title)));
    const QString shared =
        sharedOf(lineup::lineupFamily(l.family), lineupSide(session_, SessionState::LineupEntry{}));
    QString how = optimum_->isChecked()
                      ? tr("each side at its own optimum where the model searches")
                      : tr("each side as it is");
    if (!l.settings.empty()) {
        how += QStringLiteral("; ") + text(l.settings);
    }
    subtitle->setText(shared.isEmpty() ? how : shared + QStringLiteral("; ") + how);
    auto* bars = new QCPBars(plot_->yAxis, plot_->xAxis); // horizontal
    bars->setPen(Qt::NoPen);
    bars->setBrush(theme.palette[0]);
    bars->setWidth(0.6);
    auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
    const int n = static_cast<int>(l.sides.size());
    const QString scale = scale_->currentData().toString();
    const bool logAxis = scale == "log";
    const bool speedup = scale.startsWith("speedup:");
    const std::vector<std::optional<double>> shown = barValues();
    double top = 0;
    double bottom = std::numeric_limits<double>::infinity(); // the smallest value (log axis)
    const QFontMetrics fm(labelFont);
    for (int i = 0; i < n; ++i) {
        const auto& s = l.sides[static_cast<std::size_t>(i)];
        const double key = n - i; // the first side on top
        ticker->addTick(key, fm.elidedText(text(s.label), Qt::ElideMiddle, 340));
        const auto v = shown[static_cast<std::size_t>(i)];
        if (!v) {
            auto* why = new QCPItemText(plot_);
            why->position->setType(QCPItemPosition::ptPlotCoords);
            why->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
            why->position->setCoords(0, key);
            why->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            why->setFont(labelFont);
            why->setText(
                s.value(l.headline) && (speedup || logAxis)
                    ? tr("no value on this axis (%1)")
                          .arg(speedup ? tr("no reference value") : tr("not positive"))
                    : tr("no value: %1").arg(text(s.error.empty() ? "not computed" : s.error)));
            continue;
        }
        bars->addData(key, *v);
        top = std::max(top, *v);
        bottom = std::min(bottom, *v);
        auto* label = new QCPItemText(plot_);
        label->position->setCoords(*v, key);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(4, 0, 0, 0));
        label->setFont(labelFont);
        QString optimum = text(s.optimum);
        optimum.remove(QStringLiteral(" (exact optimum)"));
        if (!s.setting.empty()) { // "5 nm" of "5 nm, the chip's own node"
            const QString setting = text(s.setting).section(QLatin1Char(','), 0, 0);
            optimum += (optimum.isEmpty() ? QString() : QStringLiteral(", ")) + setting;
        }
        const QString value =
            speedup ? QStringLiteral("%1 ×").arg(text(formatG(*v, 4)))
                    : text(formatG(*v, 4)) + (l.unit.empty() ? QString() : " " + text(l.unit));
        label->setText(value + (optimum.isEmpty() ? QString() : QStringLiteral(" · ") + optimum));
    }
    plot_->yAxis->setTicker(ticker);
    plot_->yAxis->setRange(0.4, n + 0.6);
    if (speedup) {
        plot_->xAxis->setLabel(tr("speed-up of %1 vs %2 [×] (%3)")
                                   .arg(text(l.headline), scale.mid(8),
                                        l.lowerIsBetter ? tr("its value over each side's")
                                                        : tr("each side's over its")));
    } else {
        plot_->xAxis->setLabel(text(l.headline) +
                               (l.unit.empty() ? QString() : " [" + text(l.unit) + "]") +
                               (logAxis ? tr(", log scale") : QString()));
    }
    plot_->xAxis->setScaleType(logAxis ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (logAxis) {
        plot_->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    } else {
        plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    }
    widgets::applyTheme(*plot_, theme);
    widgets::layOutNow(*plot_);
    if (logAxis && std::isfinite(bottom) && top > 0) {
        // The bars start a decade below the smallest: each bar's length is its magnitude.
        const double base = std::pow(10.0, std::floor(std::log10(bottom))) / 2;
        bars->setBaseValue(base);
        plot_->xAxis->setRange(base, top * 30); // room for the labels: a decade and a half
    } else {
        bars->setBaseValue(0);
        plot_->xAxis->setRange(0, top > 0 ? top * 1.05 : 1); // widened below for the labels
        widgets::fitUpperToLabels(*plot_, *plot_->xAxis);
    }
    if (speedup) {
        // The reference's 1 × as a line: who is faster is who passes it.
        auto* one = new QCPItemStraightLine(plot_);
        one->point1->setCoords(1, 0);
        one->point2->setCoords(1, 1);
        one->setPen(QPen(widgets::schemeInk(), 1, Qt::DashLine));
    }
    plot_->replot();
}

bool LineupView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == plot_ && event->type() == QEvent::Resize && result_) {
        QTimer::singleShot(0, this, [this] { redraw(); });
    }
    return QWidget::eventFilter(watched, event);
}

void LineupView::setPresentation(bool on) {
    presentation_ = on;
    plot_->setMinimumHeight(on ? 280 : 160);
    widgets::applyTheme(*plot_, widgets::plotTheme(on));
    redraw();
}

void LineupView::finishPendingWork() {
    job_->waitForFinished();
}

QString LineupView::figureSubject() const {
    if (session_.lineup.empty()) {
        return {};
    }
    QStringList names;
    for (const auto& e : session_.lineup) {
        names << (e.gpu                      ? text(profileLabel(*e.gpu))
                  : e.session->title.empty() ? tr("a session")
                                             : text(e.session->title));
    }
    // What the GPU sides share (session sides carry their own settings).
    const lineup::LineupFamily* family = currentFamily();
    const QString shared = sharedOf(family, lineupSide(session_, SessionState::LineupEntry{}));
    return tr("Line-up of %1 sides: %2").arg(names.size()).arg(names.join(", ")) +
           (shared.isEmpty() ? QString() : QStringLiteral(" · ") + shared);
}

std::vector<SessionState> LineupView::figureSessions() const {
    std::vector<SessionState> out;
    for (const auto& e : session_.lineup) {
        out.push_back(lineupSide(session_, e));
    }
    return out;
}

QString LineupView::sentence() const {
    return result_ ? text(result_->sentence) : message_;
}

void LineupView::say(const QString& message) const {
    if (context_.showMessage) {
        context_.showMessage(message, 8000);
    }
}

SessionState LineupView::edited(const QString& label, const SessionState& next) {
    context_.doc->edit(label, next);
    return next;
}

void LineupView::addGpuById(const QString& id) {
    try {
        addGpu(loadGpuProfile(id.toStdString()));
    } catch (const InputError& e) {
        say(tr("Not added: %1").arg(QString::fromUtf8(e.what())));
    }
}

void LineupView::addGpu(const GpuProfile& gpu) {
    if (session_.lineup.size() >= lineup::kMaxSides) {
        say(tr("The line-up holds 12 sides at most: remove one first."));
        return;
    }
    const QString name = text(profileLabel(gpu));
    for (std::size_t i = 0; i < session_.lineup.size(); ++i) {
        const auto& side = session_.lineup[i];
        // The same shipped or saved GPU, neither edited (an edited copy is another side).
        const auto plain = [](const GpuProfile& g) {
            for (const auto& [key, q] : g.params) {
                if (q.edited) {
                    return false;
                }
            }
            for (const auto& [key, q] : g.cIterByStencil) {
                if (q.edited) {
                    return false;
                }
            }
            return true;
        };
        if (side.gpu && side.gpu->id == gpu.id && plain(*side.gpu) && plain(gpu)) {
            say(tr("%1 is already side %2 of the line-up: not added twice.").arg(name).arg(i + 1));
            return;
        }
    }
    SessionState next = session_;
    SessionState::LineupEntry e;
    e.gpu = gpu;
    next.lineup.push_back(std::move(e));
    edited(tr("Add %1 to the line-up").arg(name), next);
    say(tr("Added %1 to the line-up (side %2; Edit ▸ Undo removes it).")
            .arg(name)
            .arg(next.lineup.size()));
}

bool LineupView::addSessionFile(const QString& path, QString* error) {
    if (session_.lineup.size() >= lineup::kMaxSides) {
        if (error) {
            *error = tr("The line-up holds 12 sides at most: remove one first.");
        }
        return false;
    }
    try {
        SessionState next = session_;
        SessionState::LineupEntry e;
        e.session =
            std::make_shared<const SessionState>(asBaseline(loadSession(path.toStdString())));
        next.lineup.push_back(std::move(e));
        edited(tr("Add %1 to the line-up").arg(QFileInfo(path).fileName()), next);
        say(tr("Added the session %1 to the line-up (side %2).")
                .arg(QFileInfo(path).fileName())
                .arg(next.lineup.size()));
        return true;
    } catch (const InputError& e) {
        if (error) {
            *error = tr("Not added: %1").arg(QString::fromUtf8(e.what()));
        }
        return false;
    }
}

void LineupView::removeSide(int index) {
    if (index < 0 || index >= static_cast<int>(session_.lineup.size())) {
        return;
    }
    SessionState next = session_;
    const auto& e = session_.lineup[static_cast<std::size_t>(index)];
    const QString name = e.gpu                      ? text(profileLabel(*e.gpu))
                         : e.session->title.empty() ? tr("session %1").arg(index + 1)
                                                    : text(e.session->title);
    next.lineup.erase(next.lineup.begin() + index);
    edited(tr("Remove %1 from the line-up").arg(name), next);
    say(tr("Removed side %1, %2, from the line-up (Edit ▸ Undo brings it back).")
            .arg(index + 1)
            .arg(name));
}

void LineupView::clearSides() {
    if (session_.lineup.empty()) {
        return;
    }
    SessionState next = session_;
    next.lineup.clear();
    edited(tr("Clear the line-up"), next);
    say(tr("Cleared the line-up (Edit ▸ Undo brings it back)."));
}

void LineupView::renderTo(QPaintDevice& device, const QSize& size) {
    finishPendingWork();
    // Without a result the plot holds the reason; it is not said twice.
    widgets::renderPlotAndText(device, *plot_,
                               result_ ? sentence_->text().remove(QRegularExpression("<[^>]*>"))
                                       : QString(),
                               size, result_ ? 96 : 0, presentation_);
}

QList<widgets::ExplorerView::Table> LineupView::tables() const {
    Table t;
    t.title = tr("Line-up: every quantity of each side");
    widgets::tableContents(*table_, &t.header, &t.rows);
    return {t};
}

QString LineupView::csv() const {
    // The session the GPU sides follow, named with its edits.
    const QString session = tr("# session: %1\n").arg(text(profileLabel(session_.gpu)));
    if (!result_) {
        return session + QStringLiteral("# %1\nside,label\n")
                             .arg(QString(message_).remove(QRegularExpression("<[^>]*>")));
    }
    const lineup::Lineup& l = *result_;
    QString out = session + QStringLiteral("# %1 (%2): %3 per side%4\n# %5\n")
                                .arg(text(l.title), text(l.family), text(l.headline),
                                     l.settings.empty() ? QString() : ", " + text(l.settings),
                                     text(l.sentence));
    // Words (a case, a limiter) as comments: the table's columns hold numbers (issue 45).
    std::vector<std::string> numeric;
    for (const auto& n : quantityNames(l)) {
        bool isText = false;
        for (std::size_t i = 0; i < l.sides.size(); ++i) {
            if (const auto* v = quantityOf(l.sides[i], n); v && v->isText()) {
                isText = true;
                out += QStringLiteral("# side %1 %2: %3\n").arg(i + 1).arg(text(n), text(v->textB));
            }
        }
        if (!isText) {
            numeric.push_back(n);
        }
    }
    for (std::size_t i = 0; i < l.sides.size(); ++i) {
        for (const auto& w : l.sides[i].warnings) {
            out += QStringLiteral("# side %1 warning: %2\n").arg(i + 1).arg(text(w));
        }
    }
    const bool settings = !l.settings.empty();
    QStringList header{"side", "label", "optimum", "error"};
    if (settings) {
        header.insert(3, "setting");
    }
    for (const auto& n : numeric) {
        header << widgets::csvField(text(n));
    }
    out += header.join(',') + '\n';
    for (std::size_t i = 0; i < l.sides.size(); ++i) {
        const auto& s = l.sides[i];
        QStringList row{QString::number(i + 1), widgets::csvField(text(s.label)),
                        widgets::csvField(text(s.optimum)), widgets::csvField(text(s.error))};
        if (settings) {
            row.insert(3, widgets::csvField(text(s.setting)));
        }
        for (const auto& n : numeric) {
            const auto* v = quantityOf(s, n);
            row << (v && v->b ? QString::number(*v->b, 'g', 17) : QString());
        }
        out += row.join(',') + '\n';
    }
    return out;
}

void LineupView::saveViewState(ViewState& out, const std::string& prefix) const {
    std::string key = prefix;
    key += ".family";
    out[key] = family_->currentData().toString().toStdString();
    key = prefix;
    key += ".optimum";
    out[key] = std::string(1, optimum_->isChecked() ? '1' : '0');
    key = prefix;
    key += ".scale";
    out[key] = wantedScale_;
    if (chipSetting_->count() > 0) {
        key = prefix;
        key += ".setting";
        out[key] = std::to_string(chipSetting_->currentData().toInt());
    }
}

void LineupView::restoreViewState(const ViewState& in, const std::string& prefix) {
    if (const auto it = in.find(prefix + ".family"); it != in.end()) {
        const int i = family_->findData(text(it->second));
        if (i >= 0) {
            family_->setCurrentIndex(i);
        }
    }
    if (const auto it = in.find(prefix + ".optimum");
        it != in.end() && (it->second == "0" || it->second == "1")) {
        optimum_->setChecked(it->second == "1");
    }
    if (const auto it = in.find(prefix + ".scale"); it != in.end()) {
        static const QRegularExpression valid(
            QStringLiteral("^(linear|log|speedup:[^\\x00-\\x1f]{1,200})$")); // a side's name
        if (valid.match(text(it->second)).hasMatch()) {
            wantedScale_ = it->second;
            fillScales();
            redraw();
        }
    }
    if (const auto it = in.find(prefix + ".setting"); it != in.end()) {
        const int i = chipSetting_->findData(text(it->second).toInt());
        if (i >= 0) {
            chipSetting_->setCurrentIndex(i);
        }
    }
}

} // namespace cdx::app
