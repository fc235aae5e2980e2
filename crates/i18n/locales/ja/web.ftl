## ページの枠（index.html, main.js）

nav-play = 対局
nav-leaderboard = ランキング
nav-rules = ルール
loading = 読み込み中…
needs-javascript = kyoku でゲームを表示するには JavaScript が必要です。
language-picker = 言語
title-game = kyoku — 対局
title-rules = kyoku — ルール
title-player = kyoku — { $name }
title-leaderboard = kyoku — ランキング
title-account = kyoku — アカウント
error-unknown = 問題が発生しました。
