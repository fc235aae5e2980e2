# Das Analysebrett und der Stellungseditor im Browser (web/js/analysis*.js,
# web/js/editor.js, web/js/boards/*-edit.js). Dieselben Meldungen wie in
# en/analysis.ftl.

## Fenstertitel und der Link auf der Spielseite

title-analysis = kyoku — Analysebrett
title-editor = kyoku — Stellungseditor
analysis-link = Analysieren

## Das Analysebrett (/analysis/{game})

analysis-title = Analysebrett
analysis-title-of = Analysebrett: { $game }
analysis-title-game = Analyse einer Partie { $game }
analysis-to-game = Zurück zur Partie
analysis-first = Zum Anfang
analysis-back = Einen Zug zurück
analysis-forward = Einen Zug vor
analysis-last = Zum Ende dieser Variante
analysis-flip = Brett drehen
analysis-back-to-main = Zurück zur Hauptvariante
analysis-moves = Züge
analysis-no-moves = Noch keine Züge: spiel einen auf dem Brett.
analysis-position = Stellung
analysis-position-text = Die Stellung als Text
analysis-edit = Diese Stellung bearbeiten
analysis-to-move = { $seat } ist am Zug
analysis-over = Die Partie ist hier zu Ende.
analysis-ply = (Zug { $ply })

## Der Computer

analysis-engine = Computeranalyse
analysis-engine-on = An
analysis-engine-off = Die Computeranalyse ist ausgeschaltet.
analysis-lines-count = Varianten
analysis-thinking = Rechnet…
analysis-nothing = Hier gibt es nichts zu analysieren.
analysis-no-eval = Noch keine Bewertung
analysis-depth = Tiefe { $depth }
analysis-source-table = perfektes Spiel (gelöste Tabelle)
analysis-source-search = Suche
analysis-source-mcts = Baumsuche
analysis-play-line = { $moves } spielen
analysis-score-wins-in = { $seat } gewinnt bei perfektem Spiel in { $plies ->
    [one] { $plies } Zug
   *[other] { $plies } Zügen
  }
analysis-score-wins = { $seat } gewinnt bei perfektem Spiel
analysis-score-draw = Remis bei perfektem Spiel
analysis-score-expectancy = { $seat }: { $percent } % Gewinnerwartung
analysis-score-place = { $seat }: erwarteter Platz { $place }

## Die Computerauswertung einer beendeten Partie

analysis-review = Computerauswertung
analysis-review-loading = Die Auswertung wird gesucht…
analysis-review-none = Diese Partie ist noch nicht ausgewertet.
analysis-review-request = Computerauswertung anfordern
analysis-review-queued = Die Auswertung wartet, bis sie dran ist…
analysis-review-running = Der Computer wertet die Partie aus…
analysis-review-failed = Die Auswertung ist nicht zu haben: { $error }
analysis-review-accuracy = Genauigkeit:
analysis-review-graph = Die Bewertung nach jedem Zug, für { $seat } (höher ist besser)
analysis-review-no-marks = Keine Ungenauigkeiten, Fehler oder Patzer.
analysis-review-mark = { $ply }. { $move } ({ $seat }): { $class } — am besten war { $best }
analysis-class-inaccuracy = Ungenauigkeit
analysis-class-mistake = Fehler
analysis-class-blunder = Patzer

## Der Stellungseditor (/editor/{game})

editor-title = Stellungseditor: { $game }
editor-games = Eine Stellung welches Spiels bearbeiten
editor-palette = Steine zum Aufstellen
editor-erase = Wegnehmen
editor-pick-first = Wähle zuerst unten einen Stein (oder „Wegnehmen“), dann ein Feld auf dem Brett.
editor-setup = Aufstellung
editor-side = Am Zug
editor-hand = In der Hand von { $seat }:
editor-rotation = Brett gedreht
editor-board = Brett
editor-players = Spieler
editor-stone = Ein Stein von { $seat }
editor-start-position = Grundstellung
editor-clear = Leeres Brett
editor-text = Stellung als Text
editor-legal = Eine gültige Stellung: { $count ->
    [one] ein legaler Zug
   *[other] { $count } legale Züge
  }.
editor-legal-over = Eine gültige Stellung, aber die Partie ist darin zu Ende.
editor-refused = Keine gültige Stellung: { $reason }
editor-analyse = Analysieren
editor-play-computer = Gegen den Computer spielen
editor-placements = Bisher gesetzte Steine

## Die Ablehnungen des Editors, nach der Art des Servers (sonst seine Worte)

editor-problem-two-lions = eine Seite hat mehr als einen Löwen; jede Seite hat genau einen.
editor-problem-missing-lion = eine Seite hat keinen Löwen; jede Seite hat genau einen.
editor-problem-too-many-pieces = von einem Tier gibt es mehr, als das Spiel hat (beide Seiten und die Hände gezählt).
editor-problem-both-won = beide Seiten haben schon gewonnen.
editor-problem-mover-has-won = die Seite am Zug hat schon gewonnen (ihr Löwe ist angekommen, oder der andere Löwe ist geschlagen).
editor-problem-lions-side-by-side = die beiden Löwen stehen nebeneinander, was kein legaler Zug zulässt.
editor-problem-missing-shogun = eine Seite hat keinen Shogun; jede Seite hat genau einen.
editor-problem-two-shoguns = eine Seite hat zwei Shogune; jede Seite hat genau einen.
editor-problem-duplicate-piece = ein Stein steht auf mehr als einem Feld (jede Seite hat je einen der Soldaten A–G und den Shogun).
editor-problem-opponent-shogun-attacked = der Shogun der Seite, die nicht am Zug ist, wird angegriffen, was kein legaler Zug zulässt.
editor-problem-too-many-stones = ein Spieler hat mehr Steine, als der Anfang und die bisher gesetzten Steine geben können.
editor-problem-two-stones = auf einem Feld liegen zwei Steine.
