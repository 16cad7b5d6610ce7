"""Hypothesis: any id applies if legal and is refused with the state unchanged otherwise;
records round-trip; arbitrary record texts are refused with ValueError, never a crash."""

import pickle

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardgames_rs as bg

GAMES = {
    "tafl": bg.TaflGame(),
    "brandubh": bg.TaflGame(rules="brandubh"),
    "trictrac": bg.TrictracGame(),
    "ecrire": bg.TrictracGame(form="ecrire", marques=1),
    "sugoroku": bg.SugorokuGame(),
}

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(
    name=st.sampled_from(sorted(GAMES)),
    picks=st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=120),
    probes=st.lists(st.integers(min_value=-(2**63), max_value=2**63 - 1), min_size=1, max_size=8),
)
def test_ids_apply_when_legal_and_leave_the_state_unchanged_otherwise(name, picks, probes):
    s = GAMES[name].new_initial_state()
    for pick in picks:
        if s.is_terminal():
            break
        for probe in probes:
            before = (s.record_text(), s.legal_actions())
            if probe in before[1]:
                child = s.clone()
                child.apply_action(probe)
                assert child.history()[-1] == probe
            else:
                try:
                    s.apply_action(probe)
                except ValueError:
                    pass
                else:
                    raise AssertionError(f"id {probe} applied though not legal")
                assert (s.record_text(), s.legal_actions()) == before
        legal = s.legal_actions()
        s.apply_action(legal[pick % len(legal)])
    again = pickle.loads(pickle.dumps(s))
    assert again == s and again.record_text() == s.record_text()


@SETTINGS
@given(kind=st.sampled_from(["tafl", "trictrac", "ecrire", "sugoroku"]), text=st.text(max_size=300))
def test_any_text_as_a_record_is_a_state_or_a_value_error(kind, text):
    try:
        s = bg.state_from_record(kind, text)
    except ValueError:
        return
    assert bg.state_from_record(kind, s.record_text()) == s


@SETTINGS
@given(
    kind=st.sampled_from(["tafl", "trictrac", "sugoroku"]),
    picks=st.lists(st.integers(min_value=0, max_value=10**6), max_size=80),
    cut=st.integers(min_value=0, max_value=400),
    garbage=st.text(max_size=20),
)
def test_a_damaged_record_is_refused_or_replays(kind, picks, cut, garbage):
    game = {"tafl": GAMES["tafl"], "trictrac": GAMES["trictrac"], "sugoroku": GAMES["sugoroku"]}[kind]
    s = game.new_initial_state()
    for pick in picks:
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply_action(legal[pick % len(legal)])
    text = s.record_text()
    damaged = text[:cut] + garbage + text[cut:]
    try:
        t = bg.state_from_record(kind, damaged)
    except ValueError:
        return
    assert t.record_text() == bg.state_from_record(kind, t.record_text()).record_text()


@SETTINGS
@given(
    name=st.sampled_from(sorted(GAMES)),
    picks=st.lists(st.integers(min_value=0, max_value=10**6), max_size=60),
    text=st.one_of(
        st.text(max_size=40),
        st.from_regex(r"[a-k][0-9]{1,2}-[a-k][0-9]{1,2}", fullmatch=True),
        st.from_regex(r"[1-7]-[1-7](: [BN][0-9]{1,2}-[BN]?[0-9]{1,2}(, [BN][0-9]{1,2}-[BN]?[0-9]{1,2})?)?", fullmatch=True),
    ),
)
def test_any_text_as_an_action_is_a_legal_id_or_a_value_error(name, picks, text):
    s = GAMES[name].new_initial_state()
    for pick in picks:
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply_action(legal[pick % len(legal)])
    try:
        a = s.string_to_action(text)
    except ValueError:
        return
    assert a in s.legal_actions()
