# The browser's learn page (web/js/learn.js). English is the source: every
# message here must be in each other language's learn.ftl.

## Der Kopf der Seite und der Titel des Fensters

nav-learn = Lernen
title-learn = kyoku — Lernen
title-lesson = kyoku — { $lesson }

## Die Liste der Lektionen (/learn)

learn-title = Spielen lernen
learn-intro = Jede Lektion bringt dir eine Regel in ein paar kurzen Schritten bei: eine kleine Stellung und eine Aufgabe darin. Wer mit weniger Zügen auskommt, bekommt mehr Sterne.
learn-none = Auf diesem Server gibt es noch keine Lektionen.
learn-load-failed = Die Lektionen lassen sich nicht laden: { $error }
learn-unknown = Diese Lektion gibt es nicht.
learn-stars = { $stars } von 3 Sternen
learn-game-stars = { $stars } / { $max } ★
learn-start-here = Hier anfangen
learn-continue-here = Hier weitermachen
learn-all-lessons = Alle Lektionen

## Eine Lektion (/learn/{game}/{lesson})

learn-step = Schritt { $step } von { $steps }
learn-illegal = { $move } ist hier kein erlaubter Zug.
learn-not-yet = Noch nicht ganz.
learn-no-hint = Lies die Aufgabe noch einmal und versuch es erneut.
learn-try-again = Noch einmal
learn-step-done = Gut gemacht!
learn-next-step = Nächster Schritt
learn-finish = Lektion abschließen
learn-lesson-done = Lektion geschafft
learn-lesson-done-long = Du hast „{ $lesson }“ geschafft.
learn-fewer-moves = Spiel sie noch einmal mit weniger Zügen, dann gibt es mehr Sterne.
learn-all-stars = Alle drei Sterne – perfekt.
learn-next-lesson = Nächste Lektion
learn-again = Noch einmal spielen
