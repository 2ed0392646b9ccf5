"""Replay a recorded game: its log in the terminal, or a page to step through in the browser.

    python -m heroes_env.replay game.json                  # the whole log (everything)
    python -m heroes_env.replay game.json --seat 2 --lang zh   # what player_2 saw, in Chinese
    python -m heroes_env.replay games.jsonl --game 3 --html game3.html
    python -m heroes_env.replay game.json --seat 2 --html seat2.html   # player_2's page alone

The record (``heroes_env.record``) is re-simulated first; a record that no longer replays stops
with an error naming the decision where it diverged.

``--html OUT`` writes one self-contained page (inline CSS and JS, nothing loaded from the
network): the table at every decision (seats around it with hero, HP, hand, equipment,
judgement zone and the roles the viewer knew), the pending decision and the action taken,
previous / next / play buttons, a slider and the arrow keys, the log beside it following the
step, a view as any seat or all-seeing, English or Chinese. Every seat's frames are built from
that seat's own view (``heroes_env.table.table_view``), its log lines with the cards it could not
see hidden (``Game.log_lines(seat=...)``), and its frames are only those of its own decisions
and of other seats' public actions (``FrameBuilder``), so a seat's view of the page shows nothing
that seat did not know at that moment. The URL fragment selects the frame:
``page.html#step=12&view=2&lang=zh`` (``view=all`` for everything).

With ``--seat N`` the page holds player_N's view alone (``page_data(record, seat)``), a page to
share without spoiling the game: it opens in that view, its view switcher offers nothing else
and its title says "player_N's view only"; its data holds only that seat's frames, log lines and
its own agent's transcripts, and no seed, no record meta, no decision numbers (its steps are
numbered in that view). A seat outside the game is an error naming the seats, and nothing is
written. Every string of the page's header and controls is in both languages (``UI_TEXT``).
"""
from __future__ import annotations

import argparse
import html
import json
import re
import sys

from . import cards, labels
from .cli import HelpFormatter, int_in, one_line, prog
from .engine import constants as C
from .engine import content
from .record import RecordError, load_record
from .table import card_info, hero_card, table_view

LANGS = ("en", "zh")

# every string of the page's header, controls and labels, in each language of LANGS: "{}" is a
# seat or a number (the page fills it in), "title" is filled in by config_title
UI_TEXT = {
    "en": {"page": "heroes_env replay", "title": "{mode} · {n} players · pack {pack} · deck {deck}",
           "mode_identity": "identity", "mode_3v3": "3v3", "seed": "seed {}",
           "only": "player_{}'s view only", "you_are": "you: player_{}",
           "first": "first (Home)", "prev": "previous (←)",
           "play_pause": "play / pause (space)", "next": "next (→)", "slider": "step",
           "language": "language", "view": "view", "all": "all-seeing", "step": "step {} of {}",
           "end": "end", "round": "round", "deck": "deck", "discard": "discard pile",
           "hand": "hand", "equip": "equip", "judge": "judge", "pile": "on hero", "dead": "dead",
           "asks": "to decide", "took": "chose", "over": "game over", "player": "player_{}",
           "table": "on the table", "look": "looking at", "you": "you", "play": "play",
           "pause": "pause", "reward": "your reward", "hp": "{} HP",
           "transcript": "transcript", "fallback": "fallback", "system": "system",
           "prompt": "prompt", "reply": "reply {}", "error": "error"},
    "zh": {"page": "heroes_env 回放", "title": "{mode} · {n} 人 · 武将包 {pack} · 牌堆 {deck}",
           "mode_identity": "身份局", "mode_3v3": "3v3", "seed": "种子 {}",
           "only": "仅{}号位视角", "you_are": "你：{}号位",
           "first": "第一步（Home）", "prev": "上一步（←）",
           "play_pause": "播放 / 暂停（空格）", "next": "下一步（→）", "slider": "步",
           "language": "语言", "view": "视角", "all": "全知视角", "step": "第 {} 步 / 共 {} 步",
           "end": "结束", "round": "轮", "deck": "牌堆", "discard": "弃牌堆", "hand": "手牌",
           "equip": "装备", "judge": "判定区", "pile": "武将牌上", "dead": "阵亡",
           "asks": "待决", "took": "选择了", "over": "游戏结束", "player": "{}号位",
           "table": "桌上", "look": "正在观看", "you": "你", "play": "播放", "pause": "暂停",
           "reward": "你的收益", "hp": "体力 {}", "transcript": "对话记录", "fallback": "后备动作",
           "system": "系统提示", "prompt": "提示", "reply": "回复 {}", "error": "错误"},
}


def action_visible(locs_before, g_after, seat: int, viewer: int | None, action: int,
                   kind: int) -> bool:
    """May viewer know that seat took this action at this point? Its own decisions and the
    all-seeing view, always. Another seat's decision is shown only when the action itself
    becomes public: a card used, discarded or equipped (not one given away or put back on the
    pile), a target, an option, a skill, a yes to an optional effect. Declining (pass), draft
    picks and "done" stay hidden: the engine asks only seats that can answer, so that a seat
    was asked at all would tell what it holds (a 无懈可击, a 闪)."""
    if viewer is None or viewer == seat:
        return True
    if action == C.A_PASS or C.A_HERO <= action < C.NUM_ACTIONS:
        return False
    if action == C.A_CONFIRM:
        return kind == C.DK_CONFIRM
    if C.A_CARD <= action < C.A_TARGET:
        c = action - C.A_CARD
        return (labels.public_zone(int(locs_before[c]))
                or labels.public_zone(int(g_after.s[C.C_LOC + c])))
    return True


class FrameBuilder:
    """The page's frames per view ("all", "0".."n-1"), built while a game is re-simulated:
    call ``decision(k, game, seat, action)`` before each decision is stepped and ``finish(game)``
    at the end.

    The all-seeing view has a frame at every decision. A seat's view has one at each of its own
    decisions, at each decision of another seat whose action becomes public (``action_visible``),
    and at the end: frames at hidden decisions would tell that a seat was asked something. Each
    frame is ``table_view(game, seat)`` plus "k" (the decision it shows, to keep the place when
    the view changes), "lines" (how many of the view's log lines have happened) and "taken" (the
    action chosen, when the view may know it). The log lines of a view are its own
    (``Game.log_lines(seat=...)``: other seats' private cards hidden)."""

    def __init__(self, n: int, views=None):
        self.views = [None] + list(range(n)) if views is None else list(views)
        self.keys = ["all" if v is None else str(v) for v in self.views]
        self.frames = {k: [] for k in self.keys}
        self.logs = {k: [] for k in self.keys}
        self._seen = 0            # events turned into log lines so far
        self._pending = None      # the decision waiting for the state after it

    def _log(self, g):
        for i in range(self._seen, len(g.event_log)):
            ev = g.event_log[i]
            for v, key in zip(self.views, self.keys, strict=True):
                en = labels.event_to_str(ev, g.deck, "en", v, i in g.public_gains)
                if en is not None:
                    zh = labels.event_to_str(ev, g.deck, "zh", v, i in g.public_gains)
                    self.logs[key].append([en, zh])
        self._seen = len(g.event_log)

    def _settle(self, g_after):
        """Keep or drop the frames of the pending decision, now that its effect is known."""
        if self._pending is None:
            return
        k, seat, action, kind, locs, en, zh, views = self._pending
        self._pending = None
        for v, key in zip(self.views, self.keys, strict=True):
            if action_visible(locs, g_after, seat, v, action, kind):
                f = views[key]
                f["taken"] = {"seat": seat, "en": en, "zh": zh}
                self.frames[key].append(f)

    def decision(self, k: int, g, seat: int, action: int) -> None:
        self._settle(g)
        self._log(g)
        views = {}
        for v, key in zip(self.views, self.keys, strict=True):
            f = table_view(g, v)
            f["k"] = k
            f["lines"] = len(self.logs[key])
            views[key] = f
        locs = g.s[C.C_LOC:C.C_LOC + int(g.s[C.H_NCARDS])].copy()
        self._pending = (k, seat, action, g.decision_kind, locs, g.action_to_str(action, "en"),
                         g.action_to_str(action, "zh"), views)

    def now(self, g, k: int) -> dict:
        """The frames so far plus the table now (decision k, not answered yet), per view: what
        a live page shows (``heroes_env.webplay``). Nothing is kept."""
        self._settle(g)
        self._log(g)
        frames = {}
        for v, key in zip(self.views, self.keys, strict=True):
            f = table_view(g, v)
            f.update(k=k, lines=len(self.logs[key]), taken=None)
            frames[key] = self.frames[key] + [f]
        return {"frames": frames, "logs": self.logs, "views": self.keys}

    def finish(self, g, k: int | None = None) -> dict:
        self._settle(g)
        self._log(g)
        for v, key in zip(self.views, self.keys, strict=True):
            f = table_view(g, v)
            if k is not None:
                f["k"] = k
            else:
                f["k"] = self.frames[key][-1]["k"] + 1 if self.frames[key] else 0
            f["lines"] = len(self.logs[key])
            f["taken"] = None
            self.frames[key].append(f)
        return {"frames": self.frames, "logs": self.logs, "views": self.keys}


def build_frames(record, views=None) -> dict:
    """Everything the page shows per view (``FrameBuilder``), by re-simulating the record."""
    b = FrameBuilder(record.config.num_players, views)
    g = record.replay(on_decision=b.decision)
    return b.finish(g, len(record.decisions))


def names_data(config, heroes=None) -> dict:
    """The names a page needs: cards of the deck, heroes (ids; None: every hero; with their HP,
    kingdom, gender and skill texts), roles, phases, results, in both languages."""
    ids = [h.id for h in content.HEROES] if heroes is None else heroes
    return {"n": config.num_players, "cards": card_info(cards.deck(config.deck)),
            "hero_action": C.A_HERO,
            "heroes": {str(h): hero_card(h) for h in ids},
            "roles": {lang: list(labels.ROLE_NAMES[lang]) for lang in LANGS},
            "phases": {lang: list(labels.PHASE_NAMES[lang]) for lang in LANGS},
            "results": {lang: list(labels.RESULT_NAMES[lang]) for lang in LANGS}}


def config_title(config, seed=None, lang: str = "en") -> str:
    """The game in one line for the page's header: mode, players, pack, deck and (when given)
    the seed, in lang."""
    ui = UI_TEXT[lang]
    title = ui["title"].format(mode=ui["mode_" + config.mode], n=config.num_players,
                               pack=config.pack, deck=config.deck)
    return title if seed is None else title + " · " + ui["seed"].format(seed)


def check_seat(seat: int | None, n: int, what: str = "seat") -> None:
    """Raise RecordError unless seat is None or a seat of an n-player game."""
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                             or not 0 <= seat < n):
        raise RecordError(f"{what} must be 0 to {n - 1} for this {n}-player game, got {seat!r}")


def page_data(record, seat: int | None = None) -> dict:
    """The page's data: the frames per view, the names of cards, heroes and roles.

    seat None: every view, the all-seeing one first. seat N: player_N's view alone (its title
    says so), fit to share without telling what that seat did not know: its frames, its log
    lines and its own agent's transcripts; each frame's "k" is its step in that view (a decision
    number would tell how many hidden decisions came between two frames); no seed in the title
    (the seed deals the game again), no record meta, no count of decisions. A seat outside the
    game raises RecordError naming the seats."""
    cfg = record.config
    check_seat(seat, cfg.num_players)
    data = build_frames(record, None if seat is None else [seat])
    transcripts = transcripts_data(record)
    if seat is not None:
        frames = data["frames"][str(seat)]
        step = {f["k"]: i for i, f in enumerate(frames)}
        for i, f in enumerate(frames):
            f["k"] = i
        transcripts = {str(step[int(k)]): t for k, t in transcripts.items()
                       if t["seat"] == seat and int(k) in step}
    heroes = sorted({st["hero"] for frs in data["frames"].values() for f in frs
                     for st in f["seats"] if st["hero"] >= 0}
                    | {h for frs in data["frames"].values() for f in frs
                       for h in ((f.get("decision") or {}).get("offer") or ())})
    data.update(names_data(cfg, heroes))
    data.update({"result": record.result, "version": record.version, "live": False,
                 "transcripts": transcripts})
    if seat is None:
        seed = record.seed if record.seed is not None else record.engine_seed
        data.update({"title": {lang: config_title(cfg, seed, lang) for lang in LANGS},
                     "meta": record.meta, "decisions": len(record.decisions)})
    else:
        data.update({"title": {lang: config_title(cfg, None, lang) + " · "
                               + UI_TEXT[lang]["only"].format(seat) for lang in LANGS}})
    return data


def transcripts_data(record) -> dict:
    """The agents' transcripts the page shows beside their decisions (a language model's prompt
    and replies), by decision number: only in the all-seeing view and the deciding seat's own
    (the prompt is that seat's view)."""
    out = {}
    for t in record.transcripts:
        replies = t.get("replies") or []
        out[str(t["decision"])] = {
            "seat": t.get("seat"), "model": str(t.get("model", "")),
            "system": str(t.get("system", "")), "prompt": str(t.get("prompt", "")),
            "replies": [str(r) for r in replies] if isinstance(replies, list) else [],
            "fallback": bool(t.get("fallback")), "error": t.get("error") and str(t["error"])}
    return out


def render_page(data: dict) -> str:
    """The page (TEMPLATE) with its data and UI_TEXT inlined; data["title"] is the header's
    line per language."""
    parts = {"__TITLE__": html.escape(data["title"]["en"]), "__DATA__": embed_json(data),
             "__UI__": embed_json(UI_TEXT)}
    return re.sub("__TITLE__|__DATA__|__UI__", lambda m: parts[m.group(0)], TEMPLATE)


# characters that could end or bend a <script> block (</script>, <!--) or a JS string (U+2028,
# U+2029 before ES2019), as JSON escapes: no string of a record can break out of the page's data
_EMBED = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026",
                        "\u2028": "\\u2028", "\u2029": "\\u2029"})


def embed_json(data) -> str:
    """data as JSON to put inside a <script> element."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).translate(_EMBED)


def write_html(record, path: str, seat: int | None = None) -> str:
    """Write the page (``page_data``: every view, or seat's alone) to path; a bad seat raises
    RecordError before anything is written."""
    page = render_page(page_data(record, seat))
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
    return path


def print_log(record, lang: str = "en", seat: int | None = None, out=print) -> None:
    check_seat(seat, record.config.num_players, "--seat")
    g = record.replay()
    for line in g.log_lines(lang, seat=seat):
        out(line)
    if g.done:
        out(("结果：" if lang == "zh" else "result: ") + labels.RESULT_NAMES[lang][g.result])
    else:
        out("（对局未完成）" if lang == "zh" else "(the game was stopped before its end)")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog=prog("heroes_env.replay"), description=__doc__,
                                formatter_class=HelpFormatter)
    p.add_argument("file", help="a record: .json, .jsonl (see --game) or a directory")
    p.add_argument("--game", type=int_in(), default=0, help="which record of a .jsonl / directory")
    p.add_argument("--lang", choices=LANGS, default="en")
    p.add_argument("--seat", type=int_in(0, C.MAX_SEATS - 1), default=None,
                   help="only what this seat saw: its log, or with --html a page of its view "
                        "alone (safe to share: no other seat's hidden cards or role)")
    p.add_argument("--html", default=None, metavar="OUT", help="write the replay page here")
    a = p.parse_args(argv)
    try:
        rec = load_record(a.file, a.game)
        check_seat(a.seat, rec.config.num_players, "--seat")
        if a.html:
            write_html(rec, a.html, a.seat)
            view = "all views" if a.seat is None else f"player_{a.seat}'s view only"
            print(f"wrote {a.html} ({len(rec.decisions)} decisions, {view})")
        else:
            print_log(rec, a.lang, a.seat)
    except (RecordError, OSError) as e:
        print("error: " + one_line(e), file=sys.stderr)     # one line, nothing raw from the file
        return 2
    return 0


TEMPLATE = r"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>heroes_env replay · __TITLE__</title>
<style>
*{box-sizing:border-box}
body{margin:0;display:flex;flex-direction:column;height:100vh;
  font:14px/1.35 system-ui,-apple-system,"Segoe UI","Noto Sans CJK SC","PingFang SC",sans-serif;
  background:#1d2420;color:#eee}
header{display:flex;flex-wrap:wrap;gap:8px;align-items:center;padding:8px 12px;background:#111714;
  border-bottom:1px solid #333}
header h1{font-size:14px;margin:0 8px 0 0;font-weight:600;flex:0 1 auto;min-width:0;
  overflow-wrap:anywhere}
button,select{background:#2d3a33;color:#eee;border:1px solid #4a5b51;border-radius:4px;
  padding:4px 9px;font:inherit;cursor:pointer}
button:hover{background:#3b4d43}
#slider{flex:1;min-width:120px}
#stepinfo{min-width:120px;text-align:right;font-variant-numeric:tabular-nums}
main{display:flex;flex:1;min-height:0}
#table{position:relative;flex:1;min-width:560px;overflow:hidden}
#felt{position:absolute;left:12%;top:14%;width:76%;height:72%;border-radius:50%;
  background:radial-gradient(#2f6b45,#1f4a30);box-shadow:inset 0 0 40px #0008}
#center{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);width:42%;
  text-align:center}
#center .info{color:#cfe;font-size:13px;margin-bottom:6px}
#decision{background:#0008;border-radius:8px;padding:8px;margin-top:6px;text-align:left}
#decision .q{color:#ffd35c;font-weight:600}
#decision .taken{color:#8fe39a;margin-top:4px}
#decision ol{margin:4px 0 0 18px;padding:0;max-height:38vh;overflow:auto;font-size:12px}
#decision li.chosen{color:#8fe39a;font-weight:600}
#decision details.transcript{margin-top:4px;font-size:12px}
#decision details.transcript pre{white-space:pre-wrap;max-height:220px;overflow:auto;
  background:#0006;padding:4px;margin:2px 0}
.seat{position:absolute;width:200px;transform:translate(-50%,-50%);background:#f4efe3;color:#222;
  border-radius:8px;padding:6px 8px;box-shadow:0 2px 6px #0009;font-size:12px;
  border:3px solid transparent}
.seat.current{border-color:#ffd35c}
.seat.decider{box-shadow:0 0 0 3px #8fe39a,0 2px 6px #0009}
.seat.dead{opacity:.55;filter:grayscale(1)}
.seat.me{background:#fff8d8}
.seat .name{font-weight:700;font-size:13px}
.seat .role{float:right;border-radius:3px;padding:0 5px;background:#777;color:#fff;font-size:11px}
.role.r0{background:#b8860b}.role.r1{background:#c0392b}.role.r2{background:#2e6da4}
.role.r3{background:#6c3483}.role.r4{background:#b8860b}.role.r5{background:#555}
.seat .hero{color:#553;font-weight:600}
.seat .skills{color:#666;font-size:11px}
.hp{color:#c0392b;letter-spacing:1px}
.hp .lost{color:#bbb}
.zone{margin-top:2px}
.zone b{color:#555;font-weight:600}
.card{display:inline-block;border:1px solid #999;border-radius:3px;padding:0 3px;margin:1px;
  background:#fff;color:#111;font-size:11px;white-space:nowrap}
.card.red{color:#c0392b}
.card.back{background:repeating-linear-gradient(45deg,#345,#345 3px,#456 3px,#456 6px);color:#fff;
  border-color:#234}
#log{width:380px;min-width:260px;background:#111714;border-left:1px solid #333;overflow:auto;
  padding:6px 10px;font-size:12.5px}
#log div{padding:1px 0;color:#bbb}
#log div.turn{color:#7fd1e8;margin-top:4px}
#log div.new{color:#fff;background:#2d3a33}
#errors{color:#ff8080;white-space:pre-wrap}
#status{color:#ff8080;font-size:12px;margin-top:4px}
.acts{display:flex;flex-wrap:wrap;gap:4px;margin-top:6px}
.acts button{font-size:12px;padding:3px 8px;background:#3b5d48}
.sk{cursor:help;border-bottom:1px dotted #999}
.offer{font-size:11.5px;color:#cfe;margin:2px 0 4px}
.offer .sk{border-color:#7a9}
#explain{display:none;background:#f4efe3;color:#222;border-radius:6px;padding:6px 8px;
  margin-top:6px;font-size:12px;text-align:left}
#explain b{display:block}
</style></head>
<body>
<header>
<h1 id="title" title="__TITLE__">__TITLE__</h1>
<button id="first" title="first (Home)">|◀</button>
<button id="prev" title="previous (←)">◀</button>
<button id="play" title="play / pause (space)">play</button>
<button id="next" title="next (→)">▶</button>
<input type="range" id="slider" min="0" max="0" value="0">
<span id="stepinfo"></span>
<label><span id="viewlabel">view</span> <select id="view"></select></label>
<select id="lang" title="language">
<option value="en">English</option><option value="zh">中文</option></select>
</header>
<main>
<div id="table"><div id="felt"></div><div id="center"><div class="info" id="info"></div>
<div id="tablecards"></div><div id="decision"></div><div id="explain"></div><div id="status"></div>
</div></div>
<div id="log"></div>
</main>
<div id="errors"></div>
<script type="application/json" id="data">__DATA__</script>
<script type="application/json" id="ui">__UI__</script>
<script>
"use strict";
const errs = [];
window.addEventListener("error", e => {
  errs.push(String(e.message));
  document.getElementById("errors").textContent = errs.join("\n");
  document.body.dataset.errors = errs.length;
});
const D = JSON.parse(document.getElementById("data").textContent);
// the page's strings per language (UI_TEXT): tr("step", 3, 9) fills in each "{}" in turn
const T = JSON.parse(document.getElementById("ui").textContent);
function tr(key, ...args) {
  let i = 0;
  return T[S.lang][key].replace(/\{\}/g, () => args[i++]);
}
const S = {step: 0, view: "all", lang: "en", timer: null};
const $ = id => document.getElementById(id);
const esc = t => String(t).replace(/[&<>"]/g,
  c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));
function card(c) {
  const x = D.cards[c];
  return '<span class="card' + (x.red ? ' red' : '') + '" data-card="' + c + '">'
    + esc(x[S.lang]) + '</span>';
}
function cards(ids) { return ids && ids.length ? ids.map(card).join("") : "-"; }
function backs(n) {
  let h = "";
  for (let i = 0; i < n; i++) h += '<span class="card back">?</span>';
  return h;
}
function frames() { return D.frames[S.view]; }
// a skill's name with its text on demand: the tooltip, and a click shows it under the decision
function skill(k) {
  const t = esc(k.text[S.lang]);
  return '<span class="sk" tabindex="0" title="' + t + '" data-text="' + t + '">'
    + esc(k[S.lang]) + "</span>";
}
// an offered hero (the draft): kingdom, HP, gender, then its skills (lord skills for the lord)
function offerHTML(h, lord) {
  const x = D.heroes[h];
  if (!x) return "";
  const hp = tr("hp", x.hp);
  return '<div class="offer">' + esc(x.kingdom[S.lang]) + " · " + hp + " · "
    + esc(x.gender[S.lang]) + "<br>"
    + x.skills.filter(k => lord || !k.lord).map(skill).join(" · ") + "</div>";
}
function hpBar(hp, mx) {
  let h = "";
  for (let i = 0; i < mx; i++) h += i < hp ? "♥" : '<span class="lost">♡</span>';
  return '<span class="hp">' + h + "</span> " + hp + "/" + mx;
}
function seatHTML(f, st) {
  const L = T[S.lang], hero = st.hero >= 0 ? D.heroes[st.hero] : null;
  const me = f.viewer !== null && st.seat === f.viewer;
  const cls = ["seat"];
  if (st.seat === f.current && !f.done) cls.push("current");
  if (f.decision && f.decision.seat === st.seat) cls.push("decider");
  if (!st.alive) cls.push("dead");
  if (me) cls.push("me");
  const role = st.role >= 0 ? D.roles[S.lang][st.role] : "?";
  let h = '<div class="' + cls.join(" ") + '" data-seat="' + st.seat + '">';
  h += '<span class="role r' + st.role + '">' + esc(role) + '</span>';
  h += '<div class="name">' + esc(tr("player", st.seat)) + (me ? " (" + L.you + ")" : "")
    + "</div>";
  if (hero) {
    h += '<div class="hero">' + esc(hero[S.lang]) + "</div>";
    const sk = hero.skills.filter(k => !k.lord || st.role === 0).map(skill);
    if (sk.length) h += '<div class="skills">' + sk.join(" · ") + "</div>";
  }
  if (!st.alive) { h += "<div>" + L.dead + "</div></div>"; return h; }
  h += "<div>" + hpBar(st.hp, st.maxhp) + "</div>";
  h += '<div class="zone"><b>' + L.hand + " " + st.handn + ":</b> "
    + (st.hand ? cards(st.hand) : backs(Math.min(st.handn, 12))) + "</div>";
  if (st.equip.length)
    h += '<div class="zone"><b>' + L.equip + ":</b> " + cards(st.equip) + "</div>";
  if (st.judge.length)
    h += '<div class="zone"><b>' + L.judge + ":</b> " + cards(st.judge) + "</div>";
  if (st.pile.length) h += '<div class="zone"><b>' + L.pile + ":</b> " + cards(st.pile) + "</div>";
  return h + "</div>";
}
function render() {
  const fr = frames(), L = T[S.lang];
  S.step = Math.max(0, Math.min(S.step, fr.length - 1));
  const f = fr[S.step];
  $("slider").max = fr.length - 1; $("slider").value = S.step;
  $("stepinfo").textContent = S.step < fr.length - 1 ? tr("step", S.step + 1, fr.length - 1)
    : L.end;
  header(L);
  const sel = $("view");
  for (const o of sel.options) o.textContent = o.value === "all" ? L.all : tr("player", o.value);
  // seats around the table, the viewer at the bottom
  const tbl = $("table"); tbl.querySelectorAll(".seat").forEach(e => e.remove());
  const order = f.order, n = order.length, by = {};
  f.seats.forEach(st => by[st.seat] = st);
  const base = f.viewer === null ? 0 : order.indexOf(f.viewer);
  const W = tbl.clientWidth || 900, H = tbl.clientHeight || 640;
  order.forEach((seat, p) => {
    const ang = Math.PI / 2 + 2 * Math.PI * ((p - base + n) % n) / n;
    const x = W / 2 + Math.cos(ang) * (W / 2 - 112), y = H / 2 + Math.sin(ang) * (H / 2 - 78);
    const wrap = document.createElement("div"); wrap.innerHTML = seatHTML(f, by[seat]);
    const el = wrap.firstChild; tbl.appendChild(el);
    // keep the whole box on the table, however tall its hand and equipment make it
    const hw = el.offsetWidth / 2 + 4, hh = el.offsetHeight / 2 + 4;
    el.style.left = Math.max(hw, Math.min(W - hw, x)) + "px";
    el.style.top = Math.max(hh, Math.min(H - hh, y)) + "px";
  });
  let info = L.round + " " + f.round + " · " + D.phases[S.lang][f.phase] + " · "
    + L.deck + " " + f.deck + " · " + L.discard + " " + f.discard;
  $("info").textContent = info;
  let tc = "";
  if (f.table.length) tc += "<div>" + L.table + ": " + cards(f.table) + "</div>";
  if (f.look.length) tc += "<div>" + L.look + ": " + cards(f.look) + "</div>";
  $("tablecards").innerHTML = tc;
  let dh = "";
  if (f.decision) {
    dh += '<div class="q">' + L.asks + ": " + esc(f.decision.text[S.lang]) + "</div>";
    // a hero choice: each offered hero's kingdom, HP, gender and skills under its action
    const offer = f.decision.offer || [];
    const lord = f.seats.some(st => st.seat === f.decision.seat && st.role === 0);
    const hero = a => {
      const j = a[0] - D.hero_action;
      return j >= 0 && j < offer.length ? offerHTML(offer[j], lord) : "";
    };
    if (D.live && S.step === fr.length - 1 && f.decision.legal && f.decision.seat === f.viewer) {
      const btn = a => '<button class="act" data-action="' + a[0] + '">'
        + esc(S.lang === "en" ? a[1] : a[2]) + "</button>";
      dh += '<div class="acts">'
        + f.decision.legal.map(a => offer.length ? "<div>" + btn(a) + hero(a) + "</div>" : btn(a))
          .join("")
        + "</div>";
    } else if (f.decision.legal) {
      dh += "<ol>" + f.decision.legal.map(a => '<li'
        + (f.taken && f.taken.en === a[1] ? ' class="chosen"' : "") + ">"
        + esc(S.lang === "en" ? a[1] : a[2]) + hero(a) + "</li>").join("") + "</ol>";
    }
    if (f.taken)
      dh += '<div class="taken">' + esc(tr("player", f.taken.seat)) + " " + L.took + ": "
        + esc(f.taken[S.lang]) + "</div>";
    dh += transcriptHTML(f);
  } else {
    dh += '<div class="q">' + L.over + ": " + esc(D.results[S.lang][f.result]) + "</div>";
    if (D.live && D.reveal) {
      dh += "<ol>" + D.reveal.map(x => "<li>" + esc(tr("player", x.seat))
        + (x.seat === D.seat ? " (" + L.you + ")" : "") + ": " + esc(D.roles[S.lang][x.role])
        + (x.hero >= 0 ? " " + esc(D.heroes[x.hero][S.lang]) : "")
        + (x.alive ? "" : " (" + L.dead + ")") + "</li>").join("") + "</ol>";
      dh += '<div class="taken">' + L.reward + ": " + (D.reward > 0 ? "+" : "") + D.reward
        + "</div>";
    }
  }
  $("decision").innerHTML = dh;
  $("explain").style.display = "none";
  document.querySelectorAll(".sk").forEach(e => e.onclick = () => {
    $("explain").innerHTML = "<b>" + esc(e.textContent) + "</b>" + esc(e.dataset.text);
    $("explain").style.display = "block";
  });
  $("decision").querySelectorAll("button.act")
    .forEach(b => b.onclick = () => act(parseInt(b.dataset.action, 10)));
  // the log up to this frame; the lines of the last step highlighted
  const prev = S.step > 0 ? fr[S.step - 1].lines : 0;
  const lines = D.logs[S.view].slice(0, f.lines);
  const lg = $("log");
  lg.innerHTML = lines.map((l, i) => '<div class="' + (/^(---|——)/.test(l[0]) ? "turn" : "")
    + (i >= prev ? " new" : "") + '">' + esc(S.lang === "en" ? l[0] : l[1]) + "</div>").join("");
  lg.scrollTop = lg.scrollHeight;
  document.body.dataset.step = S.step; document.body.dataset.view = S.view;
  document.body.dataset.lang = S.lang;
  document.documentElement.lang = S.lang === "zh" ? "zh" : "en";
  history.replaceState(null, "", "#step=" + S.step + "&view=" + S.view + "&lang=" + S.lang);
}
// the header in the page's language: the game's line, the buttons' tooltips
function header(L) {
  $("title").textContent = $("title").title = D.title[S.lang];
  document.title = L.page + " · " + D.title[S.lang];
  $("first").title = L.first; $("prev").title = L.prev; $("play").title = L.play_pause;
  $("next").title = L.next; $("slider").title = L.slider; $("lang").title = L.language;
  $("viewlabel").textContent = L.view;
  if (!S.timer) $("play").textContent = L.play;
}
// a language model's prompt and replies beside its decision: all-seeing view and its own seat's
function transcriptHTML(f) {
  const t = f.taken && D.transcripts && D.transcripts[f.k];
  if (!t || (S.view !== "all" && S.view !== String(t.seat))) return "";
  const L = T[S.lang];
  let h = '<details class="transcript"><summary>' + L.transcript + " · " + esc(t.model)
    + (t.fallback ? " · " + L.fallback : "") + "</summary>";
  if (t.system) h += "<b>" + L.system + "</b><pre>" + esc(t.system) + "</pre>";
  h += "<b>" + L.prompt + "</b><pre>" + esc(t.prompt) + "</pre>";
  t.replies.forEach((r, i) => {
    h += "<b>" + tr("reply", i + 1) + "</b><pre>" + esc(r) + "</pre>";
  });
  if (t.error) h += "<b>" + L.error + "</b><pre>" + esc(t.error) + "</pre>";
  return h + "</details>";
}
// another view: the frame of the same moment, or the last one before it (a seat's view has
// frames only where it may know something happened)
function setView(v) {
  const k = frames()[Math.max(0, Math.min(S.step, frames().length - 1))].k;
  S.view = v;
  const fr = frames();
  let i = 0;
  while (i + 1 < fr.length && fr[i + 1].k <= k) i++;
  S.step = i;
}
// live play (heroes_env.webplay): send the chosen action, show the state that comes back
function act(a, then) {
  $("decision").querySelectorAll("button.act").forEach(b => b.disabled = true);
  fetch("act" + location.search, {method: "POST", headers: {"Content-Type": "application/json"},
                                  body: JSON.stringify({action: a})})
    .then(r => r.json())
    .then(st => {
      if (st.error) { $("status").textContent = st.error; render(); return; }
      $("status").textContent = "";
      Object.assign(D, st); S.step = 1e9; render();
      if (then) then();
    })
    .catch(e => { $("status").textContent = String(e); });
}
// #autoact=N: press the first action button N times (for tests)
function autoact(n) {
  if (n <= 0) { document.body.dataset.autoact = "done"; return; }
  const b = document.querySelector("button.act");
  if (!b) { document.body.dataset.autoact = D.done ? "over" : "no button"; return; }
  act(parseInt(b.dataset.action, 10), () => autoact(n - 1));
}
function go(k) { S.step = k; render(); }
function stop() {
  if (S.timer) { clearInterval(S.timer); S.timer = null; $("play").textContent = T[S.lang].play; }
}
function play() {
  if (S.timer) { stop(); return; }
  if (S.step >= frames().length - 1) S.step = 0;
  $("play").textContent = T[S.lang].pause;
  S.timer = setInterval(() => {
    if (S.step >= frames().length - 1) stop(); else go(S.step + 1);
  }, 700);
}
function init() {
  const sel = $("view");
  D.views.forEach(v => {
    const o = document.createElement("option"); o.value = v; sel.appendChild(o);
  });
  const q = new URLSearchParams(location.hash.slice(1));
  S.view = D.live || !D.views.includes("all") ? D.views[0] : "all";
  if (q.has("view") && D.views.includes(q.get("view"))) S.view = q.get("view");
  if (q.get("lang") === "zh") S.lang = "zh";
  if (q.has("step")) S.step = q.get("step") === "end" ? 1e9 : (parseInt(q.get("step"), 10) || 0);
  else if (D.live) S.step = 1e9;
  sel.value = S.view; $("lang").value = S.lang;
  $("first").onclick = () => { stop(); go(0); };
  $("prev").onclick = () => { stop(); go(S.step - 1); };
  $("next").onclick = () => { stop(); go(S.step + 1); };
  $("play").onclick = play;
  $("slider").oninput = e => { stop(); go(parseInt(e.target.value, 10)); };
  sel.onchange = e => { setView(e.target.value); render(); };
  $("lang").onchange = e => { S.lang = e.target.value; render(); };
  document.addEventListener("keydown", e => {
    if (e.target.tagName === "SELECT") return;
    if (e.key === "ArrowRight") { stop(); go(S.step + 1); }
    else if (e.key === "ArrowLeft") { stop(); go(S.step - 1); }
    else if (e.key === "Home") { stop(); go(0); }
    else if (e.key === "End") { stop(); go(1e9); }
    else if (e.key === " ") { e.preventDefault(); play(); }
  });
  window.addEventListener("resize", render);
  render();
  if (q.has("selftest")) selftest(q);
  if (q.has("autoact")) autoact(parseInt(q.get("autoact"), 10) || 0);
}
// the header fits the window: nothing past its right edge, the title not cut
function headerFits() {
  const w = document.documentElement.clientWidth, h1 = $("title");
  for (const e of document.querySelectorAll("header > *"))
    if (e.getBoundingClientRect().right > w + 1)
      throw new Error("the header's " + (e.id || e.tagName) + " ends past the window's edge");
  if (h1.scrollWidth > h1.clientWidth + 1 || h1.scrollHeight > h1.clientHeight + 1)
    throw new Error("the header's title is cut");
}
// #selftest: step through every frame of every view in both languages with the page's own
// controls (the header fitting the window), then leave the frame the fragment asked for; the
// result goes into data-selftest
function selftest(q) {
  let n = 0;
  const want = {step: S.step, view: S.view, lang: S.lang};
  for (const lang of ["en", "zh"]) {
    $("lang").value = lang; $("lang").onchange({target: $("lang")});
    headerFits();
    for (const v of D.views) {
      $("view").value = v; $("view").onchange({target: $("view")});
      $("first").onclick();
      for (let k = 0; k < frames().length; k++) {
        const seats = document.querySelectorAll(".seat").length;
        if (seats !== D.n)
          throw new Error("frame " + k + " of view " + v + ": " + seats + " seats");
        if (parseInt(document.body.dataset.step, 10) !== k)
          throw new Error("next did not reach frame " + k);
        if (document.querySelectorAll("#log div").length !== frames()[k].lines)
          throw new Error("frame " + k + " of view " + v + ": the log does not follow");
        n++; $("next").onclick();
      }
    }
  }
  document.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowLeft"}));
  S.step = want.step; S.view = want.view; S.lang = want.lang;
  $("view").value = S.view; $("lang").value = S.lang; render();
  document.body.dataset.selftest = "ok " + n;
}
init();
</script>
</body></html>
"""

if __name__ == "__main__":
    sys.exit(main())
