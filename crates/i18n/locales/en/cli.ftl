# The terminal: `kyoku play` and `kyoku replay`. English is the source:
# every message here must be in each other language's cli.ftl, with no
# variable English does not give. Commands a player types (moves, undo,
# resign, draw, save, help, quit) and move notation (b2b3) are the same in
# every language; the messages explain them.

plies = { $count ->
    [one] { $count } ply
   *[other] { $count } plies
}

## kyoku play

play-banner = kyoku play { $game } — { $seats } — seed { $seed }
play-commands = Type a move, or: moves, help, undo, resign, draw, save FILE, quit.
play-loaded = { $count ->
    [one] Loaded { $count } move.
   *[other] Loaded { $count } moves.
}
play-clock = Clock: { $clock }.
# A seat's time has run out.
clock-out = out
clock-line = Clock: { $clocks }
# Who made a move that was drawn at random (Shogun's numbers).
chance = chance
# A move, said: `player 1 (Sente) moves the Lion b2b3`.
move-line = { $who } { $what }
plays = plays { $mv }
thinking = { $who } ({ $spec }) is thinking…
engine-lost = Game over: { $who } ({ $spec }) loses — { $reason }.
must-pass = { $who }: no legal placement — type pass.
prompt-move = { $who } to move
prompt-answer = { $who } to answer
end-of-input = End of input: the game is left unfinished.
legal-moves = { $count } legal:
left-unfinished = Game left unfinished.
resigns = { $who } resigns.
time-ran-out = { $who }'s time ran out before the move.
try-again = { $error } — try again (moves lists the legal moves)
draw-needs-people = draw offers are between two people; against a program, resign or play on
draw-agreed = Draw agreed.
draw-offered = { $who } offers a draw: { $other } may type draw to accept, or move to decline.
save-needs-file = save needs a file name: save FILE
saved-finished = { $count ->
    [one] Saved the finished game ({ $count } move) to { $file }; step through it with: kyoku replay { $file }
   *[other] Saved the finished game ({ $count } moves) to { $file }; step through it with: kyoku replay { $file }
}
saved = { $count ->
    [one] Saved { $count } move to { $file }; continue with: kyoku play --load { $file }
   *[other] Saved { $count } moves to { $file }; continue with: kyoku play --load { $file }
}
after-game-prompt = Game over — undo, save FILE, or quit (Enter)
after-game-help =
    The game is over. Commands:
      undo       take back your last move and the programs' replies, and play on
      save FILE  write the game record (step through it with kyoku replay FILE)
      help       this text
      quit       end the session (so does Enter or the end of input)
after-game-no-moves = The game is over: there are no moves. undo takes your last one back.
after-game-unknown = { $line }: the game is over — type undo, save FILE, help, or quit (or just Enter)
undo-needs-program = undo is for games against programs; in a game of people only, agree and start again
nothing-to-undo = Nothing to undo: no human move has been played yet.
took-back = Took back: { $moves }
help-commands =
    Commands:
      moves      list the legal moves
      undo       take back your last move and the programs' replies
                 (also once the game is over, to play on from there)
      resign     give up (Shiamgon: a program plays on for you, you rank last)
      draw       offer a draw to the other person, or accept theirs
      save FILE  write the game record (continue later with --load FILE)
      help       this text
      quit       stop here
record-written = Game record written to { $file }.
record-heading = Game record:

## The end of a game (play and replay)

game-over = Game over
over-because = { $over } ({ $reason })
over-at-move = { $over } at move { $count } ({ $reason })
result-win = { $head }: { $who } wins.
result-draw = { $head }: a draw.
result-ranking = { $head }. Ranking: { $ranking }

# Why a game ended, as the rules and the session name it.
reason-time = time
reason-resigned = resigned
reason-agreed = agreed
reason-aborted = aborted
reason-abandoned = abandoned
reason-threefold-repetition = threefold repetition
reason-lion-captured = lion captured
reason-lion-reached-the-far-rank = lion reached the far rank
reason-both-sides-won = both sides won
reason-no-legal-move = no legal move
reason-only-the-shogun-and-one-piece-left = only the Shogun and one piece left
reason-shogun-threatened-and-no-way-out = Shogun threatened and no way out
reason-100-plies-without-a-capture = 100 plies without a capture
reason-triampsalm = Triampsalm
reason-placement-limit = placement limit

## kyoku replay

replay-banner = kyoku replay { $game }{ $players }{ $clock } — { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
replay-clock = {" "}— clock { $clock }
replay-step-help = Enter or n: next move · b: back · NUMBER: go to that move · end · quit
replay-move = move { $ply } of { $count }: { $what }
replay-start = start (move 0 of { $count })
replay-has-moves = { $count ->
    [one] The game has { $count } move.
   *[other] The game has { $count } moves.
}
replay-last-move = That was the last move.
replay-unfinished = { $count ->
    [one] The game was left unfinished after { $count } move.
   *[other] The game was left unfinished after { $count } moves.
}

## Dōbutsu Shōgi

dobutsu-side = { $side ->
    [sente] Sente
   *[gote] Gote
}
dobutsu-seat = { $side ->
    [sente] player 1 (Sente)
   *[gote] player 2 (Gote)
}
dobutsu-hand = { $side } (player { $player }) in hand: { $pieces }
dobutsu-hand-empty = empty
# A kind of piece in a hand: `Chick`, `2 Chicks`.
dobutsu-in-hand-piece = { $count ->
    [one] { $piece ->
        [lion] Lion
        [giraffe] Giraffe
        [elephant] Elephant
        [hen] Hen
       *[chick] Chick
    }
   *[other] { $count } { $piece ->
        [lion] Lions
        [giraffe] Giraffes
        [elephant] Elephants
        [hen] Hens
       *[chick] Chicks
    }
}
dobutsu-legend = L Lion  G Giraffe  E Elephant  C Chick  H Hen; UPPERCASE Sente (moves up), lowercase Gote
dobutsu-last-move-legend = [ ] the last move's squares
dobutsu-to-move = { $side } to move
dobutsu-drops = drops a { $piece ->
    [lion] Lion
    [giraffe] Giraffe
    [elephant] Elephant
    [chick] Chick
    [hen] Hen
   *[piece] piece
} on { $to } ({ $mv })
dobutsu-moves = moves the { $piece ->
    [lion] Lion
    [giraffe] Giraffe
    [elephant] Elephant
    [hen] Hen
   *[chick] Chick
} { $mv }
dobutsu-takes = , takes the { $piece ->
    [lion] Lion
    [giraffe] Giraffe
    [elephant] Elephant
    [hen] Hen
   *[chick] Chick
}
dobutsu-promotes = , becomes a Hen
dobutsu-lion-danger = Lion danger! { $side }'s Lion is attacked.
dobutsu-lion-hanging = { $side }'s Lion stands attacked: { $other } can take it.
dobutsu-move-help =
    Dōbutsu moves: a step is FROM TO, e.g. b2b3 (files a–c left to right, ranks 1–4 from Sente's side);
    a drop is LETTER@SQUARE, e.g. C@a3 (C Chick, E Elephant, G Giraffe).
    A Chick reaching the far rank becomes a Hen. Take the Lion or bring yours safely to the far rank to win.

## Shogun

shogun-side = { $side ->
    [white] White
   *[red] Red
}
shogun-seat = { $side ->
    [white] player 1 (White)
   *[red] player 2 (Red)
}
shogun-rotation-0 = rotation 0 (board as set up)
shogun-rotation = rotation { $rotation } (board turned { $degrees }° clockwise)
shogun-variant-magnetic = numbers from the magnets
shogun-variant-random = numbers drawn at random
shogun-title = Shogun — { $rotation } — { $variant }
shogun-legend =
    { $white } A–G and Shogun S (UPPERCASE, home rank 1), { $red } a–g and s;
    the digit is how many squares the piece must move
shogun-pieces = { $side } { $count } pieces
shogun-counts = { $pieces }; { $plies } of { $limit } plies without a capture
shogun-last-move-legend = [  ] the last move's squares
shogun-chance-sets = chance sets the number of the piece on { $square }
shogun-to-move = { $side } to move
shogun-the-shogun = the Shogun
# A soldier named by its letter, so the letter is not read as a file.
shogun-soldier = soldier { $letter }
shogun-sets-number = sets the number of the piece on { $square } to { $number }
shogun-moves = moves { $piece } from { $from } to { $to }
shogun-takes = , takes { $piece }
shogun-threatened = Shogun! { $side }'s Shogun on { $square } is threatened.
shogun-move-help =
    Shogun moves: FROM TO, e.g. c1c4 (a capture may be written c1xc4). A piece moves exactly the
    number it shows, straight or with one right-angle turn, over empty squares only; the number
    comes from the square it stands on. No move may leave your own Shogun threatened.
    You win when your opponent has only the Shogun and one more piece, or cannot move.

## Shiamgon

shiamgon-seat = player { $player } ({ $colour ->
    [red] red
    [blue] blue
    [green] green
    [yellow] yellow
   *[magenta] magenta
})
shiamgon-disc-header = { $board } — fields RING.INDEX, index counted anticlockwise; each line ends with its starting angle
shiamgon-triangle-header = { $board } — fields ROW.INDEX, row 0 at the apex, index from the left (even: pointing up)
# Labels before the board's lines: `ring 10`, `row 3`, and the centre field.
shiamgon-ring = ring
shiamgon-row = row
shiamgon-centre = centre
shiamgon-none = none
shiamgon-score = score { $score }
shiamgon-stones = stones { $stones }
shiamgon-prisoners-held = prisoners held:
shiamgon-stones-on = on
shiamgon-placements = placements { $done } of { $limit }
shiamgon-last-move-reversed = ; reversed: the last move, { $field }
shiamgon-last-move-brackets = ; [ ]: the last move, { $field }
shiamgon-passes = passes: no legal placement
shiamgon-moves-pushed = moves the pushed stone from { $from } to { $mv }
shiamgon-places = places a stone on { $mv }
shiamgon-takes-prisoners = { $count ->
    [one] { $who } takes { $count } stone of { $owner } prisoner.
   *[other] { $who } takes { $count } stones of { $owner } prisoner.
}
shiamgon-push = Push! { $pusher } placed on { $placed }. { $pushed }: move your stone on { $field } — choose one of { $choices }
shiamgon-move-help =
    Shiamgon moves: type a field's name to place a stone there, e.g. 3.0 — on a disc RING.INDEX
    (ring 1 innermost, 0.0 the centre), on a triangle ROW.INDEX (row 0 at the apex).
    When your stone is pushed, type the field it moves to. Type pass only when you cannot place.
