"""One name per hero and per skill in each language, everywhere: the action labels, the log,
the decision text, the seat cards (play) and the pages (replay) all say ``name_en`` / ``name_zh``;
keys are still accepted as input. 离间's 决斗 is logged with both duellists."""
import io
import re

import numpy as np
import pytest
from helpers import table4

from heroes_env import Config, Game, heroes, labels
from heroes_env.engine import constants as C
from heroes_env.engine import content
from heroes_env.record import from_actions
from heroes_env.table import hero_card

KEYS = set(content.SKILLS) | set(heroes.HEROES)
# what a line shows when a name or a card is missing: "?" (a card with no id), "#" (an unknown
# id), "event" (an event with no words), "skill 2" / "option 3" (a slot or option by number)
MISSING = re.compile(r"\?|？|#|\bevent \d|skill \d|hero offer|option \d|选项 \d|技能 \d")


def random_game(pack, mode, n, seed):
    g = Game.new(Config(num_players=n, pack=pack, mode=mode), seed=seed, log=True)
    rng = np.random.default_rng(seed)
    shown = []
    while not g.done:
        legal = g.legal_actions()
        for lang in ("en", "zh"):
            shown += [(lang, g.action_to_str(a, lang), a) for a in legal]
        g.step(int(rng.choice(legal)))
    return g, shown


def words(text):
    return set(re.findall(r"[a-z_]+", text))


@pytest.mark.parametrize("pack", ["standard", "herokill", "classmates"])
@pytest.mark.parametrize("mode, n", [("identity", 8), ("3v3", 6)])
def test_random_games_name_every_hero_and_skill_the_same_way(pack, mode, n):
    for seed in range(2):
        g, shown = random_game(pack, mode, n, seed)
        for lang in ("en", "zh"):
            for view in (None, 0):
                lines = g.log_lines(lang, seat=view)
                for line in lines:
                    assert not MISSING.search(line), line
                    assert not words(line) & KEYS, line        # no key where a name belongs
            # every skill use is logged under the skill's name in this language
            skill_lines = [line for line in g.log_lines(lang)
                           if (" uses " in line if lang == "en" else " 发动") ]
            for ev in (e for e in g.event_log if e[0] == C.EV_SKILL and e[3] != C.EV_SKILL_SILENT):
                name = content.SKILLS_BY_ID[int(ev[2])].name(lang)
                assert any(name in line for line in skill_lines), (lang, name)
        for lang, label, a in shown:
            assert not MISSING.search(label) and not words(label) & KEYS, label
            if C.A_SKILL <= a < C.A_HERO:
                name = label.removeprefix("skill ").removeprefix("发动")
                assert name in {s.name(lang) for s in heroes.SKILLS.values()}, label


def test_labels_log_and_seat_card_agree_on_a_skill():
    """张辽: the seat card, the action label, the decision text and the log line all say 突袭 /
    Sudden Strike."""
    g = table4({"hero": "zhangliao"}, {"hand": ["jink ♦2"]}, {"hand": ["slash ♠7"]}, {},
               phase="draw")
    name = {"en": "Sudden Strike", "zh": "突袭"}
    card = hero_card(g.s[C.P_HERO + 0])
    for lang in ("en", "zh"):
        assert card["skills"][0][lang] == name[lang]
        assert name[lang] in g.describe_decision(lang)
    assert labels.skill_label(content.SKILLS["tuxi"].id, "en") == name["en"]
    g.play("target player_1")                      # 突袭 instead of drawing
    if not g.done and g.decider == 0 and g.decision_kind == C.DK_SKILL_TARGET:
        g.play("confirm")                          # no second target
    for lang in ("en", "zh"):
        line = next(x for x in g.log_lines(lang) if name[lang] in x)
        assert line == ("player_0 uses Sudden Strike on player_1" if lang == "en"
                        else "0号位 发动突袭 对 1号位")


def test_skill_actions_by_name_or_key():
    g = table4({"hero": "liubei", "hand": ["jink ♦2", "slash ♠7"]}, {}, {}, {})
    a = C.A_SKILL + 0
    assert g.action_to_str(a) == "skill Benevolence" and g.action_to_str(a, "zh") == "发动仁德"
    legal, args = g.legal_actions(), (g.deck, g.decider, g.num_players, g.s)
    for text in ("skill Benevolence", "发动仁德", "skill rende", "rende", "仁德", "benevolence",
                 "Skill Rende"):
        assert labels.match_action(text, legal, *args) == a, text
    with pytest.raises(ValueError, match="names no legal action"):
        labels.match_action("guanxing", legal, *args)


def test_the_draft_accepts_a_hero_key_or_name():
    cfg = Config(num_players=5, pack="standard")
    for text in ("liubei", "刘备", "Liu Bei", "hero liubei", "hero Liu Bei", "武将 刘备"):
        g = Game.new(cfg, seed=3, log=True)
        assert g.decider == 0 and g.decision_kind == C.DK_HERO
        assert "hero Liu Bei" in g.legal_labels() and "武将 刘备" in g.legal_labels("zh")
        g.play(text)
        assert g.hero(0).key == "liubei", text
    g = Game.new(cfg, seed=3)
    with pytest.raises(ValueError, match=r"'zhugeliang' names no legal action; legal now: "
                                         r"\['hero Cao Cao'"):
        g.play("zhugeliang")                       # not offered to the lord


def test_lijian_logs_both_duellists():
    g = table4({"hero": "diaochan", "hand": ["slash ♠7", "jink ♦2"]},
               {"hero": "ganning"}, {"hero": "lvmeng", "hand": ["slash ♠9"]}, {"hero": "zhenji"})
    g.play("skill lijian")
    g.play("Slash ♠7")
    g.play("target player_1")                      # 甘宁 uses the 决斗 on 吕蒙
    g.play("Slash ♠9")
    en, zh = g.log_lines("en"), g.log_lines("zh")
    assert "player_0 uses Seed of Animosity" in en and "0号位 发动离间" in zh
    assert "player_1 uses Duel on player_2 (Seed of Animosity)" in en
    assert "1号位 使用 决斗 对 2号位（离间）" in zh
    assert not any(MISSING.search(x) for x in en + zh)


def test_a_record_with_key_labels_still_replays():
    """Records written while the labels named skills and heroes by key ("skill rende", "hero
    liubei") still replay; a label naming something else still diverges."""
    from heroes_env.record import RecordDivergedError
    cfg = Config(num_players=5, pack="standard")
    rec = from_actions(cfg, 1, _actions(cfg, 1))
    g = Game.new(cfg, seed=1)
    old = []
    for seat, a, label in rec.decisions:
        if C.A_SKILL <= a < C.A_HERO:
            label = "skill " + content.SKILLS_BY_ID[
                int(g.s[C.P_SK0 + (a - C.A_SKILL) * C.MAX_SEATS + seat])].key
        elif a >= C.A_HERO:
            label = "hero " + content.HEROES_BY_ID[labels.hero_choices(g.s, seat)[a - C.A_HERO]].key
        old.append([seat, a, label])
        g.step(a)
    assert sum(a >= C.A_SKILL for _, a, _ in old) >= 5
    rec.decisions = old
    assert rec.replay().done
    k = next(k for k, (_, a, _) in enumerate(old) if a >= C.A_HERO)
    wrong = "hero zhugeliang" if old[k][2] != "hero zhugeliang" else "hero caocao"
    rec.decisions = old[:k] + [[old[k][0], old[k][1], wrong]] + old[k + 1:]
    with pytest.raises(RecordDivergedError, match=f"decision {k}"):
        rec.replay()


def _actions(cfg, seed):
    g = Game.new(cfg, seed=seed)
    rng = np.random.default_rng(seed)
    out = []
    while not g.done:
        a = int(rng.choice(g.legal_actions()))
        out.append(a)
        g.step(a)
    return out


def test_play_shows_the_draft_and_explains_on_demand():
    from heroes_env.play import Console, Session
    out = io.StringIO()
    s = Session(Config(num_players=5, pack="standard"), seat=0, opponents=["random"], seed=5,
                console=Console(io.StringIO("? 仁德\n? liubie\n? zhugeliang\nliubei\nq\n"), out))
    s.run()
    text = out.getvalue()
    draft = text[text.index("player_0 decides: choose a hero"):text.index("your choice")]
    for key in ("caocao", "liubei", "sunquan"):
        h = heroes.HEROES[key]
        assert f"hero {h.name_en}" in draft
        assert h.summary("en", with_name=False) in draft          # kingdom, HP, gender
        for sk in h.skills:
            assert f"{sk.name_en}: {sk.text_en}" in draft
    assert "Benevolence: In your play phase" in text.split("your choice", 1)[1]   # ? 仁德
    assert "no hero or skill is called 'liubie'; closest: ['liubei'" in text
    assert "Zhuge Liang · Shu · 3 HP · male\n  Stargazing: " in text
    assert "player_0 is Liu Bei" in text                              # liubei picked him


def test_play_in_chinese_shows_the_draft_in_chinese():
    from heroes_env.play import Console, Session
    out = io.StringIO()
    s = Session(Config(num_players=5, pack="standard"), seat=0, opponents=["random"], seed=5,
                lang="zh", console=Console(io.StringIO("刘备\nq\n"), out))
    s.run()
    text = out.getvalue()
    assert "武将 刘备" in text and "蜀 · 体力 4 · 男" in text
    assert "仁德：" + heroes.skill_info("rende").text_zh in text
    assert "0号位 的武将是 刘备" in text


def test_pages_carry_the_texts_and_the_offer():
    from heroes_env.replay import names_data, page_data
    cfg = Config(num_players=5, pack="standard")
    rec = from_actions(cfg, 2, _actions(cfg, 2))
    data = page_data(rec)
    first = data["frames"]["all"][0]["decision"]
    assert first["kind"] == C.DK_HERO and len(first["offer"]) == 5
    for h in first["offer"]:                       # every offered hero has its card on the page
        card = data["heroes"][str(h)]
        info = heroes.HEROES[content.HEROES_BY_ID[h].key]
        assert card["hp"] == info.hp and card["kingdom"]["zh"] == info.kingdom_name("zh")
        assert [k["text"]["en"] for k in card["skills"]] == [k.text_en for k in info.skills]
    assert data["hero_action"] == C.A_HERO
    # a seat's own view sees only its own offer
    seat1 = [f["decision"] for f in data["frames"]["1"] if f["decision"]]
    assert all("offer" not in d for d in seat1 if d["seat"] != 1)
    assert names_data(cfg)["heroes"]["7"]["skills"][0]["en"] == "Benevolence"


def _browser():
    from test_replay import _chromium
    return _chromium()


@pytest.mark.skipif(_browser() is None, reason="needs headless Chromium (apt-get install chromium;"
                                               " .ci/run installs it)")
def test_the_page_shows_the_offer_and_the_skill_texts(tmp_path):
    """The replay page: at the draft each offered hero's kingdom, HP and skills, each skill's
    text as its tooltip (and in the box a click opens); later, the seat cards' skills too."""
    import html as htmlmod

    from test_replay import _chromium, _dump

    from heroes_env.replay import write_html
    cfg = Config(num_players=5, pack="standard")
    rec = from_actions(cfg, 2, _actions(cfg, 2))
    page = tmp_path / "r.html"
    write_html(rec, str(page))
    dom = _dump(_chromium(), f"file://{page}#step=0&view=all&lang=en", tmp_path)
    assert 'id="errors"></div>' in dom
    assert dom.count('class="offer"') == 5 and dom.count("Shu · 4 HP · male") >= 1
    rende = heroes.skill_info("rende")
    assert f'title="{htmlmod.escape(rende.text_en)}"' in dom and ">Benevolence</span>" in dom
    dom = _dump(_chromium(), f"file://{page}#step=end&view=all&lang=zh", tmp_path)
    assert 'id="errors"></div>' in dom
    sk = re.findall(r'<span class="sk" tabindex="0" title="([^"]*)" data-text="[^"]*">([^<]*)<',
                    dom)
    assert len(sk) >= 5                              # every seat's skills, with their texts
    for text, name in sk:
        assert htmlmod.unescape(text) in {s.text_zh for s in heroes.SKILLS.values()
                                          if s.name_zh == name}, name


def test_the_draft_shows_lord_skills_only_to_the_lord():
    """Lord skills come only with the lord's seat: another seat's offer leaves them out, as
    does 3v3 (no lords)."""
    from heroes_env.play import Console, Session
    for cfg, seat, answers in ((Config(num_players=5, pack="standard"), 1, "q\n"),
                               (Config(mode="3v3", pack="standard"), 1, "first\nq\n")):
        out = io.StringIO()
        Session(cfg, seat=seat, opponents=["random"], seed=5,
                console=Console(io.StringIO(answers), out)).run()
        text = out.getvalue()
        draft = text[text.index(f"player_{seat} decides: choose a hero"):]
        assert draft.count("HP · ") >= 3 and "Lord skill" not in draft, draft
    from heroes_env.demo import offer_lines
    g = Game.new(Config(num_players=5, pack="standard"), seed=3)
    lines = offer_lines(g)                           # the lord's five: Escort, Rouse, Rescue too
    assert len(lines) == 5 and "Liu Bei · Shu · 4 HP · male: Benevolence, Rouse" in lines
    g.play("caocao")
    lines = offer_lines(g)
    assert len(lines) == 3 and not any(
        n in line for line in lines for n in ("Escort", "Rouse", "Rescue"))
