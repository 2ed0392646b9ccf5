"""Every relative link of the README, the documentation and the zoo's model cards resolves, to
a file and, for a page, to one of its headings; the results index lists exactly the results
files."""
import pathlib
import re
import unicodedata

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").rglob("*.md")),
         *sorted((ROOT / "agents").glob("*/README.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _prose(text: str) -> str:
    """The text without fenced code blocks and inline code, where brackets are not links."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return re.sub(r"`[^`\n]*`", "", text)


def slug(heading: str) -> str:
    """The anchor MkDocs (Python-Markdown's toc) gives a heading."""
    text = re.sub(r"[`*]", "", heading)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def anchors(path: pathlib.Path) -> set[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return {slug(h) for h in re.findall(r"^#{1,6}\s+(.+?)\s*$", text, re.M)}


def links():
    for page in PAGES:
        for target in LINK.findall(_prose(page.read_text(encoding="utf-8"))):
            if not re.match(r"[a-z][a-z0-9+.-]*:", target):
                yield page, target


LINKS = list(links())


def test_there_are_links_to_check():
    assert len(LINKS) > 30


@pytest.mark.parametrize("page,target", LINKS,
                         ids=[f"{p.relative_to(ROOT)}->{t}" for p, t in LINKS])
def test_relative_link_resolves(page, target):
    file, _, anchor = target.partition("#")
    dest = (page.parent / file).resolve() if file else page
    assert dest.exists(), f"{page.relative_to(ROOT)}: {target} names no file"
    if page.is_relative_to(ROOT / "docs"):
        assert dest.is_relative_to(ROOT / "docs"), \
            f"{page.relative_to(ROOT)}: {target} leaves docs/, which the site does not publish"
    if anchor and dest.suffix == ".md":
        assert anchor in anchors(dest), f"{page.relative_to(ROOT)}: no heading #{anchor} in {file}"


def test_slug_matches_the_sites_anchors():
    assert slug('3v3 mode (`mode="3v3"`)') == "3v3-mode-mode3v3"
    assert slug("Heroes (pack `standard`)") == "heroes-pack-standard"


def test_results_index_lists_every_results_file():
    """docs/results.md names each file of benchmarks/results and training/results, and no other."""
    text = (ROOT / "docs" / "results.md").read_text(encoding="utf-8")
    named = set()
    for row in re.findall(r"^\| (`[^|]+) \|", text, re.M):
        named |= set(re.findall(r"`([\w.-]+\.\w+)`", row))
    on_disk = {p.name for d in ("benchmarks/results", "training/results")
               for p in (ROOT / d).iterdir() if p.is_file()}
    assert named == on_disk, (sorted(named - on_disk), sorted(on_disk - named))
    assert len(on_disk) <= 54
