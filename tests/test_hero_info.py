"""heroes_env.hero_info / skill_info: lookup by key, zh name or en name, clear errors for
unknown or shared names, and skill_text.csv checked at import (one text per skill, both
languages)."""
import csv
import dataclasses

import pytest

import heroes_env
from heroes_env import heroes
from heroes_env.engine import content
from heroes_env.engine.datafiles import rows as data_rows


def test_a_hero_by_key_zh_name_or_en_name():
    h = heroes_env.hero_info("liubei")
    assert isinstance(h, heroes_env.HeroInfo)
    assert heroes_env.hero_info("刘备") is h and heroes_env.hero_info("liu BEI ") is h
    assert (h.key, h.name_zh, h.name_en, h.pack, h.kingdom, h.hp, h.gender) == \
        ("liubei", "刘备", "Liu Bei", "standard", "shu", 4, "male")
    assert [s.key for s in h.skills] == ["rende", "jijiang"]
    assert h.name("zh") == "刘备" and h.name("en") == "Liu Bei"
    assert h.kingdom_name("zh") == "蜀" and h.gender_name("zh") == "男"
    assert h.summary() == "Liu Bei · Shu · 4 HP · male"
    with pytest.raises(dataclasses.FrozenInstanceError):
        h.hp = 5                                    # frozen


def test_every_hero_matches_heroes_csv():
    csv_rows = {r["key"]: r for r in data_rows("heroes.csv")}
    assert set(heroes.HEROES) == set(csv_rows)
    for key, r in csv_rows.items():
        h = heroes_env.hero_info(key)
        assert (h.hp, h.kingdom, h.gender, h.pack) == (int(r["hp"]), r["kingdom"], r["gender"],
                                                       r["pack"])
        assert tuple(s.key for s in h.skills) == tuple(r["skills"].split())


def test_a_skill_by_key_zh_name_or_en_name():
    s = heroes_env.skill_info("guanxing")
    assert isinstance(s, heroes_env.SkillInfo)
    assert heroes_env.skill_info("观星") is s and heroes_env.skill_info("stargazing") is s
    assert (s.key, s.name_zh, s.name_en, s.kind) == ("guanxing", "观星", "Stargazing", "triggered")
    assert "three" in s.text("en") and "三张" in s.text("zh")
    assert s.text() == s.text_en and s.text("zh") == s.text_zh
    assert heroes_env.skill_info("jijiang").lord and not s.lord


def test_variants_have_their_own_text():
    """A skill running another's code with a parameter is described as it plays."""
    assert "five" in heroes_env.skill_info("zhanbu").text_en            # 观星 with 5
    assert "suit" in heroes_env.skill_info("gongxin").text_en            # 反间 with a suit
    assert "colour" in heroes_env.skill_info("fanjian").text_en
    assert "female" in heroes_env.skill_info("zhengtai").text_en          # 离间 of two women
    assert heroes_env.skill_info("jijiang").text_en != heroes_env.skill_info("jijiang_hk").text_en


def test_unknown_names_name_the_closest_keys_and_shared_names_ask_for_the_key():
    with pytest.raises(ValueError, match=r"unknown hero 'liubie'; closest: \['liubei'"):
        heroes_env.hero_info("liubie")
    with pytest.raises(ValueError, match=r"unknown skill 'guanxin'; closest: \['guanxing'"):
        heroes_env.skill_info("guanxin")
    with pytest.raises(ValueError, match=r"'曹操' names 2 heroes: caocao \(pack standard\), "
                                         r"caocao_hk \(pack herokill\); pass the key"):
        heroes_env.hero_info("曹操")
    assert heroes_env.hero_info("曹操", pack="herokill").key == "caocao_hk"
    with pytest.raises(ValueError, match=r"'Rouse' names 2 skills: jijiang \(liubei\), jijiang_hk"):
        heroes_env.skill_info("Rouse")
    with pytest.raises(ValueError, match="unknown pack 'nope'"):
        heroes_env.hero_info("liubei", pack="nope")
    with pytest.raises(TypeError, match="a str"):
        heroes_env.hero_info(7)
    with pytest.raises(ValueError, match=r"lang must be one of \['en', 'zh'\]"):
        heroes_env.skill_info("rende").text("fr")
    with pytest.raises(ValueError, match=r"no hero or skill is called 'liubie'; closest: "):
        heroes.lookup("liubie")
    assert heroes.lookup("仁德").key == "rende" and heroes.lookup("Zhuge Liang").key == "zhugeliang"


def test_describe_lists_each_skill_with_its_text():
    text = heroes_env.hero_info("zhugeliang").describe("zh")
    lines = text.splitlines()
    assert lines[0] == "诸葛亮 · 蜀 · 体力 3 · 男"
    assert lines[1] == "  观星：" + heroes_env.skill_info("guanxing").text_zh
    assert lines[2].startswith("  空城：锁定技。")


def test_the_text_file_has_one_row_per_skill():
    rows = data_rows("skill_text.csv")
    assert [r["key"] for r in rows] == list(content.SKILLS)       # in skills.csv's order
    assert len(rows) == len(content.SKILLS) == len(heroes.SKILLS)
    for r in rows:
        assert r["text_zh"].strip() and r["text_en"].strip(), r["key"]
        assert not any(ch in r["text_en"] for ch in "。，；"), r["key"]   # English is English


GOOD = [{"key": "a", "text_zh": "甲", "text_en": "A"},
        {"key": "b", "text_zh": "乙", "text_en": "B"}]


@pytest.mark.parametrize("rows, message", [
    (GOOD[:1], r"no text for 1 skill\(s\): \['b'\]"),
    (GOOD + [{"key": "c", "text_zh": "丙", "text_en": "C"}], r"line 4: 'c' is no skill"),
    (GOOD + [{"key": "b", "text_zh": "乙", "text_en": "B"}], r"line 4: a second row for 'b'"),
    ([GOOD[0], {"key": "b", "text_zh": " ", "text_en": "B"}], r"line 3: 'b' has no text_zh"),
    ([GOOD[0], {"key": "b", "text_zh": "", "text_en": ""}], r"'b' has no text_zh and no text_en"),
    ([{"key": "a", "text": "x"}], r"columns must be \['key', 'text_zh', 'text_en'\]"),
])
def test_the_check_names_what_is_wrong(rows, message):
    assert heroes.check_skill_texts(GOOD, ["a", "b"]) == {"a": ("甲", "A"), "b": ("乙", "B")}
    with pytest.raises(ValueError, match=message):
        heroes.check_skill_texts(rows, ["a", "b"])


def test_a_bad_text_file_fails_at_import(monkeypatch, tmp_path):
    """What the import does: the shipped file with one row dropped is refused by name."""
    rows = data_rows("skill_text.csv")
    monkeypatch.setattr(heroes, "data_rows", lambda name: [r for r in rows if r["key"] != "tuxi"])
    with pytest.raises(ImportError, match=r"skill_text.csv: no text for 1 skill\(s\): \['tuxi'\]"):
        heroes._load_texts()
    path = tmp_path / "t.csv"                      # the file round-trips through csv as data
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["key", "text_zh", "text_en"])
        w.writeheader()
        w.writerows(rows)
    with open(path, encoding="utf-8") as f:
        assert list(csv.DictReader(f)) == rows


def test_exported():
    for name in ("hero_info", "skill_info", "HeroInfo", "SkillInfo"):
        assert name in heroes_env.__all__ and hasattr(heroes_env, name)
