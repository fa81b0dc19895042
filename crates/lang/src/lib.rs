//! The order language: what players write in their mails, in Chinese (Simplified or
//! Traditional) or English, read into a typed tree.
//!
//! * [`normalize`]: full-width/half-width, spaces, Traditional → Simplified, with a column map;
//! * [`grammar`]: the PEG (pest) grammar, `grammar/*.pest`, one file per concept;
//! * [`parse`]: pest pairs → [`ast::Item<ast::Syntax>`] (names as written, with positions);
//!   the plan's steps and conditions in `parse_plan`;
//! * [`names`]: [`names::NameIndex`] — names are data, resolved with suggestions;
//! * [`resolve`]: → [`ast::Item<ast::Resolved>`] (board ids);
//! * [`errors`]: errors in words, in Chinese and English;
//! * [`echo`]: the canonical spelling of a resolved item; parsing it gives the item back.
//!
//! Entry points: [`parse_submission`] (resolved) and [`parse_syntax`] (names unresolved).
//! A mail is read line by line, so one bad line never hides the errors of the others.
//!
//! # The syntax, by example (canonical Chinese form first, other accepted forms after)
//!
//! Names run straight into unit tokens (`派克岛2K1F`); spaces are optional around Chinese
//! keywords; ASCII and full-width punctuation are the same; a final `。`/`.` is optional.
//! Every line below also has an English form (shown after `|`).
//!
//! * placement: `临冬城 行军+1` | `Winterfell march+1`; with a one-time order
//!   `赫伦堡 行军 强行军`, `三塔堡 浮桥 到 亲王隘口` | `Three Towers pontoon to Prince's Pass`;
//!   several on one line, separated by `,` `;` `、` (`滨海大道 行军, 黑水河 支援`): each is its
//!   own item (and its own line in the echo).
//! * unit counts: `2F1K`, also in Chinese numerals with an optional measure word
//!   (`两个步兵`, `二F`, `三艘战舰`, `一辆攻城车`; Traditional `兩個`); the echo writes `2F`.
//! * steps: `1) …`, `1-1) …`; `;` separates clauses; a clause with `如果 <条件>,(则)` or
//!   `否则,` starts a new alternative, a clause without one joins the current alternative (the
//!   parts of a split march). `<动作>,如果 <条件>导致该命令不能被执行,则 <动作>` |
//!   `<action>, if it fails because <condition>, then <action>`. A trailing
//!   `(仅当 <条件> 时执行这条命令。…)` | `(only if <condition>)` is a condition.
//! * actions: `石圣堂2F 移动到 兰尼斯港` (also `行军到`) | `Stoney Sept 2F moves to Lannisport`;
//!   `赫伦堡2F 强行军到 奔流城`; `狭海战舰 突袭 五指半岛 和 石圣堂`;
//!   `卡林湾 支援 奔流城部队 移动到 海疆城`, `卡林湾 支援 海怪 防守 海疆城` (source optional);
//!   a neutral garrison is named by its place (004:L202): `黑水河 支援 君临 防守 君临`,
//!   `狭海 支援 艾林家族 防守 鹰巢城` | `Blackwater supports King's Landing defending King's Landing`;
//!   `东夏海 和 西夏海 运输 龙石岛部队 移动到 菲林特之指`.
//! * march annotations, in parentheses after the destination: `(将领: 巴隆; 防守: 阿莎)`,
//!   `(阿莎)`, `(如果海疆城驻军战斗力大于5,行军将领为阿莎;否则,将领为巴隆)`, `(行军+1)`, and the
//!   power token left in the vacated area **`(放置势力标志)`** (or `留下势力标志` after the
//!   march) | `(leave power token)`.
//! * conditions: `X失守`/`X已经失守`, `X未失守` | `X has fallen`, `X is held`;
//!   `X有其他家族的部队`/`X没有其他家族的部队` | `X has (no) foreign units`;
//!   `第一步执行的是1-1` | `step 1 was 1-1`; `X驻军战斗力大于5`/`小于` | `garrison of X > 5`;
//!   `白狼在本回合没有攻击我`/`攻击了我` | `Stark has (not) attacked me this round`.
//!   Wherever a condition goes, conditions may be joined by `且`/`并且`/`而且` | `and` and by
//!   `或`/`或者` | `or`; "and" binds first (`A且B或C` = (A且B)或C), there are no parentheses.
//! * leaders: `海疆城守将: 小恶魔(替补: 艾德)` | `Seagard defender: Tyrion (substitute: Eddard)`;
//!   `军区: 临冬城 + 白港 守将: 艾德` | `district: Winterfell + White Harbor defender: Eddard`;
//!   `阿莎取消: 奔流城, 卡林湾` | `cancel list of Asha: Riverrun, Moat Cailin` (also `Asha cancels: …`).
//! * refusals: `拒绝 红狮 [从 兰尼斯港] 的支援 [在 河湾地]` |
//!   `refuse Lannister support [from Lannisport] [at The Reach]`; withholding own support:
//!   `临冬城 不支援 卡霍城` | `Winterfell does not support Karhold`.
//! * preferences: `阵亡顺序: 步兵 > 骑士` | `casualties: footman > knight`;
//!   `撤退: 临冬城 > 白港` (ranked) and `撤退: 临冬城 到 卡霍城` (from an area: the plan's
//!   ranked list, or the step-f choice after adjudication) | `retreat: Winterfell to Karhold`;
//!   `修建防御工事: 白港` (also `白港 修建防御工事`, `巩固统治收益转为防御工事: 白港`) | `fortify: White Harbor`;
//!   `瓦雷利亚钢剑: 临冬城部队` | `sword: Winterfell units`.
//! * event phase: `裁军: 白港1F, 临冬城1K` | `disband: …`; `征兵: 临冬城1K, 临冬城1F 升级为 骑士,
//!   白港1S 到 狭海 > 颤抖海` (the prefix may be left out before an upgrade or a ship line) |
//!   `muster: Winterfell 1K, …`; `铁王座 3 封邑 1 御前会议 0` (any order) or `出价: 3 1 0` |
//!   `Iron Throne 3 Fiefdoms 1 King's Court 0`; `野人: 2` | `wildlings: 2`;
//!   `奖励: 召回 艾德` / `奖励: 休养 罗柏` / `奖励: 升级 临冬城1F, 白港1F` / `奖励: 征兵 临冬城1K` /
//!   `奖励: 夺取 铁王座` | `reward: recall Eddard` …; `建造港口: 星坠城 到 东夏海` (also
//!   `在海疆城建造港口`) | `build port at Starfall on East Summer Sea`;
//!   `平局 [铁王座]: 红狮 > 白狼` | `tie [Iron Throne]: Lannister > Stark`.
//! * account: `密码: …` | `password: …`/`secret: …` (kept exactly as written), `帮助`/`HELP`,
//!   `状态`/`STATUS`, `历史`/`HISTORY`, `等待`/`WAIT`, `不等待`/`NOWAIT`.
//! * ignored: blank lines, quoted lines (`>`), a label `[红狮提交:]`/`[红狮提交]:` (alone or
//!   before an order), the prefix `或者:`, a comment from `//` to the end of its line,
//!   everything after a signature line `--` or an end line `结束` | `end`; a line that does
//!   not parse and names nothing of the game (a greeting, a name signing the mail) is listed
//!   in [`ParsedSubmission::ignored`] instead of being an error ([`junk`]).

pub mod ast;
pub mod blanks;
pub mod echo;
pub mod errors;
pub mod expect;
pub mod gm;
pub mod grammar;
pub mod junk;
mod keywords;
pub mod names;
pub mod normalize;
mod numerals;
mod pairs;
pub mod parse;
mod parse_plan;
pub mod resolve;
pub mod secret;
pub mod submit;
pub mod vocab;
pub mod what_if;

pub use ast::{Entry, Item, Resolved, Syntax};
pub use errors::{ErrorKind, Lang, LangError};
pub use names::{LeaderNames, NameIndex, Names};

/// The largest mail accepted, in bytes.
pub const MAX_BYTES: usize = 64 * 1024;
/// The most lines accepted in one mail.
pub const MAX_LINES: usize = 2000;
/// The longest line accepted, in characters.
pub const MAX_LINE_CHARS: usize = 2000;

/// A mail read with names unresolved.
#[derive(Clone, Debug, PartialEq)]
pub struct SyntaxSubmission {
    /// The items, in mail order.
    pub items: Vec<Entry<Item<Syntax>>>,
    /// One error per bad line (or per bad name).
    pub errors: Vec<LangError>,
}

/// A mail read and resolved against a board's names.
#[derive(Clone, Debug, PartialEq)]
pub struct ParsedSubmission {
    /// The items whose line parsed and whose names all resolved, in mail order.
    pub items: Vec<Entry<Item<Resolved>>>,
    /// Every error, in mail order.
    pub errors: Vec<LangError>,
    /// Lines that did not parse and name nothing of the game: `(line number, text)`.
    pub ignored: Vec<(usize, String)>,
    /// Names read as another one (one character off), with their line: said in the answer.
    pub readings: Vec<(usize, resolve::Reading)>,
}

/// The lines of a mail that carry something: `(line number, original text)`. Blank lines,
/// quoted lines (`>`) and comments (`//`) are skipped; a signature line (`--`) or an end line
/// (`结束` / `end`) ends the submission.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
        .map(|(i, l)| (i + 1, without_comment(l)))
        .take_while(|(_, l)| l.trim_end() != "--" && !is_end_line(l))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with(['>', '＞']))
}

/// The line up to a comment: `//` (or full-width `／／`) at its start or after a space. A
/// `//` inside a word (`http://`) is no comment.
fn without_comment(line: &str) -> &str {
    let mut prev_space = true;
    for (i, c) in line.char_indices() {
        let rest = &line[i..];
        if prev_space && (rest.starts_with("//") || rest.starts_with("／／")) {
            return &line[..i];
        }
        prev_space = normalize::is_space(c);
    }
    line
}

/// `结束` / `end` alone on its line: the orders end here.
fn is_end_line(line: &str) -> bool {
    use pest::Parser;
    let norm = normalize::normalize_line(line);
    !norm.text.is_empty()
        && grammar::OrderParser::parse(grammar::Rule::end_line, &norm.text).is_ok()
}

fn whole_mail_error(kind: ErrorKind) -> LangError {
    LangError {
        line: 0,
        column: 0,
        text: String::new(),
        kind,
    }
}

/// Read a mail without resolving names.
pub fn parse_syntax(text: &str) -> SyntaxSubmission {
    let mut out = SyntaxSubmission {
        items: Vec::new(),
        errors: Vec::new(),
    };
    if text.len() > MAX_BYTES {
        out.errors
            .push(whole_mail_error(ErrorKind::TooLarge { limit: MAX_BYTES }));
        return out;
    }
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    if text.split('\n').count() > MAX_LINES {
        out.errors.push(whole_mail_error(ErrorKind::TooManyLines {
            limit: MAX_LINES,
        }));
        return out;
    }
    for (line, original) in lines(&text) {
        let error = |column, kind| LangError {
            line,
            column,
            text: original.to_string(),
            kind,
        };
        if original.chars().count() > MAX_LINE_CHARS {
            out.errors.push(error(
                MAX_LINE_CHARS + 1,
                ErrorKind::LineTooLong {
                    limit: MAX_LINE_CHARS,
                },
            ));
            continue;
        }
        let norm = normalize::normalize_line(original);
        if norm.text.is_empty() {
            continue;
        }
        let parsed = std::panic::catch_unwind(|| parse::parse_line(&norm, original, line))
            .unwrap_or(Err((1, ErrorKind::Internal)));
        match parsed {
            Ok(items) => out
                .items
                .extend(items.into_iter().map(|item| Entry { line, item })),
            Err((column, kind)) => out.errors.push(error(column, kind)),
        }
    }
    out
}

/// Read a mail and resolve every name against `names`.
pub fn parse_submission(text: &str, names: &Names) -> ParsedSubmission {
    parse_submission_in(text, names, &resolve::Context::default())
}

/// [`parse_submission`] for a writer whose [`resolve::Context`] is known: a name one
/// character off (or the start of a name) is read as the one area or leader of that context
/// it can be; [`parse_submission`] reads only names as they are.
pub fn parse_submission_in(
    text: &str,
    names: &Names,
    context: &resolve::Context,
) -> ParsedSubmission {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let (text, unfilled) = blanks::clear(&text);
    let syntax = parse_syntax(&text);
    let mut out = ParsedSubmission {
        items: Vec::new(),
        errors: syntax.errors,
        ignored: unfilled,
        readings: Vec::new(),
    };
    let original: Vec<&str> = text.split('\n').collect();
    for Entry { line, item } in syntax.items {
        match resolve::resolve_item_in(&item, names, context) {
            (Ok(item), readings) => {
                out.items.push(Entry { line, item });
                out.readings.extend(readings.into_iter().map(|r| (line, r)));
            }
            (Err(problems), _) => {
                let text = original
                    .get(line - 1)
                    .map_or("", |l| l.trim_end_matches('\r'));
                out.errors
                    .extend(problems.into_iter().map(|(column, kind)| LangError {
                        line,
                        column,
                        text: text.to_string(),
                        kind,
                    }));
            }
        }
    }
    for e in &mut out.errors {
        refine_at_leading_keyword(e, names);
        refine_at_name(e, names);
        refine_at_keyword(e);
    }
    set_junk_aside(&mut out, names);
    out.errors.sort_by_key(|e| (e.line, e.column));
    out
}

/// Moves the lines whose only errors are "does not parse" or "no such name" and that name
/// nothing of the game from the errors to [`ParsedSubmission::ignored`].
fn set_junk_aside(out: &mut ParsedSubmission, names: &Names) {
    let unreadable = |e: &LangError| {
        matches!(
            e.kind,
            ErrorKind::Syntax { .. } | ErrorKind::UnknownName { .. }
        )
    };
    let mut junk: Vec<usize> = Vec::new();
    for e in &out.errors {
        if e.line == 0 || junk.contains(&e.line) {
            continue;
        }
        let all_unreadable = out
            .errors
            .iter()
            .filter(|x| x.line == e.line)
            .all(unreadable);
        if all_unreadable && junk::is_junk(&e.text, names) {
            junk.push(e.line);
            out.ignored.push((e.line, e.text.trim().to_string()));
        }
    }
    out.errors.retain(|e| !junk.contains(&e.line));
    out.ignored.sort();
}

/// A syntax error in a line whose first word is a misspelt keyword (`征冰: 高庭 1F`: the typo
/// read as a place, the error found further on): point at the word, with the whole line as
/// what was written, so that the answer offers the line with the keyword (`征兵: 高庭 1F`).
fn refine_at_leading_keyword(e: &mut LangError, names: &Names) {
    let ErrorKind::Syntax { found, .. } = &mut e.kind else {
        return;
    };
    let line = e.text.trim();
    let Some(word) = line
        .split(|c: char| c.is_whitespace() || ":：".contains(c))
        .find(|w| !w.is_empty())
    else {
        return;
    };
    if keywords::closest(word).is_none() || names.areas.exact(word).is_some() {
        return;
    }
    e.column = e.text.chars().take_while(|c| c.is_whitespace()).count() + 1;
    *found = Some(line.to_string());
}

/// A syntax error at the end of a line whose last word is a misspelt keyword (`Highgarden
/// marhc`: the name swallowed the word): point at the word, so that the answer offers the
/// keyword (`errors::ErrorKind::describe`).
fn refine_at_keyword(e: &mut LangError) {
    let ErrorKind::Syntax { found, .. } = &mut e.kind else {
        return;
    };
    if found.is_some() {
        return;
    }
    let line = e.text.trim_end();
    let Some(word) = line.split_whitespace().next_back() else {
        return;
    };
    if keywords::closest(word).is_none() {
        return;
    }
    let before = line.len() - word.len();
    e.column = line[..before].chars().count() + 1;
    *found = Some(word.to_string());
}

/// A syntax error at the end of a line that ends in a run of name characters which is no name
/// but starts with an area name (`临冬城进攻`): point at the rest (`进攻`), not at the end.
fn refine_at_name(e: &mut LangError, names: &Names) {
    let ErrorKind::Syntax {
        found: found @ None,
        ..
    } = &mut e.kind
    else {
        return;
    };
    let chars: Vec<char> = e.text.trim_end().chars().collect();
    let is_name = |c: &char| !c.is_ascii() && !c.is_whitespace() && !"。、，：；（）".contains(*c);
    let start = chars.iter().rposition(|c| !is_name(c)).map_or(0, |p| p + 1);
    let run = &chars[start..];
    let text = |r: &[char]| r.iter().collect::<String>();
    if run.len() < 2 || names.areas.exact(&text(run)).is_some() {
        return;
    }
    for cut in (1..run.len().min(names.areas.longest() + 1)).rev() {
        if names.areas.exact(&text(&run[..cut])).is_some() {
            e.column = start + cut + 1;
            *found = Some(text(&run[cut..]).chars().take(8).collect());
            return;
        }
    }
}

impl ParsedSubmission {
    /// The orders as understood, one canonical line per item.
    pub fn echo(&self, names: &Names, lang: Lang) -> String {
        self.items
            .iter()
            .map(|e| echo::echo_item(&e.item, names, lang))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Every error message, separated by blank lines.
    pub fn error_report(&self, lang: Lang) -> String {
        self.errors
            .iter()
            .map(|e| e.message(lang))
            .collect::<Vec<_>>()
            .join("\n\n")
    }
}
