"""The README's main command: a demo game between random agents with a readable log."""
import pytest

from heroes_env import demo


@pytest.mark.parametrize("lang, words", [("en", ("'s turn", "draws", "result:")),
                                          ("zh", ("的回合", "摸了", "结果："))])
def test_demo_plays_a_whole_game_with_a_readable_log(lang, words):
    lines = []
    summary = demo.play(num_players=5, seed=3, lang=lang, out=lines.append)
    text = "\n".join(lines)
    for w in words:
        assert w in text
    assert summary["decisions"] > 0
    assert sorted(summary["rewards"].values()) in ([-1.0] * 3 + [1.0] * 2, [-1.0] * 2 + [1.0] * 3,
                                                    [-1.0] * 4 + [1.0], [0.0] * 5)


def test_demo_command_line(capsys):
    demo.main(["--players", "8", "--seed", "1", "--quiet-decisions"])
    out = capsys.readouterr().out
    assert "rewards:" in out and "  > " not in out
