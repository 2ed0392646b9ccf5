"""The documented observation layout (docs/observation.md) is the one the code builds."""
import pathlib
import re

from heroes_env.engine import constants as C
from heroes_env.engine.observe import STATE_OBS_SIZE

DOC = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "observation.md").read_text()
ROW = re.compile(r"^\| `(?P<name>(?:OBS|OS|OE)_\w+)` \| (?P<off>\d+) \| (?P<size>\d+) \|", re.M)


def _rows(prefix):
    return [(m["name"], int(m["off"]), int(m["size"])) for m in ROW.finditer(DOC)
            if m["name"].startswith(prefix + "_")]


def test_observation_pieces_match_the_constants_and_tile_the_vector():
    for prefix, total in (("OBS", C.OBS_SIZE), ("OS", C.SEAT_OBS), ("OE", C.HIST_EVENT_OBS)):
        rows = _rows(prefix)
        assert rows, prefix
        off = 0
        for name, o, size in rows:
            assert getattr(C, name) == o == off, name
            off += size
        assert off == total, prefix


def test_the_layout_versions_table_is_the_codes():
    from heroes_env.obs_layouts import LAYOUT_SIZES
    sec = DOC.split("## Layout versions", 1)[1]
    rows = re.findall(r"^\| (\d+) \| ([\d,]+) \|", sec, re.M)
    assert {int(v): int(n.replace(",", "")) for v, n in rows} == LAYOUT_SIZES


def test_sizes_in_the_text():
    assert f"`OBS_SIZE` = {C.OBS_SIZE} cells" in DOC
    assert f"`SEAT_OBS` = {C.SEAT_OBS} cells" in DOC
    assert f"{STATE_OBS_SIZE} cells" in DOC
    assert f"`NUM_ACTIONS` = {C.NUM_ACTIONS}" in DOC
    assert f"`OBS_LAYOUT` = {C.OBS_LAYOUT}" in DOC
    assert f"`OBS_HERO_ROOM` = {C.OBS_HERO_ROOM} ids" in DOC
    assert f"`HIST_WINDOW` = {C.HIST_WINDOW}" in DOC
    assert f"`HIST_EVENT_OBS` = {C.HIST_EVENT_OBS} cells" in DOC
    assert f"`NUM_HK` = {C.NUM_HK}" in DOC
    assert f"`NUM_HC` = {C.NUM_HC}" in DOC
    assert f"`HC_HOSTILE` = {C.HC_HOSTILE}" in DOC and f"`HC_FRIENDLY` = {C.HC_FRIENDLY}" in DOC
    assert f"`HIST_MAX` = {C.HIST_MAX}" in DOC


HK_ROW = re.compile(r"^\| `(?P<name>HK_\w+)` \| (?P<id>\d+) \|", re.M)


def test_history_kinds_match_the_constants():
    rows = [(m["name"], int(m["id"])) for m in HK_ROW.finditer(DOC)]
    assert [i for _, i in rows] == list(range(C.NUM_HK))
    for name, i in rows:
        assert getattr(C, name) == i, name


def test_skills_marked_in_the_history_are_documented():
    """Every skill with its own ``history`` mark in skills.csv is named in the docs."""
    from heroes_env.engine.content import SKILLS
    section = DOC[DOC.index("## Public history"):]
    for sk in SKILLS.values():
        if sk.history:
            assert sk.name_zh in section, sk.key


def test_readme_states_the_observation_sizes():
    readme = (pathlib.Path(__file__).resolve().parents[1] / "README.md").read_text()
    assert f"`OBS_SIZE` = {C.OBS_SIZE:,} float32" in readme
    assert f"`OBS_HERO_ROOM` = {C.OBS_HERO_ROOM}" in readme


def test_byte_observation_divisors_are_documented():
    """The divisor table of "Byte observations" names every cell whose divisor is not 1."""
    import numpy as np

    from heroes_env.obs import OBS_DIVISOR, OBS_SIGNED
    sec = DOC.split("## Byte observations", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (.+?) \| `(\w+_DIV)` = (\d+) \|", sec, re.M)
    assert {d for _, d, _ in rows} == {"DIST_DIV", "MISC_DIV", "HIST_DIV"}
    cells = np.zeros(C.OBS_SIZE, bool)
    for where, div, value in rows:
        assert getattr(C, div) == int(value), div
        for name in re.findall(r"`((?:OBS|OS|OE)_\w+)`", where):
            o = getattr(C, name)
            if name.startswith("OS_"):
                idx = [C.OBS_SEATS + r * C.SEAT_OBS + o for r in range(C.MAX_SEATS)]
            elif name.startswith("OE_"):
                idx = [C.OBS_HIST_EVENTS + j * C.HIST_EVENT_OBS + o for j in range(C.HIST_WINDOW)]
            else:
                ends = sorted(v for k, v in vars(C).items() if k.startswith("OBS_")
                              and isinstance(v, int) and v > o
                              and k not in ("OBS_HERO_ROOM", "OBS_LAYOUT"))
                idx = range(o, ends[0] if ends else C.OBS_SIZE)
            assert (OBS_DIVISOR[list(idx)] == getattr(C, div)).all(), name
            cells[list(idx)] = True
    assert (OBS_DIVISOR[~cells] == 1).all()
    assert "`OS_HP`" in sec and "third `OBS_DNUM`" in sec and OBS_SIGNED.sum() == C.MAX_SEATS + 1


# ---------------------------------------------------------------- docs/skills.md's skill table
SKILLS_DOC = pathlib.Path(__file__).resolve().parents[1] / "docs" / "skills.md"
TABLE = re.compile(r"(<!-- skill table:[^\n]*-->\n)(.*?)(<!-- end of skill table -->)", re.S)


def test_skill_table_is_made_from_the_code_and_the_data():
    from heroes_env.engine import content
    from heroes_env.engine.skills import registry
    m = TABLE.search(SKILLS_DOC.read_text())
    assert m, "docs/skills.md has lost its skill table markers"
    assert m[2] == registry.skill_table(), \
        "docs/skills.md's skill table is stale: run `python -m tests.test_docs --regen`"
    # every skill of skills.csv is in it once (a repeated Chinese name carries its key)
    name = r"[^\s`,=()]+(?: `\w+`)?"
    rows = [row.split(" | ") for row in m[2].splitlines()[2:]]
    own = [n for r in rows for n in re.findall(name, r[4])]
    runs = [n for r in rows for n in re.findall(rf"({name}) = ", r[5])]
    assert len(own) + len(runs) == len(content.SKILLS)
    assert len(set(own + runs)) == len(content.SKILLS)


# ---------------------------------------------------------------- docs/heroes/, from the data files
HERO_DOCS = pathlib.Path(__file__).resolve().parents[1] / "docs" / "heroes"


def test_hero_pages_are_made_from_the_data():
    """Each page of docs/heroes/ holds, between its markers, what heroes_env.heroes makes from
    heroes.csv, skills.csv and skill_text.csv now: a stale page fails."""
    from heroes_env import heroes
    parts = heroes.page_parts()
    assert sorted(parts) == sorted(p.name for p in HERO_DOCS.glob("*.md"))
    for name, (what, fn, body) in parts.items():
        page = (HERO_DOCS / name).read_text(encoding="utf-8")
        assert heroes.with_part(page, what, fn, body, name) == page, \
            f"docs/heroes/{name} is stale: run `python -m tests.test_docs --regen`"


def test_hero_pages_hold_every_hero_and_skill_text():
    from heroes_env import heroes
    pages = {p.stem: p.read_text(encoding="utf-8") for p in HERO_DOCS.glob("*.md")}
    for h in heroes.HEROES.values():
        page = pages[h.pack]
        assert f"\n### {h.name_zh} {h.name_en}\n" in page and f"key `{h.key}`" in page, h.key
        assert f"({h.pack}.md#{heroes.anchor(h)})" in pages["index"], h.key
        for sk in h.skills:
            assert sk.text_zh in page and sk.text_en in page, (h.key, sk.key)
    for pack in ("standard", "herokill", "classmates"):      # the counts in the packs table
        assert f"| `{pack}` | {len(heroes.pack_heroes(pack))} " in pages["index"], pack
    # a changed text makes the page stale
    h = heroes.HEROES["liubei"]
    changed = heroes.hero_section(h).replace(h.skills[0].text_en, "something else")
    assert changed not in pages["standard"]


def test_hero_anchors_are_the_headings_own():
    """The index links each hero to its heading's anchor, as MkDocs makes it; none repeats on a
    page (MkDocs would number a repeated one)."""
    from heroes_env import heroes
    assert heroes.anchor(heroes.hero_info("lvbu")) == "lu-bu"
    assert heroes.anchor(heroes.hero_info("zhugeliang")) == "zhuge-liang"
    for pack in ("standard", "herokill", "classmates"):
        marks = [heroes.anchor(h) for h in heroes.pack_heroes(pack)]
        assert len(set(marks)) == len(marks), pack
    try:
        from markdown.extensions.toc import slugify
    except ImportError:
        return
    for h in heroes.HEROES.values():
        assert slugify(f"{h.name_zh} {h.name_en}", "-") == heroes.anchor(h), h.key


def test_hero_pages_links_resolve_and_cite_only_the_checkout():
    for p in HERO_DOCS.glob("*.md"):
        text = p.read_text(encoding="utf-8")
        assert "shared/" not in text and "seeds/" not in text, p.name
        assert not re.search(r"seed \d|DECISIONS|TRUSTED", text), p.name
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
            assert (p.parent / target).resolve().exists(), (p.name, target)


def test_a_stale_or_unmarked_page_is_reported():
    import pytest

    from heroes_env import heroes
    with pytest.raises(ValueError, match="expected one generated hero list"):
        heroes.with_part("# no markers\n", "hero list", 'pack_section("standard")', "x", "p.md")


def regenerate() -> None:
    from heroes_env import heroes
    from heroes_env.engine.skills import registry
    text = SKILLS_DOC.read_text()
    new, n = TABLE.subn(lambda m: m[1] + registry.skill_table() + m[3], text)
    if n != 1:
        raise SystemExit(f"{SKILLS_DOC}: expected one skill table between its markers, found {n}")
    SKILLS_DOC.write_text(new)
    print(f"wrote the skill table of {SKILLS_DOC}")
    for name, (what, fn, body) in heroes.page_parts().items():
        path = HERO_DOCS / name
        try:
            new = heroes.with_part(path.read_text(encoding="utf-8"), what, fn, body, str(path))
        except (OSError, ValueError) as e:
            raise SystemExit(str(e)) from None
        path.write_text(new, encoding="utf-8")
        print(f"wrote the {what} of {path}")


if __name__ == "__main__":
    import sys
    if sys.argv[1:] != ["--regen"]:
        raise SystemExit("usage: python -m tests.test_docs --regen  (rewrites docs/skills.md's "
                         "skill table and the hero lists of docs/heroes/)")
    regenerate()
