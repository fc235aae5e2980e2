//! What the API sends: the game state, the lobby entry and the answer to a
//! new game, as types (`docs/api.md` describes exactly these).

use kyoku_core::{Decision, Outcome, Player, ToAct};
use kyoku_games::session::{Ending, Offers};
use kyoku_games::{GameKind, GameStatus};
use serde::Serialize;
use serde_json::Value;

/// A seat as everyone sees it.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    /// 1-based.
    pub seat: usize,
    /// `human`, or the program's spec (`ai:3`).
    pub kind: String,
    /// A human seat waiting for someone to join.
    pub open: bool,
    /// The program playing in this seat's program's place (or, once its
    /// person has left a Shiamgon game, in the person's), if one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stand_in: Option<String>,
    /// The seat has left the contest (Shiamgon: resigned or out of time).
    pub out: bool,
    /// The account playing it: a person signed in, or (in rated games) a
    /// program level; `null` for anonymous seats.
    pub player: Option<PlayerView>,
    /// The rating change a rated game made, once over.
    pub rating_diff: Option<i64>,
}

/// The account in a seat, as everyone sees it.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    /// The name (`deleted` once its owner deleted the account; a
    /// program's spec).
    pub username: String,
    /// The rating in the game's pool when the seat was taken, rounded.
    pub rating: i64,
    /// The rating was provisional then (shown with "?").
    pub provisional: bool,
    /// A program level, not a person.
    pub program: bool,
}

impl PlayerView {
    /// The view of a stored player.
    pub fn of(p: &crate::store::PlayerRow) -> PlayerView {
        PlayerView {
            username: p.username.clone(),
            rating: p.rating.round() as i64,
            provisional: p.rd > kyoku_rating::PROVISIONAL_RD,
            program: p.program,
        }
    }
}

/// Who acts now.
#[derive(Clone, Debug, Serialize)]
pub struct ToActView {
    /// 1-based seat; `null` for chance.
    pub seat: Option<usize>,
    /// `move` (a turn), `push` (answering a push out of turn), `chance`.
    pub kind: &'static str,
}

impl ToActView {
    /// The view of `to_act`; `None` once nobody acts.
    pub fn of(to_act: ToAct) -> Option<ToActView> {
        let (seat, kind) = match to_act {
            ToAct::Player(p, Decision::Turn) => (Some(p.number()), "move"),
            ToAct::Player(p, Decision::Answer) => (Some(p.number()), "push"),
            ToAct::Chance => (None, "chance"),
            ToAct::Nobody => return None,
        };
        Some(ToActView { seat, kind })
    }
}

/// How a game ended.
#[derive(Clone, Debug, Serialize)]
pub struct ResultView {
    /// Each seat's score (1/0 or ½ in two-player games; points in Shiamgon).
    pub scores: Vec<i32>,
    /// Each seat's place (1 = first; equal scores share a place).
    pub ranks: Vec<usize>,
    /// The 1-based seats in first place (none when the game ended without
    /// a result: aborted or abandoned).
    pub winners: Vec<usize>,
    /// Why it ended (`lion captured`, `threefold repetition`, …).
    pub reason: String,
}

impl ResultView {
    /// The view of an outcome.
    pub fn of(o: &Outcome) -> ResultView {
        ResultView {
            scores: o.scores().to_vec(),
            ranks: (0..o.players()).map(|i| o.rank(Player::new(i))).collect(),
            winners: if Ending::is_no_result(o.reason) {
                Vec::new()
            } else {
                o.winners().iter().map(|p| p.number()).collect()
            },
            reason: o.reason.to_string(),
        }
    }
}

/// One move of the history.
#[derive(Clone, Debug, Serialize)]
pub struct HistoryEntry {
    /// The move, canonical.
    #[serde(rename = "move")]
    pub mv: String,
    /// Who made it (1-based); `null` for chance.
    pub seat: Option<usize>,
}

/// The lobby's entry of a game: the state without the board.
#[derive(Clone, Debug, Serialize)]
pub struct LobbyEntry {
    /// The game's id.
    pub id: String,
    /// Which game.
    pub game: GameKind,
    /// Its options, complete.
    pub options: Value,
    /// Its seats.
    pub seats: Vec<SeatView>,
    /// Rated: its end moves its players' ratings.
    pub rated: bool,
    /// Each seat's display name: a person's name or "Anonymous"; `null` for
    /// programs and seats not joined yet.
    pub names: Vec<Option<String>>,
    /// The time control (`3+2`, `1d`); `null`: untimed.
    pub clock: Option<String>,
    /// Moves made, as players count them (a move of each side is one move
    /// in two-player games; chance's draws are not counted).
    pub moves: usize,
    /// Open, active or finished.
    pub status: GameStatus,
    /// Moves made (chance's included).
    pub ply: usize,
    /// Who acts now; `null` once over.
    pub to_act: Option<ToActView>,
    /// How it ended; `null` while going on.
    pub result: Option<ResultView>,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds of the last move or join.
    pub updated_at: i64,
}

/// The whole state of a game, as `GET /api/games/{id}` and every WebSocket
/// state message send it.
#[derive(Clone, Debug, Serialize)]
pub struct GameState {
    /// What the lobby shows (flattened into the state).
    #[serde(flatten)]
    pub entry: LobbyEntry,
    /// The position's text.
    pub position: String,
    /// The legal moves of whoever acts.
    pub legal_moves: Vec<String>,
    /// Every move so far.
    pub history: Vec<HistoryEntry>,
    /// What a board needs beyond the position text (per game; see
    /// `docs/api.md`).
    pub extras: Value,
    /// Each seat's time left in ms at `clock_at` (`null`: no clock).
    pub clocks: Vec<Option<u64>>,
    /// The server's time of the clock reading, Unix ms.
    pub clock_at: u64,
    /// The seat (1-based) whose clock runs; `null` when none does.
    pub clock_runs: Option<usize>,
    /// Offers waiting for an answer.
    pub offers: OffersView,
    /// The id of this game's rematch, once agreed.
    pub rematch: Option<String>,
    /// The id of the game this one is the rematch of.
    pub rematch_of: Option<String>,
}

/// Offers waiting for an answer, by 1-based seat.
#[derive(Clone, Debug, Serialize)]
pub struct OffersView {
    /// The seat offering a draw.
    pub draw: Option<usize>,
    /// The seat asking for a takeback.
    pub takeback: Option<usize>,
    /// The seats that want a rematch.
    pub rematch: Vec<usize>,
}

impl OffersView {
    /// The view of a session's offers.
    pub fn of(o: &Offers) -> OffersView {
        OffersView {
            draw: o.draw.map(|s| s + 1),
            takeback: o.takeback.as_ref().map(|(s, _)| s + 1),
            rematch: o.rematch.iter().map(|s| s + 1).collect(),
        }
    }
}

/// A seat's place in a rematch, for the one who holds it.
#[derive(Clone, Debug, Serialize)]
pub struct RematchSeat {
    /// The new game's id.
    pub id: String,
    /// The seat there (1-based).
    pub seat: usize,
    /// Its token (`null` for a seat an account plays: the account plays
    /// the new seat too).
    pub token: Option<String>,
}

/// A seat of a new game, with its token for the creator.
#[derive(Clone, Debug, Serialize)]
pub struct CreatedSeat {
    /// 1-based.
    pub seat: usize,
    /// `human` or the program's spec.
    pub kind: String,
    /// The seat's token: for human seats not left open; `null` otherwise.
    pub token: Option<String>,
}

/// The answer to `POST /api/games`.
#[derive(Clone, Debug, Serialize)]
pub struct CreateAnswer {
    /// The new game's id.
    pub id: String,
    /// Its seats, with tokens.
    pub seats: Vec<CreatedSeat>,
    /// Its first state.
    pub state: GameState,
}

/// The answer to `POST /api/games/{id}/join`.
#[derive(Clone, Debug, Serialize)]
pub struct JoinAnswer {
    /// The seat taken (1-based).
    pub seat: usize,
    /// Its token.
    pub token: String,
}

/// A board with no game around it — a lesson's step, a puzzle: what the
/// page needs to draw it and take a move (it knows no rules).
#[derive(Clone, Debug, Serialize)]
pub struct BoardView {
    /// The game.
    pub game: GameKind,
    /// The options the board is drawn with (complete).
    pub options: Value,
    /// The position's text.
    pub position: String,
    /// The legal moves of whoever acts (empty once over).
    pub legal_moves: Vec<String>,
    /// What the board needs beyond the text (see [`GameState::extras`]).
    pub extras: Value,
    /// Who acts now; `null` once over.
    pub to_act: Option<ToActView>,
    /// How it ended, once it has.
    pub result: Option<ResultView>,
}

impl BoardView {
    /// The view of `game` as it stands.
    pub fn of(game: &dyn kyoku_games::AnyGame) -> BoardView {
        BoardView {
            game: game.kind(),
            options: game.options(),
            position: game.position_text(),
            legal_moves: game.legal_moves(),
            extras: game.extras(),
            to_act: ToActView::of(game.to_act()),
            result: game.outcome().as_ref().map(ResultView::of),
        }
    }
}
