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
