# The browser's analysis board and position editor (web/js/analysis*.js,
# web/js/editor.js, web/js/boards/*-edit.js). English is the source: every
# message here must be in each other language's analysis.ftl.

## The window's title and the game page's link

title-analysis = kyoku — analysis board
title-editor = kyoku — position editor
analysis-link = Analyse

## The analysis board (/analysis/{game})

analysis-title = Analysis board
analysis-title-of = Analysis board: { $game }
analysis-title-game = Analysis of a { $game } game
analysis-to-game = Back to the game
analysis-first = To the start
analysis-back = One move back
analysis-forward = One move forward
analysis-last = To the end of this line
analysis-flip = Flip the board
analysis-back-to-main = Back to the main line
analysis-moves = Moves
analysis-no-moves = No moves yet: play one on the board.
analysis-position = Position
analysis-position-text = The position as text
analysis-edit = Edit this position
analysis-to-move = { $seat } to move
analysis-over = The game is over here.
analysis-ply = (move { $ply })

## The engine

analysis-engine = Computer analysis
analysis-engine-on = On
analysis-engine-off = The computer analysis is switched off.
analysis-lines-count = Lines
analysis-thinking = Thinking…
analysis-nothing = Nothing to analyse here.
analysis-no-eval = No evaluation yet
analysis-depth = depth { $depth }
analysis-source-table = perfect play (solved table)
analysis-source-search = search
analysis-source-mcts = tree search
analysis-play-line = Play { $moves }
analysis-score-wins-in = { $seat } wins in { $plies ->
    [one] { $plies } move
   *[other] { $plies } moves
  } with perfect play
analysis-score-wins = { $seat } wins with perfect play
analysis-score-draw = A draw with perfect play
analysis-score-expectancy = { $seat }: { $percent }% expected
analysis-score-place = { $seat }: expected place { $place }

## The review of a finished game

analysis-review = Computer review
analysis-review-loading = Looking for the review…
analysis-review-none = This game has not been reviewed yet.
analysis-review-request = Request a computer review
analysis-review-queued = The review waits its turn…
analysis-review-running = The computer is reviewing the game…
analysis-review-failed = The review cannot be had: { $error }
analysis-review-accuracy = Accuracy:
analysis-review-graph = The evaluation after each move, for { $seat } (higher is better)
analysis-review-no-marks = No inaccuracies, mistakes or blunders.
analysis-review-mark = { $ply }. { $move } ({ $seat }): { $class } — best was { $best }
analysis-class-inaccuracy = inaccuracy
analysis-class-mistake = mistake
analysis-class-blunder = blunder

## The position editor (/editor/{game})

editor-title = Position editor: { $game }
editor-games = Edit a position of which game
editor-palette = Pieces to put on the board
editor-erase = Take off
editor-pick-first = Choose a piece below first (or “Take off”), then a place on the board.
editor-setup = Set-up
editor-side = To move
editor-hand = In { $seat }’s hand:
editor-rotation = Board turned
editor-board = Board
editor-players = Players
editor-stone = A stone of { $seat }
editor-start-position = Start position
editor-clear = Empty board
editor-text = Position text
editor-legal = A legal position: { $count ->
    [one] one legal move
   *[other] { $count } legal moves
  }.
editor-legal-over = A legal position, but the game is over in it.
editor-refused = Not a legal position: { $reason }
editor-analyse = Analyse this
editor-play-computer = Play this against the computer
editor-placements = Placements so far

## The editor's refusals, by the server's kind (else its own words)

editor-problem-two-lions = one side has more than one Lion; each side has exactly one.
editor-problem-missing-lion = a side has no Lion; each side has exactly one.
editor-problem-too-many-pieces = there are more of one animal than the game has (counting both sides and the hands).
editor-problem-both-won = both sides have already won.
editor-problem-mover-has-won = the side to move has already won (its Lion is home, or the other Lion is gone).
editor-problem-lions-side-by-side = the two Lions stand side by side, which no legal move allows.
editor-problem-missing-shogun = a side has no Shogun; each side has exactly one.
editor-problem-two-shoguns = a side has two Shoguns; each side has exactly one.
editor-problem-duplicate-piece = a piece stands on more than one square (each side has one each of the soldiers A–G and the Shogun).
editor-problem-opponent-shogun-attacked = the Shogun of the side not to move is attacked, which no legal move allows.
editor-problem-too-many-stones = a player has more stones than the start and the placements so far can give.
editor-problem-two-stones = a field holds two stones.
