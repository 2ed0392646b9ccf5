"""The scenario tests of the skills: one file per skill, ``test_<key>.py`` (``key``: the skill's
row of ``heroes_env/data/skills.csv``), holding every test about that skill.

Where a test goes:

- a test about one skill goes to the file of that skill's key, whether the skill has code of its
  own or runs another's with a parameter (skills.csv ``base``): 霸王's tests are in
  ``test_bawang.py``, not in 无双's file;
- a test of how several skills meet goes to the file of the skill whose rule it checks, which is
  the one its name names first (鬼才 on a 洛神 judgement: ``test_guicai.py``; 意动 and 侠骨 alike:
  ``test_yidong.py``); 激将 or 龙胆 giving the two 杀 that 吕布's 无双 asks for in a 决斗 check
  无双's rule (``test_wushuang.py``);
- a control, checking that a skill is unchanged by another that runs its code, goes with that
  other skill (刚烈 still needs black: ``test_fuchou.py``);
- tests about a pack as a whole (hero tables, drafts, random play with its heroes, skills that
  play alike across packs) are in ``tests/test_pack_<pack>.py``.

How the tests are written: each rigs a table with the scenario builder
(``heroes_env.scenario.build``, through a table helper its docstring names), scripts every
decision by its label and checks one rule, which its docstring names. Seats of a 4-player table:
0 lord, 1 rebel, 2 loyalist, 3 renegade unless a test says otherwise; without horses or weapons
seats 1 and 3 are at distance 1 from seat 0, seat 2 at distance 2; a 4-player lord gets no extra
HP. Judgement cards and draws come from ``deck_top`` (top card first). Autoplay is on unless a
test turns it off: a decision with a single legal action is taken unasked. An *anchor* (``ANCHOR``:
a horse in hand, always playable) keeps its holder at a play decision. A skill of the classmates
pack may be given to a rigged seat through ``stand_in`` (its skill slot set directly) instead of
seating its hero. A skill that runs another's code is asked by its base id (``H_DSKILL``); the log
names the skill itself.

The tests follow the rules as ``docs/rules.md`` states them: the published rule texts of the
three packs (for the standard pack the first-edition hero texts of the 三国杀 standard rules,
which win where later editions differ; for the 英雄杀 pack the hero texts near the end of the
英雄杀 rules, its cards with the effects of their standard counterparts; for the classmates pack
the hero tables of the classmates pack rules), and where they are silent or disagree, the
choices that page records (the classmates heroes' genders and lord candidates among them; where
every text is silent, the first-edition behaviour of the established engines, QSanguosha and
FreeKill).

The tables and checks these files share are in ``tests/helpers.py``; each file imports them under
the names its tests use (``from helpers import table4_filled as table``). A new skill's tests:
``docs/adding-a-hero.md``.
"""
