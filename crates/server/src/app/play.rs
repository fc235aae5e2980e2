//! A person's move: checked, stored with the clocks after it, published.

use super::*;

/// A move request (HTTP body or WebSocket message).
#[derive(Debug, Deserialize)]
pub struct MoveRequest {
    /// 1-based seat.
    pub seat: usize,
    /// The seat's token.
    #[serde(default)]
    pub token: Option<String>,
    /// The move text.
    #[serde(rename = "move")]
    pub mv: String,
    /// The account of the request's session (never read from the body).
    #[serde(skip)]
    pub account: Option<String>,
}

/// A move played: its canonical text, the ply after it, the new state.
pub struct Played {
    /// Canonical text.
    pub text: String,
    /// Moves in the game now.
    pub ply: usize,
    /// The state after it.
    pub snapshot: Arc<Snapshot>,
}

/// The stored rows of the session's moves from `first_ply` on, with the
/// clocks after each.
pub(super) fn move_rows(session: &Session, first_ply: usize) -> Vec<MoveRow> {
    let history = session.game().history();
    let clocks = session.move_clocks();
    (first_ply..history.len())
        .map(|k| MoveRow {
            text: history[k].clone(),
            seat: session.movers()[k].map(|s| s + 1),
            clocks: clocks
                .get(k)
                .cloned()
                .flatten()
                .and_then(|c| serde_json::to_string(&c).ok()),
        })
        .collect()
}

impl App {
    /// Plays a person's move: checks, commits, publishes.
    pub async fn play(self: &Arc<Self>, id: &str, req: MoveRequest) -> Result<Played, ApiError> {
        let slot = self.slot(id).await?;
        let app = self.clone();
        self.to_the_end(async move { app.play_now(slot, req).await })
            .await
    }

    async fn play_now(
        self: &Arc<Self>,
        slot: Arc<Slot>,
        req: MoveRequest,
    ) -> Result<Played, ApiError> {
        let mut live = slot.live.lock().await;
        let seat = req.seat;
        live.may_act(seat, req.token.as_deref(), req.account.as_deref())?;
        // Before the flag is looked at: the time the database was away
        // is not this turn's.
        self.credit_outages(&mut live);
        let before = live.session.checkpoint();
        let first_ply = live.session.ply();
        if live.session.check_time().is_some() {
            // The flag fell before the move came: that is the change.
            self.commit(&slot, &mut live, first_ply, before).await?;
            return Err(ApiError::game_over_because(
                "the time ran out before the move",
            ));
        }
        live.session
            .play(seat - 1, &req.mv)
            .map_err(session_error)?;
        self.commit(&slot, &mut live, first_ply, before).await
    }

    /// After a change in memory (moves from `first_ply` on, a takeback back
    /// to it, a game action): draws chance, commits, publishes, wakes the
    /// programs and arms the clock. On a failure the session goes back to
    /// `before`.
    pub(crate) async fn commit(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        live: &mut Live,
        first_ply: usize,
        before: Checkpoint,
    ) -> Result<Played, ApiError> {
        if let Err(e) = live.session.draw_all_chance() {
            live.session.rollback(before);
            return Err(session_error(e));
        }
        let first_ply = first_ply.min(live.session.ply());
        let truncate = first_ply < before.ply();
        let moves = move_rows(&live.session, first_ply);
        let new_moves = moves.len() as u64;
        let text = moves.first().map(|m| m.text.clone()).unwrap_or_default();
        let t = now();
        let updated_at = std::mem::replace(&mut live.updated_at, t);
        let end = self.game_end(live);
        let w = Write::Change {
            id: slot.id.clone(),
            version: live.version,
            first_ply,
            truncate,
            moves,
            life: live.life_json(),
            next_tokens: std::mem::take(&mut live.next_tokens),
            at: t,
            listing: live.listing(&slot.id, now_ms()),
            end,
        };
        let written = match self.store.write(w).await {
            Ok(w) => w,
            Err(e) => {
                live.updated_at = updated_at;
                live.session.rollback(before);
                if matches!(e, StoreError::Conflict) {
                    self.refresh(slot, live).await;
                }
                return Err(store_error(e));
            }
        };
        live.version += 1;
        let just_ended = !live.end_stored && live.session.outcome().is_some();
        live.end_stored = live.session.outcome().is_some();
        if just_ended && live.humans.iter().any(Option::is_some) {
            let game = live.session.game();
            let positions: Vec<String> = (0..=game.history().len())
                .filter_map(|ply| game.position_text_at(ply))
                .collect();
            crate::puzzles::cut_finished(self, game.kind(), positions);
        }
        if let Some(diffs) = written.rating_diffs {
            for (p, d) in live.players.iter_mut().zip(diffs) {
                if let Some(p) = p {
                    p.diff = d;
                }
            }
        }
        self.ops.metrics.moves.inc_by(new_moves);
        let snapshot = slot.publish(live);
        self.claim_if_due(slot, live).await;
        Ok(Played {
            text,
            ply: first_ply + 1,
            snapshot,
        })
    }
}
