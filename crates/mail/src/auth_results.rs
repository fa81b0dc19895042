//! `Authentication-Results` (RFC 8601): what the receiving server found when it checked a
//! mail's DKIM signature, its SPF path and its DMARC alignment. [`auth_failures`] lists the
//! checks that failed for the sender's own domain. Only failures are read: a sender can write
//! such a header himself, but a forged "fail" only harms the forger, while a "pass" is never
//! taken as proof of anything.

use mail_parser::MessageParser;

/// One failed check: `dkim`, `spf` or `dmarc`, its result (`fail`, `permerror` …) and the
/// domain it was about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthFailure {
    /// `dkim`, `spf` or `dmarc`.
    pub method: String,
    /// `fail`, `softfail` or `permerror`.
    pub result: String,
    /// The domain checked (`header.d`/`header.i`, `smtp.mailfrom`, `header.from`); the
    /// sender's domain when the header does not say.
    pub domain: String,
}

impl std::fmt::Display for AuthFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={} ({})", self.method, self.result, self.domain)
    }
}

/// The DKIM, SPF and DMARC checks of the mail's `Authentication-Results` headers that failed
/// for `from_domain` (the domain of the `From` address) or a subdomain of it.
pub fn auth_failures(raw: &[u8], from_domain: &str) -> Vec<AuthFailure> {
    let from = from_domain.trim().to_ascii_lowercase();
    if from.is_empty() {
        return Vec::new();
    }
    let Some(msg) = MessageParser::default().parse_headers(raw) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for h in msg.headers() {
        if !h.name().eq_ignore_ascii_case("Authentication-Results") {
            continue;
        }
        let Some(text) = h.value().as_text() else {
            continue;
        };
        for f in failures_in(text, &from) {
            if !out.contains(&f) {
                out.push(f);
            }
        }
    }
    out
}

/// The value without `(comments)`, which may hold `;` and `=`.
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0u32;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

fn failures_in(text: &str, from: &str) -> Vec<AuthFailure> {
    let clean = without_comments(text);
    let mut out = Vec::new();
    // The first element is the id of the server that checked.
    for stmt in clean.split(';').skip(1) {
        let mut words = stmt.split_whitespace();
        let Some((method, result)) = words.next().and_then(|w| w.split_once('=')) else {
            continue;
        };
        let method = method.to_ascii_lowercase();
        let result = result.to_ascii_lowercase();
        if !matches!(method.as_str(), "dkim" | "spf" | "dmarc")
            || !matches!(result.as_str(), "fail" | "softfail" | "permerror")
        {
            continue;
        }
        let props: Vec<(String, String)> = words
            .filter_map(|w| w.split_once('='))
            .map(|(k, v)| {
                (
                    k.to_ascii_lowercase(),
                    v.trim_matches('"').to_ascii_lowercase(),
                )
            })
            .collect();
        let prop = |names: &[&str]| {
            names
                .iter()
                .find_map(|n| props.iter().find(|(k, _)| k == n).map(|(_, v)| v.clone()))
        };
        let domain = match method.as_str() {
            "dkim" => prop(&["header.d", "header.i"]),
            "spf" => prop(&["smtp.mailfrom", "smtp.helo"]),
            _ => prop(&["header.from"]),
        }
        .map(|v| v.rsplit('@').next().unwrap_or("").to_string())
        .filter(|d| !d.is_empty())
        .unwrap_or_else(|| from.to_string());
        let concerns_sender = domain == from
            || domain.ends_with(&format!(".{from}"))
            || from.ends_with(&format!(".{domain}"));
        if concerns_sender {
            out.push(AuthFailure {
                method,
                result,
                domain,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GMAIL_STYLE: &str = "Authentication-Results: mx.google.com;\r\n       \
dkim=fail header.i=@qq.com header.s=s201512 header.b=Ab1;\r\n       \
spf=fail (google.com: domain of theon@qq.com does not designate 1.2.3.4 as permitted sender; x=y) smtp.mailfrom=theon@qq.com;\r\n       \
dmarc=fail (p=QUARANTINE sp=QUARANTINE dis=NONE) header.from=qq.com\r\n";

    fn mail(headers: &str) -> Vec<u8> {
        format!("{headers}From: Theon <theon@qq.com>\r\nSubject: orders\r\n\r\nbody\r\n")
            .into_bytes()
    }

    #[test]
    fn failed_dkim_spf_and_dmarc_of_the_senders_domain_are_listed() {
        let f = auth_failures(&mail(GMAIL_STYLE), "qq.com");
        let methods: Vec<&str> = f.iter().map(|a| a.method.as_str()).collect();
        assert_eq!(methods, ["dkim", "spf", "dmarc"]);
        assert!(f.iter().all(|a| a.domain == "qq.com" && a.result == "fail"));
        assert_eq!(f[0].to_string(), "dkim=fail (qq.com)");
    }

    #[test]
    fn passes_other_domains_and_mail_without_the_header_give_nothing() {
        let pass = "Authentication-Results: mx.example.org; dkim=pass header.d=qq.com; spf=pass smtp.mailfrom=qq.com; dmarc=pass header.from=qq.com\r\n";
        assert!(auth_failures(&mail(pass), "qq.com").is_empty());
        let other =
            "Authentication-Results: mx.example.org; dkim=fail header.d=mailchimp.example\r\n";
        assert!(auth_failures(&mail(other), "qq.com").is_empty());
        assert!(auth_failures(&mail(""), "qq.com").is_empty());
        assert!(auth_failures(b"\xff\xfe garbage", "qq.com").is_empty());
        assert!(auth_failures(&mail(GMAIL_STYLE), "").is_empty());
    }

    #[test]
    fn a_failure_without_a_domain_is_taken_as_the_senders() {
        let h = "Authentication-Results: mx.163.com; spf=softfail\r\n";
        let f = auth_failures(&mail(h), "163.com");
        assert_eq!(f.len(), 1);
        assert_eq!(
            (f[0].method.as_str(), f[0].domain.as_str()),
            ("spf", "163.com")
        );
    }
}
