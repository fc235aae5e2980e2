//! Creating a game: the request, its seats and their tokens (told once,
//! kept as hashes), and the new game stored before it is answered.

use super::*;

/// A new-game request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// The catalogue name.
    pub game: String,
    /// The options (`{}` for defaults).
    #[serde(default)]
    pub options: Value,
    /// One spec per seat.
    pub seats: Vec<String>,
    /// Human seats left for the lobby.
    #[serde(default)]
    pub open_seats: Vec<usize>,
    /// The time control: `M+S` or `Nd`; none when missing.
    #[serde(default)]
    pub clock: Option<String>,
    /// The people's display names, by seat (`null` or missing: none).
    #[serde(default)]
    pub names: Vec<Option<String>>,
    /// Rated: the game's end moves its players' ratings.
    #[serde(default)]
    pub rated: bool,
    /// The account of the request's session (never read from the body):
    /// it takes the first human seat that is not open.
    #[serde(skip)]
    pub account: Option<String>,
}

/// The tokens of a new game's human seats (told once, in the answer to
/// its creator; none for open seats, whose token is made when they are
/// joined) and what the server keeps of them: their hashes.
pub(crate) fn human_seats(
    specs: &[SeatSpec],
    open: &[usize],
) -> (Vec<Option<Token>>, Vec<Option<HumanSeat>>) {
    let is_open = |i: usize| open.contains(&(i + 1));
    let tokens: Vec<Option<Token>> = specs
        .iter()
        .enumerate()
        .map(|(i, s)| (s.is_human() && !is_open(i)).then(new_token))
        .collect();
    let humans = specs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            s.is_human().then(|| HumanSeat {
                token: hash_token(&tokens[i].unwrap_or_else(new_token)),
                open: is_open(i),
                next: None,
            })
        })
        .collect();
    (tokens, humans)
}

/// The seats of a new game as its creator sees them, with `tokens`.
pub(crate) fn created_seats(
    live: &Live,
    tokens: impl Iterator<Item = Option<String>>,
) -> Vec<CreatedSeat> {
    live.session
        .specs()
        .iter()
        .zip(tokens)
        .enumerate()
        .map(|(i, (spec, token))| CreatedSeat {
            seat: i + 1,
            kind: spec.to_string(),
            token,
        })
        .collect()
}

impl App {
    /// Creates a game; returns the answer of `POST /api/games`.
    pub async fn create(self: &Arc<Self>, req: CreateRequest) -> Result<CreateAnswer, ApiError> {
        let app = self.clone();
        self.to_the_end(async move { app.create_now(req).await })
            .await
    }

    async fn create_now(self: &Arc<Self>, req: CreateRequest) -> Result<CreateAnswer, ApiError> {
        let bad = |e: &dyn std::fmt::Display| ApiError::bad_options(e.to_string());
        let kind: GameKind = req.game.parse().map_err(|e| bad(&e))?;
        let game = kind.new_game(&req.options).map_err(|e| bad(&e))?;
        let specs = req
            .seats
            .iter()
            .enumerate()
            .map(|(i, t)| SeatSpec::parse(t).map_err(|e| bad(&format!("seat {}: {e}", i + 1))))
            .collect::<Result<Vec<_>, _>>()?;
        for &o in &req.open_seats {
            if !specs.get(o.wrapping_sub(1)).is_some_and(SeatSpec::is_human) {
                return Err(bad(&format!("open seat {o} is not a human seat")));
            }
        }
        let control = req
            .clock
            .as_deref()
            .map(str::parse::<TimeControl>)
            .transpose()
            .map_err(|e| bad(&e))?;
        if req.names.len() > specs.len() {
            return Err(bad(&"more names than seats"));
        }
        let pool = kind.rating_pool(&game.options());
        let players = self
            .seat_players(&specs, &req, control.is_some(), pool)
            .await?;
        let (tokens, humans) = human_seats(&specs, &req.open_seats);
        let mut live = self.new_live(game, &specs, humans, control)?;
        live.rated = req.rated;
        live.players = players;
        for (i, name) in req.names.iter().enumerate() {
            let Some(name) = name else { continue };
            if !specs[i].is_human() {
                return Err(bad(&format!("seat {} is a program: it has no name", i + 1)));
            }
            live.session
                .set_name(i, Some(name))
                .map_err(|e| bad(&format!("name of seat {}: {e}", i + 1)))?;
        }
        let id = self.store_new_game(&mut live).await?;
        let seats = created_seats(&live, tokens.iter().map(|t| t.as_ref().map(|t| hex(t))));
        let state = live.state(&id);
        self.adopt(&id, live).await;
        Ok(CreateAnswer { id, seats, state })
    }

    /// A new game in memory: its session on `control`, chance drawn, the
    /// clocks started when every seat is taken.
    pub(crate) fn new_live(
        &self,
        game: Box<dyn kyoku_games::AnyGame>,
        specs: &[SeatSpec],
        humans: Vec<Option<HumanSeat>>,
        control: Option<TimeControl>,
    ) -> Result<Live, ApiError> {
        let seed: u64 = rand::rng().random::<u64>() >> 1; // fits SQLite's i64
        let seeds = Seeds::from_seed(seed, specs.len());
        let mut session =
            Session::new(game, specs, seeds, Failure::StandIn).map_err(session_error)?;
        session.set_time_control(control);
        let t = now();
        let mut live = Live {
            session,
            humans,
            seed,
            created_at: t,
            updated_at: t,
            ai_running: false,
            rematch_of: None,
            rematch: None,
            armed: None,
            timer: None,
            next_tokens: Vec::new(),
            version: 0,
            leased: false,
            rated: false,
            players: vec![None; specs.len()],
            end_stored: false,
        };
        live.session.draw_all_chance().map_err(session_error)?;
        if !live.has_open_seat() {
            live.session.start_clocks();
        }
        Ok(live)
    }

    /// The stored form of a new game.
    pub(crate) fn new_row(&self, id: &str, live: &Live) -> GameRow {
        GameRow {
            id: id.to_string(),
            game: live.session.game().game().to_string(),
            options: live.session.game().options().to_string(),
            seed: live.seed,
            created_at: live.created_at,
            updated_at: live.updated_at,
            seats: live.seat_rows(),
            moves: move_rows(&live.session, 0),
            life: live.life_json(),
            rematch_of: live.rematch_of.clone(),
            rematch: None,
            version: 0,
            rated: live.rated,
            players: live.players.iter().flatten().cloned().collect(),
        }
    }

    /// Stores a new game; returns its id.
    async fn store_new_game(&self, live: &mut Live) -> Result<String, ApiError> {
        // Random: the store's key refuses the vanishingly rare repeat.
        let id = new_id();
        let row = self.new_row(&id, live);
        let listing = live.listing(&id, now_ms());
        self.store
            .write(Write::Create {
                game: row,
                listing,
                seek: None,
            })
            .await
            .map_err(store_error)?;
        Ok(id)
    }
}
