# Die Spielseite (web/js/game.js, gameactions.js, clock.js, keyboard.js).
# Dieselben Meldungen wie en/web-game.ftl, ohne Variablen, die das
# Englische nicht hat.

## Laden und Verbindung

game-loading = Die Partie wird geladen …
game-not-found = Diese Partie gibt es nicht.
game-load-failed = Die Partie kann nicht geladen werden: { $message }
game-back-to-lobby = Zurück zur Lobby
game-conn-live = live
game-conn-connecting = verbinde …
game-conn-reconnecting = verbinde neu …

## Wer einen Platz spielt: ein Name (oder ein Programm) mit dem Namen des Platzes

game-player-name = { $name } ({ $seat })
game-open-seat-name = freier Platz
game-anonymous = Anonym

## Kopf: Titel, Statuszeile

game-title-with-subtitle = { $title } · { $subtitle }
game-rated = Gewertet
game-rated-title = Diese Partie zählt für die Wertungszahlen der Spieler
game-status-viewing = Zug { $ply } von { $total }
game-status-over = Partie beendet
game-status-watching = Du schaust zu ·
game-status-open-seat = { $seat }: wartet darauf, dass jemand aus der Lobby beitritt
game-status-your-move = Du bist am Zug
game-status-your-push = Dein Stein wird verschoben: Wähle, wohin er geht
game-status-to-move = { $player } ist am Zug
game-status-answers-push = { $player } antwortet auf ein Verschieben
game-how-to-play = Spielregeln
game-players = Spieler
game-moves = Züge
game-legend = Was die Markierungen bedeuten

## Eine frühere Stellung ansehen

game-past-showing = Du siehst die Stellung nach Zug { $ply }.
game-past-back = Zurück zur laufenden Partie
game-past-unavailable = (die früheren Stellungen können gerade nicht geladen werden)

## Hinweise und Fehler

game-pass-notice = Du kannst nirgends setzen, also musst du passen. { $button }
game-pass = Passen
game-error-illegal-move = Unzulässiger Zug { $move }.
game-error-token-gone = Dieser Browser hat den Schlüssel zu diesem Platz nicht mehr.
game-error-not-bound = Dieser Platz gehört nicht zu dem Konto, mit dem du angemeldet bist.
game-error-not-your-turn = Du bist nicht am Zug (die Partie ist weitergegangen).
game-error-not-legal = { $move } ist hier kein zulässiger Zug. Zulässig: { $legal }
game-error-name-empty = Ein Name braucht mindestens ein Zeichen.

## Das Ergebnis

game-result-draw = Unentschieden
game-result-wins = { $player } gewinnt
game-result-share-first = { $players } teilen sich den ersten Platz
game-result-over = Partie beendet
game-result-aborted = Partie abgebrochen
game-result-abandoned = Partie verlassen
game-result-row-score-place = { $player }: { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
  } ({ $place }. Platz)
game-result-row-score = { $player }: { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
  }
game-result-row-place = { $player } ({ $place }. Platz)
game-result-ratings = Wertungszahlen:

## Warum eine Partie endete

game-reason-time-loser = { $player } hat die Zeit überschritten
game-reason-time = durch Zeitüberschreitung
game-reason-resigned-loser = { $player } hat aufgegeben
game-reason-resigned = aufgegeben
game-reason-agreed = vereinbart
game-reason-lion-captured = Löwe geschlagen
game-reason-lion-reached-the-far-rank = Löwe hat die gegnerische Grundreihe erreicht
game-reason-both-sides-won = beide Seiten haben gewonnen
game-reason-no-legal-move = kein zulässiger Zug
game-reason-threefold-repetition = dreifache Stellungswiederholung
game-reason-only-the-shogun-and-one-piece-left = nur noch der Shogun und ein Stein übrig
game-reason-shogun-threatened-and-no-way-out = Shogun bedroht und kein Ausweg
game-reason-100-plies-without-a-capture = 100 Halbzüge ohne Schlagen
game-reason-triampsalm = Triampsalm
game-reason-placement-limit = Höchstzahl der Setzzüge erreicht

## Die Spielerliste

game-seat-name = {" "}({ $seat }){" "}
game-seat-you = (du)
game-seat-open = (freier Platz)
game-seat-left = (gegangen; { $standin } spielt weiter)
game-seat-stand-in = ({ $standin } spielt für { $kind })
game-seat-kind = ({ $kind })
game-seat-rating-link = Seite von { $name }: Wertungszahl { $rating }
game-seat-rating = Wertungszahl
game-seat-rating-provisional = Wertungszahl (vorläufig: sie festigt sich nach einigen gewerteten Partien)
game-seat-rename = Namen ändern
game-seat-rename-title = Der Name, den die anderen Spieler sehen
game-seat-score = Wertung
game-name-label = Dein Name
game-name-save = Speichern
game-name-not-now = Nicht jetzt

## Uhren

game-clock-days-hours = { $days } T { $hours } h
game-clock-days = { $count ->
    [one] { $count } Tag
   *[other] { $count } Tage
  }
game-clock-hours = { $count ->
    [one] { $count } Stunde
   *[other] { $count } Stunden
  }
game-clock-minutes = { $count ->
    [one] { $count } Minute
   *[other] { $count } Minuten
  }
game-clock-seconds = { $count ->
    [one] { $count } Sekunde
   *[other] { $count } Sekunden
  }
game-clock-label = { $player }: noch { $time }
game-clock-label-running = { $player }: noch { $time }, läuft
game-clock-label-none = { $player }: keine Uhr

## Aktionen

game-actions-label = Aktionen der Partie
game-action-abort = Abbrechen
game-action-resign = Aufgeben
game-action-resign-confirm = Diese Partie aufgeben?
game-action-draw-offer = Remis anbieten
game-action-draw-offered = Remis angeboten …
game-action-draw-accept = Remis annehmen
game-action-draw-decline = Remis ablehnen
game-action-takeback = Zurücknehmen
game-action-takeback-asked = Rücknahme erbeten …
game-action-takeback-accept = Rücknahme erlauben
game-action-takeback-decline = Rücknahme verweigern
game-action-rematch = Revanche
game-action-rematch-offered = Revanche angeboten …
game-action-rematch-accept = Revanche annehmen
game-action-rematch-decline = Ablehnen
game-action-yes = Ja
game-action-no = Nein
game-action-to-rematch = Zur Revanche
game-action-new-game = Neue Partie
game-action-game-before = die Partie davor

## Teilen

game-share = Teilen
game-share-copy-link = Link kopieren
game-share-link-copied = Link kopiert
game-share-download = Partie herunterladen
game-share-hint-over = Wer den Link hat, kann diese Partie Zug für Zug nachspielen.
game-share-hint-live = Wer den Link hat, kann zuschauen.

## Einladungen

game-invite = Einladen
game-invite-hint = Schick einen Link an die Person, die diesen Platz übernimmt. Nur dieser Browser sieht diese Links.
game-invite-copy = Kopieren
game-invite-copied = Kopiert
game-invite-play-here = Hier spielen
game-invite-play-here-title = Diesen Platz auch in diesem Browser spielen

## Zugliste, Navigation, getippte Züge

game-moves-none = Noch keine Züge.
game-nav-start = «
game-nav-start-title = Anfang (Pos1)
game-nav-start-label = Anfangsstellung
game-nav-back = ‹ zurück
game-nav-back-title = Zurück (←)
game-nav-back-label = einen Zug zurück
game-nav-forward = vor ›
game-nav-forward-title = Vor (→)
game-nav-forward-label = einen Zug vor
game-nav-live = live »
game-nav-live-title = Live (Ende)
game-nav-live-label = aktuelle Stellung
game-move-input-label = Zug eingeben
game-move-play = Ziehen
game-legal-count = { $count ->
    [one] { $count } zulässiger Zug
   *[other] { $count } zulässige Züge
  }
game-legal-keys-hint = ; mit ← → gehst du durch die Partie.

## Das Brett mit der Tastatur

game-kb-role = Brett
game-kb-label = Brett: Pfeiltasten bewegen, Eingabe wählt und zieht, Escape bricht ab
game-kb-cancelled = Auswahl aufgehoben
game-kb-hand = Hand von { $seat }: { $piece }
game-kb-a-piece = eine Figur
game-kb-empty = leer
game-kb-place = { $square }: { $what }
game-kb-place-selected = { $square }: { $what }, ausgewählt
game-kb-place-target = { $square }: { $what }, ein zulässiges Ziel
game-kb-place-selected-target = { $square }: { $what }, ausgewählt, ein zulässiges Ziel

## Werte bei perfektem Spiel (Dōbutsu)

game-analysis-show = Werte bei perfektem Spiel zeigen
game-analysis-unavailable = Dieser Server hat keine Dōbutsu-Endspieldatenbank (oder keine Analyse), daher können keine Werte bei perfektem Spiel gezeigt werden.
game-analysis-failed = Die Analyse ist fehlgeschlagen: { $message }
game-analysis-select = Wähle eine Figur, um den Wert jedes ihrer Züge zu sehen:
game-analysis-none = Keine Züge zu bewerten.
game-analysis-value = { $move }: { $value }
game-value-wins-in = gewinnt in { $plies }
game-value-wins = gewinnt
game-value-loses-in = verliert in { $plies }
game-value-loses = verliert
game-value-draw = unentschieden
