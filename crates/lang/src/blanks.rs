//! The blanks of a reply form left unfilled. A form (`words::form`) writes `___` where the player
//! chooses; a bracket whose only content is a label and a blank (`(将领: ___)`, `(leader: ___)`)
//! is an optional choice not taken and is dropped; a line that still holds a blank after that is
//! a line the player did not fill, and is set aside as ignored (the answer lists it), never read
//! as an order.

/// Whether `s` holds a blank: three underscores or more (full-width ones too, after
/// normalisation they are the same).
fn has_blank(s: &str) -> bool {
    s.contains("___") || s.contains("＿＿＿")
}

/// `line` without the brackets that hold a blank.
fn drop_blank_brackets(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    loop {
        let open = rest
            .char_indices()
            .find(|(_, c)| *c == '(' || *c == '\u{FF08}');
        let Some((i, c)) = open else {
            out.push_str(rest);
            break;
        };
        let close = if c == '(' { ')' } else { '\u{FF09}' };
        let after = &rest[i + c.len_utf8()..];
        // The bracket closes with either form.
        let end = after.find([close, ')', '\u{FF09}']);
        match end {
            Some(j) if has_blank(&after[..j]) => {
                out.push_str(rest[..i].trim_end());
                let closing = after[j..].chars().next().map_or(1, char::len_utf8);
                rest = &after[j + closing..];
            }
            Some(j) => {
                let closing = after[j..].chars().next().map_or(1, char::len_utf8);
                out.push_str(&rest[..i + c.len_utf8() + j + closing]);
                rest = &after[j + closing..];
            }
            None => {
                out.push_str(rest);
                break;
            }
        }
    }
    out
}

/// The mail's text with its unfilled form lines emptied (line numbers kept), and those lines
/// `(line number, text)`.
pub fn clear(text: &str) -> (String, Vec<(usize, String)>) {
    if !has_blank(text) {
        return (text.to_string(), Vec::new());
    }
    let mut skipped = Vec::new();
    let lines: Vec<String> = text
        .split('\n')
        .enumerate()
        .map(|(i, line)| {
            let body = line.split("//").next().unwrap_or("");
            if !has_blank(body) || line.trim_start().starts_with('>') {
                return line.to_string();
            }
            let kept = drop_blank_brackets(body);
            if has_blank(&kept) {
                skipped.push((i + 1, line.trim().to_string()));
                String::new()
            } else {
                kept
            }
        })
        .collect();
    (lines.join("\n"), skipped)
}

#[cfg(test)]
mod tests {
    use super::clear;

    #[test]
    fn an_optional_bracket_left_blank_is_dropped() {
        let (t, s) = clear("1) 临冬城军团 移动到 卡林湾(将领: ___)");
        assert_eq!(t, "1) 临冬城军团 移动到 卡林湾");
        assert!(s.is_empty());
        let (t, _) = clear("1) 临冬城军团 移动到 卡林湾\u{FF08}将领: ___\u{FF09}");
        assert_eq!(t, "1) 临冬城军团 移动到 卡林湾");
        let (t, _) = clear("1) Winterfell army march to Moat Cailin (leader: ___)");
        assert_eq!(t, "1) Winterfell army march to Moat Cailin");
    }

    #[test]
    fn a_line_left_blank_is_set_aside() {
        let (t, s) = clear("密码: x\n临冬城 ___\n白港 支援");
        assert_eq!(t, "密码: x\n\n白港 支援");
        assert_eq!(s, vec![(2, "临冬城 ___".to_string())]);
    }

    #[test]
    fn a_filled_bracket_stays() {
        let (t, s) = clear("1) 临冬城军团 移动到 ___(将领: 艾德)");
        assert_eq!(t, "");
        assert_eq!(s.len(), 1);
        let (t, _) = clear("1) 临冬城军团 移动到 卡林湾(将领: 艾德)");
        assert_eq!(t, "1) 临冬城军团 移动到 卡林湾(将领: 艾德)");
    }
}
