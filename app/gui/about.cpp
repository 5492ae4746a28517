// SPDX-License-Identifier: GPL-3.0-or-later
#include "about.hpp"

#include "cdx/cli.hpp"
#include "help_browser.hpp"
#include "workspace.hpp"

#include <QApplication>
#include <QUrl>

namespace cdx::app {

QString aboutText(const std::vector<Workspace*>& workspaces) {
    QString families;
    for (auto* w : workspaces) {
        families += QStringLiteral("<li><b>%1</b>: %2</li>").arg(w->title(), w->summary());
    }
    return QCoreApplication::translate(
               "About",
               "<h3>Codesign Explorer %1</h3>"
               "<p>Interactive analytical GPU cost models, one workspace per model family:</p>"
               "<ul>%2</ul>"
               "<p>Where the sources contradict themselves both forms are available "
               "as a <i>model variant</i>; the active variant is shown on every view "
               "and export. Every equation and its source: Help &#9656; Documentation (F1), the "
               "pages of %4.</p>"
               "<p>Copyright &copy; 2026 the Codesign Explorer developers. Free software under "
               "the <b>GNU General Public License, version 3 or later</b> (%3), with "
               "<b>no warranty</b>. The full text is the LICENSE file of the sources (on "
               "Debian also /usr/share/common-licenses/GPL-3). The installed "
               "share/doc/codesign-explorer/copyright gives the terms and the sources of the "
               "shipped data: values taken from the papers it cites.</p>")
        .arg(QApplication::applicationVersion(), families, QString::fromLatin1(cdx::cli::licence()),
             HelpBrowser::docsFolder().isEmpty()
                 ? QStringLiteral("share/doc/codesign-explorer/docs")
                 : QStringLiteral("<a href=\"%1\">%2</a>")
                       .arg(QUrl::fromLocalFile(HelpBrowser::docsFolder()).toString(),
                            HelpBrowser::docsFolder().toHtmlEscaped()));
}

} // namespace cdx::app
