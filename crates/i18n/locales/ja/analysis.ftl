# ブラウザーの検討盤と局面エディター (web/js/analysis*.js, web/js/editor.js,
# web/js/boards/*-edit.js)。en/analysis.ftl と同じメッセージ。

## ウィンドウのタイトルと対局ページのリンク

title-analysis = kyoku — 検討盤
title-editor = kyoku — 局面エディター
analysis-link = 検討する

## 検討盤 (/analysis/{game})

analysis-title = 検討盤
analysis-title-of = 検討盤：{ $game }
analysis-title-game = { $game }の対局の検討
analysis-to-game = 対局に戻る
analysis-first = 最初へ
analysis-back = 1手戻る
analysis-forward = 1手進む
analysis-last = この変化の最後へ
analysis-flip = 盤を反転
analysis-back-to-main = 本譜に戻る
analysis-moves = 棋譜
analysis-no-moves = まだ手がありません。盤上で指してください。
analysis-position = 局面
analysis-position-text = 局面のテキスト
analysis-edit = この局面を編集
analysis-to-move = { $seat }の手番
analysis-over = この局面で対局は終わっています。
analysis-ply = （{ $ply }手目）

## コンピューター

analysis-engine = コンピューター検討
analysis-engine-on = オン
analysis-engine-off = コンピューター検討はオフです。
analysis-lines-count = 候補手の数
analysis-thinking = 考え中…
analysis-nothing = ここでは検討するものがありません。
analysis-no-eval = まだ評価がありません
analysis-depth = 深さ { $depth }
analysis-source-table = 完全解析（解析済みの表）
analysis-source-search = 探索
analysis-source-mcts = 木探索
analysis-play-line = { $moves } を指す
analysis-score-wins-in = 最善を尽くせば{ $seat }が{ $plies }手で勝ち
analysis-score-wins = 最善を尽くせば{ $seat }の勝ち
analysis-score-draw = 最善を尽くせば引き分け
analysis-score-expectancy = { $seat }：期待勝率 { $percent }%
analysis-score-place = { $seat }：期待順位 { $place }

## 終局した対局のコンピューター解析

analysis-review = コンピューター解析
analysis-review-loading = 解析を探しています…
analysis-review-none = この対局はまだ解析されていません。
analysis-review-request = コンピューター解析を依頼する
analysis-review-queued = 解析は順番待ちです…
analysis-review-running = コンピューターが対局を解析しています…
analysis-review-failed = 解析を取得できません：{ $error }
analysis-review-accuracy = 正確度：
analysis-review-graph = 各手のあとの評価（{ $seat }から見て、上ほど良い）
analysis-review-no-marks = 疑問手・悪手・大悪手はありません。
analysis-review-mark = { $ply }. { $move }（{ $seat }）：{ $class } — 最善は { $best }
analysis-class-inaccuracy = 疑問手
analysis-class-mistake = 悪手
analysis-class-blunder = 大悪手

## 局面エディター (/editor/{game})

editor-title = 局面エディター：{ $game }
editor-games = 編集するゲーム
editor-palette = 盤に置く駒
editor-erase = 取り除く
editor-pick-first = まず下の駒（または「取り除く」）を選び、それから盤上の場所を選んでください。
editor-setup = 配置
editor-side = 手番
editor-hand = { $seat }の持ち駒：
editor-rotation = 盤の回転
editor-board = 盤
editor-players = 人数
editor-stone = { $seat }の石
editor-start-position = 初期配置
editor-clear = 空の盤
editor-text = 局面のテキスト
editor-legal = 正しい局面です：合法手 { $count }。
editor-legal-over = 正しい局面ですが、対局は終わっています。
editor-refused = 正しい局面ではありません：{ $reason }
editor-analyse = 検討する
editor-play-computer = コンピューターと対局する
editor-placements = これまでに置いた石の数

## エディターが正しくないとする理由（サーバーの種類ごと。なければサーバーの言葉）

editor-problem-two-lions = 一方にライオンが2枚以上あります。ライオンは各自ちょうど1枚です。
editor-problem-missing-lion = ライオンのない側があります。ライオンは各自ちょうど1枚です。
editor-problem-too-many-pieces = ある動物がゲームにある数より多くあります（両者の盤上と持ち駒を数えて）。
editor-problem-both-won = 両者ともすでに勝っています。
editor-problem-mover-has-won = 手番の側がすでに勝っています（ライオンが奥に着いたか、相手のライオンが取られています）。
editor-problem-lions-side-by-side = 2枚のライオンが隣り合っています。どの合法手でもそうはなりません。
editor-problem-missing-shogun = ショーグンのない側があります。ショーグンは各自ちょうど1つです。
editor-problem-two-shoguns = ショーグンが2つある側があります。ショーグンは各自ちょうど1つです。
editor-problem-duplicate-piece = 同じ駒が2つ以上のマスにあります（各自、兵士A〜Gとショーグンを1つずつ持ちます）。
editor-problem-opponent-shogun-attacked = 手番でない側のショーグンが攻撃されています。どの合法手でもそうはなりません。
editor-problem-too-many-stones = 初期配置とこれまでに置いた石の数から考えられるより多くの石を持つプレイヤーがいます。
editor-problem-two-stones = 1つのマスに石が2つあります。
