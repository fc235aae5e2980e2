"""Property tests: no text, move or action a user can pass crashes the
interpreter; each either works or raises ValueError."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

import kyoku

GAMES = ["dobutsu", "shogun", "shiamgon"]
# Texts near the real forms, and anything at all.
near = st.sampled_from(
    [
        "gle/1c1/1C1/ELG[] w - - 0 1",
        "gfesdcba/8/8/8/8/8/8/ABCDSEFG w 0 - 0 1",
        kyoku.new_game("shiamgon", board="tri8").text(),
    ]
)
texts = st.one_of(st.text(max_size=80), near.flatmap(lambda t: st.integers(0, len(t)).map(lambda i: t[:i])))


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from(GAMES), text=texts)
def test_from_text_reads_or_raises_value_error(game, text):
    try:
        state = kyoku.from_text(game, text)
    except ValueError:
        return
    assert kyoku.from_text(game, state.text()).text() == state.text()


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from(GAMES), text=st.text(max_size=12), action=st.integers(-(2**70), 2**70))
def test_moves_and_actions_play_or_raise_value_error(game, text, action):
    state = kyoku.new_game(game)
    before = state.text()
    for call in (lambda: state.apply_move(text), lambda: state.apply_action(action)):
        try:
            call()
        except ValueError:
            assert state.text() == before
        before = state.text()
    try:
        state.action_to_move(action)
    except ValueError:
        pass
