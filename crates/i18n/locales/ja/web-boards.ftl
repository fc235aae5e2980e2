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
