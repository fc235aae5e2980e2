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
