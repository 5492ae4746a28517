// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSize>
#include <QString>

namespace cdx::app {

class MainWindow;

// PNGs into `dir`: the window (at windowSize) on the Start page and on every view of every
// workspace (window-<view>.png), and every view alone at viewSize (<view>.png). Empty string,
// or the reason it failed.
QString writeScreenshots(MainWindow& window, const QString& dir, const QSize& viewSize,
                         const QSize& windowSize = QSize(1366, 768));

} // namespace cdx::app
