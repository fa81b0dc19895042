//! A small SVG writer: the shapes and text the picture is made of, with the text escaped.

use crate::palette::Rgb;
use maester_words::hant::Script;
use std::fmt::Write;

/// The family every text of the picture names first (the shipped subset).
pub const FAMILY: &str = "Maester Map Sans";

/// An SVG document being written.
pub struct Svg {
    out: String,
    script: Script,
}

/// Text anchoring.
#[derive(Clone, Copy)]
pub enum Anchor {
    /// Left end at x.
    Start,
    /// Centred on x.
    Middle,
    /// Right end at x.
    End,
}

impl Anchor {
    fn attr(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

/// The look of a text.
#[derive(Clone, Copy)]
pub struct Font {
    /// Size in pixels.
    pub size: f64,
    /// Colour.
    pub fill: Rgb,
    /// Bold.
    pub bold: bool,
    /// A halo of this colour around the glyphs (for names on coloured ground).
    pub halo: Option<Rgb>,
}

impl Font {
    /// Plain text of a size and colour.
    pub fn plain(size: f64, fill: Rgb) -> Font {
        Font {
            size,
            fill,
            bold: false,
            halo: None,
        }
    }
}

/// The estimated width of a text: CJK characters are square, others about 0.58 em.
pub fn text_width(s: &str, size: f64) -> f64 {
    s.chars()
        .map(|c| if (c as u32) < 0x2E80 { 0.58 } else { 1.0 })
        .sum::<f64>()
        * size
}

fn escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            c if (c as u32) < 0x20 => o.push(' '),
            c => o.push(c),
        }
    }
    o
}

impl Svg {
    /// A document of a size, with a background colour.
    pub fn new(w: f64, h: f64, background: Rgb) -> Svg {
        let mut out = String::with_capacity(64 * 1024);
        let _ = write!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FAMILY}, sans-serif">"#
        );
        let _ = write!(
            out,
            r#"<rect x="0" y="0" width="{w}" height="{h}" fill="{}"/>"#,
            background.hex()
        );
        Svg {
            out,
            script: Script::Simplified,
        }
    }

    /// The same document, its Chinese texts written in `script` (each text is converted as
    /// it is written: a picture for a seat that reads Traditional).
    pub fn in_script(mut self, script: Script) -> Svg {
        self.script = script;
        self
    }

    /// A document showing the piece `(x, y, w, h)` of a canvas of size `canvas`, at one pixel
    /// per unit, the canvas's background painted.
    pub fn viewed(view: (f64, f64, f64, f64), canvas: (f64, f64), background: Rgb) -> Svg {
        let (x, y, w, h) = view;
        let mut out = String::with_capacity(64 * 1024);
        let _ = write!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="{x} {y} {w} {h}" font-family="{FAMILY}, sans-serif">"#
        );
        let _ = write!(
            out,
            r#"<rect x="0" y="0" width="{}" height="{}" fill="{}"/>"#,
            canvas.0,
            canvas.1,
            background.hex()
        );
        Svg {
            out,
            script: Script::Simplified,
        }
    }

    /// A document with no background: a layer painted over another.
    pub fn transparent(w: f64, h: f64) -> Svg {
        let mut out = String::with_capacity(64 * 1024);
        let _ = write!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FAMILY}, sans-serif">"#
        );
        Svg {
            out,
            script: Script::Simplified,
        }
    }

    /// Open a group carrying data attributes (`data-NAME="value"`): what a test or a reader
    /// of the SVG finds a drawn thing by (the renderer ignores them).
    pub fn group(&mut self, data: &[(&str, &str)]) {
        self.out.push_str("<g");
        for (k, v) in data {
            let _ = write!(self.out, r#" data-{k}="{}""#, escape(v));
        }
        self.out.push('>');
    }

    /// Close the group [`Svg::group`] opened.
    pub fn end_group(&mut self) {
        self.out.push_str("</g>");
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }

    /// A polygon.
    pub fn polygon(&mut self, pts: &[(f64, f64)], fill: Rgb, stroke: Option<(Rgb, f64)>) {
        let mut d = String::new();
        for (x, y) in pts {
            let _ = write!(d, "{x:.1},{y:.1} ");
        }
        let stroke = stroke
            .map(|(c, w)| {
                format!(
                    r#" stroke="{}" stroke-width="{w}" stroke-linejoin="round""#,
                    c.hex()
                )
            })
            .unwrap_or_default();
        let _ = write!(
            self.out,
            r#"<polygon points="{}" fill="{}"{stroke}/>"#,
            d.trim_end(),
            fill.hex()
        );
    }

    /// One filled shape made of several polygons (the cells of one area): filled as one path,
    /// so the edges the polygons share leave no seam.
    pub fn polygons(&mut self, polys: &[&[(f64, f64)]], fill: Rgb) {
        let mut d = String::new();
        for pts in polys {
            for (k, (x, y)) in pts.iter().enumerate() {
                let _ = write!(d, "{}{x:.1},{y:.1}", if k == 0 { "M" } else { "L" });
            }
            d.push('Z');
        }
        let _ = write!(self.out, r#"<path d="{d}" fill="{}"/>"#, fill.hex());
    }

    /// A straight line; `dash` as an SVG dash array.
    pub fn line(
        &mut self,
        a: (f64, f64),
        b: (f64, f64),
        colour: Rgb,
        width: f64,
        dash: Option<&str>,
    ) {
        let dash = dash
            .map(|d| format!(r#" stroke-dasharray="{d}""#))
            .unwrap_or_default();
        let _ = write!(
            self.out,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="{width}" stroke-linecap="round"{dash}/>"#,
            a.0,
            a.1,
            b.0,
            b.1,
            colour.hex()
        );
    }

    /// An open line through points.
    pub fn polyline(&mut self, pts: &[(f64, f64)], colour: Rgb, width: f64) {
        let mut d = String::new();
        for (x, y) in pts {
            let _ = write!(d, "{x:.1},{y:.1} ");
        }
        let _ = write!(
            self.out,
            r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="{width}" stroke-linejoin="round"/>"#,
            d.trim_end(),
            colour.hex()
        );
    }

    /// A rectangle with rounded corners.
    #[allow(clippy::too_many_arguments)]
    pub fn rect(
        &mut self,
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        r: f64,
        fill: Rgb,
        stroke: Option<(Rgb, f64)>,
        dash: bool,
    ) {
        let stroke = stroke
            .map(|(c, sw)| format!(r#" stroke="{}" stroke-width="{sw}""#, c.hex()))
            .unwrap_or_default();
        let dash = if dash {
            r#" stroke-dasharray="3 2""#
        } else {
            ""
        };
        let _ = write!(
            self.out,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" rx="{r}" fill="{}"{stroke}{dash}/>"#,
            fill.hex()
        );
    }

    /// A circle.
    pub fn circle(&mut self, c: (f64, f64), r: f64, fill: Rgb, stroke: Option<(Rgb, f64)>) {
        let stroke = stroke
            .map(|(s, w)| format!(r#" stroke="{}" stroke-width="{w}""#, s.hex()))
            .unwrap_or_default();
        let _ = write!(
            self.out,
            r#"<circle cx="{:.1}" cy="{:.1}" r="{r}" fill="{}"{stroke}/>"#,
            c.0,
            c.1,
            fill.hex()
        );
    }

    /// A text whose baseline is placed so that it is centred vertically on y.
    pub fn text(&mut self, x: f64, y: f64, s: &str, font: Font, anchor: Anchor) {
        let s = self.script.write(s);
        let weight = if font.bold {
            r#" font-weight="bold""#
        } else {
            ""
        };
        let halo = font
            .halo
            .map(|c| {
                format!(
                    r#" stroke="{}" stroke-width="{:.1}" stroke-linejoin="round" paint-order="stroke""#,
                    c.hex(),
                    (font.size / 4.0).max(2.0)
                )
            })
            .unwrap_or_default();
        let _ = write!(
            self.out,
            r#"<text x="{x:.1}" y="{:.1}" font-size="{}" fill="{}" text-anchor="{}"{weight}{halo}>{}</text>"#,
            y + font.size * 0.36,
            font.size,
            font.fill.hex(),
            anchor.attr(),
            escape(&s)
        );
    }
}
