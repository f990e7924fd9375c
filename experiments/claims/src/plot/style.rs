//! The one definition of how a series looks in every figure: its colour, marker, line dash
//! pattern and bar fill pattern, chosen by what the series is (sea of nodes, CFG, node, the
//! interpreter) so that `son` is the same blue with the same marks in every figure, and so
//! that every series of one chart differs in more than colour: the figures stay readable
//! when printed in grey.
//!
//! Colours are from the Okabe–Ito palette (distinguishable under the common colour-vision
//! deficiencies). [`styles`] gives each series its family's colour and, within one chart,
//! the family's preferred marker, dash and fill pattern unless an earlier series already
//! took it, then the next free one.

use plotters::style::RGBColor;

/// A bar's fill: solid, outlined only, or a hatch of lines in the series' colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// Filled with the colour.
    Solid,
    /// Diagonal lines rising to the right (`/`).
    Diagonal,
    /// Outline only.
    Hollow,
    /// Horizontal lines.
    Horizontal,
    /// Both diagonals.
    Cross,
    /// Diagonal lines falling to the right (`\`).
    BackDiagonal,
}

/// Every fill, in the order free ones are handed out.
pub const FILLS: [Fill; 6] = [Fill::Solid, Fill::Diagonal, Fill::Hollow, Fill::Horizontal, Fill::Cross, Fill::BackDiagonal];

/// A point marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// Filled circle.
    Circle,
    /// Filled triangle.
    Triangle,
    /// Filled square.
    Square,
    /// Hollow circle.
    HollowCircle,
    /// Cross.
    Cross,
}

/// Every marker, in the order free ones are handed out.
pub const MARKERS: [Marker; 5] = [Marker::Circle, Marker::Triangle, Marker::Square, Marker::HollowCircle, Marker::Cross];

/// Line dash patterns as (on, off) pixel lengths; `None` is a solid line.
pub const DASHES: [Option<(u32, u32)>; 4] = [None, Some((10, 6)), Some((3, 4)), Some((14, 4))];

/// How one series is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeriesStyle {
    /// Line, marker and bar colour.
    pub colour: RGBColor,
    /// Marker on line charts.
    pub marker: Marker,
    /// Dash pattern of lines (`None`: solid).
    pub dash: Option<(u32, u32)>,
    /// Bar fill.
    pub fill: Fill,
}

/// What a series is, for its colour and preferred marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// The sea-of-nodes pipeline (`son...`, "sea of nodes").
    Son,
    /// The CFG pipeline (`cfg...`).
    Cfg,
    /// node / V8 (`node...`, `v8...`).
    Node,
    /// seabed's interpreter (`interp...`).
    Interp,
    /// Anything else.
    Other,
}

/// The family of a series from its name: its first word, case-insensitive (`son/llvm-ftl`,
/// `cfg (slope 1.1)`, `node --max-opt=0`).
pub fn family(name: &str) -> Family {
    let n = name.trim().to_ascii_lowercase();
    let word: String = n.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
    match word.as_str() {
        "son" => Family::Son,
        _ if n.starts_with("sea of nodes") => Family::Son,
        "cfg" => Family::Cfg,
        "node" | "v8" => Family::Node,
        "interp" | "interpreter" => Family::Interp,
        _ => Family::Other,
    }
}

/// A family's colour and preferred marks (index into [`MARKERS`], [`DASHES`], [`FILLS`]).
fn preferred(f: Family) -> (RGBColor, usize, usize, usize) {
    match f {
        Family::Son => (RGBColor(0, 114, 178), 0, 0, 0),   // blue, circle, solid, solid
        Family::Cfg => (RGBColor(213, 94, 0), 1, 1, 1),    // vermillion, triangle, dashed, diagonal
        Family::Node => (RGBColor(60, 60, 60), 2, 2, 2),   // dark grey, square, dotted, hollow
        Family::Interp => (RGBColor(0, 158, 115), 3, 3, 3), // bluish green, hollow circle, long dash, horizontal
        Family::Other => (RGBColor(204, 121, 167), 4, 0, 4), // reddish purple, cross, solid, cross-hatch
    }
}

/// Colours for further series of the `Other` family, so that two unknown series differ.
const OTHER_COLOURS: [RGBColor; 3] = [RGBColor(204, 121, 167), RGBColor(86, 180, 233), RGBColor(230, 159, 0)];

/// The next free index from `want` on (wrapping) among `n`, marking it taken.
fn take(taken: &mut Vec<usize>, want: usize, n: usize) -> usize {
    let pick = (0..n).map(|k| (want + k) % n).find(|i| !taken.contains(i)).unwrap_or(want % n);
    taken.push(pick);
    pick
}

/// The styles of the series `names` of one chart, in order (see the module documentation).
/// The first series of each family gets the family's preferred marks, so that `cfg` looks
/// the same in every chart; later series of a family take the next free ones.
pub fn styles(names: &[&str]) -> Vec<SeriesStyle> {
    let families: Vec<Family> = names.iter().map(|n| family(n)).collect();
    let first: Vec<bool> = families.iter().enumerate().map(|(i, f)| *f == Family::Other || !families[..i].contains(f)).collect();
    let (mut markers, mut dashes, mut fills) = (Vec::new(), Vec::new(), Vec::new());
    let mut chosen: Vec<Option<(usize, usize, usize)>> = vec![None; names.len()];
    // Pass 1: the first series of each family; pass 2: the others.
    for pass in [true, false] {
        for (i, f) in families.iter().enumerate() {
            if first[i] != pass {
                continue;
            }
            let (_, m, d, b) = preferred(*f);
            chosen[i] = Some((
                take(&mut markers, m, MARKERS.len()),
                take(&mut dashes, d, DASHES.len()),
                take(&mut fills, b, FILLS.len()),
            ));
        }
    }
    let mut others = 0;
    families
        .iter()
        .zip(chosen)
        .map(|(f, c)| {
            let (mut colour, ..) = preferred(*f);
            if *f == Family::Other {
                colour = OTHER_COLOURS[others % OTHER_COLOURS.len()];
                others += 1;
            }
            let (m, d, b) = c.expect("every series is styled in one of the passes");
            SeriesStyle { colour, marker: MARKERS[m], dash: DASHES[d], fill: FILLS[b] }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_keep_their_colour_and_series_differ_in_marks() {
        assert_eq!(family("son/llvm-ftl"), Family::Son);
        assert_eq!(family("sea of nodes"), Family::Son);
        assert_eq!(family("cfg (slope 1.2)"), Family::Cfg);
        assert_eq!(family("node --max-opt=0"), Family::Node);
        assert_eq!(family("interp"), Family::Interp);
        assert_eq!(family("sonar"), Family::Other);
        let a = styles(&["son", "cfg"]);
        let b = styles(&["cfg/llvm-ftl", "son/llvm-ftl", "node --max-opt=0", "node"]);
        assert_eq!(a[0], b[1], "son looks the same in every chart");
        assert_eq!(a[1], b[0], "cfg too");
        let c = styles(&["son/v8", "son/rpo", "cfg/copy"]);
        assert_eq!(c[2], a[1], "cfg keeps its look after two son series");
        assert_ne!(c[1].fill, c[2].fill);
        // Two node series: same colour, different fill, marker and dash.
        assert_eq!(b[2].colour, b[3].colour);
        for (i, x) in b.iter().enumerate() {
            for y in &b[i + 1..] {
                assert!(x.fill != y.fill && x.marker != y.marker, "{x:?} {y:?}");
            }
        }
    }
}
