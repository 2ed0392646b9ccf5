"""Heroes and skills as a person reads them: names, HP, kingdom, gender and every skill's text.

    import heroes_env
    h = heroes_env.hero_info("liubei")           # or "刘备", "Liu Bei" (any case)
    h.hp, h.kingdom, [s.name("zh") for s in h.skills]
    heroes_env.skill_info("仁德").text("en")

The hero and skill rows are the engine's (``engine/content.py`` reads ``heroes.csv`` and
``skills.csv``); the skill texts are data too, ``heroes_env/data/skill_text.csv`` (``key, text_zh,
text_en``), checked when this module is imported: one row per skill of ``skills.csv``, no other
key, no empty text. A text describes the skill as this engine plays it (docs/rules.md says where
that differs from a printed card). The names here are the ones every display uses: the seat cards,
the log and the action labels (``heroes_env.labels``) all name a hero or skill by ``name(lang)``.
"""
from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass

from .engine import content
from .engine.datafiles import rows as data_rows

LANGS = ("en", "zh")
TEXT_FILE = "skill_text.csv"
TEXT_COLUMNS = ("key", "text_zh", "text_en")

KINGDOM_KEYS = {v: k for k, v in content.KINGDOMS.items()}        # engine id -> "wei"
GENDER_KEYS = {v: k for k, v in content.GENDERS.items()}          # engine id -> "male"
GENDER_NAMES = {"en": {"male": "male", "female": "female"}, "zh": {"male": "男", "female": "女"}}
KIND_NAMES = {"en": {"triggered": "triggered", "locked": "locked", "active": "active",
                     "conversion": "conversion", "lord": "lord skill"},
              "zh": {"triggered": "触发技", "locked": "锁定技", "active": "主动技",
                     "conversion": "转化技", "lord": "主公技"}}
PACK_TITLES = {"en": {"standard": "Standard (三国杀)", "herokill": "Hero Kill (英雄杀)",
                      "classmates": "Classmates"},
               "zh": {"standard": "三国杀标准包", "herokill": "英雄杀", "classmates": "同学包"}}


def check_lang(lang) -> str:
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {list(LANGS)}, got {lang!r}")
    return lang


@dataclass(frozen=True)
class SkillInfo:
    """One skill: its key, names, kind and its description in both languages.

    Attributes:
        key: The skill's id (``rende``): pinyin.
        name_zh: Its Chinese name (``仁德``).
        name_en: Its English name (``Benevolence``).
        kind: ``triggered``, ``locked``, ``active``, ``conversion`` or ``lord``.
        text_zh: Its text in Chinese.
        text_en: Its text in English.
    """
    key: str
    name_zh: str
    name_en: str
    kind: str
    text_zh: str
    text_en: str

    def name(self, lang: str = "en") -> str:
        """The name in ``"en"`` or ``"zh"`` (ValueError for another language)."""
        return self.name_zh if check_lang(lang) == "zh" else self.name_en

    def text(self, lang: str = "en") -> str:
        """The skill's text in ``"en"`` or ``"zh"``."""
        return self.text_zh if check_lang(lang) == "zh" else self.text_en

    @property
    def lord(self) -> bool:
        """A lord skill: its hero has it only as the lord."""
        return self.kind == "lord"

    def describe(self, lang: str = "en") -> str:
        """``Name: text`` in one line (a locked or lord skill's text says so itself)."""
        sep = "：" if lang == "zh" else ": "
        return f"{self.name(lang)}{sep}{self.text(lang)}"


@dataclass(frozen=True)
class HeroInfo:
    """One hero, as ``hero_info`` returns it.

    Attributes:
        key: The hero's id (``liubei``; ``caocao_hk`` where two packs share a name).
        name_zh: Its Chinese name (``刘备``).
        name_en: Its English name (``Liu Bei``).
        pack: The pack it belongs to (``standard``, ``herokill``, ``classmates``).
        kingdom: Its kingdom's key (``wei``, ``shu``, ``jun`` ...).
        hp: Its HP (the lord gets one more with 5 or more players).
        gender: ``male`` or ``female``.
        skills: Its skills, lord skills included (the hero has them only as the lord).
    """
    key: str
    name_zh: str
    name_en: str
    pack: str
    kingdom: str
    hp: int
    gender: str
    skills: tuple[SkillInfo, ...]

    def name(self, lang: str = "en") -> str:
        """The name in ``"en"`` or ``"zh"`` (ValueError for another language)."""
        return self.name_zh if check_lang(lang) == "zh" else self.name_en

    def kingdom_name(self, lang: str = "en") -> str:
        """The kingdom's name in ``"en"`` or ``"zh"``."""
        return content.KINGDOM_NAMES[check_lang(lang)][content.KINGDOMS[self.kingdom]]

    def gender_name(self, lang: str = "en") -> str:
        """The gender's name in ``"en"`` or ``"zh"``."""
        return GENDER_NAMES[check_lang(lang)][self.gender]

    def summary(self, lang: str = "en", with_name: bool = True) -> str:
        """``Liu Bei · Shu · 4 HP · male`` (one line; with_name=False: without the name)."""
        hp = f"{self.hp} HP" if check_lang(lang) == "en" else f"体力 {self.hp}"
        parts = (self.kingdom_name(lang), hp, self.gender_name(lang))
        return " · ".join((self.name(lang),) * with_name + parts)

    def describe(self, lang: str = "en") -> str:
        """The summary line, then one line per skill with its text."""
        return "\n".join([self.summary(lang)] + ["  " + s.describe(lang) for s in self.skills])


def check_skill_texts(rows: list[dict], skill_keys) -> dict[str, tuple[str, str]]:
    """The texts by skill key, from the rows of ``skill_text.csv``; ValueError naming every
    problem: a missing column, a skill without a row, a row of no skill, a repeated row, an empty
    text."""
    problems = []
    if rows and set(TEXT_COLUMNS) - set(rows[0]):
        raise ValueError(f"columns must be {list(TEXT_COLUMNS)}, got {list(rows[0])}")
    out: dict[str, tuple[str, str]] = {}
    known = set(skill_keys)
    seen = set()
    for i, r in enumerate(rows, start=2):          # line 1 is the header
        key = (r.get("key") or "").strip()
        if key not in known:
            close = difflib.get_close_matches(key, sorted(known), n=3)
            problems.append(f"line {i}: {key!r} is no skill of skills.csv"
                            + (f" (closest: {close})" if close else ""))
            continue
        if key in seen:
            problems.append(f"line {i}: a second row for {key!r}")
            continue
        seen.add(key)
        empty = [c for c in ("text_zh", "text_en") if not (r.get(c) or "").strip()]
        if empty:
            problems.append(f"line {i}: {key!r} has no {' and no '.join(empty)}")
            continue
        out[key] = (r["text_zh"].strip(), r["text_en"].strip())
    missing = [k for k in skill_keys if k not in seen]
    if missing:
        problems.append(f"no text for {len(missing)} skill(s): {missing}")
    if problems:
        raise ValueError("; ".join(problems))
    return out


def _load_texts() -> dict[str, tuple[str, str]]:
    try:
        return check_skill_texts(data_rows(TEXT_FILE), list(content.SKILLS))
    except ValueError as e:
        raise ImportError(f"heroes_env/data/{TEXT_FILE}: {e}") from None


_TEXTS = _load_texts()
SKILLS: dict[str, SkillInfo] = {
    k: SkillInfo(k, s.name_zh, s.name_en, s.kind, *_TEXTS[k]) for k, s in content.SKILLS.items()}
HEROES: dict[str, HeroInfo] = {
    h.key: HeroInfo(h.key, h.name_zh, h.name_en, h.pack, KINGDOM_KEYS[h.kingdom], h.hp,
                    GENDER_KEYS[h.gender],
                    tuple(SKILLS[content.SKILLS_BY_ID[i].key] for i in h.skills))
    for h in content.HEROES}


PLURAL = {"hero": "heroes", "skill": "skills"}


def _owners(x) -> str:
    """Where a hero or skill comes from, to tell apart two of one name."""
    if isinstance(x, HeroInfo):
        return f"pack {x.pack}"
    return ", ".join(h.key for h in HEROES.values() if x in h.skills)


def _find(what: str, query, table: dict, pack: str | None = None):
    if not isinstance(query, str):
        raise TypeError(f"a {what} is named by its key or its zh/en name (a str), got {query!r}")
    q = query.strip()
    low = q.lower()
    pool = {k: x for k, x in table.items() if pack is None or getattr(x, "pack", pack) == pack}
    if pack is not None and not pool:
        raise ValueError(f"unknown pack {pack!r}; packs: {list(content.PACK_NAMES)}")
    if low in pool:
        return pool[low]
    hits = [x for x in pool.values() if q == x.name_zh or low == x.name_en.lower()]
    if len(hits) == 1:
        return hits[0]
    if hits:
        which = ", ".join(f"{x.key} ({_owners(x)})" for x in hits)
        raise ValueError(f"{query!r} names {len(hits)} {PLURAL[what]}: {which}; pass the key")
    names = {}
    for x in pool.values():
        for n in (x.key, x.name_zh, x.name_en.lower()):
            names.setdefault(n, x.key)
    close = closest(low, names)
    hint = f"closest: {close}" if close else f"{PLURAL[what]}: {sorted(pool)}"
    raise ValueError(f"unknown {what} {query!r}; {hint}")


def closest(query: str, names: dict[str, str]) -> list[str]:
    """The keys of the names closest to query (names: name -> key), best first."""
    hits = difflib.get_close_matches(query, names, n=5, cutoff=0.5)
    return list(dict.fromkeys(names[n] for n in hits))


def hero_info(key: str, pack: str | None = None) -> HeroInfo:
    """A hero's data: names, pack, kingdom, HP, gender and skills with their texts.

    Args:
        key: Its key (``liubei``), its zh name (``刘备``) or its en name (``Liu Bei``, any
            case).
        pack: The pack, for a name that two packs share (``曹操``; or give the key,
            ``caocao_hk``).

    Raises:
        ValueError: An unknown name (naming the closest keys), or a shared one without pack.

    Examples:
        ```python
        from heroes_env import hero_info

        liubei = hero_info("刘备")
        assert liubei.key == "liubei" and liubei.kingdom == "shu"
        print(liubei.describe("en"))
        ```
    """
    return _find("hero", query=key, table=HEROES, pack=pack)


def skill_info(key: str) -> SkillInfo:
    """A skill's data: names, kind and texts.

    Args:
        key: Its key (``rende``), its zh name (``仁德``) or its en name (``Benevolence``, any
            case). A name that two skills share (``激将``) needs the key.

    Raises:
        ValueError: An unknown name (naming the closest keys), or a shared one.
    """
    return _find("skill", query=key, table=SKILLS)


def pack_heroes(pack: str) -> list[HeroInfo]:
    """The heroes of a pack, in id order."""
    if pack not in content.PACK_NAMES:
        raise ValueError(f"unknown pack {pack!r}; packs: {list(content.PACK_NAMES)}")
    return [HEROES[h.key] for h in content.pack_heroes(pack)]


def lookup(name: str) -> HeroInfo | SkillInfo:
    """A hero or a skill, whichever the name names (a hero first); ValueError naming the closest
    of both otherwise. For ``? <name>`` in play."""
    errors = []
    for find in (hero_info, skill_info):
        try:
            return find(name)
        except ValueError as e:
            errors.append(str(e))
    shared = [e for e in errors if e.endswith("pass the key")]
    if shared:
        raise ValueError("; ".join(shared))
    low = name.strip().lower()
    close = closest(low, {n: x.key for x in [*HEROES.values(), *SKILLS.values()]
                          for n in (x.key, x.name_zh, x.name_en.lower())})
    raise ValueError(f"no hero or skill is called {name!r}"
                     + (f"; closest: {close}" if close else "; try a key such as 'liubei' "
                                                            "or 'rende'"))


# ---------------------------------------------------------------- the hero pages (docs/heroes/)
PAGE_MARK = ("<!-- {what}: made by heroes_env.heroes.{fn}; regenerate with "
             "`python -m tests.test_docs --regen` -->")
PAGE_END = "<!-- end of {what} -->"


def anchor(h: HeroInfo) -> str:
    """The anchor of a hero's heading on its pack page, as MkDocs makes it from the heading's
    text (its English name: ``Lü Bu`` -> ``lu-bu``; the Chinese name drops out)."""
    text = unicodedata.normalize("NFKD", f"{h.name_zh} {h.name_en}")
    text = re.sub(r"[^\w\s-]", "", text.encode("ascii", "ignore").decode("ascii")).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def hero_section(h: HeroInfo) -> str:
    """A hero's part of its pack page: names, kingdom, HP, gender, and each skill's zh and en
    names and texts (Markdown)."""
    head = (f"### {h.name_zh} {h.name_en}\n\n"
            f"{h.kingdom_name('zh')} {h.kingdom_name('en')} · {h.hp} HP · "
            f"{h.gender_name('zh')} {h.gender_name('en')} · key `{h.key}`\n")
    items = [f"- **{s.name_zh} · {s.name_en}** (`{s.key}`, {KIND_NAMES['en'][s.kind]})  \n"
             f"  {s.text_zh}  \n  {s.text_en}" for s in h.skills]
    return head + "\n" + "\n".join(items) + "\n"


def pack_section(pack: str) -> str:
    """Every hero of a pack, in id order (the generated part of ``docs/heroes/<pack>.md``)."""
    return "\n".join(hero_section(h) for h in pack_heroes(pack))


def index_table() -> str:
    """One row per hero of every pack (the generated part of ``docs/heroes/index.md``)."""
    rows = ["| 武将 | hero | pack | kingdom | HP | gender | skills |",
            "|---|---|---|---|---|---|---|"]
    for h in HEROES.values():
        skills = ", ".join(f"{s.name_zh} {s.name_en}" for s in h.skills)
        rows.append(f"| [{h.name_zh}]({h.pack}.md#{anchor(h)}) | {h.name_en} | {h.pack} | "
                    f"{h.kingdom_name('zh')} {h.kingdom_name('en')} | {h.hp} | "
                    f"{h.gender_name('en')} | {skills} |")
    return "\n".join(rows) + "\n"


def page_parts() -> dict[str, tuple[str, str, str]]:
    """Per page under docs/heroes/: (marker name, generator name, generated text)."""
    out = {"index.md": ("hero table", "index_table()", index_table())}
    for pack in content.PACK_NAMES:
        out[f"{pack}.md"] = ("hero list", f'pack_section("{pack}")', pack_section(pack))
    return out


def with_part(page: str, what: str, fn: str, body: str, where: str = "page") -> str:
    """page with the generated part between its markers replaced by body; ValueError if the
    page does not hold the markers exactly once."""
    start, end = PAGE_MARK.format(what=what, fn=fn), PAGE_END.format(what=what)
    i, j = page.find(start), page.find(end)
    if page.count(start) != 1 or page.count(end) != 1 or j < i:
        raise ValueError(f"{where}: expected one generated {what} between the lines {start!r} "
                         f"and {end!r}")
    return page[:i + len(start)] + "\n" + body + page[j:]
