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
