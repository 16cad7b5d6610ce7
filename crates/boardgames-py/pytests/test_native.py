"""The native API over every game: encodings, masks, strings, pickling, bad input."""

import copy
import pickle

import numpy as np
import pytest

import boardgames_rs as bg
from conftest import walk


def test_initial_state_in_openspiel_shape(game):
    s = game.new_initial_state()
    assert s.current_player() in (0, 1, bg.CHANCE)
    assert not s.is_terminal()
    assert s.move_number() == 0
    assert s.returns() == [0.0, 0.0]
    assert s.num_distinct_actions() == game.num_distinct_actions()
    assert s.max_chance_outcomes() == game.max_chance_outcomes()
    obs = s.observation_tensor(0)
    assert obs.dtype == np.float32
    assert list(obs.shape) == list(game.observation_tensor_shape())
    assert tuple(s.observation_shape()) == tuple(game.observation_tensor_shape())


def test_every_state_of_a_random_game(game):
    for s in walk(game, seed=3):
        ids = s.legal_actions()
        assert ids == sorted(set(ids))
        mask = s.legal_actions_mask()
        assert mask.dtype == np.int8
        assert list(np.flatnonzero(mask)) == ids
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            assert [a for a, _ in outcomes] == ids
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert len(mask) == game.max_chance_outcomes()
        elif not s.is_terminal():
            assert s.chance_outcomes() == []
            assert len(mask) == game.num_distinct_actions()
        else:
            assert ids == []
        for a in ids:
            text = s.action_to_string(a)
            assert s.string_to_action(text) == a, text
            assert s.action_to_string(s.current_player(), a) == text
        for p in (0, 1):
            obs = s.observation_tensor(p)
            assert np.all(np.isfinite(obs)) and obs.min() >= 0.0 and obs.max() <= 1.0


def test_every_legal_id_applies_and_leaves_the_parent_unchanged(game):
    for s in walk(game, seed=5, max_actions=60):
        before = s.record_text()
        for a in s.legal_actions():
            child = s.clone()
            child.apply_action(a)
            assert child.move_number() == s.move_number() + 1
            assert child.history()[-1] == a
        assert s.record_text() == before


def test_pickling_goes_through_the_record(game):
    for s in walk(game, seed=7, max_actions=150)[::15]:
        t = pickle.loads(pickle.dumps(s))
        assert t == s
        assert t.record_text() == s.record_text()
        assert t.history() == s.history()
        assert t.legal_actions() == s.legal_actions()
        assert copy.deepcopy(s) == s
        kind, record, length = s.__reduce__()[1]
        assert record == s.record_text()


def test_state_from_record_replays_the_game(game):
    last = walk(game, seed=11)[-1]
    again = game.state_from_record(last.record_text())
    assert again == last


def test_a_refused_id_leaves_the_state_unchanged(game):
    for s in walk(game, seed=13, max_actions=50):
        before = (s.record_text(), s.legal_actions(), s.history())
        size = len(s.legal_actions_mask())
        for bad in (-1, size, size + 1000, 2**62):
            with pytest.raises(ValueError):
                s.apply_action(bad)
        illegal = [i for i in range(size) if i not in s.legal_actions()][:5]
        for bad in illegal:
            with pytest.raises(ValueError, match="not legal here|game is over|cut at"):
                s.apply_action(bad)
        assert (s.record_text(), s.legal_actions(), s.history()) == before


def test_wrong_types_raise_type_error(game):
    s = game.new_initial_state()
    for bad in ("1", 1.5, None, [1]):
        with pytest.raises(TypeError):
            s.apply_action(bad)
    with pytest.raises(TypeError):
        s.observation_tensor("0")
    with pytest.raises(ValueError, match="player 2"):
        s.observation_tensor(2)


def test_bad_texts_raise_value_error_with_the_crates_message():
    cases = [
        (lambda: bg.TaflGame(rules="dim:12 nonsense"), 'token "nonsense" is not key:value'),
        (lambda: bg.TaflGame(rules="fidchell_extra"), 'unknown ruleset "fidchell_extra": expected a preset'),
        (lambda: bg.SugorokuGame(rules="return=sometimes"), 'invalid value "sometimes" for ruleset key return'),
        (lambda: bg.TrictracGame(form="chouette"), 'form "chouette": expected'),
        (lambda: bg.TrictracGame(primaute="coin toss"), 'unknown primauté "coin toss"'),
        (lambda: bg.TrictracGame(form="ecrire", convention="anything"), 'unknown convention "anything"'),
        (lambda: bg.state_from_record("tafl", '[Game "Tafl"\nnot a record'), "not a record: record line 1: malformed tag"),
        (lambda: bg.state_from_record("tafl", '[Game "Tafl"]\n[Rules "dim:99"]\n\n1. a1-a2\n'), "Rules tag: "),
        (lambda: bg.state_from_record("tafl", '[Game "Tafl"]\n[Rules "fidchell"]\n[Position "/9/ a"]\n\n'), "Position tag: 1 ranks"),
        (lambda: bg.state_from_record("tafl", '[Game "Tafl"]\n[Rules "fidchell"]\n\n1. d4-d9\n'), "action 1: illegal move d4-d9"),
        (lambda: bg.state_from_record("tafl", '[Game "Trictrac"]\n\n'), 'this is a record of "Trictrac", not of Tafl'),
        (lambda: bg.state_from_record("sugoroku", '[Game "Sugoroku"]\n\n1. 7-7\n'), 'action 1: invalid throw "7-7"'),
        (lambda: bg.state_from_record("chess", ""), 'unknown game "chess"'),
        (lambda: bg.TaflGame().state_from_record(bg.TaflGame(rules="brandubh").new_initial_state().record_text()), "does not start as this game"),
        (lambda: bg.TaflGame().new_initial_state().string_to_action("d4-d9"), "illegal move d4-d9: no piece of the side to move"),
        (lambda: bg.TaflGame().new_initial_state().string_to_action("nonsense"), 'invalid move "nonsense": expected from-to'),
        (lambda: bg.TrictracGame().new_initial_state().string_to_action("6-5"), 'cannot read "6-5" as a primauté die'),
    ]
    for make, message in cases:
        with pytest.raises(ValueError) as caught:
            make()
        assert message in str(caught.value)


def test_tafl_ids_are_square_direction_distance():
    s = bg.TaflGame().new_initial_state()
    # c1-c2: square c1 (file 2, rank 0) = 2, direction up (0), distance 1.
    assert s.string_to_action("c1-c2") == (2 * 4 + 0) * 6 + 0
    assert s.action_to_string((2 * 4 + 0) * 6 + 0) == "c1-c2"
    assert bg.TaflGame().num_distinct_actions() == 1176
    assert bg.TaflGame(rules="tablut").num_distinct_actions() == 2592
    assert bg.TaflGame(rules="copenhagen").num_distinct_actions() == 4840


def test_trictrac_ids_of_throws_plays_and_decisions():
    g = bg.TrictracGame(primaute="White")
    s = g.new_initial_state()
    assert s.current_player() == bg.CHANCE
    outcomes = dict(s.chance_outcomes())
    assert len(outcomes) == 21
    assert outcomes[6 * 5 + 4] == pytest.approx(2 / 36)  # 6-5
    assert outcomes[6 * 5 + 5] == pytest.approx(1 / 36)  # 6-6
    assert s.string_to_action("5-6") == s.string_to_action("6-5") == 34
    s.apply_action(34)  # 6-5 for White
    assert s.current_player() == 0
    # The only play of 6-5 from the start: B1-B7 (6 from the talon), B1-B6 (5 from the talon).
    assert s.legal_actions() == [0 * 25 + 0]
    assert s.action_to_string(0) == "6-5: B1-B7, B1-B6"
    assert g.num_distinct_actions() == 627 and g.max_chance_outcomes() == 42


def test_the_primaute_dice_have_their_ids():
    s = bg.TrictracGame().new_initial_state()
    assert s.legal_actions() == list(range(36, 42))
    assert s.string_to_action("primauté 4") == 39
    assert s.action_to_string(39) == "primauté 4"


def test_trictrac_tenir_and_s_en_aller_have_their_ids():
    # A seeded bot partie reaches a choice; both ids are then the legal decisions.
    g = bg.TrictracGame()
    for seed in range(40):
        for s in walk(g, seed=seed, max_actions=3000):
            if s.legal_actions() == [625, 626]:
                assert s.action_to_string(625) == "tenir"
                assert s.action_to_string(626) == "s'en aller"
                assert s.string_to_action("s'en aller") == 626
                return
    pytest.fail("no tenir / s'en aller choice in 40 random parties")


def test_sugoroku_is_chance_only():
    s = bg.SugorokuGame().new_initial_state()
    assert s.current_player() == bg.CHANCE
    assert s.chance_player() == 0
    assert len(s.chance_outcomes()) == 21
    s.apply_action(s.string_to_action("6-5"))
    assert s.chance_player() == 1


def test_a_game_cut_at_its_maximum_length():
    g = bg.TaflGame(rules="brandubh", max_length=4)
    s = g.new_initial_state()
    for _ in range(4):
        s.apply_action(s.legal_actions()[0])
    assert s.is_terminal() and s.is_truncated()
    assert s.current_player() == bg.TERMINAL
    assert s.returns() == [0.0, 0.0]
    assert '[Result "*"]' in s.record_text()
    with pytest.raises(ValueError, match="cut"):
        s.apply_action(0)
    assert pickle.loads(pickle.dumps(s)) == s


def test_bots_choose_legal_ids():
    for game, names in (
        (bg.TaflGame(rules="brandubh"), ["random", "bard", "ovate", "druid"]),
        (bg.TrictracGame(), ["random", "bot", "searchbot", "tdbot", "mcts:5"]),
        (bg.TrictracGame(form="ecrire", marques=1), ["random", "bot"]),
    ):
        for name in names:
            bot = game.bot(name, 1)
            s = game.new_initial_state(1)
            rng = bg.ChanceRng(1)
            for _ in range(6):
                while s.is_chance_node():
                    s.apply_chance(rng)
                a = bot.choose(s)
                assert a in s.legal_actions()
                s.apply_action(a)
    with pytest.raises(ValueError, match='unknown agent "grandmaster": expected random'):
        bg.TaflGame().bot("grandmaster")
    with pytest.raises(ValueError, match=r"searchbot plays trictrac only \(the partie ordinaire"):
        bg.TrictracGame(form="ecrire").bot("searchbot")
    with pytest.raises(TypeError):
        bg.TaflGame().bot("bard").choose(bg.TrictracGame().new_initial_state())
    with pytest.raises(ValueError, match="no decision"):
        bg.TrictracGame().bot("bot").choose(bg.TrictracGame().new_initial_state())



def test_expectimax_is_searchbot_with_a_deprecation_warning():
    game = bg.TrictracGame(trous=1)
    with pytest.warns(DeprecationWarning, match='"expectimax" is now named "searchbot"'):
        old = game.bot("expectimax", 3)
    assert old.name == "expectimax"
    new = game.bot("searchbot", 3)
    one = bg.play_game(game, old, game.bot("bot"), 5)
    two = bg.play_game(game, new, game.bot("bot"), 5)
    assert one.record_text() == two.record_text()
    with pytest.warns(DeprecationWarning):
        results = bg.play_games(game, "expectimax", "bot", [5])
    assert results[0][0] == one.returns()
    # The old name in the partie à écrire: warned, then refused as searchbot is.
    with pytest.warns(DeprecationWarning), pytest.raises(ValueError, match="partie ordinaire"):
        bg.TrictracGame(form="ecrire").bot("expectimax")
    # Only trictrac had the old name.
    with pytest.raises(ValueError, match='unknown agent "expectimax"'):
        bg.TaflGame().bot("expectimax")

BERSERK = (
    "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c "
    "start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/"
)


def test_any_opentafl_rules_string():
    brandubh = bg.TaflGame(rules="brandubh")
    again = bg.TaflGame(rules=brandubh.rules_string)
    assert again.ruleset_name == "Brandubh" and again.num_distinct_actions() == 1176
    berserk = bg.TaflGame(rules=BERSERK)
    assert berserk.board_size == 11 and berserk.ruleset_name == "Berserk"
    s = berserk.new_initial_state()
    obs = s.observation_tensor(0)
    # The officers plane: the attackers' four commanders and the defenders' knight.
    assert obs[7].sum() == 5
    for t in walk(berserk, seed=2, max_actions=200):
        assert list(np.flatnonzero(t.legal_actions_mask())) == t.legal_actions()
        for a in t.legal_actions():
            assert t.string_to_action(t.action_to_string(a)) == a


def test_play_games_is_a_batch_of_play_game():
    game = bg.TaflGame(rules="brandubh")
    results = bg.play_games(game, "bard", "random", [3, 4, 5], records=True)
    assert len(results) == 3
    for seed, (returns, record) in zip([3, 4, 5], results):
        # The bots of the game of seed s are seeded with the sub-seeds 0 and 1 of s.
        first, second = game.bot("bard", bg.derive_seed(seed, 0)), game.bot("random", bg.derive_seed(seed, 1))
        one = bg.play_game(game, first, second, seed)
        assert returns == one.returns()
        assert record == one.record_text()
    assert bg.play_games(bg.SugorokuGame(), "random", "random", [1])[0][1] is None
    with pytest.raises(ValueError, match="bot plays trictrac only"):
        bg.play_games(game, "bot", "random", [1])
    with pytest.raises(TypeError):
        bg.play_games("tafl", "bard", "bard", [1])


def test_derive_seed_is_the_crates_one_derivation():
    # Seed(0).derive(0) in boardgames-common's own test of the derivation.
    assert bg.derive_seed(0, 0) == 0xE220A8397B1DCDAF
    assert bg.derive_seed(5, 0) != bg.derive_seed(5, 1)
    # Two random bots of one batch game draw two streams: their games differ from those of
    # two bots of one seed.
    game = bg.TaflGame(rules="brandubh")
    batch = bg.play_games(game, "random", "random", [9], records=True)[0][1]
    same = bg.play_game(game, game.bot("random", 9), game.bot("random", 9), 9).record_text()
    derived = bg.play_game(
        game, game.bot("random", bg.derive_seed(9, 0)), game.bot("random", bg.derive_seed(9, 1)), 9
    ).record_text()
    assert batch == derived and batch != same


def test_a_refused_record_raises_record_error_saying_what_and_where():
    text = '[Game "Tafl"]\n[Rules "fidchell"]\n\n1. g4-f4\n2. d4-d9\n'
    with pytest.raises(bg.RecordError, match=r"^action 2: ") as caught:
        bg.state_from_record("tafl", text)
    # A ValueError, so that callers catching ValueError keep working.
    assert isinstance(caught.value, ValueError)
    with pytest.raises(bg.RecordError, match=r"^action 2: "):
        bg.TaflGame().state_from_record(text)
    with pytest.raises(bg.RecordError, match="2 actions, more than the maximum length 1"):
        bg.state_from_record("tafl", text, max_length=1)
    with pytest.raises(bg.RecordError, match="does not start as this game"):
        bg.TaflGame().state_from_record(bg.TaflGame(rules="brandubh").new_initial_state().record_text())
    with pytest.raises(bg.RecordError, match=r"the Result tag says 1-0 but the replayed game gives \*"):
        bg.state_from_record("tafl", '[Game "Tafl"]\n[Rules "fidchell"]\n[Result "1-0"]\n\n1. g4-f4\n')
    # An unknown kind of game is no record's fault.
    with pytest.raises(ValueError, match='unknown game "chess"') as caught:
        bg.state_from_record("chess", "")
    assert not isinstance(caught.value, bg.RecordError)
