// SPDX-License-Identifier: GPL-3.0-or-later
// Draws the figure of a Codesign Explorer page from its data with D3 3.5: one SVG per panel
// (an axis rect of the window's plot), lines, bars and colour maps, hover values and zoom;
// makes its tables sortable and filterable. Nothing is fetched.
(function() {
"use strict";
var figure = JSON.parse(document.getElementById("cdx-figure").textContent);
var tooltip = document.getElementById("tooltip");
var hovers = []; // per panel: function(x, y) -> {text, px, py} at data coordinates
var fmt = function(v) {
    if (v === null || v === undefined || !isFinite(v)) {
        return "–";
    }
    var a = Math.abs(v);
    return (a !== 0 && (a < 1e-3 || a >= 1e7)) ? v.toExponential(4) : +v.toPrecision(6) + "";
};
function showTip(text, pageX, pageY) {
    if (!text) {
        tooltip.hidden = true;
        return;
    }
    tooltip.textContent = text;
    tooltip.hidden = false;
    tooltip.style.left = (pageX + 14) + "px";
    tooltip.style.top = (pageY + 14) + "px";
}
function scaleFor(axis, range) {
    var s = axis.log ? d3.scale.log() : d3.scale.linear();
    var lo = axis.min, hi = axis.max;
    if (axis.log) {
        lo = Math.max(lo, 1e-300);
    }
    s.domain([ lo, hi ]).range(axis.reversed ? range.slice().reverse() : range);
    return s;
}
function axisOf(axis, scale, orient, ticks) {
    var a = d3.svg.axis().scale(scale).orient(orient).ticks(ticks);
    if (axis.ticks) {
        var names = {};
        axis.ticks.forEach(function(t) { names[t[0]] = t[1]; });
        a.tickValues(axis.ticks.map(function(t) { return t[0]; }))
            .tickFormat(function(v) { return (names[v] || "").replace(/\n/g, " "); });
    } else {
        a.tickFormat(function(v) { return fmt(v); });
    }
    return a;
}
// A marker's outline as an SVG path around (0, 0), radius r: the window's shapes (a crossed
// circle is the current tiling, a disc the minimum, a hollow square the baseline).
function markerPath(shape, r) {
    var c = "M" + r + ",0A" + r + "," + r + " 0 1,1 " + (-r) + ",0A" + r + "," + r + " 0 1,1 " +
            r + ",0Z";
    var d = r / Math.SQRT2;
    var x = "M" + (-d) + "," + (-d) + "L" + d + "," + d + "M" + (-d) + "," + d + "L" + d + "," +
            (-d);
    var plus = "M" + (-r) + ",0L" + r + ",0M0," + (-r) + "L0," + r;
    switch (shape) {
    case "crossCircle":
        return c + x;
    case "plusCircle":
        return c + plus;
    case "square":
        return "M" + (-r) + "," + (-r) + "H" + r + "V" + r + "H" + (-r) + "Z";
    case "diamond":
        return "M0," + (-r) + "L" + r + ",0L0," + r + "L" + (-r) + ",0Z";
    case "triangle":
        return "M0," + (-r) + "L" + r + "," + (0.75 * r) + "L" + (-r) + "," + (0.75 * r) + "Z";
    case "triangleDown":
        return "M0," + r + "L" + r + "," + (-0.75 * r) + "L" + (-r) + "," + (-0.75 * r) + "Z";
    case "cross":
        return x;
    case "plus":
        return plus;
    case "star":
        return x + plus;
    default:
        return c;
    }
}
// A fill as the window's brush: a colour, or its hatching as an SVG pattern in `defs`.
var patterns = 0;
function fillOf(defs, b) {
    if (!b) {
        return "none";
    }
    if (!b.pattern || b.pattern === "solid") {
        return b.color;
    }
    var id = "hatch" + (patterns++);
    var pat = defs.append("pattern")
                  .attr("id", id)
                  .attr("patternUnits", "userSpaceOnUse")
                  .attr("width", 8)
                  .attr("height", 8);
    var paths = {
        bdiag : [ "M0,8L8,0M-2,2L2,-2M6,10L10,6" ],
        fdiag : [ "M0,0L8,8M-2,6L2,10M6,-2L10,2" ],
        diagcross : [ "M0,8L8,0M-2,2L2,-2M6,10L10,6", "M0,0L8,8M-2,6L2,10M6,-2L10,2" ],
        cross : [ "M0,4H8M4,0V8" ],
        hor : [ "M0,4H8" ],
        ver : [ "M4,0V8" ]
    };
    (paths[b.pattern] || paths.bdiag).forEach(function(d) {
        pat.append("path").attr("d", d).style("stroke", b.color).style("stroke-width", 1);
    });
    return "url(#" + id + ")";
}
var single = figure.panels.length === 1;
function drawPanel(host, p, index) {
    var div = host.append("div").attr("class", "panel").attr("id", "panel" + index);
    if (p.title) {
        div.append("h2").text(p.title);
    }
    if (p.subtitle) {
        div.append("p").attr("class", "sub").text(p.subtitle);
    }
    // One panel takes the page's width, several share it (the occupancy's four).
    var W = single ? 900 : 640, H = single ? 520 : 420;
    // Room at the left for the longest category name (the bars' names) or the numbers.
    var longest = 0;
    (p.y.ticks || []).forEach(function(t) {
        t[1].split("\n").forEach(function(l) { longest = Math.max(longest, l.length); });
    });
    var m = {
        left : Math.min(300, Math.max(76, 7 * longest + 24,
                                      7 * Math.max(fmt(p.y.min).length, fmt(p.y.max).length) + 40)),
        right : p.y2 ? 70 : 18,
        top : 12,
        bottom : 48
    };
    var w = W - m.left - m.right, h = H - m.top - m.bottom;
    var svg = div.append("svg")
                  .attr("viewBox", "0 0 " + W + " " + H)
                  .attr("preserveAspectRatio", "xMidYMid meet")
                  .attr("class", "plot");
    var g = svg.append("g").attr("transform", "translate(" + m.left + "," + m.top + ")");
    var x = scaleFor(p.x, [ 0, w ]), y = scaleFor(p.y, [ h, 0 ]);
    var y2 = p.y2 ? scaleFor(p.y2, [ h, 0 ]) : null;
    // Texts that open right (bar values) end inside the axes: the upper end of a linear x
    // grows for them, as the window's does at its own width.
    if (!p.x.log && !p.x.ticks) {
        var lo = x.domain()[0], hi = x.domain()[1];
        (p.texts || []).forEach(function(t) {
            if (t.anchor !== "start" || t.x === undefined || t.x === null) {
                return;
            }
            var px =
                7 * Math.max.apply(null, t.text.split("\n").map(function(l) { return l.length; })) +
                12;
            if (w - px > w / 5 && t.x > lo) {
                hi = Math.max(hi, lo + (t.x - lo) * w / (w - px));
            }
        });
        x.domain([ lo, hi ]);
    }
    var x0 = x.copy(), y0 = y.copy();
    var clipId = "clip" + index;
    var defs = svg.append("defs");
    defs.append("clipPath")
        .attr("id", clipId)
        .append("rect")
        .attr("width", w)
        .attr("height", h);
    var back = g.append("rect")
                   .attr("class", "overlay")
                   .attr("width", w)
                   .attr("height", h)
                   .style("fill", "white");
    // The axes' own fill over the white (the map's hatching under its infeasible cells).
    if (p.background) {
        g.append("rect")
            .attr("class", "background")
            .attr("width", w)
            .attr("height", h)
            .style("pointer-events", "none")
            .style("fill", fillOf(defs, p.background));
    }
    var gridX = g.append("g").attr("class", "grid").attr("transform", "translate(0," + h + ")");
    var gridY = g.append("g").attr("class", "grid");
    var marks = g.append("g").attr("clip-path", "url(#" + clipId + ")").attr("class", "marks");
    var xAxisG = g.append("g").attr("class", "x axis").attr("transform", "translate(0," + h + ")");
    var yAxisG = g.append("g").attr("class", "y axis");
    var y2AxisG =
        y2 ? g.append("g").attr("class", "y2 axis").attr("transform", "translate(" + w + ",0)")
           : null;
    g.append("text")
        .attr("class", "xlabel")
        .attr("x", w / 2)
        .attr("y", h + 40)
        .style("text-anchor", "middle")
        .text(p.x.label || "");
    g.append("text")
        .attr("class", "ylabel")
        .attr("transform", "rotate(-90)")
        .attr("x", -h / 2)
        .attr("y", -(m.left - 16))
        .style("text-anchor", "middle")
        .text(p.y.label || "");
    if (y2) {
        g.append("text")
            .attr("class", "ylabel")
            .attr("transform", "rotate(90)")
            .attr("x", h / 2)
            .attr("y", -w - 58)
            .style("text-anchor", "middle")
            .text(p.y2.label || "");
    }
    // The right axis follows the left one as it zooms (the same fractions of their ranges).
    function yOf(s) {
        if (s.axis !== "y2" || !y2) {
            return y;
        }
        var f0 = (y.domain()[0] - y0.domain()[0]) / (y0.domain()[1] - y0.domain()[0]);
        var f1 = (y.domain()[1] - y0.domain()[0]) / (y0.domain()[1] - y0.domain()[0]);
        var d = [ p.y2.min, p.y2.max ];
        return scaleFor({
            min : d[0] + f0 * (d[1] - d[0]),
            max : d[0] + f1 * (d[1] - d[0]),
            log : p.y2.log,
            reversed : p.y2.reversed
        },
                        [ h, 0 ]);
    }
    var drawers = [];
    // Rectangles on the axes (the codesign's budget band, the area beyond the reticle), under
    // everything else; their ends far off the axes are kept near them.
    var rectMarks = marks.selectAll("rect.item")
                        .data(p.rects || [])
                        .enter()
                        .append("rect")
                        .attr("class", "item")
                        .style("fill", function(r) { return fillOf(defs, r.fill); })
                        .style("stroke", function(r) { return r.stroke || "none"; });
    drawers.push(function() {
        var clamp = function(v, n) { return Math.max(-10 * n, Math.min(11 * n, v)); };
        rectMarks.each(function(r) {
            var ax = clamp(x(r.x0), w), bx = clamp(x(r.x1), w), ay = clamp(y(r.y0), h),
                by = clamp(y(r.y1), h);
            d3.select(this)
                .attr("x", Math.min(ax, bx))
                .attr("y", Math.min(ay, by))
                .attr("width", Math.abs(bx - ax))
                .attr("height", Math.abs(by - ay));
        });
    });
    // Pictures on the axes (a map's cells drawn as one image), under the series.
    var pictures =
        marks.selectAll("image.pixmap")
            .data(p.images || [])
            .enter()
            .append("image")
            .attr("class", "pixmap")
            .attr("preserveAspectRatio", "none")
            .style("image-rendering", "pixelated")
            .attr("xlink:href", function(im) { return "data:image/png;base64," + im.png; });
    drawers.push(function() {
        pictures.attr("x", function(im) { return Math.min(x(im.x0), x(im.x1)); })
            .attr("y", function(im) { return Math.min(y(im.y0), y(im.y1)); })
            .attr("width", function(im) { return Math.abs(x(im.x1) - x(im.x0)); })
            .attr("height", function(im) { return Math.abs(y(im.y1) - y(im.y0)); });
    });
    var legend = [];
    var lookups = [];
    p.series.forEach(function(s, si) {
        // Named, and drawing something (an empty series, a baseline without a baseline, stays
        // out of the legend).
        if (s.name && (s.type === "heatmap" || s.points.some(function(q) { return q[1] !== null; }))) {
            legend.push(s);
        }
        if (s.type === "heatmap") {
            var canvas = document.createElement("canvas");
            canvas.width = s.nx;
            canvas.height = s.ny;
            var ctx = canvas.getContext("2d");
            var img = ctx.createImageData(s.nx, s.ny);
            var lo = s.vmin, hi = s.vmax;
            var colour = function(v) {
                var t = s.vlog ? (Math.log(v) - Math.log(lo)) / (Math.log(hi) - Math.log(lo))
                               : (v - lo) / (hi - lo);
                if (!isFinite(t)) {
                    t = 0;
                }
                t = Math.max(0, Math.min(1, t));
                return d3.rgb(s.colors[Math.round(t * (s.colors.length - 1))].replace(
                    /rgba\((\d+),(\d+),(\d+),[^)]*\)/, "rgb($1,$2,$3)"));
            };
            var nan = s.nan === "transparent" || !s.nan
                          ? {r : 0, g : 0, b : 0, a : 0}
                          : (function(c) {
                                var rgb = d3.rgb(c.replace(/rgba\((\d+),(\d+),(\d+),[^)]*\)/,
                                                           "rgb($1,$2,$3)"));
                                return {r : rgb.r, g : rgb.g, b : rgb.b, a : 255};
                            })(s.nan);
            for (var iy = 0; iy < s.ny; ++iy) {
                for (var ix = 0; ix < s.nx; ++ix) {
                    var v = s.values[iy * s.nx + ix];
                    var o = ((s.ny - 1 - iy) * s.nx + ix) * 4;
                    if (v === null) { // no value (an infeasible tiling): as the window shows it
                        img.data[o] = nan.r;
                        img.data[o + 1] = nan.g;
                        img.data[o + 2] = nan.b;
                        img.data[o + 3] = nan.a;
                        continue;
                    }
                    var c = colour(v);
                    img.data[o] = c.r;
                    img.data[o + 1] = c.g;
                    img.data[o + 2] = c.b;
                    img.data[o + 3] = 255;
                }
            }
            ctx.putImageData(img, 0, 0);
            // Cells are even in pixels between the first and last cell's centres, half a cell
            // beyond them (as the window draws a colour map, on a log axis too).
            var cellBox = function() {
                var yy = yOf(s);
                var ax = x(s.x0), bx = x(s.x1), ay = yy(s.y0), by = yy(s.y1);
                var hx = s.nx > 1 ? (bx - ax) / (s.nx - 1) / 2 : 10,
                    hy = s.ny > 1 ? (by - ay) / (s.ny - 1) / 2 : 10;
                return {ax : ax, bx : bx, ay : ay, by : by, hx : hx, hy : hy};
            };
            var image = marks.append("image")
                            .attr("class", "heatmap")
                            .attr("preserveAspectRatio", "none")
                            .attr("xlink:href", canvas.toDataURL())
                            .style("image-rendering", "pixelated")
                            .attr("data-cells", s.nx * s.ny);
            drawers.push(function() {
                var b = cellBox();
                var left = b.ax - b.hx, right = b.bx + b.hx, top = b.by + b.hy,
                    bottom = b.ay - b.hy;
                image.attr("x", Math.min(left, right))
                    .attr("y", Math.min(top, bottom))
                    .attr("width", Math.abs(right - left))
                    .attr("height", Math.abs(bottom - top));
            });
            lookups.push(function(px, py) {
                var b = cellBox();
                var kx = s.nx > 1 ? Math.round((px - b.ax) / (b.bx - b.ax) * (s.nx - 1)) : 0;
                var ky = s.ny > 1 ? Math.round((py - b.ay) / (b.by - b.ay) * (s.ny - 1)) : 0;
                if (kx < 0 || ky < 0 || kx >= s.nx || ky >= s.ny) {
                    return null;
                }
                var k = ky * s.nx + kx, v = s.values[k];
                var cx = s.nx > 1 ? x.invert(b.ax + kx * (b.bx - b.ax) / (s.nx - 1)) : s.x0;
                var cy = s.ny > 1 ? yOf(s).invert(b.ay + ky * (b.by - b.ay) / (s.ny - 1)) : s.y0;
                var text = s.hover && s.hover[k]
                               ? s.hover[k]
                               : (p.x.label || "x") + " = " + fmt(cx) + ", " + (p.y.label || "y") +
                                     " = " + fmt(cy) + ": " + (s.scaleLabel || "value") + " = " +
                                     (v === null ? "no value" : fmt(v));
                return {text : text, d : 0};
            });
        } else if (s.type === "line") {
            var pts = s.points.filter(function(q) { return q[0] !== null && q[1] !== null; });
            var path = s.line ? marks.append("path")
                                    .attr("class", "line")
                                    .style("fill", "none")
                                    .style("stroke", s.color)
                                    .style("stroke-width", s.width)
                                    .style("stroke-dasharray", s.dash || null)
                              : null;
            // Markers in the window's shape, fill and outline (many points: small discs).
            var many = pts.length > 2000;
            var dots = s.marker > 0 && pts.length <= 40000
                           ? marks.selectAll("path.s" + si)
                                 .data(pts)
                                 .enter()
                                 .append("path")
                                 .attr("class", "point s" + si)
                                 .attr("d", markerPath(many ? "circle" : s.shape,
                                                       many ? 1.8
                                                            : Math.max(2.5, Math.min(9, s.marker / 2))))
                                 .style("fill", many && s.fill === "none" ? s.edge : s.fill)
                                 .style("stroke", many ? "none" : (s.edge || s.color))
                                 .style("stroke-width", s.edgeWidth || 1)
                                 .style("stroke-dasharray", s.edgeDash || null)
                           : null;
            drawers.push(function() {
                var yy = yOf(s);
                if (path) {
                    var line = d3.svg.line()
                                   .x(function(q) { return x(q[0]); })
                                   .y(function(q) { return yy(q[1]); })
                                   .defined(function(q) { return q[0] !== null && q[1] !== null; });
                    if (s.step) {
                        line.interpolate(s.step === "after" ? "step-after" : "step-before");
                    }
                    path.attr("d", line(s.points));
                }
                if (dots) {
                    dots.attr("transform",
                              function(q) { return "translate(" + x(q[0]) + "," + yy(q[1]) + ")"; });
                }
            });
            lookups.push(function(px, py) {
                var yy = yOf(s), best = null;
                s.points.forEach(function(q, i) {
                    if (q[0] === null || q[1] === null) {
                        return;
                    }
                    var d = Math.sqrt(Math.pow(x(q[0]) - px, 2) + Math.pow(yy(q[1]) - py, 2));
                    if (d < 16 && (best === null || d < best.d)) {
                        best = {
                            d : d,
                            text : s.hover && s.hover[i]
                                       ? s.hover[i]
                                       : (s.name ? s.name + ": " : "") + (p.x.label || "x") +
                                             " = " + fmt(q[0]) + ", " +
                                             ((s.axis === "y2" && p.y2 ? p.y2.label : p.y.label) ||
                                              "y") +
                                             " = " + fmt(q[1])
                        };
                    }
                });
                return best;
            });
        } else if (s.type === "bars") {
            var rects = marks.selectAll("rect.b" + si)
                            .data(s.points.filter(function(q) { return q[1] !== null; }))
                            .enter()
                            .append("rect")
                            .attr("class", "bar b" + si)
                            .style("fill", s.color)
                            .style("stroke", s.stroke);
            rects.each(function(q, i) {
                var label = p[s.horizontal ? "y" : "x"].ticks;
                var name = "";
                if (label) {
                    label.forEach(function(t) {
                        if (t[0] === q[0]) {
                            name = t[1].replace(/\n/g, " ");
                        }
                    });
                }
                var text = s.hover && s.hover[i]
                               ? s.hover[i]
                               : (s.name ? s.name + ": " : "") + (name || fmt(q[0])) + " = " +
                                     fmt(q[1]) +
                                     (s.horizontal ? (p.x.label ? " (" + p.x.label + ")" : "")
                                                   : (p.y.label ? " (" + p.y.label + ")" : ""));
                d3.select(this).attr("data-value", q[1]).append("title").text(text);
                this.__tip = text;
            });
            drawers.push(function() {
                var yy = yOf(s), half = s.barWidth / 2;
                if (s.horizontal) {
                    rects
                        .attr("y",
                              function(q) { return Math.min(yy(q[0] - half), yy(q[0] + half)); })
                        .attr("height",
                              function(q) { return Math.abs(yy(q[0] + half) - yy(q[0] - half)); })
                        .attr("x", function(q) { return Math.min(x(q[2]), x(q[2] + q[1])); })
                        .attr("width", function(q) { return Math.abs(x(q[2] + q[1]) - x(q[2])); });
                } else {
                    rects
                        .attr("x", function(q) { return Math.min(x(q[0] - half), x(q[0] + half)); })
                        .attr("width",
                              function(q) { return Math.abs(x(q[0] + half) - x(q[0] - half)); })
                        .attr("y", function(q) { return Math.min(yy(q[2]), yy(q[2] + q[1])); })
                        .attr("height",
                              function(q) { return Math.abs(yy(q[2] + q[1]) - yy(q[2])); });
                }
            });
            lookups.push(function(px, py) {
                var hit = null;
                rects.each(function() {
                    var b = this.getBBox();
                    if (px >= b.x && px <= b.x + b.width && py >= b.y && py <= b.y + b.height) {
                        hit = {text : this.__tip, d : 0};
                    }
                });
                return hit;
            });
        }
    });
    // Lines on the axes: straight ones across the plot, segments end to end.
    var lineMarks = marks.selectAll("line.item").data(p.lines || []).enter().append("line")
        .attr("class", "item").style("stroke", function(l) { return l.color; })
        .style("stroke-width", function(l) { return l.width; })
        .style("stroke-dasharray", function(l) { return l.dash || null; });
    drawers.push(function() {
        lineMarks.each(function(l) {
            var yy = yOf({axis: l.axis});
            var ax = x(l.x1), ay = yy(l.y1), bx = x(l.x2), by = yy(l.y2);
            if (l.infinite) {
                var dx = bx - ax, dy = by - ay, n = Math.sqrt(dx * dx + dy * dy) || 1;
                dx = dx / n * 5000; dy = dy / n * 5000;
                ax -= dx; ay -= dy; bx += dx; by += dy;
            }
            d3.select(this).attr("x1", ax).attr("y1", ay).attr("x2", bx).attr("y2", by);
        });
    });
    var texts = marks.selectAll("text.label")
                    .data(p.texts || [])
                    .enter()
                    .append("text")
                    .attr("class", "label")
                    .style("fill", function(t) { return t.color; })
                    .style("text-anchor", function(t) { return t.anchor; })
                    .attr("dy", function(t) {
                        return t.baseline === "top"      ? "0.9em"
                               : t.baseline === "bottom" ? "-0.25em"
                                                         : "0.35em";
                    });
    texts.each(function(t) {
        var lines = t.text.split("\n");
        var sel = d3.select(this);
        lines.forEach(function(
            l,
            i) { sel.append("tspan").attr("x", 0).attr("dy", i === 0 ? null : "1.15em").text(l); });
    });
    function render() {
        xAxisG.call(axisOf(p.x, x, "bottom", 7));
        yAxisG.call(axisOf(p.y, y, "left", 6));
        if (y2AxisG) {
            y2AxisG.call(axisOf(p.y2, yOf({axis : "y2"}), "right", 6));
        }
        if (!p.x.ticks) {
            gridX.call(
                d3.svg.axis().scale(x).orient("bottom").ticks(7).tickSize(-h).tickFormat(""));
        }
        if (!p.y.ticks) {
            gridY.call(d3.svg.axis().scale(y).orient("left").ticks(6).tickSize(-w).tickFormat(""));
        }
        drawers.forEach(function(f) { f(); });
        texts.attr("transform", function(t) {
            var px = t.rx !== undefined ? t.rx * w : x(t.x);
            var py = t.ry !== undefined ? t.ry * h : yOf({axis : t.axis})(t.y);
            return "translate(" + px + "," + py + ")";
        });
    }
    // Zoom and pan on linear axes (a category axis of bars stays put).
    var zoom = d3.behavior.zoom().scaleExtent([ 1, 64 ]).on("zoom", render);
    if (!p.x.ticks && !p.x.log) {
        zoom.x(x);
    }
    if (!p.y.ticks && !p.y.log) {
        zoom.y(y);
    }
    g.call(zoom).on("dblclick.zoom", null);
    g.on("dblclick", function() {
        x.domain(x0.domain());
        y.domain(y0.domain());
        zoom.x(!p.x.ticks && !p.x.log ? x : d3.scale.linear())
            .y(!p.y.ticks && !p.y.log ? y : d3.scale.linear());
        zoom.scale(1).translate([ 0, 0 ]);
        render();
    });
    function lookup(px, py) {
        var best = null;
        lookups.forEach(function(f) {
            var r = f(px, py);
            if (r && (best === null || r.d < best.d)) {
                best = r;
            }
        });
        return best;
    }
    g.on("mousemove", function() {
        var pos = d3.mouse(back.node());
        var r = pos[0] >= 0 && pos[0] <= w && pos[1] >= 0 && pos[1] <= h ? lookup(pos[0], pos[1])
                                                                         : null;
        showTip(r ? r.text : null, d3.event.pageX, d3.event.pageY);
    });
    g.on("mouseleave", function() { showTip(null); });
    render();
    // Legend and colour bar under the plot.
    if (legend.length) {
        var lg = div.append("div").attr("class", "legend");
        legend.forEach(function(s) {
            if (s.type === "heatmap") {
                return;
            }
            var item = lg.append("span");
            var sw = item.append("span").attr("class", "swatch");
            if (s.type === "bars") {
                sw.style("background", s.color);
            } else if (s.line) {
                sw.style("border-bottom", "3px " + (s.dash ? "dashed " : "solid ") + s.color)
                    .style("height", "6px");
            } else {
                // The marker itself, as the plot draws it.
                sw.style("width", "14px").style("height", "14px");
                sw.append("svg")
                    .attr("width", 14)
                    .attr("height", 14)
                    .attr("viewBox", "-7 -7 14 14")
                    .append("path")
                    .attr("d", markerPath(s.shape, 5))
                    .style("fill", s.fill)
                    .style("stroke", s.edge || s.color)
                    .style("stroke-width", Math.min(2, s.edgeWidth || 1))
                    .style("stroke-dasharray", s.edgeDash ? "2,1.5" : null);
            }
            item.append("span").text(s.name);
        });
    }
    p.series.forEach(function(s) {
        if (s.type !== "heatmap") {
            return;
        }
        var bar = div.append("div").attr("class", "colorbar");
        bar.append("span").text((s.scaleLabel || "value") + ": " + fmt(s.vmin) + " ");
        var strip =
            bar.append("span")
                .style("display", "inline-block")
                .style("width", "240px")
                .style("height", "12px")
                .style("vertical-align", "middle")
                .style("background", "linear-gradient(to right," + s.colors.join(",") + ")");
        strip.attr("title", s.vlog ? "logarithmic" : "linear");
        bar.append("span").text(" " + fmt(s.vmax) + (s.vlog ? " (log scale)" : ""));
        // What a cell without a value looks like, said as it is drawn.
        if (s.values.indexOf(null) >= 0) {
            if (s.nan === "transparent" || !s.nan) {
                bar.append("span").text(p.background && p.background.pattern &&
                                                p.background.pattern !== "solid"
                                            ? "; hatched: no value"
                                            : "; blank: no value");
            } else {
                bar.append("span").text("; ");
                bar.append("span")
                    .attr("class", "swatch")
                    .style("display", "inline-block")
                    .style("width", "12px")
                    .style("height", "12px")
                    .style("vertical-align", "middle")
                    .style("background", s.nan);
                bar.append("span").text(" no value");
            }
        }
    });
    // Data coordinates to the text a pointer there shows (the test of the page calls it).
    hovers.push(function(dx, dy, axis) {
        var px = x(dx), py = (axis === "y2" ? yOf({axis : "y2"}) : y)(dy);
        var r = lookup(px, py);
        var box = back.node().getBoundingClientRect();
        showTip(r ? r.text : null, box.left + window.scrollX + px * box.width / w,
                box.top + window.scrollY + py * box.height / h);
        return r ? r.text : null;
    });
}
var host = d3.select("#figure");
figure.panels.forEach(function(p, i) { drawPanel(host, p, i); });
document.body.setAttribute("data-panels", figure.panels.length);
// "#hover=PANEL,X,Y": hovers that point at load (a link that shows a value; the page's test).
var m = /hover=(\d+),([-+0-9.eE]+),([-+0-9.eE]+)/.exec(window.location.hash);
if (m && hovers[+m[1]]) {
    var text = hovers[+m[1]](+m[2], +m[3]);
    tooltip.setAttribute("data-hover", text || "");
}
// Tables: click a column's name to sort (numbers as numbers), type to filter rows.
Array.prototype.forEach.call(document.querySelectorAll("table.data"), function(table) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var count = document.getElementById(table.id + "-count");
    var numeric = function(s) { return s !== "" && isFinite(+s); };
    rows.forEach(function(r) {
        Array.prototype.forEach.call(r.cells, function(c) {
            if (numeric(c.textContent)) {
                c.className = "num";
            }
        });
    });
    var show = function(n) {
        if (count) {
            count.textContent = n + " of " + rows.length + " rows";
        }
    };
    show(rows.length);
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function(th, col) {
        th.addEventListener("click", function() {
            var up = !th.classList.contains("up");
            Array.prototype.forEach.call(table.tHead.rows[0].cells,
                                         function(o) { o.classList.remove("up", "down"); });
            th.classList.add(up ? "up" : "down");
            rows.sort(function(a, b) {
                var u = a.cells[col] ? a.cells[col].textContent : "",
                    v = b.cells[col] ? b.cells[col].textContent : "";
                // A blank cell (an infeasible tiling's T_alg) last in both directions: sorted
                // as text it came first (issue 55).
                if ((u === "") !== (v === "")) {
                    return u === "" ? 1 : -1;
                }
                var r = numeric(u) && numeric(v) ? (+u) - (+v) : u.localeCompare(v);
                return up ? r : -r;
            });
            rows.forEach(function(r) { body.appendChild(r); });
        });
    });
    // "#sort=COLUMN" (or "#sort=COLUMN,down"): the table sorted by that column at load (a link
    // to a sorted table; the page's test).
    var s = /sort=([^,&]+)(,down)?/.exec(window.location.hash);
    if (s) {
        Array.prototype.forEach.call(table.tHead.rows[0].cells, function(th) {
            if (th.textContent === decodeURIComponent(s[1])) {
                th.click();
                if (s[2]) {
                    th.click();
                }
            }
        });
    }
    var filter = document.querySelector("input[data-table='" + table.id + "']");
    if (filter) {
        filter.addEventListener("input", function() {
            var q = filter.value.toLowerCase(), n = 0;
            rows.forEach(function(r) {
                var hit = !q || r.textContent.toLowerCase().indexOf(q) >= 0;
                r.style.display = hit ? "" : "none";
                n += hit ? 1 : 0;
            });
            show(n);
        });
    }
});
})();
