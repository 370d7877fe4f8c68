"""Build Glen More positions by hand for worked-example tests."""
from cairn import GAMES
from cairn.glenmore.state import Spot
from cairn.glenmore.tiles import RES_INDEX

RULES = GAMES["glenmore"]


def fresh(n=4, seed=1):
    return RULES.setup(n, seed, RULES.Options())


def put(player, pos, tile, clansmen=0, **res):
    spot = Spot(tile, clansmen)
    for name, k in res.items():
        spot.res[RES_INDEX[name]] = k
    player.display[pos] = spot
    return spot


def on_chain(state, space, tile):
    """Put ``tile`` on chain ``space`` (replacing whatever tile was there)."""
    assert state.chain[space] is None or state.chain[space][0] == "tile"
    for st in state.stacks:
        if tile in st:
            st.remove(tile)
    state.chain[space] = ("tile", tile)


def play(state, move):
    legal = RULES.legal_moves(state)
    assert move in legal, f"{move} not in {legal}"
    RULES.apply(state, move)


def market(state, **rows):
    for name, k in rows.items():
        state.market[RES_INDEX[name]] = k
