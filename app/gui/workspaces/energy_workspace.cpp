// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspaces/energy_workspace.hpp"

#include "common/background_job.hpp"
#include "energy/energy_breakdown_view.hpp"
#include "energy/energy_calibration_view.hpp"
#include "energy/energy_common.hpp"
#include "energy/energy_editor.hpp"
#include "energy/energy_per_point_view.hpp"
#include "energy/energy_profiles.hpp"
#include "energy/energy_sensitivity_view.hpp"
#include "energy/energy_time_view.hpp"
#include "params/input_error.hpp"
#include "preference.hpp"
#include "run_database.hpp"
#include "session_document.hpp"
#include "start_page.hpp"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTabWidget>
#include <nlohmann/json.hpp>

namespace cdx::app {

namespace {
Preference<QString> lastProfileDirectory{"energy/lastProfileDirectory", QDir::homePath()};
} // namespace

EnergyWorkspace::EnergyWorkspace(const WorkspaceContext& context, QWidget* parent)
    : Workspace("energy", tr("Energy"), QIcon(":/icons/energy.svg"), context, parent) {
    RunDatabase* db = context.runs;
    const widgets::RunLookup lookup = [this](std::int64_t id) { return findRun(id); };
    breakdown_ = new widgets::EnergyBreakdownView(lookup, this);
    time_ = new widgets::EnergyTimeView(this);
    perPoint_ = new widgets::EnergyPerPointView(this);
    sensitivity_ = new widgets::EnergySensitivityView(lookup, this);
    calibration_ = new widgets::EnergyCalibrationView(this);
    for (widgets::ExplorerView* v : std::initializer_list<widgets::ExplorerView*>{
             breakdown_, time_, perPoint_, sensitivity_, calibration_}) {
        addView(v);
    }
    editor_ = new widgets::EnergyEditor;
    addDock(tr("Energy inputs"), "energyDock", editor_);

    connect(editor_, &widgets::EnergyEditor::edited, this,
            [this](const QString& label, const EnergySettings& e) {
                editSession(label, [&](SessionState& s) {
                    energy::evaluateEnergy(e.problem, energy::coefficientsOf(e.coefficients),
                                           e.variant);
                    s.energy = e;
                });
            });
    connect(time_, &widgets::EnergyTimeView::tilesChosen, this,
            [this](std::int64_t tS1, std::int64_t tS2, std::int64_t tT, std::int64_t sS) {
                bool switched = false;
                const bool changed = editSession(tr("Use the best tiling"), [&](SessionState& s) {
                    EnergySettings e = s.energy;
                    // The plot's times are the Talg model's: a given T_alg belonged to the old
                    // tiling, so the time source becomes the model's in the same step.
                    if (e.timeSource.kind == energy::TimeSourceKind::Given) {
                        e.timeSource.kind = energy::TimeSourceKind::Model;
                        switched = true;
                    }
                    e.problem.tS1 = tS1;
                    e.problem.tS2 = tS2;
                    e.problem.tT = tT;
                    e.problem.sS = sS;
                    energy::evaluateEnergy(e.problem, energy::coefficientsOf(e.coefficients),
                                           e.variant);
                    s.energy = e;
                });
                if (changed && switched) {
                    showMessage(tr("Tiles set to the best tiling; T_alg now comes from the Talg "
                                   "model, like the plot's (the given T_alg was the old "
                                   "tiling's). Edit ▸ Undo restores both."),
                                10000);
                }
            });
    connect(editor_, &widgets::EnergyEditor::statusMessage, this,
            [this](const QString& text) { showMessage(text, 10000); });
    connect(editor_, &widgets::EnergyEditor::refused, this,
            [this](const QString& text) { showMessage(text, 10000); });
    connect(calibration_, &widgets::EnergyCalibrationView::applyRequested, this,
            [this](const energy::EnergyProfile& p) {
                editSession(tr("Apply fitted energy coefficients"),
                            [&](SessionState& s) { s.energy.coefficients = p; });
            });
    connect(calibration_, &widgets::EnergyCalibrationView::saveRequested, this,
            &EnergyWorkspace::saveProfile);
    connect(db, &RunDatabase::changed, this, &EnergyWorkspace::showRuns);
    showRuns();
}

QString EnergyWorkspace::summary() const {
    return tr("How much energy does a tiled stencil use, where does it go (static, memory "
              "transfers, arithmetic), and which tiling saves the most energy instead of time? "
              "(thesis App. B, K20c coefficients, calibration on measured runs)");
}

std::vector<widgets::BackgroundJob*> EnergyWorkspace::jobs() const {
    return {time_->job(), calibration_->job()};
}

QList<Workspace::StartExample> EnergyWorkspace::startExamples() {
    return {{tr("Synthetic energy runs: calibrate the K20c coefficients"),
             tr("108 runs of Smith-Waterman, Jacobi 1D and Jacobi 2D whose energy is the K20c "
                "Model A prediction with ±3 % noise (not measurements), in a database of their "
                "own: the calibration view compares them with the session's coefficients and "
                "validates the energy-optimal pick (Table B.3); Fit trains on 10 % of them. The "
                "thesis's absolute L1 error lets the largest runs dominate (Jacobi 1D fits "
                "worst); the relative one fits every stencil within the noise. Your run "
                "database is not touched."),
             "synthetic_energy_runs", [this] { openSyntheticExample(); }}};
}

void EnergyWorkspace::openSyntheticExample() {
    QString csv;
    for (const QString& folder : StartPage::resourceFolders("runs")) {
        const QString candidate = QDir(folder).filePath("synthetic-energy-k20c.csv");
        if (QFileInfo::exists(candidate)) {
            csv = candidate;
            break;
        }
    }
    if (csv.isEmpty()) {
        showMessage(tr("The synthetic energy runs were not found (looked in %1).")
                        .arg(StartPage::resourceFolders("runs").join(", ")));
        return;
    }
    const QString dir = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                            .filePath("examples");
    QDir().mkpath(dir);
    const QString db = QDir(dir).filePath("synthetic-energy-runs.sqlite");
    for (const QString& f : {db, db + "-wal", db + "-shm"}) {
        QFile::remove(f); // always the shipped file's runs, as shipped
    }
    const QString error = context().runs->open(db, /*remember=*/false);
    if (!error.isEmpty()) {
        showMessage(error);
        return;
    }
    viewTabs()->setCurrentWidget(calibration_);
    context().runs->importFile(
        csv, runs::ImportPolicy::AllOrNothing, [this, csv](const runs::ImportReport& r) {
            showMessage(tr("%1: %2 synthetic runs in a database of their own "
                           "(File ▸ Open Run Database returns to yours).")
                            .arg(QFileInfo(csv).fileName())
                            .arg(r.inserted),
                        10000);
        });
}

void EnergyWorkspace::refreshEditors(const SessionState& s) {
    editor_->setSession(s);
}

void EnergyWorkspace::showRuns() {
    RunDatabase* db = context().runs;
    editor_->setRuns(db->runs());
    calibration_->setRuns(db->runList(), db->path());
    // The views that show a measured run's energy look it up again.
    const SessionState& s = doc()->state();
    if (s.energy.timeSource.kind == energy::TimeSourceKind::Measured) {
        breakdown_->setSession(s);
        sensitivity_->setSession(s);
    }
    emit statusChanged();
}

void EnergyWorkspace::saveProfile(const energy::EnergyProfile& p) {
    const QString suggested =
        QDir(lastProfileDirectory.get()).filePath(QString::fromStdString(p.id) + ".json");
    const QString path = QFileDialog::getSaveFileName(this, tr("Save fitted energy profile"),
                                                      suggested, tr("Energy profile (*.json)"));
    if (path.isEmpty()) {
        return;
    }
    lastProfileDirectory.set(QFileInfo(path).absolutePath());
    try {
        writeTextAtomic(path.toStdString(), energy::toJson(p).dump(2) + "\n");
        showMessage(tr("Saved the fitted profile to %1 (use it with cdx energy --coefficients).")
                        .arg(QDir::toNativeSeparators(path)));
    } catch (const InputError& e) {
        showMessage(QString::fromUtf8(e.what()));
    }
}

std::optional<runs::Run> EnergyWorkspace::findRun(std::int64_t id) const {
    for (const auto& r : context().runs->runs()) {
        if (r.id == id) {
            return r;
        }
    }
    return std::nullopt;
}

std::vector<published::DomainValue> EnergyWorkspace::modelConditions(const SessionState& s) const {
    std::vector<published::DomainValue> out;
    const auto ev =
        widgets::evaluateEnergySession(s, [this](std::int64_t id) { return findRun(id); });
    std::vector<std::string> said = ev.extrapolations;
    if (ev.result) {
        said.insert(said.end(), ev.result->extrapolations.begin(), ev.result->extrapolations.end());
    }
    for (const auto& w : said) {
        published::DomainValue d;
        d.family = "energy";
        d.model = "energy model (thesis App. B)";
        d.what = "extrapolation";
        // "T_alg from the Talg model on … : a cross-GPU estimate": the part before the colon.
        const auto colon = w.find(": ");
        d.value = colon == std::string::npos ? w : w.substr(0, colon);
        d.allowed = "what the thesis calibrated and gives";
        d.why = w;
        d.inside = false;
        out.push_back(std::move(d));
    }
    return out;
}

QString EnergyWorkspace::statusText() const {
    const SessionState& s = doc()->state();
    const auto ev =
        widgets::evaluateEnergySession(s, [this](std::int64_t id) { return findRun(id); });
    if (!ev.result) {
        return QString::fromStdString(ev.error);
    }
    return tr("E_alg %1 (static %2 %)   |   %3 W   |   T_alg %4 s: %5")
        .arg(widgets::joules(ev.result->eAlg))
        .arg(100 * ev.result->eStat / ev.result->eAlg, 0, 'f', 1)
        .arg(ev.result->pAvg, 0, 'g', 4)
        .arg(ev.result->tAlgS, 0, 'g', 5)
        .arg(QString::fromStdString(ev.timeLabel));
}

} // namespace cdx::app
