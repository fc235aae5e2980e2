# The browser's puzzles page (web/js/puzzles.js). English is the source: every
# message here must be in each other language's puzzles.ftl.

## Der Kopf der Seite und der Titel des Fensters

nav-puzzles = Aufgaben
title-puzzles = kyoku — Aufgaben

## Die Aufgaben (/puzzles)

puzzles-title = Aufgaben
puzzles-games-label = Aufgaben zu welchem Spiel
puzzles-your-rating = Deine Wertung bei Aufgaben:
puzzles-rating-provisional = Vorläufig: Nach ein paar weiteren Aufgaben steht sie fester.
puzzles-rating-here = (in diesem Browser gespeichert; melde dich an, um sie mit deinem Konto zu behalten)
puzzles-unknown = Diese Aufgabe gibt es nicht mehr – hier ist eine andere.
puzzles-none = Für { $game } gibt es auf diesem Server noch keine Aufgaben. Wer ihn betreibt, kann sie mit „{ $command }“ erzeugen.
puzzles-load-failed = Die Aufgabe lässt sich nicht laden: { $error }
puzzles-you-play = Du spielst { $side }.
puzzles-status-turn = Du bist am Zug – finde den besten Zug.
puzzles-status-wait = Die Gegenseite antwortet …
puzzles-goal-win = Genau ein Zug gewinnt: Finde ihn und gewinne.
puzzles-goal-defend = Nur ein Zug verhindert die Niederlage: Finde ihn.
puzzles-goal-material = Ein Zug gewinnt den gegnerischen Shogun oder entscheidendes Material.
puzzles-goal-capture = Setze den einen Stein, der am meisten schlägt.
puzzles-goal-save = Setze den einen Stein, der deine Gruppe rettet.
puzzles-puzzle-rating = Wertung der Aufgabe: { $rating }.
puzzles-illegal = { $move } ist hier kein erlaubter Zug (es zählt nichts).
puzzles-solved = Gelöst!
puzzles-failed = Nicht der richtige Zug.
puzzles-solved-long = Gut gefunden.
puzzles-failed-long = Das war es nicht – die Lösung steht neben dem Brett.
puzzles-rating-change = Deine Wertung:
puzzles-unrated = Diese Aufgabe hast du schon einmal versucht: Deine Wertung bleibt.
puzzles-next = Nächste Aufgabe
puzzles-solution = Lösung
puzzles-length = { $plies ->
    [one] { $plies } Zug insgesamt
   *[other] { $plies } Züge insgesamt (deine und die Antworten)
  }
puzzles-themes = Motive:
puzzles-puzzle-rating-now = Die Aufgabe hat jetzt die Wertung { $rating }.
puzzles-rules = Die Regeln des Spiels
puzzles-answer-was = Der Zug war { $move }.

## Motive, nach einem Versuch gezeigt

puzzles-theme-win-in = { $n ->
    [one] Gewinn in { $n } Zug
   *[other] Gewinn in { $n } Zügen
  }
puzzles-theme-in = { $n ->
    [one] in { $n } Zug
   *[other] in { $n } Zügen
  }
puzzles-theme-rotation = Magnetstellung { $n }
puzzles-theme-capture-n = { $n ->
    [one] { $n } Stein geschlagen
   *[other] { $n } Steine geschlagen
  }
puzzles-theme-players = { $n } Spieler
puzzles-theme-lion-capture = Löwe geschlagen
puzzles-theme-try = Löwe am Ziel
puzzles-theme-no-moves = kein Zug mehr
puzzles-theme-drop = Einsetzen
puzzles-theme-promotion = Umwandlung
puzzles-theme-short = kurz
puzzles-theme-long = lang
puzzles-theme-defend = Verteidigung
puzzles-theme-capture = Schlagen
puzzles-theme-lion-move = Löwenzug
puzzles-theme-shogun-win = Shogun gewonnen
puzzles-theme-quiet-move = stiller Zug
puzzles-theme-no-way-out = kein Ausweg
puzzles-theme-last-soldiers = letzte Soldaten
puzzles-theme-no-legal-move = kein erlaubter Zug
puzzles-theme-save = Rettung
puzzles-theme-push = Verdrängen
puzzles-theme-encircle = Umzingeln
