# 端末：`kyoku play` と `kyoku replay`。en/cli.ftl と同じメッセージを持ち、
# 英語にない変数は使わない。入力するコマンド（moves, undo, resign, draw,
# save, help, quit, pass）と手の書きかた（b2b3）は、どの言語でも同じです。
# メッセージでその意味を説明します。
# 日本語には複数形がないので、数で分けるときは [one] ではなく [1] を使う。

plies = { $count }手

## kyoku play

play-banner = kyoku play { $game } — { $seats } — シード { $seed }
play-commands = 手を入力してください。コマンド：moves, help, undo, resign, draw, save FILE, quit
play-loaded = { $count } 手を読み込みました。
play-clock = 持ち時間：{ $clock }
# 席の時間がなくなった。
clock-out = 時間切れ
clock-line = 残り時間：{ $clocks }
# 偶然で決まった手を指した者（ショーグンの数字）。
chance = 偶然
# 手をことばで：`プレイヤー1（先手）：ライオンを動かす（b2b3）`。
move-line = { $who }：{ $what }
plays = { $mv } を指す
thinking = { $who }（{ $spec }）が考えています…
engine-lost = 対局終了：{ $who }（{ $spec }）の負け — { $reason }
must-pass = { $who }：置けるマスがありません。pass と入力してください。
prompt-move = { $who }の番
prompt-answer = { $who }が応じる番
end-of-input = 入力が終わりました。対局は途中のままです。
legal-moves = 指せる手 { $count } 通り：
left-unfinished = 対局は途中のままです。
resigns = { $who }が投了しました。
time-ran-out = { $who }は、手を指す前に時間切れになりました。
try-again = { $error } — もう一度入力してください（moves で指せる手の一覧が出ます）
draw-needs-people = 引き分けの提案は人どうしの対局でだけできます。プログラムが相手なら、投了する（resign）か、指しつづけてください
draw-agreed = 合意により引き分けです。
draw-offered = { $who }が引き分けを提案しました。{ $other }は、draw と入力すれば受け入れ、手を指せば断ります。
save-needs-file = save にはファイル名が必要です：save FILE
saved-finished = 終わった対局（{ $count } 手）を { $file } に保存しました。1手ずつ見るには：kyoku replay { $file }
saved = { $count } 手を { $file } に保存しました。続きを指すには：kyoku play --load { $file }
after-game-prompt = 対局終了 — undo、save FILE、または quit（Enter）
after-game-help =
    対局は終わりました。コマンド：
      undo       自分の最後の手とプログラムの応手を取り消して、指しつづける
      save FILE  棋譜を FILE に保存する（kyoku replay FILE で1手ずつ見られます）
      help       この説明
      quit       終了する（Enter や入力の終わりでも終了します）
after-game-no-moves = 対局は終わりました。指せる手はありません。undo で自分の最後の手を取り消せます。
after-game-unknown = { $line }：対局は終わりました — undo、save FILE、help、quit のどれかを入力してください（Enter だけでも終了します）
undo-needs-program = undo はプログラムとの対局で使います。人どうしの対局では、話し合って最初からやり直してください
nothing-to-undo = 取り消せる手がありません。人はまだ1手も指していません。
took-back = 取り消した手：{ $moves }
help-commands =
    コマンド：
      moves      指せる手の一覧を出す
      undo       自分の最後の手と、そのあとのプログラムの応手を取り消す
                 （対局が終わったあとでも使えます。そこから指しつづけられます）
      resign     投了する（シアムゴン：プログラムが代わりに指しつづけ、あなたは最下位）
      draw       相手の人に引き分けを提案する、または相手の提案を受け入れる
      save FILE  棋譜を FILE に保存する（あとで --load FILE で続きを指せます）
      help       この説明
      quit       ここでやめる
record-written = 棋譜を { $file } に保存しました。
record-heading = 棋譜：

## 対局の終わり（play と replay）

game-over = 対局終了
over-because = { $over }（{ $reason }）
over-at-move = { $over }（{ $count } 手目、{ $reason }）
result-win = { $head }：{ $who }の勝ち。
result-draw = { $head }：引き分け。
result-ranking = { $head }。順位：{ $ranking }

# 対局が終わった理由。ルールとセッションでの呼び名。
reason-time = 時間切れ
reason-resigned = 投了
reason-agreed = 合意
reason-aborted = 中止
reason-abandoned = 放棄
reason-threefold-repetition = 同じ局面が3回あらわれた
reason-lion-captured = ライオンをつかまえた
reason-lion-reached-the-far-rank = ライオンが相手のいちばん奥の段に入った
reason-both-sides-won = 両方が勝ちの条件を満たした
reason-no-legal-move = 指せる手がない
reason-only-the-shogun-and-one-piece-left = ショーグンとほかの駒1つだけになった
reason-shogun-threatened-and-no-way-out = ショーグンがねらわれ、逃げ道がない
reason-100-plies-without-a-capture = 駒を取らない手が100手つづいた
reason-triampsalm = トリアンプサルム
reason-placement-limit = 石を置ける回数の上限に達した

## kyoku replay

replay-banner = kyoku replay { $game }{ $players }{ $clock } — { $count } 手
replay-clock = {" "}— 持ち時間 { $clock }
replay-step-help = Enter または n：次の手 · b：1手戻る · 数字：その手へ · end：最後へ · quit：終了
replay-move = { $count } 手中 { $ply } 手目：{ $what }
replay-start = はじめの局面（{ $count } 手中 0 手目）
replay-has-moves = この対局は { $count } 手です。
replay-last-move = これが最後の手です。
replay-unfinished = この対局は { $count } 手のところで、途中のまま終わっています。

## どうぶつしょうぎ

dobutsu-side = { $side ->
    [sente] 先手
   *[gote] 後手
}
dobutsu-seat = { $side ->
    [sente] プレイヤー1（先手）
   *[gote] プレイヤー2（後手）
}
dobutsu-hand = { $side }（プレイヤー{ $player }）の持ち駒：{ $pieces }
dobutsu-hand-empty = なし
# 持ち駒の1種類：`ひよこ`、`ひよこ×2`。
dobutsu-in-hand-piece = { $piece ->
    [lion] ライオン
    [giraffe] キリン
    [elephant] ゾウ
    [hen] にわとり
   *[chick] ひよこ
}{ $count ->
    [1] {""}
   *[other] ×{ $count }
}
dobutsu-legend = L ライオン  G キリン  E ゾウ  C ひよこ  H にわとり。大文字は先手（上へ進む）、小文字は後手
dobutsu-last-move-legend = [ ] 最後の手のマス
dobutsu-to-move = { $side }の番
dobutsu-drops = { $piece ->
    [lion] ライオン
    [giraffe] キリン
    [elephant] ゾウ
    [chick] ひよこ
    [hen] にわとり
   *[piece] コマ
}を { $to } に打つ（{ $mv }）
dobutsu-moves = { $piece ->
    [lion] ライオン
    [giraffe] キリン
    [elephant] ゾウ
    [hen] にわとり
   *[chick] ひよこ
}を動かす（{ $mv }）
dobutsu-takes = 、{ $piece ->
    [lion] ライオン
    [giraffe] キリン
    [elephant] ゾウ
    [hen] にわとり
   *[chick] ひよこ
}をつかまえる
dobutsu-promotes = 、にわとりになる
dobutsu-lion-danger = ライオンがあぶない！ { $side }のライオンがねらわれています。
dobutsu-lion-hanging = { $side }のライオンがねらわれたままです。{ $other }がつかまえられます。
dobutsu-move-help =
    どうぶつしょうぎの手：動かす手は、元のマスと行き先のマスを続けて書きます。例：b2b3
    （列は左から右へ a〜c、段は先手の側から 1〜4）。
    打つ手は「文字@マス」で書きます。例：C@a3（C ひよこ、E ゾウ、G キリン）。
    ひよこは相手のいちばん奥の段に入ると、にわとりになります。相手のライオンをつかまえるか、
    自分のライオンを無事に相手のいちばん奥の段まで進めれば勝ちです。

## ショーグン

shogun-side = { $side ->
    [white] 白
   *[red] 赤
}
shogun-seat = { $side ->
    [white] プレイヤー1（白）
   *[red] プレイヤー2（赤）
}
shogun-rotation-0 = 回転 0（並べたままの盤）
shogun-rotation = 回転 { $rotation }（盤を時計回りに { $degrees }° 回したもの）
shogun-variant-magnetic = 数字は磁石で決まる
shogun-variant-random = 数字は偶然で決まる
shogun-title = ショーグン — { $rotation } — { $variant }
shogun-legend =
    { $white }は A〜G とショーグン S（大文字、手前の段が 1）、{ $red }は a〜g と s。
    数字は、その駒が動かなければならないマス数です
shogun-pieces = { $side }の駒 { $count } 個
shogun-counts = { $pieces }。駒を取らない手 { $plies } / { $limit } 手
shogun-last-move-legend = [  ] 最後の手のマス
shogun-chance-sets = 偶然が { $square } の駒の数字を決めます
shogun-to-move = { $side }の番
shogun-the-shogun = ショーグン
# 文字で名前をつけた兵士。文字が列と読まれないように。
shogun-soldier = 兵士 { $letter }
shogun-sets-number = { $square } の駒の数字を { $number } に決める
shogun-moves = { $piece }を { $from } から { $to } へ動かす
shogun-takes = 、{ $piece }を取る
shogun-threatened = ショーグン！ { $square } にいる{ $side }のショーグンがねらわれています。
shogun-move-help =
    ショーグンの手：元のマスと行き先のマスを続けて書きます。例：c1c4（駒を取る手は c1xc4 とも書けます）。
    駒は、出ている数字とちょうど同じマス数だけ、まっすぐか、1回だけ直角に曲がって、空いているマスだけを
    通って動きます。数字は、駒がいるマスで決まります。自分のショーグンをねらわれたままにする手は指せません。
    相手がショーグンとほかの駒1つだけになるか、相手が動けなくなれば、あなたの勝ちです。

## シアムゴン

shiamgon-seat = プレイヤー{ $player }（{ $colour ->
    [red] 赤
    [blue] 青
    [green] 緑
    [yellow] 黄
   *[magenta] マゼンタ
}）
shiamgon-disc-header = { $board } — マスは リング.番号、番号は反時計回りに数えます。各行の終わりは、その行の始まりの角度です
shiamgon-triangle-header = { $board } — マスは 行.番号、行 0 が頂点、番号は左から（偶数は上向き）
# 盤の行の前のラベル：`リング 10`、`行 3`、中心のマス。
shiamgon-ring = リング
shiamgon-row = 行
shiamgon-centre = 中心
shiamgon-none = なし
shiamgon-score = 得点 { $score }
shiamgon-stones = 石 { $stones }
shiamgon-prisoners-held = 捕虜：
shiamgon-stones-on = 位置
shiamgon-placements = 置いた回数 { $done } / { $limit }
shiamgon-last-move-reversed = 。反転表示：最後の手 { $field }
shiamgon-last-move-brackets = 。[ ]：最後の手 { $field }
shiamgon-passes = パス：置けるマスがない
shiamgon-moves-pushed = 押し出された石を { $from } から { $mv } へ動かす
shiamgon-places = { $mv } に石を置く
shiamgon-takes-prisoners = { $who }が{ $owner }の石を { $count } 個、捕虜にしました。
shiamgon-push = 押し出し！ { $pusher }が { $placed } に置きました。{ $pushed }：{ $field } の石を動かしてください — 行き先は { $choices } から選びます
shiamgon-move-help =
    シアムゴンの手：石を置くマスの名前を入力します。例：3.0。円盤では リング.番号
    （リング 1 がいちばん内側、0.0 が中心）、三角形の盤では 行.番号（行 0 が頂点）です。
    自分の石が押し出されたら、その石の行き先のマスを入力します。
    pass は、置けるマスがないときだけ入力します。
