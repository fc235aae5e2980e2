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

# ロビー（web/js/lobby.js, newgame.js, seeks.js）、ルールページの枠（rules.js）、
# ヘッダーの設定（settings.js）、API のエラーの言葉（error-<code>）。
# en/web-lobby.ftl と同じメッセージを持ち、英語にない変数は使わない。

## ロビー（lobby.js）

lobby-heading = 対局
lobby-loading-games = ゲームを読み込んでいます…
lobby-games-failed = ゲームの一覧を読み込めません：{ $error }
lobby-list-failed = 一覧を読み込めません：{ $error }
lobby-games = 対局一覧
lobby-tabs-label = 表示する対局
lobby-tab-open = 募集中
lobby-tab-playing = 対局中
lobby-tab-finished = 終局
lobby-no-open-games = 募集中の対局はありません。新しく始めましょう！
lobby-none = ありません。
lobby-open-seat = 空席
lobby-rated = レーティング対局
lobby-moves = { $count } 手
lobby-sign-in-to-join = ログインして参加
lobby-join = 参加
lobby-replay = 振り返る
lobby-watch = 観戦
lobby-join-sign-in = レーティング対局はアカウントで指します。この席に着くには{ $link }してください。
lobby-join-sign-in-link = ログイン
lobby-outcome-won = { $player }（{ $seat }）の勝ち
lobby-outcome-won-why = { $player }（{ $seat }）の勝ち：{ $reason }
lobby-outcome-winners = { $players } の勝ち
lobby-outcome-winners-why = { $players } の勝ち：{ $reason }
lobby-outcome-draw = 引き分け
lobby-outcome-draw-why = 引き分け：{ $reason }
lobby-outcome-aborted = 中止
lobby-outcome-abandoned = 放棄
lobby-reason-time = 時間切れ
lobby-reason-resigned = 投了
lobby-reason-agreed = 合意

## 新しい対局のフォーム（newgame.js）

newgame-heading = 新しい対局
newgame-game = ゲーム
newgame-rules = ルール
newgame-more-options = その他の設定
newgame-clock = 持ち時間
newgame-clock-none = なし（時間制限なし）
newgame-clock-realtime = リアルタイム（分＋1手ごとに加える秒）
newgame-clock-custom = 自分で決める…
newgame-clock-correspondence = 通信対局（1手あたりの日数）
newgame-clock-days = { $count }日
newgame-clock-minutes = 分
newgame-clock-increment = ＋秒
newgame-count-label = { $option }：{ $seat }
newgame-seat-human = 人間
newgame-seat-open = 人間（だれでも参加できる）
newgame-rated = レーティング対局
newgame-rated-needs-clock = レーティング対局には持ち時間が必要です。上で選んでください。
newgame-rated-hint = レーティング対局の結果は、あなたのレーティングに反映されます。持ち時間が必要です。あなたは1つの席に着き、ほかの人はログインして空席に参加します。
newgame-error-rated-needs-clock = レーティング対局には持ち時間が必要です。持ち時間を選んでください。
newgame-error-not-signed-in = レーティング対局を始めるには、ログインしてください。
newgame-seats = 席
newgame-you-play-as = { $name } として指します。
newgame-your-name = あなたの名前
newgame-anonymous = 名無し
newgame-seats-hint = あなたは最初の人間の席に着きます。ほかの人間の席には、それぞれ招待リンクが作られます。
newgame-start = 対局を始める

## クイック対戦と対局募集（seeks.js）

seeks-quick-pairing = クイック対戦
seeks-quick-pairing-hint = 同じゲームで待っている最初の人と対局します。だれもいなければ、相手を待ちます。
seeks-heading = 対局募集
seeks-sign-in-hint = 相手と対局したり、募集を受けたりするには、{ $link }してください。
seeks-sign-in-link = ログイン
seeks-rated = レーティング
seeks-casual = フリー
seeks-settings-rated = { $what } レーティング
seeks-settings-casual = { $what } フリー
seeks-settings-with-options = { $settings }（{ $options }）
seeks-option-value = { $option }：{ $value }
seeks-loading = 読み込み中…
seeks-none = いま待っている人はいません。
seeks-range = レーティング { $low }〜{ $high }
seeks-cancel = 取り消す
seeks-accept = 受ける
seeks-load-failed = 対局募集を読み込めません：{ $error }
seeks-waiting = 相手を待っています…
seeks-ok = OK
seeks-expired = あなたの募集は時間切れになりました。だれも受けませんでした。

## ルールページ（rules.js）

rules-loading = ルールを読み込んでいます…
rules-games-failed = ゲームの一覧を読み込めません。
rules-not-written = { $game } のルールはまだ書かれていません。

## ヘッダーの設定（settings.js）

settings-name-title = ほかのプレイヤーに見える名前
settings-name = 名前：{ $name }
settings-name-none = 名前は？
settings-name-placeholder = あなたの名前
settings-name-label = ほかのプレイヤーに見える、あなたの名前
settings-save = 保存
settings-sound-title = 指し手、駒を取ったとき、終局、残り時間が少ないときの音
settings-sound-on = 音：オン
settings-sound-off = 音：オフ
settings-theme-title = ダーク表示とライト表示を切り替える
settings-theme-light = ライト表示
settings-theme-dark = ダーク表示

## API のエラー

error-network = サーバーに接続できません。
error-bad-request = サーバーがこのリクエストを受け付けませんでした。ページを再読み込みして、もう一度お試しください。
error-unknown-language = その言語にはまだ対応していません。kyoku は英語・ドイツ語・日本語に対応しています。
error-bad-options = この設定の組み合わせでは対局できません。（サーバーより：{ $message }）
error-illegal-move = その手はここでは指せません。
error-forbidden = その席はあなたの席ではありません。このブラウザーがその席のリンクを持っていないか、別のアカウントの席です。
error-no-such-game = その対局はありません。リンクを確かめてください。
error-not-found = このアドレスはサーバーにありません。ページを再読み込みすると直るかもしれません。
error-method-not-allowed = サーバーはこのリクエストを受け付けません。ページを再読み込みすると直るかもしれません。
error-not-your-turn = あなたの番ではないか、そのあいだに対局が進みました。盤面を確かめて、もう一度お試しください。
error-game-over = この対局は終わっています。もう指すことはできません。
error-not-allowed = いまこの対局では、それはできません。
error-no-offer = 応じる提案がありません。取り下げられたか、すでに返事が済んでいます。
error-too-soon = 引き分けの提案は断られたばかりです。おたがいに2手ずつ指したあとで、また提案できます。
error-nothing-to-take-back = 待ったできる手がありません。
error-seat-taken = その席は、ほかの人が先に取りました。
error-body-too-large = 一度に送る量が多すぎます。
error-rate-limited = 操作が多すぎます。1分ほど待ってから、もう一度お試しください。
error-busy = サーバーがいま混み合っています。数秒後に、もう一度お試しください。
error-storage = サーバーが対局を保存できないか、読み込めませんでした。しばらくしてから、もう一度お試しください。
error-unsupported-media-type = サーバーはこの形式のリクエストを受け付けません。ページを再読み込みすると直るかもしれません。
error-unavailable = いまサーバーでは、これを利用できません。しばらくしてから、もう一度お試しください。
error-internal = サーバーで問題が発生しました。もう一度お試しください。
error-no-tablebase = このサーバーにはどうぶつしょうぎの解析表がないため、最善の手順を示せません。
error-bad-username = 名前は3〜20文字で、使えるのは英字（A–Z、a–z）、数字、_ と - です。使えない名前もあります。
error-weak-password = パスワードは8〜256文字にしてください。
error-username-taken = その名前はもう使われています。別の名前を選んでください。
error-bad-credentials = 名前かパスワードがまちがっています。
error-too-many-attempts = { $seconds ->
    [0] 試行回数が多すぎます。少し待ってから、もう一度お試しください。
   *[other] 試行回数が多すぎます。{ $seconds } 秒待ってから、もう一度お試しください。
}
error-cross-origin = 別のサイトからのリクエストを、サーバーが拒否しました。kyoku は本来のアドレスで開いてください。
error-not-signed-in = 先にログインしてください。
error-rated-needs-clock = レーティング対局には持ち時間の設定が必要です。
error-rated-needs-accounts = レーティング対局では、あなたは1つの席に着き、ほかの人間の席はすべて空席にします（ログインした人が参加します）。または、プログラムと対局してください。
error-no-such-player = その名前のプレイヤーはいません。
error-no-such-seek = その対局募集はもうありません。ほかの人が受けたか、募集した人が去りました。
error-own-seek = それはあなた自身の募集です。
error-out-of-range = あなたのレーティングは、相手が希望する範囲の外です。
error-in-doubt = 保存中にサーバーがデータベースとの接続を失いました。指し手が保存されたかどうかは分かりません。ページを読み込み直し、盤面を確かめてから続けてください。
error-bad-position = この局面はルール上ありえません：{ $message }
error-game-not-over = 振り返りができるのは終わった対局だけです。
error-too-many-requests = { $seconds ->
    [0] 解析の依頼が多すぎます。少し待ってください。
   *[other] 解析の依頼が多すぎます。{ $seconds } 秒待ってください。
}

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
game-conn-store-away = サーバーのデータベースに接続できません。指し手は保留、時計は止まっています

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

# ブラウザのゲームの文字：サーバーのカタログが各ゲームについて送る文
# （web/js/catalogue.js）と、盤（web/js/boards/）。

## カタログ：すべてのゲームに共通

catalogue-seat = プレイヤー{ $seat }
catalogue-program-random = ランダム
catalogue-program-perfect = パーフェクト（完全解析）
catalogue-program-ai-arg = コンピューター { $arg }
catalogue-program-ai-arg-easiest = コンピューター { $arg }（いちばんやさしい）
catalogue-program-ai-arg-strongest = コンピューター { $arg }（いちばん強い）
catalogue-program-arg = { $name } { $arg }
catalogue-program-arg-easiest = { $name } { $arg }（いちばんやさしい）
catalogue-program-arg-strongest = { $name } { $arg }（いちばん強い）

## カタログ：どうぶつしょうぎ

catalogue-dobutsu-title = どうぶつしょうぎ
catalogue-dobutsu-about = 3 × 4 マスの、子どものためのしょうぎ。相手のライオンをつかまえるか、自分のライオンを相手のいちばん奥の段まですすめます。完全に解かれていて、後手が勝ちます。
catalogue-dobutsu-seat-1 = 先手
catalogue-dobutsu-seat-2 = 後手
catalogue-dobutsu-option-fen = はじめの局面（FEN）
catalogue-dobutsu-option-fen-help = ふつうのはじめの並べかたのかわりに、この局面（FEN）から始めます
catalogue-dobutsu-program-ai-help = アルファベータ探索、レベル1〜5（ai:3）
catalogue-dobutsu-program-perfect-help = 解析ずみの表による完全な手（kyoku solve dobutsu で作ります）
catalogue-dobutsu-program-random-help = 指せる手から同じ確率でランダムに選びます

## カタログ：シアムゴン

catalogue-shiamgon-title = シアムゴン
catalogue-shiamgon-about = 3〜5人で、リングや三角形の盤に石を置き、となりの石を押しのけ、囲んで取ります。
catalogue-shiamgon-seat-1 = プレイヤー1
catalogue-shiamgon-seat-2 = プレイヤー2
catalogue-shiamgon-seat-3 = プレイヤー3
catalogue-shiamgon-seat-4 = プレイヤー4
catalogue-shiamgon-seat-5 = プレイヤー5
catalogue-shiamgon-option-board = 盤
catalogue-shiamgon-option-board-help = 盤：tri8, tri16（三角形）、disc5, disc10（リングの円盤）
catalogue-shiamgon-option-board-tri8 = tri8（三角形）
catalogue-shiamgon-option-board-tri16 = tri16（三角形）
catalogue-shiamgon-option-board-disc5 = disc5（円盤）
catalogue-shiamgon-option-board-disc10 = disc10（円盤）
catalogue-shiamgon-option-players = 人数
catalogue-shiamgon-option-players-help = プレイヤーの人数：三角形の盤では3人、円盤では3〜5人
catalogue-shiamgon-option-handicap = ハンディキャップ
catalogue-shiamgon-option-handicap-help = プレイヤーごとの追加の石の数（席の順。円盤だけで、外から3番目のリングに置きます）
catalogue-shiamgon-program-ai-help = モンテカルロ木探索、レベル1〜5（ai:3）
catalogue-shiamgon-program-random-help = 指せる手から同じ確率でランダムに選びます

## カタログ：ショーグン

catalogue-shogun-title = ショーグン
catalogue-shogun-about = 8 × 8 マス。盤の下の磁石が、駒が何マス動くかを決めます。自分のショーグンを守りましょう。
catalogue-shogun-seat-1 = 白
catalogue-shogun-seat-2 = 赤
catalogue-shogun-option-rotation = 盤の回転
catalogue-shogun-option-rotation-help = 盤を4分の1回転させる回数（0〜3）。どのマスの下にどの磁石があるかが決まります
catalogue-shogun-option-variant = 数字
catalogue-shogun-option-variant-help = 数字の決まりかた：magnetic（盤が決める本来のゲーム）または random（手のたびに引く）
catalogue-shogun-option-variant-magnetic = 磁石（盤が決める）
catalogue-shogun-option-variant-random = 手のたびにランダム
catalogue-shogun-option-first = 先に動かす側
catalogue-shogun-option-first-help = どちらが先に動かすか：白か赤（プレイヤーどうしで決めます）
catalogue-shogun-option-first-white = 白
catalogue-shogun-option-first-red = 赤
catalogue-shogun-option-show-landing = 着地後の数字
catalogue-shogun-option-show-landing-help = 駒が止まったあとに出す数字を盤に表示するかどうか（慣れたプレイヤーは盤を覚えています。はじめての人には助けになります）。両方の席で同じです。指定しなければ表示します
catalogue-shogun-option-show-landing-true = 表示する
catalogue-shogun-option-show-landing-false = 表示しない（本物の盤と同じ）
catalogue-shogun-option-setup = 兵士の並び順
catalogue-shogun-option-setup-help = いちばん手前の段の兵士の並び順。WHITE/RED の形か、両方に同じ1つの並び順（例：GFEDCBA/ABCDEFG）
catalogue-shogun-option-position = はじめの局面
catalogue-shogun-option-position-help = ふつうのはじめのかわりに、この局面（将軍のテキスト形式）から始めます。回転・数字の種類・手番はテキストに含まれるので、それらの設定は省くか、テキストと一致させてください。兵士の並び順は指定しないでください
catalogue-shiamgon-option-position = はじめの局面
catalogue-shiamgon-option-position-help = ふつうのはじめのかわりに、この局面（シアムゴンのテキスト形式）から始めます。盤と人数はテキストで決まるので、それらの設定は省くかテキストと一致させ、ハンデは指定しないでください
catalogue-shogun-program-ai-help = アルファベータ探索（random のバリアントではエクスペクティマックス）、レベル1〜5（ai:3）
catalogue-shogun-program-random-help = 指せる手から同じ確率でランダムに選びます

## 盤：すべてのゲーム

board-placeholder = 指し手
board-legend-last = 黄色のマス：直前の手の、動く前と動いたあとのマス

## 盤：どうぶつしょうぎ

board-dobutsu-lion = ライオン
board-dobutsu-giraffe = キリン
board-dobutsu-elephant = ゾウ
board-dobutsu-chick = ひよこ
board-dobutsu-hen = にわとり
board-dobutsu-piece = { $side }の{ $piece }
board-dobutsu-label = どうぶつしょうぎの盤、{ $side }の番
board-dobutsu-hand-empty = { $side }の持ち駒はありません
board-dobutsu-placeholder = b2b3 または C@b2
board-dobutsu-legend-dot = 点：えらんだどうぶつがうごける空きマス
board-dobutsu-legend-ring = 点線の輪：えらんだどうぶつがつかまえられるどうぶつ
board-dobutsu-legend-select = 濃い枠：あなたがえらんだどうぶつ

## 盤：ショーグン

board-shogun-label = ショーグンの盤
board-shogun-shogun = { $side ->
    [white] 白
   *[red] 赤
}のショーグン
board-shogun-shogun-number = { $side ->
    [white] 白
   *[red] 赤
}のショーグン、数字は { $number }
board-shogun-soldier = { $side ->
    [white] 白
   *[red] 赤
}の兵士 { $letter }
board-shogun-soldier-number = { $side ->
    [white] 白
   *[red] 赤
}の兵士 { $letter }、数字は { $number }
board-shogun-alarm = Shogun!
board-shogun-under-attack = ショーグン！（ねらわれています）
board-shogun-legend-dot = 青い点：選んだ駒が動けるマス。中の数字は、駒がそこで出す数字です（着地後の数字を表示するゲームのとき）
board-shogun-legend-ring = 青い輪：選んだ駒が取れる駒
board-shogun-legend-threat = 赤い点線の輪：相手が今すぐ取れる、あなたの駒
board-shogun-legend-shogun = 赤い輪と「Shogun!」：あなたのショーグンがねらわれています

## 盤：シアムゴン

board-shiamgon-label = シアムゴンの盤 { $board }
board-shiamgon-placeholder = マス（例：4.7）または pass
board-shiamgon-legend-lit = 色のついたマスと点線の輪：手番のプレイヤーが置けるマス（または押し出された石が動けるマス）
board-shiamgon-legend-last = 濃い円：最後に置かれた石
board-shiamgon-legend-square = 点線の四角：押し出された石の行き先
board-shiamgon-legend-line = 線：押し出し。置いた石から、動かなければならない石へ
board-shiamgon-subtitle = { $board }、{ $players }人
board-shiamgon-zoom-in = ズーム
board-shiamgon-zoom-out = 盤全体
board-shiamgon-field-names = マスの名前を表示（手を入力するときに）
board-shiamgon-holds = { $holder } が { $owner } の石を { $count } 個
board-shiamgon-list-separator = {"、"}
board-shiamgon-prisoners = 捕虜：{ $list }
board-shiamgon-placements = 置いた回数：{ $placements } / { $limit }
board-shiamgon-pushed-away = 押し出し
board-shiamgon-no-placement = （置かない）
board-shiamgon-passes = { $name }（{ $letter }）はパス：置けるマスがありません。

# プレイヤーのページ：ヘッダーのアカウント欄、アカウントページ、プレイヤーの
# ページ、ランキング、レーティングとその推移のグラフ。

## ヘッダーのアカウント欄（account.js）

account-name-title = あなたのページ：レーティングと対局
account-link = アカウント
account-sign-in = ログイン

## アカウントページ（accountpage.js）

accountpage-wait-seconds = { $seconds }秒
accountpage-wait-minutes = { $minutes }分
accountpage-wait-minutes-seconds = { $minutes }分{ $seconds }秒
accountpage-error-bad-username = 名前は3〜20文字で、使えるのは英字（A–Z、a–z）、数字、_ と - です。予約済みで使えない名前もあります。
accountpage-error-weak-password = パスワードは8〜256文字にしてください。
accountpage-error-username-taken = その名前はすでに使われています。別の名前を選んでください。
accountpage-error-bad-credentials = 名前かパスワードが違います。
accountpage-error-too-many-attempts-wait = 試行回数が多すぎます。{ $wait }待ってから、もう一度お試しください。
accountpage-error-too-many-attempts = 試行回数が多すぎます。しばらく待ってから、もう一度お試しください。
accountpage-error-not-signed-in = ログインが切れています。
accountpage-error-cross-origin = 別のサイトからのリクエストをサーバーが拒否しました。
accountpage-error-wrong-password = パスワードが違います。
accountpage-type-password-first = 先にパスワードを入力してください。

accountpage-name = 名前
accountpage-password = パスワード
accountpage-sign-in-heading = ログイン
accountpage-sign-in-title = ログイン
accountpage-sign-in-submit = ログイン
accountpage-signup-title = アカウントを作成
accountpage-signup-submit = アカウントを作成する
accountpage-signup-hint = 名前は英数字・_・- の3〜20文字で、ほかのプレイヤー全員に表示されます。パスワードは8文字以上です。アカウントがあれば、ゲームごとのレーティングと対局を、ログインしたどの端末でも見られます。このブラウザでの対局もアカウントに加わります。
accountpage-intro = 対局するだけならアカウントは要りません。ログインすると、レーティング対局や、ほかのプレイヤーとのすばやいマッチングができます。

accountpage-heading = アカウント
accountpage-signed-in-as = { $name } でログイン中
accountpage-since = · { $date } に登録
accountpage-ratings-title = レーティング
accountpage-no-ratings = まだレーティングはありません。
accountpage-provisional-hint = 「?」は、レーティングがまだ暫定であることを表します。レーティング対局を何局か指すと定まります。
accountpage-current-password = 現在のパスワード
accountpage-new-password = 新しいパスワード
accountpage-password-title = パスワードの変更
accountpage-password-submit = 変更する
accountpage-password-changed = パスワードを変更しました。ログインしていたほかの端末は、すべてログアウトされました。
accountpage-logout-title = ログアウト
accountpage-logout-here = この端末でログアウト
accountpage-logout-everywhere = すべての端末でログアウト
accountpage-data-title = あなたのデータ
accountpage-data-hint = アカウントについて保存しているすべての情報（名前、レーティング、対局）を、JSON ファイルでダウンロードできます。
accountpage-data-download = データをダウンロード
accountpage-delete-title = アカウントの削除
accountpage-delete-submit = アカウントを削除…
accountpage-delete-confirm = アカウント { $name } を完全に削除しますか？ 元に戻すことはできません。
accountpage-delete-yes = はい、削除します
accountpage-delete-no = いいえ

## どのページでも同じレーティングの表示（ratings.js）

ratings-column-game = ゲーム
ratings-column-rating = レーティング
ratings-column-deviation = 偏差
ratings-column-games = 対局数
ratings-pool-random = { $game }（ランダムな数字）
ratings-pool-puzzles = { $game }のパズル
ratings-change-title = レーティングの変動
ratings-outcome-playing = 対局中
ratings-outcome-aborted = 中止
ratings-outcome-abandoned = 放置
ratings-outcome-draw = 引き分け
ratings-outcome-won = 勝ち
ratings-outcome-shared-first = 同率1位
ratings-outcome-place = { $place }位
ratings-outcome-lost = 負け

## プレイヤーのページ（player.js）

player-loading = プレイヤーを読み込み中…
player-no-such = { $name } というプレイヤーはいません。
player-load-failed = プレイヤーを読み込めません：{ $error }
player-leaderboard-link = ランキングへ
player-program-tag = プログラム
player-since = { $date } から参加
player-your-account = あなたのアカウント
player-ratings-title = レーティング
player-provisional-title = 暫定：レーティング対局を何局か指すと定まります
player-counts = { $games }局：{ $wins }勝 { $losses }敗 { $draws }分
player-hint = 「?」は暫定のレーティングです。偏差は、レーティングがまだどれだけずれうるかを示します。
player-rating-history = レーティングの推移
player-no-rated-games = まだレーティング対局はありません。
player-chart-label = { $name } の { $game } のレーティング
player-recent-games = 最近の対局
player-games-failed = 対局を読み込めません：{ $error }
player-no-games = まだ対局はありません。
player-older-games = 以前の対局
player-rated = レーティング対局
player-result-against = 対 { $opponents }：{ $result }
player-opponents-separator = 、
player-open-seat = 空席
player-anonymous = 名無し
player-replay = 再生
player-watch = 観戦
player-vs-title = 対戦成績
player-vs-label = { $name } 対
player-vs-placeholder = 相手の名前
player-vs-submit = 比べる
player-vs-result = { $name } 対 { $other }：{ $games }局 — { $wins } { $losses } { $draws }分。
player-vs-wins = { $count }勝
player-vs-losses = { $count }敗
player-vs-none = { $name } と { $other } はまだ対局していません。

## 席の種類（players.js）

players-kind-human = 人間
players-kind-random = ランダムな手
players-kind-perfect = 完全読み
players-kind-ai = コンピューター（レベル { $level }）
players-colour-orange = オレンジ
players-colour-blue = 青
players-colour-green = 緑
players-colour-yellow = 黄
players-colour-pink = ピンク

## ランキング（leaderboard.js）

leaderboard-title = ランキング
leaderboard-tabs-label = ゲーム
leaderboard-no-such = そのランキングはありません。
leaderboard-load-failed = ランキングを読み込めません：{ $error }
leaderboard-empty = まだ誰も載っていません。レーティングは十数局ほどのレーティング対局で定まり、定まるとここに載ります。
leaderboard-column-rank = 順位
leaderboard-column-player = プレイヤー
leaderboard-program-tag = プログラム
leaderboard-program-title = コンピューターのプログラム
leaderboard-hint = 定まったレーティング（偏差110以下）だけを載せています。

## レーティングの推移のグラフ（chart.js）

chart-label = { $label }：{ $count }局のレーティング対局で { $from } から { $to } へ
chart-label-empty = { $label }：レーティング対局なし
chart-axis-name = レーティング対局
chart-point = 第{ $game }局、{ $when }：{ $rating } ± { $rd }
chart-point-undated = 第{ $game }局：{ $rating } ± { $rd }
