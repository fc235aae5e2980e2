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
