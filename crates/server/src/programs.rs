//! Programs in seats: a task per game that lets its programs move while
//! one is to act, each thinking on a blocking thread of a bounded pool.

use std::sync::Arc;
use std::time::Duration;

use crate::app::App;
use crate::live::{Live, Slot};
use crate::metrics::Held;

impl App {
    /// Starts the program task of a game if a program must act and none runs.
    pub(crate) fn maybe_start_program(self: &Arc<Self>, slot: &Arc<Slot>, live: &mut Live) {
        // The instance holding the lease runs the programs.
        if !live.leased || live.ai_running || live.session.program_to_act().is_none() {
            return;
        }
        live.ai_running = true;
        let app = self.clone();
        let slot = slot.clone();
        tokio::spawn(async move { app.run_programs(slot).await });
    }

    /// Lets programs move while one is to act. Each thinks on a blocking
    /// thread, holding a permit of the pool, on a copy of the game: the game
    /// stays readable and other games keep going meanwhile. A program that
    /// fails is replaced for that move by a random legal move (the session
    /// does that); a failed commit is retried with growing pauses. The task
    /// ends when no program is to act — or when not even a random legal move
    /// can be played, which only a rules-engine bug can cause (logged; a
    /// restart retries).
    async fn run_programs(self: Arc<Self>, slot: Arc<Slot>) {
        let mut failures = 0u32;
        loop {
            let queued = Held::new(&self.ops.metrics.programs_queued);
            let Ok(permit) = self.ai_pool.clone().acquire_owned().await else {
                return;
            };
            drop(queued);
            let turn = {
                let mut live = slot.live.lock().await;
                if !live.leased {
                    // The lease went (a shutdown): another instance runs it.
                    live.ai_running = false;
                    return;
                }
                match live.session.begin_program_turn() {
                    Ok(Some(turn)) => turn,
                    Ok(None) => {
                        live.ai_running = false;
                        return;
                    }
                    Err(e) => {
                        tracing::error!(game = %slot.id, error = %e, "program turn not begun");
                        live.ai_running = false;
                        return;
                    }
                }
            };
            let seat = turn.seat;
            let thinking = Held::new(&self.ops.metrics.programs_thinking);
            let thought = tokio::task::spawn_blocking(move || turn.think()).await;
            drop(thinking);
            drop(permit);
            let mut live = slot.live.lock().await;
            let Ok(thought) = thought else {
                // The runtime is shutting down.
                live.ai_running = false;
                return;
            };
            // A program's turn is not charged the database's outage either.
            self.credit_outages(&mut live);
            let first_ply = live.session.ply();
            let before = live.session.checkpoint();
            match live.session.finish_program_turn(thought) {
                Ok(None) => continue, // the game moved on meanwhile; think again
                Ok(Some(played)) => {
                    if let Some(why) = played.stood_in {
                        tracing::warn!(
                            game = %slot.id,
                            seat = seat + 1,
                            played = %played.text,
                            "program failed: {why}; a random legal move was played in its place"
                        );
                    }
                }
                // Thought past its time: the flag fall is stored below.
                Err(kyoku_games::SessionError::OutOfTime { .. }) => {}
                Err(e) => {
                    tracing::error!(game = %slot.id, seat = seat + 1, error = %e, "program move not played");
                    live.ai_running = false;
                    return;
                }
            }
            // `commit` would start another task; this one keeps going instead.
            live.ai_running = false;
            match self.commit(&slot, &mut live, first_ply, before).await {
                Ok(_) => failures = 0,
                Err(e) => {
                    failures += 1;
                    tracing::warn!(
                        game = %slot.id,
                        seat = seat + 1,
                        error = %e.message,
                        tries = failures,
                        "program move not stored; retrying"
                    );
                }
            }
            if live.ai_running || live.session.program_to_act().is_none() {
                // Either `commit` started a task for the next program move,
                // or no program is to act.
                return;
            }
            live.ai_running = true;
            drop(live);
            if failures > 0 {
                // The store refused the move (disk full, file locked, the
                // database away): the move was taken back; wait, longer
                // each time up to 4 s (play resumes soon after the
                // database does), and replay.
                let pause = 250u64 << failures.min(4);
                tokio::time::sleep(Duration::from_millis(pause)).await;
            }
        }
    }
}
