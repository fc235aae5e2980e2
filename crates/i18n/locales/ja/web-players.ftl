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
