"""The README's main command: a demo game between random agents with a readable log."""
import pytest

from heroes_env import demo
from heroes_env.engine import content


@pytest.mark.parametrize("lang, words", [("en", ("'s turn", "draws", "result:", "player_0 is ")),
                                          ("zh", ("的回合", "摸了", "结果：", "0号位 的武将是"))])
def test_demo_plays_a_whole_game_with_a_readable_log(lang, words):
    lines = []
    summary = demo.play(num_players=5, seed=3, lang=lang, out=lines.append, pack="standard")
    text = "\n".join(lines)
    for w in words:
        assert w in text
    assert summary["decisions"] > 0
    assert sorted(summary["rewards"].values()) in ([-1.0] * 3 + [1.0] * 2, [-1.0] * 2 + [1.0] * 3,
                                                    [-1.0] * 4 + [1.0], [0.0] * 5)


def test_demo_command_line(capsys):
    demo.main(["--players", "8", "--seed", "1", "--quiet-decisions", "--pack", "standard"])
    out = capsys.readouterr().out
    assert "rewards:" in out and "  > " not in out and "player_7 is " in out


def test_demo_without_heroes(capsys):
    demo.main(["--players", "5", "--seed", "2", "--quiet-decisions"])     # the default pack
    out = capsys.readouterr().out
    assert "rewards:" in out and "[lord]" in out
    assert not any(f" is {h.name_en}" in out for h in content.HEROES)
