//! Taking an open seat, under a name, from an account or anonymously.

use super::*;

impl App {
    /// Takes an open seat, under `name` if given.
    pub async fn join(
        self: &Arc<Self>,
        id: &str,
        seat: Option<usize>,
        name: Option<String>,
        account: Option<String>,
    ) -> Result<JoinAnswer, ApiError> {
        let slot = self.slot(id).await?;
        let app = self.clone();
        self.to_the_end(async move { app.join_now(slot, seat, name, account).await })
            .await
    }

    async fn join_now(
        self: &Arc<Self>,
        slot: Arc<Slot>,
        seat: Option<usize>,
        name: Option<String>,
        account: Option<String>,
    ) -> Result<JoinAnswer, ApiError> {
        // A bad name is refused before anything changes.
        let name = name
            .as_deref()
            .map(check_name)
            .transpose()
            .map_err(|e| ApiError::bad_options(format!("name: {e}")))?;
        let mut live = slot.live.lock().await;
        let joiner = self.joiner(&live, account.as_deref()).await?;
        let is_open = |h: &Option<HumanSeat>| h.as_ref().is_some_and(|h| h.open);
        let n = match seat {
            Some(n) if live.humans.get(n.wrapping_sub(1)).is_some_and(is_open) => n,
            Some(n) => return Err(ApiError::seat_taken(format!("seat {n} is not open"))),
            None => {
                live.humans
                    .iter()
                    .position(is_open)
                    .ok_or_else(|| ApiError::seat_taken("no seat is open"))?
                    + 1
            }
        };
        // A new token for the one who joins, told once; the server keeps
        // its hash.
        let token = new_token();
        let player = joiner.map(|j| j.in_seat(n));
        let Some(human) = live.humans[n - 1].as_mut() else {
            return Err(ApiError::seat_taken("not a human seat"));
        };
        let before = human.clone();
        let token_hash = hash_token(&token);
        human.open = false;
        human.token = token_hash;
        let checkpoint = live.session.checkpoint();
        // Checked above: it cannot be refused now.
        let _ = live.session.set_name(n - 1, name.as_deref());
        if !live.has_open_seat() {
            live.session.start_clocks();
        }
        live.players[n - 1] = player.clone();
        let w = Write::Join {
            id: slot.id.clone(),
            version: live.version,
            seat: n,
            token: hex(&token_hash),
            life: live.life_json(),
            listing: live.listing(&slot.id, now_ms()),
            player,
        };
        if let Err(e) = self.store.write(w).await {
            live.players[n - 1] = None;
            live.humans[n - 1] = Some(before);
            live.session.rollback(checkpoint);
            if matches!(e, StoreError::Conflict) {
                self.refresh(&slot, &mut live).await;
            }
            return Err(store_error(e));
        }
        live.version += 1;
        self.claim_if_due(&slot, &mut live).await;
        slot.publish(&live);
        self.arm_clock(&slot, &mut live);
        Ok(JoinAnswer {
            seat: n,
            token: hex(&token),
        })
    }
}
