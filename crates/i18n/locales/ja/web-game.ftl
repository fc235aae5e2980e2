# 対局ページ（web/js/game.js, gameactions.js, clock.js, keyboard.js）。
# en/web-game.ftl と同じメッセージを持ち、英語にない変数は使わない。

## 読み込みと接続

game-loading = 対局を読み込んでいます…
game-not-found = その対局はありません。
game-load-failed = 対局を読み込めません：{ $message }
game-back-to-lobby = ロビーにもどる
game-conn-live = ライブ
game-conn-connecting = 接続しています…
game-conn-reconnecting = 再接続しています…

## 席をだれが指しているか：名前（またはプログラム）と席の名前

game-player-name = { $name }（{ $seat }）
game-open-seat-name = 空席
game-anonymous = 名無し

## 見出し：タイトルと状況

game-title-with-subtitle = { $title } · { $subtitle }
game-rated = レーティング対局
game-rated-title = この対局はプレイヤーのレーティングに反映されます
game-status-viewing = { $total } 手中 { $ply } 手目
game-status-over = 対局終了
game-status-watching = 観戦中 ·
game-status-open-seat = { $seat }：ロビーからだれかが参加するのを待っています
game-status-your-move = あなたの番です
game-status-your-push = あなたの石が押し出されました。行き先を選んでください
game-status-to-move = { $player }の番です
game-status-answers-push = { $player }が押し出しに応じています
game-how-to-play = 遊び方
game-players = プレイヤー
game-moves = 棋譜
game-legend = 印の意味

## 前の局面を見る

game-past-showing = { $ply } 手目のあとの局面を表示しています。
game-past-back = 現在の局面にもどる
game-past-unavailable = （いまは前の局面を読み込めません）

## お知らせとエラー

game-pass-notice = 石を置ける場所がないので、パスしてください。{ $button }
game-pass = パス
game-error-illegal-move = { $move } は指せない手です。
game-error-token-gone = このブラウザーは、もうその席の鍵を持っていません。
game-error-not-bound = その席は、ログインしているアカウントの席ではありません。
game-error-not-your-turn = あなたの番ではありません（対局が先に進みました）。
game-error-not-legal = { $move } はここでは指せません。指せる手：{ $legal }
game-error-name-empty = 名前は1文字以上にしてください。

## 結果

game-result-draw = 引き分け
game-result-wins = { $player }の勝ち
game-result-share-first = { $players }が1位を分け合いました
game-result-over = 対局終了
game-result-aborted = 対局は中止されました
game-result-abandoned = 対局は放棄されました
game-result-row-score-place = { $player }：{ $points } 点（{ $place } 位）
game-result-row-score = { $player }：{ $points } 点
game-result-row-place = { $player }（{ $place } 位）
game-result-ratings = レーティング：

## 対局が終わった理由

game-reason-time-loser = { $player }の時間切れ
game-reason-time = 時間切れ
game-reason-resigned-loser = { $player }が投了
game-reason-resigned = 投了
game-reason-agreed = 合意
game-reason-lion-captured = ライオンをつかまえた
game-reason-lion-reached-the-far-rank = ライオンが相手のいちばん奥の段に入った
game-reason-both-sides-won = 両方が勝ちの条件を満たした
game-reason-no-legal-move = 指せる手がない
game-reason-threefold-repetition = 同じ局面が3回あらわれた
game-reason-only-the-shogun-and-one-piece-left = ショーグンとほかの駒1つだけになった
game-reason-shogun-threatened-and-no-way-out = ショーグンがねらわれ、逃げ道がない
game-reason-100-plies-without-a-capture = 駒を取らない手が100手つづいた
game-reason-triampsalm = トリアンプサルム
game-reason-placement-limit = 石を置ける回数の上限に達した

## プレイヤーの一覧

game-seat-name = （{ $seat }）
game-seat-you = （あなた）
game-seat-open = （空席）
game-seat-left = （退席。{ $standin } が代わりに指します）
game-seat-stand-in = （{ $kind } の代わりに { $standin } が指しています）
game-seat-kind = （{ $kind }）
game-seat-rating-link = { $name } のページ：レーティング { $rating }
game-seat-rating = レーティング
game-seat-rating-provisional = レーティング（暫定：レーティング対局を何局か指すと定まります）
game-seat-rename = 名前を変える
game-seat-rename-title = ほかのプレイヤーに見える名前
game-seat-score = 得点
game-name-label = あなたの名前
game-name-save = 保存
game-name-not-now = あとで

## 時計

game-clock-days-hours = { $days }日 { $hours }時間
game-clock-days = { $count }日
game-clock-hours = { $count }時間
game-clock-minutes = { $count }分
game-clock-seconds = { $count }秒
game-clock-label = { $player }：残り { $time }
game-clock-label-running = { $player }：残り { $time }、進行中
game-clock-label-none = { $player }：時計なし

## 操作

game-actions-label = 対局の操作
game-action-abort = 中止
game-action-resign = 投了
game-action-resign-confirm = この対局を投了しますか？
game-action-draw-offer = 引き分けを提案
game-action-draw-offered = 引き分けを提案中…
game-action-draw-accept = 引き分けに応じる
game-action-draw-decline = 引き分けを断る
game-action-takeback = 待った
game-action-takeback-asked = 待ったを申し込み中…
game-action-takeback-accept = 待ったを認める
game-action-takeback-decline = 待ったを断る
game-action-rematch = 再戦
game-action-rematch-offered = 再戦を申し込み中…
game-action-rematch-accept = 再戦に応じる
game-action-rematch-decline = 断る
game-action-yes = はい
game-action-no = いいえ
game-action-to-rematch = 再戦へ
game-action-new-game = 新しい対局
game-action-game-before = 前の対局

## 共有

game-share = 共有
game-share-copy-link = リンクをコピー
game-share-link-copied = コピーしました
game-share-download = 棋譜をダウンロード
game-share-hint-over = リンクを知っている人は、だれでもこの対局を1手ずつ見返せます。
game-share-hint-live = リンクを知っている人は、だれでも観戦できます。

## 招待

game-invite = 招待
game-invite-hint = その席に着く人にリンクを送ってください。このリンクは、このブラウザーにしか表示されません。
game-invite-copy = コピー
game-invite-copied = コピーしました
game-invite-play-here = ここで指す
game-invite-play-here-title = この席もこのブラウザーで指す

## 棋譜、移動、手の入力

game-moves-none = まだ手がありません。
game-nav-start = «
game-nav-start-title = 最初（Home）
game-nav-start-label = 最初の局面
game-nav-back = ‹ 戻る
game-nav-back-title = 戻る（←）
game-nav-back-label = 1手戻る
game-nav-forward = 進む ›
game-nav-forward-title = 進む（→）
game-nav-forward-label = 1手進む
game-nav-live = 現在 »
game-nav-live-title = 現在（End）
game-nav-live-label = 現在の局面
game-move-input-label = 手を入力
game-move-play = 指す
game-legal-count = 指せる手 { $count } 通り
game-legal-keys-hint = 。← → で対局をたどれます。

## キーボードで盤を使う

game-kb-role = 盤
game-kb-label = 盤：矢印キーで移動、Enter で選んで指す、Escape で取り消し
game-kb-cancelled = 選択を取り消しました
game-kb-hand = { $seat } の持ち駒：{ $piece }
game-kb-a-piece = 駒
game-kb-empty = 空き
game-kb-place = { $square }：{ $what }
game-kb-place-selected = { $square }：{ $what }、選択中
game-kb-place-target = { $square }：{ $what }、指せるマス
game-kb-place-selected-target = { $square }：{ $what }、選択中、指せるマス

## 最善手の評価（どうぶつしょうぎ）

game-analysis-show = 最善の手順での評価を表示
game-analysis-unavailable = このサーバーにはどうぶつしょうぎの解析表（または解析の機能）がないため、最善の手順での評価を表示できません。
game-analysis-failed = 解析できませんでした：{ $message }
game-analysis-select = 駒を選ぶと、その駒の各手の評価が表示されます：
game-analysis-none = 評価する手がありません。
game-analysis-value = { $move }：{ $value }
game-value-wins-in = { $plies } 手で勝ち
game-value-wins = 勝ち
game-value-loses-in = { $plies } 手で負け
game-value-loses = 負け
game-value-draw = 引き分け
