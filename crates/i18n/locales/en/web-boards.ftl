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
