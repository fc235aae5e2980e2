# Die Spieltexte im Browser: was der Katalog des Servers über jedes Spiel
# sagt (web/js/catalogue.js), und die Bretter (web/js/boards/).

## Der Katalog: Texte aller Spiele

catalogue-seat = Spieler { $seat }
catalogue-program-random = Zufallsspieler
catalogue-program-perfect = Perfektes Spiel (Tablebase)
catalogue-program-ai-arg = Computer { $arg }
catalogue-program-ai-arg-easiest = Computer { $arg } (am leichtesten)
catalogue-program-ai-arg-strongest = Computer { $arg } (am stärksten)
catalogue-program-arg = { $name } { $arg }
catalogue-program-arg-easiest = { $name } { $arg } (am leichtesten)
catalogue-program-arg-strongest = { $name } { $arg } (am stärksten)

## Der Katalog: Dōbutsu Shōgi

catalogue-dobutsu-title = Dōbutsu Shōgi
catalogue-dobutsu-about = Shōgi für Kinder auf 3 × 4 Feldern: Fang den Löwen oder bring deinen sicher auf die gegnerische Grundlinie. Gelöst: Bei perfektem Spiel gewinnt, wer als Zweiter zieht.
catalogue-dobutsu-seat-1 = Sente
catalogue-dobutsu-seat-2 = Gote
catalogue-dobutsu-option-fen = Startstellung (FEN)
catalogue-dobutsu-option-fen-help = Mit dieser Stellung (FEN) beginnen statt mit der üblichen Startaufstellung
catalogue-dobutsu-program-ai-help = Alpha-Beta-Suche, Stufen 1–5 (ai:3)
catalogue-dobutsu-program-perfect-help = perfektes Spiel aus der gelösten Tabelle (kyoku solve dobutsu legt sie an)
catalogue-dobutsu-program-random-help = zufällige erlaubte Züge, jeder gleich wahrscheinlich

## Der Katalog: Shiamgon

catalogue-shiamgon-title = Shiamgon
catalogue-shiamgon-about = 3–5 Spieler setzen Steine auf Ring- oder Dreiecksbretter, schieben Nachbarn weg und kreisen sie ein.
catalogue-shiamgon-seat-1 = Spieler 1
catalogue-shiamgon-seat-2 = Spieler 2
catalogue-shiamgon-seat-3 = Spieler 3
catalogue-shiamgon-seat-4 = Spieler 4
catalogue-shiamgon-seat-5 = Spieler 5
catalogue-shiamgon-option-board = Brett
catalogue-shiamgon-option-board-help = Das Brett: tri8, tri16 (Dreiecke), disc5, disc10 (Scheiben aus Ringen)
catalogue-shiamgon-option-board-tri8 = tri8 (Dreieck)
catalogue-shiamgon-option-board-tri16 = tri16 (Dreieck)
catalogue-shiamgon-option-board-disc5 = disc5 (Ringe)
catalogue-shiamgon-option-board-disc10 = disc10 (Ringe)
catalogue-shiamgon-option-players = Spieler
catalogue-shiamgon-option-players-help = Die Zahl der Spieler: 3 auf den Dreiecken, 3–5 auf den Scheiben
catalogue-shiamgon-option-handicap = Vorgabe
catalogue-shiamgon-option-handicap-help = Zusätzliche Startsteine je Spieler, in der Reihenfolge der Plätze (nur Scheiben; auf dem dritten Ring von außen)
catalogue-shiamgon-program-ai-help = Monte-Carlo-Baumsuche, Stufen 1–5 (ai:3)
catalogue-shiamgon-program-random-help = zufällige erlaubte Züge, jeder gleich wahrscheinlich

## Der Katalog: Shogun

catalogue-shogun-title = Shogun
catalogue-shogun-about = 8 × 8 Felder; Magnete unter dem Brett bestimmen, wie weit jeder Stein ziehen muss. Schütze deinen Shogun.
catalogue-shogun-seat-1 = Weiß
catalogue-shogun-seat-2 = Rot
catalogue-shogun-option-rotation = Drehung des Bretts
catalogue-shogun-option-rotation-help = Vierteldrehungen des Bretts, 0–3: welcher Magnet unter welchem Feld liegt
catalogue-shogun-option-variant = Zahlen
catalogue-shogun-option-variant-help = Woher die Zahlen kommen: magnetic (das Brett, das echte Spiel) oder random (nach jedem Zug ausgelost)
catalogue-shogun-option-variant-magnetic = Magnete (das Brett entscheidet)
catalogue-shogun-option-variant-random = Zufall nach jedem Zug
catalogue-shogun-option-first = Wer beginnt
catalogue-shogun-option-first-help = Wer zuerst zieht: Weiß oder Rot (nach Absprache der Spieler)
catalogue-shogun-option-first-white = Weiß
catalogue-shogun-option-first-red = Rot
catalogue-shogun-option-show-landing = Landezahlen
catalogue-shogun-option-show-landing-help = Ob das Brett die Zahl zeigt, die ein Stein nach dem Landen haben wird (erfahrene Spieler kennen das Brett, Neulingen hilft es). Gilt für beide Seiten gleich; an, wenn nichts gewählt ist
catalogue-shogun-option-show-landing-true = angezeigt
catalogue-shogun-option-show-landing-false = verborgen, wie auf dem echten Brett
catalogue-shogun-option-setup = Reihenfolge der Spielsteine
catalogue-shogun-option-setup-help = Die Reihenfolge der Spielsteine auf den Grundreihen, WEISS/ROT oder eine für beide (z. B. GFEDCBA/ABCDEFG)
catalogue-shogun-program-ai-help = Alpha-Beta-Suche (Expectimax in der Zufallsvariante), Stufen 1–5 (ai:3)
catalogue-shogun-program-random-help = zufällige erlaubte Züge, jeder gleich wahrscheinlich

## Die Bretter: alle Spiele

board-placeholder = ein Zug
board-legend-last = Gelbe Felder: der letzte Zug, woher er kam und wohin er ging

## Die Bretter: Dōbutsu Shōgi

board-dobutsu-lion = Löwe
board-dobutsu-giraffe = Giraffe
board-dobutsu-elephant = Elefant
board-dobutsu-chick = Küken
board-dobutsu-hen = Huhn
board-dobutsu-piece = { $piece } von { $side }
board-dobutsu-label = Dōbutsu-Brett, { $side } ist am Zug
board-dobutsu-hand-empty = { $side } hat nichts im Vorrat
board-dobutsu-placeholder = b2b3 oder C@b2
board-dobutsu-legend-dot = Punkt: ein freies Feld, auf das das gewählte Tier ziehen kann
board-dobutsu-legend-ring = Gestrichelter Ring: ein Tier, das das gewählte Tier schlagen kann
board-dobutsu-legend-select = Dunkler Rahmen: das Tier, das du gewählt hast

## Die Bretter: Shogun

board-shogun-label = Shogun-Brett
board-shogun-shogun = { $side ->
    [white] Weißer
   *[red] Roter
} Shogun
board-shogun-shogun-number = { $side ->
    [white] Weißer
   *[red] Roter
} Shogun, zeigt { $number }
board-shogun-soldier = { $side ->
    [white] Weißer
   *[red] Roter
} Spielstein { $letter }
board-shogun-soldier-number = { $side ->
    [white] Weißer
   *[red] Roter
} Spielstein { $letter }, zeigt { $number }
board-shogun-alarm = Shogun!
board-shogun-under-attack = Shogun! (bedroht)
board-shogun-legend-dot = Blauer Punkt: ein Feld, auf das der gewählte Stein ziehen kann; die Zahl darin zeigt der Stein dort (wenn die Partie Landezahlen anzeigt)
board-shogun-legend-ring = Blauer Ring: ein Stein, den der gewählte Stein schlagen kann
board-shogun-legend-threat = Roter gestrichelter Ring: einer deiner Steine, den die Gegenseite jetzt schlagen kann
board-shogun-legend-shogun = Durchgezogener roter Ring und „Shogun!“: Dein Shogun ist bedroht

## Die Bretter: Shiamgon

board-shiamgon-label = Shiamgon-Brett { $board }
board-shiamgon-placeholder = Feld, z. B. 4.7, oder pass
board-shiamgon-legend-lit = Getöntes Feld mit gestricheltem Ring: wo der Spieler am Zug setzen darf (oder wohin ein verschobener Stein darf)
board-shiamgon-legend-last = Dunkler Kreis: der zuletzt gesetzte Stein
board-shiamgon-legend-square = Gestricheltes Quadrat: wohin ein verschobener Stein gerückt ist
board-shiamgon-legend-line = Linie: ein Verschieben, vom gesetzten Stein zu dem Stein, der weichen muss
board-shiamgon-subtitle = { $board }, { $players } Spieler
board-shiamgon-zoom-in = Vergrößern
board-shiamgon-zoom-out = Ganzes Brett
board-shiamgon-field-names = Feldnamen zeigen (zum Eintippen von Zügen)
board-shiamgon-holds = { $holder } hält { $count } von { $owner }
board-shiamgon-list-separator = {", "}
board-shiamgon-prisoners = Gefangene: { $list }
board-shiamgon-placements = Gesetzte Steine: { $placements } von { $limit }
board-shiamgon-pushed-away = verschoben
board-shiamgon-no-placement = (nicht gesetzt)
board-shiamgon-passes = { $name } ({ $letter }) passt: Es gibt kein Feld zum Setzen.
