// SPDX-License-Identifier: GPL-3.0-or-later
#include "runs/runs_table_model.hpp"

#include <QStringList>
#include <algorithm>
#include <map>
#include <numeric>
#include <optional>
#include <string_view>
#include <tuple>

namespace cdx::widgets {

namespace {

QString joinSizes(const std::array<std::int64_t, 3>& v, int dim, const char* sep) {
    QStringList parts;
    for (int i = 0; i < std::clamp(dim, 1, 3); ++i) {
        parts << QString::number(v[static_cast<std::size_t>(i)]);
    }
    return parts.join(QString::fromUtf8(sep));
}

bool numeric(int column) {
    using C = RunsTableModel;
    return column == C::Id || column == C::Time || column == C::TimeTile || column == C::Measured ||
           column == C::TAlg || column == C::Error;
}

} // namespace

RunsTableModel::RunsTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void RunsTableModel::setRuns(const runs::RunList& list, const runs::RunPredictions* predictions,
                             std::uint64_t version, const std::vector<std::size_t>& shown,
                             double within) {
    const bool samePredictions =
        list == list_ && predictions == predictions_ && version == version_;
    if (samePredictions && shown == shown_) {
        // The same rows: the prediction and error cells change in place.
        if (within_ == within) {
            return;
        }
        within_ = within; // "★" moves no row: the error's value sorts it
        if (!rows_.empty()) {
            emit dataChanged(index(0, TAlg), index(static_cast<int>(rows_.size()) - 1, Error));
        }
        return;
    }
    beginResetModel();
    list_ = list;
    predictions_ = predictions;
    version_ = version;
    within_ = within;
    shown_ = shown;
    const std::size_t n = runs::runsOf(list_).size();
    if (!samePredictions || sorted_.size() != n) {
        order();
    }
    shownMask_.assign(n, 0);
    for (const std::size_t i : shown_) {
        if (i < n) {
            shownMask_[i] = 1;
        }
    }
    pick();
    endResetModel();
}

int RunsTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int RunsTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

const runs::Run& RunsTableModel::run(int row) const {
    return runs::runsOf(list_)[rows_.at(static_cast<std::size_t>(row))];
}

std::int64_t RunsTableModel::runId(int row) const {
    return run(row).id;
}

QVariant RunsTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() < 0 || index.row() >= static_cast<int>(rows_.size())) {
        return {};
    }
    const std::size_t i = rows_[static_cast<std::size_t>(index.row())];
    const runs::Run& r = runs::runsOf(list_)[i];
    const runs::Prediction* p =
        predictions_ && i < predictions_->runs.size() ? &predictions_->runs[i] : nullptr;
    const bool predicted = p && p->predicted;
    const int c = index.column();
    if (role == Qt::TextAlignmentRole) {
        return numeric(c) ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    }
    if (role == Qt::ToolTipRole) {
        if (c == Error) {
            return predicted ? tr("(T_alg − T_meas) / T_meas; ★ within %1 % of the experiment's "
                                  "best measured run")
                                   .arg(within_ * 100)
                             : QString::fromStdString(p ? p->reason : std::string());
        }
        if (c == Source) {
            return QString::fromStdString(r.notes.empty() ? r.source : r.notes);
        }
        return {};
    }
    if (role == SortRole) {
        switch (c) {
        case Id:
            return static_cast<qlonglong>(r.id);
        case Time:
            return static_cast<double>(r.time);
        case TimeTile:
            return static_cast<double>(r.tt);
        case Measured:
            return r.timeSeconds;
        case TAlg:
            return predicted ? p->tAlg : 0.0;
        case Error:
            return predicted ? p->relError : 0.0;
        default:
            break;
        }
        role = Qt::DisplayRole;
    }
    if (role != Qt::DisplayRole) {
        return {};
    }
    switch (c) {
    case Id:
        return QString::number(r.id);
    case Gpu:
        return QString::fromStdString(r.gpu);
    case Stencil:
        return QString::fromStdString(r.stencil);
    case Problem:
        return joinSizes(r.space, r.dim, "×");
    case Time:
        return QString::number(r.time);
    case Tile:
        return joinSizes(r.tile, r.dim, ",");
    case TimeTile:
        return QString::number(r.tt);
    case Threads:
        return r.threads ? QString::number(*r.threads) : QStringLiteral("—");
    case Measured:
        return QString::number(r.timeSeconds, 'g', 6);
    case TAlg:
        return predicted ? QString::number(p->tAlg, 'g', 6) : QStringLiteral("—");
    case Error:
        if (!predicted) {
            return tr("no prediction");
        }
        return QStringLiteral("%1 %%2")
            .arg(p->relError * 100, 0, 'f', 1)
            .arg(predictions_->nearBest(runs::runsOf(list_), i, within_) ? QStringLiteral(" ★")
                                                                         : QString());
    case Source:
        return QString::fromStdString(r.source);
    default:
        return {};
    }
}

QVariant RunsTableModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, o, role);
    }
    static const char* names[ColumnCount] = {
        QT_TR_NOOP("id"),        QT_TR_NOOP("GPU"),     QT_TR_NOOP("stencil"),
        QT_TR_NOOP("problem"),   QT_TR_NOOP("T"),       QT_TR_NOOP("tile"),
        QT_TR_NOOP("tT"),        QT_TR_NOOP("threads"), QT_TR_NOOP("measured [s]"),
        QT_TR_NOOP("T_alg [s]"), QT_TR_NOOP("error"),   QT_TR_NOOP("source")};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

std::vector<double> RunsTableModel::keys(std::size_t* ranks) const {
    const auto& list = runs::runsOf(list_);
    std::vector<double> key(list.size(), 0.0);
    // Texts and size tuples sort by their rank among the distinct values (a few GPUs and
    // stencils among 68,000 runs): a sort then compares numbers only.
    const auto ranked = [&](auto of) {
        using Value = decltype(of(list.front()));
        std::map<Value, double> rank;
        for (const auto& r : list) {
            rank.emplace(of(r), 0.0);
        }
        double k = 0;
        for (auto& [value, r] : rank) {
            r = k++;
        }
        *ranks = rank.size();
        // Neighbouring runs mostly share the value (one experiment after another).
        std::optional<Value> last;
        double lastRank = 0;
        for (std::size_t i = 0; i < list.size(); ++i) {
            Value v = of(list[i]);
            if (!last || !(v == *last)) {
                lastRank = rank.at(v);
                last = v;
            }
            key[i] = lastRank;
        }
    };
    // A run without a prediction sorts as 0, as the table shows it ("—").
    const auto predicted = [&](std::size_t i, bool error) {
        if (!predictions_ || i >= predictions_->runs.size() || !predictions_->runs[i].predicted) {
            return 0.0;
        }
        return error ? predictions_->runs[i].relError : predictions_->runs[i].tAlg;
    };
    if (list.empty()) {
        return key;
    }
    switch (sortColumn_) {
    case Gpu:
        ranked([](const runs::Run& r) { return std::string_view(r.gpu); });
        return key;
    case Stencil:
        ranked([](const runs::Run& r) { return std::string_view(r.stencil); });
        return key;
    case Source:
        ranked([](const runs::Run& r) { return std::string_view(r.source); });
        return key;
    case Problem:
        ranked([](const runs::Run& r) { return std::make_tuple(r.dim, r.space); });
        return key;
    case Tile:
        ranked([](const runs::Run& r) { return std::make_tuple(r.dim, r.tile); });
        return key;
    case Time:
        ranked([](const runs::Run& r) { return r.time; });
        return key;
    case TimeTile:
        ranked([](const runs::Run& r) { return r.tt; });
        return key;
    case Threads:
        ranked([](const runs::Run& r) { return r.threads.value_or(0); });
        return key;
    default:
        break;
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
        const runs::Run& r = list[i];
        switch (sortColumn_) {
        case Id:
            key[i] = static_cast<double>(r.id);
            break;
        case Measured:
            key[i] = r.timeSeconds;
            break;
        case TAlg:
            key[i] = predicted(i, false);
            break;
        case Error:
            key[i] = predicted(i, true);
            break;
        default:
            break;
        }
    }
    return key;
}

void RunsTableModel::order() {
    const std::size_t n = runs::runsOf(list_).size();
    sorted_.resize(n);
    std::iota(sorted_.begin(), sorted_.end(), std::size_t{0});
    if (sortColumn_ < 0 || sortColumn_ >= ColumnCount) {
        return;
    }
    // Equal keys keep the list's order, in both directions.
    std::size_t ranks = 0;
    const std::vector<double> key = keys(&ranks);
    if (ranks > 0) {
        // Ranks of a few distinct values: a counting sort, stable, O(n) (a comparison sort of
        // 68,000 runs by their tiles took 24 ms, more than a frame).
        std::vector<std::size_t> start(ranks + 1, 0);
        for (const double k : key) {
            const auto r = static_cast<std::size_t>(k);
            ++start[(sortOrder_ == Qt::AscendingOrder ? r : ranks - 1 - r) + 1];
        }
        for (std::size_t r = 0; r < ranks; ++r) {
            start[r + 1] += start[r];
        }
        for (std::size_t i = 0; i < n; ++i) {
            const auto r = static_cast<std::size_t>(key[i]);
            sorted_[start[sortOrder_ == Qt::AscendingOrder ? r : ranks - 1 - r]++] = i;
        }
        return;
    }
    // Else by value, the index breaking ties.
    std::vector<std::pair<double, std::size_t>> byKey(n);
    for (std::size_t i = 0; i < n; ++i) {
        byKey[i] = {sortOrder_ == Qt::AscendingOrder ? key[i] : -key[i], i};
    }
    std::sort(byKey.begin(), byKey.end());
    for (std::size_t i = 0; i < n; ++i) {
        sorted_[i] = byKey[i].second;
    }
}

void RunsTableModel::pick() {
    rows_.clear();
    rows_.reserve(shown_.size());
    for (const std::size_t i : sorted_) {
        if (shownMask_[i]) {
            rows_.push_back(i);
        }
    }
}

void RunsTableModel::sort(int column, Qt::SortOrder order) {
    if (column == sortColumn_ && order == sortOrder_) {
        return;
    }
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<std::size_t> runOf;
    runOf.reserve(static_cast<std::size_t>(before.size()));
    for (const QModelIndex& ix : before) {
        runOf.push_back(rows_[static_cast<std::size_t>(ix.row())]);
    }
    sortColumn_ = column;
    sortOrder_ = order;
    this->order();
    pick();
    // The selection and the current row follow their runs.
    if (!before.isEmpty()) {
        std::vector<int> rowOf(runs::runsOf(list_).size(), -1);
        for (std::size_t r = 0; r < rows_.size(); ++r) {
            rowOf[rows_[r]] = static_cast<int>(r);
        }
        QModelIndexList after;
        after.reserve(before.size());
        for (qsizetype k = 0; k < before.size(); ++k) {
            after << index(rowOf[runOf[static_cast<std::size_t>(k)]], before[k].column());
        }
        changePersistentIndexList(before, after);
    }
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

} // namespace cdx::widgets
