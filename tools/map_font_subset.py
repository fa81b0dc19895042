#!/usr/bin/env python3
"""Regenerate crates/map/fonts/map-sans.otf, the font subset the map picture is drawn with.

Source: Noto Sans CJK SC Regular (SIL Open Font License 1.1, (c) 2014-2021 Adobe), from the
Debian package fonts-noto-cjk (/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc, face 2,
"Noto Sans CJK SC" per `fc-query`; upstream https://github.com/googlefonts/noto-cjk). Only this
face is used: its character map covers the Traditional characters as well (the tool stops if
one the map needs is missing). The subset keeps printable ASCII, a little punctuation and every
Chinese character of the board data, the order vocabulary and the map's own words, in both
scripts, and is renamed "Maester Map Sans" (a Modified Version under the OFL), so the picture
never depends on which fonts a machine has. Licence: crates/map/fonts/OFL.txt.

The Traditional forms come from maester's own converter, the one the map is drawn with
(`maester_words::hant`, OpenCC s2tw and its fix-ups): the tool runs
`cargo run -q -p maester-words --example hant_chars -- FILES`, which prints the characters of
the Traditional conversion of every run of Chinese characters in the files and of each
character alone. `crates/map/tests/font_covers_both_scripts.rs` checks the result: every
character the map can draw, in both scripts, has a glyph in the shipped font.

Dev step only:  apt-get install fonts-noto-cjk; pip install fonttools;
                python3 tools/map_font_subset.py   (from the repository, cargo on the PATH)
"""
import pathlib
import subprocess
import sys
import tempfile

from fontTools.ttLib import TTFont

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
FACE = 2  # Noto Sans CJK SC
OUT = ROOT / "crates/map/fonts/map-sans.otf"
FAMILY = "Maester Map Sans"
# Files whose Chinese characters the map may draw.
GLYPH_SOURCES = [
    "data/westeros.toml",
    "crates/lang/src/vocab.rs",
    "crates/words/src/map_labels.rs",
    "src/schedule.rs",  # the next deadline in the panel: 年 月 日, 北京时间, 周一 …
]
EXTRA = "·•・×—–:()()、,。/+-−→←↑↓●○■□▲△◆◇★☆"


def traditional_forms():
    """The Traditional forms of the sources' characters, as maester converts them."""
    out = subprocess.run(
        ["cargo", "run", "-q", "-p", "maester-words", "--example", "hant_chars", "--"]
        + [str(ROOT / rel) for rel in GLYPH_SOURCES],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout
    return {c for c in out if ord(c) >= 0x2E80}


def characters():
    chars = {chr(c) for c in range(0x20, 0x7F)} | set(EXTRA)
    for rel in GLYPH_SOURCES:
        for c in (ROOT / rel).read_text(encoding="utf-8"):
            if ord(c) >= 0x2E80:
                chars.add(c)
    chars |= traditional_forms()
    cmap = TTFont(SOURCE, fontNumber=FACE).getBestCmap()
    missing = sorted(c for c in chars if ord(c) not in cmap and ord(c) >= 0x2E80)
    if missing:
        sys.exit(f"{SOURCE} face {FACE} lacks {''.join(missing)}")
    return "".join(sorted(chars))


def main():
    with tempfile.TemporaryDirectory() as tmp:
        text = pathlib.Path(tmp, "chars.txt")
        text.write_text(characters(), encoding="utf-8")
        raw = pathlib.Path(tmp, "subset.otf")
        subprocess.run(
            [sys.executable, "-m", "fontTools.subset", SOURCE, f"--font-number={FACE}",
             f"--text-file={text}", f"--output-file={raw}", "--layout-features=*",
             "--no-hinting", "--desubroutinize", "--name-IDs=0,1,2,3,4,5,6,13,14"],
            check=True,
        )
        font = TTFont(raw)
        names = font["name"]
        for rec in list(names.names):
            if rec.nameID in (1, 16):
                rec.string = FAMILY
            elif rec.nameID in (3, 4):
                rec.string = FAMILY + " Regular"
            elif rec.nameID == 6:
                rec.string = FAMILY.replace(" ", "") + "-Regular"
        if "CFF " in font:
            cff = font["CFF "].cff
            cff.fontNames = [FAMILY.replace(" ", "") + "-Regular"]
            top = cff.topDictIndex[0]
            top.FamilyName = FAMILY
            top.FullName = FAMILY + " Regular"
        OUT.parent.mkdir(parents=True, exist_ok=True)
        font.save(OUT)
    print(f"{OUT.relative_to(ROOT)}: {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
