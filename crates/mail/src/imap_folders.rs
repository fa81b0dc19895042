//! The IMAP folders besides the one read: extra folders read as well (Junk, where big mail
//! providers file mails from new senders), the folders handled mail is moved to, and the Sent
//! folder a copy of each sent mail is appended to; and the keys that say which folder a mail
//! came from. Also what the session says of itself before it opens a folder (`ID`).

/// `[mail.folders]` of the config file (IMAP only):
///
/// ```toml
/// processed = "maester/processed"  # "" leaves handled mail where it is
/// ignored = "maester/ignored"
/// extra = ["Junk"]
/// sent = "Sent"                    # "" (default): no copy
/// ```
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImapFolders {
    /// Where answered mail is moved; empty: left in place.
    #[serde(default = "default_processed")]
    pub processed: String,
    /// Where mail deliberately not answered is moved; empty: left in place.
    #[serde(default = "default_ignored")]
    pub ignored: String,
    /// Folders read besides the main one (e.g. `Junk`).
    #[serde(default)]
    pub extra: Vec<String>,
    /// Where a copy of every sent mail is appended; empty: none.
    #[serde(default)]
    pub sent: String,
}

fn default_processed() -> String {
    "maester/processed".into()
}

fn default_ignored() -> String {
    "maester/ignored".into()
}

impl Default for ImapFolders {
    fn default() -> Self {
        ImapFolders {
            processed: default_processed(),
            ignored: default_ignored(),
            extra: Vec::new(),
            sent: String::new(),
        }
    }
}

impl ImapFolders {
    /// No folder besides the one read: nothing moved, nothing appended (the behaviour of an
    /// inbox built without folders).
    pub fn none() -> Self {
        ImapFolders {
            processed: String::new(),
            ignored: String::new(),
            extra: Vec::new(),
            sent: String::new(),
        }
    }

    /// The folder for `filed`, `None` when such mail stays where it is.
    pub fn target(&self, filed: crate::Filed) -> Option<&str> {
        let f = match filed {
            crate::Filed::Processed => self.processed.trim(),
            crate::Filed::Ignored => self.ignored.trim(),
        };
        (!f.is_empty()).then_some(f)
    }
}

/// Where a key points: the folder (`None`: the main one), its UIDVALIDITY and the UID.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct KeyPlace {
    pub folder: Option<String>,
    pub validity: u32,
    pub uid: u32,
}

/// The key of a mail: `imap:<uidvalidity>:<uid>` in the main folder (as before folders were
/// read), `imap:<folder>:<uidvalidity>:<uid>` in an extra one.
pub(crate) fn key(folder: Option<&str>, validity: u32, uid: u32) -> String {
    match folder {
        None => format!("imap:{validity}:{uid}"),
        Some(f) => format!("imap:{f}:{validity}:{uid}"),
    }
}

/// Reads a key made by [`key`]; `None` when it is not one.
pub(crate) fn parse_key(key: &str) -> Option<KeyPlace> {
    let rest = key.strip_prefix("imap:")?;
    let (rest, uid) = rest.rsplit_once(':')?;
    let uid: u32 = uid.parse().ok().filter(|u| *u > 0)?;
    let (folder, validity) = match rest.rsplit_once(':') {
        Some((f, v)) if !f.is_empty() => (Some(f.to_string()), v),
        Some(_) => return None,
        None => (None, rest),
    };
    Some(KeyPlace {
        folder,
        validity: validity.parse().ok()?,
        uid,
    })
}

/// Tells the server who is logging in (RFC 2971 `ID`), when it says it understands `ID`:
/// 163.com and 126.com refuse to open a folder for a client that has not ("Unsafe Login").
/// A server that refuses the command is only logged: reading goes on as before.
pub(crate) fn identify<T: std::io::Read + std::io::Write>(session: &mut imap::Session<T>) {
    let understood = session
        .capabilities()
        .map(|c| c.has_str("ID"))
        .unwrap_or(false);
    if !understood {
        return;
    }
    let id = format!(
        "ID (\"name\" \"maester\" \"version\" \"{}\" \"vendor\" \"maester\")",
        env!("CARGO_PKG_VERSION")
    );
    if let Err(e) = session.run_command_and_check_ok(&id) {
        tracing::warn!(error = %e, "the IMAP server refused the ID command");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_of_the_main_folder_keep_their_old_form_and_extra_folders_are_named() {
        assert_eq!(key(None, 7, 42), "imap:7:42");
        let p = parse_key("imap:7:42").expect("main key");
        assert_eq!((p.folder, p.validity, p.uid), (None, 7, 42));
        let k = key(Some("Junk"), 3, 9);
        assert_eq!(k, "imap:Junk:3:9");
        let p = parse_key(&k).expect("extra key");
        assert_eq!(p.folder.as_deref(), Some("Junk"));
        let p = parse_key("imap:a:b:5:6").expect("folder with a colon");
        assert_eq!(p.folder.as_deref(), Some("a:b"));
        for bad in [
            "imap:",
            "imap:1",
            "imap:1:0",
            "imap::1:2",
            "imap:x:y",
            "maildir:1:2",
        ] {
            assert_eq!(parse_key(bad), None, "{bad}");
        }
    }

    #[test]
    fn folders_read_from_toml_with_defaults() {
        let f: ImapFolders = toml::from_str("extra = [\"Junk\"]\nsent = \"Sent\"\n").expect("toml");
        assert_eq!(f.processed, "maester/processed");
        assert_eq!(f.target(crate::Filed::Ignored), Some("maester/ignored"));
        let f: ImapFolders = toml::from_str("processed = \"\"\n").expect("toml");
        assert_eq!(f.target(crate::Filed::Processed), None);
        assert!(toml::from_str::<ImapFolders>("junk = 1\n").is_err());
    }
}
