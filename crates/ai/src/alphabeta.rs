//! Alpha-beta search for two-player games (negamax, PVS, transposition table), with expectimax at chance nodes.
