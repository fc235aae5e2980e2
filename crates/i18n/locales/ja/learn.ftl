# The browser's learn page (web/js/learn.js). English is the source: every
# message here must be in each other language's learn.ftl.

## ページの上の部分とウィンドウのタイトル

nav-learn = 学ぶ
title-learn = kyoku — 学ぶ
title-lesson = kyoku — { $lesson }

## レッスンの一覧（/learn）

learn-title = 遊びかたを学ぶ
learn-intro = どのレッスンも、短いステップでルールをひとつずつ教えます。小さな局面で、やることはひとつだけ。少ない手でできると、星が多くもらえます。
learn-none = このサーバーにはまだレッスンがありません。
learn-load-failed = レッスンを読み込めません：{ $error }
learn-unknown = そのレッスンはありません。
learn-stars = 星 3 つのうち { $stars } つ
learn-game-stars = { $stars } / { $max } ★
learn-start-here = ここから始めよう
learn-continue-here = ここから続けよう
learn-all-lessons = レッスン一覧

## レッスン（/learn/{game}/{lesson}）

learn-step = ステップ { $step } / { $steps }
learn-illegal = { $move } はここでは指せない手です。
learn-not-yet = おしい！
learn-no-hint = もういちど目標を読んで、やりなおしてみましょう。
learn-try-again = もういちど
learn-step-done = よくできました！
learn-next-step = 次のステップへ
learn-finish = レッスンを終える
learn-lesson-done = レッスンクリア
learn-lesson-done-long = 「{ $lesson }」をクリアしました。
learn-fewer-moves = もっと少ない手でクリアすると、星が増えます。
learn-all-stars = 星 3 つ、かんぺきです。
learn-next-lesson = 次のレッスンへ
learn-again = もういちど遊ぶ
