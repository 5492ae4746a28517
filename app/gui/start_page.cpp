// SPDX-License-Identifier: GPL-3.0-or-later
#include "start_page.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace cdx::app {

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

StartPage::StartPage(QWidget* parent) : QWidget(parent) {
    setObjectName("startPage");
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    browser_ = new QTextBrowser(this);
    browser_->setObjectName("startText");
    browser_->setOpenLinks(false);
    browser_->setFrameShape(QFrame::NoFrame);
    layout->addWidget(browser_);
    connect(browser_, &QTextBrowser::anchorClicked, this,
            [this](const QUrl& url) { follow(url.toString()); });
    loadExamples();
    render();
}

void StartPage::addWorkspace(const QIcon& icon, const QString& title, const QString& summary,
                             std::function<void()> open) {
    const QString name = QStringLiteral("icon:%1").arg(workspaces_.size());
    browser_->document()->addResource(QTextDocument::ImageResource, QUrl(name),
                                      icon.pixmap(QSize(32, 32)).toImage());
    workspaces_.push_back({QString(title).replace('\n', ' '), summary, std::move(open)});
    render();
}

void StartPage::addExample(const QString& title, const QString& description, const QString& id,
                           std::function<void()> open) {
    extras_.push_back({title, description, id, std::move(open)});
    render();
}

void StartPage::addCheck(const QString& title, const QString& description, const QString& id,
                         std::function<void()> open) {
    checks_.push_back({title, description, id, std::move(open)});
    render();
}

void StartPage::addLesson(const QString& title, const QString& description, int steps,
                          int questions, const QString& id, std::function<void()> open) {
    lessons_.push_back({title,
                        tr("%1 (%2 steps, then %3 questions to check yourself)")
                            .arg(description)
                            .arg(steps)
                            .arg(questions),
                        "lesson-" + id, std::move(open)});
    render();
}

void StartPage::setRecent(const QStringList& paths) {
    recent_ = paths;
    render();
}

void StartPage::loadExamples() {
    examples_.clear();
    for (const QString& folder : exampleFolders()) {
        const QDir dir(folder);
        const QStringList files = dir.entryList({"*.cdx.json"}, QDir::Files, QDir::Name);
        for (const QString& f : files) {
            QFile file(dir.filePath(f));
            if (!file.open(QIODevice::ReadOnly)) {
                continue;
            }
            const QJsonObject j = QJsonDocument::fromJson(file.readAll()).object();
            examples_.push_back({dir.filePath(f), j.value("title").toString(f),
                                 j.value("description").toString(),
                                 j.value("workspace").toString()});
        }
        if (!examples_.isEmpty()) {
            break; // the first folder that has examples
        }
    }
}

bool StartPage::follow(const QString& link) {
    const QString kind = link.section(':', 0, 0);
    const QString rest = link.section(':', 1);
    if (kind == "workspace") {
        const int i = rest.toInt();
        if (i >= 0 && i < workspaces_.size()) {
            workspaces_[i].open();
            return true;
        }
    } else if (kind == "example") {
        emit exampleRequested(rest);
        return true;
    } else if (kind == "recent") {
        emit openRequested(rest);
        return true;
    } else if (kind == "extra") {
        for (const auto* list : {&extras_, &checks_, &lessons_}) {
            for (const auto& e : *list) {
                if (e.id == rest) {
                    e.open();
                    return true;
                }
            }
        }
    }
    return false;
}

QString StartPage::workspaceFor(const QString& path) const {
    for (const auto& e : examples_) {
        if (QFileInfo(e.path) == QFileInfo(path)) {
            return e.workspace;
        }
    }
    return {};
}

QString StartPage::html() const {
    return browser_->toHtml();
}

void StartPage::render() {
    const auto esc = [](const QString& s) { return s.toHtmlEscaped(); };
    QString w;
    for (int i = 0; i < workspaces_.size(); ++i) {
        w += QStringLiteral("<tr><td valign='top' style='padding:6px 8px 10px 0'>"
                            "<a href='workspace:%1'><img src='icon:%1' width='32' height='32'></a>"
                            "</td><td valign='top' style='padding-bottom:10px'>"
                            "<a href='workspace:%1'><b>%2</b></a><br>%3</td></tr>")
                 .arg(i)
                 .arg(esc(workspaces_[i].title), esc(workspaces_[i].summary));
    }
    QString e;
    for (const auto& x : examples_) {
        e += QStringLiteral("<p><a href='example:%1'><b>%2</b></a><br>%3</p>")
                 .arg(esc(x.path), esc(x.title), esc(x.description));
    }
    for (const auto& x : extras_) {
        e += QStringLiteral("<p><a href='extra:%1'><b>%2</b></a><br>%3</p>")
                 .arg(esc(x.id), esc(x.title), esc(x.description));
    }
    if (examples_.isEmpty() && extras_.isEmpty()) {
        e = tr("<p>No example sessions found (looked in %1).</p>")
                .arg(esc(exampleFolders().join(", ")));
    }
    QString c;
    for (const auto& x : checks_) {
        c += QStringLiteral("<p><a href='extra:%1'><b>%2</b></a><br>%3</p>")
                 .arg(esc(x.id), esc(x.title), esc(x.description));
    }
    QString l;
    for (const auto& x : lessons_) {
        l += QStringLiteral("<p><a href='extra:%1'><b>%2</b></a><br>%3</p>")
                 .arg(esc(x.id), esc(x.title), esc(x.description));
    }
    QString r;
    for (const QString& p : recent_) {
        r += QStringLiteral("<a href='recent:%1'>%2</a> <span style='color:gray'>%3</span><br>")
                 .arg(esc(p), esc(QFileInfo(p).fileName()),
                      esc(QDir::toNativeSeparators(QFileInfo(p).absolutePath())));
    }
    if (r.isEmpty()) {
        r = tr("None yet: File ▸ Save As… keeps a session.");
    }
    browser_->setHtml(
        tr("<h2>Codesign Explorer</h2>"
           "<p>Analytical GPU cost models from the papers, executable and explorable. Pick a "
           "workspace (on the left or below), or open one of the published examples: each opens "
           "where it is best looked at and says what to look for.</p>"
           "<table width='100%' cellspacing='0' cellpadding='0'><tr>"
           "<td width='44%' valign='top' style='padding-right:24px'>"
           "<h3>What each workspace answers</h3><table>%1</table>"
           "%4"
           "<h3>Recent sessions</h3><p>%2</p></td>"
           "<td valign='top'>%5<h3>Examples from the papers</h3>%3</td></tr></table>")
            .arg(w, r, e, c.isEmpty() ? QString() : tr("<h3>Check the papers</h3>") + c,
                 l.isEmpty() ? QString()
                             : tr("<h3>Learn the models: guided lessons</h3><p>Each opens its "
                                  "example and walks you through it in the Lesson panel, "
                                  "step by step.</p>") +
                                   l));
}

} // namespace cdx::app
