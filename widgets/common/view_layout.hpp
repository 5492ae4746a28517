#pragma once

class QVBoxLayout;
class QWidget;

namespace cdx::widgets {

// The vertical layout of a view whose content scrolls rather than squash its plots (presentation
// mode on a laptop screen): `view` gets a frameless scroll area and the returned layout lies in
// its content.
QVBoxLayout* scrollingLayout(QWidget* view);

} // namespace cdx::widgets
