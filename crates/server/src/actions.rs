//! Game actions (resign, abort, draw, takeback, rematch, name), the rematch's new
//! game, and the deadlines the server keeps: flag falls and abandoned
//! games. Like moves, every action is stored before it is answered and runs
//! to its end whatever happens to the request.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use kyoku_games::session::{Checkpoint, Reply, check_name, system_now};
use serde::Deserialize;

use crate::app::{App, life_error, now_ms, store_error};
use crate::error::ApiError;
use crate::live::{HumanSeat, Live, Slot};
use crate::store::{StoreError, Write};
use crate::tokens::{hash_token, hex, new_token, rematch_token};
use crate::views::RematchSeat;

/// Which action.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ActionKind {
    /// Give up (Shiamgon: leave the contest).
    Resign,
    /// End the game before every seat has moved, without a result.
    Abort,
    /// Offer, accept or decline a draw.
    Draw,
    /// Request, accept or decline a takeback.
    Takeback,
    /// Offer, accept or decline a rematch.
    Rematch,
    /// Set the seat's display name (a person invited by link names
    /// itself).
    Name,
}

impl ActionKind {
    /// The action of a path's last segment.
    pub fn of_path(name: &str) -> Option<ActionKind> {
        serde_json::from_value(serde_json::Value::String(name.to_string())).ok()
    }

    /// Whether it takes an `action` field (offer/accept/decline).
    fn is_offer(self) -> bool {
        matches!(
            self,
            ActionKind::Draw | ActionKind::Takeback | ActionKind::Rematch
        )
    }
}

/// An action request (HTTP body or WebSocket message).
#[derive(Debug, Deserialize)]
pub struct ActionRequest {
    /// 1-based seat.
    pub seat: usize,
    /// The seat's token.
    #[serde(default)]
    pub token: Option<String>,
    /// `offer` (or `request`), `accept`, `decline`: for draw, takeback and
    /// rematch.
    #[serde(default)]
    pub action: Option<Reply>,
    /// The new display name: for `name`.
    #[serde(default)]
    pub name: Option<String>,
    /// The account of the request's session (never read from the body).
    #[serde(skip)]
    pub account: Option<String>,
}

/// An action done: the state after it and, for a rematch agreed, the
/// acting seat's place in the new game.
pub struct Acted {
    /// The state as JSON.
    pub state: Bytes,
    /// The acting seat's place in the rematch, once there is one.
    pub rematch: Option<RematchSeat>,
}

impl Acted {
    /// The answer to `seat` (1-based) of the game in `slot` whose rematch
    /// `new_id` has started: the game as it ended, and the seat's place in
    /// the rematch.
    fn rematched(
        slot: &Slot,
        live: &Live,
        new_id: &str,
        seat: usize,
        token: &Option<crate::tokens::Token>,
    ) -> Acted {
        let n = live.humans.len();
        Acted {
            state: slot.snapshot().json.clone(),
            rematch: Some(rematch_place(n, &slot.id, new_id, seat - 1, token.as_ref())),
        }
    }
}

impl App {
    /// Does a game action for a seat: checks, commits, publishes.
    pub async fn act(
        self: &Arc<Self>,
        id: &str,
        kind: ActionKind,
        req: ActionRequest,
    ) -> Result<Acted, ApiError> {
        let slot = self.slot(id).await?;
        let app = self.clone();
        self.to_the_end(async move { app.act_now(slot, kind, req).await })
            .await
    }

    async fn act_now(
        self: &Arc<Self>,
        slot: Arc<Slot>,
        kind: ActionKind,
        req: ActionRequest,
    ) -> Result<Acted, ApiError> {
        let mut live = slot.live.lock().await;
        let seat = req.seat;
        // `None`: the account in the seat acts, without the token.
        let token = live.may_act(seat, req.token.as_deref(), req.account.as_deref())?;
        // A bad name is refused before anything changes, as at join.
        let name = match (kind, req.name.as_deref()) {
            (ActionKind::Name, Some(n)) => {
                Some(check_name(n).map_err(|e| ApiError::bad_options(format!("name: {e}")))?)
            }
            (ActionKind::Name, None) => {
                return Err(ApiError::bad_request("\"name\" is required"));
            }
            _ => None,
        };
        let reply = match (kind.is_offer(), req.action) {
            (true, Some(r)) => r,
            (true, None) => {
                return Err(ApiError::bad_request(
                    "\"action\" is required: offer (or request), accept or decline",
                ));
            }
            (false, _) => Reply::Offer,
        };
        if kind == ActionKind::Rematch
            && let Some(new_id) = live.rematch.clone()
        {
            if reply == Reply::Decline {
                return Err(ApiError::not_allowed(format!(
                    "the rematch has started: game {new_id}"
                )));
            }
            // Agreed before: the seat gets its place again.
            return Ok(Acted::rematched(&slot, &live, &new_id, seat, &token));
        }
        let before = live.session.checkpoint();
        let first_ply = live.session.ply();
        if live.session.check_time().is_some() {
            self.commit(&slot, &mut live, first_ply, before).await?;
            return Err(ApiError::game_over_because("the time ran out"));
        }
        let agreed = match kind {
            ActionKind::Resign => live.session.resign(seat - 1).map(|_| false),
            ActionKind::Abort => live.session.abort(seat - 1).map(|_| false),
            ActionKind::Draw => live.session.draw(seat - 1, reply).map(|_| false),
            ActionKind::Takeback => live.session.takeback(seat - 1, reply).map(|_| false),
            ActionKind::Rematch => live.session.rematch(seat - 1, reply),
            ActionKind::Name => live
                .session
                .rename(seat - 1, name.as_deref().unwrap_or_default())
                .map(|_| false),
        }
        .map_err(life_error)?;
        if kind == ActionKind::Rematch && reply != Reply::Decline {
            // An account's seat gets a token nobody is told: its account
            // plays the rematch's seat.
            let next = hash_token(&token.map_or_else(new_token, |t| rematch_token(&slot.id, &t)));
            if let Some(h) = live.humans[seat - 1].as_mut() {
                h.next = Some(next);
            }
            live.next_tokens.push((seat, hex(&next)));
        }
        if agreed {
            let new_id = self.start_rematch(&slot, &mut live, before).await?;
            return Ok(Acted::rematched(&slot, &live, &new_id, seat, &token));
        }
        let played = self.commit(&slot, &mut live, first_ply, before).await?;
        Ok(Acted {
            state: played.snapshot.json.clone(),
            rematch: None,
        })
    }

    /// Creates the rematch of the game in `slot` (every person agreed):
    /// the same options and time control, the seats moved on by one, each
    /// person's token derived from its old one. Stored with the old game's
    /// link in one write.
    async fn start_rematch(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        old: &mut Live,
        before: Checkpoint,
    ) -> Result<String, ApiError> {
        let (specs, from) = old.session.rematch_seats();
        let humans: Vec<Option<HumanSeat>> = from
            .iter()
            .map(|&o| {
                old.humans[o].as_ref().map(|h| HumanSeat {
                    // A person who never answered cannot be there: the
                    // game only starts when every person has agreed.
                    token: h.next.unwrap_or(h.token),
                    open: false,
                    next: None,
                })
            })
            .collect();
        let game = old
            .session
            .game()
            .kind()
            .new_game(&old.session.game().options())
            .map_err(|e| ApiError::internal(e.to_string()))?;
        let mut live = self.new_live(game, &specs, humans, old.session.time_control())?;
        live.rated = old.rated;
        let game = live.session.game();
        let pool = game.kind().rating_pool(&game.options());
        for (new, &o) in from.iter().enumerate() {
            // The same accounts, at their ratings now.
            if let Some(p) = &old.players[o] {
                let j = self.joiner_of(&p.key, p.program, pool).await?;
                live.players[new] = Some(j.in_seat(new + 1));
            }
        }
        let names = old.session.life().names.clone();
        for (new, &o) in from.iter().enumerate() {
            // Names were checked when given.
            let _ = live.session.set_name(new, names[o].as_deref());
        }
        let id = crate::tokens::new_id();
        live.rematch_of = Some(slot.id.clone());
        let row = self.new_row(&id, &live);
        let w = Write::Rematch {
            game: row,
            listing: live.listing(&id, now_ms()),
            old_version: old.version,
            old_life: old.life_json(),
            next_tokens: std::mem::take(&mut old.next_tokens),
        };
        if let Err(e) = self.store.write(w).await {
            old.session.rollback(before);
            if matches!(e, StoreError::Conflict) {
                self.refresh(slot, old).await;
            }
            return Err(store_error(e));
        }
        old.version += 1;
        old.rematch = Some(id.clone());
        slot.publish(old);
        self.adopt(&id, live).await;
        Ok(id)
    }

    /// Arms the flag timer of the game in `slot` for its running clock's
    /// deadline, unless one waits for it already.
    pub(crate) fn arm_clock(self: &Arc<Self>, slot: &Arc<Slot>, live: &mut Live) {
        // The instance holding the lease decides the flag.
        let deadline = live.session.deadline().filter(|_| live.leased);
        let Some((_, at)) = deadline else {
            live.armed = None;
            if let Some(old) = live.timer.take() {
                old.abort();
            }
            return;
        };
        if live.armed == Some(at) {
            return;
        }
        live.armed = Some(at);
        let app = self.clone();
        let slot = slot.clone();
        let timer = tokio::spawn(async move {
            let wait = at.saturating_sub(system_now());
            tokio::time::sleep(Duration::from_millis(wait)).await;
            app.flag(&slot, at).await;
        });
        // One timer per game: the one for an older deadline goes (a
        // correspondence game would otherwise keep one asleep for days per
        // move).
        if let Some(old) = live.timer.replace(timer.abort_handle()) {
            old.abort();
        }
    }

    /// The rule of restarts for the database's outages: a turn the
    /// database was away in resumes from its remainder when it came back
    /// (no move could be stored meanwhile). Idempotent.
    pub(crate) fn credit_outages(&self, live: &mut Live) {
        if live.session.deadline().is_none() {
            return;
        }
        // Still away as far as this instance knows (the change under way
        // may be the first answer): what passed of the outage is not
        // charged either.
        let health = self.store.health();
        let until = match health.away_since() {
            Some(_) => Some(now_ms().max(0) as u64),
            None => health.last_outage().map(|o| o.to),
        };
        if let Some(until) = until {
            let ms = live.session.resume_after_outage(until);
            if ms > 0 {
                tracing::debug!(
                    given_back_ms = ms,
                    "clock resumed after the database's outage"
                );
            }
        }
    }

    /// Decides the flag fall the timer for `at` woke for (nothing when the
    /// game moved on meanwhile: a newer timer waits).
    async fn flag(self: &Arc<Self>, slot: &Arc<Slot>, at: u64) {
        let mut live = slot.live.lock().await;
        if live.armed != Some(at) {
            return;
        }
        live.armed = None;
        // This task is the timer: done, nothing to abort.
        live.timer = None;
        // The database away: no flag falls until it is back (and then
        // the turn is credited the outage).
        if self.store.health().away_since().is_some() {
            drop(live);
            tokio::time::sleep(Duration::from_secs(1)).await;
            let mut live = slot.live.lock().await;
            self.arm_clock(slot, &mut live);
            return;
        }
        self.credit_outages(&mut live);
        let before = live.session.checkpoint();
        let first_ply = live.session.ply();
        if live.session.check_time().is_none() {
            // Woken early (the system clock moved): wait again.
            self.arm_clock(slot, &mut live);
            return;
        }
        let committed = self.commit(slot, &mut live, first_ply, before).await;
        if committed.is_ok() {
            let late = Duration::from_millis(system_now().saturating_sub(at));
            self.ops.metrics.flag_fell(late);
            tracing::debug!(game = %slot.id, late_ms = late.as_millis() as u64, "flag fell");
        }
        if let Err(e) = committed {
            tracing::warn!(game = %slot.id, error = %e.message, "flag fall not stored; retrying in 1 s");
            // Tried again soon: the clock still shows the time is up.
            live.armed = None;
            drop(live);
            tokio::time::sleep(Duration::from_secs(1)).await;
            let mut live = slot.live.lock().await;
            self.arm_clock(slot, &mut live);
        }
    }

    /// Starts the task that ends untimed games nobody moved in for
    /// `abandon_after`.
    pub(crate) fn start_abandon_sweep(self: &Arc<Self>) {
        let Some(after) = self.abandon_after else {
            return;
        };
        let every = (after / 4).clamp(Duration::from_millis(250), Duration::from_secs(60));
        let app = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(every).await;
                let Some(app) = app.upgrade() else { return };
                app.sweep_abandoned(after).await;
            }
        });
    }

    /// Ends the games the store finds idle since `after` ago (waiting only
    /// for people, untimed).
    async fn sweep_abandoned(self: &Arc<Self>, after: Duration) {
        let cutoff = crate::app::now() - after.as_secs() as i64;
        let idle = match self.store.idle(cutoff, 256).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(error = %e, "idle games not read");
                return;
            }
        };
        for id in idle {
            let Ok(slot) = self.slot(&id).await else {
                continue;
            };
            let mut live = slot.live.lock().await;
            if live.updated_at > cutoff || live.session.time_control().is_some() {
                continue;
            }
            let before = live.session.checkpoint();
            let first_ply = live.session.ply();
            if live.session.abandon()
                && let Err(e) = self.commit(&slot, &mut live, first_ply, before).await
            {
                tracing::warn!(game = %slot.id, error = %e.message, "abandonment not stored");
            }
        }
    }
}

/// The place of old seat `seat` (from 0) of an `n`-seat game `old_id` in
/// its rematch `new_id` (seats move on by one, as
/// `Session::rematch_seats` makes them), with its token derived from the
/// old one.
pub(crate) fn rematch_place(
    n: usize,
    old_id: &str,
    new_id: &str,
    seat: usize,
    token: Option<&crate::tokens::Token>,
) -> RematchSeat {
    RematchSeat {
        id: new_id.to_string(),
        seat: (seat + 1) % n.max(1) + 1,
        token: token.map(|t| hex(&rematch_token(old_id, t))),
    }
}
