plies = { $count }手
