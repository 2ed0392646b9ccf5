"""Heroes and skills as data: ``heroes_env/data/heroes.csv`` and ``skills.csv``, checked at import.

The compiled engine reads heroes from ``HERO_TAB`` (one row of ``HERO_REC`` int32 per hero id;
Numba freezes it into the compiled code, and ``heroes_env.fast.jit`` keys the cache by the data
files too, so an edit of the data recompiles). A hero naming an unknown skill, a skill of an
unknown family or kind, or a skill without code fails here, at import, and so do ``SK_*``
constants (``skills/ids.py``, generated from the same ``skills.csv``) that disagree with it.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import constants as C
from .datafiles import rows as _rows

KINGDOMS = {"wei": C.KD_WEI, "shu": C.KD_SHU, "wu": C.KD_WU, "qun": C.KD_QUN,
            "jun": C.KD_JUN, "chen": C.KD_CHEN, "min": C.KD_MIN}
KINGDOM_NAMES = {"zh": {0: "", C.KD_WEI: "魏", C.KD_SHU: "蜀", C.KD_WU: "吴", C.KD_QUN: "群",
                        C.KD_JUN: "君", C.KD_CHEN: "臣", C.KD_MIN: "民"},
                 "en": {0: "", C.KD_WEI: "Wei", C.KD_SHU: "Shu", C.KD_WU: "Wu", C.KD_QUN: "Qun",
                        C.KD_JUN: "Jun", C.KD_CHEN: "Chen", C.KD_MIN: "Min"}}
GENDERS = {"male": C.GENDER_MALE, "female": C.GENDER_FEMALE}
SKILL_KINDS = ("triggered", "locked", "active", "conversion", "lord")
# skills.csv "history": what the skill's use on a seat counts as in the public history ("" = none;
# a skill running another's code inherits the base skill's unless it names its own)
SKILL_HISTORY = {"": 0, "harm": C.HK_AIM + 1, "protect": C.HK_PROTECT + 1}
# skills.csv "on_loss": the card loss the skill answers (``state._leave`` raises it; "" = none; a
# skill running another's code answers the base skill's)
SKILL_ON_LOSS = {"": 0, "hand": C.LOSS_HAND, "equip": C.LOSS_EQUIP}
PACKS = {"standard": C.PACK_STANDARD, "herokill": C.PACK_HEROKILL, "classmates": C.PACK_CLASSMATES}
# the engine/skills modules, one per family of mechanics (index = family id in SKILL_FAMILY)
FAMILIES = ("modifiers", "conversions", "damage", "judgement", "phases", "card_loss", "targeting",
            "active", "lord")


@dataclass(frozen=True)
class Skill:
    id: int
    key: str
    name_zh: str
    name_en: str
    kind: str          # triggered / locked / active / conversion / lord
    family: str        # the engine/skills module that implements it
    base: str = ""     # the skill whose code this one runs (e.g. 集权 runs 奸雄); "" = its own
    param: int = 0     # a number the shared code reads (观星 3, 占卜 5; a lord skill's helper
                       # kingdom)
    history: str = ""  # public history (engine/history.py): "harm" / "protect" when used on a seat
    on_loss: str = ""  # the card loss it answers: "hand" (his last hand card), "equip" (an
    #                    equipped card); "" none

    @property
    def base_key(self):
        return self.base or self.key

    def name(self, lang="en"):
        return self.name_zh if lang == "zh" else self.name_en


@dataclass(frozen=True)
class Hero:
    id: int
    key: str
    pack: str
    name_zh: str
    name_en: str
    kingdom: int
    hp: int
    gender: int
    skills: tuple[int, ...]
    lord_offer: bool       # lord_offer 1: offered first to the lord (the pack's lord candidates)
    never_lord: bool = False   # lord_offer -1: may never be the lord (吕龙生: "且不可做主公")

    def name(self, lang="en"):
        return self.name_zh if lang == "zh" else self.name_en


def _param(row):
    v = row.get("param") or "0"
    if v in KINGDOMS:
        return KINGDOMS[v]
    try:
        return int(v)
    except ValueError:
        raise ImportError(f"skills.csv: {row['key']}: param must be an integer or a kingdom "
                          f"{sorted(KINGDOMS)}, got {v!r}") from None


def _load_skills() -> dict[str, Skill]:
    out = {}
    for r in _rows("skills.csv"):
        sk = Skill(int(r["id"]), r["key"], r["name_zh"], r["name_en"], r["kind"], r["family"],
                   r.get("base") or "", _param(r), r.get("history") or "", r.get("on_loss") or "")
        if sk.history not in SKILL_HISTORY:
            raise ImportError(f"skills.csv: {sk.key}: unknown history {sk.history!r}; known "
                              f"{sorted(k for k in SKILL_HISTORY if k)} or empty")
        if sk.on_loss not in SKILL_ON_LOSS or (sk.on_loss and sk.base):
            raise ImportError(f"skills.csv: {sk.key}: on_loss {sk.on_loss!r} must be one of "
                              f"{sorted(k for k in SKILL_ON_LOSS if k)} or empty (empty for a "
                              f"skill running another's code: it answers its base skill's)")
        if sk.family not in FAMILIES:
            raise ImportError(f"skills.csv: {sk.key}: unknown family {sk.family!r}; "
                              f"known {FAMILIES}")
        if sk.kind not in SKILL_KINDS:
            raise ImportError(f"skills.csv: {sk.key}: unknown kind {sk.kind!r}; "
                              f"known {SKILL_KINDS}")
        if not 0 < sk.id < C.MAX_SKILLS or sk.key in out:
            raise ImportError(f"skills.csv: bad or duplicate skill {sk.key} ({sk.id})")
        out[sk.key] = sk
    for sk in out.values():
        if sk.base:
            b = out.get(sk.base)
            if b is None or b.base:
                raise ImportError(f"skills.csv: {sk.key}: base {sk.base!r} must be a skill with "
                                  f"its own code")
            if b.family != sk.family:
                raise ImportError(f"skills.csv: {sk.key} runs {b.key}'s code, so its family must "
                                  f"be {b.family!r}, not {sk.family!r}")
    return out


def _check_ids(skills: dict[str, Skill]) -> None:
    """The generated ``skills/ids.py`` names every skill of skills.csv with its id, and no other."""
    from .skills import ids
    made = {k: v for k, v in vars(ids).items() if k.startswith("SK_")}
    want = {"SK_" + sk.key.upper(): sk.id for sk in skills.values()}
    if made != want or len(set(want.values())) != len(want):
        wrong = sorted(set(made.items()) ^ set(want.items()))
        raise ImportError(f"skills.csv and skills/ids.py disagree ({wrong[:4]}...) or an id "
                          "repeats: run python heroes_env/engine/skills/generate.py")


SKILLS = _load_skills()
_check_ids(SKILLS)
SKILLS_BY_ID = {s.id: s for s in SKILLS.values()}


def _load_heroes() -> list[Hero]:
    out = []
    for r in _rows("heroes.csv"):
        where = f"heroes.csv: hero {r['key']!r}"
        unknown = [k for k in r["skills"].split() if k not in SKILLS]
        if unknown:
            raise ImportError(f"{where} names unknown skills {unknown}; known: {sorted(SKILLS)}")
        if r["kingdom"] not in KINGDOMS or r["gender"] not in GENDERS or r["pack"] not in PACKS:
            raise ImportError(f"{where}: bad kingdom {r['kingdom']!r} or gender {r['gender']!r}")
        skills = tuple(SKILLS[k].id for k in r["skills"].split())
        if not 1 <= len(skills) <= C.MAX_SKILL_SLOTS:
            raise ImportError(f"{where}: 1 to {C.MAX_SKILL_SLOTS} skills, got {len(skills)}")
        if r["lord_offer"] not in ("1", "0", "-1"):
            raise ImportError(f"{where}: lord_offer must be 1 (offered first to the lord), 0 or "
                              f"-1 (never the lord), got {r['lord_offer']!r}")
        h = Hero(int(r["id"]), r["key"], r["pack"], r["name_zh"], r["name_en"],
                 KINGDOMS[r["kingdom"]], int(r["hp"]), GENDERS[r["gender"]], skills,
                 r["lord_offer"] == "1", r["lord_offer"] == "-1")
        if not 0 <= h.id < C.OBS_HERO_ROOM:
            raise ImportError(f"{where}: id {h.id} is outside the observation's hero room, ids 0 "
                              f"to {C.OBS_HERO_ROOM - 1} (constants.OBS_HERO_ROOM); a fuller "
                              f"room is a new observation layout: docs/adding-a-hero.md")
        if any(x.id == h.id or x.key == h.key for x in out):
            raise ImportError(f"{where}: duplicate id {h.id} or key")
        out.append(h)
    return out


HEROES = _load_heroes()
HEROES_BY_ID = {h.id: h for h in HEROES}
HEROES_BY_KEY = {h.key: h for h in HEROES}
PACK_NAMES = tuple(dict.fromkeys(h.pack for h in HEROES))


def pack_heroes(pack: str) -> list[Hero]:
    return [h for h in HEROES if h.pack == pack]


def _hero_table() -> np.ndarray:
    tab = np.zeros((C.MAX_HEROES, C.HERO_REC), np.int32)
    for h in HEROES:
        tab[h.id, C.HR_HP] = h.hp
        tab[h.id, C.HR_GENDER] = h.gender
        tab[h.id, C.HR_KINGDOM] = h.kingdom
        tab[h.id, C.HR_LORD_OFFER] = -1 if h.never_lord else int(h.lord_offer)
        tab[h.id, C.HR_PACK] = PACKS[h.pack]
        for i, sk in enumerate(h.skills):
            tab[h.id, C.HR_SK + i] = sk
    return tab


HERO_TAB = _hero_table()
# per skill id: 1 for lord skills (given to a hero only when it is the lord); its family index;
# the id whose code it runs (SKILL_BASE[id] == id for a skill with its own code); its parameter.
# A seat's slots hold the hero's own skill ids (names, observations); the engine's mechanics
# compare base ids (``state.slot_skill``, ``state.has_skill``) and read parameters by the slot.
LORD_SKILL = np.zeros(C.MAX_SKILLS, np.int32)
SKILL_FAMILY = np.full(C.MAX_SKILLS, -1, np.int32)
SKILL_BASE = np.zeros(C.MAX_SKILLS, np.int32)
SKILL_PARAM = np.zeros(C.MAX_SKILLS, np.int32)
SKILL_HIST = np.zeros(C.MAX_SKILLS, np.int32)       # SKILL_HISTORY code (HK_* + 1, 0 none)
SKILL_LOSS = np.zeros(C.MAX_SKILLS, np.int32)       # SKILL_ON_LOSS code (LOSS_*, 0 none), by own id
for _s in SKILLS.values():
    SKILL_HIST[_s.id] = SKILL_HISTORY[_s.history or SKILLS[_s.base_key].history]
    LORD_SKILL[_s.id] = _s.kind == "lord"
    SKILL_FAMILY[_s.id] = FAMILIES.index(_s.family)
    SKILL_BASE[_s.id] = SKILLS[_s.base_key].id
    SKILL_PARAM[_s.id] = _s.param
    SKILL_LOSS[_s.id] = SKILL_ON_LOSS[SKILLS[_s.base_key].on_loss]
