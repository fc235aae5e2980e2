# The browser's game texts: what the server's catalogue (GET /api/catalogue)
# says of each game (web/js/catalogue.js; the server's English is the
# fallback, so these must read exactly as crates/games writes them), and
# the boards (web/js/boards/).

## The catalogue: texts of every game

# A seat of a game whose catalogue entry names no seats.
catalogue-seat = Player { $seat }
# Programs in a list of seat choices; $arg is the program's argument (a level).
catalogue-program-random = Random mover
catalogue-program-perfect = Perfect play (tablebase)
catalogue-program-ai-arg = Computer { $arg }
catalogue-program-ai-arg-easiest = Computer { $arg } (easiest)
catalogue-program-ai-arg-strongest = Computer { $arg } (strongest)
# A program the messages do not know ($name, as the server names it).
catalogue-program-arg = { $name } { $arg }
catalogue-program-arg-easiest = { $name } { $arg } (easiest)
catalogue-program-arg-strongest = { $name } { $arg } (strongest)

## The catalogue: Dōbutsu Shōgi

catalogue-dobutsu-title = Dōbutsu Shōgi
catalogue-dobutsu-about = Shogi for children on 3 × 4 squares: catch the Lion, or walk yours home. Solved: the second player wins.
catalogue-dobutsu-seat-1 = Sente
catalogue-dobutsu-seat-2 = Gote
catalogue-dobutsu-option-fen = Start position (FEN)
catalogue-dobutsu-option-fen-help = Start from this position (FEN) instead of the standard start
catalogue-dobutsu-program-ai-help = alpha-beta search, levels 1–5 (ai:3)
catalogue-dobutsu-program-perfect-help = perfect play from the solved table (kyoku solve dobutsu builds it)
catalogue-dobutsu-program-random-help = uniformly random legal moves

## The catalogue: Shiamgon

catalogue-shiamgon-title = Shiamgon
catalogue-shiamgon-about = 3–5 players place stones on ring or triangle boards, push neighbours away and encircle them.
catalogue-shiamgon-seat-1 = Player 1
catalogue-shiamgon-seat-2 = Player 2
catalogue-shiamgon-seat-3 = Player 3
catalogue-shiamgon-seat-4 = Player 4
catalogue-shiamgon-seat-5 = Player 5
catalogue-shiamgon-option-board = Board
catalogue-shiamgon-option-board-help = The board: tri8, tri16 (triangles), disc5, disc10 (rings)
catalogue-shiamgon-option-board-tri8 = tri8 (triangle)
catalogue-shiamgon-option-board-tri16 = tri16 (triangle)
catalogue-shiamgon-option-board-disc5 = disc5 (rings)
catalogue-shiamgon-option-board-disc10 = disc10 (rings)
catalogue-shiamgon-option-players = Players
catalogue-shiamgon-option-players-help = The number of players: 3 on the triangles, 3–5 on the discs
catalogue-shiamgon-option-handicap = Handicap
catalogue-shiamgon-option-handicap-help = Extra start stones per player, in seat order (disc boards; on the third ring from the outside)
catalogue-shiamgon-program-ai-help = Monte-Carlo tree search, levels 1–5 (ai:3)
catalogue-shiamgon-program-random-help = uniformly random legal moves

## The catalogue: Shogun

catalogue-shogun-title = Shogun
catalogue-shogun-about = 8 × 8; magnets under the board set how far each piece must move. Protect your Shogun.
catalogue-shogun-seat-1 = White
catalogue-shogun-seat-2 = Red
catalogue-shogun-option-rotation = Board turned
catalogue-shogun-option-rotation-help = Quarter turns of the board, 0–3: which magnet sits under which square
catalogue-shogun-option-variant = Numbers
catalogue-shogun-option-variant-help = Where the numbers come from: magnetic (the board, the real game) or random (drawn after every move)
catalogue-shogun-option-variant-magnetic = magnets (the board decides)
catalogue-shogun-option-variant-random = random after every move
catalogue-shogun-option-first = First to move
catalogue-shogun-option-first-help = Who moves first: white or red (the players agree)
catalogue-shogun-option-first-white = White
catalogue-shogun-option-first-red = Red
catalogue-shogun-option-show-landing = Landing numbers
catalogue-shogun-option-show-landing-help = Whether the board shows the number a piece will have where it lands (a seasoned player knows the board; newcomers may want the help). The same for every seat; on unless given
catalogue-shogun-option-show-landing-true = shown
catalogue-shogun-option-show-landing-false = hidden, as on the physical board
catalogue-shogun-option-setup = Soldiers' order
catalogue-shogun-option-setup-help = The soldiers' order on the home ranks, WHITE/RED or one order for both (e.g. GFEDCBA/ABCDEFG)
catalogue-shogun-program-ai-help = alpha-beta search (expectimax in the random variant), levels 1–5 (ai:3)
catalogue-shogun-program-random-help = uniformly random legal moves

## The boards: every game

# The typed-move field's hint for a game without a board of its own.
board-placeholder = a move
# A line of the legend ("What the marks mean") of Dōbutsu and Shogun.
board-legend-last = Yellow squares: the last move, where it came from and went to

## The boards: Dōbutsu Shōgi

# The animals, as written small on each piece (keep them short: they must
# fit on the tile under its letter) and in its tooltip.
board-dobutsu-lion = Lion
board-dobutsu-giraffe = Giraffe
board-dobutsu-elephant = Elephant
board-dobutsu-chick = Chick
board-dobutsu-hen = Hen
# A piece's tooltip: $side is Sente or Gote, $piece the animal.
board-dobutsu-piece = { $side } { $piece }
# The board for screen readers.
board-dobutsu-label = Dōbutsu board, { $side } to move
# Written in an empty hand (short: the hand is the board's width).
board-dobutsu-hand-empty = { $side }'s hand is empty
board-dobutsu-placeholder = b2b3 or C@b2
board-dobutsu-legend-dot = Dot: an empty square the selected piece can move to
board-dobutsu-legend-ring = Dashed ring: a piece the selected piece can capture
board-dobutsu-legend-select = Dark frame: the piece you selected

## The boards: Shogun

board-shogun-label = Shogun board
# Pieces' tooltips: $side is white or red, $letter the soldier's name
# (A–G, a–g), $number the number it shows.
board-shogun-shogun = { $side ->
    [white] White
   *[red] Red
} Shogun
board-shogun-shogun-number = { $side ->
    [white] White
   *[red] Red
} Shogun, shows { $number }
board-shogun-soldier = { $side ->
    [white] White
   *[red] Red
} soldier { $letter }
board-shogun-soldier-number = { $side ->
    [white] White
   *[red] Red
} soldier { $letter }, shows { $number }
# Under an attacked Shogun on the board (short: it must fit under the piece).
board-shogun-alarm = Shogun!
# After the status line while the Shogun of the side to move is attacked.
board-shogun-under-attack = Shogun! (under attack)
board-shogun-legend-dot = Blue dot: a square the selected piece can move to; its number is the one the piece will show there (when the game shows landing numbers)
board-shogun-legend-ring = Blue ring: a piece the selected piece can capture
board-shogun-legend-threat = Red dashed ring: one of your pieces the other side can capture now
board-shogun-legend-shogun = Solid red ring and "Shogun!": your Shogun is attacked

## The boards: Shiamgon

board-shiamgon-label = Shiamgon board { $board }
# The typed-move field's hint; "pass" is what one types to pass.
board-shiamgon-placeholder = field, e.g. 4.7, or pass
board-shiamgon-legend-lit = Tinted field with a dashed ring: where the player to act may place (or where a pushed stone may go)
board-shiamgon-legend-last = Dark circle: the last stone placed
board-shiamgon-legend-square = Dashed square: where a pushed stone went
board-shiamgon-legend-line = Line: a push, from the stone placed to the stone that must move
# After the game's title: the board and the number of players.
board-shiamgon-subtitle = { $board }, { $players } players
board-shiamgon-zoom-in = Zoom in
board-shiamgon-zoom-out = Whole board
board-shiamgon-field-names = Show field names (for typing moves)
# Under the seats: who holds whose stones. $holder and $owner are the
# players' letters (A–E); the list joins "holds" lines with the separator.
board-shiamgon-holds = { $holder } holds { $count } of { $owner }
board-shiamgon-list-separator = {", "}
board-shiamgon-prisoners = Prisoners: { $list }
board-shiamgon-placements = Placements { $placements } of { $limit }
# Notes in the move list.
board-shiamgon-pushed-away = pushed away
board-shiamgon-no-placement = (no placement)
# A notice when a player passes; $letter is the player's letter.
board-shiamgon-passes = { $name } ({ $letter }) passes: no placement is possible.
