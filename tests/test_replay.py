"""python -m heroes_env.replay: the log of a record (all or one seat's), the replay page, the
seat views it is built from (nothing hidden leaks: checked by changing hidden information), and
the page in a real browser (headless Chromium)."""
import dataclasses
import json
import re
import shutil
import subprocess

import numpy as np
import pytest
from test_hidden_info import swap_in_place

import heroes_env
from heroes_env import Config, Game, labels
from heroes_env.engine import constants as C
from heroes_env.record import GameRecord, RecordError, RecordingEnv, save_record
from heroes_env.replay import (
    TEMPLATE,
    UI_TEXT,
    build_frames,
    main,
    page_data,
    render_page,
    write_html,
)
from heroes_env.scenario import build
from heroes_env.table import table_view


def _record(n=5, pack="standard", seed=3, path=None):
    e = RecordingEnv(heroes_env.env(num_players=n, pack=pack), path)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _agent in e.agent_iter():
        obs, r, term, trunc, info = e.last()
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return e.records[0]


@pytest.fixture(scope="module")
def rec():
    return _record()


# ---------------------------------------------------------------- the log
def test_log_lines_hide_other_seats_private_cards():
    deck = heroes_env.cards.deck("standard")
    other = 7
    for ev, who in [((C.EV_DRAW, 1, 5, 0), {1}), ((C.EV_GIVE, 1, 5, 3), {1, 3}),
                    ((C.EV_GAIN, 1, 5, 3), {1, 3})]:
        moved = (ev[0], ev[1], other, ev[3])
        for viewer in range(5):
            a = labels.event_to_str(ev, deck, "en", viewer)
            b = labels.event_to_str(moved, deck, "en", viewer)
            if viewer in who:
                assert a != b and deck[5].label("en") in a
            else:
                assert a == b and "a card" in a and deck[5].label("en") not in a
        assert (labels.event_to_str(ev, deck, "en", None)
                != labels.event_to_str(moved, deck, "en", None))
    # a card taken from the table, or from equipment (public_gain), is seen by everyone
    assert deck[5].label("en") in labels.event_to_str((C.EV_GAIN, 1, 5, -1), deck, "en", 2)
    assert deck[5].label("en") in labels.event_to_str((C.EV_GAIN, 1, 5, 3), deck, "en", 2, True)
    assert "一张牌" in labels.event_to_str((C.EV_DRAW, 1, 5, 0), deck, "zh", 2)


@pytest.mark.parametrize("source, public",
                         [({"equip": ["chitu"]}, True), ({"hand": ["jink"]}, False)])
def test_a_snatched_card_is_public_only_if_it_was_in_sight(source, public):
    g = build(seats=[{"role": "lord", "hand": ["snatch"]}, {"role": "rebel", **source},
                     {"role": "loyalist"}, {"role": "renegade"}], current=0, phase="play")
    g.play("snatch")             # the only target, the only card to take: both autoplayed
    assert len(g.hand(0)) == 1
    taken = g.hand(0)[0]
    name = g.card_name(taken)
    assert any(name in x for x in g.log_lines(seat=0))
    assert any(name in x for x in g.log_lines(seat=1))
    assert any(name in x for x in g.log_lines(seat=2)) == public
    assert any(name in x for x in g.log_lines())


def test_replay_prints_the_log_of_any_seat(rec, tmp_path, capsys):
    path = tmp_path / "g.json"
    save_record(rec, str(path))
    assert main([str(path)]) == 0
    everything = capsys.readouterr().out
    assert "result: " + rec.result in everything
    assert main([str(path), "--seat", "1", "--lang", "zh"]) == 0
    seat1 = capsys.readouterr().out
    assert "结果：" in seat1 and "0号位 摸了 一张牌" in seat1
    assert "player_0 draws a card" not in everything
    assert main([str(path), "--seat", "9"]) == 2
    assert "--seat must be 0 to 4" in capsys.readouterr().err
    assert main([str(tmp_path / "none.json")]) == 2
    assert "no record file" in capsys.readouterr().err


def test_replay_of_a_diverged_record_is_an_error(rec, tmp_path, capsys):
    d = rec.to_dict()
    d["decisions"][5][2] = "Peach ♥Q" if d["decisions"][5][2] != "Peach ♥Q" else "pass"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(d))
    assert main([str(path), "--html", str(tmp_path / "x.html")]) == 2
    assert "diverged at decision 5" in capsys.readouterr().err
    assert not (tmp_path / "x.html").exists()


# ---------------------------------------------------------------- the seat views
def _views(g):
    return [json.dumps(table_view(g, v), sort_keys=True)
            for v in [None] + list(range(g.num_players))]


def _check_no_leak(g, rng):
    """Change hidden information on clones; every view that may not see it stays the same."""
    n = g.num_players
    before = _views(g)
    checked = 0
    deck = [int(x) for x in g.s[C.D_ORDER:C.D_ORDER + g.s[C.H_NDECK]]]
    for j in range(n):                      # another seat's hand card <-> a draw-pile card
        if not g.hand(j) or not deck:
            continue
        h = g.clone()
        swap_in_place(h, j, int(rng.choice(g.hand(j))), int(rng.choice(deck)))
        after = _views(h)
        assert after[0] != before[0], "the all-seeing view misses a hand change"
        for v in range(n):
            if v == j:
                assert after[v + 1] != before[v + 1], "a seat does not see its own hand"
            else:
                assert after[v + 1] == before[v + 1], f"seat {v} sees seat {j}'s hand"
        checked += 1
    if len(deck) >= 2:                      # the draw pile's order
        h = g.clone()
        h.s[C.D_ORDER:C.D_ORDER + len(deck)] = np.roll(np.array(deck, np.int32), 1)
        h.invalidate()
        assert _views(h)[1:] == before[1:], "a seat sees the order of the draw pile"
        checked += 1
    hidden = [i for i in range(n) if g.alive(i) and g.role(i) != C.ROLE_LORD
              and not g.s[C.P_REVEALED + i]]
    pairs = [(a, b) for a in hidden for b in hidden if a < b and g.role(a) != g.role(b)]
    if pairs:                               # two hidden roles swapped
        a, b = pairs[int(rng.integers(len(pairs)))]
        h = g.clone()
        h.s[C.P_ROLE + a], h.s[C.P_ROLE + b] = g.role(b), g.role(a)
        h.invalidate()
        after = _views(h)
        assert after[0] != before[0]
        for v in range(n):
            if v in (a, b):
                assert after[v + 1] != before[v + 1]
            else:
                assert after[v + 1] == before[v + 1], f"seat {v} sees the roles of {a} and {b}"
        checked += 1
    if g.s[C.H_DRAFT] and g.decision_kind == C.DK_HERO and C.MODE_IDENTITY == g.s[C.H_MODE]:
        chosen = [i for i in range(1, g.decider)]        # picked, not shown yet
        if chosen:
            j = chosen[-1]
            h = g.clone()
            used = {int(h.s[C.P_HERO + i]) for i in range(n)}
            h.s[C.P_HERO + j] = next(x.id for x in heroes_env.engine.content.HEROES
                                     if x.id not in used)
            h.invalidate()
            after = _views(h)
            assert after[0] != before[0]
            for v in range(n):
                if v != j:
                    assert after[v + 1] == before[v + 1], f"seat {v} sees seat {j}'s draft pick"
            checked += 1
    return checked


@pytest.mark.parametrize("n, pack, seed", [(5, "standard", 1), (8, "standard", 2), (4, "none", 3),
                                           (6, "herokill", 4)])
def test_seat_views_leak_nothing_hidden(n, pack, seed):
    g = Game.new(Config(num_players=n, pack=pack), seed=seed, log=True)
    rng = np.random.default_rng(seed)
    checked = k = 0
    while not g.done:
        if k % 3 == 0 or g.s[C.H_DRAFT]:
            checked += _check_no_leak(g, rng)
        g.step(int(rng.choice(g.legal_actions())))
        k += 1
    assert checked > 50


def test_page_frames_show_each_seat_only_its_own(rec):
    data = build_frames(rec)
    n = rec.config.num_players
    assert data["views"] == ["all"] + [str(i) for i in range(n)]
    frames = data["frames"]
    assert len(frames["all"]) == len(rec.decisions) + 1
    for v in range(n):
        fr = frames[str(v)]
        ks = [f["k"] for f in fr]
        assert ks == sorted(set(ks)) and ks[-1] == len(rec.decisions)
        own = [k for k, d in enumerate(rec.decisions) if d[0] == v]
        assert set(own) <= set(ks)                       # every own decision has its frame
        for f in fr:
            for st in f["seats"]:
                if st["seat"] != v:
                    assert st["hand"] is None
                    known = st["role"] == C.ROLE_LORD or not st["alive"] or f["done"]
                    assert st["role"] == -1 or known or rec.config.mode == "3v3"
            dec = f["decision"]
            if dec is None:
                continue
            assert ("legal" in dec) == (dec["seat"] == v)
            seat, action, label = rec.decisions[f["k"]]
            assert f["taken"] == {"seat": seat, "en": label, "zh": f["taken"]["zh"]}
            if seat != v:            # another seat's frame: only for an action that became public
                assert action != C.A_PASS and action < C.A_HERO
        assert len(fr) < len(frames["all"])
    for f in frames["all"]:
        assert all(st["hand"] is not None and st["role"] >= 0 for st in f["seats"])
    # the log of a seat: its own draws named, the others' not; as many lines as the full log
    logs = data["logs"]
    assert any(re.match(r"player_1 draws (?!a card)", x[0]) for x in logs["1"])
    assert not any(re.match(r"player_2 draws (?!a card)", x[0]) for x in logs["1"])
    assert len(logs["all"]) == len(logs["1"])
    for key, fr in frames.items():
        assert [f["lines"] for f in fr] == sorted(f["lines"] for f in fr)
        assert fr[-1]["lines"] == len(logs[key])


@dataclasses.dataclass
class _RiggedRecord(GameRecord):
    """A record of a game that starts from a scenario (``scenario.build(**scenario)``) instead of
    a seed's deal: the same table with other hidden cards and roles makes another record."""
    scenario: dict = dataclasses.field(default_factory=dict)

    def new_game(self, log=True):
        return build(**self.scenario)


def _rigged_record(second_hand, roles=("lord", "rebel", "loyalist", "renegade"),
                   lord_second="peach", deck_top=("slash", "slash")):
    """The lord dismantles player_1's one card; player_2 holds second_hand (a 无懈可击 makes
    player_2 decide whether to play it: it declines). roles, lord_second (the lord's other card)
    and deck_top (what player_1 draws next) change only what player_3 cannot see. The record ends
    at player_1's first decision."""
    hands = [["dismantlement", lord_second], ["jink"], second_hand, ["slash"]]
    scenario = {"seats": [{"role": r, "hand": h} for r, h in zip(roles, hands, strict=True)],
                "deck_top": list(deck_top), "current": 0, "phase": "play"}
    g = build(**scenario)
    decisions = []
    script = ["dismantlement", "target player_1"]   # the pick of its one card is autoplayed
    while g.decider == 2 or (g.decider == 0 and script):
        want = "pass" if g.decider == 2 else script.pop(0)   # player_2 declines its 无懈可击
        a = labels.match_action(want, g.legal_actions(), g.deck, g.decider, 4, g.s)
        decisions.append([g.decider, a, g.action_to_str(a)])
        g.step(a)
    assert g.decider == 1 and "player_0 dismantles player_1's Jink ♥2" in g.log_lines()
    return _RiggedRecord(config=g.config, engine_seed=0, decisions=decisions, scenario=scenario)


def test_a_seat_cannot_tell_that_another_was_asked_something():
    # player_2 holds a 无懈可击 (and is asked whether to play it, and declines) or a 闪 (never
    # asked): the frames of player_3's view must be the same, the all-seeing view's not
    rec_null, rec_jink = _rigged_record(["nullification"]), _rigged_record(["jink"])
    assert len(rec_null.decisions) == len(rec_jink.decisions) + 1
    with_null, without = build_frames(rec_null), build_frames(rec_jink)
    strip = lambda fr: [{x: y for x, y in f.items() if x != "k"} for f in fr]    # noqa: E731
    for v in ("1", "3"):
        assert strip(with_null["frames"][v]) == strip(without["frames"][v]), f"seat {v} sees it"
        assert with_null["logs"][v] == without["logs"][v]
    assert len(with_null["frames"]["all"]) == len(without["frames"]["all"]) + 1
    assert strip(with_null["frames"]["2"]) != strip(without["frames"]["2"])


# ---------------------------------------------------------------- the page of one seat
def test_a_seat_page_is_the_same_whatever_the_others_hide():
    """player_3's page, byte for byte, whatever the other seats hide: whether player_2 was asked
    something, the hidden roles, the lord's other card, the cards player_1 draws. The page of
    every view tells each of these apart."""
    base = _rigged_record(["nullification"])
    others = [_rigged_record(["jink"]),
              _rigged_record(["nullification"], roles=("lord", "loyalist", "rebel", "renegade")),
              _rigged_record(["nullification"], lord_second="jink"),
              _rigged_record(["nullification"], deck_top=("peach", "slash"))]
    seat3, every = render_page(page_data(base, 3)), render_page(page_data(base))
    assert seat3 != every
    for rec in others:
        assert render_page(page_data(rec)) != every
        assert render_page(page_data(rec, 3)) == seat3


def _embedded(page):
    return json.loads(page.split('id="data">', 1)[1].split("</script>", 1)[0])


def test_a_seat_page_holds_that_seat_s_view_alone(rec, tmp_path, capsys):
    path, seat_page, all_page = tmp_path / "g.json", tmp_path / "seat2.html", tmp_path / "all.html"
    save_record(rec, str(path))
    assert main([str(path), "--html", str(all_page)]) == 0
    assert main([str(path), "--html", str(seat_page), "--seat", "2"]) == 0
    assert "player_2's view only" in capsys.readouterr().out
    text = seat_page.read_text(encoding="utf-8")
    assert text != all_page.read_text(encoding="utf-8")
    d = _embedded(text)
    assert d["views"] == ["2"] and set(d["frames"]) == set(d["logs"]) == {"2"}
    assert d["logs"]["2"] == build_frames(rec)["logs"]["2"]
    assert [f["k"] for f in d["frames"]["2"]] == list(range(len(d["frames"]["2"])))
    assert d["title"]["en"].endswith("player_2's view only")
    assert d["title"]["zh"].endswith("仅2号位视角")
    # no seed (it deals the game again): the page of every view names it
    assert f"seed {rec.seed}" in all_page.read_text(encoding="utf-8")
    assert "seed" not in d["title"]["en"] and "种子" not in d["title"]["zh"]
    # no other seat's role before it is known, no other seat's hand, at any step
    for f in d["frames"]["2"]:
        for st in f["seats"]:
            if st["seat"] != 2:
                assert st["hand"] is None
                assert st["role"] in (-1, C.ROLE_LORD) or not st["alive"] or f["done"]


def test_a_seat_page_holds_only_that_seat_s_transcripts(rec):
    own = [k for k, (seat, _, _) in enumerate(rec.decisions) if seat == 2][:3]
    other = [k for k, (seat, _, _) in enumerate(rec.decisions) if seat == 0][:3]
    talk = [{"decision": k, "seat": rec.decisions[k][0], "model": "m",
             "prompt": f"the prompt of decision {k}", "replies": ["1"]} for k in own + other]
    talked = dataclasses.replace(rec, transcripts=talk)
    d = page_data(talked, 2)
    steps = {int(j) for j in d["transcripts"]}
    assert len(steps) == len(own)
    for j in steps:                        # beside the frame of that seat's own decision
        assert d["frames"]["2"][j]["taken"]["seat"] == 2
        assert d["transcripts"][str(j)]["seat"] == 2
    page = render_page(d)
    assert all(f"the prompt of decision {k}" in page for k in own)
    assert not any(f"the prompt of decision {k}" in page for k in other)
    assert set(page_data(talked)["transcripts"]) == {str(k) for k in own + other}


@pytest.mark.parametrize("seat", [5, 9])
def test_a_seat_outside_the_game_writes_no_page(rec, tmp_path, capsys, seat):
    path, out = tmp_path / "g.json", tmp_path / "seat.html"
    save_record(rec, str(path))
    assert main([str(path), "--html", str(out), "--seat", str(seat)]) == 2
    err = capsys.readouterr().err
    assert f"--seat must be 0 to 4 for this 5-player game, got {seat}" in err
    assert not out.exists()
    out.write_text("kept")
    assert main([str(path), "--html", str(out), "--seat", str(seat)]) == 2
    assert out.read_text() == "kept"
    with pytest.raises(RecordError, match="seat must be 0 to 4"):
        page_data(rec, seat)


def test_every_page_string_has_both_languages():
    """UI_TEXT: the same keys and the same blanks in each language, the header's strings
    translated, and every string the page's script asks for is there."""
    en, zh = UI_TEXT["en"], UI_TEXT["zh"]
    assert set(en) == set(zh)
    for key in en:
        assert en[key].count("{}") == zh[key].count("{}"), key
        assert re.findall(r"{(\w+)}", en[key]) == re.findall(r"{(\w+)}", zh[key]), key
    for key in ("title", "only", "first", "prev", "play_pause", "next", "view", "play", "step",
                "language", "all", "page"):
        assert re.search("[\u4e00-\u9fff]", zh[key]), key
    script = TEMPLATE
    used = (set(re.findall(r"\bL\.(\w+)", script)) | set(re.findall(r'tr\("(\w+)"', script))
            | set(re.findall(r"T\[S\.lang\]\.(\w+)", script)))
    assert used and used <= set(en), used - set(en)


def test_the_page_is_one_self_contained_file(rec, tmp_path):
    out = tmp_path / "p.html"
    write_html(rec, str(out))
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "<style>" in text and "<script>" in text
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text)
    assert not re.search(r"<link|@import|url\(", text)
    assert "</script>" not in text.split('id="data">', 1)[1].split("</script>", 1)[0]
    d = page_data(rec)
    assert set(d["heroes"]) and len(d["cards"]) == 108 and d["result"] == rec.result


# ---------------------------------------------------------------- a real browser
def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        p = shutil.which(name)
        if p:
            return p
    return None


def _dump(browser, url, tmp_path, size="1400,900"):
    p = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                        f"--user-data-dir={tmp_path / 'profile'}", f"--window-size={size}",
                        "--virtual-time-budget=5000", "--dump-dom", url],
                       capture_output=True, text=True, timeout=180)
    assert p.returncode == 0, p.stderr[-2000:]
    # what is on screen: the DOM before the page's data and scripts
    return p.stdout.split('<script type="application/json"', 1)[0]


@pytest.mark.skipif(_chromium() is None, reason="needs headless Chromium (apt-get install chromium;"
                                                 " .ci/run installs it)")
def test_the_page_in_a_real_browser(rec, tmp_path):
    browser = _chromium()
    page = tmp_path / "replay.html"
    write_html(rec, str(page))
    n = rec.config.num_players
    frames = len(rec.decisions) + 1
    # step through every frame of every view in both languages, then show frame 20 as seat 2
    dom = _dump(browser, f"file://{page}#step=20&view=2&lang=en&selftest=1", tmp_path)
    assert 'id="errors"></div>' in dom, re.search(r'id="errors">([^<]*)', dom).group(1)
    assert "data-errors" not in dom
    shown = sum(len(f) for f in build_frames(rec)["frames"].values())
    assert f'data-selftest="ok {2 * shown}"' in dom
    assert 'data-step="20"' in dom and 'data-view="2"' in dom
    seats = re.findall(r'<div class="seat[^"]*" data-seat="(\d)"', dom)
    assert sorted(seats) == [str(i) for i in range(n)]
    assert "player_2 (you)" in dom
    assert len(re.findall(r'class="card[^"]*" data-card=', dom)) >= 3      # cards on screen
    # others' hands face down
    assert len(re.findall(r'class="card back"', dom)) >= 1
    assert "--- round 1: player_0's turn ---" in dom                       # the log beside it
    # the end of the game, all-seeing, in Chinese
    dom = _dump(browser, f"file://{page}#step=end&view=all&lang=zh", tmp_path)
    assert 'id="errors"></div>' in dom
    assert f'data-step="{frames - 1}"' in dom and "游戏结束" in dom
    assert '<h1 id="title" title="身份局 · 5 人 · 武将包 standard · 牌堆 standard · 种子 3">' in dom
    assert "主公" in dom and 'class="card back"' not in dom


@pytest.mark.skipif(_chromium() is None, reason="needs headless Chromium (apt-get install chromium;"
                                                 " .ci/run installs it)")
def test_a_seat_page_in_a_real_browser(rec, tmp_path):
    """player_2's page opens in player_2's view (even when the fragment asks for all-seeing),
    offers no other view, and its header is in the page's language and fits a narrow window
    (the self-test checks the header in both languages)."""
    page = tmp_path / "seat2.html"
    write_html(rec, str(page), seat=2)
    dom = _dump(_chromium(), f"file://{page}#view=all&lang=zh&selftest=1", tmp_path,
                size="720,700")
    assert 'id="errors"></div>' in dom, re.search(r'id="errors">([^<]*)', dom).group(1)
    frames = len(build_frames(rec)["frames"]["2"])
    assert f'data-selftest="ok {2 * frames}"' in dom and 'data-view="2"' in dom
    header = dom.split("<header>", 1)[1].split("</header>", 1)[0]
    assert re.findall(r'<option value="([^"]*)"', header) == ["2", "en", "zh"]
    shown = " ".join(re.sub(r"<[^>]+>", " ", header).split())
    assert shown.startswith("身份局 · 5 人 · 武将包 standard · 牌堆 standard · 仅2号位视角")
    assert "播放" in shown and f"共 {frames - 1} 步" in shown and "视角 2号位" in shown
    for english in ("players", "pack", "view", "play", "step", "all-seeing"):
        assert english not in shown
    tips = re.findall(r'title="([^"]*)"', header)
    assert len(tips) == 7 and all(re.search("[\u4e00-\u9fff]", t) for t in tips), tips
