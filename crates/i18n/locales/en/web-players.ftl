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
