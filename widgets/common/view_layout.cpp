#include "common/view_layout.hpp"

#include <QScrollArea>
#include <QVBoxLayout>

namespace cdx::widgets {

QVBoxLayout* scrollingLayout(QWidget* view) {
    auto* outer = new QVBoxLayout(view);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(view);
    scroll->setObjectName("viewScroll");
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* content = new QWidget(scroll);
    scroll->setWidget(content);
    outer->addWidget(scroll);
    return new QVBoxLayout(content);
}

} // namespace cdx::widgets
