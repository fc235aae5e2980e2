# The browser's puzzles page (web/js/puzzles.js). English is the source: every
# message here must be in each other language's puzzles.ftl.
