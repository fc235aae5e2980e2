## Der Rahmen der Seite (index.html, main.js)

nav-play = Spielen
nav-leaderboard = Bestenliste
nav-rules = Regeln
loading = Wird geladen …
needs-javascript = kyoku braucht JavaScript, um die Spiele zu zeigen.
language-picker = Sprache
title-game = kyoku — Partie
title-rules = kyoku — Regeln
title-player = kyoku — { $name }
title-leaderboard = kyoku — Bestenliste
title-account = kyoku — Konto
error-unknown = Etwas ist schiefgegangen.

# Die Lobby (web/js/lobby.js, newgame.js, seeks.js), der Rahmen der
# Regelseiten (rules.js), die Einstellungen im Kopf (settings.js) und die
# Worte für die Fehler der API (error-<code>). Dieselben Meldungen wie
# en/web-lobby.ftl, ohne Variablen, die das Englische nicht hat.

## Die Lobby (lobby.js)

lobby-heading = Spielen
lobby-loading-games = Die Spiele werden geladen …
lobby-games-failed = Die Liste der Spiele kann nicht geladen werden: { $error }
lobby-list-failed = Die Liste kann nicht geladen werden: { $error }
lobby-games = Partien
lobby-tabs-label = Welche Partien
lobby-tab-open = Offen
lobby-tab-playing = Laufend
lobby-tab-finished = Beendet
lobby-no-open-games = Keine offenen Partien: Starte eine!
lobby-none = Keine.
lobby-open-seat = freier Platz
lobby-rated = gewertet
lobby-moves = { $count ->
    [one] { $count } Zug
   *[other] { $count } Züge
}
lobby-sign-in-to-join = zum Mitspielen anmelden
lobby-join = mitspielen
lobby-replay = nachspielen
lobby-watch = zuschauen
lobby-join-sign-in = Gewertete Partien spielt man mit einem Konto: { $link }, um diesen Platz zu nehmen.
lobby-join-sign-in-link = Melde dich an
lobby-outcome-won = { $player } ({ $seat }) hat gewonnen
lobby-outcome-won-why = { $player } ({ $seat }) hat gewonnen: { $reason }
lobby-outcome-winners = { $players } haben gewonnen
lobby-outcome-winners-why = { $players } haben gewonnen: { $reason }
lobby-outcome-draw = Remis
lobby-outcome-draw-why = Remis: { $reason }
lobby-outcome-aborted = abgebrochen
lobby-outcome-abandoned = verlassen
lobby-reason-time = durch Zeitüberschreitung
lobby-reason-resigned = durch Aufgabe
lobby-reason-agreed = vereinbart

## Das Formular für eine neue Partie (newgame.js)

newgame-heading = Neue Partie
newgame-game = Spiel
newgame-rules = Regeln
newgame-more-options = Weitere Einstellungen
newgame-clock = Bedenkzeit
newgame-clock-none = Keine (ohne Uhr)
newgame-clock-realtime = Echtzeit (Minuten + Sekunden pro Zug)
newgame-clock-custom = Eigene …
newgame-clock-correspondence = Fernpartie (Tage pro Zug)
newgame-clock-days = { $count ->
    [one] { $count } Tag
   *[other] { $count } Tage
}
newgame-clock-minutes = Minuten
newgame-clock-increment = + Sekunden
newgame-count-label = { $option }: { $seat }
newgame-seat-human = Mensch
newgame-seat-open = Mensch, offen für alle
newgame-rated = Gewertet
newgame-rated-needs-clock = Eine gewertete Partie braucht eine Bedenkzeit: Wähl oben eine aus.
newgame-rated-hint = Gewertete Partien zählen für deine Wertungszahl. Sie brauchen eine Bedenkzeit; du nimmst einen Platz, und andere setzen sich angemeldet auf die freien Plätze.
newgame-error-rated-needs-clock = Eine gewertete Partie braucht eine Bedenkzeit: Wähl bitte eine aus.
newgame-error-not-signed-in = Melde dich bitte an, um eine gewertete Partie zu starten.
newgame-seats = Plätze
newgame-you-play-as = Du spielst als { $name }.
newgame-your-name = Dein Name
newgame-anonymous = Anonym
newgame-seats-hint = Du nimmst den ersten Platz für Menschen; jeder weitere Platz für Menschen bekommt einen Einladungslink.
newgame-start = Partie starten

## Schnellpaarung und Partiegesuche (seeks.js)

seeks-quick-pairing = Schnellpaarung
seeks-quick-pairing-hint = Spielt gegen die erste Person, die auf dasselbe Spiel wartet – sonst wartest du auf jemanden.
seeks-heading = Partiegesuche
seeks-sign-in-hint = { $link }, um mit jemandem gepaart zu werden oder ein Partiegesuch anzunehmen.
seeks-sign-in-link = Melde dich an
seeks-rated = gewertet
seeks-casual = ungewertet
seeks-settings-rated = { $what } gewertet
seeks-settings-casual = { $what } ungewertet
seeks-settings-with-options = { $settings } ({ $options })
seeks-option-value = { $option }: { $value }
seeks-loading = Wird geladen …
seeks-none = Gerade wartet niemand.
seeks-range = Wertungszahlen { $low }–{ $high }
seeks-cancel = Abbrechen
seeks-accept = Annehmen
seeks-load-failed = Die Partiegesuche können nicht geladen werden: { $error }
seeks-waiting = Warte auf einen Gegner …
seeks-ok = OK
seeks-expired = Dein Partiegesuch ist abgelaufen: Niemand hat es rechtzeitig angenommen.

## Die Regelseiten (rules.js)

rules-loading = Die Regeln werden geladen …
rules-games-failed = Die Liste der Spiele kann nicht geladen werden.
rules-not-written = Die Regeln von { $game } sind noch nicht geschrieben.

## Die Einstellungen im Kopf (settings.js)

settings-name-title = Der Name, den die anderen Spieler sehen
settings-name = Name: { $name }
settings-name-none = Dein Name?
settings-name-placeholder = Dein Name
settings-name-label = Dein Name, wie ihn die anderen Spieler sehen
settings-save = Speichern
settings-sound-title = Töne für Züge, Schlagen, das Ende und knappe Zeit
settings-sound-on = Ton: an
settings-sound-off = Ton: aus
settings-theme-title = Dunkle oder helle Seiten
settings-theme-light = Hell
settings-theme-dark = Dunkel

## Die Fehler der API

error-network = Der Server ist nicht erreichbar.
error-bad-request = Der Server konnte mit dieser Anfrage nichts anfangen. Lade die Seite neu und versuch es noch einmal.
error-unknown-language = Diese Sprache spricht kyoku noch nicht: Es gibt Englisch, Deutsch und Japanisch.
error-bad-options = Diese Einstellungen passen nicht zusammen. Der Server meldet: { $message }
error-illegal-move = Dieser Zug ist hier nicht erlaubt.
error-forbidden = Diesen Platz kannst du nicht spielen: Dieser Browser hat seinen Link nicht, oder ein anderes Konto spielt ihn.
error-no-such-game = Diese Partie gibt es nicht: Prüf bitte den Link.
error-not-found = Diese Adresse kennt der Server nicht. Vielleicht hilft es, die Seite neu zu laden.
error-method-not-allowed = Diese Anfrage nimmt der Server nicht an. Vielleicht hilft es, die Seite neu zu laden.
error-not-your-turn = Du bist nicht am Zug, oder die Partie hat sich inzwischen geändert: Schau aufs Brett und versuch es noch einmal.
error-game-over = Die Partie ist vorbei: Hier kann nichts mehr gespielt werden.
error-not-allowed = Das geht in dieser Partie gerade nicht.
error-no-offer = Es gibt kein Angebot, auf das du antworten kannst: Es wurde zurückgenommen oder schon beantwortet.
error-too-soon = Dein Remisangebot wurde gerade abgelehnt: Du kannst wieder Remis anbieten, wenn jede Seite zwei Züge gemacht hat.
error-nothing-to-take-back = Es gibt keinen Zug, der zurückgenommen werden kann.
error-seat-taken = Jemand anderes hat diesen Platz schon genommen.
error-body-too-large = Das ist zu viel, um es auf einmal zu senden.
error-rate-limited = Zu viel auf einmal: Warte bitte eine Minute und versuch es dann noch einmal.
error-busy = Der Server ist gerade ausgelastet: Versuch es bitte in ein paar Sekunden noch einmal.
error-storage = Der Server konnte die Partie nicht speichern oder lesen: Versuch es bitte später noch einmal.
error-unsupported-media-type = Diese Anfrage nimmt der Server in dieser Form nicht an. Vielleicht hilft es, die Seite neu zu laden.
error-unavailable = Das ist auf dem Server gerade nicht verfügbar: Versuch es bitte später noch einmal.
error-internal = Auf dem Server ist etwas schiefgegangen: Versuch es bitte noch einmal.
error-no-tablebase = Dieser Server hat keine Dōbutsu-Endspieldatenbank, daher kann er nicht sagen, wie perfektes Spiel weitergeht.
error-bad-username = Ein Name hat 3 bis 20 Zeichen: die Buchstaben A–Z und a–z, Ziffern, _ und -. Manche Namen sind reserviert.
error-weak-password = Ein Passwort hat 8 bis 256 Zeichen.
error-username-taken = Dieser Name ist schon vergeben: Wähl bitte einen anderen.
error-bad-credentials = Name oder Passwort ist falsch.
error-too-many-attempts = { $seconds ->
    [0] Zu viele Versuche: Warte bitte kurz und versuch es dann noch einmal.
    [one] Zu viele Versuche: Warte bitte eine Sekunde und versuch es dann noch einmal.
   *[other] Zu viele Versuche: Warte bitte { $seconds } Sekunden und versuch es dann noch einmal.
}
error-cross-origin = Der Server hat eine Anfrage von einer anderen Website abgelehnt: Öffne kyoku bitte unter seiner eigenen Adresse.
error-not-signed-in = Melde dich bitte zuerst an.
error-rated-needs-clock = Eine gewertete Partie braucht eine Bedenkzeit.
error-rated-needs-accounts = In einer gewerteten Partie nimmst du einen Platz; alle anderen Plätze für Menschen bleiben frei (für jemanden, der angemeldet ist) – oder ein Programm spielt sie.
error-no-such-player = Einen Spieler mit diesem Namen gibt es nicht.
error-no-such-seek = Dieses Partiegesuch gibt es nicht mehr: Jemand anderes hat es angenommen, oder wer es gestellt hat, ist gegangen.
error-own-seek = Das ist dein eigenes Partiegesuch.
error-out-of-range = Deine Wertungszahl liegt außerhalb des Bereichs, den diese Person sucht.
error-in-doubt = Der Server hat beim Speichern seine Datenbank verloren: Dein Zug ist vielleicht gespeichert, vielleicht nicht. Lade die Seite neu und schau aufs Brett, bevor du weiterspielst.
error-bad-position = Diese Stellung erlauben die Regeln nicht: { $message }
error-game-not-over = Nur eine beendete Partie kann ausgewertet werden.
error-too-many-requests = { $seconds ->
    [0] Zu viele Analysen auf einmal: Warte bitte einen Moment.
    [one] Zu viele Analysen auf einmal: Warte bitte eine Sekunde.
   *[other] Zu viele Analysen auf einmal: Warte bitte { $seconds } Sekunden.
}

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
game-conn-store-away = die Datenbank des Servers ist weg: Züge warten, die Uhren stehen

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
catalogue-shogun-option-position = Startstellung
catalogue-shogun-option-position-help = Mit dieser Stellung (in Shoguns Textform) beginnen statt mit der Startaufstellung; der Text enthält die Drehung, die Zahlenvariante und wer am Zug ist, diese Optionen müssen also fehlen oder mit ihm übereinstimmen, und die Reihenfolge der Spielsteine darf nicht angegeben sein
catalogue-shiamgon-option-position = Startstellung
catalogue-shiamgon-option-position-help = Mit dieser Stellung (in Shiamgons Textform) beginnen statt mit der Startaufstellung; der Text bestimmt das Brett und die Zahl der Spieler, diese Optionen müssen also fehlen oder mit ihm übereinstimmen, und eine Vorgabe darf nicht angegeben sein
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

# Die Seiten der Spieler: der Kontoeintrag im Kopf, die Kontoseite, die Seite
# eines Spielers, die Bestenliste, Wertungszahlen und ihr Verlauf.

## Der Kontoeintrag im Kopf der Seite (account.js)

account-name-title = Deine Seite: Wertungszahlen und Partien
account-link = Konto
account-sign-in = Anmelden

## Die Kontoseite (accountpage.js)

accountpage-wait-seconds = { $seconds ->
    [one] { $seconds } Sekunde
   *[other] { $seconds } Sekunden
}
accountpage-wait-minutes = { $minutes ->
    [one] { $minutes } Minute
   *[other] { $minutes } Minuten
}
accountpage-wait-minutes-seconds = { $minutes ->
    [one] { $minutes } Minute
   *[other] { $minutes } Minuten
} { $seconds ->
    [one] { $seconds } Sekunde
   *[other] { $seconds } Sekunden
}
accountpage-error-bad-username = Ein Name hat 3 bis 20 Zeichen: Buchstaben A–Z und a–z, Ziffern, _ und -. Manche Namen sind reserviert.
accountpage-error-weak-password = Ein Passwort hat 8 bis 256 Zeichen.
accountpage-error-username-taken = Dieser Name ist schon vergeben – bitte wähle einen anderen.
accountpage-error-bad-credentials = Name oder Passwort stimmt nicht.
accountpage-error-too-many-attempts-wait = Zu viele Versuche: Bitte warte { $wait } und versuche es dann noch einmal.
accountpage-error-too-many-attempts = Zu viele Versuche: Bitte warte einen Moment und versuche es dann noch einmal.
accountpage-error-not-signed-in = Du bist nicht mehr angemeldet.
accountpage-error-cross-origin = Der Server hat eine Anfrage von einer anderen Website abgelehnt.
accountpage-error-wrong-password = Das Passwort stimmt nicht.
accountpage-type-password-first = Bitte gib zuerst dein Passwort ein.

accountpage-name = Name
accountpage-password = Passwort
accountpage-sign-in-heading = Anmelden
accountpage-sign-in-title = Anmelden
accountpage-sign-in-submit = Anmelden
accountpage-signup-title = Konto anlegen
accountpage-signup-submit = Konto anlegen
accountpage-signup-hint = Ein Name aus 3–20 Buchstaben, Ziffern, _ oder -, den alle sehen; ein Passwort mit mindestens 8 Zeichen. Ein Konto führt eine Wertungszahl pro Spiel und hat deine Partien auf jedem Gerät, auf dem du dich anmeldest; die Partien, die dieser Browser gespielt hat, kommen dazu.
accountpage-intro = Zum Spielen brauchst du kein Konto. Angemeldet kannst du gewertete Partien spielen und schnell Gegner finden.

accountpage-heading = Konto
accountpage-signed-in-as = Angemeldet als { $name }
accountpage-since = · seit { $date }
accountpage-ratings-title = Wertungszahlen
accountpage-no-ratings = Noch keine Wertungszahlen.
accountpage-provisional-hint = Ein „?“ heißt, dass die Wertungszahl noch vorläufig ist: Sie festigt sich nach einigen gewerteten Partien.
accountpage-current-password = Bisheriges Passwort
accountpage-new-password = Neues Passwort
accountpage-password-title = Passwort ändern
accountpage-password-submit = Ändern
accountpage-password-changed = Das Passwort ist geändert. Auf allen anderen Geräten, auf denen du angemeldet warst, bist du jetzt abgemeldet.
accountpage-logout-title = Abmelden
accountpage-logout-here = Auf diesem Gerät abmelden
accountpage-logout-everywhere = Überall abmelden
accountpage-data-title = Deine Daten
accountpage-data-hint = Alles, was zu deinem Konto gespeichert ist (Name, Wertungszahlen, Partien), als JSON-Datei.
accountpage-data-download = Meine Daten herunterladen
accountpage-delete-title = Konto löschen
accountpage-delete-submit = Konto löschen …
accountpage-delete-confirm = Das Konto { $name } endgültig löschen? Das lässt sich nicht rückgängig machen.
accountpage-delete-yes = Ja, löschen
accountpage-delete-no = Nein

## Wertungszahlen, wie alle Seiten sie zeigen (ratings.js)

ratings-column-game = Spiel
ratings-column-rating = Wertung
ratings-column-deviation = Abweichung
ratings-column-games = Partien
# A soft hyphen in Zufalls·zahlen lets the word break in a narrow table.
ratings-pool-random = { $game } (Zufalls­zahlen)
ratings-pool-puzzles = Aufgaben: { $game }
ratings-change-title = Änderung der Wertungszahl
ratings-outcome-playing = läuft
ratings-outcome-aborted = abgebrochen
ratings-outcome-abandoned = verlassen
ratings-outcome-draw = unentschieden
ratings-outcome-won = gewonnen
ratings-outcome-shared-first = geteilter erster Platz
ratings-outcome-place = Platz { $place }
ratings-outcome-lost = verloren

## Die Seite eines Spielers (player.js)

player-loading = Spieler wird geladen …
player-no-such = Es gibt keinen Spieler namens { $name }.
player-load-failed = Der Spieler lässt sich nicht laden: { $error }
player-leaderboard-link = Zur Bestenliste
player-program-tag = Programm
player-since = Spielt hier seit { $date }
player-your-account = dein Konto
player-ratings-title = Wertungszahlen
player-provisional-title = vorläufig: Die Wertungszahl festigt sich nach einigen gewerteten Partien
player-counts = { $games ->
    [one] { $games } Partie
   *[other] { $games } Partien
}: { $wins ->
    [one] { $wins } Sieg
   *[other] { $wins } Siege
}, { $draws } Unentschieden, { $losses ->
    [one] { $losses } Niederlage
   *[other] { $losses } Niederlagen
}
player-hint = Ein „?“ kennzeichnet eine vorläufige Wertungszahl; die Abweichung sagt, wie weit sie noch danebenliegen kann.
player-rating-history = Verlauf der Wertungszahl
player-no-rated-games = Noch keine gewerteten Partien.
player-chart-label = Wertungszahl von { $name } in { $game }
player-recent-games = Letzte Partien
player-games-failed = Die Partien lassen sich nicht laden: { $error }
player-no-games = Noch keine Partien.
player-older-games = Ältere Partien
player-rated = gewertet
player-result-against = Gegen { $opponents }: { $result }
player-opponents-separator = {", "}
player-open-seat = einen freien Platz
player-anonymous = Anonym
player-replay = nachspielen
player-watch = zuschauen
player-vs-title = Direkter Vergleich
player-vs-label = { $name } gegen
player-vs-placeholder = anderer Spieler
player-vs-submit = Vergleichen
player-vs-result = { $name } gegen { $other }: { $games ->
    [one] { $games } Partie
   *[other] { $games } Partien
} — { $wins }, { $draws } Unentschieden, { $losses }.
player-vs-wins = { $count ->
    [one] { $count } Sieg
   *[other] { $count } Siege
}
player-vs-losses = { $count ->
    [one] { $count } Niederlage
   *[other] { $count } Niederlagen
}
player-vs-none = { $name } hat noch nicht gegen { $other } gespielt.

## Arten von Plätzen (players.js)

players-kind-human = Mensch
players-kind-random = Zufallszüge
players-kind-perfect = perfektes Spiel
players-kind-ai = Computer, Stufe { $level }
players-colour-orange = Orange
players-colour-blue = Blau
players-colour-green = Grün
players-colour-yellow = Gelb
players-colour-pink = Rosa

## Die Bestenliste (leaderboard.js)

leaderboard-title = Bestenliste
leaderboard-tabs-label = Spiele
leaderboard-no-such = Diese Bestenliste gibt es nicht.
leaderboard-load-failed = Die Bestenliste lässt sich nicht laden: { $error }
leaderboard-empty = Noch steht hier niemand: Eine Wertungszahl erscheint, sobald sie sich gefestigt hat – nach etwa einem Dutzend gewerteter Partien.
leaderboard-column-rank = #
leaderboard-column-player = Spieler
leaderboard-program-tag = Programm
leaderboard-program-title = ein Computerprogramm
leaderboard-hint = Hier stehen nur gefestigte Wertungszahlen (mit einer Abweichung von höchstens 110).

## Der Verlauf der Wertungszahl (chart.js)

chart-label = { $label }: von { $from } auf { $to } in { $count ->
    [one] { $count } gewerteten Partie
   *[other] { $count } gewerteten Partien
}
chart-label-empty = { $label }: keine gewerteten Partien
chart-axis-name = gewertete Partien
chart-point = Partie { $game }, { $when }: { $rating } ± { $rd }
chart-point-undated = Partie { $game }: { $rating } ± { $rd }
