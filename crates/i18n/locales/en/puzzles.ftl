# The browser's puzzles page (web/js/puzzles.js). English is the source: every
# message here must be in each other language's puzzles.ftl.

## The header and the window's title

nav-puzzles = Puzzles
title-puzzles = kyoku — puzzles

## The puzzles page (/puzzles)

puzzles-title = Puzzles
puzzles-games-label = Puzzles of which game
puzzles-your-rating = Your puzzle rating:
puzzles-rating-provisional = Provisional: it settles after a few more puzzles.
puzzles-rating-here = (kept in this browser; sign in to keep it with your account)
puzzles-unknown = That puzzle is not here any more; here is another one.
puzzles-none = There are no { $game } puzzles on this server yet. Whoever runs it can make them with “{ $command }”.
puzzles-load-failed = The puzzle cannot be loaded: { $error }
puzzles-you-play = You play { $side }.
puzzles-status-turn = Your turn — find the best move.
puzzles-status-wait = The other side replies…
puzzles-goal-win = Exactly one move wins: find it, and win.
puzzles-goal-defend = Only one move avoids losing: find it.
puzzles-goal-material = One move wins the enemy Shogun or decisive material.
puzzles-goal-capture = Place the one stone that captures the most.
puzzles-goal-save = Place the one stone that saves your group.
puzzles-puzzle-rating = Puzzle rated { $rating }.
puzzles-illegal = { $move } is not a legal move here (nothing counted).
puzzles-solved = Solved!
puzzles-failed = Not the move.
puzzles-solved-long = Well found.
puzzles-failed-long = That was not it: the solution is beside the board.
puzzles-rating-change = Your rating:
puzzles-unrated = You tried this puzzle before: your rating stays.
puzzles-next = Next puzzle
puzzles-solution = Solution
puzzles-length = { $plies ->
    [one] { $plies } move in all
   *[other] { $plies } moves in all (yours and the replies)
  }
puzzles-themes = Themes:
puzzles-puzzle-rating-now = The puzzle is now rated { $rating }.
puzzles-rules = The rules of the game
puzzles-answer-was = The move was { $move }.

## Themes, shown after a try (the puzzle makers' words for them)

puzzles-theme-win-in = { $n ->
    [one] win in { $n } move
   *[other] win in { $n } moves
  }
puzzles-theme-in = { $n ->
    [one] in { $n } move
   *[other] in { $n } moves
  }
puzzles-theme-rotation = magnet rotation { $n }
puzzles-theme-capture-n = { $n ->
    [one] { $n } stone captured
   *[other] { $n } stones captured
  }
puzzles-theme-players = { $n } players
puzzles-theme-lion-capture = Lion captured
puzzles-theme-try = try
puzzles-theme-no-moves = no moves left
puzzles-theme-drop = drop
puzzles-theme-promotion = promotion
puzzles-theme-short = short
puzzles-theme-long = long
puzzles-theme-defend = defence
puzzles-theme-capture = capture
puzzles-theme-lion-move = Lion move
puzzles-theme-shogun-win = Shogun won
puzzles-theme-quiet-move = quiet move
puzzles-theme-no-way-out = no way out
puzzles-theme-last-soldiers = last soldiers
puzzles-theme-no-legal-move = no legal move
puzzles-theme-save = rescue
puzzles-theme-push = push
puzzles-theme-encircle = encirclement
