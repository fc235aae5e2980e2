# The browser UI (web/). English is the source: every message here must be
# in each other language's web.ftl, with no variable English does not give.
# Ids are grouped by the module that shows them.

## The page's frame (index.html, main.js)

nav-play = Play
nav-leaderboard = Leaderboard
nav-rules = Rules
loading = Loading…
needs-javascript = kyoku needs JavaScript to show the games.
language-picker = Language
title-game = kyoku — game
title-rules = kyoku — rules
title-player = kyoku — { $name }
title-leaderboard = kyoku — leaderboard
title-account = kyoku — account
error-unknown = Something went wrong.

# The lobby of the browser UI (web/js/lobby.js, newgame.js, seeks.js), the
# rules pages' frame (rules.js), the header's settings (settings.js), and
# the words for the API's errors (error-<code>, shown by errorText in
# i18n.js). English is the source: every message here must be in each
# other language's web-lobby.ftl, with no variable English does not give.

## The lobby (lobby.js)

lobby-heading = Play
lobby-loading-games = Loading the games…
# $error: what went wrong, in words (an error-… message).
lobby-games-failed = The list of games cannot be loaded: { $error }
lobby-list-failed = The list cannot be loaded: { $error }
lobby-games = Games
lobby-tabs-label = which games
lobby-tab-open = Open
lobby-tab-playing = Playing
lobby-tab-finished = Finished
lobby-no-open-games = No open games: start one!
lobby-none = None.
# A seat nobody has taken yet, where a player's name would be.
lobby-open-seat = open seat
lobby-rated = rated
lobby-moves = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
lobby-sign-in-to-join = sign in to join
lobby-join = join
lobby-replay = replay
lobby-watch = watch
# $link: a link reading lobby-join-sign-in-link.
lobby-join-sign-in = A rated game is played by accounts: { $link } to take that seat.
lobby-join-sign-in-link = sign in
# How a finished game ended. $player: who won; $seat: the seat's name
# (Sente, Gote, …); $players: several winners; $reason: a lobby-reason-….
lobby-outcome-won = { $player } ({ $seat }) won
lobby-outcome-won-why = { $player } ({ $seat }) won: { $reason }
lobby-outcome-winners = { $players } won
lobby-outcome-winners-why = { $players } won: { $reason }
lobby-outcome-draw = draw
lobby-outcome-draw-why = draw: { $reason }
lobby-outcome-aborted = aborted
lobby-outcome-abandoned = abandoned
lobby-reason-time = on time
lobby-reason-resigned = by resignation
lobby-reason-agreed = agreed

## The new-game form (newgame.js)

newgame-heading = New game
newgame-game = Game
newgame-rules = rules
newgame-more-options = More options
newgame-clock = Time control
newgame-clock-none = None (untimed)
newgame-clock-realtime = Real time (minutes + seconds per move)
newgame-clock-custom = Custom…
newgame-clock-correspondence = Correspondence (days per move)
newgame-clock-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}
newgame-clock-minutes = Minutes
# The label of the seconds added to a clock per move (after the minutes).
newgame-clock-increment = + seconds
# A number per seat (a handicap): $option the option's label, $seat the seat's name.
newgame-count-label = { $option }: { $seat }
newgame-seat-human = Human
newgame-seat-open = Human, open to anyone
newgame-rated = Rated
newgame-rated-needs-clock = A rated game needs a time control: choose one above.
newgame-rated-hint = Rated games count for your rating. They need a time control; you take one seat, other people join the open seats while signed in.
newgame-error-rated-needs-clock = A rated game needs a time control: please choose one.
newgame-error-not-signed-in = Please sign in to start a rated game.
newgame-seats = Seats
# $name: the account's name, in bold.
newgame-you-play-as = You play as { $name }.
newgame-your-name = Your name
newgame-anonymous = Anonymous
newgame-seats-hint = You take the first human seat; every other human seat gets an invite link.
newgame-start = Start the game

## Quick pairing and the seeks (seeks.js)

seeks-quick-pairing = Quick pairing
seeks-quick-pairing-hint = Plays the first person waiting for the same game, else waits for one.
seeks-heading = Seeks
# $link: a link reading seeks-sign-in-link.
seeks-sign-in-hint = { $link } to pair with someone or accept a seek.
seeks-sign-in-link = Sign in
# A quick-pairing button: the game, its clock, then one of these.
seeks-rated = rated
seeks-casual = casual
# What a seek plays; $what: the game's title and its clock ("Dōbutsu Shōgi 3+2").
seeks-settings-rated = { $what } rated
seeks-settings-casual = { $what } casual
# $settings: seeks-settings-…; $options: the options chosen, as a list.
seeks-settings-with-options = { $settings } ({ $options })
seeks-option-value = { $option }: { $value }
seeks-loading = Loading…
seeks-none = Nobody is waiting just now.
# The ratings a seek asks for.
seeks-range = ratings { $low }–{ $high }
seeks-cancel = Cancel
seeks-accept = Accept
# $error: what went wrong, in words (an error-… message).
seeks-load-failed = The seeks cannot be loaded: { $error }
seeks-waiting = Waiting for an opponent…
seeks-ok = OK
seeks-expired = Your seek is gone: nobody took it in time.

## The rules pages (rules.js); the rules themselves come in the page's language from the server

rules-loading = Loading the rules…
rules-games-failed = The list of games cannot be loaded.
# $game: the game's title.
rules-not-written = The rules of { $game } are not written yet.

## The header's settings (settings.js)

settings-name-title = The name other players see
settings-name = Name: { $name }
settings-name-none = Your name?
settings-name-placeholder = Your name
settings-name-label = Your name, as other players see it
settings-save = Save
settings-sound-title = Sounds for moves, captures, the end and low time
settings-sound-on = Sound: on
settings-sound-off = Sound: off
settings-theme-title = Dark or light pages
# The button says what it turns the pages into.
settings-theme-light = Light pages
settings-theme-dark = Dark pages

## The API's errors: one message per error code of the API (`error-` and
## the code with dashes). $message: the server's own English words, for the
## codes where they say what exactly went wrong; $seconds: how long to
## wait before trying again, when the server says (else 0).

error-network = The server cannot be reached.
error-bad-request = The server could not take this request: { $message }
error-unknown-language = kyoku does not speak that language yet: it speaks English, German and Japanese.
error-bad-options = These settings do not work together: { $message }
error-illegal-move = That move is not allowed here: { $message }
error-forbidden = That seat is not yours to play: this browser does not hold its link, or another account plays it.
error-no-such-game = There is no such game: please check the link.
error-not-found = The server does not know this address. Reloading the page may help.
error-method-not-allowed = The server does not take this request. Reloading the page may help.
error-not-your-turn = It is not your turn, or the game changed meanwhile: look at the board and try again.
error-game-over = The game is over: nothing more can be played in it.
error-not-allowed = That is not possible in this game just now: { $message }
error-no-offer = There is no offer to answer: it was taken back or answered already.
error-too-soon = Your draw offer was declined just now: you can offer a draw again after two moves of each side.
error-nothing-to-take-back = There is no move to take back.
error-seat-taken = Someone else took that seat.
error-body-too-large = That is too much to send at once.
error-rate-limited = Too much at once: please wait a minute, then try again.
error-busy = The server is busy just now: please try again in a few seconds.
error-storage = The server could not save or read the game: please try again later.
error-unsupported-media-type = The server does not take this request in this form. Reloading the page may help.
error-unavailable = This is not available on the server just now: please try again later.
error-internal = Something went wrong on the server: please try again.
error-no-tablebase = This server has no Dōbutsu tablebase, so it cannot say how perfect play goes on.
error-bad-username = A name has 3 to 20 characters: letters A–Z and a–z, digits, _ and -. Some names are reserved.
error-weak-password = A password has 8 to 256 characters.
error-username-taken = That name is taken: please choose another.
error-bad-credentials = The name or the password is wrong.
error-too-many-attempts = { $seconds ->
    [0] Too many attempts: please wait a little and try again.
    [one] Too many attempts: please wait a second and try again.
   *[other] Too many attempts: please wait { $seconds } seconds and try again.
}
error-cross-origin = The server refused a request from another site: please open kyoku at its own address.
error-not-signed-in = Please sign in first.
error-rated-needs-clock = A rated game needs a time control.
error-rated-needs-accounts = In a rated game you take one seat; every other human seat must be open (for someone signed in) — or play a program.
error-no-such-player = There is no player of that name.
error-no-such-seek = That seek is gone: someone else took it, or its player left.
error-own-seek = That is your own seek.
error-out-of-range = Your rating is outside the range that player asked for.
error-in-doubt = The server lost its database while saving: your move may or may not be in. Reload the page and look at the board before you play on.
error-bad-position = The rules do not allow this position: { $message }
error-game-not-over = Only a finished game can be reviewed.
error-too-many-requests = { $seconds ->
    [0] Too many analyses at once: please wait a little.
    [one] Too many analyses at once: please wait a second.
   *[other] Too many analyses at once: please wait { $seconds } seconds.
}

# The game page (web/js/game.js, gameactions.js, clock.js, keyboard.js).
# English is the source: every message here must be in the German and
# Japanese web-game.ftl, with no variable English does not give.

## Loading and the connection

game-loading = Loading the game…
game-not-found = There is no such game.
game-load-failed = The game cannot be loaded: { $message }
game-back-to-lobby = Back to the lobby
game-conn-live = live
game-conn-connecting = connecting…
game-conn-reconnecting = reconnecting…
game-conn-store-away = the server's database is away: moves wait, clocks stop

## Who plays a seat: a name (or a program's label) with the seat's name

game-player-name = { $name } ({ $seat })
game-open-seat-name = open seat
game-anonymous = Anonymous

## The head: title, status line

game-title-with-subtitle = { $title } · { $subtitle }
game-rated = Rated
game-rated-title = This game counts for the players' ratings
game-status-viewing = Move { $ply } of { $total }
game-status-over = Game over
game-status-watching = Watching ·
game-status-open-seat = { $seat }: waiting for someone to join from the lobby
game-status-your-move = Your move
game-status-your-push = Your stone is pushed: choose where it goes
game-status-to-move = { $player } to move
game-status-answers-push = { $player } answers a push
game-how-to-play = How to play
game-players = Players
game-moves = Moves
game-legend = What the marks mean

## Looking at an earlier position

game-past-showing = Showing the position after move { $ply }.
game-past-back = Back to the live game
game-past-unavailable = (the earlier positions cannot be loaded just now)

## Notices and errors

game-pass-notice = You have no legal placement, so you must pass. { $button }
game-pass = Pass
game-error-illegal-move = Illegal move { $move }: { $message }
game-error-token-gone = This browser does not hold the token of that seat any more.
game-error-not-bound = That seat is not bound to the account you are signed in with.
game-error-not-your-turn = It is not your turn (the game moved on).
game-error-not-legal = { $move } is not a legal move here. Legal: { $legal }
game-error-name-empty = A name needs at least one character.

## The result banner

game-result-draw = Draw
game-result-wins = { $player } wins
game-result-share-first = { $players } share first place
game-result-over = Game over
game-result-aborted = Game aborted
game-result-abandoned = Game abandoned
game-result-row-score-place = { $player }: { $points ->
    [one] { $points } point
   *[other] { $points } points
  } (place { $place })
game-result-row-score = { $player }: { $points ->
    [one] { $points } point
   *[other] { $points } points
  }
game-result-row-place = { $player } (place { $place })
game-result-ratings = Ratings:

## Why a game ended (the server's reason, after the result)

game-reason-time-loser = { $player } ran out of time
game-reason-time = on time
game-reason-resigned-loser = { $player } resigned
game-reason-resigned = resigned
game-reason-agreed = agreed
game-reason-lion-captured = lion captured
game-reason-lion-reached-the-far-rank = lion reached the far rank
game-reason-both-sides-won = both sides won
game-reason-no-legal-move = no legal move
game-reason-threefold-repetition = threefold repetition
game-reason-only-the-shogun-and-one-piece-left = only the Shogun and one piece left
game-reason-shogun-threatened-and-no-way-out = Shogun threatened and no way out
game-reason-100-plies-without-a-capture = 100 plies without a capture
game-reason-triampsalm = Triampsalm
game-reason-placement-limit = placement limit

## The players' list

game-seat-name = {" "}({ $seat }){" "}
game-seat-you = (you)
game-seat-open = (open seat)
game-seat-left = (left; { $standin } plays on)
game-seat-stand-in = ({ $standin } playing for { $kind })
game-seat-kind = ({ $kind })
game-seat-rating-link = { $name }'s page: rating { $rating }
game-seat-rating = rating
game-seat-rating-provisional = rating (provisional: it settles after a few rated games)
game-seat-rename = change name
game-seat-rename-title = The name the other players see
game-seat-score = score
game-name-label = Your name
game-name-save = Save
game-name-not-now = Not now

## Clocks

game-clock-days-hours = { $days }d { $hours }h
game-clock-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
  }
game-clock-hours = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
  }
game-clock-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
  }
game-clock-seconds = { $count ->
    [one] { $count } second
   *[other] { $count } seconds
  }
game-clock-label = { $player }: { $time } left
game-clock-label-running = { $player }: { $time } left, running
game-clock-label-none = { $player }: no clock left

## Actions

game-actions-label = game actions
game-action-abort = Abort
game-action-resign = Resign
game-action-resign-confirm = Resign this game?
game-action-draw-offer = Offer a draw
game-action-draw-offered = Draw offered…
game-action-draw-accept = Accept the draw
game-action-draw-decline = Decline the draw
game-action-takeback = Take back
game-action-takeback-asked = Takeback asked…
game-action-takeback-accept = Allow the takeback
game-action-takeback-decline = Refuse the takeback
game-action-rematch = Rematch
game-action-rematch-offered = Rematch offered…
game-action-rematch-accept = Accept the rematch
game-action-rematch-decline = Decline
game-action-yes = Yes
game-action-no = No
game-action-to-rematch = Go to the rematch
game-action-new-game = New game
game-action-game-before = the game before

## The share panel

game-share = Share
game-share-copy-link = Copy link
game-share-link-copied = Link copied
game-share-download = Download the record
game-share-hint-over = Anyone with the link can step through this game.
game-share-hint-live = Anyone with the link can watch.

## Invites

game-invite = Invite
game-invite-hint = Send a link to the person who takes that seat. Only this browser sees these links.
game-invite-copy = Copy
game-invite-copied = Copied
game-invite-play-here = Play here
game-invite-play-here-title = Play this seat in this browser too

## The move list, its navigation, typed moves

game-moves-none = No moves yet.
game-nav-start = «
game-nav-start-title = Start (Home)
game-nav-start-label = first position
game-nav-back = ‹ back
game-nav-back-title = Back (←)
game-nav-back-label = one move back
game-nav-forward = forward ›
game-nav-forward-title = Forward (→)
game-nav-forward-label = one move forward
game-nav-live = live »
game-nav-live-title = Live (End)
game-nav-live-label = live position
game-move-input-label = type a move
game-move-play = Play
game-legal-count = { $count ->
    [one] { $count } legal move
   *[other] { $count } legal moves
  }
game-legal-keys-hint = ; ← → step through the game.

## The keyboard board

game-kb-role = board
game-kb-label = Board: arrow keys move, Enter selects and moves, Escape cancels
game-kb-cancelled = Selection cancelled
game-kb-hand = { $seat }'s hand: { $piece }
game-kb-a-piece = a piece
game-kb-empty = empty
game-kb-place = { $square }: { $what }
game-kb-place-selected = { $square }: { $what }, selected
game-kb-place-target = { $square }: { $what }, a legal target
game-kb-place-selected-target = { $square }: { $what }, selected, a legal target

## Perfect-play values (Dōbutsu)

game-analysis-show = Show perfect-play values
game-analysis-unavailable = This server has no Dōbutsu tablebase (or no analysis endpoint), so perfect-play values cannot be shown.
game-analysis-failed = Analysis failed: { $message }
game-analysis-select = Select a piece to see the value of each of its moves:
game-analysis-none = No moves to value.
game-analysis-value = { $move }: { $value }
game-value-wins-in = wins in { $plies }
game-value-wins = wins
game-value-loses-in = loses in { $plies }
game-value-loses = loses
game-value-draw = draw

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
catalogue-shogun-option-position = Start position
catalogue-shogun-option-position-help = Start from this position (Shogun's text form) instead of the start; the text holds the rotation, the numbers' variant and who moves, so those options must be left out or agree with it, and the soldiers' order left out
catalogue-shiamgon-option-position = Start position
catalogue-shiamgon-option-position-help = Start from this position (Shiamgon's position text) instead of the start; the text decides the board and the number of players, so those options must be left out or agree with it, and the handicap must be left out
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

# The players' pages of the browser UI: the header's account entry, the
# account page (signing up and in, the password, logging out, the export,
# deleting), a player's page, the leaderboard, ratings and their chart.
# English is the source: every message here must be in each other
# language's web-players.ftl, with no variable English does not give.

## The header's account entry (account.js)

account-name-title = Your page: ratings and games
account-link = Account
account-sign-in = Sign in

## The account page (accountpage.js)

# How long to wait before trying again, put into accountpage-error-too-many-attempts-wait.
accountpage-wait-seconds = { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}
accountpage-wait-minutes = { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}
accountpage-wait-minutes-seconds = { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
} { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}
accountpage-error-bad-username = A name has 3 to 20 characters: letters A–Z and a–z, digits, _ and -. Some names are reserved.
accountpage-error-weak-password = A password has 8 to 256 characters.
accountpage-error-username-taken = That name is taken: please choose another.
accountpage-error-bad-credentials = The name or the password is wrong.
# $wait: how long, as accountpage-wait-… says it.
accountpage-error-too-many-attempts-wait = Too many attempts: please wait { $wait } and try again.
accountpage-error-too-many-attempts = Too many attempts: please wait a little and try again.
accountpage-error-not-signed-in = You are not signed in any more.
accountpage-error-cross-origin = The server refused a request from another site.
# Where only the password was asked.
accountpage-error-wrong-password = The password is wrong.
accountpage-type-password-first = Please type your password first.

accountpage-name = Name
accountpage-password = Password
accountpage-sign-in-heading = Sign in
accountpage-sign-in-title = Sign in
accountpage-sign-in-submit = Sign in
accountpage-signup-title = Create an account
accountpage-signup-submit = Create the account
accountpage-signup-hint = A name of 3–20 letters, digits, _ or -, which everyone sees; a password of at least 8 characters. An account keeps a rating per game and your games on every device where you sign in; the games this browser has played are added to it.
accountpage-intro = No account is needed to play. Signing in lets you play rated games and pair quickly with others.

accountpage-heading = Account
# $name: a link to the player's own page.
accountpage-signed-in-as = Signed in as { $name }
accountpage-since = · since { $date }
accountpage-ratings-title = Ratings
accountpage-no-ratings = No ratings yet.
accountpage-provisional-hint = A "?" means the rating is still provisional: it settles after a few rated games.
accountpage-current-password = Current password
accountpage-new-password = New password
accountpage-password-title = Change the password
accountpage-password-submit = Change it
accountpage-password-changed = The password is changed. Every other device where you were signed in is signed out.
accountpage-logout-title = Log out
accountpage-logout-here = Log out on this device
accountpage-logout-everywhere = Log out everywhere
accountpage-data-title = Your data
accountpage-data-hint = Everything kept about your account (name, ratings, games), as a JSON file.
accountpage-data-download = Download my data
accountpage-delete-title = Delete the account
accountpage-delete-submit = Delete the account…
accountpage-delete-confirm = Delete the account { $name } for good? This cannot be undone.
accountpage-delete-yes = Yes, delete it
accountpage-delete-no = No

## Ratings as every page shows them (ratings.js)

ratings-column-game = Game
ratings-column-rating = Rating
ratings-column-deviation = Deviation
ratings-column-games = Games
# Shogun's pool with random numbers on the pieces; $game is Shogun's title.
ratings-pool-random = { $game } (random numbers)
ratings-pool-puzzles = { $game } puzzles
ratings-change-title = rating change
# How a finished game went for one player (the list of a player's games).
ratings-outcome-playing = playing
ratings-outcome-aborted = aborted
ratings-outcome-abandoned = abandoned
ratings-outcome-draw = draw
ratings-outcome-won = won
ratings-outcome-shared-first = shared first
ratings-outcome-place = place { $place }
ratings-outcome-lost = lost

## A player's page (player.js)

player-loading = Loading the player…
player-no-such = There is no player called { $name }.
# $error: what went wrong, in words.
player-load-failed = The player cannot be loaded: { $error }
player-leaderboard-link = The leaderboard
player-program-tag = program
player-since = Playing here since { $date }
player-your-account = your account
player-ratings-title = Ratings
player-provisional-title = provisional: the rating settles after a few rated games
player-counts = { $games ->
    [one] { $games } game
   *[other] { $games } games
}: { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
}, { $draws ->
    [one] { $draws } draw
   *[other] { $draws } draws
}, { $losses ->
    [one] { $losses } loss
   *[other] { $losses } losses
}
player-hint = A "?" marks a provisional rating; the deviation is how far off it may still be.
player-rating-history = Rating history
player-no-rated-games = No rated games yet.
# The chart's name for screen readers; $game is the game's title.
player-chart-label = { $name }'s { $game } rating
player-recent-games = Recent games
player-games-failed = The games cannot be loaded: { $error }
player-no-games = No games yet.
player-older-games = Older games
player-rated = rated
# $result: how the game went (ratings-outcome-…); $opponents: who played the other seats.
player-result-against = { $result } against { $opponents }
# Between two opponents' names.
player-opponents-separator = {", "}
player-open-seat = an open seat
player-anonymous = Anonymous
player-replay = replay
player-watch = watch
player-vs-title = Head to head
# Before the field where another player's name is typed.
player-vs-label = { $name } against
player-vs-placeholder = another player
player-vs-submit = Compare
# $other: a link to the other player's page; $wins and $losses: player-vs-wins and player-vs-losses, in bold.
player-vs-result = { $name } against { $other }: { $games ->
    [one] { $games } game
   *[other] { $games } games
} — { $wins }, { $draws ->
    [one] { $draws } draw
   *[other] { $draws } draws
}, { $losses }.
player-vs-wins = { $count ->
    [one] { $count } win
   *[other] { $count } wins
}
player-vs-losses = { $count ->
    [one] { $count } loss
   *[other] { $count } losses
}
player-vs-none = { $name } has not played { $other } yet.

## Seats' kinds and programs, shown on every page (players.js)

players-kind-human = human
players-kind-random = random mover
players-kind-perfect = perfect play
players-kind-ai = computer, level { $level }
players-colour-orange = orange
players-colour-blue = blue
players-colour-green = green
players-colour-yellow = yellow
players-colour-pink = pink

## The leaderboard (leaderboard.js)

leaderboard-title = Leaderboard
leaderboard-tabs-label = games
leaderboard-no-such = There is no such leaderboard.
leaderboard-load-failed = The leaderboard cannot be loaded: { $error }
leaderboard-empty = Nobody is listed yet: a rating shows here once it has settled, after a dozen or so rated games.
leaderboard-column-rank = #
leaderboard-column-player = Player
leaderboard-program-tag = program
leaderboard-program-title = a computer program
leaderboard-hint = Only settled ratings are listed (a deviation of 110 or less).

## The rating-history chart (chart.js)

# $label: the chart's name (player-chart-label); $from and $to: the first and last rating.
chart-label = { $label }: from { $from } to { $to } over { $count ->
    [one] { $count } rated game
   *[other] { $count } rated games
}
chart-label-empty = { $label }: no rated games
chart-axis-name = rated games
# One point's tooltip: $game counts the rated games, $when is the date and time.
chart-point = Game { $game }, { $when }: { $rating } ± { $rd }
chart-point-undated = Game { $game }: { $rating } ± { $rd }
