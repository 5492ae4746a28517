#include "start_page.hpp"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QGridLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>

namespace cdx::app {

namespace {
QLabel* heading(const QString& text, QWidget* parent) {
    auto* l = new QLabel(text, parent);
    QFont f = l->font();
    f.setPointSizeF(f.pointSizeF() * 1.25);
    f.setBold(true);
    l->setFont(f);
    return l;
}

void clearLayout(QLayout* layout) {
    while (QLayoutItem* item = layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
}
} // namespace

QStringList StartPage::resourceFolders(const QString& kind) {
    QStringList dirs;
    if (const QByteArray env = qgetenv("CDX_RESOURCES_DIR"); !env.isEmpty()) {
        dirs << QDir(QString::fromLocal8Bit(env)).filePath(kind);
    }
    dirs << QDir(QCoreApplication::applicationDirPath())
                .filePath("../share/codesign-explorer/" + kind);
#ifdef CDX_SOURCE_RESOURCES_DIR
    dirs << QDir(QStringLiteral(CDX_SOURCE_RESOURCES_DIR)).filePath(kind);
#endif
    return dirs;
}

void StartPage::addExample(const QString& title, const QString& description,
                           const QString& objectName, std::function<void()> open) {
    auto* link = new QLabel(
        QStringLiteral("<a href=\"open\"><b>%1</b></a>").arg(title.toHtmlEscaped()), this);
    link->setObjectName(objectName);
    link->setWordWrap(true);
    link->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    connect(link, &QLabel::linkActivated, this, [open = std::move(open)] { open(); });
    examplesBox_->addWidget(link);
    auto* text = new QLabel(description, this);
    text->setWordWrap(true);
    text->setContentsMargins(12, 0, 0, 6);
    examplesBox_->addWidget(text);
}

StartPage::StartPage(QWidget* parent) : QWidget(parent) {
    setObjectName("startPage");
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    outer->addWidget(scroll);
    auto* page = new QWidget(scroll);
    scroll->setWidget(page);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(24, 16, 24, 16);
    auto* title = new QLabel(tr("<h2>Codesign Explorer</h2><p>Analytical GPU cost models from "
                                "the papers, executable and explorable. Pick a workspace on the "
                                "left or below, or open one of the published examples.</p>"),
                             page);
    title->setWordWrap(true);
    layout->addWidget(title);

    auto* columns = new QHBoxLayout;
    columns->setSpacing(32);
    layout->addLayout(columns, 1);
    auto* left = new QVBoxLayout;
    auto* right = new QVBoxLayout;
    columns->addLayout(left, 1);
    columns->addLayout(right, 1);

    left->addWidget(heading(tr("What each workspace answers"), page));
    workspaces_ = new QGridLayout;
    workspaces_->setColumnStretch(1, 1);
    left->addLayout(workspaces_);
    left->addStretch(1);

    right->addWidget(heading(tr("Examples from the papers"), page));
    examplesBox_ = new QVBoxLayout;
    right->addLayout(examplesBox_);
    right->addSpacing(12);
    right->addWidget(heading(tr("Recent sessions"), page));
    recentBox_ = new QVBoxLayout;
    right->addLayout(recentBox_);
    right->addStretch(1);
    loadExamples();
}

void StartPage::addWorkspace(const QIcon& icon, const QString& title, const QString& summary,
                             std::function<void()> open) {
    const int row = workspaces_->rowCount();
    auto* button = new QToolButton(this);
    button->setIcon(icon);
    button->setIconSize(QSize(32, 32));
    button->setText(QString(title).replace('\n', ' ').replace("&", "&&"));
    button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    button->setAutoRaise(true);
    button->setObjectName("start_" + QString(title).replace('\n', '_'));
    connect(button, &QToolButton::clicked, this, [open = std::move(open)] { open(); });
    auto* text = new QLabel(summary, this);
    text->setWordWrap(true);
    workspaces_->addWidget(button, row, 0, Qt::AlignTop | Qt::AlignLeft);
    workspaces_->addWidget(text, row, 1, Qt::AlignTop);
}

void StartPage::loadExamples() {
    clearLayout(examplesBox_);
    examples_.clear();
    for (const QString& folder : exampleFolders()) {
        const QDir dir(folder);
        const QStringList files = dir.entryList({"*.cdx.json"}, QDir::Files, QDir::Name);
        if (files.isEmpty()) {
            continue;
        }
        for (const QString& f : files) {
            QFile file(dir.filePath(f));
            if (!file.open(QIODevice::ReadOnly)) {
                continue;
            }
            const QJsonObject j = QJsonDocument::fromJson(file.readAll()).object();
            Example e{dir.filePath(f), j.value("title").toString(f),
                      j.value("description").toString(), j.value("workspace").toString()};
            examples_.push_back(e);
            // A link, not a button: a long title wraps instead of widening the page.
            auto* link = new QLabel(
                QStringLiteral("<a href=\"open\"><b>%1</b></a>").arg(e.title.toHtmlEscaped()),
                this);
            link->setObjectName("example_" + QFileInfo(f).completeBaseName());
            link->setWordWrap(true);
            link->setToolTip(tr("Open %1").arg(QDir::toNativeSeparators(e.path)));
            link->setTextInteractionFlags(Qt::LinksAccessibleByMouse |
                                          Qt::LinksAccessibleByKeyboard);
            connect(link, &QLabel::linkActivated, this,
                    [this, path = e.path] { emit openRequested(path); });
            examplesBox_->addWidget(link);
            if (!e.description.isEmpty()) {
                auto* text = new QLabel(e.description, this);
                text->setWordWrap(true);
                text->setContentsMargins(12, 0, 0, 6);
                examplesBox_->addWidget(text);
            }
        }
        break; // the first folder that has examples
    }
    if (examples_.isEmpty()) {
        examplesBox_->addWidget(new QLabel(
            tr("No example sessions found (looked in %1).").arg(exampleFolders().join(", ")),
            this));
    }
}

QString StartPage::workspaceFor(const QString& path) const {
    for (const auto& e : examples_) {
        if (QFileInfo(e.path) == QFileInfo(path)) {
            return e.workspace;
        }
    }
    return {};
}

void StartPage::setRecent(const QStringList& paths) {
    clearLayout(recentBox_);
    if (paths.isEmpty()) {
        recentBox_->addWidget(new QLabel(tr("None yet: File ▸ Save As… keeps a session."), this));
        return;
    }
    for (const QString& p : paths) {
        auto* button = new QPushButton(QFileInfo(p).fileName(), this);
        button->setStyleSheet("text-align: left;");
        button->setFlat(true);
        button->setCursor(Qt::PointingHandCursor);
        button->setToolTip(QDir::toNativeSeparators(p));
        connect(button, &QPushButton::clicked, this, [this, p] { emit openRequested(p); });
        recentBox_->addWidget(button);
    }
}

} // namespace cdx::app
