// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "params/profiles.hpp"

#include <QWidget>
#include <map>
#include <optional>
#include <string>
#include <vector>

class QLabel;
class QLineEdit;

namespace cdx::widgets {

class MessageLine;

// A form of canonical parameters (core's key table): value field, unit, the source in the
// tooltip, edited values marked. Input is checked with core's rules when the field is
// left or Enter is pressed; an invalid value is refused at the field with the reason and
// the field returns to the last valid value, so the document never sees it.
class ParameterForm : public QWidget {
    Q_OBJECT

public:
    // `kinds`: a column beside each value says its kind (the GPU editors, issue 43); without it
    // the kind is in each value's tooltip only (a narrow dock's stencil form).
    explicit ParameterForm(const std::vector<std::string>& keys, QWidget* parent = nullptr,
                           bool kinds = true);

    // Values to show; keys absent from the map show as unknown. Each value's kind (vendor,
    // published, measured, estimated, fitted, yours) is shown beside it; with `gpu`, a value's
    // tooltip also says which values follow it by a rule and which fact a rule follows.
    void setValues(const std::map<std::string, Quantity>& values, const GpuProfile* gpu = nullptr);
    QLineEdit* field(const std::string& key) const;
    QString lastError() const;

signals:
    // isNull: the user cleared a nullable value ("unknown").
    void parameterEdited(const QString& key, double value, bool isNull);

private:
    struct Row {
        std::string key;
        QLabel* label = nullptr;
        QLineEdit* edit = nullptr;
        QLabel* unit = nullptr;
        QLabel* kind = nullptr;
        std::optional<double> last;
        bool refused = false; // the field holds a refused text typed over `last`
        QString message;      // why it was refused
    };
    void commit(Row& row);
    void showPendingRefusal();
    static QString text(std::optional<double> v);

    std::vector<Row> rows_;
    MessageLine* error_ = nullptr;
};

} // namespace cdx::widgets
