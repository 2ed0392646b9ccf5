"""The layouts of ``engine/constants.py`` (state row, frame record, hero record, game spec, action
space, observation) are computed from ordered field lists (``Layout``). These are today's
offsets and sizes: a saved state, a recorded game, a trained net and the golden corpus depend on
them, so a change here must be made on purpose (and every saved thing regenerated), never by
accident while adding a field."""
import pytest

from heroes_env.engine import constants as C

PINNED = {
    # the state row
    "H_NP": 0, "H_DC": 20, "H_BLOCK": 45, "H_MOVED": 46, "H_NODIST": 47, "HEADER_SIZE": 48,
    "C_INFO": 48, "C_LOC": 176, "C_ORD": 304, "C_AS": 432, "D_ORDER": 560,
    "SEAT_BASE": 688, "P_HP": 688, "P_MARK": 928, "NUM_SEAT_FIELDS": 25, "OFFER_BASE": 938,
    "FRAME_BASE": 988, "EV_BASE": 1468, "P_POS": 1724, "P_AT": 1734,
    "STATE_SIZE_BEFORE_HISTORY": 1744, "HIST_GAME": 1744, "HIST_RND": 1869, "HIST_RNDNO": 1919,
    "HIST_POS": 1920, "HIST_CNT": 1921, "HIST_EV": 1922, "STATE_SIZE": 1930,
    # a frame record, a hero record, the game spec
    "F_KIND": 0, "F_E": 11, "FRAME_SIZE": 12, "HR_SK": 5, "HERO_REC": 9,
    "G_ROLES": 8, "G_FIXED": 18, "G_DECK": 28, "SPEC_SIZE": 156,
    # the action space
    "A_CARD": 2, "A_TARGET": 130, "A_OPTION": 140, "A_SKILL": 156, "A_HERO": 172,
    "NUM_ACTIONS": 188,
    # the observation
    "OBS_HERO_ROOM": 128, "OS_ROLE": 5, "OS_EQUIP": 17, "OS_HERO": 55, "SEAT_OBS": 183,
    "OE_AMOUNT": 18, "HIST_EVENT_OBS": 19, "OBS_SEATS": 134, "OBS_OFFER": 2572,
    "OBS_HIST_GAME": 2700, "OBS_HIST_EVENTS": 3400, "OBS_SIZE": 3552, "OBS_LAYOUT": 3,
    # a packed public-history event (bit offsets)
    "HE_ACTOR_SHIFT": 3, "HE_RECV_SHIFT": 7, "HE_CARD_SHIFT": 11, "HE_AMOUNT_SHIFT": 16,
    "HE_AMOUNT_MAX": 15,
}


@pytest.mark.parametrize("name", sorted(PINNED))
def test_offset_pinned(name):
    assert getattr(C, name) == PINNED[name]


def _named(prefix):
    return {k: v for k, v in vars(C).items() if k.startswith(prefix) and isinstance(v, int)}


def test_header_cells_are_each_named_once():
    h = _named("H_")
    assert sorted(h.values()) == list(range(C.HEADER_SIZE)), "a header cell unnamed or shared"


def test_frame_cells_are_each_named_once():
    f = _named("F_")
    assert sorted(f.values()) == list(range(C.FRAME_SIZE))


def test_seat_fields_tile_their_block():
    p = sorted(v for k, v in _named("P_").items() if k not in ("P_POS", "P_AT"))
    assert p == [C.SEAT_BASE + k * C.MAX_SEATS for k in range(C.NUM_SEAT_FIELDS)]
    assert C.OFFER_BASE == C.SEAT_BASE + C.NUM_SEAT_FIELDS * C.MAX_SEATS


def test_layout_helper():
    lay = C.Layout(10)
    assert (lay.take(), lay.take(4), lay.take(), lay.end) == (10, 11, 15, 16)
    # the layouts are plain module-level ints (Numba folds them as constants); no helper leaks
    # into ``from constants import ...`` users' namespaces
    assert all(type(v) is int for k, v in vars(C).items() if k in PINNED)


def test_vector_row_record_is_laid_out():
    """batch.R_*: the vector kernel's per-row record, every cell named once (one Layout)."""
    from heroes_env.engine import batch as K
    cells = {k: v for k, v in vars(K).items() if k.startswith("R_") and k != "R_SIZE"}
    assert sorted(cells.values()) == list(range(K.R_SIZE))
    assert (K.R_STAGE, K.R_RANDOM, K.R_SERIAL, K.R_SIZE) == (0, 13, 15, 16)
