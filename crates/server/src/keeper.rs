//! Which games are in memory. A game comes in when someone asks for it or
//! when the server must act on it (a program to move, a running clock),
//! found by the store's indexed query; it leaves once nobody has asked
//! for it for a while and nothing of it runs. With several instances on
//! one database, a game's programs and deadlines are run by the instance
//! holding its lease, and a game changed by another instance is read
//! again from the store when that change is heard of.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use crate::app::{App, now_ms, store_error};
use crate::error::ApiError;
use crate::live::{Live, Slot};
use crate::store::{Changed, LEASE};

/// How often the due games are looked for.
const POLL: Duration = Duration::from_millis(500);

/// The most due games read per look (running clocks included: they are
/// games in play, and stay in memory while their clocks run).
const DUE_PAGE: usize = 4096;

impl App {
    /// The game with this id: the copy in memory, else read from the
    /// store (404 when there is none).
    pub async fn slot(self: &Arc<Self>, id: &str) -> Result<Arc<Slot>, ApiError> {
        if let Some(slot) = self.games_read().get(id).cloned() {
            slot.used.store(now_ms(), Ordering::Relaxed);
            return Ok(slot);
        }
        let row = self
            .store
            .load(id)
            .await
            .map_err(store_error)?
            .ok_or_else(|| ApiError::no_such_game(id))?;
        let live = Live::restore(&row, self.programs.clone()).map_err(|e| {
            if self.unreplayable_lock().insert(id.to_string()) {
                tracing::error!(game = id, error = %e, "stored game cannot be restored");
            }
            ApiError::internal(format!(
                "game {id} is stored but cannot be replayed by this kyoku ({e}); its record is \
                 kept unchanged: tell whoever runs this server, who can report it"
            ))
        })?;
        Ok(self.adopt(id, live).await)
    }

    fn unreplayable_lock(&self) -> std::sync::MutexGuard<'_, std::collections::HashSet<String>> {
        self.unreplayable.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// How many stored games this kyoku found it cannot replay.
    pub(crate) fn unreplayable_games(&self) -> usize {
        self.unreplayable_lock().len()
    }

    /// Puts a game into memory, unless a copy got there first (then that
    /// one is the game), and runs what is due in it.
    pub(crate) async fn adopt(self: &Arc<Self>, id: &str, live: Live) -> Arc<Slot> {
        let fresh = Slot::new(id.to_string(), live);
        let slot = self
            .games_write()
            .entry(id.to_string())
            .or_insert_with(|| fresh.clone())
            .clone();
        if Arc::ptr_eq(&slot, &fresh) {
            let mut live = slot.live.lock().await;
            self.claim_if_due(&slot, &mut live).await;
        }
        slot
    }

    /// When the game needs its programs run or its flag watched, takes
    /// its lease unless this instance holds it, then starts what is due.
    pub(crate) async fn claim_if_due(self: &Arc<Self>, slot: &Arc<Slot>, live: &mut Live) {
        if !live.leased && live.wake_at(now_ms()).is_some() {
            match self.store.claim(&slot.id).await {
                Ok(held) => live.leased = held,
                Err(e) => tracing::warn!(game = %slot.id, error = %e, "lease not taken"),
            }
        }
        self.maybe_start_program(slot, live);
        self.arm_clock(slot, live);
    }

    /// Reads the game again from the store after a change stored
    /// elsewhere, publishes it and runs what is due.
    pub(crate) async fn refresh(self: &Arc<Self>, slot: &Arc<Slot>, live: &mut Live) {
        let row = match self.store.load(&slot.id).await {
            Ok(Some(row)) if row.version > live.version => row,
            Ok(_) => return,
            Err(e) => {
                tracing::warn!(game = %slot.id, error = %e, "game not read again");
                return;
            }
        };
        let mut fresh = match Live::restore(&row, self.programs.clone()) {
            Ok(fresh) => fresh,
            Err(e) => {
                tracing::error!(game = %slot.id, error = %e, "stored game cannot be restored");
                return;
            }
        };
        fresh.leased = live.leased;
        // A program task of this game keeps running and sees the new state.
        fresh.ai_running = live.ai_running;
        if let Some(timer) = live.timer.take() {
            timer.abort();
        }
        *live = fresh;
        slot.publish(live);
        self.claim_if_due(slot, live).await;
    }

    /// Starts the tasks that keep the games: due games brought in, leases
    /// renewed, idle games dropped, abandoned games ended, and other
    /// instances' changes followed.
    pub(crate) fn start_keeper(self: &Arc<Self>) {
        let app = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut renewed = std::time::Instant::now();
            loop {
                let Some(app) = app.upgrade() else { return };
                if app.ops.closing() {
                    return;
                }
                app.bring_in_due().await;
                if renewed.elapsed() >= LEASE / 3 {
                    if let Err(e) = app.store.renew().await {
                        tracing::warn!(error = %e, "leases not renewed");
                    }
                    renewed = std::time::Instant::now();
                }
                app.drop_idle().await;
                drop(app);
                tokio::time::sleep(POLL).await;
            }
        });
        self.follow_changes();
        self.start_abandon_sweep();
    }

    /// Brings into memory every game due that this instance may run.
    pub(crate) async fn bring_in_due(self: &Arc<Self>) {
        let due = match self.store.claim_due(i64::MAX, DUE_PAGE).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!(error = %e, "due games not read");
                return;
            }
        };
        for id in due {
            let held = self.games_read().get(&id).cloned();
            if let Some(slot) = held {
                // In memory: a look only when this instance does not run it
                // yet (the query just claimed it).
                if let Ok(mut live) = slot.live.try_lock()
                    && !live.leased
                {
                    live.leased = true;
                    self.maybe_start_program(&slot, &mut live);
                    self.arm_clock(&slot, &mut live);
                }
                continue;
            }
            // Told once already; its lease stays with this instance, so no
            // other instance tries either.
            if self.unreplayable_lock().contains(&id) {
                continue;
            }
            let slot = match self.slot(&id).await {
                Ok(slot) => slot,
                Err(e) => {
                    tracing::warn!(game = %id, error = %e.message, "due game not brought in");
                    continue;
                }
            };
            let mut live = slot.live.lock().await;
            // Claimed by the query: the lease is this instance's.
            live.leased = true;
            self.maybe_start_program(&slot, &mut live);
            self.arm_clock(&slot, &mut live);
        }
    }

    /// Drops from memory the games nobody asked for within `keep_idle` that
    /// have nothing running (no program, no clock, no WebSocket, no
    /// request holding them), giving their leases back.
    async fn drop_idle(self: &Arc<Self>) {
        let cutoff = now_ms() - self.keep_idle.as_millis() as i64;
        let candidates: Vec<Arc<Slot>> = self
            .games_read()
            .values()
            .filter(|s| s.used.load(Ordering::Relaxed) < cutoff)
            .filter(|s| s.sockets.load(Ordering::Relaxed) == 0)
            .cloned()
            .collect();
        for slot in candidates {
            let quiet = match slot.live.try_lock() {
                Ok(live) => !live.ai_running && live.timer.is_none(),
                Err(_) => false,
            };
            if !quiet {
                continue;
            }
            let id = slot.id.clone();
            drop(slot);
            let removed = {
                let mut games = self.games_write();
                // Only the map holds it: nobody can be using it.
                let unused = games.get(&id).is_some_and(|s| Arc::strong_count(s) == 1);
                unused && games.remove(&id).is_some()
            };
            if removed && let Err(e) = self.store.release(&id).await {
                tracing::warn!(game = %id, error = %e, "lease not given back");
            }
        }
    }

    /// Follows the changes other instances store: a game in memory is read
    /// again when one of them changed it.
    fn follow_changes(self: &Arc<Self>) {
        let mut changes = self.store.changes();
        let app = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                let changed: Changed = match changes.recv().await {
                    Ok(c) => c,
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(n)) => {
                        tracing::warn!(missed = n, "changes missed; games read again");
                        if let Some(app) = app.upgrade() {
                            app.refresh_all().await;
                        }
                        continue;
                    }
                    Err(_) => return,
                };
                let Some(app) = app.upgrade() else { return };
                let slot = app.games_read().get(&changed.id).cloned();
                if let Some(slot) = slot
                    && !app.forget_unwatched(slot)
                {
                    // Read again off this loop: changes keep coming meanwhile.
                    let slot = app.games_read().get(&changed.id).cloned();
                    let app = app.clone();
                    tokio::spawn(async move {
                        let Some(slot) = slot else { return };
                        let mut live = slot.live.lock().await;
                        if live.version < changed.version {
                            app.refresh(&slot, &mut live).await;
                        }
                    });
                }
            }
        });
    }

    /// Drops a game changed elsewhere from memory when nobody here watches
    /// it and nothing of it runs here: the next request reads it fresh,
    /// and no work is spent reading it again meanwhile. `false` when it
    /// must stay (and be read again).
    fn forget_unwatched(&self, slot: Arc<Slot>) -> bool {
        if slot.sockets.load(Ordering::Relaxed) > 0 {
            return false;
        }
        let idle = match slot.live.try_lock() {
            Ok(live) => !live.leased && !live.ai_running && live.timer.is_none(),
            Err(_) => false,
        };
        let id = slot.id.clone();
        drop(slot);
        let mut games = self.games_write();
        // Only the map holds it: no request is using it.
        let unused = games.get(&id).is_some_and(|s| Arc::strong_count(s) == 1);
        idle && unused && games.remove(&id).is_some()
    }

    /// Stops running the programs and deadlines of the games in memory and
    /// gives their leases back (a shutdown: another instance takes them
    /// over at once, not when the leases run out).
    pub(crate) async fn give_back_leases(self: &Arc<Self>) {
        for slot in self.slots() {
            let mut live = slot.live.lock().await;
            if std::mem::replace(&mut live.leased, false) {
                live.armed = None;
                if let Some(timer) = live.timer.take() {
                    timer.abort();
                }
            }
        }
        // Every lease of this instance, also those of games not in memory.
        if let Err(e) = self.store.release_all().await {
            tracing::warn!(error = %e, "leases not given back");
        }
    }

    /// Reads every game in memory again (after changes were missed).
    async fn refresh_all(self: &Arc<Self>) {
        for slot in self.slots() {
            let mut live = slot.live.lock().await;
            self.refresh(&slot, &mut live).await;
        }
    }
}
