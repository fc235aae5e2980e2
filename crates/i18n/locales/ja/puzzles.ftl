# The browser's puzzles page (web/js/puzzles.js). English is the source: every
# message here must be in each other language's puzzles.ftl.

## ページの上の部分とウィンドウのタイトル

nav-puzzles = パズル
title-puzzles = kyoku — パズル

## パズル（/puzzles）

puzzles-title = パズル
puzzles-games-label = どのゲームのパズル
puzzles-your-rating = あなたのパズルのレーティング：
puzzles-rating-provisional = 仮のレーティングです。あといくつか解くと落ち着きます。
puzzles-rating-here = （このブラウザーに保存されます。ログインするとアカウントに残せます）
puzzles-unknown = そのパズルはもうありません。かわりに別のパズルをどうぞ。
puzzles-none = このサーバーには { $game } のパズルがまだありません。サーバーの管理者は「{ $command }」で作れます。
puzzles-load-failed = パズルを読み込めません：{ $error }
puzzles-you-play = あなたは { $side } です。
puzzles-status-turn = あなたの番です。いちばんよい手を見つけましょう。
puzzles-status-wait = 相手が指しています…
puzzles-goal-win = 勝てる手はひとつだけ。見つけて勝ちましょう。
puzzles-goal-defend = 負けずにすむ手はひとつだけ。見つけましょう。
puzzles-goal-material = 相手のショーグンか、勝負を決める駒を取る手がひとつあります。
puzzles-goal-capture = いちばん多く取れる石をひとつ置きましょう。
puzzles-goal-save = 自分のグループを助ける石をひとつ置きましょう。
puzzles-puzzle-rating = パズルのレーティング { $rating }。
puzzles-illegal = { $move } はここでは指せない手です（数えません）。
puzzles-solved = 正解！
puzzles-failed = ちがう手でした。
puzzles-solved-long = よく見つけました。
puzzles-failed-long = 正解ではありません。答えは盤の横にあります。
puzzles-rating-change = レーティング：
puzzles-unrated = 前にも解いたパズルなので、レーティングは変わりません。
puzzles-next = 次のパズル
puzzles-solution = 答え
puzzles-length = 全部で { $plies } 手（あなたの手と相手の手）
puzzles-themes = テーマ：
puzzles-puzzle-rating-now = このパズルのレーティングは { $rating } になりました。
puzzles-rules = このゲームのルール
puzzles-answer-was = 正解は { $move } でした。

## テーマ（解いたあとに表示）

puzzles-theme-win-in = { $n } 手で勝ち
puzzles-theme-in = { $n } 手
puzzles-theme-rotation = 磁石の向き { $n }
puzzles-theme-capture-n = 石を { $n } 個取る
puzzles-theme-players = { $n } 人
puzzles-theme-lion-capture = ライオンを取る
puzzles-theme-try = トライ
puzzles-theme-no-moves = 指す手がない
puzzles-theme-drop = 持ち駒を打つ
puzzles-theme-promotion = 成る
puzzles-theme-short = 短い
puzzles-theme-long = 長い
puzzles-theme-defend = 守り
puzzles-theme-capture = 駒を取る
puzzles-theme-lion-move = ライオンが動く
puzzles-theme-shogun-win = ショーグンを取る
puzzles-theme-quiet-move = 静かな一手
puzzles-theme-no-way-out = 逃げ道なし
puzzles-theme-last-soldiers = 最後の兵
puzzles-theme-no-legal-move = 指せる手がない
puzzles-theme-save = 助ける
puzzles-theme-push = 押しのける
puzzles-theme-encircle = 囲む
