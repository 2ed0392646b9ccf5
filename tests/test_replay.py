"""python -m heroes_env.replay: the log of a record (all or one seat's), the replay page, the
seat views it is built from (nothing hidden leaks: checked by changing hidden information), and
the page in a real browser (headless Chromium)."""
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
from heroes_env.record import RecordingEnv, save_record
from heroes_env.replay import FrameBuilder, build_frames, main, page_data, write_html
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


def _scenario_frames(second_hand):
    """The lord dismantles player_1's card; player_2 holds second_hand. Frames of every view."""
    g = build(seats=[{"role": "lord", "hand": ["dismantlement", "peach"]},
                     {"role": "rebel", "hand": ["jink"]}, {"role": "loyalist", "hand": second_hand},
                     {"role": "renegade", "hand": ["slash"]}], current=0, phase="play")
    b = FrameBuilder(4)
    k = 0
    script = ["dismantlement", "target player_1"]   # the pick of its one card is autoplayed
    while g.decider == 2 or (g.decider == 0 and script):
        want = "pass" if g.decider == 2 else script.pop(0)   # player_2 declines its 无懈可击
        a = labels.match_action(want, g.legal_actions(), g.deck, g.decider, 4, g.s)
        b.decision(k, g, g.decider, a)
        g.step(a)
        k += 1
    assert g.decider == 1 and "player_0 dismantles player_1's Jink ♥2" in g.log_lines()
    return b.finish(g, k), k


def test_a_seat_cannot_tell_that_another_was_asked_something():
    # player_2 holds a 无懈可击 (and is asked whether to play it, and declines) or a 闪 (never
    # asked): the frames of player_3's view must be the same, the all-seeing view's not
    with_null, k1 = _scenario_frames(["nullification"])
    without, k2 = _scenario_frames(["jink"])
    assert k1 == k2 + 1
    strip = lambda fr: [{x: y for x, y in f.items() if x != "k"} for f in fr]    # noqa: E731
    for v in ("1", "3"):
        assert strip(with_null["frames"][v]) == strip(without["frames"][v]), f"seat {v} sees it"
        assert with_null["logs"][v] == without["logs"][v]
    assert len(with_null["frames"]["all"]) == len(without["frames"]["all"]) + 1
    assert strip(with_null["frames"]["2"]) != strip(without["frames"]["2"])


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


def _dump(browser, url, tmp_path):
    p = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                        f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1400,900",
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
    assert "主公" in dom and 'class="card back"' not in dom
