// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/study_view.hpp"

#include "cdx/common.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_scheme.hpp"
#include "common/plot_theme.hpp"
#include "common/view_export.hpp"
#include "params/input_error.hpp"

#include <QAbstractTableModel>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QToolTip>
#include <QVBoxLayout>
#include <cmath>
#include <limits>
#include <map>
#include <qcustomplot.h>
#include <set>

namespace cdx::app {

namespace {

QString cellText(const study::Cell& c) {
    if (const auto* d = std::get_if<double>(&c)) {
        return QString::fromStdString(cli::fmt(*d, 6));
    }
    return QString::fromStdString(study::text(c));
}

bool numericColumn(const study::Table& t, std::size_t c) {
    bool any = false;
    for (const auto& r : t.rows) {
        if (std::holds_alternative<std::string>(r[c])) {
            return false;
        }
        any = any || study::number(r[c]).has_value();
    }
    return any;
}

// The plot's default columns per question: what an architect looks at first.
std::pair<QString, QString> defaultAxes(const std::string& question) {
    if (question == "codesign") {
        return {"area_mm2", "weighted_time_s"};
    }
    if (question == "energy") {
        return {"T_alg_s", "E_alg_j"};
    }
    if (question == "optimize") {
        return {"point", "T_alg_s"};
    }
    if (question == "mwp") {
        return {"point", "time_s"};
    }
    return {"point", "headline"};
}

} // namespace

// The results as a table model: text to show, numbers to sort by (Qt::UserRole).
class StudyTableModel : public QAbstractTableModel {
public:
    explicit StudyTableModel(QObject* parent) : QAbstractTableModel(parent) {}
    void setTable(const study::Table* t) {
        beginResetModel();
        table_ = t;
        endResetModel();
    }
    int rowCount(const QModelIndex& parent) const override {
        return parent.isValid() || !table_ ? 0 : static_cast<int>(table_->rows.size());
    }
    int columnCount(const QModelIndex& parent) const override {
        return parent.isValid() || !table_ ? 0 : static_cast<int>(table_->columns.size());
    }
    QVariant data(const QModelIndex& index, int role) const override {
        if (!table_ || !index.isValid()) {
            return {};
        }
        const auto& cell = table_->rows[static_cast<std::size_t>(index.row())]
                                       [static_cast<std::size_t>(index.column())];
        if (role == Qt::DisplayRole) {
            return cellText(cell);
        }
        if (role == Qt::UserRole) { // sorting: numbers as numbers
            if (const auto v = study::number(cell)) {
                return *v;
            }
            return QString::fromStdString(study::text(cell));
        }
        if (role == Qt::TextAlignmentRole && study::number(cell)) {
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        }
        if (role == Qt::ToolTipRole) {
            return QString::fromStdString(study::text(cell)); // the full value
        }
        return {};
    }
    QVariant headerData(int section, Qt::Orientation o, int role) const override {
        if (role == Qt::DisplayRole && o == Qt::Horizontal && table_) {
            return QString::fromStdString(table_->columns[static_cast<std::size_t>(section)]);
        }
        return QAbstractTableModel::headerData(section, o, role);
    }

private:
    const study::Table* table_ = nullptr;
};

// Rows shown: each axis filter's value (empty: all) and a text found in any column.
class StudyFilter : public QSortFilterProxyModel {
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    std::vector<std::pair<int, QString>> axisValues; // column, value ("" = all)
    QString text;
    void refilter() { invalidateFilter(); }

protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override {
        const auto* m = sourceModel();
        for (const auto& [column, value] : axisValues) {
            if (!value.isEmpty() && m->index(row, column, parent).data().toString() != value) {
                return false;
            }
        }
        if (text.isEmpty()) {
            return true;
        }
        for (int c = 0; c < m->columnCount(parent); ++c) {
            if (m->index(row, c, parent).data().toString().contains(text, Qt::CaseInsensitive)) {
                return true;
            }
        }
        return false;
    }
    bool lessThan(const QModelIndex& a, const QModelIndex& b) const override {
        const QVariant va = a.data(Qt::UserRole);
        const QVariant vb = b.data(Qt::UserRole);
        if (va.typeId() == QMetaType::Double && vb.typeId() == QMetaType::Double) {
            return va.toDouble() < vb.toDouble();
        }
        if (va.typeId() != vb.typeId()) { // numbers before texts and empty cells
            return va.typeId() == QMetaType::Double;
        }
        return va.toString() < vb.toString();
    }
};

StudyView::StudyView(QWidget* parent) : QWidget(parent) {
    setWindowTitle(tr("Study — Codesign Explorer"));
    auto* layout = new QVBoxLayout(this);
    summary_ = new QLabel(this);
    summary_->setObjectName("studySummary");
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(summary_);

    filterRow_ = new QWidget(this);
    auto* filters = new QHBoxLayout(filterRow_);
    filters->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(filterRow_);

    auto* plotRow = new QHBoxLayout;
    const auto labelled = [&](const QString& label, QWidget* w) {
        auto* l = new QLabel(label, this);
        l->setBuddy(w);
        plotRow->addWidget(l);
        plotRow->addWidget(w);
    };
    x_ = new QComboBox(this);
    x_->setObjectName("studyX");
    y_ = new QComboBox(this);
    y_->setObjectName("studyY");
    group_ = new QComboBox(this);
    group_->setObjectName("studyGroup");
    front_ = new QComboBox(this);
    front_->setObjectName("studyFront");
    front_->addItem(tr("smaller x, smaller y"), "min,min");
    front_->addItem(tr("smaller x, larger y"), "min,max");
    front_->addItem(tr("larger x, smaller y"), "max,min");
    front_->addItem(tr("larger x, larger y"), "max,max");
    front_->addItem(tr("none"), "");
    front_->setToolTip(tr("Which corner is better: each group's Pareto front is drawn towards it"));
    // Combos that may shrink to a few characters: the row fits a laptop screen in
    // presentation mode too (the popup lists show the whole names).
    for (QComboBox* c : {x_, y_, group_, front_}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(c == group_ ? 9 : 15);
    }
    labelled(tr("&x"), x_);
    labelled(tr("&y"), y_);
    labelled(tr("&Colour by"), group_);
    labelled(tr("&Front"), front_);
    logX_ = new QCheckBox(tr("log x"), this);
    logY_ = new QCheckBox(tr("log y"), this);
    plotRow->addWidget(logX_);
    plotRow->addWidget(logY_);
    plotRow->addStretch(1);
    // The buttons end the filter row (fillControls), whose text field gives way: the plot row
    // then fits a laptop screen in presentation mode.
    openButton_ = new QPushButton(tr("&Open in Workspace"), this);
    openButton_->setObjectName("studyOpen");
    openButton_->setEnabled(false);
    openButton_->setToolTip(tr("Opens the selected row's design or tiling in its workspace (one "
                               "undoable edit of the session)"));
    exportButton_ = new QPushButton(tr("&Export…"), this);
    exportButton_->setObjectName("studyExport");
    exportButton_->setToolTip(tr("The plot as PNG, PDF or SVG, or the rows shown as CSV"));
    layout->addLayout(plotRow);

    auto* split = new QSplitter(Qt::Vertical, this);
    plot_ = new QCustomPlot(split);
    plot_->setObjectName("studyPlot");
    plot_->setMinimumHeight(160);
    widgets::addPlotHeader(*plot_);
    plot_->legend->setVisible(true);
    view_ = new QTableView(split);
    view_->setObjectName("studyTable");
    model_ = new StudyTableModel(this);
    proxy_ = new StudyFilter(this);
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(Qt::UserRole);
    view_->setModel(proxy_);
    view_->setSortingEnabled(true);
    view_->sortByColumn(0, Qt::AscendingOrder); // the points in order, as cdx study show lists them
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->verticalHeader()->setVisible(false);
    view_->horizontalHeader()->setStretchLastSection(false);
    split->addWidget(plot_);
    split->addWidget(view_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    message_ = new QLabel(this);
    message_->setObjectName("studyMessage");
    message_->setWordWrap(true);
    layout->addWidget(message_);

    for (QComboBox* c : {x_, y_, group_, front_}) {
        connect(c, &QComboBox::currentIndexChanged, this, [this] { redraw(); });
    }
    for (QCheckBox* c : {logX_, logY_}) {
        connect(c, &QCheckBox::toggled, this, [this] { redraw(); });
    }
    connect(view_->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        openButton_->setEnabled(selectedRow().has_value());
        redraw(); // the selected point is ringed
    });
    connect(view_, &QTableView::doubleClicked, this, [this] { openSelected(); });
    connect(openButton_, &QPushButton::clicked, this, [this] { openSelected(); });
    connect(exportButton_, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export the study view"), QFileInfo(path_).dir().filePath(fileStem() + ".png"),
            tr("Images (*.png *.pdf *.svg);;Table (*.csv)"));
        if (path.isEmpty()) {
            return;
        }
        QString error;
        if (exportTo(path, &error)) {
            message_->setText(tr("Exported %1").arg(QDir::toNativeSeparators(path)));
        } else {
            message_->setText(tr("Not exported: %1").arg(error));
        }
    });
    connect(plot_, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        if (const auto row = nearestRow(e->position(), 12)) {
            selectRow(*row);
        }
    });
    connect(plot_, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent* e) {
        if (const auto row = nearestRow(e->position(), 12)) {
            selectRow(*row);
            openSelected();
        }
    });
    connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        const QString tip = hoverTextAt(*plot_, plot_->xAxis->pixelToCoord(e->position().x()),
                                        plot_->yAxis->pixelToCoord(e->position().y()));
        if (tip.isEmpty()) {
            QToolTip::hideText();
        } else {
            QToolTip::showText(e->globalPosition().toPoint(), tip, plot_);
        }
    });
}

StudyView::~StudyView() = default;

bool StudyView::open(const QString& path, QString* error) {
    try {
        study::Table t = study::readTable(path.toStdString());
        std::optional<study::Spec> spec;
        try {
            spec = cli::study::studyFromText(t.spec);
        } catch (const InputError&) {
            spec.reset(); // written by another version: shown, but its points do not open
        }
        model_->setTable(nullptr);
        table_ = std::move(t);
        spec_ = std::move(spec);
        path_ = path;
        model_->setTable(&table_);
        fillControls();
        applyFilter();
        setWindowTitle(tr("Study %1 — Codesign Explorer").arg(QFileInfo(path).fileName()));
        message_->setText(tr("Opened %1: %n row(s)", nullptr, static_cast<int>(table_.rows.size()))
                              .arg(QDir::toNativeSeparators(path)));
        return true;
    } catch (const std::exception& e) {
        if (error) {
            *error = QString::fromUtf8(e.what());
        }
        return false;
    }
}

QString StudyView::viewTitle() const {
    return table_.name.empty() ? tr("Study")
                               : tr("Study: %1").arg(QString::fromStdString(table_.name));
}

QString StudyView::summary() const {
    std::map<std::string, int> statuses;
    const auto status = study::columnIndex(table_, "status", "status");
    for (const auto& r : table_.rows) {
        if (r[1] == study::Cell{std::int64_t{0}}) {
            ++statuses[study::text(r[status])];
        }
    }
    QStringList parts;
    for (const auto& [s, n] : statuses) {
        parts << QStringLiteral("%1 %2").arg(n).arg(QString::fromStdString(s));
    }
    QString axes;
    for (const auto& a : table_.axes) {
        axes += (axes.isEmpty() ? "" : ", ") + QString::fromStdString(a);
    }
    return tr("%1 — %2 at %3 of %4 points (%5), %6 rows; axes %7; %8")
        .arg(QString::fromStdString(table_.name), QString::fromStdString(table_.question))
        .arg(table_.donePoints)
        .arg(table_.points)
        .arg(parts.join(", "))
        .arg(table_.rows.size())
        .arg(axes, QDir::toNativeSeparators(path_));
}

void StudyView::fillControls() {
    summary_->setText(summary());
    // One filter per axis: its values in the table's order.
    axisFilters_.clear(); // deleted with the row's other widgets below
    delete filterRow_->layout();
    openButton_->setParent(this); // kept across files: only the filters are made again
    exportButton_->setParent(this);
    qDeleteAll(filterRow_->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly));
    auto* filters = new QHBoxLayout(filterRow_);
    filters->setContentsMargins(0, 0, 0, 0);
    for (const auto& axis : table_.axes) {
        const std::size_t column = study::columnIndex(table_, axis, "axis");
        auto* label = new QLabel(QString::fromStdString(axis), filterRow_);
        auto* combo = new QComboBox(filterRow_);
        combo->setObjectName(QString::fromStdString("studyFilter_" + axis));
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(7);
        label->setBuddy(combo);
        combo->addItem(tr("all"), QString());
        std::set<QString> seen;
        for (const auto& r : table_.rows) {
            const QString v = cellText(r[column]);
            if (seen.insert(v).second) {
                combo->addItem(v, v);
            }
        }
        filters->addWidget(label);
        filters->addWidget(combo);
        connect(combo, &QComboBox::currentIndexChanged, this, [this] { applyFilter(); });
        axisFilters_.push_back(combo);
    }
    text_ = new QLineEdit(filterRow_);
    text_->setObjectName("studyText");
    text_->setPlaceholderText(tr("Filter rows: any text"));
    text_->setClearButtonEnabled(true);
    filters->addWidget(text_, 1);
    filters->addWidget(openButton_);
    filters->addWidget(exportButton_);
    openButton_->show(); // reparented: shown again
    exportButton_->show();
    connect(text_, &QLineEdit::textChanged, this, [this] { applyFilter(); });

    const QSignalBlocker bx(x_);
    const QSignalBlocker by(y_);
    const QSignalBlocker bg(group_);
    x_->clear();
    y_->clear();
    group_->clear();
    group_->addItem(tr("nothing"), QString());
    for (std::size_t c = 0; c < table_.columns.size(); ++c) {
        const QString name = QString::fromStdString(table_.columns[c]);
        if (numericColumn(table_, c)) {
            x_->addItem(name, name);
            y_->addItem(name, name);
        }
        if (table_.columns[c] != "answer" && table_.columns[c] != "variant" &&
            table_.columns[c] != "gpu_hash" && table_.columns[c] != "tool_version") {
            group_->addItem(name, name);
        }
    }
    const auto [dx, dy] = defaultAxes(table_.question);
    x_->setCurrentIndex(std::max(0, x_->findData(dx)));
    y_->setCurrentIndex(std::max(0, y_->findData(dy)));
    // A front where both columns are costs (area and time, time and energy); none against the
    // point number.
    {
        const QSignalBlocker bf(front_);
        front_->setCurrentIndex(front_->findData(dx == "point" ? "" : "min,min"));
    }
    if (!table_.axes.empty()) {
        group_->setCurrentIndex(
            std::max(0, group_->findData(QString::fromStdString(table_.axes.front()))));
    }
    view_->resizeColumnsToContents();
    for (int c = 0; c < proxy_->columnCount(); ++c) {
        view_->setColumnWidth(c, std::min(view_->columnWidth(c), 220));
    }
}

void StudyView::applyFilter() {
    proxy_->axisValues.clear();
    for (std::size_t i = 0; i < axisFilters_.size(); ++i) {
        proxy_->axisValues.emplace_back(
            static_cast<int>(study::columnIndex(table_, table_.axes[i], "axis")),
            axisFilters_[i]->currentData().toString());
    }
    proxy_->text = text_ ? text_->text() : QString();
    proxy_->refilter();
    redraw();
}

std::vector<std::size_t> StudyView::shownRows() const {
    std::vector<std::size_t> out;
    for (int r = 0; r < proxy_->rowCount(); ++r) {
        out.push_back(static_cast<std::size_t>(proxy_->mapToSource(proxy_->index(r, 0)).row()));
    }
    return out;
}

void StudyView::redraw() {
    plot_->clearPlottables();
    plot_->clearItems();
    plotted_.clear();
    fronts_.clear();
    const widgets::PlotTheme theme = widgets::plotTheme(presentation_);
    widgets::applyTheme(*plot_, theme);
    auto* title = qobject_cast<QCPTextElement*>(plot_->plotLayout()->element(0, 0));
    auto* subtitle = qobject_cast<QCPTextElement*>(plot_->plotLayout()->element(1, 0));
    widgets::applyTheme(widgets::PlotHeader{title, subtitle}, theme);
    const QString xName = x_->currentData().toString();
    const QString yName = y_->currentData().toString();
    if (table_.rows.empty() || xName.isEmpty() || yName.isEmpty()) {
        title->setText(viewTitle());
        subtitle->setText(table_.rows.empty() ? tr("no rows yet") : tr("no numeric column"));
        plot_->replot();
        return;
    }
    const std::size_t cx = study::columnIndex(table_, xName.toStdString(), "x");
    const std::size_t cy = study::columnIndex(table_, yName.toStdString(), "y");
    const QString groupName = group_->currentData().toString();
    // (an index, not an optional: GCC 12 warns of an uninitialised optional here)
    const bool cg = !groupName.isEmpty();
    const std::size_t groupColumn =
        cg ? study::columnIndex(table_, groupName.toStdString(), "group") : 0;
    const bool lx = logX_->isChecked();
    const bool ly = logY_->isChecked();
    // The rows shown, grouped in the order their groups first appear.
    study::Table shown;
    shown.columns = table_.columns;
    const std::vector<std::size_t> rows = shownRows();
    std::vector<std::size_t> back; // shown's row -> table_'s
    std::vector<QString> order;
    std::map<QString, std::vector<std::size_t>> groups;
    std::size_t skipped = 0;
    for (const std::size_t r : rows) {
        const auto x = study::number(table_.rows[r][cx]);
        const auto y = study::number(table_.rows[r][cy]);
        if (!x || !y || (lx && *x <= 0) || (ly && *y <= 0)) {
            ++skipped;
            continue;
        }
        const QString g = cg ? cellText(table_.rows[r][groupColumn]) : QString();
        if (!groups.count(g)) {
            order.push_back(g);
        }
        groups[g].push_back(r);
        shown.rows.push_back(table_.rows[r]);
        back.push_back(r);
    }
    const int size = static_cast<int>(theme.markerSize + 1);
    for (std::size_t i = 0; i < order.size(); ++i) {
        const QColor colour = widgets::schemed(theme.palette[i % theme.palette.size()]);
        auto* g = plot_->addGraph();
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(widgets::discScatter(colour, size));
        g->setName(
            cg ? QStringLiteral("%1 = %2").arg(groupName, order[i].isEmpty() ? "–" : order[i])
               : tr("rows"));
        QVector<double> xs;
        QVector<double> ys;
        for (const std::size_t r : groups[order[i]]) {
            xs << *study::number(table_.rows[r][cx]);
            ys << *study::number(table_.rows[r][cy]);
            plotted_.push_back({r, xs.back(), ys.back()});
        }
        g->setData(xs, ys, /*alreadySorted=*/false);
    }
    const QString frontKind = front_->currentData().toString();
    if (!frontKind.isEmpty() && !shown.rows.empty()) {
        const QStringList dirs = frontKind.split(',');
        const std::string fx = (dirs[0] == "max" ? "max:" : "") + xName.toStdString();
        const std::string fy = (dirs[1] == "max" ? "max:" : "") + yName.toStdString();
        fronts_ = study::paretoFronts(shown, fx, fy, cg ? groupName.toStdString() : "");
        for (auto& f : fronts_) {
            for (auto& r : f.rows) {
                r = back[r]; // indices into the whole table
            }
            const auto at = std::find(order.begin(), order.end(), QString::fromStdString(f.group));
            const std::size_t i =
                at == order.end() ? 0 : static_cast<std::size_t>(at - order.begin());
            auto* line = plot_->addGraph();
            QPen pen(widgets::schemed(theme.palette[i % theme.palette.size()]), theme.lineWidth);
            line->setPen(pen);
            line->setLineStyle(QCPGraph::lsStepLeft);
            line->removeFromLegend();
            QVector<double> xs;
            QVector<double> ys;
            for (const auto r : f.rows) {
                xs << *study::number(table_.rows[r][cx]);
                ys << *study::number(table_.rows[r][cy]);
            }
            line->setData(xs, ys, true);
        }
    }
    if (const auto sel = selectedRow()) {
        const auto x = study::number(table_.rows[*sel][cx]);
        const auto y = study::number(table_.rows[*sel][cy]);
        if (x && y) {
            auto* ring = plot_->addGraph();
            ring->setLineStyle(QCPGraph::lsNone);
            ring->setScatterStyle(QCPScatterStyle(
                QCPScatterStyle::ssCircle, QPen(widgets::schemeInk(), 2), Qt::NoBrush, size + 8));
            ring->setData(QVector<double>{*x}, QVector<double>{*y});
            ring->setName(tr("selected row"));
        }
    }
    plot_->xAxis->setScaleType(lx ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    plot_->yAxis->setScaleType(ly ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (lx) {
        plot_->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    } else {
        plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    }
    if (ly) {
        plot_->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    } else {
        plot_->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    }
    plot_->xAxis->setLabel(xName);
    plot_->yAxis->setLabel(yName);
    plot_->rescaleAxes();
    plot_->xAxis->scaleRange(1.08, plot_->xAxis->range().center());
    plot_->yAxis->scaleRange(1.08, plot_->yAxis->range().center());
    title->setText(tr("%1 against %2").arg(yName, xName));
    QString sub = tr("%1: %n row(s) shown", nullptr, static_cast<int>(shown.rows.size()))
                      .arg(QString::fromStdString(table_.name));
    if (cg) {
        sub += tr(", coloured by %1").arg(groupName);
    }
    if (!frontKind.isEmpty()) {
        sub += tr("; lines: each group's Pareto front (%1)").arg(front_->currentText());
    }
    if (skipped > 0) {
        sub += tr("; %n row(s) without both values%1 not drawn", nullptr, static_cast<int>(skipped))
                   .arg(lx || ly ? tr(" (or ≤ 0 on a log axis)") : QString());
    }
    subtitle->setText(sub);
    plot_->legend->setVisible(order.size() > 1 || !frontKind.isEmpty());
    widgets::applyScheme(*plot_);
    plot_->replot();
}

std::optional<std::size_t> StudyView::nearestRow(const QPointF& pixel, double maxPixels) const {
    std::optional<std::size_t> best;
    double bestD = maxPixels * maxPixels;
    for (const auto& p : plotted_) {
        const double dx = plot_->xAxis->coordToPixel(p.x) - pixel.x();
        const double dy = plot_->yAxis->coordToPixel(p.y) - pixel.y();
        if (dx * dx + dy * dy <= bestD) {
            bestD = dx * dx + dy * dy;
            best = p.row;
        }
    }
    return best;
}

QString StudyView::hoverTextAt(const QCustomPlot& plot, double x, double y) const {
    if (&plot != plot_) {
        return {};
    }
    const auto row =
        nearestRow(QPointF(plot_->xAxis->coordToPixel(x), plot_->yAxis->coordToPixel(y)), 8);
    if (!row) {
        return {};
    }
    const auto& r = table_.rows[*row];
    QStringList lines;
    lines << tr("point %1, answer %2").arg(cellText(r[0]), cellText(r[1]));
    for (const auto& a : table_.axes) {
        lines << QStringLiteral("%1 = %2").arg(QString::fromStdString(a),
                                               cellText(r[study::columnIndex(table_, a, "axis")]));
    }
    for (const QComboBox* c : {x_, y_}) {
        const std::string name = c->currentData().toString().toStdString();
        lines << QStringLiteral("%1 = %2").arg(
            QString::fromStdString(name), cellText(r[study::columnIndex(table_, name, "column")]));
    }
    return lines.join('\n');
}

void StudyView::selectRow(std::size_t row) {
    const QModelIndex source = model_->index(static_cast<int>(row), 0);
    const QModelIndex shown = proxy_->mapFromSource(source);
    if (!shown.isValid()) {
        return;
    }
    view_->selectionModel()->select(shown, QItemSelectionModel::ClearAndSelect |
                                               QItemSelectionModel::Rows);
    view_->scrollTo(shown);
}

std::optional<std::size_t> StudyView::selectedRow() const {
    const auto rows = view_->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        return std::nullopt;
    }
    return static_cast<std::size_t>(proxy_->mapToSource(rows.first()).row());
}

cli::study::PointSession StudyView::selectedSession() const {
    const auto row = selectedRow();
    if (!row) {
        throw InputError("row", "", "select a row (or click a point) first");
    }
    if (!spec_) {
        throw InputError("study", table_.name,
                         "its spec was written by another version; its points do not open here");
    }
    const auto& r = table_.rows[*row];
    std::map<std::string, std::string> answer;
    for (std::size_t c = 0; c < table_.columns.size(); ++c) {
        answer[table_.columns[c]] = study::text(r[c]);
    }
    return cli::study::sessionOfRow(
        *spec_, static_cast<std::uint64_t>(std::get<std::int64_t>(r[0])),
        static_cast<std::uint64_t>(std::get<std::int64_t>(r[1])), answer, base_);
}

void StudyView::openSelected() {
    try {
        const auto s = selectedSession();
        emit openRequested(s);
        message_->setText(tr("Opened %1 in its workspace (Edit ▸ Undo returns the session).")
                              .arg(QString::fromStdString(s.label)));
    } catch (const std::exception& e) {
        message_->setText(tr("Not opened: %1").arg(QString::fromUtf8(e.what())));
    }
}

QString StudyView::csv() const {
    const auto quote = [](QString s) {
        if (s.contains(',') || s.contains('"') || s.contains('\n')) {
            s.replace('"', "\"\"");
            return '"' + s + '"';
        }
        return s;
    };
    QStringList lines;
    QStringList header;
    for (const auto& c : table_.columns) {
        header << quote(QString::fromStdString(c));
    }
    lines << header.join(',');
    for (const std::size_t r : shownRows()) {
        QStringList cells;
        for (const auto& c : table_.rows[r]) {
            cells << quote(QString::fromStdString(study::text(c)));
        }
        lines << cells.join(',');
    }
    return lines.join('\n') + '\n';
}

void StudyView::renderTo(QPaintDevice& device, const QSize& size) {
    QCPPainter painter(&device);
    widgets::toPainterFitted(*plot_, painter, size.width(), size.height());
}

void StudyView::setPresentation(bool on) {
    presentation_ = on;
    redraw();
}

bool StudyView::exportTo(const QString& path, QString* error) {
    const QString e = widgets::exportView(*this, path, QSize(1400, 900));
    if (!e.isEmpty() && error) {
        *error = e;
    }
    return e.isEmpty();
}

} // namespace cdx::app
