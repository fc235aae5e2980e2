# The browser's learn page (web/js/learn.js). English is the source: every
# message here must be in each other language's learn.ftl.
