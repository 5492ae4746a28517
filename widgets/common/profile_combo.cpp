// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/profile_combo.hpp"

#include "common/view_layout.hpp"
#include "params/input_error.hpp"
#include "session/profile_kinds.hpp"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStandardItemModel>
#include <QToolButton>
#include <filesystem>

namespace cdx::widgets {

ProfileCatalog* ProfileCatalog::instance() {
    static ProfileCatalog catalog;
    return &catalog;
}

namespace {

void disableItem(QComboBox* box, int index) {
    if (auto* model = qobject_cast<QStandardItemModel*>(box->model())) {
        if (auto* item = model->item(index)) {
            item->setFlags(Qt::NoItemFlags);
        }
    }
}

void refill(QComboBox* box, const std::string& kind, const ProfileText& text,
            const AlsoKind& also) {
    const QSignalBlocker block(box);
    // A long item (a folder of the user's, a long name) never widens the dock: the box sizes
    // to a short text and elides; the full text is in each item's tooltip (issue 43).
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(14);
    const QVariant current = box->currentData();
    const QString currentText = box->currentText();
    box->clear();
    std::vector<ProfileEntry> entries;
    try {
        entries = listCheckedProfiles(kind);
    } catch (const InputError& e) {
        box->addItem(QObject::tr("(profiles cannot be read)"));
        box->setItemData(0, QString::fromUtf8(e.what()), Qt::ToolTipRole);
        disableItem(box, 0);
        return;
    }
    bool yours = false;
    for (const auto& e : entries) {
        if (e.user && !yours) {
            yours = true;
            box->insertSeparator(box->count());
            QStringList folders; // each folder with a profile of this kind
            for (const auto& f : entries) {
                const QString dir = QString::fromStdString(f.path.parent_path().string());
                if (f.user && !folders.contains(dir)) {
                    folders << dir;
                }
            }
            // The folders in the tooltip: a long path here widened the form past the dock.
            box->addItem(QObject::tr("Yours"));
            box->setItemData(box->count() - 1,
                             QObject::tr("Yours, from %1").arg(folders.join(", ")),
                             Qt::ToolTipRole);
            disableItem(box, box->count() - 1);
        }
        if (!e.error.empty()) {
            box->addItem(QObject::tr("⚠ %1 — broken, not usable")
                             .arg(QString::fromStdString(e.path.filename().string())));
            box->setItemData(box->count() - 1, QString::fromStdString(e.error), Qt::ToolTipRole);
            disableItem(box, box->count() - 1);
            continue;
        }
        const QString t = text(e);
        box->addItem(t, QString::fromStdString(e.id));
        box->setItemData(
            box->count() - 1,
            e.user ? QObject::tr("%1 (yours: %2)").arg(t, QString::fromStdString(e.path.string()))
                   : t,
            Qt::ToolTipRole);
    }
    if (!also.kind.empty()) {
        std::vector<ProfileEntry> more;
        try {
            more = listCheckedProfiles(also.kind);
        } catch (const InputError&) {
        }
        bool heading = false;
        for (const auto& e : more) {
            if (!e.error.empty() || box->findData(QString::fromStdString(e.id)) >= 0 ||
                (also.keep && !also.keep(e))) {
                continue;
            }
            if (!heading) {
                heading = true;
                box->insertSeparator(box->count());
                box->addItem(also.heading);
                disableItem(box, box->count() - 1);
            }
            const QString t = text(e);
            box->addItem(t, QString::fromStdString(e.id));
            box->setItemData(box->count() - 1,
                             QString::fromStdString(e.name) +
                                 QObject::tr(" (%1)").arg(QString::fromStdString(e.id)),
                             Qt::ToolTipRole);
        }
    }
    if (current.isValid()) {
        selectProfileItem(box, current.toString().toStdString(), currentText);
    }
}

} // namespace

void fillProfileCombo(QComboBox* box, const std::string& kind, ProfileText text,
                      const AlsoKind& also) {
    // What the combo lists, for the shell (a GPU list's "Add to Line-up" menu).
    box->setProperty("cdxProfileKind", QString::fromStdString(kind));
    refill(box, kind, text, also);
    QObject::connect(ProfileCatalog::instance(), &ProfileCatalog::changed, box,
                     [box, kind, text, also](const QString& changed) {
                         if (changed.toStdString() == kind || changed.toStdString() == also.kind) {
                             refill(box, kind, text, also);
                         }
                     });
}

void selectProfileItem(QComboBox* box, const std::string& id, const QString& text) {
    const QSignalBlocker block(box);
    int i = box->findData(QString::fromStdString(id));
    if (i < 0) {
        box->addItem(text, QString::fromStdString(id));
        i = box->count() - 1;
    }
    box->setCurrentIndex(i);
}

QWidget* profileButtons(QWidget* parent, const QString& objectPrefix, const QString& what,
                        std::function<void()> save, std::function<void()> open) {
    auto* row = new QWidget(parent);
    auto* l = new QHBoxLayout(row);
    l->setContentsMargins(0, 0, 0, 0);
    auto* saveButton = new QToolButton(row);
    saveButton->setObjectName(objectPrefix + "SaveProfile");
    saveButton->setText(QObject::tr("Save as profile…"));
    saveButton->setToolTip(
        QObject::tr("Save this %1, with every edited value and where it came from, as a profile "
                    "of yours: it is listed under \"Yours\" here and read by cdx")
            .arg(what));
    auto* openButton = new QToolButton(row);
    openButton->setObjectName(objectPrefix + "OpenProfile");
    openButton->setText(QObject::tr("Open profile…"));
    openButton->setToolTip(QObject::tr("Use a %1 profile from a JSON file").arg(what));
    l->addWidget(saveButton);
    l->addWidget(openButton);
    l->addStretch(1);
    QObject::connect(saveButton, &QToolButton::clicked, row, std::move(save));
    QObject::connect(openButton, &QToolButton::clicked, row, std::move(open));
    return row;
}

std::optional<SavedProfile> saveProfileDialog(QWidget* parent, const std::string& kind,
                                              const QString& what, const nlohmann::json& current,
                                              const QString& suggestedName) {
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Save as profile"));
    auto* form = new QFormLayout(&dialog);
    auto* heading = new QLabel(QObject::tr("Save this %1, with its values, units and sources, as "
                                           "a profile of yours.")
                                   .arg(what),
                               &dialog);
    heading->setWordWrap(true);
    // The shipped name as it is would list two entries alike: the suggestion says whose it is.
    const QString yours = QObject::tr(" (yours)");
    auto* name = new QLineEdit(
        suggestedName.endsWith(yours) ? suggestedName : suggestedName + yours, &dialog);
    name->setObjectName("profileName");
    auto* id = new QLineEdit(&dialog);
    id->setObjectName("profileId");
    id->setPlaceholderText(QObject::tr("a-z, 0-9, '.', '_', '-', e.g. my-gpu"));
    auto* why = new QLabel(&dialog);
    why->setObjectName("profileRefusal");
    why->setWordWrap(true);
    setTextColor(why, QColor("#b00020"));
    why->hide();
    auto* where =
        new QLabel(QObject::tr("Saved to %1")
                       .arg(QString::fromStdString((userProfileFolder() / kind).string())),
                   &dialog);
    where->setWordWrap(true);
    setSecondaryText(where);
    auto* buttons =
        new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, &dialog);
    form->addRow(heading);
    form->addRow(QObject::tr("Name"), name);
    form->addRow(QObject::tr("Id"), id);
    form->addRow(why);
    form->addRow(where);
    form->addRow(buttons);
    name->setMinimumWidth(420); // the dialog's width (its layout sets its minimum size)
    form->setSizeConstraint(QLayout::SetMinimumSize); // grows with a refusal's lines
    std::optional<SavedProfile> saved;
    const auto refuse = [&](const QString& text, QLineEdit* field) {
        why->setText(text);
        why->show();
        dialog.adjustSize();
        field->setFocus();
        field->selectAll();
    };
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        nlohmann::json profile;
        try {
            profile = asUserProfile(current, kind, id->text().trimmed().toStdString(),
                                    name->text().trimmed().toStdString());
        } catch (const InputError& e) {
            refuse(QString::fromUtf8(e.what()), e.field() == "name" ? name : id);
            return;
        }
        bool replace = false;
        const auto path =
            userProfileFolder() / kind / (id->text().trimmed().toStdString() + ".json");
        std::error_code ec;
        if (std::filesystem::exists(path, ec)) {
            if (QMessageBox::question(
                    &dialog, QObject::tr("Replace profile"),
                    QObject::tr("A profile of yours has the id %1 (%2). "
                                "Replace it?")
                        .arg(id->text().trimmed(), QString::fromStdString(path.string()))) !=
                QMessageBox::Yes) {
                refuse(QObject::tr("Not replaced: choose another id."), id);
                return;
            }
            replace = true;
        }
        try {
            const auto written = saveUserProfile(kind, profile, replace);
            QString shown = QString::fromStdString(written.string());
            if (const QString home = QDir::homePath(); shown.startsWith(home + "/")) {
                shown = "~" + shown.mid(home.size()); // shorter in the status line
            }
            saved = SavedProfile{id->text().trimmed().toStdString(), shown};
        } catch (const InputError& e) {
            refuse(QString::fromUtf8(e.what()), id);
            return;
        }
        dialog.accept();
    });
    id->setFocus();
    if (dialog.exec() != QDialog::Accepted || !saved) {
        return std::nullopt;
    }
    ProfileCatalog::instance()->notifyChanged(QString::fromStdString(kind));
    return saved;
}

QString openProfileDialog(QWidget* parent, const QString& what) {
    return QFileDialog::getOpenFileName(parent, QObject::tr("Open %1 profile").arg(what), QString(),
                                        QObject::tr("JSON profiles (*.json)"));
}

} // namespace cdx::widgets
