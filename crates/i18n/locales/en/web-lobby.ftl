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
