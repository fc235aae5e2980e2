# The browser's learn page (web/js/learn.js). English is the source: every
# message here must be in each other language's learn.ftl.

## The header and the window's title

nav-learn = Learn
title-learn = kyoku — learn
title-lesson = kyoku — { $lesson }

## The list of lessons (/learn)

learn-title = Learn to play
learn-intro = Each lesson teaches one rule in a few short steps: a small position and one thing to do there. Fewer moves earn more stars.
learn-none = There are no lessons on this server yet.
learn-load-failed = The lessons cannot be loaded: { $error }
learn-unknown = There is no such lesson.
learn-stars = { $stars ->
    [one] { $stars } star of 3
   *[other] { $stars } stars of 3
  }
learn-game-stars = { $stars } / { $max } ★
learn-start-here = Start here
learn-continue-here = Go on here
learn-all-lessons = All lessons

## A lesson (/learn/{game}/{lesson})

learn-step = Step { $step } of { $steps }
learn-illegal = { $move } is not a legal move here.
learn-not-yet = Not quite.
learn-no-hint = Look at the goal again and try once more.
learn-try-again = Try again
learn-step-done = Well done!
learn-next-step = Next step
learn-finish = Finish the lesson
learn-lesson-done = Lesson complete
learn-lesson-done-long = You have completed “{ $lesson }”.
learn-fewer-moves = Play it again with fewer moves for more stars.
learn-all-stars = All three stars: perfect.
learn-next-lesson = Next lesson
learn-again = Play it again
