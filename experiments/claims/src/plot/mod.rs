//! Figures for the paper: line charts and grouped bar charts, each written as SVG (for the
//! paper) and PNG (for a quick look) by one drawing function generic over plotters'
//! `DrawingBackend`.
//!
//! # Fonts
//!
//! plotters' default text stack (`ttf`: font-kit, fontconfig, FreeType) needs system
//! libraries at build time and installed fonts at run time, even for SVG, because text layout
//! uses font metrics (`/work/shared/research/measure.md` §5). We build plotters with
//! `default-features = false` and its `ab_glyph` feature instead: pure Rust, nothing needed
//! from the system at build or run time. ab_glyph draws only fonts registered by name, so
//! [`register_fonts`] registers DejaVu Sans (regular and bold) as `"sans-serif"`, the family
//! every chart element here and plotters' own mesh defaults ask for.
//!
//! The font bytes come from the `dejavu` crate (2.37.0, crates.io), which embeds the DejaVu
//! 2.37 TTFs with `include_bytes!`; their licence is the Bitstream Vera licence with
//! public-domain DejaVu changes (free to use, embed and redistribute). That keeps a binary
//! font file out of this repository and needs no system package (the alternative was
//! reading `fonts-dejavu-core`'s file at build time, which would add a `setup` step). Only
//! the two faces we reference are linked into the binary (about 1.4 MB).
//!
//! Keep plotters' `ttf` feature off in the whole dependency graph: if any crate turned it
//! on, feature unification would make plotters use the system font stack instead.
//!
//! # Style
//!
//! Every series' look comes from [`style`], the one definition for all figures: `son`,
//! `cfg`, `node` and `interp` keep their colour (Okabe–Ito palette) in every figure, and the
//! series of one chart also differ in marker, dash pattern (lines) and fill pattern (bars:
//! solid, hatched, outlined), so figures survive grey-scale printing. Both axes carry a
//! label with the unit. Tick positions are ours ([`Axis`]): "nice" 1–2–5 steps on linear
//! axes and powers of ten (or 1–2–5 multiples on short ranges) on log axes, with a bounded
//! count and compact labels, so log-axis labels never run together. The legend sits in a
//! strip between the title and the plot, where it cannot hide data.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use plotters::coord::ranged1d::{KeyPointHint, NoDefaultFormatting, Ranged, ValueFormatter};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::FontTransform;

pub mod style;

use style::{Fill, Marker, SeriesStyle};

/// One named series of (x, y) points.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The legend entry.
    pub name: String,
    /// The points, in drawing order (non-finite ones are skipped).
    pub points: Vec<(f64, f64)>,
}

/// Width of every figure, in pixels (SVG user units).
pub const WIDTH: u32 = 900;
/// Height of every figure, in pixels (SVG user units).
pub const HEIGHT: u32 = 560;

/// The font family every chart element uses (registered by [`register_fonts`]).
const FAMILY: &str = "sans-serif";

/// Bars get value labels when a chart has at most this many bars.
const MAX_LABELLED_BARS: usize = 24;

/// Registers DejaVu Sans (regular and bold) with plotters as `"sans-serif"`, once per
/// process. Every chart function calls it; it is public for callers that draw with plotters
/// themselves.
pub fn register_fonts() -> Result<(), String> {
    static DONE: OnceLock<Result<(), String>> = OnceLock::new();
    DONE.get_or_init(|| {
        plotters::style::register_font(FAMILY, FontStyle::Normal, dejavu::sans::regular())
            .map_err(|_| "the bundled DejaVu Sans font is not a valid font".to_string())?;
        plotters::style::register_font(FAMILY, FontStyle::Bold, dejavu::sans::bold())
            .map_err(|_| "the bundled DejaVu Sans Bold font is not a valid font".to_string())
    })
    .clone()
}

/// `stem` with `ext` appended (not substituted: a stem may contain dots).
fn with_ext(stem: &Path, ext: &str) -> PathBuf {
    let mut s = stem.as_os_str().to_owned();
    s.push(".");
    s.push(ext);
    PathBuf::from(s)
}

/// Creates the parent directory of `stem` and returns the SVG and PNG paths.
fn outputs(stem: &Path) -> Result<(PathBuf, PathBuf), String> {
    if stem.as_os_str().is_empty() {
        return Err("plot: empty output path".into());
    }
    if let Some(dir) = stem.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("plot: cannot create {}: {e}", dir.display()))?;
    }
    Ok((with_ext(stem, "svg"), with_ext(stem, "png")))
}

/// Formats a tick or value label compactly: at most `sig` significant digits, scientific
/// notation (`1.5e6`) for very large or small magnitudes, no trailing zeros.
pub fn format_number(v: f64, sig: usize) -> String {
    if !v.is_finite() {
        return String::new();
    }
    if v == 0.0 {
        return "0".into();
    }
    let sig = sig.max(1);
    let a = v.abs();
    if !(1e-3..1e5).contains(&a) {
        let s = format!("{:.*e}", sig - 1, v);
        // "1.50e6" -> "1.5e6"
        return match s.split_once('e') {
            Some((m, e)) => format!("{}e{}", trim_zeros(m), e),
            None => s,
        };
    }
    let magnitude = a.log10().floor() as i32;
    let decimals = (sig as i32 - 1 - magnitude).max(0) as usize;
    // Round to `sig` digits also left of the point (1234 -> 1230 for sig = 3).
    let unit = 10f64.powi(magnitude + 1 - sig as i32);
    let v = if unit > 1.0 { (v / unit).round() * unit } else { v };
    trim_zeros(&format!("{:.*}", decimals, v)).to_string()
}

/// `10ⁿ` (with superscript digits) when `v` is a power of ten, for log-axis labels.
fn power_of_ten(v: f64) -> Option<String> {
    if v.is_nan() || v <= 0.0 {
        return None;
    }
    let e = v.log10().round();
    if (v / 10f64.powf(e) - 1.0).abs() > 1e-9 {
        return None;
    }
    const SUPERSCRIPT: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut s = String::from("10");
    if e < 0.0 {
        s.push('⁻');
    }
    for d in format!("{}", e.abs() as i64).bytes() {
        s.push(SUPERSCRIPT[usize::from(d - b'0')]);
    }
    Some(s)
}

/// Drops trailing zeros after a decimal point (and the point itself when nothing is left).
fn trim_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

/// An axis: linear or base-10 logarithmic, or the category slots of a bar chart.
///
/// A plotters coordinate (`Ranged`) with our own tick placement and labels.
#[derive(Clone, Debug)]
pub struct Axis {
    lo: f64,
    hi: f64,
    kind: AxisKind,
}

/// How an [`Axis`] maps values and places ticks.
#[derive(Clone, Debug)]
enum AxisKind {
    Linear,
    Log,
    /// Slots `0..names.len()` (range `-0.5..n-0.5`), labelled with the names.
    Categories(Vec<String>),
}

impl Axis {
    /// Position of `v` in `0..1` along the axis (log axes map `log10(v)`).
    fn fraction(&self, v: f64) -> f64 {
        match self.kind {
            AxisKind::Log => {
                let (l, h) = (self.lo.log10(), self.hi.log10());
                (v.max(f64::MIN_POSITIVE).log10() - l) / (h - l)
            }
            _ => (v - self.lo) / (self.hi - self.lo),
        }
    }

    /// Linear ticks: multiples of a 1–2–5 step, at most `max` of them.
    fn linear_ticks(lo: f64, hi: f64, max: usize) -> Vec<f64> {
        let span = hi - lo;
        if max == 0 || span.is_nan() || span <= 0.0 {
            return Vec::new();
        }
        let raw = span / max as f64;
        let mut step = 10f64.powf(raw.log10().floor());
        for m in [1.0, 2.0, 5.0, 10.0, 20.0] {
            if span / (step * m) <= max as f64 {
                step *= m;
                break;
            }
        }
        let first = (lo / step).ceil() as i64;
        let last = (hi / step).floor() as i64;
        (first..=last)
            .map(|k| {
                let v = k as f64 * step;
                // Snap rounding noise (0.30000000000000004) to the step's precision.
                let digits = (-step.log10().floor()).max(0.0) as i32 + 1;
                let scale = 10f64.powi(digits);
                (v * scale).round() / scale
            })
            .take(max)
            .collect()
    }

    /// Log ticks: powers of ten (thinned to at most `max`); with light lines allowed, also
    /// their 2..9 multiples. Ranges under two decades fall back to 1–2–5 multiples and then to
    /// linear ticks, so there are always a few labels.
    fn log_ticks(lo: f64, hi: f64, max: usize, light: bool) -> Vec<f64> {
        if max == 0 || lo.is_nan() || hi.is_nan() || lo <= 0.0 || hi <= lo {
            return Vec::new();
        }
        let first = lo.log10().ceil() as i32;
        let last = hi.log10().floor() as i32;
        let in_range = |v: f64| v >= lo * (1.0 - 1e-9) && v <= hi * (1.0 + 1e-9);
        if light {
            let all: Vec<f64> = (first - 1..=last)
                .flat_map(|e| (1..10).map(move |m| m as f64 * 10f64.powi(e)))
                .filter(|&v| in_range(v))
                .collect();
            if all.len() <= max {
                return all;
            }
        }
        let decades = (last - first + 1).max(0) as usize;
        if decades >= 3 || (decades >= 2 && max < 6) {
            let stride = decades.div_ceil(max).max(1);
            return (first..=last).step_by(stride).map(|e| 10f64.powi(e)).collect();
        }
        let sequence: Vec<f64> = (first - 1..=last)
            .flat_map(|e| [1.0, 2.0, 5.0].map(|m| m * 10f64.powi(e)))
            .filter(|&v| in_range(v))
            .collect();
        if sequence.len() >= 3 && sequence.len() <= max {
            return sequence;
        }
        Self::linear_ticks(lo, hi, max.min(6))
    }
}

impl Ranged for Axis {
    type FormatOption = NoDefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let f = self.fraction(*value);
        let f = if f.is_finite() { f.clamp(-10.0, 10.0) } else { 0.0 };
        limit.0 + (f * f64::from(limit.1 - limit.0)).round() as i32
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        let max = hint.max_num_points();
        let light = hint.weight().allow_light_points();
        match &self.kind {
            AxisKind::Linear => Self::linear_ticks(self.lo, self.hi, max),
            AxisKind::Log => Self::log_ticks(self.lo, self.hi, max, light),
            AxisKind::Categories(names) => {
                if light || max == 0 {
                    return Vec::new();
                }
                let stride = names.len().div_ceil(max).max(1);
                (0..names.len()).step_by(stride).map(|i| i as f64).collect()
            }
        }
    }

    fn range(&self) -> Range<f64> {
        self.lo..self.hi
    }
}

impl ValueFormatter<f64> for Axis {
    fn format_ext(&self, value: &f64) -> String {
        match &self.kind {
            AxisKind::Categories(names) => {
                let i = value.round();
                if i >= 0.0 && (i as usize) < names.len() {
                    names[i as usize].clone()
                } else {
                    String::new()
                }
            }
            AxisKind::Log if self.hi / self.lo >= 1e3 => power_of_ten(*value).unwrap_or_else(|| format_number(*value, 4)),
            _ => format_number(*value, 4),
        }
    }
}

/// The extent of finite `values` (None when there is none).
fn extent(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values
        .filter(|v| v.is_finite())
        .fold(None, |acc, v| match acc {
            None => Some((v, v)),
            Some((lo, hi)) => Some((lo.min(v), hi.max(v))),
        })
}

/// An axis covering `lo..=hi` with a little padding; linear value axes start at zero when
/// the data is non-negative and starts low enough that the zero line is informative.
fn data_axis(lo: f64, hi: f64, log: bool, from_zero: bool) -> Axis {
    if log {
        let (l, h) = (lo.log10(), hi.log10());
        let pad = ((h - l) * 0.05).max(0.02);
        let (l, h) = if h - l < 1e-9 { (l - 0.3, h + 0.3) } else { (l - pad, h + pad) };
        return Axis { lo: 10f64.powf(l), hi: 10f64.powf(h), kind: AxisKind::Log };
    }
    let span = if hi - lo > 0.0 { hi - lo } else { hi.abs().max(1.0) };
    let pad = span * 0.05;
    let mut a = lo - pad;
    let b = hi + pad;
    if from_zero && lo >= 0.0 && lo <= hi * 0.5 {
        a = 0.0;
    }
    if hi - lo <= 0.0 {
        a = lo - span * 0.5;
        return Axis { lo: if from_zero && lo >= 0.0 { 0.0 } else { a }, hi: hi + span * 0.5, kind: AxisKind::Linear };
    }
    Axis { lo: a, hi: b, kind: AxisKind::Linear }
}

/// Font of the given size and style.
fn font(size: f64, style: FontStyle) -> TextStyle<'static> {
    TextStyle::from(FontDesc::new(FontFamily::Name(FAMILY), size, style))
}

/// How a legend entry is drawn.
#[derive(Clone, Copy)]
enum Key {
    /// A line segment in the series' dash pattern with its marker.
    Line(SeriesStyle),
    /// A small bar in the series' fill.
    Bar(SeriesStyle),
}

/// Draws `marker` in `colour` centred on pixel `p`.
fn draw_marker<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    p: (i32, i32),
    marker: Marker,
    colour: RGBColor,
) -> Result<(), String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    match marker {
        Marker::Circle => area.draw(&Circle::new(p, 4, colour.filled())).map_err(e),
        Marker::Triangle => area.draw(&TriangleMarker::new(p, 6, colour.filled())).map_err(e),
        Marker::Square => area.draw(&Rectangle::new([(p.0 - 4, p.1 - 4), (p.0 + 4, p.1 + 4)], colour.filled())).map_err(e),
        Marker::HollowCircle => area.draw(&Circle::new(p, 4, colour.stroke_width(2))).map_err(e),
        Marker::Cross => area.draw(&Cross::new(p, 4, colour.stroke_width(2))).map_err(e),
    }
}

/// Draws the polyline through pixels `points` in the series' colour and dash pattern.
fn draw_path<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, points: &[(i32, i32)], style: &SeriesStyle) -> Result<(), String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let stroke = style.colour.stroke_width(2);
    let Some((on, off)) = style.dash else {
        return area.draw(&PathElement::new(points.to_vec(), stroke)).map_err(e);
    };
    let (on, off) = (f64::from(on), f64::from(off));
    // Position within the current on+off period, carried across segments.
    let mut phase = 0.0;
    for w in points.windows(2) {
        let (a, b) = ((f64::from(w[0].0), f64::from(w[0].1)), (f64::from(w[1].0), f64::from(w[1].1)));
        let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        let at = |t: f64| ((a.0 + (b.0 - a.0) * t / len).round() as i32, (a.1 + (b.1 - a.1) * t / len).round() as i32);
        let mut t = 0.0;
        while t < len {
            let in_on = phase < on;
            let step = if in_on { on - phase } else { on + off - phase }.min(len - t);
            if in_on && len > 0.0 {
                area.draw(&PathElement::new(vec![at(t), at(t + step)], stroke)).map_err(e)?;
            }
            t += step;
            phase = (phase + step) % (on + off);
        }
    }
    Ok(())
}

/// Draws a bar over the pixel rectangle `(x0, y0)`–`(x1, y1)` in the series' colour and fill.
fn draw_bar<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, (x0, y0): (i32, i32), (x1, y1): (i32, i32), style: &SeriesStyle) -> Result<(), String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let (l, r, t, b) = (x0.min(x1), x0.max(x1), y0.min(y1), y0.max(y1));
    let c = style.colour;
    if style.fill == Fill::Solid {
        return area.draw(&Rectangle::new([(l, t), (r, b)], c.filled())).map_err(e);
    }
    area.draw(&Rectangle::new([(l, t), (r, b)], WHITE.filled())).map_err(e)?;
    let line = c.stroke_width(1);
    let gap = 5;
    // Lines x - y = k (rising `/` in screen coordinates: y grows downwards) or x + y = k.
    let diagonal = |rising: bool| -> Vec<[(i32, i32); 2]> {
        let mut out = Vec::new();
        let (k0, k1) = if rising { (l - b, r - t) } else { (l + t, r + b) };
        let mut k = k0 - k0.rem_euclid(gap);
        while k <= k1 {
            // Clip the line to the rectangle.
            let mut pts = Vec::new();
            for x in [l, r] {
                let y = if rising { x - k } else { k - x };
                if (t..=b).contains(&y) {
                    pts.push((x, y));
                }
            }
            for y in [t, b] {
                let x = if rising { y + k } else { k - y };
                if (l..=r).contains(&x) {
                    pts.push((x, y));
                }
            }
            if pts.len() >= 2 {
                out.push([pts[0], pts[pts.len() - 1]]);
            }
            k += gap;
        }
        out
    };
    let lines: Vec<[(i32, i32); 2]> = match style.fill {
        Fill::Diagonal => diagonal(true),
        Fill::BackDiagonal => diagonal(false),
        Fill::Cross => diagonal(true).into_iter().chain(diagonal(false)).collect(),
        Fill::Horizontal => (t..=b).step_by(gap as usize).map(|y| [(l, y), (r, y)]).collect(),
        Fill::Hollow | Fill::Solid => Vec::new(),
    };
    for [p, q] in lines {
        area.draw(&PathElement::new(vec![p, q], line)).map_err(e)?;
    }
    area.draw(&Rectangle::new([(l, t), (r, b)], c.stroke_width(2))).map_err(e)
}

/// Lays the legend out in rows across `width`; returns each entry's (x, row).
fn legend_layout<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    names: &[&str],
    width: i32,
) -> Result<Vec<(i32, i32)>, String> {
    let style = font(16.0, FontStyle::Normal);
    let mut out = Vec::with_capacity(names.len());
    let (mut x, mut row) = (0, 0);
    for name in names {
        let (w, _) = area.estimate_text_size(name, &style).map_err(|e| e.to_string())?;
        let item = 34 + w as i32;
        if x > 0 && x + item > width {
            x = 0;
            row += 1;
        }
        out.push((x, row));
        x += item + 22;
    }
    Ok(out)
}

/// Height of the legend strip for `rows` rows.
fn legend_height(rows: i32) -> i32 {
    rows * 24 + 6
}

/// Draws the legend entries into `area` (the strip under the title), centred.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    names: &[&str],
    keys: &[Key],
    layout: &[(i32, i32)],
) -> Result<(), String> {
    let style = font(16.0, FontStyle::Normal).pos(Pos::new(HPos::Left, VPos::Center));
    let width = area.dim_in_pixel().0 as i32;
    // Centre every row: its width is the last entry's end.
    let rows = layout.iter().map(|l| l.1).max().unwrap_or(0) + 1;
    let mut row_width = vec![0; rows as usize];
    for (i, (x, row)) in layout.iter().enumerate() {
        let (w, _) = area.estimate_text_size(names[i], &style).map_err(|e| e.to_string())?;
        row_width[*row as usize] = x + 34 + w as i32;
    }
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    for (i, (x, row)) in layout.iter().enumerate() {
        let x0 = (width - row_width[*row as usize]) / 2 + x;
        let y = 14 + row * 24;
        match keys[i] {
            Key::Line(s) => {
                draw_path(area, &[(x0, y), (x0 + 26, y)], &s)?;
                draw_marker(area, (x0 + 13, y), s.marker, s.colour)?;
            }
            Key::Bar(s) => draw_bar(area, (x0 + 4, y - 8), (x0 + 22, y + 8), &s)?,
        }
        area.draw(&Text::new(names[i].to_string(), (x0 + 32, y), style.clone())).map_err(e)?;
    }
    Ok(())
}

/// Splits `root` into title, legend and plot areas, drawing the title and legend; returns the
/// plot area.
fn frame<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    names: &[&str],
    keys: &[Key],
) -> Result<DrawingArea<DB, Shift>, String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(e)?;
    let (w, _) = root.dim_in_pixel();
    let (title_area, rest) = root.split_vertically(44);
    title_area
        .draw(&Text::new(
            title.to_string(),
            (w as i32 / 2, 26),
            font(22.0, FontStyle::Bold).pos(Pos::new(HPos::Center, VPos::Center)),
        ))
        .map_err(e)?;
    let layout = legend_layout(&rest, names, w as i32 - 40)?;
    let rows = layout.iter().map(|l| l.1).max().map_or(0, |r| r + 1);
    let (legend_area, plot_area) = rest.split_vertically(legend_height(rows));
    draw_legend(&legend_area, names, keys, &layout)?;
    Ok(plot_area)
}

/// A series ready to draw: its style, name and usable points.
type Drawn<'a> = (SeriesStyle, &'a str, Vec<(f64, f64)>);

/// Draws a line chart (see [`line_chart`]) on any backend.
#[allow(clippy::too_many_arguments)]
fn draw_lines<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    title: &str,
    x_label: &str,
    y_label: &str,
    x_axis: Axis,
    y_axis: Axis,
    series: &[Drawn<'_>],
) -> Result<(), String> {
    let log_x = matches!(x_axis.kind, AxisKind::Log);
    let log_y = matches!(y_axis.kind, AxisKind::Log);
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let names: Vec<&str> = series.iter().map(|s| s.1).collect();
    let keys: Vec<Key> = series.iter().map(|s| Key::Line(s.0)).collect();
    let plot = frame(&root, title, &names, &keys)?;
    let mut chart = ChartBuilder::on(&plot)
        .margin_left(10)
        .margin_right(30)
        .margin_bottom(10)
        .margin_top(8)
        .x_label_area_size(52)
        .y_label_area_size(78)
        .build_cartesian_2d(x_axis, y_axis)
        .map_err(e)?;
    chart
        .configure_mesh()
        .x_labels(9)
        .y_labels(8)
        .x_max_light_lines(if log_x { 10 } else { 1 })
        .y_max_light_lines(if log_y { 10 } else { 1 })
        .x_desc(x_label)
        .y_desc(y_label)
        .axis_desc_style(font(18.0, FontStyle::Normal))
        .label_style(font(15.0, FontStyle::Normal))
        .light_line_style(RGBColor(0, 0, 0).mix(0.05))
        .bold_line_style(RGBColor(0, 0, 0).mix(0.15))
        .draw()
        .map_err(e)?;
    for (style, _, points) in series {
        // Lines and markers in pixels on the root area, whose origin is the backend's.
        let pixels: Vec<(i32, i32)> = points.iter().map(|p| chart.plotting_area().map_coordinate(p)).collect();
        draw_path(&root, &pixels, style)?;
        for &px in &pixels {
            draw_marker(&root, px, style.marker, style.colour)?;
        }
    }
    root.present().map_err(e)
}

/// Line chart with markers; writes `stem.svg` and `stem.png`.
///
/// Non-finite points (and non-positive ones on a log axis) are skipped; a series left with
/// no point is left out of the chart and its legend. Returns an error when no point is left
/// at all, or when a file cannot be written.
pub fn line_chart(
    stem: &Path,
    title: &str,
    x_label: &str,
    y_label: &str,
    log_x: bool,
    log_y: bool,
    series: &[Series],
) -> Result<(), String> {
    register_fonts()?;
    let usable = |&(x, y): &(f64, f64)| {
        x.is_finite() && y.is_finite() && (!log_x || x > 0.0) && (!log_y || y > 0.0)
    };
    let names: Vec<&str> = series.iter().map(|s| s.name.as_str()).collect();
    let looks = style::styles(&names);
    let cleaned: Vec<Drawn<'_>> = series
        .iter()
        .zip(looks)
        .map(|(s, look)| (look, s.name.as_str(), s.points.iter().copied().filter(usable).collect::<Vec<_>>()))
        .filter(|s| !s.2.is_empty())
        .collect();
    let all = || cleaned.iter().flat_map(|s| s.2.iter().copied());
    let (Some((x0, x1)), Some((y0, y1))) = (extent(all().map(|p| p.0)), extent(all().map(|p| p.1))) else {
        return Err(format!("plot '{title}': no finite data points to draw"));
    };
    let x_axis = data_axis(x0, x1, log_x, false);
    let y_axis = data_axis(y0, y1, log_y, true);
    let (svg, png) = outputs(stem)?;
    draw_lines(
        SVGBackend::new(&svg, (WIDTH, HEIGHT)).into_drawing_area(),
        title,
        x_label,
        y_label,
        x_axis.clone(),
        y_axis.clone(),
        &cleaned,
    )?;
    draw_lines(BitMapBackend::new(&png, (WIDTH, HEIGHT)).into_drawing_area(), title, x_label, y_label, x_axis, y_axis, &cleaned)
}

/// Draws a grouped bar chart (see [`bar_chart`]) on any backend.
#[allow(clippy::too_many_arguments)]
fn draw_bars<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    title: &str,
    x_label: &str,
    y_label: &str,
    categories: &[String],
    groups: &[(String, Vec<f64>)],
    y_axis: Axis,
) -> Result<(), String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let names: Vec<&str> = groups.iter().map(|g| g.0.as_str()).collect();
    let looks = style::styles(&names);
    let keys: Vec<Key> = looks.iter().copied().map(Key::Bar).collect();
    let plot = frame(&root, title, &names, &keys)?;

    // Category labels: horizontal when they fit under their slots, otherwise rotated.
    let label_style = font(15.0, FontStyle::Normal);
    let mut widest = 0;
    for c in categories {
        widest = widest.max(plot.estimate_text_size(c, &label_style).map_err(e)?.0);
    }
    let slot = (plot.dim_in_pixel().0 as f64 - 120.0) / categories.len() as f64;
    let rotate = f64::from(widest) > slot * 0.95;
    // Room for the category labels, then the axis label under them.
    let x_area = if rotate { (widest as i32 + 16).clamp(40, 220) } else { 40 } + 30;
    // Rotated labels need about a line height each; thin them out when slots are narrower.
    let stride = if rotate { (20.0 / slot).ceil().max(1.0) as usize } else { 1 };
    let x_axis = Axis { lo: -0.5, hi: categories.len() as f64 - 0.5, kind: AxisKind::Categories(categories.to_vec()) };

    let mut chart = ChartBuilder::on(&plot)
        .margin_left(10)
        .margin_right(30)
        .margin_bottom(10)
        .margin_top(8)
        .x_label_area_size(x_area)
        .y_label_area_size(78)
        .build_cartesian_2d(x_axis, y_axis)
        .map_err(e)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_labels(8)
        .y_max_light_lines(1)
        .x_desc(x_label)
        .y_desc(y_label)
        .axis_desc_style(font(18.0, FontStyle::Normal))
        .y_label_style(font(15.0, FontStyle::Normal))
        .light_line_style(RGBColor(0, 0, 0).mix(0.05))
        .bold_line_style(RGBColor(0, 0, 0).mix(0.15))
        .draw()
        .map_err(e)?;

    // Category labels, drawn by hand (plotters' mesh centres rotated labels on their anchor),
    // in pixels on the root area, whose origin is the backend's.
    let x_style = if rotate {
        label_style.transform(FontTransform::Rotate270).pos(Pos::new(HPos::Right, VPos::Center))
    } else {
        label_style.pos(Pos::new(HPos::Center, VPos::Top))
    };
    let bottom = chart.y_range().start;
    for (i, name) in categories.iter().enumerate().step_by(stride) {
        let (px, py) = chart.plotting_area().map_coordinate(&(i as f64, bottom));
        root.draw(&Text::new(name.clone(), (px, py + 8), x_style.clone())).map_err(e)?;
    }

    let bars = categories.len() * groups.len();
    let labelled = bars <= MAX_LABELLED_BARS;
    let width = 0.8 / groups.len() as f64;
    let value_style = font(13.0, FontStyle::Normal);
    for (g, (_, values)) in groups.iter().enumerate() {
        for (i, &v) in values.iter().enumerate() {
            if !v.is_finite() {
                continue;
            }
            let x0 = i as f64 - 0.4 + g as f64 * width;
            let x1 = x0 + width * 0.9;
            // In pixels on the root area, whose origin is the backend's.
            let corner = |x: f64, y: f64| chart.plotting_area().map_coordinate(&(x, y));
            draw_bar(&root, corner(x0, 0.0), corner(x1, v), &looks[g])?;
            if labelled {
                let anchor = if v >= 0.0 { VPos::Bottom } else { VPos::Top };
                // In pixels on the root area, whose origin is the backend's.
                let (px, py) = chart.plotting_area().map_coordinate(&((x0 + x1) / 2.0, v));
                let py = if v >= 0.0 { py - 3 } else { py + 3 };
                root.draw(&Text::new(format_number(v, 3), (px, py), value_style.pos(Pos::new(HPos::Center, anchor))))
                    .map_err(e)?;
            }
        }
    }
    root.present().map_err(e)
}

/// Grouped bar chart: one group of bars per category (named on the x axis, `x_label` under
/// them), one bar per named group; writes `stem.svg` and `stem.png`.
///
/// `groups[g].1[i]` is group `g`'s value for `categories[i]`; a non-finite value leaves its
/// bar out. Bars carry value labels when there are at most 24 of them. Returns an error for
/// no categories or groups, a group whose length differs from the categories', no finite
/// value at all, or a file that cannot be written.
pub fn bar_chart(
    stem: &Path,
    title: &str,
    x_label: &str,
    y_label: &str,
    categories: &[String],
    groups: &[(String, Vec<f64>)],
) -> Result<(), String> {
    register_fonts()?;
    if categories.is_empty() || groups.is_empty() {
        return Err(format!("plot '{title}': a bar chart needs at least one category and one group"));
    }
    if let Some((name, values)) = groups.iter().find(|g| g.1.len() != categories.len()) {
        return Err(format!(
            "plot '{title}': group '{name}' has {} values for {} categories",
            values.len(),
            categories.len()
        ));
    }
    let Some((lo, hi)) = extent(groups.iter().flat_map(|g| g.1.iter().copied())) else {
        return Err(format!("plot '{title}': no finite values to draw"));
    };
    // Bars grow from zero; leave headroom for the value labels.
    let (lo, hi) = (lo.min(0.0), hi.max(0.0));
    let span = if hi > lo { hi - lo } else { 1.0 };
    let y_axis = Axis {
        lo: if lo < 0.0 { lo - span * 0.08 } else { 0.0 },
        hi: if hi > 0.0 || lo == 0.0 { hi + span * 0.1 } else { 0.0 },
        kind: AxisKind::Linear,
    };
    let (svg, png) = outputs(stem)?;
    draw_bars(SVGBackend::new(&svg, (WIDTH, HEIGHT)).into_drawing_area(), title, x_label, y_label, categories, groups, y_axis.clone())?;
    draw_bars(BitMapBackend::new(&png, (WIDTH, HEIGHT)).into_drawing_area(), title, x_label, y_label, categories, groups, y_axis)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory under the system temp dir, unique to this test and process.
    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("seabed-plot-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// Removes a test's directory, unless SEABED_KEEP_PLOTS is set (to look at the figures).
    fn clean(dir: &Path) {
        if std::env::var_os("SEABED_KEEP_PLOTS").is_none() {
            std::fs::remove_dir_all(dir).unwrap();
        }
    }

    /// Width and height from a PNG's signature and IHDR chunk.
    fn png_size(path: &Path) -> (u32, u32) {
        let bytes = std::fs::read(path).expect("png written");
        assert!(bytes.len() > 24, "png too short");
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "png signature");
        assert_eq!(&bytes[12..16], b"IHDR", "first chunk is IHDR");
        let w = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
        let h = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
        (w, h)
    }

    /// The text content of every `<text>` element of an SVG, trimmed.
    fn svg_texts(svg: &str) -> Vec<String> {
        svg.split("<text").skip(1).filter_map(|t| Some(t.split_once('>')?.1.split_once("</text>")?.0.trim().to_string())).collect()
    }

    fn series(name: &str, points: &[(f64, f64)]) -> Series {
        Series { name: name.into(), points: points.to_vec() }
    }

    #[test]
    fn line_chart_writes_svg_and_png() {
        let dir = temp_dir("lines");
        let stem = dir.join("nested/scaling.v1");
        let data = [
            series("sea of nodes", &[(100.0, 2.0), (1000.0, 25.0), (10000.0, 300.0), (100000.0, 4100.0)]),
            series("CFG", &[(100.0, 1.5), (1000.0, f64::NAN), (10000.0, 160.0), (100000.0, 1900.0)]),
            series("empty after cleaning", &[(0.0, 1.0), (f64::INFINITY, 2.0)]),
        ];
        line_chart(&stem, "Compile time vs size", "property accesses", "time (µs)", true, true, &data).unwrap();
        let texts = svg_texts(&std::fs::read_to_string(dir.join("nested/scaling.v1.svg")).unwrap());
        let has = |t: &str| texts.iter().any(|x| x == t);
        assert!(has("Compile time vs size"), "title in svg: {texts:?}");
        assert!(has("sea of nodes") && has("CFG"), "legend in svg: {texts:?}");
        assert!(!has("empty after cleaning"), "a series with no usable point has no legend entry");
        assert!(has("property accesses") && has("time (µs)"), "axis labels in svg");
        assert!(has("10⁴") && has("10³") && !has("3000"), "log ticks are powers of ten: {texts:?}");
        assert_eq!(png_size(&dir.join("nested/scaling.v1.png")), (WIDTH, HEIGHT));
        clean(&dir);
    }

    #[test]
    fn bar_chart_writes_svg_and_png() {
        let dir = temp_dir("bars");
        let stem = dir.join("phases");
        let categories: Vec<String> = ["build", "reduce", "schedule"].map(String::from).to_vec();
        let groups = vec![("son".to_string(), vec![12.5, 40.0, 7.0]), ("cfg".to_string(), vec![10.0, f64::NAN, 3.25])];
        bar_chart(&stem, "Phase times", "phase", "µs", &categories, &groups).unwrap();
        let texts = svg_texts(&std::fs::read_to_string(dir.join("phases.svg")).unwrap());
        let has = |t: &str| texts.iter().any(|x| x == t);
        assert!(has("Phase times"), "title in svg: {texts:?}");
        assert!(has("son") && has("cfg"), "legend in svg: {texts:?}");
        assert!(has("reduce") && has("µs"), "category and axis labels in svg");
        assert!(has("12.5") && has("3.25") && has("40"), "value labels on few bars: {texts:?}");
        assert_eq!(png_size(&dir.join("phases.png")), (WIDTH, HEIGHT));
        clean(&dir);
    }

    #[test]
    fn empty_and_malformed_input_are_errors() {
        let dir = temp_dir("errors");
        let nan = [series("a", &[(f64::NAN, 1.0)])];
        assert!(line_chart(&dir.join("a"), "t", "x", "y", false, false, &[]).is_err());
        assert!(line_chart(&dir.join("b"), "t", "x", "y", false, false, &nan).is_err());
        let neg = [series("a", &[(1.0, -1.0)])];
        assert!(line_chart(&dir.join("c"), "t", "x", "y", false, true, &neg).is_err(), "log axis, no positive y");
        let cats = vec!["k".to_string()];
        assert!(bar_chart(&dir.join("d"), "t", "x", "y", &[], &[("g".into(), vec![])]).is_err());
        assert!(bar_chart(&dir.join("e"), "t", "x", "y", &cats, &[]).is_err());
        assert!(bar_chart(&dir.join("f"), "t", "x", "y", &cats, &[("g".into(), vec![1.0, 2.0])]).is_err());
        assert!(bar_chart(&dir.join("g"), "t", "x", "y", &cats, &[("g".into(), vec![f64::NAN])]).is_err());
        assert!(!dir.join("a.svg").exists() && !dir.join("g.png").exists(), "no file for rejected input");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn single_point_and_many_bars_draw() {
        let dir = temp_dir("edge");
        line_chart(&dir.join("one"), "one point", "x", "y", false, false, &[series("s", &[(3.0, 3.0)])]).unwrap();
        line_chart(&dir.join("onelog"), "one point", "x", "y", true, true, &[series("s", &[(3.0, 3.0)])]).unwrap();
        let categories: Vec<String> = (0..30).map(|i| format!("bench_kernel_{i}")).collect();
        let groups = vec![
            ("interp".to_string(), (0..30).map(|i| i as f64).collect()),
            ("son".to_string(), (0..30).map(|i| -(i as f64) / 2.0).collect()),
        ];
        bar_chart(&dir.join("many"), "many bars", "kernel", "speed-up", &categories, &groups).unwrap();
        let texts = svg_texts(&std::fs::read_to_string(dir.join("many.svg")).unwrap());
        assert!(texts.iter().any(|t| t == "bench_kernel_29"), "category labels: {texts:?}");
        assert!(!texts.iter().any(|t| t == "14.5" || t == "-14.5"), "no value labels on 60 bars");
        assert_eq!(png_size(&dir.join("many.png")), (WIDTH, HEIGHT));
        clean(&dir);
    }

    #[test]
    fn numbers_and_ticks() {
        assert_eq!(format_number(0.30000000000000004, 4), "0.3");
        assert_eq!(format_number(1500000.0, 3), "1.5e6");
        assert_eq!(format_number(12.5, 3), "12.5");
        assert_eq!(format_number(1234.0, 3), "1230");
        assert_eq!(format_number(0.0001, 3), "1e-4");
        assert_eq!(format_number(-2.0, 3), "-2");
        assert_eq!(power_of_ten(1e4).as_deref(), Some("10⁴"));
        assert_eq!(power_of_ten(0.01).as_deref(), Some("10⁻²"));
        assert_eq!(power_of_ten(2e4), None);
        assert_eq!(Axis::linear_ticks(0.0, 1.0, 6), vec![0.0, 0.2, 0.4, 0.6, 0.8, 1.0]);
        assert_eq!(Axis::log_ticks(1.0, 1e6, 8, false), vec![1.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6]);
        assert_eq!(Axis::log_ticks(1.0, 1e8, 4, false), vec![1.0, 1e3, 1e6]);
        let short = Axis::log_ticks(3.0, 40.0, 8, false);
        assert_eq!(short, vec![5.0, 10.0, 20.0], "1-2-5 ticks on a short log range");
        assert!(!Axis::log_ticks(1.1, 1.9, 8, false).is_empty(), "ticks inside one decade");
    }
}
