//! HTML → text for HTML-only mails (QQ Mail, 163, Outlook web often send no text/plain).
//!
//! html2text keeps block structure (one `<div>` = one line), which mail-parser's own
//! converter loses. The decorator below emits the bare text: no `[...]` around links, no
//! `*`/`1.` list bullets, no `#` before headings (an order typed as a bulleted list stays a
//! plain order line), but `> ` before blockquoted text so that quotes can be stripped.

use html2text::render::TextDecorator;

/// Width handed to html2text: wide enough that no order line is ever wrapped.
const WIDTH: usize = 400;
/// HTML larger than this is not given to html2text, to bound time and memory.
const MAX_BYTES: usize = 512 * 1024;
/// Same for HTML nested deeper than this: html2text's time grows with the square of the
/// depth (8000 nested `<div>`s take seconds). Mail clients stay far below it.
const MAX_DEPTH: usize = 300;

/// Converts an HTML body to text, one block per line, quotes prefixed with `> `.
/// Huge, deeply nested or unparsable HTML falls back to mail-parser's simple converter.
pub fn html_to_text(html: &str) -> String {
    if html.len() <= MAX_BYTES
        && max_tag_depth(html) <= MAX_DEPTH
        && let Ok(text) = html2text::config::with_decorator(OrderTextDecorator)
            .link_footnotes(false)
            .allow_width_overflow()
            .string_from_read(html.as_bytes(), WIDTH)
    {
        return text;
    }
    mail_parser::decoders::html::html_to_text(html)
}

/// A rough upper bound of the element nesting depth: opening tags minus closing tags,
/// ignoring void elements and `<.../>`. Linear time.
fn max_tag_depth(html: &str) -> usize {
    const VOID: &[&str] = &[
        "br", "img", "hr", "meta", "input", "link", "wbr", "col", "area", "base", "source",
        "track", "embed", "param",
    ];
    let (mut depth, mut max) = (0usize, 0usize);
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        rest = rest.get(lt + 1..).unwrap_or("");
        let end = rest.find('>').unwrap_or(rest.len());
        let tag = rest.get(..end).unwrap_or("");
        if let Some(closing) = tag.strip_prefix('/') {
            if closing.starts_with(|c: char| c.is_ascii_alphabetic()) {
                depth = depth.saturating_sub(1);
            }
        } else if tag.starts_with(|c: char| c.is_ascii_alphabetic()) && !tag.ends_with('/') {
            let name: String = tag
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .map(|c| c.to_ascii_lowercase())
                .collect();
            if !VOID.contains(&name.as_str()) {
                depth += 1;
                max = max.max(depth);
            }
        }
        rest = rest.get(end..).unwrap_or("");
    }
    max
}

/// Plain text without any markup except the `> ` quote prefix.
#[derive(Clone, Copy, Debug)]
struct OrderTextDecorator;

impl TextDecorator for OrderTextDecorator {
    type Annotation = ();

    fn decorate_link_start(&mut self, _url: &str) -> (String, ()) {
        (String::new(), ())
    }
    fn decorate_link_end(&mut self) -> String {
        String::new()
    }
    fn decorate_em_start(&self) -> (String, ()) {
        (String::new(), ())
    }
    fn decorate_em_end(&self) -> String {
        String::new()
    }
    fn decorate_strong_start(&self) -> (String, ()) {
        (String::new(), ())
    }
    fn decorate_strong_end(&self) -> String {
        String::new()
    }
    fn decorate_strikeout_start(&self) -> (String, ()) {
        (String::new(), ())
    }
    fn decorate_strikeout_end(&self) -> String {
        String::new()
    }
    fn decorate_code_start(&self) -> (String, ()) {
        (String::new(), ())
    }
    fn decorate_code_end(&self) -> String {
        String::new()
    }
    fn decorate_preformat_first(&self) {}
    fn decorate_preformat_cont(&self) {}
    fn decorate_image(&mut self, _src: &str, _title: &str) -> (String, ()) {
        (String::new(), ())
    }
    fn header_prefix(&self, _level: usize) -> String {
        String::new()
    }
    fn quote_prefix(&self) -> String {
        "> ".to_string()
    }
    fn unordered_item_prefix(&self) -> String {
        String::new()
    }
    fn ordered_item_prefix(&self, _i: i64) -> String {
        String::new()
    }
    fn make_subblock_decorator(&self) -> Self {
        *self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_blocks_become_lines_without_markup_but_quotes_keep_their_prefix() {
        let html = "<div>临冬城 行军+1<br>御林步兵 移动到 <b>君临城</b></div>\
                    <ul><li>狭海战舰 突袭 <a href=\"http://x\">五指半岛</a></li></ul>\
                    <h2>标题</h2><img src=\"cid:emoji\" title=\"smile\">\
                    <blockquote><div>旧命令</div></blockquote>";
        let text = html_to_text(html);
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim_end)
            .filter(|l| !l.is_empty())
            .collect();
        assert_eq!(
            lines,
            vec![
                "临冬城 行军+1",
                "御林步兵 移动到 君临城",
                "狭海战舰 突袭 五指半岛",
                "标题",
                "> 旧命令"
            ]
        );
    }

    #[test]
    fn deep_nesting_uses_the_fast_fallback() {
        let deep = format!("{}x{}", "<div>".repeat(5_000), "</div>".repeat(5_000));
        assert!(max_tag_depth(&deep) > MAX_DEPTH);
        let start = std::time::Instant::now();
        assert!(html_to_text(&deep).contains('x'));
        assert!(start.elapsed() < std::time::Duration::from_secs(2));
        assert_eq!(max_tag_depth("<div><br><img src=x/><p>a</p></div>"), 2);
        assert_eq!(max_tag_depth("< <> </ <<<"), 0);
    }
}
