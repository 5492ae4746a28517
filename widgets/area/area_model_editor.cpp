// SPDX-License-Identifier: GPL-3.0-or-later
#include "area/area_model_editor.hpp"

#include "common/profile_combo.hpp"
#include "params/input_error.hpp"
#include "session/session.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>

namespace cdx::widgets {

AreaModelEditor::AreaModelEditor(QWidget* parent) : QGroupBox(tr("Area model"), parent) {
    setObjectName("areaModelEditor");
    auto* form = new QFormLayout(this);
    coefficients_ = new QComboBox(this);
    coefficients_->setObjectName("areaCoefficients");
    fillProfileCombo(coefficients_, "area",
                     [](const ProfileEntry& p) { return QString::fromStdString(p.id); });
    coefficients_->setToolTip(tr("The area coefficient set (thesis Table C.1 as shipped, or yours: "
                                 "docs/formats.md \"Area coefficient sets\"); the node carries it "
                                 "from 28 nm"));
    connect(coefficients_, &QComboBox::activated, this, [this](int index) {
        choose(coefficients_->itemData(index).toString(), coefficients_->itemText(index));
    });
    node_ = new QComboBox(this);
    node_->setObjectName("areaNode");
    for (const area::ProcessNode& n : area::processNodes()) {
        const QString name =
            QString::fromUtf8(n.name.data(), static_cast<qsizetype>(n.name.size()));
        // Short items (the full name is the tooltip): the dock is narrow on a laptop.
        node_->addItem(n.nm == area::kCalibrationNode ? tr("%1 nm (calibrated)").arg(n.nm)
                                                      : tr("%1 nm (extension)").arg(n.nm),
                       n.nm);
        node_->setItemData(
            node_->count() - 1,
            tr("%1\nalso: %2\nlogic %3 MTr/mm²: %4\nSRAM bit cell %5 µm²: %6")
                .arg(name, QString::fromUtf8(n.alsoCovers.data(),
                                             static_cast<qsizetype>(n.alsoCovers.size())))
                .arg(n.logicMtrPerMm2)
                .arg(QString::fromUtf8(n.logicSource.data(),
                                       static_cast<qsizetype>(n.logicSource.size())))
                .arg(n.sramBitcellUm2)
                .arg(QString::fromUtf8(n.sramSource.data(),
                                       static_cast<qsizetype>(n.sramSource.size()))),
            Qt::ToolTipRole);
    }
    node_->setToolTip(tr("The process node the 28 nm coefficients are carried to, by published "
                         "logic and SRAM densities. Only 28 nm is calibrated; every other node "
                         "is an extension (How far to trust this lists real dies against it)."));
    overhead_ = new QComboBox(this);
    overhead_->setObjectName("areaOverheadScaling");
    overhead_->addItem(tr("as logic"), "logic");
    overhead_->addItem(tr("as SRAM"), "sram");
    overhead_->addItem(tr("unscaled (28 nm mm²)"), "none");
    overhead_->setToolTip(tr("What the per-SM overhead alpha_oh (I/O, memory controller, "
                             "routing) scales as at another node: the thesis does not split it, "
                             "so it is a choice"));
    factors_ = new QLabel(this);
    factors_->setObjectName("areaNodeFactors");
    factors_->setWordWrap(true);
    // Long node names must not widen the dock (the window has to fit a 1366 px screen).
    for (QComboBox* box : {node_, overhead_}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(10);
    }
    factors_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    factors_->setMinimumWidth(1);
    form->addRow(tr("Coefficients"), coefficients_);
    form->addRow(profileButtons(
        this, "areaCoefficients", tr("area coefficients"),
        [this] {
            if (const auto saved =
                    saveProfileDialog(this, "area", tr("area coefficients"), area::toJson(current_),
                                      QString::fromStdString(current_.name))) {
                const QString id = QString::fromStdString(saved->id);
                if (choose(id, id)) {
                    emit statusMessage(
                        tr("Saved area coefficients %1 to %2; the session uses them.")
                            .arg(id, saved->path));
                }
            }
        },
        [this] {
            const QString path = openProfileDialog(this, tr("area coefficients"));
            if (!path.isEmpty() && choose(path, path)) {
                emit statusMessage(tr("Opened area coefficients %1").arg(path));
            }
        }));
    form->addRow(tr("Process node"), node_);
    form->addRow(tr("Overhead scales"), overhead_);
    form->addRow(factors_);
    connect(node_, &QComboBox::activated, this,
            [this] { emit nodeChosen(node_->currentData().toInt()); });
    connect(overhead_, &QComboBox::activated, this, [this] {
        emit overheadChosen(area::parseOverheadScaling(
            overhead_->currentData().toString().toStdString(), "overhead_scaling"));
    });
}

bool AreaModelEditor::choose(const QString& idOrPath, const QString& label) {
    area::CoefficientSet set;
    try {
        set = area::loadCoefficientSet(idOrPath.toStdString());
    } catch (const InputError& e) {
        // Refused as the CLI refuses it; the combo shows the session's set again.
        emit statusMessage(tr("Area coefficients refused: %1").arg(QString::fromUtf8(e.what())));
        const QSignalBlocker block(coefficients_);
        selectProfileItem(coefficients_, current_.id, QString::fromStdString(current_.id));
        return false;
    }
    emit coefficientsChosen(set, label);
    return true;
}

void AreaModelEditor::setSession(const SessionState& s) {
    current_ = s.areaCoefficients.params.empty()
                   ? area::loadCoefficientSet(area::kDefaultCoefficientSet)
                   : s.areaCoefficients;
    {
        const QSignalBlocker c(coefficients_);
        selectProfileItem(coefficients_, current_.id, QString::fromStdString(current_.id));
    }
    const QSignalBlocker a(node_);
    const QSignalBlocker b(overhead_);
    node_->setCurrentIndex(std::max(0, node_->findData(s.areaNode)));
    overhead_->setCurrentIndex(
        std::max(0, overhead_->findData(QString::fromUtf8(area::name(s.areaOverhead).data()))));
    overhead_->setEnabled(s.areaNode != area::kCalibrationNode);
    const area::NodeFactors f = area::nodeFactors(s.areaNode, s.areaOverhead);
    factors_->setText(
        s.areaNode == area::kCalibrationNode
            ? tr("The calibration node: the thesis' coefficients as fitted.")
            : tr("<span style='color:#a40000'>Outside the calibration:</span> logic × %1, "
                 "SRAM × %2, overhead × %3 of the 28 nm areas.")
                  .arg(f.logic, 0, 'f', 3)
                  .arg(f.sram, 0, 'f', 3)
                  .arg(f.overhead, 0, 'f', 3));
}

} // namespace cdx::widgets
