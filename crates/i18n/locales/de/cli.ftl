plies = { $count ->
    [one] { $count } Halbzug
   *[other] { $count } Halbzüge
}
