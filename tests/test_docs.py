"""The documented observation layout (docs/observation.md) is the one the code builds."""
import pathlib
import re

from heroes_env.engine import constants as C
from heroes_env.engine.observe import STATE_OBS_SIZE

DOC = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "observation.md").read_text()
ROW = re.compile(r"^\| `(?P<name>(?:OBS|OS)_\w+)` \| (?P<off>\d+) \| (?P<size>\d+) \|", re.M)


def _rows(prefix):
    return [(m["name"], int(m["off"]), int(m["size"])) for m in ROW.finditer(DOC)
            if m["name"].startswith(prefix + "_")]


def test_observation_pieces_match_the_constants_and_tile_the_vector():
    for prefix, total in (("OBS", C.OBS_SIZE), ("OS", C.SEAT_OBS)):
        rows = _rows(prefix)
        assert rows, prefix
        off = 0
        for name, o, size in rows:
            assert getattr(C, name) == o == off, name
            off += size
        assert off == total, prefix


def test_sizes_in_the_text():
    assert f"`OBS_SIZE` = {C.OBS_SIZE} cells" in DOC
    assert f"`SEAT_OBS` = {C.SEAT_OBS} cells" in DOC
    assert f"{STATE_OBS_SIZE} cells" in DOC
    assert f"`NUM_ACTIONS` = {C.NUM_ACTIONS}" in DOC
