// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "params/profiles.hpp"

#include <QObject>
#include <QString>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

class QComboBox;
class QWidget;

namespace cdx::widgets {

// Tells every profile list that the user's profiles of a kind changed (one was saved), so that
// each combo of that kind lists it at once.
class ProfileCatalog : public QObject {
    Q_OBJECT

public:
    static ProfileCatalog* instance();
    void notifyChanged(const QString& kind) { emit changed(kind); }

signals:
    void changed(const QString& kind);
};

// The text of one entry in a combo ("gtx980 — NVIDIA GeForce GTX 980", or the name alone).
using ProfileText = std::function<QString(const ProfileEntry&)>;

// Fills `box` with the shipped profiles of `kind` and, under a "Yours" heading, the user's
// (docs/formats.md "User profiles"); a broken one is listed, disabled, with its error in the
// tooltip. Item data: the id. The current item is kept. The combo refills itself whenever
// ProfileCatalog says the kind changed.
// `also`: a second kind listed after the first under its heading (the EATSS editor: the
// artifact's devices, then every GPU description; the Energy editor: the coefficient profiles,
// then the GPUs with energy coefficients).
struct AlsoKind {
    std::string kind;
    QString heading;
    // Which entries of that kind to list (all when empty): the Energy editor lists only the
    // GPU descriptions with an energy block.
    std::function<bool(const ProfileEntry&)> keep;
};
void fillProfileCombo(QComboBox* box, const std::string& kind, ProfileText text,
                      const AlsoKind& also = {});

// Selects `id` in a combo filled by fillProfileCombo; an id that is not listed (a file opened
// by path, a session's own) is added at the end under its name.
void selectProfileItem(QComboBox* box, const std::string& id, const QString& text);

// "Save as profile…" and "Open profile…" in a row, for an editor of a parameter set.
QWidget* profileButtons(QWidget* parent, const QString& objectPrefix, const QString& what,
                        std::function<void()> save, std::function<void()> open);

// Asks for a name and an id (refusals shown in the dialog, which stays open), then writes
// asUserProfile(current) to the user's folder (replacing a profile of the user's of that id
// only after asking). Returns the id saved and the file's path (~ for the home folder); nullopt
// when cancelled.
struct SavedProfile {
    std::string id;
    QString path;
};
std::optional<SavedProfile> saveProfileDialog(QWidget* parent, const std::string& kind,
                                              const QString& what, const nlohmann::json& current,
                                              const QString& suggestedName);

// A file dialog for a JSON profile of `kind`; the path chosen, or empty.
QString openProfileDialog(QWidget* parent, const QString& what);

} // namespace cdx::widgets
