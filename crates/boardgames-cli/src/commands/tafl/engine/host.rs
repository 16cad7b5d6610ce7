//! What the host says of the game, kept by the [`Engine`]: the rules, the position and the
//! side to move, the opponent's moves and the host's acceptance of the engine's own.

use std::io::Write;

use tafl_core::{Move, Ruleset, Setup, Side, Square, TaflGame};

use super::{Engine, ascii};

impl<W: Write> Engine<W> {
    pub(super) fn rules(&mut self, line: &str) -> std::io::Result<()> {
        let text = line.strip_prefix("rules").unwrap_or(line).trim();
        // As OpenTafl reads them: keys we do not know are ignored.
        match Ruleset::from_opentafl(text) {
            Ok(ruleset) => {
                self.game = Some(TaflGame::new(ruleset));
                self.searcher.clear();
                self.pending = None;
                self.refused.clear();
                Ok(())
            }
            Err(e) => {
                // A clean reset: the host's game is now one we cannot play, so nothing of
                // the previous game is kept (a later `play` is refused with `error -1`
                // until a supported `rules` line comes).
                self.game = None;
                self.side = None;
                self.clock = None;
                self.pending = None;
                self.refused.clear();
                self.searcher.clear();
                self.log("  (rules refused: the previous game is dropped)");
                self.send(&format!(
                    "error 0 unsupported rules: {}",
                    ascii(&e.to_string())
                ))
            }
        }
    }

    /// The host's board, with `side` to move, as a new game of the current ruleset (the
    /// history is lost), or `None` if it cannot be read.
    fn game_from_board(&self, board: &str, side: Side) -> Option<TaflGame> {
        let ruleset = self.game.as_ref()?.ruleset().clone();
        let mut setup = Setup::from_board_string(board).ok()?;
        setup.side_to_move = side;
        TaflGame::from_setup(ruleset, &setup).ok()
    }

    /// [`Engine::game_from_board`], keeping a berserk move in progress: when our game had
    /// `berserker` (its square and side) and the host's board, with that side to move, still
    /// holds a piece of that side there, that piece is still the berserker (OpenTafl's
    /// `position` records carry no berserker, "OpenTafl Engine Protocol", `position`).
    /// Without it, or if that position has no move, the board is taken as it is.
    fn game_from_board_keeping(
        &self,
        board: &str,
        side: Side,
        berserker: Option<(Square, Side)>,
    ) -> Option<TaflGame> {
        if let Some((b, owner)) = berserker
            && owner == side
            && let Some(game) = &self.game
            && let Ok(mut setup) = Setup::from_board_string(board)
            && setup.piece_at(b).is_some_and(|p| p.side() == side)
        {
            setup.side_to_move = side;
            setup.berserker = Some(b);
            if let Ok(g) = TaflGame::from_setup(game.ruleset().clone(), &setup)
                && g.position().count_legal_moves(g.rules()) > 0
            {
                return Some(g);
            }
        }
        self.game_from_board(board, side)
    }

    /// Takes the host's board with `side` to move as our game, keeping `berserker` as
    /// [`Engine::game_from_board_keeping`] does (and saying so in the log); our game stays
    /// if the board cannot be read.
    fn take_board_keeping(&mut self, board: &str, side: Side, berserker: Option<(Square, Side)>) {
        if let Some(g) = self.game_from_board_keeping(board, side, berserker) {
            if let Some(b) = g.position().berserker() {
                self.log(&format!(
                    "  (the host's board taken; the berserk move of the piece on {b} kept)"
                ));
            }
            self.game = Some(g);
        }
    }

    /// The berserker of our game with its side, if a berserk move is in progress.
    pub(super) fn berserker(&self) -> Option<(Square, Side)> {
        let pos = self.game.as_ref()?.position();
        pos.berserker().map(|b| (b, pos.side_to_move()))
    }

    /// Whether our board is the host's.
    fn board_matches(&self, board: &str) -> bool {
        let Some(g) = &self.game else {
            return false;
        };
        Setup::from_board_string(board).is_ok_and(|s| {
            let ours = g.position().to_setup();
            s.attackers == ours.attackers
                && s.defenders == ours.defenders
                && s.king == ours.king
                && s.commanders == ours.commanders
                && s.knights == ours.knights
        })
    }

    pub(super) fn position(&mut self, board: Option<&str>) {
        let Some(board) = board else {
            return;
        };
        if self.board_matches(board) {
            return;
        }
        let side = self
            .game
            .as_ref()
            .map_or(Side::Attackers, |g| g.position().side_to_move());
        let berserker = self.berserker();
        self.take_board_keeping(board, side, berserker);
    }

    /// Makes `side` the side to move (a new game from the board if it is not).
    pub(super) fn set_side_to_move(&mut self, side: Side) {
        let Some(g) = &self.game else {
            return;
        };
        if g.position().side_to_move() == side && !g.status().is_over() {
            return;
        }
        let board = g.position().to_setup().board_string();
        if let Some(g) = self.game_from_board(&board, side) {
            self.game = Some(g);
        }
    }

    /// `opponent-move <move>|<move>... [<position>]`: plays the moves (OpenTafl sends all
    /// the moves of a berserk turn in one list, oldest first); if the board then differs
    /// from the host's (a repeated notice, or a move we cannot play), the host's board is
    /// taken. A move that cannot be read or played is logged; when no readable position
    /// follows to recover from, the engine keeps its state as it was before the command and
    /// tells the host with a non-critical `error 0`. A berserk move of ours in progress (our
    /// capture accepted, the host repeating our move as OpenTafl does) survives a board taken
    /// so, as it does `position`.
    pub(super) fn opponent_move(&mut self, args: &[&str]) -> std::io::Result<()> {
        self.pending = None;
        let Some(game) = &self.game else {
            return Ok(());
        };
        let Some(list) = args.first() else {
            self.log("  (opponent-move without a move, ignored)");
            return Ok(());
        };
        let before = game.clone();
        let mut next = game.clone();
        let mut mover = None;
        let mut fault = None;
        for text in list.split('|') {
            let Ok(m) = Move::from_otn(text) else {
                fault = Some(format!("cannot read the opponent's move {:?}", ascii(text)));
                break;
            };
            let side = next.position().side_to_move();
            match next.play_mut(m) {
                Ok(_) => mover = Some(side),
                Err(e) => {
                    fault = Some(format!("cannot play the opponent's move {m}: {e}"));
                    break;
                }
            }
        }
        if let Some(f) = &fault {
            self.log(&format!("  ({f})"));
        }
        let host_board = args
            .get(1)
            .copied()
            .filter(|b| Setup::from_board_string(b).is_ok());
        let Some(board) = host_board else {
            if let Some(f) = fault {
                // Nothing to recover from: our state stays as it was.
                return self.send(&format!("error 0 {}; position kept", ascii(&f)));
            }
            self.game = Some(next);
            return Ok(());
        };
        self.game = Some(next);
        if fault.is_none() && self.board_matches(board) {
            return Ok(());
        }
        self.game = Some(before);
        if self.board_matches(board) {
            return Ok(()); // already known
        }
        self.log("  (the host's board differs from ours: taken)");
        let side = match (mover, self.side) {
            (Some(s), _) if fault.is_none() => s.other(),
            (_, Some(ours)) => ours,
            _ => self
                .game
                .as_ref()
                .map_or(Side::Attackers, |g| g.position().side_to_move().other()),
        };
        // Our game is the one before the command again: a berserker of ours there still moves
        // (the host's `opponent-move` repeated the move that made it one).
        let berserker = self.berserker();
        self.take_board_keeping(board, side, berserker);
        Ok(())
    }

    /// After `error 4`: the host says a piece of ours moves again (berserk) where our game
    /// does not; it can only be the piece of our last accepted move, which becomes the
    /// berserker (if the rules have berserk moves and it still stands there).
    pub(super) fn host_berserker(&mut self) {
        let (Some(m), Some(side), Some(game)) = (self.last_accepted, self.side, &self.game) else {
            return;
        };
        if game.position().berserker().is_some() {
            return;
        }
        let mut setup = game.position().to_setup();
        setup.side_to_move = side;
        setup.berserker = Some(m.to);
        if let Ok(g) = TaflGame::from_setup(game.ruleset().clone(), &setup) {
            self.log(&format!(
                "  (the host has our piece on {} move again: taken)",
                m.to
            ));
            self.game = Some(g);
        }
    }

    /// `move <position>`: the host accepted our move.
    pub(super) fn move_accepted(&mut self, board: Option<&str>) {
        let Some((m, hash)) = self.pending.take() else {
            return;
        };
        self.last_accepted = Some(m);
        let Some(game) = &mut self.game else {
            return;
        };
        if game.position().hash() == hash {
            let _ = game.play_mut(m);
        }
        if let Some(board) = board
            && !self.board_matches(board)
        {
            self.log("  (the host's board differs from ours: taken)");
            // Our move captured and gives a berserk move: still our side to move.
            let berserker = self.berserker().filter(|&(_, s)| Some(s) == self.side);
            let side = match berserker {
                Some((_, s)) => s,
                None => self.side.map_or(Side::Attackers, Side::other),
            };
            self.take_board_keeping(board, side, berserker);
        }
    }
}
