//! `format=flowed` (RFC 3676): Thunderbird and Apple Mail wrap long lines and mark each soft
//! break with a trailing space. The text is unflowed before anything else reads it, so an
//! order wrapped by the client (`石圣堂 ⏎巩固统治`) is one line again.

/// Joins the soft-broken lines of a `format=flowed` text. With `delsp` (`delsp=yes`) the space
/// that marks a soft break is deleted, as it was added by the client (Chinese text has none
/// between words). Space-stuffing is undone; quoted lines (`>`) join only lines of the same
/// quote depth; the signature separator `-- ` is never joined. Line ends become `\n`.
pub fn unflow(text: &str, delsp: bool) -> String {
    let mut out = String::with_capacity(text.len());
    // The paragraph being joined: its quote depth and its text so far.
    let mut open: Option<(usize, String)> = None;
    let flush = |out: &mut String, depth: usize, body: &str| {
        if depth > 0 {
            out.push_str(&">".repeat(depth));
            out.push(' ');
        }
        out.push_str(body);
        out.push('\n');
    };
    for line in text.split_terminator('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let depth = line.chars().take_while(|c| *c == '>').count();
        let rest = &line[depth..];
        let content = rest.strip_prefix(' ').unwrap_or(rest);
        let signature = content == "-- ";
        let soft = !signature && content.ends_with(' ');
        let piece = if soft && delsp {
            &content[..content.len() - 1]
        } else {
            content
        };
        if let Some((d, body)) = open.take() {
            if d == depth && !signature {
                let joined = body + piece;
                if soft {
                    open = Some((depth, joined));
                } else {
                    flush(&mut out, depth, &joined);
                }
                continue;
            }
            flush(&mut out, d, &body);
        }
        if soft {
            open = Some((depth, piece.to_string()));
        } else {
            flush(&mut out, depth, piece);
        }
    }
    if let Some((d, body)) = open {
        flush(&mut out, d, &body);
    }
    // Every line was written with a line end; the text's last line may have had none.
    if out.ends_with('\n') && !text.ends_with('\n') {
        out.pop();
    }
    out
}
