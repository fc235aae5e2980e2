# The terminal: `kyoku play` and `kyoku replay`. English is the source.

plies = { $count ->
    [one] { $count } ply
   *[other] { $count } plies
}
