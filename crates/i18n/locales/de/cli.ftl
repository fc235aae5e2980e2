# Das Terminal: `kyoku play` und `kyoku replay`. Dieselben Meldungen wie
# en/cli.ftl, ohne Variablen, die das Englische nicht hat. Befehle, die man
# eintippt (moves, undo, resign, draw, save, help, quit, pass), und die
# Zugnotation (b2b3) bleiben in jeder Sprache gleich; die Meldungen erklären
# sie.

plies = { $count ->
    [one] { $count } Halbzug
   *[other] { $count } Halbzüge
}

## kyoku play

play-banner = kyoku play { $game } — { $seats } — Seed { $seed }
play-commands = Gib einen Zug ein oder: moves, help, undo, resign, draw, save FILE, quit.
play-loaded = { $count ->
    [one] { $count } Zug geladen.
   *[other] { $count } Züge geladen.
}
play-clock = Bedenkzeit: { $clock }.
# Die Zeit eines Platzes ist abgelaufen.
clock-out = abgelaufen
clock-line = Uhr: { $clocks }
# Wer einen Zug gemacht hat, der ausgelost wurde (die Zahlen bei Shogun).
chance = Der Zufall
# Ein Zug in Worten: `Spieler 1 (Sente) zieht den Löwen b2b3`.
move-line = { $who } { $what }
plays = spielt { $mv }
thinking = { $who } ({ $spec }) denkt nach …
engine-lost = Partie beendet: { $who } ({ $spec }) verliert – { $reason }.
must-pass = { $who }: kein Feld zum Setzen – gib pass ein.
prompt-move = { $who } ist am Zug
prompt-answer = { $who } muss antworten
end-of-input = Ende der Eingabe: Die Partie bleibt unvollendet.
legal-moves = { $count ->
    [one] { $count } erlaubter Zug:
   *[other] { $count } erlaubte Züge:
}
left-unfinished = Die Partie bleibt unvollendet.
resigns = { $who } gibt auf.
time-ran-out = Die Zeit von { $who } ist vor dem Zug abgelaufen.
try-again = { $error } – versuch es noch einmal (moves zeigt die erlaubten Züge)
draw-needs-people = Remis können nur zwei Menschen miteinander vereinbaren; gegen ein Programm gib auf (resign) oder spiel weiter
draw-agreed = Remis vereinbart.
draw-offered = { $who } bietet Remis an: { $other } kann mit draw annehmen oder mit einem Zug ablehnen.
save-needs-file = save braucht einen Dateinamen: save FILE
saved-finished = { $count ->
    [one] Die beendete Partie ({ $count } Zug) ist in { $file } gespeichert; Zug für Zug nachspielen mit: kyoku replay { $file }
   *[other] Die beendete Partie ({ $count } Züge) ist in { $file } gespeichert; Zug für Zug nachspielen mit: kyoku replay { $file }
}
saved = { $count ->
    [one] { $count } Zug in { $file } gespeichert; weiterspielen mit: kyoku play --load { $file }
   *[other] { $count } Züge in { $file } gespeichert; weiterspielen mit: kyoku play --load { $file }
}
after-game-prompt = Partie beendet – undo, save FILE oder quit (Enter)
after-game-help =
    Die Partie ist beendet. Befehle:
      undo       nimmt deinen letzten Zug und die Antworten der Programme zurück, und du spielst weiter
      save FILE  speichert die Partie in FILE (Zug für Zug nachspielen mit kyoku replay FILE)
      help       dieser Text
      quit       beendet die Sitzung (ebenso Enter oder das Ende der Eingabe)
after-game-no-moves = Die Partie ist beendet: Es gibt keine Züge mehr. undo nimmt deinen letzten Zug zurück.
after-game-unknown = { $line }: Die Partie ist beendet – gib undo, save FILE, help oder quit ein (oder drück einfach Enter)
undo-needs-program = undo gibt es in Partien gegen Programme; spielen nur Menschen, einigt euch und fangt neu an
nothing-to-undo = Nichts zurückzunehmen: Es wurde noch kein Zug eines Menschen gespielt.
took-back = Zurückgenommen: { $moves }
help-commands =
    Befehle:
      moves      zeigt die erlaubten Züge
      undo       nimmt deinen letzten Zug und die Antworten der Programme zurück
                 (auch nach dem Ende der Partie, um von dort weiterzuspielen)
      resign     gibt auf (Shiamgon: ein Programm spielt für dich weiter, du wirst Letzter)
      draw       bietet der anderen Person Remis an oder nimmt ihr Angebot an
      save FILE  speichert die Partie in FILE (später weiterspielen mit --load FILE)
      help       dieser Text
      quit       hört hier auf
record-written = Die Partie ist in { $file } gespeichert.
record-heading = Partienotation:

## Das Ende einer Partie (play und replay)

game-over = Partie beendet
over-because = { $over } ({ $reason })
over-at-move = { $over } nach Zug { $count } ({ $reason })
result-win = { $head }: { $who } gewinnt.
result-draw = { $head }: unentschieden.
result-ranking = { $head }. Rangliste: { $ranking }

# Warum eine Partie endete, wie die Regeln und die Sitzung es nennen.
reason-time = Zeitüberschreitung
reason-resigned = aufgegeben
reason-agreed = vereinbart
reason-aborted = abgebrochen
reason-abandoned = verlassen
reason-threefold-repetition = dreifache Stellungswiederholung
reason-lion-captured = Löwe geschlagen
reason-lion-reached-the-far-rank = Löwe hat die gegnerische Grundlinie erreicht
reason-both-sides-won = beide Seiten haben gewonnen
reason-no-legal-move = kein erlaubter Zug
reason-only-the-shogun-and-one-piece-left = nur noch der Shogun und ein Stein übrig
reason-shogun-threatened-and-no-way-out = Shogun bedroht und kein Ausweg
reason-100-plies-without-a-capture = 100 Halbzüge ohne Schlagen
reason-triampsalm = Triampsalm
reason-placement-limit = Höchstzahl der Setzzüge erreicht

## kyoku replay

replay-banner = kyoku replay { $game }{ $players }{ $clock } — { $count ->
    [one] { $count } Zug
   *[other] { $count } Züge
}
replay-clock = {" "}— Bedenkzeit { $clock }
replay-step-help = Enter oder n: nächster Zug · b: zurück · eine Zahl: zu diesem Zug · end: zum Ende · quit: beenden
replay-move = Zug { $ply } von { $count }: { $what }
replay-start = Anfang (Zug 0 von { $count })
replay-has-moves = { $count ->
    [one] Die Partie hat { $count } Zug.
   *[other] Die Partie hat { $count } Züge.
}
replay-last-move = Das war der letzte Zug.
replay-unfinished = { $count ->
    [one] Die Partie blieb nach { $count } Zug unvollendet.
   *[other] Die Partie blieb nach { $count } Zügen unvollendet.
}

## Dōbutsu Shōgi

dobutsu-side = { $side ->
    [sente] Sente
   *[gote] Gote
}
dobutsu-seat = { $side ->
    [sente] Spieler 1 (Sente)
   *[gote] Spieler 2 (Gote)
}
dobutsu-hand = Vorrat von { $side } (Spieler { $player }): { $pieces }
dobutsu-hand-empty = leer
# Eine Figurenart im Vorrat: `Küken`, `2 Küken`.
dobutsu-in-hand-piece = { $count ->
    [one] { $piece ->
        [lion] Löwe
        [giraffe] Giraffe
        [elephant] Elefant
        [hen] Huhn
       *[chick] Küken
    }
   *[other] { $count } { $piece ->
        [lion] Löwen
        [giraffe] Giraffen
        [elephant] Elefanten
        [hen] Hühner
       *[chick] Küken
    }
}
dobutsu-legend = L Löwe  G Giraffe  E Elefant  C Küken  H Huhn; GROSS Sente (zieht nach oben), klein Gote
dobutsu-last-move-legend = [ ] die Felder des letzten Zugs
dobutsu-to-move = { $side } ist am Zug
dobutsu-drops = setzt { $piece ->
    [lion] einen Löwen
    [giraffe] eine Giraffe
    [elephant] einen Elefanten
    [chick] ein Küken
    [hen] ein Huhn
   *[piece] eine Figur
} auf { $to } ein ({ $mv })
dobutsu-moves = zieht { $piece ->
    [lion] den Löwen
    [giraffe] die Giraffe
    [elephant] den Elefanten
    [hen] das Huhn
   *[chick] das Küken
} { $mv }
dobutsu-takes = , schlägt { $piece ->
    [lion] den Löwen
    [giraffe] die Giraffe
    [elephant] den Elefanten
    [hen] das Huhn
   *[chick] das Küken
}
dobutsu-promotes = , wird zum Huhn
dobutsu-lion-danger = Löwe in Gefahr! Der Löwe von { $side } wird angegriffen.
dobutsu-lion-hanging = Der Löwe von { $side } steht angegriffen: { $other } kann ihn schlagen.
dobutsu-move-help =
    Dōbutsu-Züge: Ziehen ist VON NACH, z. B. b2b3 (Spalten a–c von links nach rechts, Reihen 1–4 von Sentes Seite aus);
    Einsetzen ist BUCHSTABE@FELD, z. B. C@a3 (C Küken, E Elefant, G Giraffe).
    Ein Küken, das die gegnerische Grundlinie erreicht, wird zum Huhn. Du gewinnst, wenn du den gegnerischen Löwen
    schlägst oder deinen eigenen sicher auf die gegnerische Grundlinie bringst.

## Shogun

shogun-side = { $side ->
    [white] Weiß
   *[red] Rot
}
shogun-seat = { $side ->
    [white] Spieler 1 (Weiß)
   *[red] Spieler 2 (Rot)
}
shogun-rotation-0 = Drehung 0 (Brett wie aufgestellt)
shogun-rotation = Drehung { $rotation } (Brett um { $degrees }° im Uhrzeigersinn gedreht)
shogun-variant-magnetic = Zahlen von den Magneten
shogun-variant-random = Zahlen zufällig ausgelost
shogun-title = Shogun — { $rotation } — { $variant }
shogun-legend =
    { $white } A–G und Shogun S (GROSS, Grundreihe 1), { $red } a–g und s;
    die Ziffer sagt, wie viele Felder weit der Stein ziehen muss
shogun-pieces = { $side }: { $count ->
    [one] { $count } Stein
   *[other] { $count } Steine
}
shogun-counts = { $pieces }; { $plies } von { $limit } Halbzügen ohne Schlagen
shogun-last-move-legend = [  ] die Felder des letzten Zugs
shogun-chance-sets = Der Zufall bestimmt die Zahl des Steins auf { $square }
shogun-to-move = { $side } ist am Zug
# Im Akkusativ: „zieht den Shogun …“, „schlägt den Spielstein b“.
shogun-the-shogun = den Shogun
# Ein Spielstein, mit seinem Buchstaben benannt, damit der Buchstabe nicht als Spalte gelesen wird.
shogun-soldier = den Spielstein { $letter }
shogun-sets-number = gibt dem Stein auf { $square } die Zahl { $number }
shogun-moves = zieht { $piece } von { $from } nach { $to }
shogun-takes = , schlägt { $piece }
shogun-threatened = Shogun! Der Shogun von { $side } auf { $square } ist bedroht.
shogun-move-help =
    Shogun-Züge: VON NACH, z. B. c1c4 (ein Schlagzug darf auch c1xc4 geschrieben werden). Ein Stein zieht genau
    so viele Felder, wie seine Zahl zeigt, gerade oder mit einem rechtwinkligen Knick, nur über freie Felder;
    die Zahl bestimmt das Feld, auf dem er steht. Kein Zug darf deinen eigenen Shogun bedroht zurücklassen.
    Du gewinnst, wenn die Gegenseite nur noch ihren Shogun und einen weiteren Stein hat oder nicht ziehen kann.

## Shiamgon

shiamgon-seat = Spieler { $player } ({ $colour ->
    [red] rot
    [blue] blau
    [green] grün
    [yellow] gelb
   *[magenta] magenta
})
shiamgon-disc-header = { $board } — Felder RING.INDEX, der Index gegen den Uhrzeigersinn gezählt; jede Zeile endet mit ihrem Startwinkel
shiamgon-triangle-header = { $board } — Felder ZEILE.INDEX, Zeile 0 an der Spitze, der Index von links (gerade: zeigt nach oben)
# Beschriftungen vor den Zeilen des Bretts: `Ring 10`, `Zeile 3` und das Feld in der Mitte.
shiamgon-ring = Ring
shiamgon-row = Zeile
shiamgon-centre = Mitte
shiamgon-none = keine
shiamgon-score = Wertung { $score }
shiamgon-stones = Steine { $stones }
shiamgon-prisoners-held = Gefangene:
shiamgon-stones-on = auf
shiamgon-placements = Setzzüge { $done } von { $limit }
shiamgon-last-move-reversed = ; invertiert: der letzte Zug, { $field }
shiamgon-last-move-brackets = ; [ ]: der letzte Zug, { $field }
shiamgon-passes = passt: kein Feld zum Setzen
shiamgon-moves-pushed = rückt den verschobenen Stein von { $from } nach { $mv }
shiamgon-places = setzt einen Stein auf { $mv }
shiamgon-takes-prisoners = { $count ->
    [one] { $who } nimmt { $count } Stein von { $owner } gefangen.
   *[other] { $who } nimmt { $count } Steine von { $owner } gefangen.
}
shiamgon-push = Verschieben! { $pusher } hat auf { $placed } gesetzt. { $pushed }: Rück deinen Stein auf { $field } weg – wähle eines dieser Felder: { $choices }
shiamgon-move-help =
    Shiamgon-Züge: Gib den Namen eines Feldes ein, um dort einen Stein zu setzen, z. B. 3.0 – auf einer Scheibe RING.INDEX
    (Ring 1 ist der innerste, 0.0 die Mitte), auf einem Dreieck ZEILE.INDEX (Zeile 0 an der Spitze).
    Wird dein Stein verschoben, gib das Feld ein, auf das er rückt. Gib pass nur ein, wenn du nicht setzen kannst.
