//! A [`Config`] for tests, examples and tools on one machine, so that each
//! of them names only what it changes.

use std::net::SocketAddr;

use crate::store::{Location, SyncMode};
use crate::{Config, ConnectionLimits, KEEP_IDLE, SocketLimits};

impl Config {
    /// A server on `db` reached on this machine only: any free loopback
    /// port, one program thread, commits synced as [`SyncMode::Normal`],
    /// the default connection and WebSocket limits, no limit on new games,
    /// no game ever abandoned, [`KEEP_IDLE`], plain HTTP. Change a field
    /// with `Config { ai_threads: Some(2), ..Config::local(db) }`.
    pub fn local(db: impl Into<Location>) -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            db: db.into(),
            ai_threads: Some(1),
            sync: SyncMode::Normal,
            sockets: SocketLimits::default(),
            new_games_per_minute: 0,
            connections: ConnectionLimits::default(),
            abandon_after: None,
            keep_idle: KEEP_IDLE,
            secure_cookies: false,
        }
    }
}
