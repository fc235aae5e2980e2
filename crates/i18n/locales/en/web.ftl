# The browser UI (web/). English is the source: every message here must be
# in each other language's web.ftl, with no variable English does not give.
# Ids are grouped by the module that shows them.

## The page's frame (index.html, main.js)

nav-play = Play
nav-leaderboard = Leaderboard
nav-rules = Rules
loading = Loading…
needs-javascript = kyoku needs JavaScript to show the games.
language-picker = Language
title-game = kyoku — game
title-rules = kyoku — rules
title-player = kyoku — { $name }
title-leaderboard = kyoku — leaderboard
title-account = kyoku — account
error-unknown = Something went wrong.
