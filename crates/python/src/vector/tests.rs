use super::*;

/// Owned arrays for `n` games.
struct Buffers {
    obs: Vec<i8>,
    mask: Vec<u8>,
    rewards: Vec<f32>,
    terminated: Vec<u8>,
    truncated: Vec<u8>,
    player: Vec<i64>,
    finished: Vec<u8>,
    final_obs: Vec<i8>,
    final_mask: Vec<u8>,
    final_returns: Vec<f32>,
}

impl Buffers {
    fn new(n: usize, d: Dims) -> Self {
        Buffers {
            obs: vec![0; n * d.obs],
            mask: vec![0; n * d.actions],
            rewards: vec![0.0; n * d.seats],
            terminated: vec![0; n],
            truncated: vec![0; n],
            player: vec![0; n],
            finished: vec![0; n],
            final_obs: vec![0; n * d.obs],
            final_mask: vec![0; n * d.actions],
            final_returns: vec![0.0; n * d.seats],
        }
    }
    fn out(&mut self) -> Outputs<'_> {
        Outputs {
            obs: &mut self.obs,
            mask: &mut self.mask,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            player: &mut self.player,
            finished: &mut self.finished,
            final_obs: &mut self.final_obs,
            final_mask: &mut self.final_mask,
            final_returns: &mut self.final_returns,
        }
    }
}

fn dobutsu(
    n: usize,
    threads: usize,
    opponents: Vec<Option<SeatSpec>>,
) -> Batch<kyoku_dobutsu::Position> {
    Batch::new(BatchConfig {
        start: kyoku_dobutsu::Position::startpos(),
        obs: ObsOptions::default(),
        num_envs: n,
        seed: 7,
        threads,
        max_plies: Some(60),
        opponents,
        registry: kyoku_games::dobutsu::players,
    })
    .unwrap_or_else(|e| panic!("{e}"))
}

/// The first legal action of every game, from the mask.
fn first_legal(b: &Buffers, n: usize, d: Dims) -> Vec<i64> {
    (0..n)
        .map(|i| {
            b.mask[i * d.actions..(i + 1) * d.actions]
                .iter()
                .position(|&m| m == 1)
                .map_or(-1, |a| a as i64)
        })
        .collect()
}

#[test]
fn a_bad_action_changes_no_game_and_names_it() {
    let n = 5;
    let mut batch = dobutsu(n, 1, Vec::new());
    let d = batch.dims();
    let mut b = Buffers::new(n, d);
    batch
        .reset(Some(1), b.out())
        .unwrap_or_else(|e| panic!("{e}"));
    let before: Vec<String> = (0..n)
        .map(|i| batch.session(i).map(|s| s.text()).unwrap_or_default())
        .collect();
    let mut actions = first_legal(&b, n, d);
    actions[3] = 0; // a1a1 is never legal
    actions[4] = 999;
    let err = batch.step(&actions, b.out()).unwrap_err();
    assert!(err.contains("games [3, 4]"), "{err}");
    let after: Vec<String> = (0..n)
        .map(|i| batch.session(i).map(|s| s.text()).unwrap_or_default())
        .collect();
    assert_eq!(before, after);
}

#[test]
fn threads_do_not_change_results_and_games_restart() {
    let n = 70;
    let run = |threads: usize| {
        let mut batch = dobutsu(n, threads, vec![None, Some(SeatSpec::random())]);
        let d = batch.dims();
        let mut b = Buffers::new(n, d);
        batch
            .reset(Some(3), b.out())
            .unwrap_or_else(|e| panic!("{e}"));
        let mut finished = 0;
        for _ in 0..200 {
            let actions = first_legal(&b, n, d);
            batch
                .step(&actions, b.out())
                .unwrap_or_else(|e| panic!("{e}"));
            finished += b.finished.iter().filter(|&&f| f == 1).count();
            assert!(
                b.player.iter().all(|&p| p == 0),
                "the learner always holds seat 0"
            );
        }
        (b.obs, finished)
    };
    let (one, finished) = run(1);
    assert!(finished > 0);
    assert_eq!(run(2), (one, finished));
}

#[test]
fn opponents_must_leave_a_seat_and_exist() {
    let make = |o: Vec<Option<SeatSpec>>| {
        Batch::new(BatchConfig {
            start: kyoku_dobutsu::Position::startpos(),
            obs: ObsOptions::default(),
            num_envs: 2,
            seed: 0,
            threads: 1,
            max_plies: None,
            opponents: o,
            registry: kyoku_games::dobutsu::players,
        })
        .err()
    };
    assert!(make(vec![Some(SeatSpec::random()), Some(SeatSpec::random())]).is_some());
    assert!(make(vec![None, None, Some(SeatSpec::random())]).is_some());
    assert!(make(vec![Some(SeatSpec::random())]).is_none());
}
