"""Fresh chance (cairn.core.chance): the hidden information is resampled just
before each revealing move from entropy recorded in the log.  Checked here on
every game: the resampling depends only on what the table knows (the same for
every seat, whatever hidden order it replaces), every use of hidden
information is seen as a reveal (so nothing is drawn without fresh entropy),
and the chance entries replay a game exactly."""
import json

import pytest

from cairn import GAMES, SaveError, load_game, new_game
from cairn.core import chance
from cairn.core.replay import Replay
from cairn.core.rng import Rng
from cairn.core.save import FORMAT_VERSION


def public(game):
    """What everyone sees of a game (no hidden order, no rng)."""
    return json.dumps(game.view(None), sort_keys=True)


def random_game(name, players, seed, plies, rng_seed=1):
    """A game with local fresh chance played ``plies`` random moves."""
    g = new_game(name, players=players, seed=seed)
    g.chance = chance.LOCAL
    rng = Rng(rng_seed)
    for _ in range(plies):
        if g.is_over:
            break
        legal = g.legal_moves()
        g.play(legal[rng.below(len(legal))])
    return g


def positions(name, players, seed, plies, every=7):
    """(state, legal moves) every ``every`` plies of a random seeded game."""
    g = new_game(name, players=players, seed=seed)
    rng = Rng(seed)
    out = []
    for i in range(plies):
        if g.is_over:
            break
        legal = g.legal_moves()
        if i % every == 0:
            out.append((g.state.copy(), legal))
        g.play(legal[rng.below(len(legal))])
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_seat_determinizes_to_the_same_state_as_reshuffle(name):
    """No seat holds private information: what a seat cannot see is what no one sees."""
    rules = GAMES[name]
    for state, _legal in positions(name, 3, 4, 120, every=20):
        want = rules.reshuffle(state, Rng(99)).to_json()
        for seat in range(3):
            got = rules.determinize(state, seat, Rng(99)).to_json()
            if name == "caledonia":   # determinize also forgets the known bottom of the pile
                got["deck"], want_deck = sorted(got["deck"]), sorted(want["deck"])
                assert got["deck"] == want_deck
                got = {k: v for k, v in got.items() if k != "deck"}
                assert got == {k: v for k, v in want.items() if k != "deck"}
            else:
                assert got == want


@pytest.mark.parametrize("name", sorted(GAMES))
def test_reshuffle_is_canonical_whatever_hidden_order_it_replaces(name):
    rules = GAMES[name]
    for state, _legal in positions(name, 2, 8, 150, every=25):
        other = rules.reshuffle(state, Rng(5))   # the same public position, another hidden order
        assert rules.view(other, None) == rules.view(state, None)
        a = rules.reshuffle(state, Rng(77)).to_json()
        b = rules.reshuffle(other, Rng(77)).to_json()
        assert a == b
        c = rules.reshuffle(state, Rng(78)).to_json()
        assert c != a   # the entropy decides


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_use_of_hidden_information_is_a_reveal(name):
    """A move that reveals nothing plays the same on any resampling of what is
    hidden (so a fresh-chance game never draws from an old order unseen);
    whether a move reveals does not depend on the hidden order."""
    rules = GAMES[name]
    checked = revealing = 0
    for state, legal in positions(name, 3, 21, 400, every=1 if name == "caledonia" else 3):
        other = rules.reshuffle(state, Rng(123))
        for move in legal if len(legal) <= 60 else legal[:30] + legal[-30:]:
            r = chance.reveals(rules, state, move)
            assert r == chance.reveals(rules, other, move), move
            if r:
                revealing += 1
                continue
            a, b = rules.copy(state), rules.copy(other)
            rules.apply(a, move)
            rules.apply(b, move)
            assert rules.view(a, None) == rules.view(b, None), move
            assert rules.legal_moves(a) == rules.legal_moves(b)
            checked += 1
    assert checked > 100 and revealing > 0


@pytest.mark.parametrize("name", sorted(GAMES))
def test_chance_entries_replay_a_game_exactly(name):
    g = random_game(name, 3, 17, 260)
    assert g.draws, "the game revealed something"
    save = g.to_save()
    assert save["format_version"] == 2 and save["chance"]["source"] == "local"
    assert [p for p, _ in save["chance"]["draws"]] == sorted(g.draws)
    h = load_game(json.loads(json.dumps(save)))
    assert h.state.to_json() == g.state.to_json()
    assert h.log == g.log and public(h) == public(g)
    # the replay view's positions are the same game's
    rep = Replay(save)
    assert rep.seek(rep.plies).state.to_json() == g.state.to_json()
    mid = rep.seek(len(g.log) // 2)
    cut = load_game(mid.to_save())
    assert cut.state.to_json() == mid.state.to_json()
    assert all(p < len(mid.log) for p in cut.draws)


def test_a_loaded_fresh_chance_game_plays_on_with_its_own_draws():
    g = random_game("hunters", 2, 3, 30)
    h = load_game(g.to_save())
    assert h.chance == chance.LOCAL
    before = len(h.draws)
    rng = Rng(4)
    while len(h.draws) == before:
        legal = h.legal_moves()
        h.play(legal[rng.below(len(legal))])
    assert len(h.draws) == before + 1


def test_same_entropy_same_draw_different_entropy_different_draw():
    """A given game takes each draw from the entropy handed to it, and from nothing else."""
    base = new_game("hunters", players=2, seed=6)
    base.chance = chance.GIVEN
    place = base.legal_moves()[0]
    base.play(place)
    end = {"type": "skip"}
    assert base.reveals(end)
    with pytest.raises(chance.ChanceNeeded):
        base.clone().play(end)
    drawn = set()
    for e in range(6):
        a, b = base.clone(), base.clone()
        a.play(end, entropy=bytes([e]) * 32)
        b.state = GAMES["hunters"].reshuffle(b.state, Rng(555))   # another hidden order beforehand
        b.play(end, entropy=bytes([e]) * 32)
        assert a.view()["drawn"] == b.view()["drawn"]
        drawn.add(json.dumps(a.view()["drawn"]))
    assert len(drawn) > 1


def test_seeded_games_are_unchanged():
    g = new_game("glenmore", players=2, seed=9)
    rng = Rng(2)
    for _ in range(40):
        legal = g.legal_moves()
        g.play(legal[rng.below(len(legal))])
    save = g.to_save()
    assert save["format_version"] == 1 and "chance" not in save and not g.draws
    assert load_game(save).state.to_json() == g.state.to_json()


def test_bad_chance_entries_are_refused():
    g = random_game("glenmore", 2, 5, 80)
    save = g.to_save()
    missing = dict(save, chance=dict(save["chance"], draws=save["chance"]["draws"][1:]))
    with pytest.raises(SaveError, match="no chance entry"):
        load_game(missing)
    ply, text = save["chance"]["draws"][0]
    quiet = next(p for p in range(len(save["moves"])) if p not in g.draws)
    extra = dict(save, chance=dict(save["chance"], draws=save["chance"]["draws"] + [[quiet, text]]))
    with pytest.raises(SaveError, match="reveals nothing"):
        load_game(extra)
    for bad in ([[ply, "zz" * 32]], [[ply, text[:10]]], [[len(save["moves"]), text]], [[ply, text], [ply, text]]):
        with pytest.raises(SaveError, match="chance entry"):
            load_game(dict(save, chance={"source": "given", "draws": bad}))
    with pytest.raises(SaveError, match="newer"):
        load_game(dict(save, format_version=FORMAT_VERSION + 1))   # (3: a save that keeps its review)


def test_caledonia_contracts_put_back_stay_at_the_bottom():
    rules = GAMES["caledonia"]
    g = new_game("caledonia", players=2, seed=3)
    s = g.state.copy()
    from cairn.caledonia import economy
    economy.bottom_of_deck(s, [s.deck[-1], s.deck[-2]])
    bottom = s.deck[:2]
    assert s.deck_known == 2
    for e in range(5):
        r = rules.reshuffle(s, Rng(e))
        assert r.deck[:2] == bottom and sorted(r.deck) == sorted(s.deck)
    # drawing down into the known bottom keeps the count right
    while len(s.deck) > 1:
        economy.draw_contract(s)
    assert s.deck_known == 1
