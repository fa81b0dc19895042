//! `[site]` in the config: `check-config` says where the site would be written and where the
//! posts' pictures would be linked from, and names a mistyped key of the section.

mod maildir_support;

use maildir_support::*;

#[test]
fn check_config_tells_the_site_folder_and_address_and_names_a_typo_in_site() {
    let dir = temp_dir("site-config");
    let cfg = write_config(&dir, "sc");
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    let with_site = text.replace(
        "[mail]\n",
        "[site]\ndir = \"www\"\nbase_url = \"https://example.org/agot/\"\n[mail]\n",
    );
    std::fs::write(&cfg, &with_site).unwrap_or_default();
    let out = maester(&cfg, &["check-config"], None);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        said.contains("the public site would be written to") && said.contains("www/sc"),
        "{said}"
    );
    assert!(said.contains("from https://example.org/agot/sc/"), "{said}");
    // Without base_url, the posts name the file to attach.
    let no_url = with_site.replace("base_url = \"https://example.org/agot/\"\n", "");
    std::fs::write(&cfg, &no_url).unwrap_or_default();
    let out = maester(&cfg, &["check-config"], None);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("name the map's file to attach"), "{said}");
    // A typo in the section's keys is named.
    std::fs::write(&cfg, with_site.replace("base_url", "baseurl")).unwrap_or_default();
    let out = maester(&cfg, &["check-config"], None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("baseurl"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_site_address_that_is_no_http_address_or_holds_a_quote_is_refused() {
    let dir = temp_dir("site-config-url");
    let cfg = write_config(&dir, "su");
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    for (url, said) in [
        ("javascript:alert(1)//", "not an http(s) address"),
        ("https://example.org/a\\\"b", "percent-encode"),
        ("https://example.org/a b", "percent-encode"),
        ("https:///agot", "names no host"),
    ] {
        let with_site = text.replace(
            "[mail]\n",
            &format!("[site]\nbase_url = \"{url}\"\n[mail]\n"),
        );
        std::fs::write(&cfg, &with_site).unwrap_or_default();
        for cmd in ["check-config", "new-game"] {
            let out = maester(&cfg, &[cmd], None);
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(!out.status.success(), "{cmd} accepted {url}");
            assert!(
                err.contains("[site] base_url") && err.contains(said),
                "{cmd} {url}: {err}"
            );
        }
    }
    assert!(!dir.join("maester.sqlite").exists(), "no game created");
    let _ = std::fs::remove_dir_all(&dir);
}
