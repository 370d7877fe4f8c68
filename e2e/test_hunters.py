"""Hunters and Gatherers played by hand on the canvas: tap a highlighted
square (the tile appears there as a ghost), confirm, then tap a spot for a
tribe member or choose to place nothing."""
from play_helpers import acted


def test_place_tiles_and_members_by_tapping_the_board(app):
    app.open()
    app.new_game("hunters", seats=("human", "human"), seed=99)
    placed = members = 0
    for _ in range(8):
        snap = app.snapshot()
        before = snap["view"]["ply"]
        phase = snap["view"]["phase"]
        targets = app.page.evaluate("window.cairn.targets()")
        assert targets, f"no canvas targets in phase {phase}"
        legal = [t["move"] for t in targets]
        assert all(m in snap["legal"] for m in legal)
        app.page.mouse.click(targets[0]["x"], targets[0]["y"])
        if not acted(app.page, before):
            # a tile shows as a ghost first (or a spot offers two roles): confirm
            app.page.query_selector_all("#choices button.choice")[0].click()
            assert acted(app.page, before)
        app.wait_idle()
        after = app.snapshot()
        played = after["save"]["moves"][-1] if after["view"]["ply"] == before + 1 else None
        if phase == "place":
            placed += 1
            assert played["type"] == "place"
        else:
            members += played["type"] == "meeple"
    board = app.snapshot()["view"]["board"]
    assert placed >= 4 and len(board) >= 5
    assert members >= 1
    assert app.errors == []
