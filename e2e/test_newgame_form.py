"""The new-game form says in one line what each option changes, in the
reader's language, and keeps the seed under "More"."""
import pytest


@pytest.mark.parametrize("lang", ["en", "pt", "ro"])
def test_each_option_says_what_it_changes_and_the_seed_is_under_more(app, lang):
    app.open(f"?lang={lang}")
    app.page.click("#game-list [data-game='caledonia']")
    app.page.wait_for_selector("#newgame:not([hidden]) .options")
    rows = app.page.eval_on_selector_all("#newgame .options label.option", """els => els.map(e => ({
        name: e.querySelector('.option-name').textContent,
        help: e.querySelector('.option-help') ? e.querySelector('.option-help').textContent : '',
        visible: !!(e.querySelector('.option-help') && e.querySelector('.option-help').offsetHeight),
        px: e.querySelector('.option-help') ? parseFloat(getComputedStyle(e.querySelector('.option-help')).fontSize) : 0}))""")
    assert len(rows) == 6   # Caledonia's variants (the map sides stay random: not in the form)
    for r in rows:
        assert r["help"].strip() and r["visible"] and r["px"] >= 11, r
    helps = [r["help"] for r in rows]
    if lang == "en":
        assert any("auction" in h.lower() for h in helps)
    else:   # translated, not the English description
        assert not any(h.startswith(("Static import values", "Auction the clans", "Play with")) for h in helps), helps
    assert not app.page.is_visible("#ng-seed")
    app.page.click("#ng-more summary")
    assert app.page.is_visible("#ng-seed")
    assert app.page.inner_text("#ng-more .option-help").strip()
