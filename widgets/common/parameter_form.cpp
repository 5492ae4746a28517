// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/parameter_form.hpp"

#include "common/message_line.hpp"
#include "common/view_layout.hpp"
#include "params/gpu_description.hpp"
#include "params/input_error.hpp"
#include "params/parameter_keys.hpp"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>

namespace cdx::widgets {

ParameterForm::ParameterForm(const std::vector<std::string>& keys, QWidget* parent, bool kinds)
    : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    outer->addLayout(form);
    rows_.reserve(keys.size());
    for (const auto& key : keys) {
        const ParameterKey* k = findParameterKey(key);
        Row row;
        row.key = key;
        row.label = new QLabel(QString::fromStdString(key), this);
        row.edit = new QLineEdit(this);
        row.edit->setObjectName(QString::fromStdString(key));
        row.edit->setAlignment(Qt::AlignRight);
        // Room for a value as the form writes it ("0.00736", "7.96e-10", "65536"): the dock
        // takes its minimum width from its fields, so the unit and kind columns never squeeze
        // a number out of sight (issue 43 added the kind column).
        row.edit->setMinimumWidth(row.edit->fontMetrics().horizontalAdvance("0.000000000") + 10);
        row.unit = new QLabel(
            QString::fromLatin1(k ? k->unit.data() : "", k ? static_cast<int>(k->unit.size()) : 0),
            this);
        row.unit->setMinimumWidth(row.unit->fontMetrics().horizontalAdvance("s/word"));
        row.kind = new QLabel(this);
        row.kind->setObjectName(QString::fromStdString(key) + "Kind");
        // The widest tag (kindTag): the column lines up and a narrow dock keeps its fields.
        int tagWidth = 0;
        for (const char* tag : {"vend.", "publ.", "meas.", "est.", "fit.", "yours"}) {
            tagWidth = std::max(tagWidth, row.kind->fontMetrics().horizontalAdvance(tag));
        }
        row.kind->setMinimumWidth(tagWidth);
        row.kind->setVisible(kinds);
        setSecondaryText(row.kind);
        auto* line = new QHBoxLayout;
        line->setSpacing(3);
        line->addWidget(row.edit, 1);
        line->addWidget(row.unit);
        line->addWidget(row.kind);
        form->addRow(row.label, line);
        rows_.push_back(row);
    }
    // The reason a value was refused, above the fields (below them it was scrolled out of a
    // long form's view) and as a tooltip at the field itself.
    error_ = new MessageLine(tr("Enter applies a field; • marks an edited value."), this);
    error_->setObjectName("parameterError");
    outer->insertWidget(0, error_);
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        connect(rows_[i].edit, &QLineEdit::editingFinished, this, [this, i] { commit(rows_[i]); });
        // Back at the value the document has (Ctrl+Z in the field through refused texts, or
        // typed again): nothing is refused any more, and the message goes with the mark.
        connect(rows_[i].edit, &QLineEdit::textChanged, this, [this, i](const QString& t) {
            Row& row = rows_[i];
            if (row.refused && t.trimmed() == text(row.last)) {
                row.refused = false;
                markRefused(row.edit, false);
                showPendingRefusal();
            }
        });
    }
}

QString ParameterForm::text(std::optional<double> v) {
    return v ? QString::number(*v, 'g', 10) : QString();
}

namespace {
// The short tag beside a value: the kind as the banner counts it, abbreviated to fit a dock.
QString kindTag(const std::string& kind) {
    if (kind == "vendor") {
        return QObject::tr("vend.");
    }
    if (kind == "fitted") {
        return QObject::tr("fit.");
    }
    if (kind == "published") {
        return QObject::tr("publ.");
    }
    if (kind == "measured") {
        return QObject::tr("meas.");
    }
    if (kind == "estimated") {
        return QObject::tr("est.");
    }
    return QString::fromStdString(kind);
}
} // namespace

void ParameterForm::setValues(const std::map<std::string, Quantity>& values,
                              const GpuProfile* gpu) {
    for (auto& row : rows_) {
        const ParameterKey* k = findParameterKey(row.key);
        const auto it = values.find(row.key);
        const Quantity q = it == values.end() ? Quantity{} : it->second;
        // A refused text stays, marked, while the value it was typed over is unchanged (another
        // field was edited); a new value (undo, another GPU) replaces it.
        const bool keepRefused = row.refused && q.value == row.last;
        row.last = q.value;
        if (!keepRefused) {
            row.refused = false;
            if (!row.edit->hasFocus() || row.edit->text() != text(q.value)) {
                row.edit->setText(text(q.value));
            }
            markRefused(row.edit, false);
        }
        row.edit->setPlaceholderText(q.value ? QString() : tr("unknown"));
        QFont f = row.label->font();
        f.setBold(q.edited);
        row.label->setFont(f);
        row.label->setText(QString::fromStdString(row.key) +
                           (q.edited ? QStringLiteral(" •") : QString()));
        const std::string kind = q.value || !q.rule.empty() ? kindOf(q) : std::string();
        row.kind->setText(kindTag(kind));
        QString how;
        if (!kind.empty()) {
            how = tr("<br>kind: %1").arg(QString::fromStdString(kind));
        }
        if (!q.rule.empty()) {
            how += tr("<br>rule: %1 (re-derived when what it uses is edited; a value you type "
                      "replaces it)")
                       .arg(QString::fromStdString(q.rule).toHtmlEscaped());
        }
        if (gpu) {
            const auto followers = followersOf(*gpu, row.key);
            if (!followers.empty()) {
                QStringList names;
                for (const auto& follower : followers) {
                    names << QString::fromStdString(follower);
                }
                how += tr("<br>followed by: %1").arg(names.join(", "));
            }
        }
        row.kind->setToolTip(how.mid(4));
        const QString tip =
            QStringLiteral("<b>%1</b> — %2<br>unit: %3<br>allowed: %4<br>source: %5%6%7")
                .arg(QString::fromStdString(row.key),
                     k ? QString::fromLatin1(k->description.data(),
                                             static_cast<int>(k->description.size()))
                       : QString(),
                     QString::fromStdString(q.unit),
                     k ? QString::fromStdString(allowedValues(*k)).toHtmlEscaped() : QString(),
                     q.source.empty() ? tr("(none)")
                                      : QString::fromStdString(q.source).toHtmlEscaped(),
                     how, q.edited ? tr("<br><i>edited in this session</i>") : QString());
        row.label->setToolTip(tip);
        row.edit->setToolTip(tip);
    }
    showPendingRefusal(); // a refused text replaced by a new value takes its reason along
}

QLineEdit* ParameterForm::field(const std::string& key) const {
    for (const auto& row : rows_) {
        if (row.key == key) {
            return row.edit;
        }
    }
    return nullptr;
}

QString ParameterForm::lastError() const {
    return error_->error();
}

void ParameterForm::showPendingRefusal() {
    // The reason of a refused text still in a field (another field was fixed), or none.
    QString message;
    for (const auto& r : rows_) {
        if (r.refused && message.isEmpty()) {
            message = r.message;
        }
    }
    error_->setError(message);
}

void ParameterForm::commit(Row& row) {
    const ParameterKey* k = findParameterKey(row.key);
    const QString t = row.edit->text().trimmed();
    std::optional<double> value;
    try {
        if (!t.isEmpty()) {
            bool ok = false;
            const double v = QLocale::c().toDouble(t, &ok);
            if (!ok) {
                throw InputError(row.key, t.toStdString(), "must be " + allowedValues(*k));
            }
            value = v;
        }
        checkParameterValue(*k, value, {});
    } catch (const InputError& e) {
        // Refused at the field: say why; the typed text stays, marked, for the user to correct
        // (Ctrl+Z in the field takes it back); the value stays the last valid one.
        row.message = QString::fromUtf8(e.what());
        error_->setError(row.message);
        row.refused = true;
        markRefused(row.edit, true);
        if (row.edit->isVisible()) {
            QToolTip::showText(row.edit->mapToGlobal(QPoint(0, row.edit->height())),
                               error_->error(), row.edit);
        }
        return;
    }
    row.refused = false;
    markRefused(row.edit, false);
    showPendingRefusal();
    if (value == row.last) {
        return;
    }
    row.last = value;
    emit parameterEdited(QString::fromStdString(row.key), value.value_or(0.0), !value.has_value());
}

} // namespace cdx::widgets
