//! Rendering mail texts from templates. The templates in `templates/` are compiled in; a GM may
//! point a game at a folder with edited copies (same names), which then take precedence.

use maester_board::Lang;
use minijinja::Environment;
use serde::Serialize;
use std::path::Path;

const BUILTIN: &[(&str, &str)] = &[
    (
        "zh/reply.txt",
        include_str!("../../../templates/zh/reply.txt"),
    ),
    (
        "en/reply.txt",
        include_str!("../../../templates/en/reply.txt"),
    ),
    (
        "zh/report.txt",
        include_str!("../../../templates/zh/report.txt"),
    ),
    (
        "en/report.txt",
        include_str!("../../../templates/en/report.txt"),
    ),
    (
        "zh/report.html",
        include_str!("../../../templates/zh/report.html"),
    ),
    (
        "en/report.html",
        include_str!("../../../templates/en/report.html"),
    ),
];

/// Why a template set could not be loaded or a template rendered.
#[derive(Debug)]
pub enum TemplateError {
    /// A template file of the game's directory could not be read.
    Read {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A template does not compile or does not render.
    Template {
        /// The template (`zh/report.txt`).
        name: String,
        /// What minijinja said.
        source: minijinja::Error,
    },
}

impl std::fmt::Display for TemplateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TemplateError::Read { path, source } => write!(f, "{}: {source}", path.display()),
            TemplateError::Template { name, source } => write!(f, "template {name}: {source}"),
        }
    }
}

impl std::error::Error for TemplateError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TemplateError::Read { source, .. } => Some(source),
            TemplateError::Template { source, .. } => Some(source),
        }
    }
}

/// The template set of a game.
pub struct Templates {
    env: Environment<'static>,
}

impl Templates {
    /// The compiled-in templates, overridden by files of the same name under `dir` if given.
    pub fn load(dir: Option<&Path>) -> Result<Templates, TemplateError> {
        let mut env = Environment::new();
        for (name, text) in BUILTIN {
            let source = match dir.map(|d| d.join(name)) {
                Some(p) if p.exists() => {
                    std::fs::read_to_string(&p).map_err(|source| TemplateError::Read {
                        path: p.clone(),
                        source,
                    })?
                }
                _ => (*text).to_string(),
            };
            env.add_template_owned(name.to_string(), source)
                .map_err(|source| TemplateError::Template {
                    name: name.to_string(),
                    source,
                })?;
        }
        Ok(Templates { env })
    }

    /// Render `kind` (`reply`, `report`) in a language with a serialisable context: sections
    /// apart by one empty line at most, however the pieces put in end.
    pub fn render<C: Serialize>(
        &self,
        kind: &str,
        lang: Lang,
        ctx: &C,
    ) -> Result<String, TemplateError> {
        self.render_file(&format!("{kind}.txt"), lang, ctx)
            .map(|t| one_empty_line(&t))
    }

    /// Render the HTML version of `kind` (`report`): every value HTML-escaped.
    pub fn render_html<C: Serialize>(
        &self,
        kind: &str,
        lang: Lang,
        ctx: &C,
    ) -> Result<String, TemplateError> {
        self.render_file(&format!("{kind}.html"), lang, ctx)
    }

    fn render_file<C: Serialize>(
        &self,
        file: &str,
        lang: Lang,
        ctx: &C,
    ) -> Result<String, TemplateError> {
        let name = format!("{}/{file}", if lang == Lang::En { "en" } else { "zh" });
        let t = self
            .env
            .get_template(&name)
            .map_err(|source| TemplateError::Template {
                name: name.clone(),
                source,
            })?;
        t.render(minijinja::Value::from(minijinja::value::Serde(ctx)))
            .map_err(|source| TemplateError::Template { name, source })
    }
}

/// `text` with every run of empty lines (or lines of spaces only) made one empty line, and
/// none left at its start.
pub fn one_empty_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut empty = true;
    for line in text.split_inclusive('\n') {
        if line.trim().is_empty() {
            if !empty {
                out.push_str(if line.ends_with("\r\n") { "\r\n" } else { "\n" });
            }
            empty = true;
        } else {
            out.push_str(line);
            empty = false;
        }
    }
    out
}
