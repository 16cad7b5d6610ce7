//! The generic agents on small dice games whose values are known exactly.

use boardgames_common::agents::{
    ConfigError, Expectiminimax, ExpectiminimaxConfig, Mcts, MctsConfig,
};
use boardgames_common::{
    Agent, ByPlayer, Die, Game, Player, RandomAgent, Seed, Throw, Turn, UNORDERED_OUTCOMES,
    play_game,
};

/// "Gamble": the first player takes a sure `safe` or gambles on two dice. A doublet wins
/// double (+2), a sum of 9 or more wins (+1); otherwise the second player chooses between
/// taking half a point (the first player's return −½) and throwing one die, a 6 of which makes
/// the first player win (+1), anything else lose (−1).
///
/// By hand: throwing gives the first player 1/6 − 5/6 = −2/3 < −½, so the second player
/// throws. Doublets are 6/36, non-doublets of 9 or more (6-3, 5-4, 6-4, 6-5) 8/36, the rest
/// 22/36: the gamble is worth 2·6/36 + 8/36 − (2/3)·22/36 = 4/27 to the first player.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Gamble {
    safe: f64,
    stage: Stage,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Stage {
    Choose,
    TwoDice,
    Reply,
    OneDie,
    Over(f64),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Act {
    Safe,
    Gamble,
    Take,
    Throw,
    Dice(Throw),
    Die(Die),
}

#[derive(Debug, thiserror::Error)]
#[error("illegal {0:?}")]
struct Illegal(Act);

impl Gamble {
    fn new(safe: f64) -> Gamble {
        Gamble {
            safe,
            stage: Stage::Choose,
        }
    }
}

impl Game for Gamble {
    type Action = Act;
    type Error = Illegal;
    const NAME: &'static str = "Gamble";

    fn turn(&self) -> Turn {
        match self.stage {
            Stage::Choose => Turn::Player(Player::First),
            Stage::Reply => Turn::Player(Player::Second),
            Stage::TwoDice | Stage::OneDie => Turn::Chance,
            Stage::Over(_) => Turn::Terminal,
        }
    }
    fn legal_actions(&self, out: &mut Vec<Act>) {
        out.clear();
        match self.stage {
            Stage::Choose => out.extend([Act::Safe, Act::Gamble]),
            Stage::Reply => out.extend([Act::Take, Act::Throw]),
            _ => {}
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(Act, f64)>) {
        out.clear();
        match self.stage {
            Stage::TwoDice => {
                out.extend(UNORDERED_OUTCOMES.iter().map(|&(t, p)| (Act::Dice(t), p)))
            }
            Stage::OneDie => out.extend(Die::ALL.iter().map(|&d| (Act::Die(d), 1.0 / 6.0))),
            _ => {}
        }
    }
    fn apply(&mut self, a: Act) -> Result<(), Illegal> {
        self.stage = match (self.stage, a) {
            (Stage::Choose, Act::Safe) => Stage::Over(self.safe),
            (Stage::Choose, Act::Gamble) => Stage::TwoDice,
            (Stage::TwoDice, Act::Dice(t)) if t.is_doublet() => Stage::Over(2.0),
            (Stage::TwoDice, Act::Dice(t)) if t.sum() >= 9 => Stage::Over(1.0),
            (Stage::TwoDice, Act::Dice(_)) => Stage::Reply,
            (Stage::Reply, Act::Take) => Stage::Over(-0.5),
            (Stage::Reply, Act::Throw) => Stage::OneDie,
            (Stage::OneDie, Act::Die(d)) => Stage::Over(if d.get() == 6 { 1.0 } else { -1.0 }),
            _ => return Err(Illegal(a)),
        };
        Ok(())
    }
    fn returns(&self) -> ByPlayer<f64> {
        match self.stage {
            Stage::Over(v) => ByPlayer::new(v, -v),
            _ => ByPlayer::new(0.0, 0.0),
        }
    }
    fn action_text(&self, a: Act) -> String {
        format!("{a:?}")
    }
    fn parse_action(&self, text: &str) -> Result<Act, Illegal> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        legal
            .into_iter()
            .find(|a| format!("{a:?}") == text)
            .ok_or(Illegal(Act::Safe))
    }
}

fn throw(text: &str) -> Throw {
    text.parse().unwrap()
}

/// The second player's decision after a gamble thrown 2-1.
fn reply_node() -> Gamble {
    let mut g = Gamble::new(1.0 / 6.0);
    g.apply(Act::Gamble).unwrap();
    g.apply(Act::Dice(throw("2-1"))).unwrap();
    assert_eq!(g.turn(), Turn::Player(Player::Second));
    g
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

fn expecti(depth: u32, bounds: Option<(f64, f64)>) -> Expectiminimax<Gamble> {
    Expectiminimax::new(ExpectiminimaxConfig::with_depth(depth).with_bounds(bounds)).unwrap()
}

#[test]
fn expectiminimax_gives_the_exact_expected_values() {
    for bounds in [None, Some((-2.0, 2.0))] {
        // Deep enough for the whole game: the sure 1/6 beats the gamble's 4/27.
        for depth in [3, 4, 10] {
            let mut search = expecti(depth, bounds);
            let root = Gamble::new(1.0 / 6.0);
            let found = search.search(&root, &[Act::Safe, Act::Gamble]).unwrap();
            assert_eq!(found.action, Act::Safe, "depth {depth} {bounds:?}");
            assert!(close(found.value, 1.0 / 6.0), "{}", found.value);
            let mut gambled = root;
            gambled.apply(Act::Gamble).unwrap();
            assert!(close(search.value(&gambled, Player::First), 4.0 / 27.0));
            assert!(close(search.value(&gambled, Player::Second), -4.0 / 27.0));
            // The second player throws: 2/3 for him against ½ for taking.
            let reply = reply_node();
            let found = search.search(&reply, &[Act::Take, Act::Throw]).unwrap();
            assert_eq!(found.action, Act::Throw);
            assert!(close(found.value, 2.0 / 3.0), "{}", found.value);
            // A gamble worth more than 4/27 is taken: a sure 1/9 is refused.
            let found = search
                .search(&Gamble::new(1.0 / 9.0), &[Act::Safe, Act::Gamble])
                .unwrap();
            assert_eq!(found.action, Act::Gamble);
            assert!(close(found.value, 4.0 / 27.0));
        }
    }
}

#[test]
fn the_depth_limit_and_the_evaluation_decide_the_shallow_values() {
    let root = Gamble::new(1.0 / 6.0);
    let legal = [Act::Safe, Act::Gamble];
    // Depth 1: the chance node after the gamble is valued by the returns (0 unfinished).
    let found = expecti(1, None).search(&root, &legal).unwrap();
    assert_eq!((found.action, found.value), (Act::Safe, 1.0 / 6.0));
    // Depth 2: the second player's throw is not seen (valued 0), so he takes the ½:
    // 2·6/36 + 8/36 − ½·22/36 = ¼ > 1/6, and the gamble looks better.
    let found = expecti(2, None).search(&root, &legal).unwrap();
    assert_eq!(found.action, Act::Gamble);
    assert!(close(found.value, 0.25), "{}", found.value);
    // The caller's evaluation is what values the frontier: an optimist who values every
    // unfinished state at +1 for the first player gambles at depth 1 with a value of 1.
    let optimist = |g: &Gamble, p: Player| {
        let v = if g.is_terminal() {
            g.returns().first
        } else {
            1.0
        };
        if p == Player::First { v } else { -v }
    };
    let mut search =
        Expectiminimax::with_evaluator(ExpectiminimaxConfig::with_depth(1), optimist).unwrap();
    let found = search.search(&root, &legal).unwrap();
    assert_eq!((found.action, found.value), (Act::Gamble, 1.0));
}

#[test]
fn star1_bounds_prune_without_changing_the_result() {
    // On the gamble with a sure 0.9, the gamble's first outcomes already bound its value
    // below 0.9 once the second player's -2/3 outcomes come in: fewer nodes, same answer.
    let root = Gamble::new(0.9);
    let legal = [Act::Safe, Act::Gamble];
    let mut full = expecti(3, None);
    let mut star = expecti(3, Some((-2.0, 2.0)));
    let a = full.search(&root, &legal).unwrap();
    let b = star.search(&root, &legal).unwrap();
    assert_eq!((a.action, a.value), (b.action, b.value));
    assert_eq!(a.action, Act::Safe);
    assert!(b.nodes < a.nodes, "{} vs {}", b.nodes, a.nodes);
}

/// A plain expectiminimax without any pruning, with the same depth accounting as the
/// library's (a decision costs one; a chance node costs one only right after another).
fn oracle<G: Game>(g: &G, me: Player, depth: u32, after_chance: bool) -> f64 {
    let turn = g.turn();
    let depth = if turn == Turn::Chance && after_chance {
        depth.saturating_sub(1)
    } else {
        depth
    };
    if turn == Turn::Terminal || depth == 0 {
        return g.returns()[me];
    }
    match turn {
        Turn::Player(p) => {
            let mut legal = Vec::new();
            g.legal_actions(&mut legal);
            let values = legal.iter().map(|&a| {
                let mut c = g.clone();
                c.apply(a).unwrap();
                oracle(&c, me, depth - 1, false)
            });
            if p == me {
                values.fold(f64::NEG_INFINITY, f64::max)
            } else {
                values.fold(f64::INFINITY, f64::min)
            }
        }
        _ => {
            let mut outcomes = Vec::new();
            g.chance_outcomes(&mut outcomes);
            outcomes
                .iter()
                .map(|&(a, p)| {
                    let mut c = g.clone();
                    c.apply(a).unwrap();
                    p * oracle(&c, me, depth, true)
                })
                .sum()
        }
    }
}

/// A two-dice race to 9: each player throws in turn and advances by one die, the other die
/// or their sum halved (rounded down); the first to reach 9 wins, double if the other has
/// not left 0.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Race {
    pos: [u8; 2],
    mover: Player,
    throw: Option<Throw>,
}

impl Game for Race {
    type Action = (u8, Option<Throw>);
    type Error = Illegal;
    const NAME: &'static str = "Race";
    fn turn(&self) -> Turn {
        if self.pos.iter().any(|&p| p >= 9) {
            Turn::Terminal
        } else if self.throw.is_none() {
            Turn::Chance
        } else {
            Turn::Player(self.mover)
        }
    }
    fn legal_actions(&self, out: &mut Vec<Self::Action>) {
        out.clear();
        if let (Some(t), Turn::Player(_)) = (self.throw, self.turn()) {
            out.push((t.high().get(), None));
            if !t.is_doublet() {
                out.push((t.low().get(), None));
            }
            out.push((t.sum() / 2, None));
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(Self::Action, f64)>) {
        out.clear();
        if self.turn() == Turn::Chance {
            out.extend(UNORDERED_OUTCOMES.iter().map(|&(t, p)| ((0, Some(t)), p)));
        }
    }
    fn apply(&mut self, a: Self::Action) -> Result<(), Illegal> {
        match (self.turn(), a) {
            (Turn::Chance, (_, Some(t))) => self.throw = Some(t),
            (Turn::Player(p), (n, None)) => {
                let mut legal = Vec::new();
                self.legal_actions(&mut legal);
                if !legal.contains(&a) {
                    return Err(Illegal(Act::Take));
                }
                self.pos[p.index()] += n;
                self.throw = None;
                self.mover = p.other();
            }
            _ => return Err(Illegal(Act::Take)),
        }
        Ok(())
    }
    fn returns(&self) -> ByPlayer<f64> {
        let win = |w: usize| if self.pos[1 - w] == 0 { 2.0 } else { 1.0 };
        if self.pos[0] >= 9 {
            ByPlayer::new(win(0), -win(0))
        } else if self.pos[1] >= 9 {
            ByPlayer::new(-win(1), win(1))
        } else {
            ByPlayer::new(0.0, 0.0)
        }
    }
    fn action_text(&self, a: Self::Action) -> String {
        match a {
            (_, Some(t)) => t.to_string(),
            (n, None) => format!("+{n}"),
        }
    }
    fn parse_action(&self, _: &str) -> Result<Self::Action, Illegal> {
        Err(Illegal(Act::Take))
    }
}

fn race_positions() -> Vec<Race> {
    let mut out = Vec::new();
    for (i, (a, b)) in [(0, 0), (3, 0), (5, 6), (7, 2), (8, 8), (1, 4)]
        .into_iter()
        .enumerate()
    {
        let t = UNORDERED_OUTCOMES[(i * 7) % 21].0;
        let mover = if i % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        out.push(Race {
            pos: [a, b],
            mover,
            throw: Some(t),
        });
    }
    out
}

#[test]
fn pruning_matches_plain_expectiminimax_on_a_race() {
    for depth in 1..=3 {
        for root in race_positions() {
            let Turn::Player(me) = root.turn() else {
                unreachable!()
            };
            let mut legal = Vec::new();
            root.legal_actions(&mut legal);
            let best = legal
                .iter()
                .map(|&a| {
                    let mut c = root;
                    c.apply(a).unwrap();
                    oracle(&c, me, depth - 1, false)
                })
                .fold(f64::NEG_INFINITY, f64::max);
            for bounds in [None, Some((-2.0, 2.0))] {
                let mut search = Expectiminimax::new(
                    ExpectiminimaxConfig::with_depth(depth).with_bounds(bounds),
                )
                .unwrap();
                let found = search.search(&root, &legal).unwrap();
                assert!(
                    (found.value - best).abs() < 1e-9,
                    "depth {depth} {root:?} {bounds:?}: {} vs {best}",
                    found.value
                );
                // The action chosen is worth the best value.
                let mut c = root;
                c.apply(found.action).unwrap();
                assert!((oracle(&c, me, depth - 1, false) - best).abs() < 1e-9);
            }
        }
    }
}

#[test]
fn mcts_converges_to_the_optimal_actions() {
    // The gamble (4/27) against nothing; the sure 0.3 against the gamble (at most ¼).
    for (safe, best) in [(0.0, Act::Gamble), (0.3, Act::Safe)] {
        for seed in 1..=3 {
            let mut mcts: Mcts<Gamble> =
                Mcts::new(MctsConfig::with_iterations(20_000), Seed(seed)).unwrap();
            let root = Gamble::new(safe);
            let stats = mcts.analyse(&root, &[Act::Safe, Act::Gamble]);
            assert_eq!(stats.iter().map(|s| s.visits).sum::<u32>(), 20_000);
            let gamble = stats[1];
            assert!((gamble.mean - 4.0 / 27.0).abs() < 0.1, "{gamble:?}");
            assert_eq!(
                mcts.choose(&root, &[Act::Safe, Act::Gamble]),
                best,
                "seed {seed}"
            );
        }
    }
    // The second player learns to throw (2/3 against ½).
    let mut mcts: Mcts<Gamble> = Mcts::new(MctsConfig::with_iterations(5_000), Seed(4)).unwrap();
    let stats = mcts.analyse(&reply_node(), &[Act::Take, Act::Throw]);
    assert!((stats[0].mean - 0.5).abs() < 1e-12);
    assert!((stats[1].mean - 2.0 / 3.0).abs() < 0.1, "{stats:?}");
    assert_eq!(
        mcts.choose(&reply_node(), &[Act::Take, Act::Throw]),
        Act::Throw
    );
}

#[test]
fn mcts_with_a_callers_rollout_policy() {
    // A rollout policy that always takes the half point: below the tree, the gamble then
    // ends at +2, +1 or −½, never at −1 (a throw of the second player's die).
    #[derive(Debug)]
    struct Taker;
    impl Agent<Gamble> for Taker {
        fn choose(&mut self, _: &Gamble, legal: &[Act]) -> Act {
            *legal.iter().find(|&&a| a == Act::Take).unwrap_or(&legal[0])
        }
    }
    // Two iterations: the first visits Safe, the second Gamble, whose rollout is the policy's.
    let cfg = MctsConfig::with_iterations(2);
    let legal = [Act::Safe, Act::Gamble];
    let mut seen_minus_one = false;
    for seed in 0..300 {
        let mut taker = Mcts::with_policy(cfg, Seed(seed), Taker).unwrap();
        let g = taker.analyse(&Gamble::new(0.0), &legal)[1];
        assert_eq!(g.visits, 1);
        assert!([2.0, 1.0, -0.5].contains(&g.mean), "seed {seed}: {g:?}");
        let mut random: Mcts<Gamble> = Mcts::new(cfg, Seed(seed)).unwrap();
        seen_minus_one |= random.analyse(&Gamble::new(0.0), &legal)[1].mean == -1.0;
    }
    assert!(seen_minus_one, "random rollouts sometimes throw and lose");
}

#[test]
fn same_seed_same_action_and_no_illegal_action_on_the_race() {
    for root in race_positions() {
        let mut legal = Vec::new();
        root.legal_actions(&mut legal);
        let pick = |seed| {
            let mut m: Mcts<Race> =
                Mcts::new(MctsConfig::with_iterations(300), Seed(seed)).unwrap();
            let stats = m.analyse(&root, &legal);
            (m.choose(&root, &legal), stats)
        };
        let (a, sa) = pick(5);
        let (b, sb) = pick(5);
        assert_eq!((a, sa), (b, sb));
        assert!(legal.contains(&a));
        let mut e = Expectiminimax::new(ExpectiminimaxConfig::with_depth(2)).unwrap();
        let x = e.choose(&root, &legal);
        assert!(legal.contains(&x));
        assert_eq!(x, e.choose(&root, &legal));
    }
    // Whole games of the race between the two searches and a random player end.
    let start = Race {
        pos: [0, 0],
        mover: Player::First,
        throw: None,
    };
    for seed in 0..4 {
        let mut m: Mcts<Race> = Mcts::new(MctsConfig::with_iterations(50), Seed(seed)).unwrap();
        let mut e = Expectiminimax::new(ExpectiminimaxConfig::with_depth(2)).unwrap();
        let mut r = RandomAgent::new(Seed(seed));
        let played = play_game(start, Seed(seed), ByPlayer::new(&mut m, &mut e), 1000).unwrap();
        assert!(played.state.is_terminal());
        let played = play_game(start, Seed(seed), ByPlayer::new(&mut r, &mut m), 1000).unwrap();
        assert!(played.state.is_terminal());
    }
}

#[test]
fn zero_budgets_and_bad_constants_are_refused() {
    let err = Mcts::<Gamble>::new(MctsConfig::with_iterations(0), Seed(1)).unwrap_err();
    assert_eq!(err, ConfigError::ZeroBudget("iterations"));
    assert_eq!(err.to_string(), "the iterations budget must be at least 1");
    let cfg = MctsConfig::default().with_exploration(f64::NAN);
    assert!(matches!(
        Mcts::<Gamble>::new(cfg, Seed(1)),
        Err(ConfigError::Exploration(_))
    ));
    let err = Expectiminimax::<Gamble>::new(ExpectiminimaxConfig::with_depth(0)).unwrap_err();
    assert_eq!(err.to_string(), "the depth budget must be at least 1");
    let cfg = ExpectiminimaxConfig::with_depth(2).with_bounds(Some((1.0, -1.0)));
    assert!(matches!(
        Expectiminimax::<Gamble>::new(cfg),
        Err(ConfigError::Bounds { .. })
    ));
}

#[test]
fn the_node_budget_is_a_hard_limit() {
    let root = race_positions()[0];
    let mut legal = Vec::new();
    root.legal_actions(&mut legal);
    let cfg = ExpectiminimaxConfig::with_depth(6).with_max_nodes(100);
    let mut e = Expectiminimax::new(cfg).unwrap();
    let found = e.search(&root, &legal).unwrap();
    // Past the budget every node is a leaf: at most the siblings still on the stack are
    // counted after it (6 levels of at most 21 outcomes).
    assert!(found.nodes <= 100 + 6 * 21, "{}", found.nodes);
    let cfg = MctsConfig::with_iterations(500).with_max_nodes(10);
    let mut m: Mcts<Race> = Mcts::new(cfg, Seed(1)).unwrap();
    assert!(legal.contains(&m.choose(&root, &legal)));
}
