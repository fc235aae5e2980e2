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
