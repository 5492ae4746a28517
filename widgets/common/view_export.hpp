#pragma once

#include "common/explorer_view.hpp"

#include <QSize>
#include <QString>

namespace cdx::widgets {

// Writes a view to `path`: .png, .pdf or .svg (by suffix) at `size` pixels, or its data
// to .csv. Returns an empty string on success, else a one-line reason. Files are
// written to a temporary name and renamed, so a failed export never leaves half a file.
QString exportView(ExplorerView& view, const QString& path, const QSize& size);

// Writes `text` atomically (QSaveFile); empty string on success, else the reason.
QString writeTextFile(const QString& path, const QString& text);

} // namespace cdx::widgets
